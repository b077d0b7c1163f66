/**
 * Minimal ZIP reader for DOCX checks: the central directory (names, sizes) and bounded
 * inflation of single entries. Every part mammoth reads comes from here under one budget (it is
 * never handed the ZIP, whose JSZip would inflate a bomb without limit), as do the parts it
 * ignores (headers, footers, SmartArt data, docProps/app.xml).
 */
import { inflateRawSync } from "node:zlib";

/** One central-directory entry: name, method, flags and the sizes it claims (which may lie). */
export interface ZipEntry {
  name: string;
  method: number;
  flags: number;
  compressedSize: number;
  uncompressedSize: number;
  localHeaderOffset: number;
}

const EOCD_SIG = 0x06054b50;
const CEN_SIG = 0x02014b50;
const LOC_SIG = 0x04034b50;

/** The central directory, or null if this is not a readable ZIP (truncated, ZIP64, garbage). */
export function readZipDirectory(bytes: Uint8Array): ZipEntry[] | null {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const min = Math.max(0, bytes.length - 22 - 0xffff);
  let eocd = -1;
  for (let i = bytes.length - 22; i >= min; i--) {
    if (view.getUint32(i, true) === EOCD_SIG) {
      eocd = i;
      break;
    }
  }
  if (eocd < 0) return null;
  const count = view.getUint16(eocd + 10, true);
  const cdSize = view.getUint32(eocd + 12, true);
  const cdOffset = view.getUint32(eocd + 16, true);
  if (count === 0xffff || cdOffset === 0xffffffff || cdOffset + cdSize > bytes.length) return null;
  const entries: ZipEntry[] = [];
  let p = cdOffset;
  const decoder = new TextDecoder("utf-8");
  for (let n = 0; n < count; n++) {
    if (p + 46 > bytes.length || view.getUint32(p, true) !== CEN_SIG) return null;
    const nameLen = view.getUint16(p + 28, true);
    const extraLen = view.getUint16(p + 30, true);
    const commentLen = view.getUint16(p + 32, true);
    if (p + 46 + nameLen > bytes.length) return null;
    entries.push({
      flags: view.getUint16(p + 8, true),
      method: view.getUint16(p + 10, true),
      compressedSize: view.getUint32(p + 20, true),
      uncompressedSize: view.getUint32(p + 24, true),
      localHeaderOffset: view.getUint32(p + 42, true),
      name: decoder.decode(bytes.subarray(p + 46, p + 46 + nameLen)),
    });
    p += 46 + nameLen + extraLen + commentLen;
  }
  return entries;
}

/**
 * The entry's bytes, inflating at most `maxBytes` (whatever the directory claims); null when
 * the entry is damaged, encrypted, uses another method or would expand beyond `maxBytes`.
 */
export function readZipEntry(bytes: Uint8Array, entry: ZipEntry, maxBytes: number): Uint8Array | null {
  try {
    if (entry.flags & 0x1) return null; // encrypted entry
    const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
    const p = entry.localHeaderOffset;
    if (p + 30 > bytes.length || view.getUint32(p, true) !== LOC_SIG) return null;
    const start = p + 30 + view.getUint16(p + 26, true) + view.getUint16(p + 28, true);
    const end = start + entry.compressedSize;
    if (end > bytes.length) return null;
    const data = bytes.subarray(start, end);
    if (entry.method === 0) return data.length <= maxBytes ? data : null;
    if (entry.method !== 8) return null;
    return new Uint8Array(inflateRawSync(data, { maxOutputLength: Math.max(1, maxBytes) }));
  } catch {
    return null; // corrupt stream, or output would exceed maxBytes (ERR_BUFFER_TOO_LARGE)
  }
}

/**
 * A ZIP of resumes (a recruiter's bulk upload) unpacked with the same guards as a DOCX: the
 * central directory read first (entry count, declared sizes), every entry inflated under a hard
 * cap whatever the directory claims, a compression ratio no document reaches refused as a bomb.
 * Archives inside the archive are not unpacked: each is refused as an entry of its own.
 */
import { DOCX_MEDIA_TYPE, isCfb, isZip } from "./detect-type";
import { readZipDirectory, readZipEntry } from "./zip";

/** More files than this in one archive is not a pile of resumes (the bulk upload's own cap, docs/recruiting.md). */
export const MAX_ARCHIVE_FILES = 200;
/** Total unpacked bytes of one archive: the bulk upload's per-request limit. */
export const MAX_ARCHIVE_UNPACKED_BYTES = 100 * 1024 * 1024;

/**
 * What is left of one request's allowance as its archives are unpacked: files and unpacked
 * bytes. Shared by every archive (and loose file) of the request, so twenty ZIPs cannot each
 * unpack their own 100 MB — the limit is the request's, not the archive's.
 */
export type UnpackBudget = { files: number; bytes: number };

/** A fresh budget for one request: {@link MAX_ARCHIVE_FILES} files, {@link MAX_ARCHIVE_UNPACKED_BYTES} bytes. */
export function newUnpackBudget(): UnpackBudget {
  return { files: MAX_ARCHIVE_FILES, bytes: MAX_ARCHIVE_UNPACKED_BYTES };
}
/**
 * Unpacked ÷ packed size above which an entry is a bomb. Text resumes compress about 3–10×, PDF
 * and DOCX (already compressed inside) barely; 100× is far from any document and near every bomb.
 */
export const MAX_COMPRESSION_RATIO = 100;
/** An entry smaller than this is not judged by its ratio (a tiny, very repetitive text file is harmless). */
const RATIO_FLOOR_BYTES = 1024 * 1024;

/** Why an archive, or one of its entries, was refused: the codes of the single upload (lib/resume/service.ts). */
export type ArchiveRefusal = { code: "unprocessable:upload" | "payload_too_large:upload" | "unsupported_media_type:upload"; message: string };

export type ArchiveEntry = { fileName: string; bytes: Buffer } | { fileName: string; refusal: ArchiveRefusal };

const NAMES_OF_ARCHIVES = /\.(zip|rar|7z|tar|gz|tgz|bz2|xz|jar|war)$/i;

/**
 * Whether `bytes` is an archive rather than a document: a ZIP that is not a Word file (a DOCX is
 * a ZIP too; `mediaType` is what `detectResumeKind` found, null when it found nothing), or a
 * gzip, 7z, RAR, bzip2 or xz file.
 */
export function isArchive(bytes: Uint8Array, mediaType: string | null): boolean {
  if (isZip(bytes)) return mediaType !== DOCX_MEDIA_TYPE;
  return hasArchiveMagic(bytes);
}

/** gzip, 7z, RAR, bzip2, xz magic numbers (not unpacked: refused when nested, unsupported alone). */
function hasArchiveMagic(b: Uint8Array): boolean {
  const at = (...m: number[]) => b.length >= m.length && m.every((x, i) => b[i] === x);
  return at(0x1f, 0x8b) || at(0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c) || at(0x52, 0x61, 0x72, 0x21) || at(0x42, 0x5a, 0x68) || at(0xfd, 0x37, 0x7a, 0x58, 0x5a);
}

/**
 * The files of a ZIP archive, in directory order, each with its bytes or the reason it was
 * refused alone (too large, a bomb, encrypted, damaged, an archive itself, a path that climbs out
 * of the archive). Folders, macOS resource forks (`__MACOSX/`, `._x`) and hidden files (a name
 * starting with a dot) are skipped; a leading `./` is only a way of writing the archive's root.
 * @param maxEntryBytes an entry unpacking beyond this is refused (the single upload's file limit).
 * @param budget what is left of the request's allowance (files, unpacked bytes); decreased by
 *   what this archive takes. Default: a fresh one (one archive alone).
 * @returns `{ok: false}` when the archive as a whole is refused: unreadable, encrypted as a whole
 *   (an OLE container), more files than the budget has left, or more unpacked bytes (declared or real).
 */
export function unpackArchive(
  bytes: Uint8Array,
  maxEntryBytes: number,
  budget: UnpackBudget = newUnpackBudget(),
): { ok: true; entries: ArchiveEntry[] } | { ok: false; refusal: ArchiveRefusal } {
  if (isCfb(bytes) || !isZip(bytes))
    return refuse("unsupported_media_type:upload", "Only ZIP archives are unpacked; send the files themselves or one ZIP of them.");
  const directory = readZipDirectory(bytes);
  if (!directory) return refuse("unprocessable:upload", "This ZIP file is damaged or incomplete, so it could not be opened.");
  const files = directory.filter((e) => !e.name.endsWith("/") && !isSkipped(entryPath(e.name)));
  if (files.length > budget.files) {
    return refuse("payload_too_large:upload", `Send at most ${MAX_ARCHIVE_FILES} files at once (archives count by their files).`);
  }
  const declared = files.reduce((sum, e) => sum + e.uncompressedSize, 0);
  if (declared > budget.bytes) return refuse("payload_too_large:upload", "The upload unpacks to more than 100 MB in all.");
  budget.files -= files.length;

  const entries: ArchiveEntry[] = [];
  for (const e of files) {
    const path = entryPath(e.name);
    const fileName = path.split("/").pop() || path;
    const refused = (code: ArchiveRefusal["code"], message: string) => entries.push({ fileName, refusal: { code, message } });
    if (path.split("/").includes("..") || path.startsWith("/") || /^[A-Za-z]:/.test(path)) {
      refused("unprocessable:upload", "This file's path inside the archive leads outside it, so it was not read.");
      continue;
    }
    if (NAMES_OF_ARCHIVES.test(fileName)) {
      refused("unsupported_media_type:upload", "Archives inside the archive are not unpacked; add the files themselves.");
      continue;
    }
    if (e.flags & 0x1) {
      refused("unsupported_media_type:upload", "This file is password-protected inside the archive.");
      continue;
    }
    if (e.uncompressedSize > maxEntryBytes) {
      refused("payload_too_large:upload", "The file is larger than 10 MB.");
      continue;
    }
    if (e.uncompressedSize >= RATIO_FLOOR_BYTES && e.uncompressedSize > e.compressedSize * MAX_COMPRESSION_RATIO) {
      refused("unprocessable:upload", "This file unpacks to far more data than a resume could contain, so it was not read.");
      continue;
    }
    // The directory's sizes may lie; the inflater's cap cannot.
    const data = readZipEntry(bytes, e, Math.min(maxEntryBytes, budget.bytes));
    if (!data) {
      refused("unprocessable:upload", "This file is damaged inside the archive, or unpacks to more than the upload allows.");
      continue;
    }
    budget.bytes -= data.length;
    if (data.length >= RATIO_FLOOR_BYTES && data.length > e.compressedSize * MAX_COMPRESSION_RATIO) {
      refused("unprocessable:upload", "This file unpacks to far more data than a resume could contain, so it was not read.");
      continue;
    }
    if (hasArchiveMagic(data) || (isZip(data) && !directoryHasWordDocument(data))) {
      refused("unsupported_media_type:upload", "Archives inside the archive are not unpacked; add the files themselves.");
      continue;
    }
    entries.push({ fileName, bytes: Buffer.from(data.buffer, data.byteOffset, data.byteLength) });
  }
  return { ok: true, entries };
}

/** An entry's name with Windows separators made `/` and a leading `./` (the archive's root) removed. */
function entryPath(name: string): string {
  return name.replace(/\\/g, "/").replace(/^(\.\/)+/, "");
}

/** macOS resource forks and hidden files: a `__MACOSX` folder, or a name starting with a dot (not `..`, which is refused). */
function isSkipped(path: string): boolean {
  return path.split("/").some((seg) => seg === "__MACOSX" || (seg.startsWith(".") && seg !== ".."));
}

/** A ZIP holding `word/document.xml` is a Word file (a document, not a nested archive); the type check decides the rest. */
function directoryHasWordDocument(bytes: Uint8Array): boolean {
  return readZipDirectory(bytes)?.some((e) => e.name === "word/document.xml") ?? false;
}

function refuse(code: ArchiveRefusal["code"], message: string): { ok: false; refusal: ArchiveRefusal } {
  return { ok: false, refusal: { code, message } };
}

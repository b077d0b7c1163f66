/**
 * A small scanner for the XML parts of a DOCX: finds elements by local name and reports where
 * they start and end, so a part can be rewritten by splicing strings (what is not touched stays
 * byte for byte as written). It assumes well-formed XML, which mammoth's parser requires anyway;
 * comments, processing instructions and CDATA are skipped, never matched as elements.
 */

/** One element of a part: `[start, end)` is the whole element, `[innerStart, innerEnd)` its content. */
export interface XmlSpan {
  /** Qualified name as written (`w:txbxContent`). */
  name: string;
  /** The opening tag's attributes, as written. */
  attrs: string;
  start: number;
  end: number;
  innerStart: number;
  innerEnd: number;
}

// Attribute values may hold `>`; quoted strings are consumed whole.
const TOKEN = /<!--[\s\S]*?-->|<\?[\s\S]*?\?>|<!\[CDATA\[[\s\S]*?\]\]>|<!DOCTYPE[^>]*>|<(\/?)([^\s/>!?]+)((?:[^>"'/]|"[^"]*"|'[^']*'|\/(?!>))*)(\/?)>/g;

const localName = (qname: string) => qname.slice(qname.indexOf(":") + 1);

/**
 * The outermost elements of `xml` whose local name (the part after the prefix) is in `names`,
 * in document order; elements nested inside a match are not reported (scan its inner text for
 * them). An element left open at the end of the text is not reported.
 */
export function outerElements(xml: string, names: readonly string[]): XmlSpan[] {
  const wanted = new Set(names);
  const found: XmlSpan[] = [];
  let open: { name: string; attrs: string; start: number; innerStart: number } | null = null;
  let depth = 0;
  for (const m of xml.matchAll(TOKEN)) {
    const [tag, closing, name, attrs = "", selfClosing] = m;
    if (name === undefined) continue; // comment, PI, CDATA
    const at = m.index;
    if (open === null) {
      if (closing || !wanted.has(localName(name))) continue;
      if (selfClosing) {
        found.push({ name, attrs, start: at, end: at + tag.length, innerStart: at + tag.length, innerEnd: at + tag.length });
      } else {
        open = { name, attrs, start: at, innerStart: at + tag.length };
        depth = 1;
      }
    } else if (name === open.name && !selfClosing) {
      depth += closing ? -1 : 1;
      if (depth === 0) {
        found.push({ ...open, end: at + tag.length, innerEnd: at });
        open = null;
      }
    }
  }
  return found;
}

/** The content of `span` in `xml`. */
export function innerOf(xml: string, span: XmlSpan): string {
  return xml.slice(span.innerStart, span.innerEnd);
}

/** The value of the attribute with this local name in an opening tag's attributes, or undefined. */
export function attribute(attrs: string, local: string): string | undefined {
  const m = new RegExp(`(?:^|\\s)(?:[\\w.-]+:)?${local}\\s*=\\s*(?:"([^"]*)"|'([^']*)')`).exec(attrs);
  return m ? (m[1] ?? m[2]) : undefined;
}

/**
 * The prefix a part binds to a namespace URI (`xmlns:w="…"` on its root, as Word writes it), or
 * `fallback` when the part does not declare it.
 */
export function prefixFor(xml: string, uri: string, fallback: string): string {
  const escaped = uri.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  const m = new RegExp(`xmlns:([\\w.-]+)\\s*=\\s*["']${escaped}["']`).exec(xml);
  return m?.[1] ?? fallback;
}

/**
 * Paragraph texts of a WordprocessingML part mammoth does not read (headers, footers), read the
 * way mammoth reads the body: `mc:AlternateContent` through its fallback only (run
 * `readableDrawings` first so a choice-only text box has become a fallback-free VML box), content
 * controls (`w:sdt`) through their content, a text box's paragraphs after the paragraph that
 * anchors it. Runs' text, tabs and breaks; deleted text (`w:delText`) and field codes
 * (`w:instrText`) are not text.
 */
import { decodeEntities } from "./normalize";
import { innerOf, outerElements, prefixFor } from "./xml-scan";

const W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";

/** `xml` with each `mc:AlternateContent` replaced by its fallback's content (none: removed). */
function fallbacksOnly(xml: string): string {
  let out = "";
  let last = 0;
  for (const span of outerElements(xml, ["AlternateContent"])) {
    const inner = innerOf(xml, span);
    const fallback = outerElements(inner, ["Fallback"])[0];
    out += xml.slice(last, span.start) + (fallback ? fallbacksOnly(innerOf(inner, fallback)) : "");
    last = span.end;
  }
  return out + xml.slice(last);
}

/**
 * `xml` without its `w:pPr` elements (`w` is the part's prefix), found in one linear scan: a part
 * of thousands of unclosed `<w:pPr>` must not be searched to its end from each of them. An
 * unclosed one (malformed) is left in place.
 */
function withoutParagraphProperties(xml: string, w: string): string {
  let out = "";
  let last = 0;
  for (const span of outerElements(xml, ["pPr"])) {
    if (span.name !== `${w}:pPr`) continue;
    out += xml.slice(last, span.start);
    last = span.end;
  }
  return out + xml.slice(last);
}

/**
 * The paragraphs of a part as text lines, in reading order (see the module comment); a
 * paragraph's text may hold `\t` and `\n` (tabs, breaks).
 */
export function partParagraphs(xml: string): string[] {
  const w = prefixFor(xml, W_NS, "w");
  // Paragraph properties hold tab stops (`w:tabs/w:tab`), which are not tab characters.
  const body = withoutParagraphProperties(fallbacksOnly(xml), w);
  // CDATA is character data; an unclosed one runs to the end. `[^<>]` keeps each attempt from
  // scanning past the next tag, so a part of stray `<` is read in one pass.
  const token = new RegExp(`<(/?)${w}:(p|t|tab|br|cr)((?:\\s[^<>]*?)?)(/?)>|<!\\[CDATA\\[([\\s\\S]*?)(?:\\]\\]>|$)|([^<]+)|<[^<>]*>?`, "g");
  const out: string[] = [];
  const stack: { text: string; after: string[] }[] = [];
  let inText = false;
  for (const m of body.matchAll(token)) {
    const [, closing, name, , selfClosing, cdata, chars] = m;
    const top = stack[stack.length - 1];
    if (cdata !== undefined) {
      if (inText && top) top.text += cdata;
    } else if (chars !== undefined) {
      if (inText && top) top.text += decodeEntities(chars);
    } else if (name === "p") {
      if (selfClosing) {
        (top ? top.after : out).push("");
      } else if (!closing) {
        stack.push({ text: "", after: [] });
      } else {
        const done = stack.pop();
        if (done) (stack.length > 0 ? stack[stack.length - 1].after : out).push(done.text, ...done.after);
      }
    } else if (name === "t") {
      inText = !closing && !selfClosing;
    } else if (name !== undefined && !closing && top) {
      top.text += name === "tab" ? "\t" : "\n";
    }
  }
  return out;
}

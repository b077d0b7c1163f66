/**
 * Makes the text of drawings readable to mammoth. mammoth 1.13 (lib/docx/body-reader.js) reads
 * a text box only through VML (`w:pict` → `v:shape` → `v:textbox` → `w:txbxContent`), takes
 * only the `mc:Fallback` branch of `mc:AlternateContent`, and reads a `w:drawing` for pictures
 * alone. So a DrawingML text box with no VML fallback (`wps:txbx`, as many generators write it),
 * a group of such boxes (`wpg:wgp`, nested groups too) and SmartArt (`dgm:relIds`, whose text is
 * in another part) reach it as nothing. This rewrite turns each of them into the VML form mammoth
 * reads, at the same place in the part; mammoth then puts the box's paragraphs right after the
 * paragraph that anchors it. When both branches are present and the fallback carries text, the
 * fallback alone is kept (mammoth's choice), so text stored twice is read once.
 */
import { floatingPosition, orderFloatingBoxes } from "./docx-float-order";
import { attribute, innerOf, outerElements, prefixFor } from "./xml-scan";

const W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const VML_NS = "urn:schemas-microsoft-com:vml";
/** Deeper nesting of drawings in text boxes than this is left as written (hostile input). */
const MAX_DEPTH = 8;

interface DrawingContext {
  /** Prefix of the WordprocessingML namespace in this part. */
  w: string;
  /**
   * Declaration to put on each generated box: `xmlns:w="…"` when the part binds no prefix to
   * WordprocessingML (it is the default namespace), so the generated `w:` names are bound; else "".
   */
  declare: string;
  /** SmartArt text lines (XML character data) for a `r:dm` relationship id, or null. */
  smartArt: (relId: string) => string[] | null;
}

// The last character class excludes `<`: a blank `w:t` must not count by reaching its own end tag.
const HAS_TEXT = /<(?:[\w.-]+:)?t(?:\s[^>]*)?>[^<]*[^\s<]/;

/**
 * `partXml` (a WordprocessingML part: document, header, footer) with every text box, group and
 * SmartArt that mammoth would skip replaced by a VML text box holding the same paragraphs; all
 * else unchanged. `smartArt` resolves a SmartArt's data relationship (`r:dm`) of this part to its
 * lines (`smartArtLines`). Boxes of one drawing (a group) are ordered top to bottom, then left to
 * right, by their offsets (`a:off`, EMU) inside the group.
 */
export function readableDrawings(partXml: string, smartArt: (relId: string) => string[] | null): string {
  const bound = prefixFor(partXml, W_NS, "");
  const w = bound || "w";
  const declare = bound ? "" : ` xmlns:w="${W_NS}"`;
  return orderFloatingBoxes(rewrite(partXml, { w, declare, smartArt }, 0), w);
}

function rewrite(xml: string, ctx: DrawingContext, depth: number): string {
  if (depth > MAX_DEPTH) return xml;
  let out = "";
  let last = 0;
  for (const span of outerElements(xml, ["AlternateContent", "drawing"])) {
    const element = xml.slice(span.start, span.end);
    const replaced = span.name.endsWith("AlternateContent") ? alternate(element, ctx, depth) : drawing(element, ctx, depth);
    out += xml.slice(last, span.start) + replaced;
    last = span.end;
  }
  return out + xml.slice(last);
}

/** Keeps a fallback that carries text (its own drawings made readable); else the choice, made readable. */
function alternate(element: string, ctx: DrawingContext, depth: number): string {
  const body = outerElements(element, ["AlternateContent"])[0];
  if (!body) return element;
  const inner = innerOf(element, body);
  const fallback = outerElements(inner, ["Fallback"])[0];
  if (fallback && HAS_TEXT.test(innerOf(inner, fallback))) {
    const start = body.innerStart + fallback.innerStart;
    const end = body.innerStart + fallback.innerEnd;
    return element.slice(0, start) + rewrite(element.slice(start, end), ctx, depth + 1) + element.slice(end);
  }
  const choice = outerElements(inner, ["Choice"])[0];
  if (!choice) return element;
  const choiceXml = innerOf(inner, choice);
  const readable = rewrite(choiceXml, ctx, depth + 1);
  return readable === choiceXml ? element : readable;
}

function drawing(element: string, ctx: DrawingContext, depth: number): string {
  const diagram = outerElements(element, ["relIds"])[0];
  if (diagram) {
    const id = attribute(diagram.attrs, "dm");
    const lines = id ? ctx.smartArt(id) : null;
    if (!lines || lines.length === 0) return element;
    const { w } = ctx;
    const paragraphs = lines.map((l) => `<${w}:p><${w}:r><${w}:t xml:space="preserve">${l}</${w}:t></${w}:r></${w}:p>`).join("");
    return vmlTextBox(ctx, null, [`<${w}:txbxContent>${paragraphs}</${w}:txbxContent>`]);
  }
  const boxes = outerElements(element, ["txbxContent"]);
  if (boxes.length === 0) return element;
  const offsets = outerElements(element, ["off"]);
  let next = 0;
  let at = { x: 0, y: 0 };
  const ordered = boxes
    .map((span, index) => {
      // The box's own shape properties (`a:off`) come just before its `wps:txbx`; one pass over
      // both lists, as a drawing may hold thousands of boxes.
      while (next < offsets.length && offsets[next].start < span.start) {
        const off = offsets[next++];
        at = { x: Number(attribute(off.attrs, "x") ?? 0) || 0, y: Number(attribute(off.attrs, "y") ?? 0) || 0 };
      }
      return { span, index, at };
    })
    .sort((a, b) => a.at.y - b.at.y || a.at.x - b.at.x || a.index - b.index);
  return vmlTextBox(
    ctx,
    floatingPosition(element),
    ordered.map(
      ({ span }) => element.slice(span.start, span.innerStart) + rewrite(innerOf(element, span), ctx, depth + 1) + element.slice(span.innerEnd, span.end),
    ),
  );
}

/**
 * A VML text box (the form mammoth reads) holding `contents` (`w:txbxContent` elements); a
 * floating one keeps its page offset (EMU, written in pt) for `orderFloatingBoxes`; it carries
 * the context's `declare` so its `w:` names are bound in a default-namespace part.
 */
function vmlTextBox({ w, declare }: DrawingContext, at: { x: number; y: number } | null, contents: string[]): string {
  const style = at ? ` style="position:absolute;margin-left:${at.x / 12_700}pt;margin-top:${at.y / 12_700}pt"` : "";
  // The VML namespace is declared here: a DrawingML-only part need not declare it on its root.
  return `<${w}:pict${declare}><v:shape xmlns:v="${VML_NS}"${style}><v:textbox>${contents.join("")}</v:textbox></v:shape></${w}:pict>`;
}

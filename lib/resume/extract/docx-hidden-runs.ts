/**
 * Runs of a Word part that a reader of the page cannot see, taken out of the text before mammoth
 * and the header/footer reader see it, and reported (docs/corpus-outcomes.md, "What a Word file
 * yields"). A run is hidden when its effective properties — docDefaults, then the paragraph
 * style, then the character style (each through its `w:basedOn` chain), then the run's own
 * `w:rPr`, later ones winning (ECMA-376 Part 1, 17.7.2 "Style hierarchy") — give:
 * - `w:vanish` or `w:specVanish` (17.3.2.41, 17.3.2.36);
 * - a size `w:sz` of 4 half-points (2 pt) or less;
 * - a near-white `w:color` with nothing dark behind it: no dark run shading or highlight, no
 *   dark paragraph or table-cell shading, no filled shape around a text box, no table style
 *   (its banding may be dark) and no page background colour.
 * Its text (`w:t`, tabs, breaks, symbols) is removed, its properties and any drawing it holds are
 * kept, so a visible word beside it on the same line stays.
 */
import { decodeEntities } from "./normalize";
import { attribute, innerOf, outerElements, prefixFor, type XmlSpan } from "./xml-scan";

const W_NS = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
/** 2 pt, in the half-points `w:sz` is written in: below what anyone reads on a page. */
const MAX_TINY_HALF_POINTS = 4;
/** `w:basedOn` chains longer than this are cut (a cycle, or hostile input). */
const MAX_STYLE_DEPTH = 16;
/** Nesting of text boxes in tables in text boxes deeper than this is left as written. */
const MAX_DEPTH = 8;

/** Run properties that decide visibility; undefined = not set at this level. */
interface RunLook {
  vanish?: boolean;
  /** `RRGGBB`, upper case; `auto` is left undefined. */
  color?: string;
  /** Half-points. */
  size?: number;
  /** A shading or highlight dark enough that white text on it is read. */
  darkBehind?: boolean;
}

interface Style {
  basedOn?: string;
  run: RunLook;
  /** Paragraph shading (`w:pPr/w:shd`) is dark. */
  darkParagraph?: boolean;
}

/** What styles.xml says about visibility, read by {@link docxStyles}. */
export interface DocxStyles {
  defaults: RunLook;
  styles: Map<string, Style>;
  defaultParagraph?: string;
  defaultCharacter?: string;
}

/** The part's text with hidden runs' text removed, and that text, one entry per contiguous hidden span (trimmed, non-empty). */
export interface WithoutHidden {
  xml: string;
  hidden: string[];
}

const off = (v: string | undefined) => v !== undefined && /^(0|false|off)$/i.test(v);

/** Light enough that white text on it cannot be read (ITU-R BT.709 luma over 75 % of full scale). */
function isLight(hex: string): boolean {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex);
  if (!m) return false;
  const [r, g, b] = [m[1], m[2], m[3]].map((c) => Number.parseInt(c, 16));
  return 0.2126 * r + 0.7152 * g + 0.0722 * b >= 0.75 * 255;
}

/** Near white: every channel at least F0. */
function isNearWhite(hex: string | undefined): boolean {
  const m = /^([0-9A-F]{2})([0-9A-F]{2})([0-9A-F]{2})$/.exec(hex ?? "");
  return m !== null && [m[1], m[2], m[3]].every((c) => Number.parseInt(c, 16) >= 0xf0);
}

/** A `w:shd` that paints something dark (its fill, or its pattern colour when a pattern is drawn). */
function darkShading(shd: string): boolean {
  const fill = attribute(shd, "fill");
  const val = attribute(shd, "val") ?? "clear";
  const pattern = attribute(shd, "color");
  if (fill && fill !== "auto" && !isLight(fill)) return true;
  return val !== "clear" && val !== "nil" && pattern !== undefined && pattern !== "auto" && !isLight(pattern);
}

/** The first child element named `local` of `inner` when it comes before any other element (`w:rPr`, `w:pPr`, `w:tcPr` are first children). */
function firstChild(inner: string, local: string): XmlSpan | undefined {
  const span = outerElements(inner, [local])[0];
  if (!span) return undefined;
  return /^\s*$/.test(inner.slice(0, span.start)) ? span : undefined;
}

/** The elements of `xml` with one of these local names, each as its opening tag's attributes, outermost only. */
const tags = (xml: string, local: string) => outerElements(xml, [local]).map((s) => s.attrs);

function readRunLook(rPr: string): RunLook {
  const look: RunLook = {};
  for (const name of ["vanish", "specVanish"]) {
    const [attrs] = tags(rPr, name);
    if (attrs !== undefined) look.vanish = look.vanish || !off(attribute(attrs, "val"));
  }
  const [color] = tags(rPr, "color");
  const colorVal = color === undefined ? undefined : attribute(color, "val");
  if (colorVal && colorVal !== "auto") look.color = colorVal.toUpperCase();
  const [size] = tags(rPr, "sz");
  const sizeVal = size === undefined ? Number.NaN : Number(attribute(size, "val"));
  if (Number.isFinite(sizeVal)) look.size = sizeVal;
  const [shd] = tags(rPr, "shd");
  const [highlight] = tags(rPr, "highlight");
  const highlightVal = highlight === undefined ? undefined : attribute(highlight, "val");
  if (shd !== undefined || highlightVal !== undefined) {
    look.darkBehind =
      (shd !== undefined && darkShading(shd)) || (highlightVal !== undefined && !/^(none|white|lightGray|yellow|cyan|green)$/i.test(highlightVal));
  }
  return look;
}

/**
 * The visibility-relevant styles of `stylesXml` (word/styles.xml; empty string when the file has
 * none): docDefaults' run properties, each style's run properties, paragraph shading and
 * `w:basedOn`, and the default paragraph and character styles. Never throws.
 */
export function docxStyles(stylesXml: string): DocxStyles {
  const defaultsSpan = outerElements(stylesXml, ["rPrDefault"])[0];
  const defaults = defaultsSpan ? readRunLook(innerOf(stylesXml, defaultsSpan)) : {};
  const styles = new Map<string, Style>();
  let defaultParagraph: string | undefined;
  let defaultCharacter: string | undefined;
  for (const span of outerElements(stylesXml, ["style"])) {
    const id = attribute(span.attrs, "styleId");
    if (!id) continue;
    const inner = innerOf(stylesXml, span);
    const [basedOn] = tags(inner, "basedOn");
    const rPr = outerElements(inner, ["rPr"])[0];
    const pPr = outerElements(inner, ["pPr"])[0];
    const shd = pPr ? tags(innerOf(inner, pPr), "shd")[0] : undefined;
    styles.set(id, {
      basedOn: basedOn === undefined ? undefined : attribute(basedOn, "val"),
      run: rPr ? readRunLook(innerOf(inner, rPr)) : {},
      darkParagraph: shd === undefined ? undefined : darkShading(shd),
    });
    if (attribute(span.attrs, "default") === "1" || attribute(span.attrs, "default") === "true") {
      const type = attribute(span.attrs, "type");
      if (type === "paragraph") defaultParagraph = id;
      if (type === "character") defaultCharacter = id;
    }
  }
  return { defaults, styles, defaultParagraph, defaultCharacter };
}

/** A style's look through its `w:basedOn` chain, base first. */
function styleChain(sheet: DocxStyles, id: string | undefined): Style[] {
  const chain: Style[] = [];
  const seen = new Set<string>();
  let at = id;
  while (at && !seen.has(at) && chain.length < MAX_STYLE_DEPTH) {
    seen.add(at);
    const style = sheet.styles.get(at);
    if (!style) break;
    chain.unshift(style);
    at = style.basedOn;
  }
  return chain;
}

function merge(...looks: RunLook[]): RunLook {
  const out: RunLook = {};
  for (const look of looks) {
    for (const key of ["vanish", "color", "size", "darkBehind"] as const) {
      if (look[key] !== undefined) (out as Record<string, unknown>)[key] = look[key];
    }
  }
  return out;
}

interface Walk {
  w: string;
  sheet: DocxStyles;
  /** Something dark is behind the text here (page background, shaded cell, filled shape, styled table). */
  darkBehind: boolean;
  /** Shared by every copy of the walk: where spans are reported, in document order. */
  hidden: string[];
  /** The hidden span being collected (contiguous hidden runs of one paragraph). */
  span: string;
}

function flush(walk: Walk) {
  const text = walk.span.replace(/\s+/g, " ").trim();
  if (text) walk.hidden.push(text);
  walk.span = "";
}

/** Whether a drawing, VML shape or embedded object paints a fill behind its text (theme and named colours count as dark: unknown). */
function shapeFilled(container: string): boolean {
  let outside = container;
  // The box's text and its outline (`a:ln`, whose `a:noFill` is about the line) are not its fill.
  for (const part of outerElements(container, ["txbxContent", "ln"]).reverse()) outside = outside.slice(0, part.start) + outside.slice(part.end);
  if (/<(?:[\w.-]+:)?(?:gradFill|blipFill|pattFill|fill)\b/.test(outside)) return true;
  // A shape with no fill of its own takes its style's (`wps:style/a:fillRef`, index 0 = none).
  const styleFill = tags(outside, "fillRef").some((attrs) => attribute(attrs, "idx") !== "0");
  if (styleFill && outerElements(outside, ["noFill", "solidFill"]).length === 0) return true;
  for (const fill of outerElements(outside, ["solidFill"])) {
    const [srgb] = tags(innerOf(outside, fill), "srgbClr");
    if (srgb === undefined || !isLight(attribute(srgb, "val") ?? "")) return true;
  }
  for (const shape of outerElements(outside, ["shape", "rect", "roundrect", "oval"])) {
    const color = attribute(shape.attrs, "fillcolor");
    if (color && !off(attribute(shape.attrs, "filled")) && !isLight(color.split(/\s/)[0] ?? "")) return true;
  }
  return false;
}

/** `xml` with the hidden runs of every paragraph in it (cells and text boxes too) stripped of their text. */
function walkBlocks(xml: string, walk: Walk, depth: number): string {
  if (depth > MAX_DEPTH) return xml;
  let out = "";
  let last = 0;
  for (const span of outerElements(xml, ["p", "tc", "tbl"])) {
    if (!span.name.startsWith(`${walk.w}:`)) continue;
    const inner = innerOf(xml, span);
    let done: string;
    if (span.name.endsWith(":tbl")) {
      const tblPr = firstChild(inner, "tblPr");
      const styled = tblPr !== undefined && tags(innerOf(inner, tblPr), "tblStyle").length > 0;
      done = walkBlocks(inner, { ...walk, darkBehind: walk.darkBehind || styled, span: "" }, depth + 1);
    } else if (span.name.endsWith(":tc")) {
      const tcPr = firstChild(inner, "tcPr");
      const shd = tcPr ? tags(innerOf(inner, tcPr), "shd")[0] : undefined;
      done = walkBlocks(inner, { ...walk, darkBehind: walk.darkBehind || (shd !== undefined && darkShading(shd)), span: "" }, depth + 1);
    } else {
      done = paragraph(inner, walk, depth);
    }
    out += xml.slice(last, span.innerStart) + done + xml.slice(span.innerEnd, span.end);
    last = span.end;
  }
  return out + xml.slice(last);
}

/** One paragraph's content with its hidden runs' text removed. */
function paragraph(inner: string, walk: Walk, depth: number): string {
  const pPr = firstChild(inner, "pPr");
  const pPrXml = pPr ? innerOf(inner, pPr) : "";
  const [pStyleTag] = tags(pPrXml.replace(/<(?:[\w.-]+:)?rPr\b[\s\S]*?<\/(?:[\w.-]+:)?rPr>/g, ""), "pStyle");
  const pStyleId = (pStyleTag === undefined ? undefined : attribute(pStyleTag, "val")) ?? walk.sheet.defaultParagraph;
  const pChain = styleChain(walk.sheet, pStyleId);
  const [shd] = tags(pPrXml, "shd");
  const darkParagraph = shd !== undefined ? darkShading(shd) : pChain.some((s) => s.darkParagraph);
  const base = merge(walk.sheet.defaults, ...pChain.map((s) => s.run));
  const here: Walk = { ...walk, darkBehind: walk.darkBehind || darkParagraph, span: "" };
  let out = "";
  let last = 0;
  for (const run of outerElements(inner, ["r"])) {
    if (run.name !== `${walk.w}:r`) continue;
    out += inner.slice(last, run.innerStart) + runContent(innerOf(inner, run), base, here, depth);
    last = run.innerEnd;
  }
  flush(here);
  return out + inner.slice(last);
}

const TEXT = ["t", "tab", "br", "cr", "sym", "noBreakHyphen", "softHyphen"];
const CONTAINERS = ["drawing", "pict", "AlternateContent", "object"];

/** One run's content: its text removed when hidden (and added to the span), its drawings walked. */
function runContent(inner: string, base: RunLook, walk: Walk, depth: number): string {
  const rPr = firstChild(inner, "rPr");
  const rPrXml = rPr ? innerOf(inner, rPr) : "";
  const [rStyleTag] = tags(rPrXml, "rStyle");
  const rStyleId = (rStyleTag === undefined ? undefined : attribute(rStyleTag, "val")) ?? walk.sheet.defaultCharacter;
  const look = merge(base, ...styleChain(walk.sheet, rStyleId).map((s) => s.run), readRunLook(rPrXml));
  const hidden =
    look.vanish === true || (look.size !== undefined && look.size <= MAX_TINY_HALF_POINTS) || (isNearWhite(look.color) && !look.darkBehind && !walk.darkBehind);
  let out = "";
  let last = 0;
  for (const span of outerElements(inner, [...TEXT, ...CONTAINERS])) {
    if (rPr && span.start < rPr.end) continue;
    const local = span.name.slice(span.name.indexOf(":") + 1);
    const element = inner.slice(span.start, span.end);
    let replaced = element;
    if (CONTAINERS.includes(local)) {
      flush(walk);
      const nested: Walk = { ...walk, darkBehind: walk.darkBehind || shapeFilled(element), span: "" };
      replaced = walkBlocks(element, nested, depth + 1);
    } else if (span.name.startsWith(`${walk.w}:`)) {
      if (!hidden) {
        if (local === "t" && /\S/.test(innerOf(inner, span))) flush(walk);
      } else {
        walk.span += local === "t" ? decodeEntities(innerOf(inner, span)) : local === "sym" ? "" : " ";
        replaced = "";
      }
    }
    out += inner.slice(last, span.start) + replaced;
    last = span.end;
  }
  return out + inner.slice(last);
}

/**
 * `partXml` (a WordprocessingML part: document, header, footer) with the text of every hidden run
 * removed (see the module comment), and that text. `sheet` is {@link docxStyles} of the file's
 * word/styles.xml. Never throws; XML it cannot follow is left as written.
 */
export function withoutHiddenRuns(partXml: string, sheet: DocxStyles): WithoutHidden {
  const w = prefixFor(partXml, W_NS, "w");
  const background = outerElements(partXml, ["background"])[0];
  const color = background ? attribute(background.attrs, "color") : undefined;
  const dark = color !== undefined && color !== "auto" && !isLight(color);
  const walk: Walk = { w, sheet, darkBehind: dark, hidden: [], span: "" };
  const xml = walkBlocks(partXml, walk, 0);
  return { xml, hidden: walk.hidden };
}

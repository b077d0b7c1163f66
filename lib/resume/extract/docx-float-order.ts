/**
 * Reading order of floating boxes that share an anchor paragraph. mammoth puts a text box's
 * paragraphs after the paragraph that anchors it, in the order the boxes are written; templates
 * often anchor every box (header band, sidebar, footer band) to the first paragraph, written in
 * whatever order they were drawn. Within one paragraph the floating boxes are put in page order
 * instead — top to bottom, then left to right — by permuting them among their own places, so
 * the paragraph's text and inline drawings stay where they were.
 */
import { attribute, innerOf, outerElements } from "./xml-scan";

const EMU_PER = { pt: 12_700, in: 914_400, cm: 360_000, mm: 36_000, px: 9_525 } as const;

/** An offset written as `posOffset` (EMU) or as a VML length (`12pt`, `1.5in`, bare = px). */
function vmlLength(value: string | undefined): number | null {
  const m = /^\s*(-?[\d.]+)\s*(pt|in|cm|mm|px)?\s*$/.exec(value ?? "");
  if (!m) return null;
  return Number(m[1]) * EMU_PER[(m[2] as keyof typeof EMU_PER | undefined) ?? "px"];
}

function posOffset(xml: string, axis: "positionH" | "positionV"): number {
  const pos = outerElements(xml, [axis])[0];
  if (!pos) return 0;
  const inner = innerOf(xml, pos);
  const off = outerElements(inner, ["posOffset"])[0];
  return off ? Number(innerOf(inner, off).trim()) || 0 : 0;
}

/**
 * Where a run-level box (`mc:AlternateContent` or `w:pict`) floats on the page, in EMU, or null
 * when it is inline (flows with the text). DrawingML's `wp:anchor` offsets are preferred; VML
 * gives `position:absolute` with `margin-top`/`top` and `margin-left`/`left`.
 */
export function floatingPosition(unit: string): { x: number; y: number } | null {
  if (outerElements(unit, ["anchor"]).length > 0) {
    return { x: posOffset(unit, "positionH"), y: posOffset(unit, "positionV") };
  }
  for (const shape of outerElements(unit, ["shape", "group", "rect", "roundrect"])) {
    const style = attribute(shape.attrs, "style") ?? "";
    if (!/position\s*:\s*absolute/i.test(style)) continue;
    const prop = (name: string) => new RegExp(`(?:^|;)\\s*${name}\\s*:\\s*([^;]+)`, "i").exec(style)?.[1];
    const y = vmlLength(prop("margin-top") ?? prop("top")) ?? 0;
    const x = vmlLength(prop("margin-left") ?? prop("left")) ?? 0;
    return { x, y };
  }
  return null;
}

/** `partXml` with each paragraph's floating boxes in page order (see the module comment). */
export function orderFloatingBoxes(partXml: string, w: string): string {
  let out = "";
  let last = 0;
  for (const p of outerElements(partXml, ["p"])) {
    if (p.name !== `${w}:p`) continue;
    const inner = innerOf(partXml, p);
    const units = outerElements(inner, ["AlternateContent", "pict"]).map((span) => {
      const xml = inner.slice(span.start, span.end);
      return { span, xml, at: floatingPosition(xml) };
    });
    const floating = units.filter((u) => u.at !== null);
    if (floating.length < 2) continue;
    const sorted = [...floating].sort((a, b) => (a.at?.y ?? 0) - (b.at?.y ?? 0) || (a.at?.x ?? 0) - (b.at?.x ?? 0));
    let body = "";
    let at = 0;
    floating.forEach((slot, i) => {
      body += inner.slice(at, slot.span.start) + sorted[i].xml;
      at = slot.span.end;
    });
    out += partXml.slice(last, p.innerStart) + body + inner.slice(at);
    last = p.innerEnd;
  }
  return out + partXml.slice(last);
}

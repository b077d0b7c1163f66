/**
 * SmartArt text. A SmartArt graphic keeps its text in a data part (`word/diagrams/data*.xml`,
 * ECMA-376 Part 1 §21.4 DiagramML: `dgm:ptLst` of points, `dgm:cxnLst` of connections); Word
 * also stores a rendering of it (`word/diagrams/drawing*.xml`, shapes with the same text), which
 * is never read here, so each item counts once.
 */
import { attribute, innerOf, outerElements } from "./xml-scan";

/** Point types that carry the graphic's own text; `doc`, transitions and `pres` points do not. */
const TEXT_POINTS = new Set(["node", "asst"]);

/**
 * The text lines of a SmartArt data part, in the order the outline (Word's text pane) shows
 * them: from the `doc` point down the `parOf` connections, siblings by `srcOrd`; points no
 * connection reaches follow in the part's order. One line per DrawingML paragraph (`a:p`),
 * empty ones left out. Lines are XML character data as stored (entities still escaped), ready
 * to be placed inside a `w:t`.
 */
export function smartArtLines(dataXml: string): string[] {
  const points = outerElements(dataXml, ["pt"]).map((span) => {
    const inner = innerOf(dataXml, span);
    const body = outerElements(inner, ["t"])[0];
    const lines = body
      ? outerElements(innerOf(inner, body), ["p"])
          .map((p) => {
            const para = innerOf(innerOf(inner, body), p);
            return outerElements(para, ["t"])
              .map((t) => innerOf(para, t))
              .join("");
          })
          .filter((l) => l.trim() !== "")
      : [];
    return { id: attribute(span.attrs, "modelId") ?? "", type: attribute(span.attrs, "type") ?? "node", lines };
  });

  const children = new Map<string, { id: string; ord: number }[]>();
  for (const span of outerElements(dataXml, ["cxn"])) {
    if ((attribute(span.attrs, "type") ?? "parOf") !== "parOf") continue;
    const src = attribute(span.attrs, "srcId") ?? "";
    const list = children.get(src) ?? [];
    list.push({ id: attribute(span.attrs, "destId") ?? "", ord: Number(attribute(span.attrs, "srcOrd") ?? 0) });
    children.set(src, list);
  }

  const byId = new Map(points.map((p) => [p.id, p]));
  const seen = new Set<string>();
  const out: string[] = [];
  // Depth first with an explicit stack: a hostile part may chain thousands of points.
  const visit = (root: string) => {
    const stack = [root];
    while (stack.length > 0) {
      const id = stack.pop() as string;
      if (seen.has(id)) continue; // a cycle in the connections is malformed; each point once
      seen.add(id);
      const point = byId.get(id);
      if (point && TEXT_POINTS.has(point.type)) out.push(...point.lines);
      const next = [...(children.get(id) ?? [])].sort((a, b) => b.ord - a.ord);
      for (const child of next) stack.push(child.id);
    }
  };
  for (const p of points) if (p.type === "doc") visit(p.id);
  for (const p of points) if (!seen.has(p.id) && TEXT_POINTS.has(p.type)) out.push(...p.lines);
  return out;
}

/**
 * Content tokens of a text, the unit of the offline evaluator's overlap measures (reference
 * support, contradiction anchors, model-made key points): Latin words cut to their first 6
 * letters, stop words and 1-letter words dropped, and Chinese character bigrams — so Chinese
 * needs no word segmentation, and English terms inside a Chinese answer count as words
 * (docs/interview-scoring.md, "Reference support"). Stop words written by hand for Panelist.
 */

const STOP = new Set(
  "a an the and or but of to in on at for with by from is are was were be been being it its this that these those as so if then than into out up down over not no can could would should will do does did i we you they he she my our your their me us them there here what when where which who how why also just very more most some any all each every about after before because while one two use used using make makes".split(
    " ",
  ),
);

/** Content tokens: Latin words cut to 6 letters (stop words and 1-letter words dropped) and Chinese character bigrams. */
export function contentTokens(text: string): string[] {
  const latin = (text.toLowerCase().match(/[a-z][a-z0-9+#-]*/g) ?? []).filter((w) => w.length > 1 && !STOP.has(w)).map((w) => w.slice(0, 6));
  const bigrams: string[] = [];
  for (const run of text.match(/[\u3400-\u4dbf\u4e00-\u9fff]+/g) ?? []) for (let i = 0; i + 2 <= run.length; i++) bigrams.push(run.slice(i, i + 2));
  return [...latin, ...bigrams];
}

/**
 * The fake server's answer to a prompt of numbered, fenced passages (`[n] title` followed by
 * `<passage>…</passage>`, as lib/knowledge/llm/kb-answer.ts builds it): the first sentence of
 * passage 1 cited `[1]`, then a sentence citing a passage that does not exist (`[n + 3]`), as a
 * careless model would — so tests can see citations streamed and invented markers removed.
 */

/** The numbered passages of a prompt, in order; empty when it holds none. */
function passagesOf(prompt: string): string[] {
  return [...prompt.matchAll(/^\[(\d+)\][^\n]*\n<passage>\n([\s\S]*?)\n<\/passage>/gmu)].map((m) => m[2]);
}

/**
 * The citing answer to a knowledge-base prompt, or null when `prompt` holds no numbered passage.
 * Chinese passages get a Chinese follow-on sentence.
 */
export function citingAnswer(prompt: string): string | null {
  const passages = passagesOf(prompt);
  if (passages.length === 0) return null;
  const first = passages[0].split(/(?<=[.!?。！？])\s*/u).find((s) => s.trim().length > 0) ?? passages[0];
  const invented = passages.length + 3;
  const zh = /[\u3400-\u9fff]/u.test(first);
  return zh ? `${first.trim()}[1]另见附录[${invented}]。` : `${first.trim()} [1] See also the appendix [${invented}].`;
}

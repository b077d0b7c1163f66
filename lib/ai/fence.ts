/**
 * Untrusted text (a resume, an answer, a document) goes into a prompt fenced as data: inside
 * `<tag>…</tag>`, with tag-like text in it neutralised so nothing inside can close the fence.
 * The prompt around it says that the fenced text is never to be obeyed; that part belongs to
 * each prompt.
 */

/**
 * Neutralises tag-like text so untrusted data cannot open or close a fence: every "<" that
 * starts something tag-like (`</resume>`, `<system>`, `<!-- -->`) becomes "&lt;"; look-alike
 * brackets (＜ ‹ 〈 《) are neutralised only in front of one of `fenceNames`, because elsewhere
 * they are ordinary punctuation (《书名》). Other text is left as it is.
 * @param fenceNames the tag names of the prompt's fences (letters, digits and `_`).
 */
export function neutralizeTags(text: string, fenceNames: readonly string[]): string {
  const out = text.replace(/<(?=\s*\/?\s*[A-Za-z!?])/g, "&lt;");
  if (fenceNames.length === 0) return out;
  const lookAlike = new RegExp(`[＜‹〈《](?=\\s*\\/?\\s*(?:${fenceNames.join("|")})\\b)`, "gi");
  return out.replace(lookAlike, "&lt;");
}

/**
 * Untrusted text inside `<tag>…</tag>`; the closing tag is the only one in the result.
 * @param fenceNames every fence name of the prompt (default: `tag` alone), so that text in one
 *   fence cannot fake the closing tag of another with a look-alike bracket either.
 */
export function fenceAsData(tag: string, text: string, fenceNames: readonly string[] = [tag]): string {
  return `<${tag}>\n${neutralizeTags(text, fenceNames)}\n</${tag}>`;
}

/**
 * Quoting a line of someone's text inside one of our sentences (a resume statement in a
 * suggestion, in an interview question): whitespace collapsed, long lines shortened.
 */

/**
 * Shortens a quoted line for use inside a sentence: whitespace collapsed, and cut to at most
 * `max` characters (ending in "…") when longer.
 */
export function quote(s: string, max = 90): string {
  const t = s.replace(/\s+/g, " ").trim();
  return t.length <= max ? t : `${t.slice(0, max - 1).trimEnd()}…`;
}

/**
 * Clauses of an answer: the text cut at sentence ends and at clause punctuation (commas,
 * semicolons, colons, dashes; not the enumeration comma 、, so a list stays one clause), Latin and Chinese. The claim and non-answer checks judge each
 * clause on its own, because one sweeping claim ("add an index to every column") sits next to
 * sound ones in the same sentence. Latin stops need a space after them, so "Node.js" and "3.5"
 * stay whole.
 * @returns the non-blank clauses, trimmed, in order.
 */
export function clauses(text: string): string[] {
  return text
    .split(/(?<=[.!?;:,])\s+|\s+[—–]\s+|[。！？；：，…]+|\n+/)
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
}

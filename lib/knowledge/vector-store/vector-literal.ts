/**
 * pgvector's text form of a vector, `[1,2,3]` (pgvector README, "Getting started"), sent as a
 * text parameter and cast in SQL (`$1::vector`). Formatted here rather than with the `pgvector`
 * npm package: that package is not installed, and its postgres.js helper is exactly this join.
 *
 * @param v the vector; every element a finite number.
 * @param dim the expected length.
 * @throws {RangeError} when the length is not `dim` or an element is not finite (NaN/Infinity
 *   would be refused by PostgreSQL half-way through a batch).
 */
export function toVectorLiteral(v: readonly number[], dim: number): string {
  if (v.length !== dim) throw new RangeError(`vector has ${v.length} dimensions, the space has ${dim}`);
  for (const x of v) if (!Number.isFinite(x)) throw new RangeError("vector has a non-finite element");
  return `[${v.join(",")}]`;
}

/** Parses pgvector's text form back into numbers (`[1,2,3]` → [1, 2, 3]). */
export function fromVectorLiteral(text: string): number[] {
  const inner = text.trim().slice(1, -1);
  return inner ? inner.split(",").map(Number) : [];
}

/**
 * Calls `fn(i)` for i = 0 … count − 1 with at most `limit` calls in flight: `limit` loops, each
 * taking the next index as soon as its previous call settled (how a benchmark models `limit`
 * producers or clients sharing one backlog).
 * @param count how many calls in all.
 * @param limit most calls at once (at least 1).
 * @returns the results in index order.
 * @throws the first error of `fn`; calls already running go on.
 */
export async function concurrently<R>(count: number, limit: number, fn: (i: number) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(count);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(limit, count)) }, async () => {
      while (next < count) {
        const i = next++;
        out[i] = await fn(i);
      }
    }),
  );
  return out;
}

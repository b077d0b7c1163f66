/**
 * Group commit for many small calls (after PostgreSQL's own `commit_delay` idea and BullMQ's
 * `addBulk`): `add(item)` queues an item and resolves with its own result; queued items are
 * flushed together by `run`, at most `maxSize` per flush and at most `maxFlushes` flushes at
 * once. A flush starts on the next turn of the event loop (`setImmediate`), so every item
 * added by the same burst of work (one XREADGROUP's entries, the attempts that ended in the
 * same tick) goes in one flush; while `maxFlushes` are running, new items wait and go in the
 * next one together. There is no timer: an idle process adds no latency beyond one loop turn,
 * and a busy one batches as much as its flushes take to come back.
 */
/** An item's flush ran past `flushTimeoutMs`: its slot was given back; whether its work happened is unknown. */
export class MicroBatchTimeoutError extends Error {
  override readonly name = "MicroBatchTimeoutError";
  constructor(readonly timeoutMs: number) {
    super(`The batched call did not end within ${timeoutMs} ms`);
  }
}

export class MicroBatcher<I, O> {
  private queue: { item: I; resolve: (o: O) => void; reject: (err: unknown) => void }[] = [];
  private flushing = 0;
  private scheduled = false;
  private readonly idle = new Set<() => void>();

  /**
   * @param run handles one flush: returns one result per item, in order — a value, or an
   *   `Error` instance to reject that item alone. If it throws, every item of the flush is
   *   rejected with that error.
   * @param opts.maxSize most items per flush (≥ 1).
   * @param opts.maxFlushes most flushes running at once (≥ 1).
   * @param opts.eager when nothing is queued or running, an item is flushed at once, alone,
   *   instead of on the next loop turn: a lone caller (one add awaited after another) pays no
   *   loop turn, and what comes while it runs goes in the next flush together. Default false
   *   (items of one burst of work share the first flush).
   * @param opts.flushTimeoutMs a flush not ended after this long (ms) gives its slot back: its
   *   items reject with {@link MicroBatchTimeoutError} and later items flush without it; its own
   *   work may still end, and its results are then dropped. Without it, one call that never
   *   returns (a query on a connection that died under it) holds its slot for good, and with
   *   `maxFlushes` such calls every later item waits forever. Only for work whose items may fail
   *   safely. Default none.
   */
  constructor(
    private readonly run: (items: I[]) => Promise<(O | Error)[]>,
    private readonly opts: { maxSize: number; maxFlushes: number; eager?: boolean; flushTimeoutMs?: number },
  ) {}

  /** Queues `item`; resolves with its result (or rejects with its error) once its flush ends. */
  add(item: I): Promise<O> {
    return new Promise<O>((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.opts.eager && this.flushing === 0 && !this.scheduled && this.queue.length === 1) this.flush();
      else this.schedule();
    });
  }

  /** Items queued and not yet flushed. */
  get size(): number {
    return this.queue.length;
  }

  /** Resolves once nothing is queued and no flush is running. */
  drained(): Promise<void> {
    if (this.queue.length === 0 && this.flushing === 0) return Promise.resolve();
    return new Promise((r) => this.idle.add(r));
  }

  private schedule(): void {
    if (this.scheduled || this.queue.length === 0 || this.flushing >= Math.max(1, this.opts.maxFlushes)) return;
    this.scheduled = true;
    setImmediate(() => {
      this.scheduled = false;
      this.flush();
    });
  }

  private flush(): void {
    const max = Math.max(1, this.opts.maxSize);
    while (this.queue.length > 0 && this.flushing < Math.max(1, this.opts.maxFlushes)) {
      const batch = this.queue.splice(0, max);
      this.flushing++;
      // Ends the flush once: by its own end, or by its timeout (whichever comes first).
      let ended = false;
      const end = (): boolean => {
        if (ended) return false;
        ended = true;
        clearTimeout(timer);
        this.flushing--;
        if (this.queue.length > 0) this.schedule();
        else if (this.flushing === 0) {
          for (const r of this.idle) r();
          this.idle.clear();
        }
        return true;
      };
      const timeoutMs = this.opts.flushTimeoutMs;
      const timer = timeoutMs
        ? setTimeout(() => {
            if (end()) for (const b of batch) b.reject(new MicroBatchTimeoutError(timeoutMs));
          }, timeoutMs).unref()
        : undefined;
      void this.run(batch.map((b) => b.item))
        .then(
          (results) => {
            if (ended) return;
            for (const [i, b] of batch.entries()) {
              const r = results[i];
              if (r instanceof Error) b.reject(r);
              else b.resolve(r as O);
            }
          },
          (err) => {
            if (ended) return;
            for (const b of batch) b.reject(err);
          },
        )
        .finally(end);
    }
  }
}

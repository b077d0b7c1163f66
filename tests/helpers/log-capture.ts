import pino from "pino";
import type { Logger } from "@/lib/log";

/**
 * A real pino logger (the type `createLogger` returns) whose lines are kept in memory, so a
 * test can wait for what the code under test says it did — "reader stalled; reconnecting",
 * "consumer group missing, recreating" — instead of sleeping and hoping it happened
 * (docs/testing.md, "Rules").
 *
 * `records` holds each line as pino wrote it (parsed), `messages` each line's `msg`, in order;
 * `count(pattern)` how many messages match.
 * @param level the lowest level kept; default `debug`.
 */
export function captureLog(level: pino.LevelWithSilent = "debug") {
  const records: Record<string, unknown>[] = [];
  const messages: string[] = [];
  const log: Logger = pino(
    { level },
    {
      write(line: string) {
        const record = JSON.parse(line) as Record<string, unknown>;
        records.push(record);
        messages.push(String(record.msg ?? ""));
      },
    },
  );
  return {
    log,
    records,
    messages,
    count(pattern: RegExp): number {
      return messages.filter((m) => pattern.test(m)).length;
    },
  };
}

import pino from "pino";
import type { Logger } from "@/lib/log";

/**
 * A real pino logger (the type `createLogger` returns) whose lines are kept in memory, so a
 * test can wait for what the code under test says it did — "reader stalled; reconnecting",
 * "consumer group missing, recreating" — instead of sleeping and hoping it happened
 * (docs/testing.md, "Rules").
 *
 * `messages` holds each line's `msg`, in order; `count(pattern)` how many match.
 * @param level the lowest level kept; default `debug`.
 */
export function captureLog(level: pino.LevelWithSilent = "debug") {
  const messages: string[] = [];
  const log: Logger = pino(
    { level },
    {
      write(line: string) {
        try {
          messages.push(String((JSON.parse(line) as { msg?: unknown }).msg ?? ""));
        } catch {
          messages.push(line);
        }
      },
    },
  );
  return {
    log,
    messages,
    count(pattern: RegExp): number {
      return messages.filter((m) => pattern.test(m)).length;
    },
  };
}

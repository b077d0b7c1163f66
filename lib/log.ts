import pino from "pino";

/** A pino logger named for its process part (`worker`, `relay`, `web`…); level from `LOG_LEVEL`. */
export function createLogger(name: string) {
  return pino({ name, level: process.env.LOG_LEVEL ?? (process.env.NODE_ENV === "test" ? "warn" : "info") });
}
export type Logger = ReturnType<typeof createLogger>;

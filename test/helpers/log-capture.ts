import { Writable } from "node:stream";
import { createLogger, type Logger } from "../../src/runtime/logger.js";

export interface CapturedLogs {
  logger: Logger;
  /** Every line written so far, as written (JSON text). */
  raw(): string[];
  /** Every line written so far, parsed. */
  lines(): Record<string, unknown>[];
}

/** A real process logger (createLogger) writing into memory, for tests that read its lines. */
export function captureLogs(level = "debug", secrets: string[] = []): CapturedLogs {
  const chunks: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      chunks.push(String(chunk));
      done();
    },
  });
  const raw = () =>
    chunks
      .join("")
      .split("\n")
      .filter((l) => l.trim() !== "");
  return {
    logger: createLogger(level, sink, { secrets }),
    raw,
    lines: () => raw().map((l) => JSON.parse(l) as Record<string, unknown>),
  };
}

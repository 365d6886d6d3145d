import { JSONParser } from "@streamparser/json";
import { giveTurn, workStarts } from "../runtime/background-turn.js";

/** A hosting answer's body: its JSON (`{}` when empty), or the start of a body that is not JSON. */
export type HostingBody = { json: unknown } | { notJson: string };

/** Bodies up to this size are parsed in one go (JSON.parse is several times faster). */
export const PARSE_AT_ONCE_BYTES = 256 * 1024;
/** Past it, the event loop is given back after each this much parsed. */
export const BYTES_PER_TURN = 64 * 1024;
/** How much of a body that is not JSON is kept for the error. */
const KEPT = 200;

/**
 * Parses a hosting answer. A server's whole client listing comes in one answer (no paging in the
 * spec): 100 000 clients are about 20 MB, which JSON.parse held the process for ~100 ms at once,
 * and the traffic, drift and runway passes read such listings in the bot's own process, so every
 * update waited behind it (the interactive p99 1.8x a quiet bot's). A body past
 * PARSE_AT_ONCE_BYTES goes through a streaming parser a chunk at a time, the event loop given back
 * every BYTES_PER_TURN (inside a periodic task, at its pace: background-turn.ts), and no string of
 * the whole body is made.
 */
export async function parseHostingBody(chunks: readonly Uint8Array[]): Promise<HostingBody> {
  let size = 0;
  for (const chunk of chunks) size += chunk.length;
  if (size <= PARSE_AT_ONCE_BYTES) return parseAtOnce(Buffer.concat(chunks, size));
  workStarts();
  const parsed = await parseInTurns(chunks);
  return parsed ? { json: parsed.value } : { notJson: startOf(chunks) };
}

/** The first KEPT characters (a UTF-8 character is at most 4 bytes). */
function startOf(chunks: readonly Uint8Array[]): string {
  const head: Uint8Array[] = [];
  let size = 0;
  for (const chunk of chunks) {
    head.push(chunk);
    size += chunk.length;
    if (size >= KEPT * 4) break;
  }
  return Buffer.concat(head)
    .toString("utf8", 0, KEPT * 4)
    .slice(0, KEPT);
}

function parseAtOnce(bytes: Buffer): HostingBody {
  const text = bytes.toString("utf8");
  if (text.length === 0) return { json: {} };
  try {
    return { json: JSON.parse(text) };
  } catch {
    return { notJson: text.slice(0, KEPT) };
  }
}

/** The one root value of the chunks, or undefined when they are not exactly one JSON value. */
async function parseInTurns(chunks: readonly Uint8Array[]): Promise<{ value: unknown } | undefined> {
  // Several roots allowed, so that anything after the first is seen (and fails, as in JSON.parse).
  const parser = new JSONParser({ paths: ["$"], separator: "" });
  let root: { value: unknown } | undefined;
  let failed = false;
  parser.onValue = ({ value, stack }) => {
    if (stack.length > 0) return;
    if (root) failed = true;
    root = { value };
  };
  parser.onError = () => {
    failed = true;
  };
  // Slices of BYTES_PER_TURN: a chunk may be far larger when the body was read faster than parsed.
  for (const chunk of chunks) {
    for (let at = 0; at < chunk.length; at += BYTES_PER_TURN) {
      parser.write(chunk.subarray(at, at + BYTES_PER_TURN));
      if (failed) return undefined;
      await giveTurn();
    }
  }
  parser.end();
  return failed ? undefined : root;
}

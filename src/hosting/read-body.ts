import { setImmediate as yieldTurn } from "node:timers/promises";
import { JSONParser } from "@streamparser/json";

/** A hosting answer's body: its JSON (`{}` when empty), or the start of a body that is not JSON. */
export type HostingBody = { json: unknown } | { notJson: string };

/** Bodies up to this size are parsed in one go (JSON.parse is several times faster). */
export const PARSE_AT_ONCE_BYTES = 256 * 1024;
/** Past it, the event loop is given back after each this much parsed. */
export const BYTES_PER_TURN = 64 * 1024;
/** How much of a body that is not JSON is kept for the error. */
const KEPT = 200;

/**
 * Reads and parses a hosting answer. A server's whole client listing comes in one answer (no
 * paging in the spec): 100 000 clients are about 20 MB, which JSON.parse held the process for
 * ~100 ms at once, and the traffic, drift and runway passes read such listings in the bot's own
 * process, so every update waited behind it (the interactive p99 1.8x a quiet bot's). A body
 * past PARSE_AT_ONCE_BYTES is parsed as it arrives by a streaming parser, with the event loop
 * given back every BYTES_PER_TURN; it never holds the whole text either.
 */
export async function readHostingBody(body: AsyncIterable<Uint8Array> | null): Promise<HostingBody> {
  if (!body) return { json: {} };
  const head: Uint8Array[] = [];
  let size = 0;
  const chunks = body[Symbol.asyncIterator]();
  for (;;) {
    const next = await chunks.next();
    if (next.done) return parseAtOnce(Buffer.concat(head, size));
    head.push(next.value);
    size += next.value.length;
    if (size > PARSE_AT_ONCE_BYTES) return parseStreaming(head, chunks);
  }
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

async function parseStreaming(head: Uint8Array[], rest: AsyncIterator<Uint8Array>): Promise<HostingBody> {
  // A UTF-8 character is at most 4 bytes: enough bytes for KEPT characters.
  const notJson = {
    notJson: Buffer.concat(head)
      .toString("utf8", 0, KEPT * 4)
      .slice(0, KEPT),
  };
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
  let sinceTurn = 0;
  const feed = async (chunk: Uint8Array) => {
    if (failed) return;
    parser.write(chunk);
    sinceTurn += chunk.length;
    if (sinceTurn >= BYTES_PER_TURN) {
      sinceTurn = 0;
      await yieldTurn();
    }
  };
  for (const chunk of head) await feed(chunk);
  // Read to the end even once it failed: the connection goes back to the pool whole.
  for (let next = await rest.next(); !next.done; next = await rest.next()) await feed(next.value);
  if (!failed) parser.end();
  return !failed && root ? { json: root.value } : notJson;
}

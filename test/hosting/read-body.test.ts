import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { fetch } from "undici";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BYTES_PER_TURN, PARSE_AT_ONCE_BYTES, parseHostingBody } from "../../src/hosting/read-body.js";
import { chunksOf } from "../../src/runtime/library-parts.js";
import { turnsDuring } from "../helpers/turns.js";

const readHostingBody = async (body: AsyncIterable<Uint8Array> | null) =>
  parseHostingBody(body ? await chunksOf(body) : []);

const listing = (n: number) => ({
  ok: true,
  clients: Array.from({ length: n }, (_, i) => ({
    email: `c${i}`,
    uuid: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    up: i * 1024,
    note: i % 7 === 0 ? 'quote " and \\ and ünïcödé ✓' : null,
    __proto__: i === 3 ? { polluted: true } : undefined,
  })),
});

/** `bytes` in chunks of `size`, as a socket hands them over. */
async function* chunked(bytes: Buffer, size = 16 * 1024): AsyncGenerator<Uint8Array> {
  for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

describe("a hosting answer's body", () => {
  it("parses a small body at once, as JSON.parse would", async () => {
    const text = JSON.stringify(listing(10));
    expect(await readHostingBody(chunked(Buffer.from(text), 100))).toEqual({ json: JSON.parse(text) });
    expect(await readHostingBody(chunked(Buffer.alloc(0)))).toEqual({ json: {} });
    expect(await readHostingBody(null)).toEqual({ json: {} });
  });

  it("parses a long listing a chunk at a time, giving the event loop back, to the same value", async () => {
    const text = JSON.stringify(listing(12_000));
    const bytes = Buffer.from(`${text}\n`);
    expect(bytes.length).toBeGreaterThan(PARSE_AT_ONCE_BYTES * 3);
    const { result, turns } = await turnsDuring(() => readHostingBody(chunked(bytes)));
    expect(result).toEqual({ json: JSON.parse(text) });
    expect(turns).toBeGreaterThanOrEqual(Math.floor(bytes.length / BYTES_PER_TURN) - 1);
    // A "__proto__" key is data, as with JSON.parse, never the object's prototype.
    const third = (result as { json: { clients: Record<string, unknown>[] } }).json.clients[3];
    expect(Object.getPrototypeOf(third)).toBe(Object.prototype);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("parses a long body that came in one large chunk in slices too", async () => {
    const bytes = Buffer.from(JSON.stringify(listing(8_000)));
    const { result, turns } = await turnsDuring(() => parseHostingBody([bytes]));
    expect(result).toEqual({ json: JSON.parse(bytes.toString()) });
    expect(turns).toBeGreaterThanOrEqual(Math.floor(bytes.length / BYTES_PER_TURN) - 1);
  });

  it("keeps the start of a body that is not JSON, short or long, cut or with trailing garbage", async () => {
    expect(await readHostingBody(chunked(Buffer.from("<html>Bad gateway</html>")))).toEqual({
      notJson: "<html>Bad gateway</html>",
    });
    const long = JSON.stringify(listing(3_000));
    for (const bad of [
      long.slice(0, -10),
      `${long}}`,
      long.replace('},{"email":"c2000"', '},<oops>{"email":"c2000"'),
    ]) {
      // In large chunks, and in small ones (the kept start spans several).
      for (const size of [16 * 1024, 50]) {
        const read = await readHostingBody(chunked(Buffer.from(bad), size));
        expect(read).toEqual({ notJson: bad.slice(0, 200) });
      }
    }
  });

  describe("over HTTP", () => {
    const big = JSON.stringify(listing(5_000));
    const server = createServer((_req, res) => {
      res.setHeader("content-type", "application/json");
      res.end(big);
    });
    let url = "";
    beforeAll(async () => {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
      url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
    });
    afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

    it("reads a listing past the at-once size from a real response, twice on one connection", async () => {
      for (let i = 0; i < 2; i++) {
        const response = await fetch(url);
        expect(await readHostingBody(response.body)).toEqual({ json: JSON.parse(big) });
      }
    });
  });
});

import { execFile } from "node:child_process";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { promisify } from "node:util";
import { brotliCompressSync, deflateSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpRequest, textOf } from "../../src/runtime/library-parts.js";
import { projectRoot } from "../../src/runtime/paths.js";

/** The package files a process of the built bot has loaded once its modules are imported. */
async function loadedPackageFiles(): Promise<string[]> {
  const modules = ["dist/src/app.js", "dist/src/config.js", "dist/src/domain/catalog/index.js"].map(
    (file) => pathToFileURL(join(projectRoot(), file)).href,
  );
  const script = `
    import { createRequire } from "node:module";
    for (const m of ${JSON.stringify(modules)}) await import(m);
    const files = Object.keys(createRequire(import.meta.url).cache);
    process.stdout.write(JSON.stringify(files.filter((f) => f.includes("/node_modules/"))));
  `;
  const { stdout } = await promisify(execFile)(process.execPath, ["--input-type=module", "-e", script]);
  return JSON.parse(stdout) as string[];
}

describe("the libraries' parts the bot loads", () => {
  it("leaves undici's index and BullMQ's index and PostgreSQL backend unloaded, yet loads what it uses", async () => {
    const files = await loadedPackageFiles();
    const rel = files.map((f) => f.slice(f.lastIndexOf("/node_modules/") + "/node_modules/".length));
    expect(rel).not.toContain("undici/index.js");
    expect(rel.filter((f) => f.startsWith("undici/lib/web/"))).toEqual([]);
    expect(rel).not.toContain("bullmq/dist/cjs/index.js");
    expect(rel.filter((f) => f.startsWith("bullmq/dist/cjs/postgres/"))).toEqual([]);
    expect(rel).toContain("undici/lib/dispatcher/agent.js");
    expect(rel).toContain("bullmq/dist/cjs/classes/worker.js");
  });
});

/** The encodings a server may answer with once asked (fetch's list), by the path that asks for each. */
const PACKERS: Record<string, { encoding: string; pack: (body: Buffer) => Buffer }> = {
  gzip: { encoding: "gzip", pack: gzipSync },
  deflate: { encoding: "deflate", pack: deflateSync },
  br: { encoding: "br", pack: brotliCompressSync },
};

describe("httpRequest", () => {
  const seen: { encoding?: string; body: string }[] = [];
  let server: Server;
  let base = "";

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      seen.push({ encoding: req.headers["accept-encoding"], body: Buffer.concat(chunks).toString() });
      const packed = PACKERS[(req.url ?? "").slice(1)];
      if (packed) {
        res.writeHead(200, { "content-type": "application/json", "content-encoding": packed.encoding });
        res.end(packed.pack(Buffer.from(JSON.stringify({ ok: true, clients: ["ann", "bob"] }))));
      } else if (req.url === "/slow-body") {
        // The head at once, the body never: a timeout must still end the exchange.
        res.writeHead(200, { "content-type": "application/json" });
        res.write('{"ok":');
      } else if (req.url === "/slow-gzip-body") {
        res.writeHead(200, { "content-type": "application/json", "content-encoding": "gzip" });
        res.write(gzipSync('{"ok":true}').subarray(0, 8));
      } else if (req.url === "/no-answer") {
        // Nothing at all.
      } else {
        res.writeHead(404, { "content-type": "application/json" });
        res.end(JSON.stringify({ ok: false, error: "not_found" }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => {
    server.closeAllConnections();
    return new Promise<void>((resolve) => server.close(() => resolve()));
  });

  const call = (path: string, timeoutMs = 5_000) =>
    httpRequest(new URL(path, base), {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ name: "ann" }),
      signal: AbortSignal.timeout(timeoutMs),
    });

  it("asks for a compressed answer and reads it inflated (gzip, deflate, br), as fetch did", async () => {
    for (const path of Object.keys(PACKERS)) {
      const answer = await call(`/${path}`);
      expect(answer.status).toBe(200);
      expect(JSON.parse(await textOf(answer.body))).toEqual({ ok: true, clients: ["ann", "bob"] });
      expect(seen.at(-1)).toEqual({ encoding: "gzip, deflate, br", body: '{"name":"ann"}' });
    }
  });

  it("gives a refusal's status and body as they came", async () => {
    const answer = await call("/missing");
    expect(answer.status).toBe(404);
    expect(await textOf(answer.body)).toBe('{"ok":false,"error":"not_found"}');
  });

  it("ends a body that stops coming with the signal's TimeoutError, compressed or not", async () => {
    for (const path of ["/slow-body", "/slow-gzip-body"]) {
      const answer = await call(path, 300);
      await expect(textOf(answer.body)).rejects.toMatchObject({ name: "TimeoutError" });
    }
  });

  it("rejects with the TimeoutError when no answer comes", async () => {
    await expect(call("/no-answer", 300)).rejects.toMatchObject({ name: "TimeoutError" });
  });
});

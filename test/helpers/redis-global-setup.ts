import { type ChildProcess, spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/** Asks the OS for a free loopback port. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.once("error", reject);
    srv.listen(0, "127.0.0.1", () => {
      const address = srv.address();
      const port = typeof address === "object" && address ? address.port : 0;
      srv.close(() => resolve(port));
    });
  });
}

/**
 * Starts one throw-away redis-server for the whole run on a free loopback port (no
 * persistence), hands its URL to the tests, and stops it afterwards. Tests never touch
 * a Redis they did not start; each test file uses its own key prefix or database.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const dir = mkdtempSync(join(tmpdir(), "bot-test-redis-"));
  const child: ChildProcess = spawn(
    "redis-server",
    [
      "--port",
      String(port),
      "--bind",
      "127.0.0.1",
      "--save",
      "",
      "--appendonly",
      "no",
      "--dir",
      dir,
      "--databases",
      "64",
    ],
    { stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("redis-server did not start within 10 s")), 10_000);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(new Error(`cannot start redis-server (is it installed?): ${err.message}`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (chunk.toString().includes("Ready to accept connections")) {
        clearTimeout(timer);
        resolve();
      }
    });
  });
  project.provide("redisUrl", `redis://127.0.0.1:${port}`);
  return async () => {
    child.kill("SIGTERM");
    await new Promise((r) => child.once("exit", r));
    rmSync(dir, { recursive: true, force: true });
  };
}

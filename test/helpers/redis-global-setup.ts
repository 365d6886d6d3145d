import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { startRedis } from "./local-redis.js";
import { TEST_DATABASES } from "./redis.js";

export { freePort } from "./local-redis.js";

declare module "vitest" {
  export interface ProvidedContext {
    redisUrl: string;
  }
}

/**
 * Starts one throw-away redis-server for the whole run on a free loopback port (no
 * persistence), hands its URL to the tests, and stops it afterwards. Tests never touch a Redis
 * they did not start; each test file takes a logical database of its own (see redis.ts).
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(join(tmpdir(), "bot-test-redis-"));
  const redis = await startRedis(dir, ["--databases", String(TEST_DATABASES)]);
  project.provide("redisUrl", redis.url);
  return async () => {
    await redis.stop();
    rmSync(dir, { recursive: true, force: true });
  };
}

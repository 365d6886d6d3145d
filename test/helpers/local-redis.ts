import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";

/** redis-server is not on PATH. */
export class MissingRedisError extends Error {
  constructor() {
    super(
      "redis-server is not installed; the demo and the tests need it (Debian/Ubuntu: sudo apt-get install redis-server)",
    );
    this.name = "MissingRedisError";
  }
}

/** Ports handed out by freePort: below Linux's ephemeral range (32768-60999), so no client socket takes one. */
const PORTS_FROM = 20_000;
const PORTS_TO = 32_000;

/**
 * A free loopback port, picked at random below the ephemeral range and checked by listening on
 * it. Asking the OS (port 0) handed the port just closed in one test process to the next one
 * that asked, in another: two bots of parallel test files were told the same port, one could not
 * listen and exited, and the other answered the first's health check and webhooks (404).
 */
export async function freePort(): Promise<number> {
  for (let attempt = 0; attempt < 100; attempt++) {
    const port = PORTS_FROM + Math.floor(Math.random() * (PORTS_TO - PORTS_FROM));
    if (await listensOn(port)) return port;
  }
  throw new Error("no free loopback port found");
}

function listensOn(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.once("error", () => resolve(false));
    srv.listen(port, "127.0.0.1", () => srv.close(() => resolve(true)));
  });
}

export interface LocalRedis {
  url: string;
  /** Kills the server at once (for process exit handlers). */
  kill(): void;
  /** Stops the server and waits for it to exit. */
  stop(): Promise<void>;
}

/**
 * Starts a throw-away redis-server on a free loopback port with no persistence, its working
 * folder in `dir`. Rejects with {@link MissingRedisError} when redis-server is not installed.
 */
export async function startRedis(
  dir: string,
  extraArgs: readonly string[] = [],
  /** How long it may take to answer (a bench loading a snapshot of gigabytes takes longer). */
  startMs = 10_000,
): Promise<LocalRedis> {
  const port = await freePort();
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
      ...extraArgs,
    ],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  let ready = false;
  // Keep reading its output for its whole life, so a full pipe never blocks it.
  const collect = (chunk: Buffer) => {
    if (!ready) output += chunk.toString();
  };
  child.stderr?.on("data", collect);

  await new Promise<void>((resolve, reject) => {
    const lastLine = () => output.trim().split("\n").at(-1) ?? "";
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`redis-server did not start within ${startMs / 1000} s: ${lastLine()}`));
    }, startMs);
    child.once("error", (err: NodeJS.ErrnoException) => {
      clearTimeout(timer);
      reject(err.code === "ENOENT" ? new MissingRedisError() : err);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`redis-server exited at start (${code ?? signal}): ${lastLine()}`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      collect(chunk);
      if (!ready && output.includes("Ready to accept connections")) {
        ready = true;
        output = "";
        clearTimeout(timer);
        resolve();
      }
    });
  });

  const running = () => child.exitCode === null && child.signalCode === null;
  return {
    url: `redis://127.0.0.1:${port}`,
    kill: () => {
      if (running()) child.kill("SIGKILL");
    },
    stop: async () => {
      if (!running()) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

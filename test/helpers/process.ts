import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../../src/runtime/paths.js";
import type { FakeTelegram } from "../fakes/telegram-api.js";
import { until } from "./wait.js";

export interface RunningProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
}

export interface SpawnOptions {
  cwd: string;
  /** The whole environment besides PATH. */
  env: Record<string, string>;
  /** Written to the process's stdin, which is then closed; without it stdin is /dev/null. */
  stdin?: string;
  /** In a process group of its own, so that the test can kill it with all it started. */
  detached?: boolean;
}

/** Sends `signal` to each of `processes` still running and waits until every one has ended. */
export async function stopAll(
  processes: readonly RunningProcess[],
  signal: NodeJS.Signals = "SIGTERM",
): Promise<void> {
  for (const p of processes)
    if (p.child.exitCode === null && p.child.signalCode === null) p.child.kill(signal);
  await Promise.all(processes.map((p) => p.exited));
}

/** Runs `command` with exactly `options.env` plus PATH, collecting what it prints. */
export function spawnCollecting(command: string, args: string[], options: SpawnOptions): RunningProcess {
  const child = spawn(command, args, {
    cwd: options.cwd,
    env: { PATH: process.env.PATH ?? "", ...options.env },
    stdio: [options.stdin === undefined ? "ignore" : "pipe", "pipe", "pipe"],
    detached: options.detached ?? false,
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString();
  });
  if (options.stdin !== undefined) child.stdin?.end(options.stdin);
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

/** Starts the built bot (`dist/src/main.js`, as `npm start` does) with exactly `env` plus PATH. */
export function startBuiltBot(env: Record<string, string>): RunningProcess {
  const root = projectRoot();
  return spawnCollecting(process.execPath, [join(root, "dist/src/main.js")], { cwd: root, env });
}

/** Waits until `http://127.0.0.1:<port>/healthz` answers 200 (a start takes seconds when other test files run). */
export async function untilHealthy(port: number | string, timeoutMs = 30_000): Promise<void> {
  await until(
    () =>
      fetch(`http://127.0.0.1:${port}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      ),
    timeoutMs,
  );
}

/**
 * Starts the built bot and waits until it serves /healthz on its HTTP_PORT and, given the fake
 * `telegram`, has set its WEBHOOK_URL there (webhook mode). One that does not get that far is
 * killed, and the error carries what it printed to stderr.
 */
export async function startServingBot(
  env: Record<string, string>,
  telegram?: FakeTelegram,
): Promise<RunningProcess> {
  const mark = telegram?.calls.length ?? 0;
  const proc = startBuiltBot(env);
  try {
    if (telegram)
      await telegram.waitFor(
        (c) => c.method === "setWebhook" && c.params.url === env.WEBHOOK_URL,
        30_000,
        mark,
      );
    await untilHealthy(env.HTTP_PORT ?? "");
  } catch (err) {
    proc.child.kill("SIGKILL");
    await proc.exited;
    throw new Error(`the bot did not start serving: ${String(err)}\n--- stderr\n${proc.stderr()}`);
  }
  return proc;
}

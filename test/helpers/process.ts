import { type ChildProcess, spawn } from "node:child_process";
import { join } from "node:path";
import { projectRoot } from "../../src/paths.js";

export interface RunningProcess {
  child: ChildProcess;
  stdout(): string;
  stderr(): string;
  /** Resolves with the exit code (or the signal name) once the process has ended. */
  exited: Promise<number | string>;
}

/** Starts the built bot (`dist/src/main.js`, as `npm start` does) with exactly `env` plus PATH. */
export function startBuiltBot(env: Record<string, string>): RunningProcess {
  const root = projectRoot();
  const child = spawn(process.execPath, [join(root, "dist/src/main.js")], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let out = "";
  let err = "";
  child.stdout?.on("data", (c: Buffer) => {
    out += c.toString();
  });
  child.stderr?.on("data", (c: Buffer) => {
    err += c.toString();
  });
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => resolve(code ?? signal ?? "unknown"));
  });
  return { child, stdout: () => out, stderr: () => err, exited };
}

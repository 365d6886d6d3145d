/**
 * Child processes for the side-by-side benchmark and what Linux says about them: CPU time from
 * /proc/<pid>/stat (user + system, waited-for children included) and resident memory from
 * /proc/<pid>/status. Every child started here is killed when the benchmark exits, however it exits.
 */
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { readFileSync } from "node:fs";

const live = new Set<ChildProcess>();
process.once("exit", () => {
  for (const child of live) child.kill("SIGKILL");
});

/** Clock ticks per second of /proc/<pid>/stat times. */
export const CLOCK_TICKS = (() => {
  try {
    return Number(execFileSync("getconf", ["CLK_TCK"]).toString().trim()) || 100;
  } catch {
    return 100;
  }
})();

export interface Child {
  pid: number;
  /** SIGTERM, then SIGKILL after `graceMs`; resolves once it has exited. */
  stop(graceMs?: number): Promise<void>;
  exited: Promise<number | string>;
  /** Output lines so far, and the most frequent log messages (pino `msg`, or the raw line). */
  logSummary(): { lines: number; top: [string, number][]; last: string[] };
}

/**
 * Starts `node <nodeArgs> <script>` with exactly `env` (plus PATH); its output is read and
 * summarised. `nodeArgs`: flags for node itself (`--cpu-prof`, which NODE_OPTIONS refuses).
 */
export function startNode(
  script: string,
  env: Record<string, string>,
  cwd: string,
  nodeArgs: string[] = [],
): Child {
  const child = spawn(process.execPath, [...nodeArgs, script], {
    cwd,
    env: { PATH: process.env.PATH ?? "", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  live.add(child);
  let lines = 0;
  const counts = new Map<string, number>();
  const last: string[] = [];
  const read = (chunk: Buffer) => {
    for (const line of chunk.toString().split("\n")) {
      if (!line.trim()) continue;
      lines++;
      last.push(line.slice(0, 300));
      if (last.length > 5) last.shift();
      let msg = line.slice(0, 120);
      try {
        const parsed: unknown = JSON.parse(line);
        if (parsed && typeof parsed === "object" && "msg" in parsed) msg = String(parsed.msg);
      } catch {
        // not JSON: the raw line
      }
      counts.set(msg, (counts.get(msg) ?? 0) + 1);
    }
  };
  child.stdout?.on("data", read);
  child.stderr?.on("data", read);
  const exited = new Promise<number | string>((resolve) => {
    child.once("exit", (code, signal) => {
      live.delete(child);
      resolve(code ?? signal ?? "unknown");
    });
  });
  return {
    pid: child.pid ?? 0,
    exited,
    stop: async (graceMs = 12_000) => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), graceMs);
      await exited;
      clearTimeout(timer);
    },
    logSummary: () => ({
      lines,
      top: [...counts.entries()].sort((a, b) => b[1] - a[1]).slice(0, 3),
      last: [...last],
    }),
  };
}

/** CPU time of a process in ms (user + system, and of children it waited for). */
export function cpuMs(pid: number): number {
  const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
  // Fields after "(comm)": state is field 3, utime 14, stime 15, cutime 16, cstime 17.
  const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
  const ticks = [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i] ?? 0), 0);
  return (ticks * 1000) / CLOCK_TICKS;
}

/** Resident set size in MB, or undefined when the process is gone. */
export function rssMb(pid: number): number | undefined {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match ? Number(match[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** Samples the RSS of `pid` every `everyMs` until stopped; returns mean and max. */
export function sampleRss(pid: number, everyMs = 250): () => { meanMb: number; maxMb: number } {
  const samples: number[] = [];
  const take = () => {
    const mb = rssMb(pid);
    if (mb !== undefined) samples.push(mb);
  };
  take();
  const timer = setInterval(take, everyMs);
  return () => {
    clearInterval(timer);
    take();
    const sum = samples.reduce((a, b) => a + b, 0);
    return { meanMb: samples.length ? sum / samples.length : 0, maxMb: Math.max(0, ...samples) };
  };
}

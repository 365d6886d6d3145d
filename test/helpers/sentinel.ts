import { type ChildProcess, spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { freePort } from "./local-redis.js";

/** The files of a Sentinel that speaks TLS only (its certificate, key, and the CA it trusts). */
export interface SentinelTls {
  cert: string;
  key: string;
  ca: string;
}

export interface LocalSentinel {
  port: number;
  stop(): Promise<void>;
}

/**
 * Starts a real Redis Sentinel (`redis-server <conf> --sentinel`) on a free loopback port, watching
 * the master at 127.0.0.1:`masterPort` under `name`, and waits until it monitors it. Its config file
 * lives in `dir` (Sentinel rewrites it). With `tls` it takes TLS connections only (no plain port),
 * reaches the master over TLS, and `extra` lines (say `requirepass`) go into its config.
 */
export async function startSentinel(
  dir: string,
  masterPort: number,
  name: string,
  options: { tls?: SentinelTls; extra?: readonly string[] } = {},
): Promise<LocalSentinel> {
  const port = await freePort();
  const conf = join(dir, `sentinel-${port}.conf`);
  const { tls } = options;
  const listen = tls
    ? ["port 0", `tls-port ${port}`, `tls-cert-file ${tls.cert}`, `tls-key-file ${tls.key}`]
    : [`port ${port}`];
  const tlsRest = tls ? [`tls-ca-cert-file ${tls.ca}`, "tls-auth-clients no", "tls-replication yes"] : [];
  writeFileSync(
    conf,
    [
      ...listen,
      ...tlsRest,
      "bind 127.0.0.1",
      `dir ${dir}`,
      `sentinel monitor ${name} 127.0.0.1 ${masterPort} 1`,
      `sentinel down-after-milliseconds ${name} 5000`,
      ...(options.extra ?? []),
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn("redis-server", [conf, "--sentinel"], {
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let ready = false;
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      reject(new Error(`redis sentinel did not start within 10 s: ${output.trim().split("\n").at(-1)}`));
    }, 10_000);
    child.once("error", (err) => {
      clearTimeout(timer);
      reject(err);
    });
    child.once("exit", (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`redis sentinel exited at start (${code ?? signal}): ${output}`));
    });
    child.stdout?.on("data", (chunk: Buffer) => {
      if (ready) return;
      output += chunk.toString();
      if (output.includes(`+monitor master ${name}`)) {
        ready = true;
        clearTimeout(timer);
        resolve();
      }
    });
    child.stderr?.on("data", () => undefined);
  });
  child.removeAllListeners("exit");
  return {
    port,
    stop: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      const timer = setTimeout(() => child.kill("SIGKILL"), 3_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

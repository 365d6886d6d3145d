/**
 * How late this machine lets a thread run that asks for the CPU every millisecond: a worker
 * thread idles with a 1 ms event-loop-delay monitor, so its largest delay is time the OS or the
 * hypervisor gave to something else. A Redis command measured at N ms in SLOWLOG while this
 * shows about N too was the machine's pause, not Redis's work (bench/ticks.ts prints both).
 */
import { Worker } from "node:worker_threads";

const PROBE = `
const { parentPort } = require("node:worker_threads");
const { monitorEventLoopDelay } = require("node:perf_hooks");
const h = monitorEventLoopDelay({ resolution: 1 });
h.enable();
parentPort.once("message", () => {
  h.disable();
  parentPort.postMessage(h.max / 1e6);
});
`;

/** A probe on a thread of its own: `stop()` ends it and gives what it measured. */
export interface Probe<T> {
  stop(): Promise<T>;
}

/** Runs `source` in a worker thread that answers the first message with its figures. */
function startProbe<T>(source: string, workerData?: unknown): Probe<T> {
  const worker = new Worker(source, { eval: true, workerData });
  return {
    stop: () =>
      new Promise<T>((resolve, reject) => {
        worker.once("message", (figures: T) => {
          void worker.terminate();
          resolve(figures);
        });
        worker.once("error", reject);
        worker.postMessage("stop");
      }),
  };
}

/** The largest delay seen since it started, in ms. */
export function startLatencyProbe(): Probe<number> {
  return startProbe<number>(PROBE);
}

const REDIS_PROBE = `
const { parentPort, workerData } = require("node:worker_threads");
const { Redis } = require("ioredis");
const redis = new Redis(workerData.url);
const times = [];
let running = true;
parentPort.once("message", () => { running = false; });
(async () => {
  while (running) {
    const t = process.hrtime.bigint();
    await redis.ping();
    times.push(Number(process.hrtime.bigint() - t) / 1e6);
    await new Promise((r) => setTimeout(r, 5));
  }
  redis.disconnect();
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.min(times.length - 1, Math.floor(q * times.length))] ?? 0;
  parentPort.postMessage({ p50: at(0.5), p99: at(0.99), max: times.at(-1) ?? 0, n: times.length });
})();
`;

export interface RedisLatency {
  p50: number;
  p99: number;
  max: number;
  n: number;
}

/**
 * How long Redis takes to answer a PING sent every 5 ms from a thread of its own (not the bench's
 * busy event loop): what every command of the bot waits for beside what it asked for.
 */
export function startRedisProbe(url: string): Probe<RedisLatency> {
  return startProbe<RedisLatency>(REDIS_PROBE, { url });
}

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

export interface LatencyProbe {
  /** Stops the probe: the largest delay seen since it started, in ms. */
  stop(): Promise<number>;
}

export function startLatencyProbe(): LatencyProbe {
  const worker = new Worker(PROBE, { eval: true });
  return {
    stop: () =>
      new Promise<number>((resolve, reject) => {
        worker.once("message", (max: number) => {
          void worker.terminate();
          resolve(max);
        });
        worker.once("error", reject);
        worker.postMessage("stop");
      }),
  };
}

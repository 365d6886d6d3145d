/**
 * Preloaded into a bot under a bench (`BENCH_PROFILE="--import=<root>/dist/bench/alloc-watch.js"`
 * with `BENCH_PROFILE_OUTPUT=<dir>` keeping its output): samples every allocation the process
 * makes, those the collector has already freed included (V8's sampling heap profiler, one sample
 * per ~32 KB), and at exit writes to stderr how many bytes were allocated per second and where:
 * by function and by module, self sizes. What a scavenge costs grows with what survives it, how
 * often it runs with what is allocated: this says where the second comes from.
 */
import { writeSync } from "node:fs";
import { Session } from "node:inspector";

interface ProfileNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: ProfileNode[];
}

const TOP = 40;
const STACK_DEPTH = 7;
/** Start-up (loading modules, reading the locales) is left out: sampling begins this late. */
const AFTER_MS = 3_000;
let started = 0n;
const session = new Session();
session.connect();
// ALLOC_WATCH=survivors keeps only what was not freed by a scavenge: what got promoted (or stays).
const survivors = process.env.ALLOC_WATCH === "survivors";
setTimeout(() => {
  started = process.hrtime.bigint();
  session.post("HeapProfiler.startSampling", {
    samplingInterval: 32_768,
    includeObjectsCollectedByMajorGC: true,
    includeObjectsCollectedByMinorGC: !survivors,
  });
}, AFTER_MS).unref();

const say = (line: string) => writeSync(2, `alloc-watch ${line}\n`);
const mb = (bytes: number) => (bytes / 1048576).toFixed(1).padStart(8);

function shortUrl(url: string): string {
  const at = url.lastIndexOf("node_modules/");
  if (at >= 0) return url.slice(at + "node_modules/".length);
  const dist = url.indexOf("/dist/");
  return dist >= 0 ? url.slice(dist + 1) : url || "(native)";
}

function moduleOf(url: string): string {
  const short = shortUrl(url);
  if (url.includes("node_modules/")) {
    const parts = short.split("/");
    return parts[0]?.startsWith("@") ? `${parts[0]}/${parts[1]}` : (parts[0] ?? short);
  }
  return short.split("/").slice(0, 3).join("/");
}

const frameName = (f: ProfileNode["callFrame"]) =>
  `${f.functionName || "(anonymous)"} ${shortUrl(f.url)}:${f.lineNumber + 1}`;

function summarize(head: ProfileNode): void {
  const byFunction = new Map<string, number>();
  const byModule = new Map<string, number>();
  const byStack = new Map<string, number>();
  let total = 0;
  const stack: { node: ProfileNode; callers: string[] }[] = [{ node: head, callers: [] }];
  for (let item = stack.pop(); item; item = stack.pop()) {
    const { node, callers } = item;
    const where = frameName(node.callFrame);
    byFunction.set(where, (byFunction.get(where) ?? 0) + node.selfSize);
    const module = moduleOf(node.callFrame.url);
    byModule.set(module, (byModule.get(module) ?? 0) + node.selfSize);
    const chain = [where, ...callers.slice(0, STACK_DEPTH - 1)].join(" < ");
    byStack.set(chain, (byStack.get(chain) ?? 0) + node.selfSize);
    total += node.selfSize;
    for (const child of node.children) stack.push({ node: child, callers: [where, ...callers] });
  }
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  say(
    `${survivors ? "outlived a scavenge" : "allocated"} ${mb(total)} MB in ${seconds.toFixed(1)} s: ${mb(total / seconds)} MB/s`,
  );
  const top = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, TOP);
  say("by module:");
  for (const [name, bytes] of top(byModule)) say(`  ${mb(bytes)} MB  ${name}`);
  say("by function:");
  for (const [name, bytes] of top(byFunction)) say(`  ${mb(bytes)} MB  ${name}`);
  say("by call stack (innermost first):");
  for (const [name, bytes] of top(byStack)) say(`  ${mb(bytes)} MB  ${name}`);
}

process.once("exit", () => {
  if (started === 0n) return say("stopped before sampling began");
  session.post("HeapProfiler.stopSampling", (err, result) => {
    if (err) say(`failed: ${err.message}`);
    else summarize((result as { profile: { head: ProfileNode } }).profile.head);
  });
});

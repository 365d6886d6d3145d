/**
 * Where a process's CPU went, from a `.cpuprofile` written by `node --cpu-prof` (compare.ts with
 * `BENCH_PROFILE="--cpu-prof --cpu-prof-dir=<dir>"`): self time summed by area (a package of
 * node_modules, a folder of ours, Node's internals, GC), then the top functions.
 *
 *   node dist/bench/cpu-profile.js <file.cpuprofile> [--from-ms=N] [--to-ms=N] [--top=N]
 *
 * `--from-ms` skips the first N ms (start-up), `--to-ms` what comes after N ms (one moment's work). Self time only: async handlers have no useful
 * inclusive time in a sampled profile.
 */
import { readFileSync } from "node:fs";
import { z } from "zod";

const profileSchema = z.object({
  nodes: z.array(
    z.object({
      id: z.number(),
      callFrame: z.object({ functionName: z.string(), url: z.string(), lineNumber: z.number() }),
    }),
  ),
  startTime: z.number(),
  samples: z.array(z.number()),
  timeDeltas: z.array(z.number()),
});

/** What a script's URL belongs to: `pkg:<name>`, `ours:<folder>`, `node:<module>`, or a V8 name. */
export function areaOf(url: string, functionName: string): string {
  if (!url) return functionName.startsWith("(") ? functionName : "(native)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return `pkg:${pkg[1]}`;
  const ours = /\/dist\/(src|bench)\/([^/]+\/)?/.exec(url);
  if (ours) return `ours:${ours[1]}/${ours[2] ?? ""}`;
  if (url.startsWith("node:")) return `node:${url.slice(5).split("/")[0]}`;
  return url.replace(/^.*\//, "");
}

function main(): void {
  const args = process.argv.slice(2);
  const file = args.find((a) => !a.startsWith("--"));
  if (!file) throw new Error("usage: cpu-profile.js <file.cpuprofile> [--from-ms=N] [--to-ms=N] [--top=N]");
  const option = (name: string, fallback: number) =>
    Number(args.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback);
  const fromUs = option("from-ms", 0) * 1000;
  const toUs = option("to-ms", Number.POSITIVE_INFINITY) * 1000;
  const top = option("top", 40);
  const profile = profileSchema.parse(JSON.parse(readFileSync(file, "utf8")));
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const byArea = new Map<string, number>();
  const byFunction = new Map<string, number>();
  let t = 0;
  let total = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < fromUs || t > toUs) return;
    const node = byId.get(id);
    if (!node) return;
    const { functionName, url, lineNumber } = node.callFrame;
    const area = areaOf(url, functionName);
    if (area === "(idle)") return;
    total += delta;
    byArea.set(area, (byArea.get(area) ?? 0) + delta);
    const name = `${functionName || "(anonymous)"} ${url.replace(/^.*\/(node_modules|dist)\//, "")}:${lineNumber + 1}`;
    byFunction.set(name, (byFunction.get(name) ?? 0) + delta);
  });
  const print = (title: string, map: Map<string, number>, n: number) => {
    process.stdout.write(`\n${title}\n`);
    for (const [key, us] of [...map.entries()].sort((a, b) => b[1] - a[1]).slice(0, n)) {
      const share = ((100 * us) / Math.max(1, total)).toFixed(1).padStart(5);
      process.stdout.write(`${share} %  ${(us / 1000).toFixed(0).padStart(7)} ms  ${key}\n`);
    }
  };
  process.stdout.write(`busy (not idle) CPU in the profile: ${(total / 1000).toFixed(0)} ms\n`);
  print("self time by area", byArea, 30);
  print("self time by function", byFunction, top);
}

main();

/**
 * Sums a V8 heap snapshot (bench/heap-where.ts) the way DevTools does: retained sizes from the
 * dominator tree (weak edges ignored), then the heap by node type, the largest retainers, and by
 * module: each object counts for the module of its nearest dominator that is code (a function,
 * its shared info or a script), so a module's source, bytecode and what only its closures hold
 * are its own; the rest is summed by the top retainer's name.
 */
import { readFileSync } from "node:fs";
import { say } from "./side-by-side.js";

interface Snapshot {
  snapshot: { meta: { node_fields: string[]; node_types: [string[]]; edge_types: [string[]] } };
  nodes: number[];
  edges: number[];
  strings: string[];
}

const NF = 7;
const EF = 3;

/** Immediate dominators by Cooper, Harvey and Kennedy's iteration over a reverse postorder. */
export function dominators(count: number, first: Uint32Array, to: Uint32Array, skip: Uint8Array): Int32Array {
  const order = new Int32Array(count).fill(-1);
  const post: number[] = [];
  const stack: number[] = [0];
  const cursor = new Uint32Array(count);
  order[0] = -2;
  for (let n = 0; n < count; n++) cursor[n] = first[n] ?? 0;
  while (stack.length > 0) {
    const n = stack[stack.length - 1] ?? 0;
    const e = cursor[n] ?? 0;
    if (e < (first[n + 1] ?? 0)) {
      cursor[n] = e + 1;
      const m = to[e] ?? 0;
      if (!skip[e] && order[m] === -1) {
        order[m] = -2;
        stack.push(m);
      }
    } else {
      stack.pop();
      order[n] = post.length;
      post.push(n);
    }
  }
  const preds: number[][] = Array.from({ length: count }, () => []);
  for (let n = 0; n < count; n++)
    for (let e = first[n] ?? 0; e < (first[n + 1] ?? 0); e++) {
      const m = to[e] ?? 0;
      if (!skip[e] && (order[n] ?? -1) >= 0) preds[m]?.push(n);
    }
  const idom = new Int32Array(count).fill(-1);
  idom[0] = 0;
  const intersect = (a: number, b: number) => {
    let x = a;
    let y = b;
    while (x !== y) {
      while ((order[x] ?? 0) < (order[y] ?? 0)) x = idom[x] ?? 0;
      while ((order[y] ?? 0) < (order[x] ?? 0)) y = idom[y] ?? 0;
    }
    return x;
  };
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = post.length - 2; i >= 0; i--) {
      const n = post[i] ?? 0;
      let d = -1;
      for (const p of preds[n] ?? []) if ((idom[p] ?? -1) >= 0) d = d < 0 ? p : intersect(p, d);
      if (d >= 0 && idom[n] !== d) {
        idom[n] = d;
        changed = true;
      }
    }
  }
  return idom;
}

/** `node_modules/@scope/pkg`, `dist/src/bot/features`, `node:internal`... from a script's URL. */
export function moduleOf(url: string): string {
  if (url.startsWith("node:")) return "node (built-in)";
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (pkg) return pkg[1] ?? url;
  const own = /dist\/((?:src|bench)\/[^/]+(?:\/[^/.]+(?=\/))?)/.exec(url);
  return own ? (own[1] ?? url) : url.slice(-60);
}

/** The snapshot's graph in flat arrays: nodes' edges from first[n] to first[n + 1]. */
interface Graph {
  count: number;
  first: Uint32Array;
  to: Uint32Array;
  skip: Uint8Array;
  edgeName: string[];
  type(n: number): string;
  name(n: number): string;
  self(n: number): number;
}

export function readGraph(file: string): Graph {
  const snap = JSON.parse(readFileSync(file, "utf8")) as Snapshot;
  const { nodes, edges, strings } = snap;
  const types = snap.snapshot.meta.node_types[0];
  const edgeTypes = snap.snapshot.meta.edge_types[0];
  const count = nodes.length / NF;
  const first = new Uint32Array(count + 1);
  for (let n = 0, e = 0; n < count; n++) {
    first[n] = e;
    e += nodes[n * NF + 4] ?? 0;
  }
  first[count] = edges.length / EF;
  const to = new Uint32Array(edges.length / EF);
  const skip = new Uint8Array(edges.length / EF);
  const edgeName: string[] = [];
  for (let e = 0; e < to.length; e++) {
    to[e] = (edges[e * EF + 2] ?? 0) / NF;
    const type = edgeTypes[edges[e * EF] ?? 0] ?? "";
    skip[e] = type === "weak" ? 1 : 0;
    edgeName[e] = type === "internal" || type === "property" ? (strings[edges[e * EF + 1] ?? 0] ?? "") : "";
  }
  return {
    count,
    first,
    to,
    skip,
    edgeName,
    type: (n) => types[nodes[n * NF] ?? 0] ?? "",
    name: (n) => strings[nodes[n * NF + 1] ?? 0] ?? "",
    self: (n) => nodes[n * NF + 3] ?? 0,
  };
}

/** Retained sizes, and the reachable nodes deepest first in the dominator tree. */
export function retainedSizes(
  g: Graph,
  idom: Int32Array,
): { retained: Float64Array; deepestFirst: number[] } {
  const retained = new Float64Array(g.count);
  for (let n = 0; n < g.count; n++) retained[n] = g.self(n);
  const depth = new Int32Array(g.count).fill(-1);
  const depthOf = (n: number): number => {
    const path: number[] = [];
    let x = n;
    while ((depth[x] ?? -1) < 0 && x !== 0 && (idom[x] ?? -1) >= 0) {
      path.push(x);
      x = idom[x] ?? 0;
    }
    let d = x === 0 ? 0 : (depth[x] ?? 0);
    for (let i = path.length - 1; i >= 0; i--) depth[path[i] ?? 0] = ++d;
    return depth[n] ?? 0;
  };
  const deepestFirst = [...Array(g.count).keys()].filter((n) => (idom[n] ?? -1) >= 0 && n !== 0);
  for (const n of deepestFirst) depthOf(n);
  deepestFirst.sort((a, b) => (depth[b] ?? 0) - (depth[a] ?? 0));
  for (const n of deepestFirst) retained[idom[n] ?? 0] = (retained[idom[n] ?? 0] ?? 0) + (retained[n] ?? 0);
  return { retained, deepestFirst };
}

/** The script URL of a function, its shared info or a script node. */
function urlOf(g: Graph, n: number): string | undefined {
  const edgeTo = (from: number, wanted: string) => {
    for (let e = g.first[from] ?? 0; e < (g.first[from + 1] ?? 0); e++)
      if (g.edgeName[e] === wanted) return g.to[e] ?? -1;
    return -1;
  };
  const t = g.type(n);
  if (t !== "code" && t !== "closure") return undefined;
  const nm = g.name(n);
  if (t === "code" && (nm.startsWith("file:") || nm.startsWith("node:") || nm.startsWith("/"))) return nm;
  const sfi = t === "closure" ? edgeTo(n, "shared") : n;
  const script = sfi >= 0 ? edgeTo(sfi, "script_or_debug_info") : -1;
  return script >= 0 ? g.name(script) || undefined : undefined;
}

/**
 * Who owns each node: the module of its nearest dominator that is code, else the nearest
 * dominating object with a constructor of its own (not Object, Array...).
 */
function owners(g: Graph, idom: Int32Array): (n: number) => string {
  const owner = new Array<string | undefined>(g.count);
  const plain = new Set(["Object", "Array", "Map", "Set", ""]);
  const holderOf = (n: number): string => {
    for (let x = n; x !== 0 && (idom[x] ?? -1) >= 0; x = idom[x] ?? 0)
      if (
        (g.type(x) === "object" || g.type(x) === "native") &&
        !plain.has(g.name(x)) &&
        !g.name(x).startsWith("system")
      )
        return g.name(x).slice(0, 40);
    return g.type(n);
  };
  return (n) => {
    const path: number[] = [];
    let found: string | undefined;
    for (let x = n; x !== 0 && (idom[x] ?? -1) >= 0; x = idom[x] ?? 0) {
      found = owner[x];
      if (found !== undefined) break;
      path.push(x);
      const url = urlOf(g, x);
      if (url) {
        found = moduleOf(url);
        break;
      }
    }
    const result = found ?? `(no code) ${holderOf(n)}`;
    for (const p of path) owner[p] = result;
    return result;
  };
}

const mb = (b: number) => `${(b / 1e6).toFixed(2)} MB`;

function list(title: string, map: Map<string, number>, k: number): void {
  say(`  ${title}:`);
  for (const [key, v] of [...map].sort((a, b) => b[1] - a[1]).slice(0, k))
    say(`    ${mb(v).padStart(9)}  ${key}`);
}

const add = (map: Map<string, number>, key: string, v: number) => map.set(key, (map.get(key) ?? 0) + v);

/** Prints the snapshot's heap by node type, by module, by name, and its largest retainers. */
export function printHeapSummary(file: string, top = 25): void {
  const g = readGraph(file);
  const idom = dominators(g.count, g.first, g.to, g.skip);
  const { retained, deepestFirst } = retainedSizes(g, idom);
  const ownerOf = owners(g, idom);
  let total = 0;
  const byType = new Map<string, number>();
  const byModule = new Map<string, number>();
  const byName = new Map<string, number>();
  for (const n of deepestFirst) {
    total += g.self(n);
    add(byType, g.type(n), g.self(n));
    add(byModule, ownerOf(n), g.self(n));
    add(byName, `${g.type(n)} ${g.name(n).slice(0, 50).replace(/\s+/g, " ")}`, g.self(n));
  }
  say(`  reachable: ${mb(total)} in ${g.count} nodes`);
  list("by node type", byType, 12);
  list("by module (self sizes, each node to its nearest code dominator)", byModule, top);
  list("by type and name (self sizes)", byName, 20);
  const show = process.env.HEAP_SHOW;
  if (show)
    printOwned(
      g,
      idom,
      deepestFirst.filter((n) => ownerOf(n) === show),
      show,
      top,
    );
  const big = deepestFirst.filter((n) => g.type(n) !== "synthetic" && (retained[n] ?? 0) > 300_000);
  big.sort((a, b) => (retained[b] ?? 0) - (retained[a] ?? 0));
  say("  largest retainers (retained size; nested ones repeat their parents' share):");
  for (const n of big.slice(0, top))
    say(
      `    ${mb(retained[n] ?? 0).padStart(9)}  ${g.type(n)} ${g.name(n).slice(0, 60).replace(/\s+/g, " ")} [${ownerOf(n)}]`,
    );
}

/** `HEAP_SHOW=<owner>`: that owner's largest nodes and what holds each. */
function printOwned(g: Graph, idom: Int32Array, mine: number[], show: string, top: number): void {
  mine.sort((a, b) => g.self(b) - g.self(a));
  say(`  largest nodes of ${show}:`);
  for (const n of mine.slice(0, top)) {
    let d = idom[n] ?? 0;
    while (d !== 0 && (g.type(d) === "array" || g.type(d) === "hidden")) d = idom[d] ?? 0;
    const what = `${g.type(n)} ${g.name(n).slice(0, 50).replace(/\s+/g, " ")}`;
    say(`    ${mb(g.self(n)).padStart(9)}  ${what} <- ${g.type(d)} ${g.name(d).slice(0, 40)}`);
  }
}

if (process.argv[1]?.endsWith("heap-sum.js")) for (const f of process.argv.slice(2)) printHeapSummary(f);

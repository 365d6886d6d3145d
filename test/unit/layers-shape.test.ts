import { readdirSync, readFileSync } from "node:fs";
import { join, posix, relative } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * The layers of src/ as README's "Where things live" draws them. The domain's rooms, lowest
 * first: a room may import the rooms before it in this list, never one after it. drift and
 * backoffice stand side by side on the top floor and do not import each other.
 */
const ROOMS = [
  "staff",
  "catalog",
  "books",
  "provisioning",
  "terms",
  "fleet",
  "sales",
  "settlement",
  "backoffice",
  "drift",
];
const FLOOR: Record<string, number> = {
  staff: 0,
  catalog: 1,
  books: 2,
  provisioning: 3,
  terms: 4,
  fleet: 5,
  sales: 6,
  settlement: 7,
  backoffice: 8,
  drift: 8,
};
/** The delivery surfaces that must not import each other. */
const SURFACES = ["src/bot/", "src/webapp/"];

const root = fileURLToPath(new URL("../..", import.meta.url));

interface Source {
  path: string;
  text: string;
}

function files(dir: string, ext: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return files(path, ext);
    return entry.name.endsWith(ext) ? [path] : [];
  });
}

function read(ext: string): Source[] {
  return files(join(root, "src"), ext)
    .map((file) => relative(root, file).split("\\").join("/"))
    .map((path) => ({ path, text: readFileSync(join(root, path), "utf8") }));
}

/** Every module a file imports (static, re-exported, dynamic, type-only), as a path from the root. */
function importsOf(file: Source): string[] {
  const source = ts.createSourceFile(file.path, file.text, ts.ScriptTarget.Latest, true);
  const specs: string[] = [];
  const visit = (node: ts.Node) => {
    if ((ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier) {
      if (ts.isStringLiteral(node.moduleSpecifier)) specs.push(node.moduleSpecifier.text);
    } else if (ts.isCallExpression(node) && node.expression.kind === ts.SyntaxKind.ImportKeyword) {
      const [arg] = node.arguments;
      if (arg && ts.isStringLiteral(arg)) specs.push(arg.text);
    } else if (ts.isImportTypeNode(node)) {
      const arg = node.argument;
      if (ts.isLiteralTypeNode(arg) && ts.isStringLiteral(arg.literal)) specs.push(arg.literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return specs.flatMap((spec) => {
    if (spec.startsWith("#src/")) return [`src/${spec.slice(5)}`];
    if (spec.startsWith(".")) return [posix.normalize(posix.join(posix.dirname(file.path), spec))];
    return [];
  });
}

const roomOf = (path: string): string | undefined => {
  const room = /^src\/domain\/([^/]+)\//.exec(path)?.[1];
  return room && ROOMS.includes(room) ? room : undefined;
};

/** A room importing a room on a higher floor (or a side room), or another room's inside. */
function roomViolations(sources: readonly Source[]): string[] {
  return sources.flatMap((file) => {
    const from = roomOf(file.path);
    return importsOf(file).flatMap((target) => {
      const to = roomOf(target);
      if (!to || to === from) return [];
      const face = `src/domain/${to}/index.js`;
      const found: string[] = [];
      if (target !== face) found.push(`${file.path} -> ${target}: not through ${to}/index.ts`);
      const [a, b] = [FLOOR[from ?? ""], FLOOR[to]];
      if (from && a !== undefined && b !== undefined && b >= a) {
        found.push(`${file.path} -> ${target}: ${from} imports ${to}, which is not below it`);
      }
      return found;
    });
  });
}

/** bot/ importing webapp/ or the other way round. */
function surfaceViolations(sources: readonly Source[]): string[] {
  return sources.flatMap((file) => {
    const from = SURFACES.find((s) => file.path.startsWith(s));
    if (!from) return [];
    return importsOf(file)
      .filter((target) => SURFACES.some((s) => s !== from && target.startsWith(s)))
      .map((target) => `${file.path} -> ${target}`);
  });
}

/**
 * Lua evaluated or written outside src/store/: EVAL/EVALSHA calls, a script made from a string,
 * `redis.call` in a TypeScript string. (Keys spelled inside .lua files: lua-scripts.test.ts.)
 */
function redisEvalViolations(sources: readonly Source[]): string[] {
  const evalCall = /\.(eval|evalsha|evalRo|evalshaRo)\s*\(|new LuaScript\(/;
  return sources
    .filter((file) => !file.path.startsWith("src/store/"))
    .flatMap((file) =>
      file.text.split("\n").flatMap((line, i) => {
        if (evalCall.test(line)) return [`${file.path}:${i + 1}: EVAL outside src/store/`];
        if (line.includes("redis.call(")) return [`${file.path}:${i + 1}: Lua inside a TypeScript file`];
        return [];
      }),
    );
}

describe("the layers of src/", () => {
  const ts_ = read(".ts");

  it("catches a planted violation of each rule", () => {
    const planted: Source[] = [
      { path: "src/domain/books/orders.ts", text: 'import { Shop } from "../sales/index.js";' },
      { path: "src/domain/sales/shop.ts", text: 'import type { Order } from "../books/orders.js";' },
      { path: "src/domain/drift/rules.ts", text: 'import { x } from "#src/domain/backoffice/index.js";' },
      { path: "src/bot/features/x.ts", text: 'const m = await import("../../webapp/api.js");' },
      { path: "src/webapp/api.ts", text: 'import type { BotContext } from "../bot/context.js";' },
      {
        path: "src/domain/books/wallet.ts",
        text: "await redis.eval(SCRIPT, 1, key);\nconst s = `redis.call('GET', KEYS[1])`;",
      },
    ];
    expect(roomViolations(planted)).toEqual([
      "src/domain/books/orders.ts -> src/domain/sales/index.js: books imports sales, which is not below it",
      "src/domain/sales/shop.ts -> src/domain/books/orders.js: not through books/index.ts",
      "src/domain/drift/rules.ts -> src/domain/backoffice/index.js: drift imports backoffice, which is not below it",
    ]);
    expect(surfaceViolations(planted)).toEqual([
      "src/bot/features/x.ts -> src/webapp/api.js",
      "src/webapp/api.ts -> src/bot/context.js",
    ]);
    expect(redisEvalViolations(planted)).toEqual([
      "src/domain/books/wallet.ts:1: EVAL outside src/store/",
      "src/domain/books/wallet.ts:2: Lua inside a TypeScript file",
    ]);
  });

  it("has each room import only rooms below it, through their index.ts", () => {
    expect(roomViolations(ts_)).toEqual([]);
  });

  it("keeps bot/ and webapp/ apart", () => {
    expect(surfaceViolations(ts_)).toEqual([]);
  });

  it("evaluates Lua only through src/store/", () => {
    expect(redisEvalViolations(ts_)).toEqual([]);
  });
});

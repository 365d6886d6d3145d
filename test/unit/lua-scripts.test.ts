import { readdirSync, readFileSync } from "node:fs";
import { basename, join, relative } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { BOOKS_LUA } from "../../src/domain/books/index.js";
import { TERMS_LUA } from "../../src/domain/terms/index.js";
import { LuaScript } from "../../src/store/lua.js";

/**
 * Every Lua script lives in a `.lua` file and gets its keys from TypeScript: through KEYS[], or
 * as a prefix in ARGV built from the room's keys.ts. This suite loads every `.lua` file under
 * src/ (its includes resolved) and looks for a string literal that spells a key: one that starts
 * with a key or key prefix declared in a keys.ts, or that is the start of one (`'orders:'`).
 */

const root = fileURLToPath(new URL("../..", import.meta.url));
const src = join(root, "src");

function filesUnder(dir: string, ending: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return filesUnder(path, ending);
    return entry.name.endsWith(ending) ? [path] : [];
  });
}

const luaFiles = filesUnder(src, ".lua");
const tsFiles = filesUnder(src, ".ts");
const keysModules = tsFiles.filter((f) => basename(f) === "keys.ts");

/**
 * What a script may include: the books' fragments (some generated from TypeScript constants) and
 * any `.lua` file by its name (a room's own fragment files, such as sales' `pay-order`).
 */
const fragments: Record<string, string> = {
  ...Object.fromEntries(luaFiles.map((f) => [basename(f, ".lua"), readFileSync(f, "utf8")])),
  ...BOOKS_LUA,
  ...TERMS_LUA,
};

/** Stands for a builder's parameters, to cut a key at its first variable part. */
const PART = "\u0000";

/** Every key (a constant) and key prefix (a builder's fixed start) among a keys module's exports. */
function keyPrefixes(value: unknown): string[] {
  if (typeof value === "string") return [value.split(PART)[0] ?? ""];
  if (typeof value === "function") {
    const parts = Array.from({ length: Math.max(1, value.length) }, () => PART);
    return keyPrefixes((value as (...args: string[]) => unknown)(...parts));
  }
  if (value && typeof value === "object") return Object.values(value).flatMap(keyPrefixes);
  return []; // a number kept beside the keys (a score), not a key
}

/** The string literals of a Lua source (short and long strings), comments skipped. */
function luaStrings(source: string): string[] {
  const found: string[] = [];
  const longBracket = /^\[(=*)\[/;
  let i = 0;
  while (i < source.length) {
    const rest = source.slice(i);
    if (rest.startsWith("--")) {
      const long = longBracket.exec(rest.slice(2));
      const end = long ? rest.indexOf(`]${long[1]}]`) : rest.indexOf("\n");
      i += end < 0 ? rest.length : end + 1;
      continue;
    }
    const long = longBracket.exec(rest);
    if (long) {
      const close = `]${long[1]}]`;
      const end = rest.indexOf(close, long[0].length);
      found.push(rest.slice(long[0].length, end < 0 ? undefined : end));
      i += end < 0 ? rest.length : end + close.length;
      continue;
    }
    const quote = rest[0];
    if (quote === "'" || quote === '"') {
      let j = 1;
      let text = "";
      while (j < rest.length && rest[j] !== quote) {
        if (rest[j] === "\\") j++;
        text += rest[j] ?? "";
        j++;
      }
      found.push(text);
      i += j + 1;
      continue;
    }
    i++;
  }
  return found;
}

/** The literals of `source` that spell a key: start with a declared key or prefix, or start one. */
function spelledKeys(source: string, prefixes: readonly string[]): string[] {
  return luaStrings(source).filter((literal) =>
    prefixes.some((p) => literal.startsWith(p) || (literal.endsWith(":") && p.startsWith(literal))),
  );
}

describe("Lua scripts", () => {
  it("the checker flags a key spelled in Lua, and only in code", () => {
    const prefixes = ["order:", "customers:reach", "stats:day:"];
    const sample = [
      "-- KEYS: [1] the order (order:<id>); 'order:' in a comment is not code",
      "--[[ 'customers:reach' in a long comment ]]",
      "local status = redis.call('HGET', 'order:' .. id, 'status')",
      'redis.call("ZADD", "customers:reach", 0, cid)',
      "local day = 'stats:' .. n",
      "redis.call('HINCRBY', KEYS[1], 'rev:' .. currency, 1)",
      "local ok = ARGV[1] .. id",
    ].join("\n");
    expect(spelledKeys(sample, prefixes)).toEqual(["order:", "customers:reach", "stats:"]);
    expect(luaStrings("local a = [[x]] .. [==[y]]z]==] .. 'it\\'s'")).toEqual(["x", "y]]z", "it's"]);
  });

  it("collects every key and key prefix of the keys modules", async () => {
    const prefixes = await declaredPrefixes();
    expect(keysModules.length).toBeGreaterThanOrEqual(9);
    expect(prefixes).toContain("order:");
    expect(prefixes).toContain("customers:reach");
    expect(prefixes).toContain("watch:state:");
    expect(prefixes.filter((p) => p.length < 3)).toEqual([]);
  });

  it("loads every .lua file under src/, its includes resolved", () => {
    expect(luaFiles.length).toBeGreaterThan(40);
    for (const file of luaFiles) {
      const script = LuaScript.load(pathToFileURL(file), fragments);
      expect(script.source, relative(root, file)).not.toMatch(/@include/);
    }
  });

  it("loads the scripts of every module that runs one (their fragments are at hand)", async () => {
    const runners = tsFiles.filter((f) => readFileSync(f, "utf8").includes("LuaScript.load("));
    expect(runners.length).toBeGreaterThan(15);
    for (const file of runners) await expect(import(pathToFileURL(file).href)).resolves.toBeDefined();
  });

  it("spells no key in any Lua source: keys come through KEYS[] or a prefix in ARGV", async () => {
    const prefixes = await declaredPrefixes();
    const spelled = luaFiles.flatMap((file) => {
      const source = LuaScript.load(pathToFileURL(file), fragments).source;
      return spelledKeys(source, prefixes).map((literal) => `${relative(root, file)}: '${literal}'`);
    });
    expect(spelled).toEqual([]);
  });
});

async function declaredPrefixes(): Promise<string[]> {
  const modules = await Promise.all(keysModules.map((f) => import(pathToFileURL(f).href)));
  return [...new Set(modules.flatMap((m) => keyPrefixes(m)))];
}

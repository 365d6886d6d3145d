import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ChainableCommander, Redis } from "ioredis";

/** `-- @include name` on a line of its own: replaced by the fragment of that name. */
const INCLUDE = /^--\s*@include\s+([\w-]+)\s*$/gm;

/** A `.lua` file's text as written (its include lines still in it). */
function readLua(file: URL): string {
  return readFileSync(fileURLToPath(file), "utf8");
}

/**
 * A fragment kept in a `.lua` file, for a fragments map: its own include lines are resolved by
 * the script that includes it, from the same map.
 */
export function luaFragment(file: URL): string {
  return readLua(file);
}

function withIncludes(
  text: string,
  fragments: Readonly<Record<string, string>>,
  where: string,
  included: Set<string>,
): string {
  return text.replace(INCLUDE, (_line, name: string) => {
    const fragment = fragments[name];
    if (fragment === undefined) throw new Error(`${where}: no Lua fragment named ${name}`);
    if (included.has(name)) return "";
    included.add(name);
    return withIncludes(fragment, fragments, `${where} < ${name}`, included).trim();
  });
}

/**
 * The one way this code runs Lua in Redis. A script is one atomic step (what money code
 * needs), run with EVALSHA and loaded again after a Redis restart (NOSCRIPT). Scripts live in
 * `.lua` files beside the module that runs them; shared fragments (a status set built from its
 * TypeScript constant, say) come in through `-- @include name`. A script receives every key
 * it touches through KEYS[]; a key it can only know while it runs (an order listed in a set)
 * is built from a prefix passed in ARGV by the room's keys.ts, never spelled in the script.
 */
export class LuaScript {
  private readonly sha: string;

  constructor(readonly source: string) {
    this.sha = createHash("sha1").update(source).digest("hex");
  }

  /**
   * The script in `file` (`new URL("./lua/name.lua", import.meta.url)`), each include line
   * replaced by its fragment; an include without a fragment is refused at once (at start-up).
   * A fragment may include others from the same map; each fragment enters a script once (a
   * second include of it is dropped), so two fragments can both say what they need.
   */
  static load(file: URL, fragments: Readonly<Record<string, string>> = {}): LuaScript {
    return new LuaScript(withIncludes(readLua(file), fragments, file.pathname, new Set()));
  }

  async run(redis: Redis, keys: readonly string[], args: readonly (string | number)[]): Promise<unknown> {
    try {
      return await redis.evalsha(this.sha, keys.length, ...keys, ...args);
    } catch (err) {
      if (!(err instanceof Error) || !err.message.includes("NOSCRIPT")) throw err;
      return redis.eval(this.source, keys.length, ...keys, ...args);
    }
  }

  /**
   * Queues the script in a MULTI, by its source: a NOSCRIPT inside a transaction cannot be
   * answered by loading it, so EVAL is the safe form there.
   */
  queue(
    tx: ChainableCommander,
    keys: readonly string[],
    args: readonly (string | number)[],
  ): ChainableCommander {
    return tx.eval(this.source, keys.length, ...keys, ...args);
  }
}

import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import type { ChainableCommander, Redis } from "ioredis";

/** `-- @include name` on a line of its own: replaced by the fragment of that name. */
const INCLUDE = /^--\s*@include\s+([\w-]+)\s*$/gm;

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
   */
  static load(file: URL, fragments: Readonly<Record<string, string>> = {}): LuaScript {
    const text = readFileSync(fileURLToPath(file), "utf8");
    const source = text.replace(INCLUDE, (_line, name: string) => {
      const fragment = fragments[name];
      if (fragment === undefined) throw new Error(`${file.pathname}: no Lua fragment named ${name}`);
      return fragment.trim();
    });
    return new LuaScript(source);
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

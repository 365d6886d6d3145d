import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** Marks callback data that holds a reference rather than the name itself. */
export const REF_MARK = "~";
const TTL_SECONDS = 7 * 86_400;

/**
 * Names in callback data (xui users, node clients, panel clients): the name itself when it fits
 * the 64-byte limit, else `~<hash>` with the name kept in Redis under `prefix` for a week. The
 * same name always gets the same hash, so showing a menu again refreshes the entry.
 */
export class NameRefs {
  constructor(
    readonly prefix: string,
    private readonly hashLength = 8,
  ) {}

  /** `fits`: whether `name` itself fits the longest callback it goes into. */
  async refer(redis: Redis, name: string, scope: string, fits: boolean): Promise<string> {
    if (fits && name !== "" && !name.startsWith(REF_MARK)) return name;
    const hash = createHash("sha256")
      .update(`${scope}\n${name}`)
      .digest("base64url")
      .slice(0, this.hashLength);
    await redis.set(this.prefix + hash, name, "EX", TTL_SECONDS);
    return REF_MARK + hash;
  }

  /** The name behind a reference; undefined when it expired (an old menu) or is empty. */
  async resolve(redis: Redis, ref: string): Promise<string | undefined> {
    if (!ref.startsWith(REF_MARK)) return ref === "" ? undefined : ref;
    return (await redis.get(this.prefix + ref.slice(REF_MARK.length))) ?? undefined;
  }
}

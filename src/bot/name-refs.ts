import { createHash } from "node:crypto";
import type { Redis } from "ioredis";

/** Marks callback data that holds a reference rather than the name itself. */
export const REF_MARK = "~";
const TTL_SECONDS = 7 * 86_400;

/** Where names of each section are kept (Redis key prefix) and how long their hashes are. */
const SPACES = {
  /** Node clients and peers. */
  node: { prefix: "node-ref:", hashLength: 8 },
  /** 3x-ui users. */
  xui: { prefix: "xui-ref:", hashLength: 8 },
  /** Panel clients. */
  panel: { prefix: "panel-ref:", hashLength: 10 },
  /** Audit log subjects (a filter of the Audit log screen). */
  audit: { prefix: "audit-ref:", hashLength: 10 },
} as const;

export type NameSpace = keyof typeof SPACES;

/**
 * Names in callback data (xui users, node clients, panel clients): the name itself when it fits
 * the 64-byte limit, else `~<hash>` with the name kept in Redis for a week. The same name always
 * gets the same hash, so showing a menu again refreshes the entry. Built by createBot.
 */
export class NameRefs {
  constructor(private readonly redis: Redis) {}

  /** `fits`: whether `name` itself fits the longest callback it goes into. */
  async refer(space: NameSpace, name: string, scope: string, fits: boolean): Promise<string> {
    if (fits && name !== "" && !name.startsWith(REF_MARK)) return name;
    const { prefix, hashLength } = SPACES[space];
    const hash = createHash("sha256").update(`${scope}\n${name}`).digest("base64url").slice(0, hashLength);
    await this.redis.set(prefix + hash, name, "EX", TTL_SECONDS);
    return REF_MARK + hash;
  }

  /** The name behind a reference; undefined when it expired (an old menu) or is empty. */
  async resolve(space: NameSpace, ref: string): Promise<string | undefined> {
    if (!ref.startsWith(REF_MARK)) return ref === "" ? undefined : ref;
    return (await this.redis.get(SPACES[space].prefix + ref.slice(REF_MARK.length))) ?? undefined;
  }
}

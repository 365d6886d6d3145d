import type { ChainableCommander, Redis } from "ioredis";
import { z } from "zod";
import { readHash } from "../../store/records.js";
import type { SecretBox } from "../../store/secret-box.js";
import { ACCOUNT_KEY_KEY } from "./keys.js";

const KEY = ACCOUNT_KEY_KEY;
const CONTEXT = "account-api-key";

/** More writes for a key change's MULTI, so they and the change are one step. */
export type AlsoIn = (tx: ChainableCommander) => ChainableCommander;

export type AccountKeySource = "env" | "linked" | "none";

export interface AccountKeyInfo {
  source: AccountKeySource;
  /** Displayable leading part of the key; never the whole key. */
  prefix?: string;
  linkedBy?: number;
  linkedAt?: number;
}

/** Shows only the start of a key: `hs_ab12…`. */
export function keyPrefix(key: string): string {
  const underscore = key.indexOf("_");
  const head = underscore >= 0 ? underscore + 5 : 6;
  return `${key.slice(0, Math.min(head, key.length - 1))}…`;
}

/** What is shown of a linked key (the sealed key itself is read by `get` only). */
const optionalTime = z
  .string()
  .optional()
  .transform((v) => (v ? Number(v) : undefined));
const linkedKey = z.object({ prefix: z.string().optional(), linkedBy: optionalTime, linkedAt: optionalTime });

/**
 * Where the Account API key comes from: ACCOUNT_API_KEY when set, otherwise the key an admin
 * linked in chat, stored in Redis encrypted with SECRET_KEY (AES-256-GCM). Read per call, so a
 * re-link or unlink takes effect at once in every process.
 */
export class AccountKeyStore {
  constructor(
    private readonly redis: Redis,
    private readonly box: SecretBox,
    private readonly envKey: string | undefined,
  ) {}

  async get(): Promise<string | undefined> {
    if (this.envKey) return this.envKey;
    const sealed = await this.redis.hget(KEY, "sealed");
    return sealed ? this.box.open(sealed, CONTEXT) : undefined;
  }

  async info(): Promise<AccountKeyInfo> {
    if (this.envKey) return { source: "env", prefix: keyPrefix(this.envKey) };
    const stored = await readHash(this.redis, KEY, linkedKey, { marker: "sealed", malformed: "throw" });
    return stored ? { source: "linked", ...stored } : { source: "none" };
  }

  /** True when the key comes from the environment and cannot be changed in chat. */
  get fixed(): boolean {
    return Boolean(this.envKey);
  }

  /** Stores the key; `alsoIn` adds more writes to the same step (the link's audit record). */
  async save(key: string, by: number, at: number, prefix = keyPrefix(key), alsoIn?: AlsoIn): Promise<void> {
    const tx = this.redis.multi().hset(KEY, {
      sealed: this.box.seal(key, CONTEXT),
      prefix: prefix.endsWith("…") ? prefix : `${prefix}…`,
      linkedBy: String(by),
      linkedAt: String(at),
    });
    await (alsoIn ? alsoIn(tx) : tx).exec();
  }

  /** Forgets the key; `alsoIn` as for `save` (the unlink's audit record). */
  async clear(alsoIn?: AlsoIn): Promise<void> {
    const tx = this.redis.multi().del(KEY);
    await (alsoIn ? alsoIn(tx) : tx).exec();
  }
}

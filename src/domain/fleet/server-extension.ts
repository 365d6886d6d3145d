import type { Redis } from "ioredis";
import type { AccountApi, Server } from "../../hosting/account/index.js";
import { HostingApiError, HostingNetworkError, HostingTimeoutError } from "../../hosting/errors.js";
import { type Clock, DAY, HOUR, MINUTE } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { LuaScript } from "../../store/lua.js";
import { extensionKeys } from "./keys.js";
import { type ActEnd, errorNote, HostingActs, type StaffActor, serverSubject } from "./staff-acts.js";

/** One extension adds this many days (fixed by the hosting service). */
export const EXTENSION_DAYS = 30;
/** A read-back whose expiry moved at least this far shows the extension went through. */
const EXTENDED_MIN_MOVE_MS = (EXTENSION_DAYS - 1) * DAY;
/** A timed-out or cut request may still land this long after; a retry waits it out. */
export const EXTEND_SETTLE_MS = 2 * MINUTE;
/** A claim still "pending" after this long belongs to a process that died mid-call. */
export const EXTEND_PENDING_STALE_MS = 5 * MINUTE;
const CLAIM_TTL_SECONDS = 90 * 24 * 3600;

type AccountCalls = Pick<AccountApi, "server" | "extend" | "account">;

export interface ServerExtensionDeps {
  /** Read per call, so a relinked account (or a test's swapped client) is used at once. */
  hosting: { readonly account: AccountCalls };
  redis: Redis;
  clock: Clock;
  logger: Logger;
  /** Checks and records the staff's extensions (without it, one given an actor is refused). */
  acts?: HostingActs;
}

/** Who asks, and so how patient the claim is. */
interface ExtensionPolicy {
  /** After a clear "nothing charged", the next attempt waits this long. */
  retryAfterMs: number;
  /** May take over an unclear or stale claim once its wait is over (the caller read the expiry). */
  resolves: boolean;
}

/** After "nothing charged" (a low balance, say), auto-extension tries again after this long. */
export const EXTEND_RETRY_MS = HOUR;
/** The admin may retry at once after "nothing charged", and settles unclear claims. */
const ADMIN_POLICY: ExtensionPolicy = { retryAfterMs: 0, resolves: true };
/** The worker waits an hour after "nothing charged" and never settles an unclear claim itself. */
const AUTO_POLICY: ExtensionPolicy = { retryAfterMs: EXTEND_RETRY_MS, resolves: false };

export type ExtensionOutcome =
  /** Extended once; `checked` when the answer was unclear and the read-back proved it. */
  | { kind: "extended"; server: Server; balance: number | undefined; checked: boolean }
  /** This expiry was already extended (another tap, another process, auto-extend). */
  | { kind: "already"; server: Server }
  /** The expiry is no longer the one the caller saw: someone extended (or changed) it since. */
  | { kind: "changed"; server: Server }
  /** Another extension of this server and expiry is in flight. */
  | { kind: "busy" }
  /** An earlier unclear attempt may still land; no new attempt before `until` (ms). */
  | { kind: "blocked"; until: number }
  /** Refused recently with nothing charged; the caller's policy waits before trying again. */
  | { kind: "waiting" }
  /** 400: the balance is too low; nothing charged. */
  | { kind: "no-balance"; balance: number; error: HostingApiError }
  /** Another 4xx: nothing charged. */
  | { kind: "refused"; error: HostingApiError }
  /** The answer was unclear, the read-back shows the expiry did not move: nothing charged. */
  | { kind: "not-charged"; error: unknown }
  /** Unclear and not provable either way; new attempts wait until `until` (ms), then read first. */
  | { kind: "unknown"; error: unknown; until: number }
  /** Nothing was sent: the server or the balance could not be read. */
  | { kind: "unavailable"; error: unknown };

/** One extension of a server for one expiry claimed, or who holds it (lua/extension-claim.lua). */
const CLAIM = LuaScript.load(new URL("./lua/extension-claim.lua", import.meta.url));
/** A claim's value set only while this caller holds it (lua/extension-settle.lua). */
const SETTLE = LuaScript.load(new URL("./lua/extension-settle.lua", import.meta.url));

/**
 * The one home of "extend a server by 30 days from the hosting balance", for the admin's button
 * and the worker's auto-extension alike. It spends money and the API only adds days, so:
 * one claim per server and expiry in Redis (a double tap, an admin racing the worker, or two
 * processes extend once), the price learned from the balance before and after, and an unclear
 * answer (5xx, timeout, cut connection) is settled by reading the server back, never by a
 * blind retry.
 */
export class ServerExtension {
  private readonly acts: HostingActs;

  constructor(private readonly deps: ServerExtensionDeps) {
    this.acts = deps.acts ?? new HostingActs(undefined);
  }

  /**
   * The admin's tap: extends the server only if its expiry is still the one they confirmed.
   * `by`: the staff member (their role must allow `hosting`; the extension is recorded, with the
   * expiry before and after and what became of the charge).
   */
  byAdmin(serverId: number, seenExpiresAt: number, by?: StaffActor): Promise<ExtensionOutcome> {
    return this.acts.run(
      by,
      {
        action: "server.extend",
        subject: serverSubject(serverId),
        before: `expires ${new Date(seenExpiresAt).toISOString()}`,
      },
      () => this.confirmed(serverId, seenExpiresAt),
      extensionEnd,
    );
  }

  private async confirmed(serverId: number, seenExpiresAt: number): Promise<ExtensionOutcome> {
    let server: Server;
    try {
      server = await this.account.server(serverId);
    } catch (error) {
      return { kind: "unavailable", error };
    }
    if (server.expiresAt.getTime() !== seenExpiresAt) return { kind: "changed", server };
    return this.extend(server, ADMIN_POLICY);
  }

  /**
   * The worker's auto-extension of `server` as it was just listed. `balance` is the hosting
   * balance if the caller already knows it (saves a call).
   */
  auto(server: Server, balance?: number): Promise<ExtensionOutcome> {
    return this.extend(server, AUTO_POLICY, balance);
  }

  /** Extends `server` as the caller just read it (its expiry names the claim). */
  private async extend(server: Server, policy: ExtensionPolicy, balance?: number): Promise<ExtensionOutcome> {
    const { redis, clock } = this.deps;
    const key = extensionKeys.claim(server.id, server.expiresAt.getTime());
    const now = clock.now();
    const [claimed, value] = (await CLAIM.run(
      redis,
      [key],
      [now, policy.retryAfterMs, policy.resolves ? 1 : 0, EXTEND_PENDING_STALE_MS, CLAIM_TTL_SECONDS],
    )) as [number, string];
    if (claimed !== 1) return this.held(server, value);
    const mine = `pending:${now}`;
    let before = balance;
    if (before === undefined) {
      try {
        before = (await this.account.account()).balance;
      } catch (error) {
        // Nothing was sent: give the claim back as it was never taken.
        await SETTLE.run(redis, [key], [mine, `released:0`]);
        return { kind: "unavailable", error };
      }
    }
    return this.send(server, key, mine, before);
  }

  /** The price the last extension showed, with when and on which server; none before the first. */
  async lastLearned(): Promise<LearnedPrice | undefined> {
    const h = await this.deps.redis.hgetall(extensionKeys.priceLearned);
    const price = Number(h.price);
    if (!(Number.isFinite(price) && price > 0)) return undefined;
    return { price, at: Number(h.at), serverId: Number(h.serverId), serverName: h.serverName ?? "" };
  }

  private get account(): AccountCalls {
    return this.deps.hosting.account;
  }

  private held(server: Server, value: string): ExtensionOutcome {
    if (value === "done") return { kind: "already", server };
    const [kind, at] = value.split(":");
    if (kind === "unknown") return { kind: "blocked", until: Number(at) };
    if (kind === "released") return { kind: "waiting" };
    return { kind: "busy" };
  }

  private async send(server: Server, key: string, mine: string, before: number): Promise<ExtensionOutcome> {
    const { redis, logger } = this.deps;
    try {
      const result = await this.account.extend(server.id);
      await SETTLE.run(redis, [key], [mine, "done"]);
      await recordExtendPrice(redis, server, before - result.balance, this.deps.clock.now());
      logger.info({ serverId: server.id, balance: result.balance }, "server extended");
      return { kind: "extended", server: result.server, balance: result.balance, checked: false };
    } catch (error) {
      logger.warn({ err: error, serverId: server.id }, "server extension failed");
      if (error instanceof HostingApiError && error.status >= 400 && error.status < 500) {
        // A 4xx is a clear "no": nothing was charged.
        await SETTLE.run(redis, [key], [mine, `released:${this.deps.clock.now()}`]);
        return error.kind === "bad_request"
          ? { kind: "no-balance", balance: before, error }
          : { kind: "refused", error };
      }
      return this.readBack(server, key, mine, before, error);
    }
  }

  /** After an unclear answer: the server's expiry says whether the extension happened. */
  private async readBack(
    server: Server,
    key: string,
    mine: string,
    before: number,
    error: unknown,
  ): Promise<ExtensionOutcome> {
    const { redis, clock, logger } = this.deps;
    // A request that timed out or lost its connection may still be processed for a while.
    const mayLand = error instanceof HostingTimeoutError || error instanceof HostingNetworkError;
    const until = clock.now() + (mayLand ? EXTEND_SETTLE_MS : 0);
    let now: Server;
    try {
      now = await this.account.server(server.id);
    } catch (readError) {
      logger.warn({ err: readError, serverId: server.id }, "extension read-back failed");
      await SETTLE.run(redis, [key], [mine, `unknown:${until}`]);
      return { kind: "unknown", error, until };
    }
    const moved = now.expiresAt.getTime() - server.expiresAt.getTime();
    if (moved >= EXTENDED_MIN_MOVE_MS) {
      await SETTLE.run(redis, [key], [mine, "done"]);
      const after = await this.balanceAfter();
      if (after !== undefined) await recordExtendPrice(redis, server, before - after, clock.now());
      logger.info({ serverId: server.id, balance: after }, "server extended (answer lost, read back)");
      return { kind: "extended", server: now, balance: after, checked: true };
    }
    if (moved === 0 && !mayLand) {
      await SETTLE.run(redis, [key], [mine, `released:${clock.now()}`]);
      return { kind: "not-charged", error };
    }
    await SETTLE.run(redis, [key], [mine, `unknown:${until}`]);
    return { kind: "unknown", error, until };
  }

  private async balanceAfter(): Promise<number | undefined> {
    try {
      return (await this.account.account()).balance;
    } catch {
      return undefined;
    }
  }
}

/** An extension's outcome in the audit log: done, unknown (may have been charged), or not done. */
function extensionEnd(outcome: ExtensionOutcome): ActEnd {
  const expiry = (s: Server) => `expires ${s.expiresAt.toISOString()} (${s.daysLeft} days left)`;
  switch (outcome.kind) {
    case "extended": {
      const balance = outcome.balance === undefined ? "" : `, balance ${outcome.balance}`;
      return {
        after: `${expiry(outcome.server)}${balance}`,
        note: outcome.checked ? "read back" : undefined,
      };
    }
    case "unknown":
      return { outcome: "unknown", note: "the answer was lost and the read-back could not tell" };
    case "already":
    case "changed":
      return { outcome: "failed", after: expiry(outcome.server), note: outcome.kind };
    default:
      return {
        outcome: "failed",
        note: "error" in outcome ? `${outcome.kind}: ${errorNote(outcome.error)}` : outcome.kind,
      };
  }
}

/** What the last extension cost, learned from the balance before and after it, at `at` (ms). */
export interface LearnedPrice {
  price: number;
  at: number;
  serverId: number;
  serverName: string;
}

/** Remembers what one 30-day extension of a server cost, learned at `at` (ms). */
export async function recordExtendPrice(
  redis: Redis,
  server: Server,
  price: number,
  at: number,
): Promise<void> {
  if (!Number.isFinite(price) || price <= 0) return;
  const learned = {
    price: String(price),
    at: String(at),
    serverId: String(server.id),
    serverName: server.name,
  };
  await redis
    .multi()
    .hset(extensionKeys.priceByServer, String(server.id), String(price))
    .hset(extensionKeys.priceByTariff, server.tariffId, String(price))
    .del(extensionKeys.priceLearned)
    .hset(extensionKeys.priceLearned, learned)
    .exec();
}

/** The learned price of the server's next extension: its own, else its tariff's. */
export async function learnedExtendPrice(redis: Redis, server: Server): Promise<number | undefined> {
  const [own, tariff] = await Promise.all([
    redis.hget(extensionKeys.priceByServer, String(server.id)),
    redis.hget(extensionKeys.priceByTariff, server.tariffId),
  ]);
  const value = Number(own ?? tariff ?? Number.NaN);
  return Number.isFinite(value) && value > 0 ? value : undefined;
}

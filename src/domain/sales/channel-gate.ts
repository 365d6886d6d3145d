import type { Redis } from "ioredis";
import { MINUTE } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { ChatInfo, MemberLookup, TelegramChats } from "../../runtime/telegram-chats.js";
import {
  coverageCovers,
  type GatedAction,
  type RequiredChannel,
  type RequiredChannels,
  type ShopSettings,
  type StaffActor,
} from "../catalog/index.js";
import { type AuditEntry, auditSubject } from "../staff/index.js";
import { gateKeys } from "./keys.js";

/** How long "is in the channel" is believed without asking Telegram again. */
export const MEMBER_CACHE_MS = 10 * MINUTE;
/** "Is not in it" is asked again sooner (they may be joining right now). */
export const NOT_MEMBER_CACHE_MS = MINUTE;
/** After the bot found it cannot read a channel's members, it does not ask again for this long. */
export const BLIND_CACHE_MS = 5 * MINUTE;

/**
 * A customer's standing in one channel: in, out, the bot cannot read its members (`blind`: a
 * setup problem, the admins are told), or Telegram did not answer (`unavailable`).
 */
export type ChannelStanding = "in" | "out" | "blind" | "unavailable";

/**
 * Whether the customer may go on. `gated`: required channels applied (so a trial taken now is
 * watched). `channels`: the ones they still have to join, with their join links.
 */
export type GateVerdict = { ok: true; gated: boolean } | { ok: false; channels: RequiredChannel[] };

/** What the shop asks of the gate: may the customer go on, and to watch a trial taken through it. */
export interface ShopGate extends Pick<ChannelGate, "check"> {
  watchTrial(customerId: number): Promise<void>;
}

/** The shop's refusal when the gate stands in the way (see Shop's Started). */
export interface ChannelRequired {
  ok: false;
  reason: "channel-required";
  channels: RequiredChannel[];
}

/** The refusal of a verdict that stands in the way; undefined when the customer may go on. */
export function channelRequired(verdict: GateVerdict | undefined): ChannelRequired | undefined {
  return verdict && !verdict.ok
    ? { ok: false, reason: "channel-required", channels: verdict.channels }
    : undefined;
}

/** What adding a channel gave: on the list, or why not (`chat`: the one found, when one was). */
export type ChannelAdded =
  | { status: "added" | "updated"; channel: RequiredChannel }
  | { status: "full" | "not-found" | "not-a-channel" | "unavailable" }
  | { status: "cannot-read"; chat: ChatInfo };

/** What the gate and the trial watch tell people, through the delivery side (the outbox). */
export interface GateNotices {
  /** The bot cannot read the members of `channel`: the admins are told (once until it can again). */
  cannotRead(channel: RequiredChannel, reason: string): Promise<void>;
  /** A trial was paused: its owner left `channels` (join buttons and Check under it). */
  trialPaused(notice: { customerId: number; channels: RequiredChannel[]; once: string }): Promise<void>;
  /** A paused trial runs again. */
  trialResumed(notice: { customerId: number; once: string }): Promise<void>;
}

export interface ChannelGateDeps {
  redis: Redis;
  /** Telegram's answers about channels (none: nothing can be checked, so nobody is held back). */
  chats?: TelegramChats;
  channels: RequiredChannels;
  settings: Pick<ShopSettings, "gateCoverage">;
  notices?: GateNotices;
  logger: Logger;
}

const STANDING: Record<MemberLookup["kind"], ChannelStanding> = {
  member: "in",
  "not-member": "out",
  blind: "blind",
  unavailable: "unavailable",
};

/**
 * The one home of "must this customer be in the admins' channels first". The chat, the cabinet
 * and gift claims ask `check` before a trial, a purchase or a claim; renewals, /my, the access
 * and the wallet never ask. Each answer is cached per customer and channel in Redis (shared by
 * every process), so a customer tapping around costs Telegram one getChatMember per channel now
 * and then. A check the bot cannot make (it is not the channel's admin, the chat is gone,
 * Telegram is down) lets the customer through: the admins are told instead, once.
 */
export class ChannelGate {
  constructor(private readonly deps: ChannelGateDeps) {}

  /** The channels `action` needs now (none when the gate is off or does not cover it). */
  async required(action: GatedAction): Promise<RequiredChannel[]> {
    const channels = await this.deps.channels.list();
    if (channels.length === 0) return [];
    return coverageCovers(await this.deps.settings.gateCoverage(), action) ? channels : [];
  }

  /** May `customerId` do `action`? From the cache where it knows (see the class comment). */
  async check(customerId: number, action: GatedAction): Promise<GateVerdict> {
    const channels = await this.required(action);
    if (channels.length === 0) return { ok: true, gated: false };
    const standings = await this.standings(customerId, channels, false);
    const missing = channels.filter((c) => standings.get(c.id) === "out");
    return missing.length === 0 ? { ok: true, gated: true } : { ok: false, channels: missing };
  }

  /**
   * The customer's "Check": every channel not known to have them is asked at once. Returns the
   * ones they are still out of (whatever the coverage: the trial's pause reads it too).
   */
  async recheck(customerId: number): Promise<RequiredChannel[]> {
    const channels = await this.deps.channels.list();
    const standings = await this.standings(customerId, channels, true);
    return channels.filter((c) => standings.get(c.id) === "out");
  }

  /**
   * The customer's standing in each of `channels`. `fresh`: Telegram is asked for every channel not
   * cached as "in" (a customer who joined is in at once; one who is in stays in for the cache's life).
   */
  async standings(
    customerId: number,
    channels: readonly RequiredChannel[],
    fresh: boolean,
  ): Promise<Map<number, ChannelStanding>> {
    const { redis } = this.deps;
    const keys = channels.map((c) => gateKeys.member(customerId, c.id));
    const cached = keys.length ? await redis.mget(...keys) : [];
    const found = await Promise.all(
      channels.map(async (channel, i): Promise<[number, ChannelStanding]> => {
        const known = cached[i];
        if (known === "1" || (known === "0" && !fresh)) return [channel.id, known === "1" ? "in" : "out"];
        return [channel.id, await this.ask(customerId, channel)];
      }),
    );
    return new Map(found);
  }

  /**
   * A channel added by @username or numeric id: Telegram is asked what it is, and it goes on the
   * list only when the bot can read its members (it is the channel's admin), else the gate could
   * check nobody. Adding one already listed refreshes its title and link. Unchecked: staff add
   * through `addChannelAs`.
   */
  async addChannel(ref: string | number, now: number): Promise<ChannelAdded> {
    return this.add(ref, now);
  }

  /**
   * `actor` adds a channel (see `addChannel`): refused (NotPermitted, recorded) unless their role
   * has `catalog` now; the list's change and its audit record (`channel.add`) are one step.
   */
  async addChannelAs(actor: StaffActor, ref: string | number, now: number): Promise<ChannelAdded> {
    const action = "channel.add";
    const role = await actor.role("catalog", { action, subject: auditSubject("channel", ref) });
    return this.add(ref, now, (channel, listed) =>
      actor.entryAs(role, {
        action,
        subject: auditSubject("channel", channel.id),
        before: listed ? channelText(listed) : "none",
        after: channelText(channel),
      }),
    );
  }

  private async add(
    ref: string | number,
    now: number,
    record?: (channel: RequiredChannel, listed: RequiredChannel | undefined) => AuditEntry,
  ): Promise<ChannelAdded> {
    if (!this.deps.chats) return { status: "unavailable" };
    const found = await this.deps.chats.inspect(ref);
    if (!found.ok) return { status: found.reason };
    if (!found.botCanReadMembers) return { status: "cannot-read", chat: found.chat };
    const channel: RequiredChannel = { ...found.chat, addedAt: now };
    const listed = (await this.deps.channels.list()).find((c) => c.id === channel.id);
    if (listed) channel.addedAt = listed.addedAt;
    const status = await this.deps.channels.add(channel, record?.(channel, listed));
    if (status === "full") return { status };
    await this.forget(channel.id);
    return { status, channel };
  }

  /** A channel taken off the list (false: it was not on it). Unchecked: staff use `removeChannelAs`. */
  async removeChannel(chatId: number): Promise<boolean> {
    const removed = await this.deps.channels.remove(chatId);
    await this.forget(chatId);
    return removed;
  }

  /**
   * `actor` takes a channel off the list (see `removeChannel`): refused (NotPermitted, recorded)
   * unless their role has `catalog` now; the removal and its audit record (`channel.remove`) are
   * one step, and a channel not listed records nothing.
   */
  async removeChannelAs(actor: StaffActor, chatId: number): Promise<boolean> {
    const action = { action: "channel.remove", subject: auditSubject("channel", chatId) };
    const role = await actor.role("catalog", action);
    const listed = (await this.deps.channels.list()).find((c) => c.id === chatId);
    const before = listed ? channelText(listed) : String(chatId);
    const removed = await this.deps.channels.remove(
      chatId,
      actor.entryAs(role, { ...action, before, after: "none" }),
    );
    await this.forget(chatId);
    return removed;
  }

  /** What was learnt of `chatId` (the bot blind to it, the admins told) is forgotten. */
  private async forget(chatId: number): Promise<void> {
    await this.deps.redis.del(gateKeys.blind(chatId), gateKeys.alerted(chatId));
  }

  /** Asks Telegram (unless the bot is known not to see the channel) and caches what it said. */
  private async ask(customerId: number, channel: RequiredChannel): Promise<ChannelStanding> {
    const { redis, chats } = this.deps;
    if (!chats) return "unavailable";
    const cached = gateKeys.member(customerId, channel.id);
    // What cannot be asked now is not known: an "out" cached before must not refuse the next check.
    if (await redis.exists(gateKeys.blind(channel.id))) {
      await redis.del(cached);
      return "blind";
    }
    const lookup = await chats.memberStatus(channel.id, customerId);
    const standing = STANDING[lookup.kind];
    if (standing === "in" || standing === "out") {
      const ms = standing === "in" ? MEMBER_CACHE_MS : NOT_MEMBER_CACHE_MS;
      const tx = redis.multi().set(cached, standing === "in" ? "1" : "0", "PX", ms);
      await tx.del(gateKeys.alerted(channel.id)).exec();
      return standing;
    }
    await redis.del(cached);
    if (lookup.kind === "blind") {
      await redis.set(gateKeys.blind(channel.id), "1", "PX", BLIND_CACHE_MS);
      await this.tellAdmins(channel, lookup.reason);
    }
    return standing;
  }

  /** Once per channel until a lookup of it works again (in Redis: every process agrees). */
  private async tellAdmins(channel: RequiredChannel, reason: string): Promise<void> {
    const { redis, notices, logger } = this.deps;
    logger.warn({ chatId: channel.id, reason }, "channel gate: the bot cannot read the channel's members");
    if (!notices || (await redis.set(gateKeys.alerted(channel.id), "1", "NX")) !== "OK") return;
    await notices.cannotRead(channel, reason).catch(async (err: unknown) => {
      logger.warn({ err, chatId: channel.id }, "channel gate: the admins could not be told");
      await redis.del(gateKeys.alerted(channel.id));
    });
  }
}

/** A channel as the audit log shows it: its title, and its @username when it has one. */
function channelText(channel: RequiredChannel): string {
  return channel.username ? `${channel.title} (@${channel.username})` : channel.title;
}

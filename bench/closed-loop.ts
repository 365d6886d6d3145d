/**
 * The closed loop of virtual users that bench/fake-bot-api.ts drives: each user sends `/start`,
 * waits for the bot's message with an inline keyboard, presses its first button, waits until the
 * bot has both answered the press and edited (or sent) the next screen, records the time it took,
 * and starts again at once. What a user does next happens when the bot's call has been answered
 * (with the fake's latency), as a real user reacts to what reached the chat.
 */
import type { Message, Update, User } from "grammy/types";

export interface LoadOptions {
  /** Virtual users pressing concurrently (the closed loop's population). */
  users: number;
  /**
   * Telegram ids each virtual user takes turns with, so no one id exceeds a per-user rate limit
   * (the full bot allows 20 updates per 10 s): ids = users x idsPerUser.
   */
  idsPerUser: number;
  /** The first Telegram id; ids are consecutive from it. */
  firstUserId: number;
  /**
   * First visits: every `/start` comes from a Telegram id never seen before (a campaign's wake),
   * counting up from `firstUserId`; `idsPerUser` is not used then.
   */
  fresh?: boolean;
  /** An interaction not finished after this long is counted as timed out and started again. */
  timeoutMs?: number;
}

export interface LoopStats {
  interactions: number;
  /** Unsorted, ms. */
  latencies: number[];
  /** When each interaction finished (performance.now), in the order of `latencies` as recorded. */
  finishedAt: number[];
  /** Replies that were not the expected next screen (rate-limit notices, errors, alerts). */
  unexpected: number;
  timeouts: number;
}

/** What the fake does for the loop: queue an update, and number messages per chat. */
export interface LoopHost {
  push(update: Omit<Update, "update_id">): void;
  nextMessageId(chatId: number): number;
}

interface VirtualUser {
  ids: number[];
  turn: number;
  /** The Telegram id (= private chat id) of the running interaction. */
  chatId: number;
  phase: "start" | "click" | "stopped";
  /** Counts interactions, so an answer that arrives after its interaction was given up is ignored. */
  round: number;
  startedAt: number;
  menuMessageId: number;
  callbackId: string;
  answered: boolean;
  edited: boolean;
}

/** Something to do once the bot's call has been answered. */
export type After = (() => void) | undefined;

export class ClosedLoop {
  stats: LoopStats = ClosedLoop.emptyStats();
  private readonly users: VirtualUser[];
  private readonly byChat = new Map<number, VirtualUser>();
  private readonly byCallback = new Map<string, VirtualUser>();
  private readonly seen = new Set<number>();
  private nextCallback = 1;
  /** The next never-seen id (first visits). */
  private nextFresh: number;
  private readonly fresh: boolean;
  private readonly timeoutMs: number;
  private watchdog: NodeJS.Timeout | undefined;

  constructor(
    private readonly host: LoopHost,
    options: LoadOptions,
  ) {
    this.timeoutMs = options.timeoutMs ?? 15_000;
    this.fresh = options.fresh === true;
    this.nextFresh = options.firstUserId;
    this.users = Array.from({ length: options.users }, (_, u) => {
      const ids = Array.from(
        { length: options.idsPerUser },
        (_, k) => options.firstUserId + k * options.users + u,
      );
      return {
        ids,
        turn: 0,
        chatId: ids[0] ?? 0,
        phase: "stopped",
        round: 0,
        startedAt: 0,
        menuMessageId: 0,
        callbackId: "",
        answered: false,
        edited: false,
      };
    });
  }

  static emptyStats(): LoopStats {
    return { interactions: 0, latencies: [], finishedAt: [], unexpected: 0, timeouts: 0 };
  }

  /** Every virtual user sends its first /start. */
  start(): void {
    for (const user of this.users) this.begin(user);
    this.watchdog = setInterval(() => this.expire(), 1_000);
  }

  /** No new interactions; the running ones are dropped. */
  stop(): void {
    if (this.watchdog) clearInterval(this.watchdog);
    this.watchdog = undefined;
    for (const user of this.users) user.phase = "stopped";
    this.byChat.clear();
    this.byCallback.clear();
  }

  /** Distinct Telegram ids that have finished at least one interaction. */
  idsServed(): number {
    return this.seen.size;
  }

  /** The bot sent a message to a chat. */
  sent(message: Message): After {
    const user = this.byChat.get(message.chat.id);
    if (!user) return undefined;
    const first = message.reply_markup?.inline_keyboard[0]?.[0];
    const data = first && "callback_data" in first ? first.callback_data : undefined;
    const round = user.round;
    if (user.phase === "start" && data !== undefined) {
      return () => {
        if (user.round === round && user.phase === "start") this.press(user, message, data);
      };
    }
    // The next screen may come as a new message instead of an edit.
    if (user.phase === "click") return () => this.reached(user, round, "edited");
    this.stats.unexpected++;
    return undefined;
  }

  /** The bot edited a message. */
  edited(chatId: number, messageId: number): After {
    const user = this.byChat.get(chatId);
    if (user?.phase !== "click" || user.menuMessageId !== messageId) return undefined;
    const round = user.round;
    return () => this.reached(user, round, "edited");
  }

  /** The bot answered a button press; an alert is a refusal (rate limit, error), not the next screen. */
  answered(callbackId: string, alert: boolean): After {
    const user = this.byCallback.get(callbackId);
    if (user?.phase !== "click") return undefined;
    if (alert) this.stats.unexpected++;
    const round = user.round;
    return () => this.reached(user, round, "answered");
  }

  private begin(user: VirtualUser): void {
    this.byChat.delete(user.chatId);
    if (this.fresh) user.chatId = this.nextFresh++;
    else {
      user.turn = (user.turn + 1) % user.ids.length;
      user.chatId = user.ids[user.turn] ?? user.chatId;
    }
    user.phase = "start";
    user.round++;
    user.startedAt = performance.now();
    user.answered = false;
    user.edited = false;
    this.byChat.set(user.chatId, user);
    const from = userOf(user.chatId);
    this.host.push({
      message: {
        message_id: this.host.nextMessageId(user.chatId),
        date: Math.floor(Date.now() / 1000),
        chat: { id: user.chatId, type: "private", first_name: from.first_name },
        from,
        text: "/start",
        entities: [{ type: "bot_command", offset: 0, length: 6 }],
      },
    });
  }

  private press(user: VirtualUser, message: Message, data: string): void {
    user.phase = "click";
    user.menuMessageId = message.message_id;
    user.callbackId = String(this.nextCallback++);
    this.byCallback.set(user.callbackId, user);
    this.host.push({
      callback_query: {
        id: user.callbackId,
        from: userOf(user.chatId),
        message,
        chat_instance: String(user.chatId),
        data,
      },
    });
  }

  /** Marks what reached the bot and finishes the interaction when both did. */
  private reached(user: VirtualUser, round: number, what: "answered" | "edited"): void {
    if (user.round !== round || user.phase !== "click") return;
    user[what] = true;
    if (!user.answered || !user.edited) return;
    this.stats.interactions++;
    const at = performance.now();
    this.stats.latencies.push(at - user.startedAt);
    this.stats.finishedAt.push(at);
    this.seen.add(user.chatId);
    this.byCallback.delete(user.callbackId);
    this.begin(user);
  }

  private expire(): void {
    const now = performance.now();
    for (const user of this.users) {
      if (user.phase === "stopped" || now - user.startedAt < this.timeoutMs) continue;
      this.stats.timeouts++;
      this.byCallback.delete(user.callbackId);
      this.begin(user);
    }
  }
}

function userOf(id: number): User {
  return { id, is_bot: false, first_name: `User${id}`, language_code: "en" };
}

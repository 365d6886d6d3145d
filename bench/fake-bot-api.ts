/**
 * A small, fast fake of the Telegram Bot API over HTTP for the side-by-side benchmark (the test
 * fake in test/fakes records every call, which costs time and memory under load). It answers
 * what a bot calls at start and while serving, long-polls `getUpdates` with offset/limit/timeout,
 * delays EVERY answer by `latencyMs` (getUpdates included, as a distant Telegram would), and
 * drives the closed loop of virtual users of bench/closed-loop.ts.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { InlineKeyboardMarkup, Message, Update, UserFromGetMe } from "grammy/types";
import { z } from "zod";
import { type After, ClosedLoop, type LoadOptions, type LoopStats } from "./closed-loop.js";

export interface FakeBotApiOptions {
  token: string;
  /** Delay of every answer, in ms (0 = at once). */
  latencyMs: number;
  /** Telegram's overall limit on messages sent (off when absent): see {@link SendLimit}. */
  sendLimit?: SendLimitOptions;
  /** Told of every message the fake accepted (after the limit), e.g. to count a broadcast's. */
  onSent?: (method: string, chatId: number, params: Record<string, unknown>) => void;
  /** Told of every other call as it arrives (getUpdates aside). */
  onCall?: (method: string, params: Record<string, unknown>) => void;
}

export interface SendLimitOptions {
  /** Messages a second, on average (Telegram: about 30). */
  perSecond: number;
  /** Messages allowed at once after a quiet spell (default: one second's worth). */
  burst?: number;
}

export interface WindowStats extends LoopStats {
  seconds: number;
  /** Bot API calls received in the window, by method. */
  calls: Record<string, number>;
}

interface Poll {
  offset: number;
  limit: number;
  res: ServerResponse;
  timer: NodeJS.Timeout;
}

/** An answer and, optionally, what the users do once it has reached the bot. */
interface Answer {
  result: unknown;
  after?: After;
}

const jsonBody = z.record(z.string(), z.unknown());
const keyboard = z.object({
  inline_keyboard: z.array(z.array(z.object({ text: z.string(), callback_data: z.string().optional() }))),
});
const num = (v: unknown): number => (typeof v === "number" ? v : Number(v));

const BOT_ID = 777_000_001;

/** The methods that send a message, which Telegram's overall limit counts. */
const SENDS = new Set([
  "sendMessage",
  "sendPhoto",
  "sendDocument",
  "sendInvoice",
  "copyMessage",
  "forwardMessage",
]);

/**
 * Telegram's overall limit on a bot's messages, as a token bucket: `perSecond` on average, a
 * burst of `burst`. Past it the send is refused with 429 and `retry_after` (whole seconds, as
 * Telegram gives them), and every send until then is refused too, as Telegram does with a bot
 * that does not wait.
 */
export class SendLimit {
  /** Sends refused with 429, by method. */
  readonly refused: Record<string, number> = {};
  /** Of those, sends that came while a 429's `retry_after` was still running. */
  early = 0;
  /** The early ones by method. */
  readonly earlyBy: Record<string, number> = {};
  private tokens: number;
  private readonly burst: number;
  private last = performance.now();
  private blockedUntil = 0;

  constructor(private readonly options: SendLimitOptions) {
    this.burst = options.burst ?? options.perSecond;
    this.tokens = this.burst;
  }

  /** Takes a token: undefined when the send may go, else the `retry_after` to answer with. */
  take(method: string): number | undefined {
    const now = performance.now();
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.last) / 1000) * this.options.perSecond);
    this.last = now;
    if (now < this.blockedUntil) {
      this.early++;
      this.earlyBy[method] = (this.earlyBy[method] ?? 0) + 1;
      return this.refuse(method, Math.ceil((this.blockedUntil - now) / 1000));
    }
    if (this.tokens >= 1) {
      this.tokens -= 1;
      return undefined;
    }
    const retryAfter = Math.max(1, Math.ceil((1 - this.tokens) / this.options.perSecond));
    this.blockedUntil = now + retryAfter * 1000;
    return this.refuse(method, retryAfter);
  }

  /** All refusals so far. */
  total(): number {
    return Object.values(this.refused).reduce((a, b) => a + b, 0);
  }

  private refuse(method: string, retryAfter: number): number {
    this.refused[method] = (this.refused[method] ?? 0) + 1;
    return retryAfter;
  }
}

export class FakeBotApi {
  readonly botInfo: UserFromGetMe = {
    id: BOT_ID,
    is_bot: true,
    first_name: "Bench",
    username: "bench_bot",
    can_join_groups: true,
    can_read_all_group_messages: false,
    supports_inline_queries: false,
    can_connect_to_business: false,
    has_main_web_app: false,
    has_topics_enabled: false,
    allows_users_to_create_topics: false,
    can_manage_bots: false,
    supports_join_request_queries: false,
  };
  /** getUpdates calls received (the bot is polling once this is above zero). */
  getUpdatesCalls = 0;

  private server: Server | undefined;
  private port = 0;
  private readonly prefix: string;
  private queue: Update[] = [];
  private nextUpdateId = 1;
  private polls: Poll[] = [];
  private readonly messageIds = new Map<number, number>();
  private loop: ClosedLoop | undefined;
  private calls: Record<string, number> = {};
  private windowStart = performance.now();
  /** Telegram's overall limit, when the options ask for it (a bench may set it between rounds). */
  sendLimit: SendLimit | undefined;

  constructor(private readonly options: FakeBotApiOptions) {
    this.prefix = `/bot${options.token}/`;
    this.sendLimit = options.sendLimit && new SendLimit(options.sendLimit);
  }

  get apiRoot(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  async start(): Promise<this> {
    const server = createServer((req, res) => this.onRequest(req, res));
    server.keepAliveTimeout = 120_000;
    server.headersTimeout = 125_000;
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  async stop(): Promise<void> {
    this.stopLoad();
    for (const poll of this.polls) clearTimeout(poll.timer);
    this.polls = [];
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /** Starts the closed loop: every virtual user sends its first /start. */
  startLoad(options: LoadOptions): void {
    this.loop?.stop();
    this.loop = new ClosedLoop(
      { push: (update) => this.push(update), nextMessageId: (chatId) => this.nextMessageId(chatId) },
      options,
    );
    this.loop.start();
  }

  /** No new interactions; the running ones are dropped. */
  stopLoad(): void {
    this.loop?.stop();
  }

  /** Distinct Telegram ids that have finished at least one interaction since the load started. */
  idsServed(): number {
    return this.loop?.idsServed() ?? 0;
  }

  /** Starts counting afresh (the measurement window). */
  beginWindow(): void {
    if (this.loop) this.loop.stats = ClosedLoop.emptyStats();
    this.calls = {};
    this.windowStart = performance.now();
  }

  /** What happened since {@link beginWindow}. */
  endWindow(): WindowStats {
    const seconds = (performance.now() - this.windowStart) / 1000;
    const stats = this.loop?.stats ?? ClosedLoop.emptyStats();
    const latencies = Array.from(Float64Array.from(stats.latencies).sort());
    if (process.env.BENCH_TIMELINE) printTimeline(stats);
    return { ...stats, latencies, seconds, calls: { ...this.calls } };
  }

  /** Queues an update as Telegram would (a payment, a pre-checkout query); returns its id. */
  inject(fields: Omit<Update, "update_id">): number {
    const id = this.nextUpdateId;
    this.push(fields);
    return id;
  }

  private nextMessageId(chatId: number): number {
    const id = (this.messageIds.get(chatId) ?? 0) + 1;
    this.messageIds.set(chatId, id);
    return id;
  }

  // -------------------------------------------------------------------------------------------------
  // Updates and long polling

  private push(fields: Omit<Update, "update_id">): void {
    const update: Update = { ...fields, update_id: this.nextUpdateId++ };
    this.queue.push(update);
    const polls = this.polls;
    this.polls = [];
    for (const poll of polls) {
      if (!this.answerPoll(poll)) this.polls.push(poll);
    }
  }

  /** Drops what `offset` acknowledges; returns up to `limit` of the rest. */
  private pending(offset: number, limit: number): Update[] {
    let drop = 0;
    while (drop < this.queue.length && (this.queue[drop]?.update_id ?? 0) < offset) drop++;
    if (drop > 0) this.queue = this.queue.slice(drop);
    return this.queue.slice(0, limit);
  }

  private answerPoll(poll: Poll): boolean {
    const updates = this.pending(poll.offset, poll.limit);
    if (updates.length === 0) return false;
    clearTimeout(poll.timer);
    this.send(poll.res, { result: updates });
    return true;
  }

  private getUpdates(params: Record<string, unknown>, res: ServerResponse): void {
    this.getUpdatesCalls++;
    const offset = num(params.offset ?? 0);
    const limit = Math.min(100, Math.max(1, num(params.limit ?? 100)));
    const timeout = Math.min(50, Math.max(0, num(params.timeout ?? 0)));
    const updates = this.pending(offset, limit);
    if (updates.length > 0 || timeout === 0) {
      this.send(res, { result: updates });
      return;
    }
    const poll: Poll = {
      offset,
      limit,
      res,
      timer: setTimeout(() => {
        this.polls = this.polls.filter((p) => p !== poll);
        this.send(res, { result: [] });
      }, timeout * 1000),
    };
    this.polls.push(poll);
    res.once("close", () => {
      clearTimeout(poll.timer);
      this.polls = this.polls.filter((p) => p !== poll);
    });
  }

  // -------------------------------------------------------------------------------------------------
  // HTTP

  private onRequest(req: IncomingMessage, res: ServerResponse): void {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = req.url ?? "";
      if (!url.startsWith(this.prefix)) {
        this.sendError(res, 404, "Not Found");
        return;
      }
      const method = url.slice(this.prefix.length).split("?")[0] ?? "";
      let params: Record<string, unknown> = {};
      // Files (multipart) are not parsed: their answer does not depend on them here.
      if ((req.headers["content-type"] ?? "").includes("application/json") && chunks.length > 0) {
        const parsed = jsonBody.safeParse(JSON.parse(Buffer.concat(chunks).toString("utf8")));
        if (!parsed.success) {
          this.sendError(res, 400, "Bad Request: body is not a JSON object");
          return;
        }
        params = parsed.data;
      }
      this.calls[method] = (this.calls[method] ?? 0) + 1;
      if (method === "getUpdates") this.getUpdates(params, res);
      else if (SENDS.has(method)) this.sendLimited(method, params, res);
      else {
        this.options.onCall?.(method, params);
        this.send(res, this.answer(method, params));
      }
    });
  }

  private send(res: ServerResponse, answer: Answer): void {
    const write = () => {
      if (res.destroyed) return;
      const body = JSON.stringify({ ok: true, result: answer.result });
      res.writeHead(200, { "content-type": "application/json", "content-length": Buffer.byteLength(body) });
      res.end(body);
      answer.after?.();
    };
    if (this.options.latencyMs > 0) setTimeout(write, this.options.latencyMs);
    else write();
  }

  /** A message send: refused past Telegram's overall limit (when set), else answered. */
  private sendLimited(method: string, params: Record<string, unknown>, res: ServerResponse): void {
    const retryAfter = this.sendLimit?.take(method);
    if (retryAfter !== undefined) {
      this.sendError(res, 429, `Too Many Requests: retry after ${retryAfter}`, { retry_after: retryAfter });
      return;
    }
    this.options.onSent?.(method, num(params.chat_id), params);
    this.send(res, this.answer(method, params));
  }

  private sendError(
    res: ServerResponse,
    code: number,
    description: string,
    parameters?: { retry_after: number },
  ): void {
    const body = JSON.stringify({
      ok: false,
      error_code: code,
      description,
      ...(parameters ? { parameters } : {}),
    });
    const write = () => {
      res.writeHead(code, { "content-type": "application/json" });
      res.end(body);
    };
    if (this.options.latencyMs > 0) setTimeout(write, this.options.latencyMs);
    else write();
  }

  // -------------------------------------------------------------------------------------------------
  // Methods

  private answer(method: string, p: Record<string, unknown>): Answer {
    switch (method) {
      case "getMe":
        return { result: this.botInfo };
      case "sendMessage":
      case "sendPhoto":
      case "sendDocument":
      case "sendInvoice":
        return this.sent(method, p);
      case "editMessageText":
      case "editMessageCaption":
      case "editMessageReplyMarkup":
        return this.edited(p);
      case "answerCallbackQuery":
        return this.callbackAnswered(p);
      case "getStarTransactions":
        return { result: { transactions: [] } };
      case "getMyCommands":
        return { result: [] };
      case "getChat":
        return { result: { id: num(p.chat_id), type: "private", first_name: "User" } };
      default:
        // deleteWebhook, setMyCommands, setChatMenuButton, deleteMessage, sendChatAction, ...
        return { result: true };
    }
  }

  private message(chatId: number, p: Record<string, unknown>, messageId?: number): Message {
    const markup = keyboard.safeParse(p.reply_markup);
    const base = {
      message_id: messageId ?? this.nextMessageId(chatId),
      date: Math.floor(Date.now() / 1000),
      chat: { id: chatId, type: "private" as const, first_name: `User${chatId}` },
      from: this.botInfo,
      ...(markup.success ? { reply_markup: markup.data as InlineKeyboardMarkup } : {}),
    };
    if (typeof p.text === "string") return { ...base, text: p.text } as Message;
    return {
      ...base,
      photo: [{ file_id: "AgAD", file_unique_id: "AQAD", width: 320, height: 320 }],
      ...(typeof p.caption === "string" ? { caption: p.caption } : {}),
    } as Message;
  }

  private sent(method: string, p: Record<string, unknown>): Answer {
    const message = this.message(num(p.chat_id), method === "sendInvoice" ? {} : p);
    return { result: message, after: this.loop?.sent(message) };
  }

  private edited(p: Record<string, unknown>): Answer {
    if (p.inline_message_id !== undefined) return { result: true };
    const message = this.message(num(p.chat_id), p, num(p.message_id));
    return { result: message, after: this.loop?.edited(message.chat.id, message.message_id) };
  }

  private callbackAnswered(p: Record<string, unknown>): Answer {
    return { result: true, after: this.loop?.answered(String(p.callback_query_id), p.show_alert === true) };
  }
}

/**
 * BENCH_TIMELINE=1: the measured window in 250 ms buckets (interactions finished / the slowest,
 * ms), from a wall-clock start: one slow moment (a task's burst, a pause) shows as a few buckets
 * with few interactions and slow ones, where a p99 alone cannot say when or how often.
 */
function printTimeline(stats: LoopStats): void {
  const at = stats.finishedAt;
  const start = at[0];
  if (start === undefined) return;
  const buckets = new Map<number, { count: number; slowest: number }>();
  stats.latencies.forEach((ms, i) => {
    const bucket = Math.floor(((at[i] ?? start) - start) / 250);
    const b = buckets.get(bucket) ?? { count: 0, slowest: 0 };
    b.count++;
    b.slowest = Math.max(b.slowest, ms);
    buckets.set(bucket, b);
  });
  const line = [...buckets].map(([i, b]) => `${i}:${b.count}/${Math.round(b.slowest)}`).join(" ");
  process.stdout.write(
    `  timeline from ${Math.round(performance.timeOrigin + start)} (250 ms: interactions/slowest ms): ${line}\n`,
  );
}

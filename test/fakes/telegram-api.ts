/**
 * A fake Telegram Bot API server for tests: a real `node:http` server on 127.0.0.1 that grammY (or the
 * real process, through `BOT_API_ROOT`) talks to as its `apiRoot`.
 *
 * - every call is recorded (`calls`, `callsOf`, `last`, `methods`, `waitFor`);
 * - results are shaped like Telegram's (Message objects with increasing ids, `true` for setters, ...);
 * - an update feed serves long polling (`pushUpdate` + `getUpdates` with offset/limit/timeout);
 * - Telegram can be made unreachable (`goOffline`/`goOnline`): connections are cut, the in-process fetch
 *   fails like node-fetch does (its message names the URL, bot token included);
 * - faults can be injected (`failNext`, `blockChat`), and a few real error paths are reproduced
 *   (401 wrong token, 404 unknown method, 409 getUpdates while a webhook is set, 400 empty/too long
 *   text, 400 "message is not modified", 400 charge already refunded).
 */
import { randomBytes } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import type { BotCommand, Chat, Message, StarTransaction, Update, User, UserFromGetMe } from "grammy/types";
import { readBody } from "./http-fake.js";
import { FakeChannels } from "./telegram-channels.js";

// ---------------------------------------------------------------------------------------------------------
// Public types

/** One API call as the fake saw it. Files sent as multipart appear as {@link FakeFile} values. */
export interface TelegramCall {
  method: string;
  params: Record<string, unknown>;
  /** `Date.now()` when the call arrived. */
  at: number;
  /** `params.chat_id` (numeric strings as numbers), when present. */
  chatId?: number | string;
}

/** A file uploaded with multipart/form-data (an `InputFile`), in place of its `attach://` reference. */
export interface FakeFile {
  filename: string;
  size: number;
  contentType?: string;
  data: Buffer;
}

/** The body of a failed Telegram call. */
export interface TelegramError {
  error_code: number;
  description: string;
  parameters?: { retry_after?: number; migrate_to_chat_id?: number };
}

/** A handler throws this to answer with a Telegram error. */
export class TelegramApiError extends Error {
  constructor(readonly error: TelegramError) {
    super(error.description);
  }
}

export interface HandlerContext {
  /** Aborted when the client goes away (a long poll cancelled by `bot.stop()`). */
  signal: AbortSignal;
}

/** A method handler: returns the `result` of the answer, or throws a {@link TelegramApiError}. */
export type MethodHandler = (params: Record<string, unknown>, ctx: HandlerContext) => unknown;

export type UpdateType = Exclude<keyof Update, "update_id">;

export const BLOCKED: TelegramError = {
  error_code: 403,
  description: "Forbidden: bot was blocked by the user",
};

// ---------------------------------------------------------------------------------------------------------
// Update builders (standalone; FakeTelegram has the same ones as methods)

let nextIncomingUpdateId = 1;
let nextIncomingMessageId = 1;
let nextQueryId = 1;

const nowSeconds = () => Math.floor(Date.now() / 1000);

/** A plain user. */
export function user(id: number, extra: Partial<User> = {}): User {
  return { id, is_bot: false, first_name: `User${id}`, language_code: "en", ...extra };
}

/** The private chat with a user. */
export function privateChat(of: User): Chat.PrivateChat {
  return {
    id: of.id,
    type: "private",
    first_name: of.first_name,
    ...(of.last_name ? { last_name: of.last_name } : {}),
    ...(of.username ? { username: of.username } : {}),
  };
}

function incomingMessage(from: User, chat: Chat | undefined, fields: Partial<Message>): Update {
  const message = {
    message_id: nextIncomingMessageId++,
    date: nowSeconds(),
    chat: chat ?? privateChat(from),
    from,
    ...fields,
  } as Update["message"];
  return { update_id: nextIncomingUpdateId++, message };
}

/** A text message from `from` (in the private chat unless `chat` is given). */
export function textMessage(from: User, text: string, chat?: Chat): Update {
  return incomingMessage(from, chat, { text });
}

/**
 * A message from `from` in a forum supergroup's topic (`threadId`; none: the General topic), as
 * Telegram delivers it to a bot that is the group's admin; `replyTo` answers one of its messages.
 */
export function topicMessage(
  from: User,
  group: { id: number; title: string },
  text: string,
  threadId?: number,
  replyTo?: Message,
): Update {
  const chat = { id: group.id, type: "supergroup", title: group.title, is_forum: true } as Chat;
  return incomingMessage(from, chat, {
    text,
    ...(threadId !== undefined ? { message_thread_id: threadId, is_topic_message: true } : {}),
    ...(replyTo ? { reply_to_message: replyTo } : {}),
  } as Partial<Message>);
}

/** A command such as `"/start"` or `"/start ref_42"`, with its bot_command entity. */
export function command(from: User, text: string, chat?: Chat): Update {
  const length = text.split(/\s/, 1)[0]?.length ?? text.length;
  return incomingMessage(from, chat, { text, entities: [{ type: "bot_command", offset: 0, length }] });
}

/** A callback query (inline button press) on `message` (by default a bot message in the private chat). */
export function callback(from: User, data: string, message?: Message, bot: User = DEFAULT_BOT): Update {
  const on: Message = message ?? {
    message_id: nextIncomingMessageId++,
    date: nowSeconds(),
    chat: privateChat(from),
    from: bot,
    text: "…",
  };
  return {
    update_id: nextIncomingUpdateId++,
    callback_query: {
      id: `cbq-${nextQueryId++}`,
      from,
      chat_instance: `ci-${on.chat.id}`,
      data,
      message: on as NonNullable<Update["callback_query"]>["message"],
    },
  };
}

/** A pre-checkout query for an invoice. */
export function preCheckout(from: User, payload: string, total_amount: number, currency: string): Update {
  return {
    update_id: nextIncomingUpdateId++,
    pre_checkout_query: {
      id: `pcq-${nextQueryId++}`,
      from,
      currency,
      total_amount,
      invoice_payload: payload,
    },
  };
}

/** A service message with a successful payment (Stars: currency "XTR"). */
export function successfulPayment(
  from: User,
  payload: string,
  amount: number,
  currency: string,
  chargeId: string,
): Update {
  return incomingMessage(from, undefined, {
    successful_payment: {
      currency,
      total_amount: amount,
      invoice_payload: payload,
      telegram_payment_charge_id: chargeId,
      provider_payment_charge_id: "",
    },
  });
}

/** POSTs an update to a bot's webhook like Telegram does; returns the HTTP status. */
export async function postWebhook(url: string, update: Update, secret?: string): Promise<number> {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (secret !== undefined) headers["x-telegram-bot-api-secret-token"] = secret;
  const res = await fetch(url, { method: "POST", headers, body: JSON.stringify(update) });
  await res.arrayBuffer();
  return res.status;
}

const DEFAULT_BOT: UserFromGetMe = {
  id: 100000,
  is_bot: true,
  first_name: "Fake Bot",
  username: "fake_bot",
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

/** What Telegram delivers when `allowed_updates` was never set. */
const DEFAULT_ALLOWED = (u: UpdateType) =>
  u !== "chat_member" && u !== "message_reaction" && u !== "message_reaction_count";

// ---------------------------------------------------------------------------------------------------------
// The server

interface Injection {
  method: string;
  error: TelegramError;
  times: number;
}

interface StoredMessage {
  text?: string;
  caption?: string;
  reply_markup?: unknown;
  message: Record<string, unknown>;
}

export class FakeTelegram {
  readonly token: string;
  readonly botInfo: UserFromGetMe;
  /** What getStarTransactions answers (newest last, as the test sets it). */
  starTransactions: StarTransaction[] = [];
  /** Channels and groups: who is in which, whether the bot is their admin (getChatMember, getChat). */
  readonly channels: FakeChannels;

  private readonly log: TelegramCall[] = [];
  private readonly waiters = new Set<() => void>();
  private readonly injections: Injection[] = [];
  private readonly blocked = new Set<string>();
  private readonly handlers = new Map<string, [string, MethodHandler]>();
  private readonly inflight = new Set<Promise<void>>();
  private server: Server | undefined;
  private port = 0;
  private stopping = false;
  private offline = false;
  private readonly holds: {
    method: string;
    when: (p: Record<string, unknown>) => boolean;
    gate: Promise<void>;
  }[] = [];
  /** Requests that found Telegram unreachable (see {@link goOffline}). */
  refusedWhileOffline = 0;
  /** Their methods, in order. */
  readonly refusedMethods: string[] = [];

  // state behind the methods
  private feed: Update[] = [];
  private lastUpdateId = 0;
  private allowedUpdates: (u: UpdateType) => boolean = DEFAULT_ALLOWED;
  private readonly pollWaiters = new Set<() => void>();
  private nextMessageId = 1;
  private nextFileId = 1;
  private readonly messages = new Map<string, StoredMessage>();
  private readonly users = new Map<number, User>();
  private readonly chats = new Map<string, Chat>();
  private readonly commands = new Map<string, BotCommand[]>();
  private readonly menuButtons = new Map<string, unknown>();
  private readonly refunded = new Set<string>();
  webhook: { url: string; secret_token?: string; allowed_updates?: UpdateType[] } | undefined;

  constructor(opts: { token: string; botInfo?: Partial<UserFromGetMe> }) {
    this.token = opts.token;
    const idFromToken = Number(opts.token.split(":")[0]);
    this.botInfo = {
      ...DEFAULT_BOT,
      ...(Number.isSafeInteger(idFromToken) && idFromToken > 0 ? { id: idFromToken } : {}),
      ...opts.botInfo,
      is_bot: true,
    };
    this.channels = new FakeChannels(
      this.botInfo.id,
      (error_code, description) => new TelegramApiError({ error_code, description }),
    );
    this.installMethods();
  }

  // -- lifecycle -------------------------------------------------------------------------------------------

  async start(): Promise<this> {
    this.stopping = false;
    const server = createServer((req, res) => {
      if (this.offline) {
        this.refuse(req.url ?? "");
        req.socket.destroy();
        return;
      }
      const done = this.handle(req, res).catch(() => undefined);
      this.inflight.add(done);
      void done.finally(() => this.inflight.delete(done));
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    this.server = server;
    this.port = (server.address() as AddressInfo).port;
    return this;
  }

  /** Releases held long polls with an empty result, lets in-flight answers go out, closes the server. */
  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.stopping = true;
    for (const wake of this.pollWaiters) wake();
    await Promise.race([Promise.all([...this.inflight]), new Promise((r) => setTimeout(r, 1000))]);
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }

  /** `http://127.0.0.1:<port>`, to pass as grammY's `client.apiRoot` / `BOT_API_ROOT`. */
  get apiRoot(): string {
    if (!this.server) throw new Error("FakeTelegram is not started");
    return `http://127.0.0.1:${this.port}`;
  }

  // -- the call log ----------------------------------------------------------------------------------------

  get calls(): readonly TelegramCall[] {
    return this.log;
  }

  callsOf(method: string): TelegramCall[] {
    return this.log.filter((c) => c.method === method);
  }

  last(method?: string): TelegramCall | undefined {
    return method === undefined ? this.log.at(-1) : this.callsOf(method).at(-1);
  }

  /** Method names in call order, without the `getUpdates` polling noise. */
  methods(): string[] {
    return this.log.filter((c) => c.method !== "getUpdates").map((c) => c.method);
  }

  /** Forgets the recorded calls (not the state: messages, feed, webhook, ...). */
  clear(): void {
    this.log.length = 0;
  }

  /**
   * Resolves with the first call at index >= `since` (default 0: any call so far) matching a method name or
   * predicate, waiting up to `timeoutMs` for it. Use `const mark = fake.calls.length` before acting and pass
   * it as `since` to wait for a new call only.
   */
  waitFor(
    match: string | ((call: TelegramCall) => boolean),
    timeoutMs = 5000,
    since = 0,
  ): Promise<TelegramCall> {
    const test = typeof match === "string" ? (c: TelegramCall) => c.method === match : match;
    const find = () => this.log.slice(since).find(test);
    const found = find();
    if (found) return Promise.resolve(found);
    return new Promise((resolve, reject) => {
      const check = () => {
        const hit = find();
        if (!hit) return;
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(hit);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        const what = typeof match === "string" ? match : "a matching call";
        reject(
          new Error(`FakeTelegram: no ${what} within ${timeoutMs} ms; calls: ${this.methods().join(", ")}`),
        );
      }, timeoutMs);
      this.waiters.add(check);
    });
  }

  // -- fault injection -------------------------------------------------------------------------------------

  /** The next `times` calls of `method` ("*" for any) answer this error, e.g. 429 with retry_after. */
  failNext(method: string, error: TelegramError, times = 1): void {
    this.injections.push({ method, error, times });
  }

  /** Every send/copy/forward/edit to this chat answers 403 "bot was blocked by the user". */
  blockChat(chatId: number | string): void {
    this.blocked.add(String(chatId));
  }

  unblockChat(chatId: number | string): void {
    this.blocked.delete(String(chatId));
  }

  /**
   * Telegram becomes unreachable: held long polls and every new connection are cut, and the in-process
   * `fetch` throws what node-fetch throws for a refused connection. The state is kept for {@link goOnline}.
   */
  goOffline(): void {
    this.offline = true;
    this.server?.closeAllConnections();
  }

  goOnline(): void {
    this.offline = false;
  }

  /**
   * The next call of `method` whose params match `when` is recorded at once but answered only after the
   * returned `release()` (a slow Telegram, to keep a handler or a job running).
   */
  holdNext(method: string, when: (params: Record<string, unknown>) => boolean = () => true): () => void {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    this.holds.push({ method, when, gate });
    return release;
  }

  private refuse(path: string): void {
    this.refusedWhileOffline += 1;
    this.refusedMethods.push(/\/bot[^/]+\/([A-Za-z0-9_]+)/.exec(path)?.[1] ?? path);
    for (const check of [...this.waiters]) check();
  }

  /** Replaces or adds a method handler (return the result, or throw a TelegramApiError). */
  setHandler(method: string, handler: MethodHandler): void {
    this.handlers.set(method.toLowerCase(), [method, handler]);
  }

  // -- the update feed -------------------------------------------------------------------------------------

  /**
   * Queues an update for getUpdates and wakes held long polls. An update_id that is missing or not above
   * the last one is replaced by the next one. Returns the queued update.
   */
  pushUpdate(update: Omit<Update, "update_id"> & { update_id?: number }): Update {
    const id =
      update.update_id !== undefined && update.update_id > this.lastUpdateId
        ? update.update_id
        : this.lastUpdateId + 1;
    this.lastUpdateId = id;
    const queued: Update = { ...update, update_id: id };
    this.remember(queued);
    this.feed.push(queued);
    for (const wake of this.pollWaiters) wake();
    return queued;
  }

  /** Updates queued and not yet confirmed by an offset. */
  get pendingUpdates(): readonly Update[] {
    return this.feed;
  }

  // builders bound to this bot (build only; push with pushUpdate)
  textMessage(from: User, text: string, chat?: Chat): Update {
    return textMessage(from, text, chat);
  }
  command(from: User, text: string, chat?: Chat): Update {
    return command(from, text, chat);
  }
  callback(from: User, data: string, message?: Message): Update {
    return callback(from, data, message, this.botInfo);
  }
  preCheckout(from: User, payload: string, total_amount: number, currency: string): Update {
    return preCheckout(from, payload, total_amount, currency);
  }
  successfulPayment(from: User, payload: string, amount: number, currency: string, chargeId: string): Update {
    return successfulPayment(from, payload, amount, currency, chargeId);
  }
  /** POSTs an update to the bot's webhook (default: the URL and secret it set with setWebhook). */
  postWebhook(url: string | undefined, update: Update, secret?: string): Promise<number> {
    const target = url ?? this.webhook?.url;
    if (!target) throw new Error("FakeTelegram: no webhook URL given or set");
    return postWebhook(target, update, secret ?? this.webhook?.secret_token);
  }

  // -- the method table ------------------------------------------------------------------------------------

  private installMethods(): void {
    const table: Record<string, MethodHandler> = {
      getMe: () => this.botInfo,
      logOut: () => true,
      close: () => true,

      getUpdates: (p, ctx) => this.getUpdates(p, ctx),
      setWebhook: (p) => {
        const url = str(p.url);
        if (!url) {
          this.webhook = undefined;
          return true;
        }
        if (!/^https?:\/\//.test(url))
          throw bad("Bad Request: bad webhook: An HTTPS URL must be provided for webhook");
        this.webhook = {
          url,
          ...(p.secret_token !== undefined ? { secret_token: str(p.secret_token) } : {}),
          ...(Array.isArray(p.allowed_updates) ? { allowed_updates: p.allowed_updates as UpdateType[] } : {}),
        };
        if (p.drop_pending_updates === true) this.feed = [];
        return true;
      },
      deleteWebhook: (p) => {
        this.webhook = undefined;
        if (p.drop_pending_updates === true) this.feed = [];
        return true;
      },
      getWebhookInfo: () => ({
        url: this.webhook?.url ?? "",
        has_custom_certificate: false,
        pending_update_count: this.feed.length,
        ...(this.webhook?.allowed_updates ? { allowed_updates: this.webhook.allowed_updates } : {}),
      }),

      sendMessage: (p) => {
        const text = str(p.text);
        if (text.trim() === "") throw bad("Bad Request: message text is empty");
        if (text.length > 4096) throw bad("Bad Request: message is too long");
        return this.newMessage(p, { text });
      },
      sendPhoto: (p) => this.newMessage(p, { ...caption(p), photo: this.photoSizes(p.photo) }),
      sendDocument: (p) => this.newMessage(p, { ...caption(p), document: this.document(p.document) }),
      sendInvoice: (p) =>
        this.newMessage(p, {
          invoice: {
            title: str(p.title),
            description: str(p.description),
            start_parameter: str(p.start_parameter),
            currency: str(p.currency),
            total_amount: sumPrices(p.prices),
          },
        }),
      copyMessage: (p) => ({ message_id: this.newMessage(p, { ...caption(p) }).message_id }),
      forwardMessage: (p) => this.newMessage(p, {}),
      editMessageText: (p) => this.edit(p, { text: str(p.text) }),
      editMessageCaption: (p) => this.edit(p, { caption: str(p.caption) }),
      editMessageReplyMarkup: (p) => this.edit(p, {}),
      deleteMessage: (p) => {
        this.messages.delete(msgKey(p.chat_id, p.message_id));
        return true;
      },
      sendChatAction: () => true,

      answerCallbackQuery: () => true,
      answerPreCheckoutQuery: (p) => {
        if (p.ok === false && !str(p.error_message)) throw bad("Bad Request: ERROR_MESSAGE_EMPTY");
        return true;
      },
      createInvoiceLink: () => `https://t.me/$${randomBytes(9).toString("base64url")}`,
      getStarTransactions: (p) => {
        const offset = num(p.offset) ?? 0;
        const limit = num(p.limit) ?? 100;
        return { transactions: this.starTransactions.slice(offset, offset + limit) };
      },
      refundStarPayment: (p) => {
        const charge = str(p.telegram_payment_charge_id);
        if (!charge) throw bad("Bad Request: telegram_payment_charge_id is empty");
        if (this.refunded.has(charge)) throw bad("Bad Request: CHARGE_ALREADY_REFUNDED");
        this.refunded.add(charge);
        return true;
      },

      setMyCommands: (p) => {
        this.commands.set(scopeKey(p), (p.commands as BotCommand[] | undefined) ?? []);
        return true;
      },
      getMyCommands: (p) => this.commands.get(scopeKey(p)) ?? [],
      deleteMyCommands: (p) => {
        this.commands.delete(scopeKey(p));
        return true;
      },
      setMyDescription: () => true,
      setMyShortDescription: () => true,
      setMyName: () => true,
      setChatMenuButton: (p) => {
        this.menuButtons.set(String(p.chat_id ?? ""), p.menu_button ?? { type: "default" });
        return true;
      },
      getChatMenuButton: (p) =>
        this.menuButtons.get(String(p.chat_id ?? "")) ?? this.menuButtons.get("") ?? { type: "default" },
      getChatMember: (p) => this.channels.getChatMember(p),
      createForumTopic: (p) => this.channels.createForumTopic(p),
      editForumTopic: (p) =>
        this.channels.touchForumTopic(p, typeof p.name === "string" ? p.name : undefined),
      closeForumTopic: (p) => this.channels.touchForumTopic(p),
      deleteForumTopic: (p) => this.channels.deleteForumTopic(p),
      reopenForumTopic: (p) => this.channels.touchForumTopic(p),
      exportChatInviteLink: (p) => this.channels.exportChatInviteLink(p),
      getChat: (p) => ({
        ...(this.channels.getChat(p) ?? this.knownChat(p.chat_id)),
        accent_color_id: 0,
        max_reaction_count: 11,
        accepted_gift_types: {
          unlimited_gifts: false,
          limited_gifts: false,
          unique_gifts: false,
          premium_subscription: false,
          gifts_from_channels: false,
        },
      }),
    };
    for (const [name, handler] of Object.entries(table)) this.setHandler(name, handler);
  }

  // -- method helpers --------------------------------------------------------------------------------------

  private async getUpdates(p: Record<string, unknown>, ctx: HandlerContext): Promise<Update[]> {
    if (this.webhook) {
      throw new TelegramApiError({
        error_code: 409,
        description:
          "Conflict: can't use getUpdates method while webhook is active; use deleteWebhook to delete the webhook first",
      });
    }
    const offset = num(p.offset) ?? 0;
    const limit = Math.min(Math.max(num(p.limit) ?? 100, 1), 100);
    const timeout = num(p.timeout) ?? 0;
    if (Array.isArray(p.allowed_updates)) {
      const allowed = new Set(p.allowed_updates as UpdateType[]);
      this.allowedUpdates = allowed.size ? (u) => allowed.has(u) : DEFAULT_ALLOWED;
    }
    if (offset > 0) this.feed = this.feed.filter((u) => u.update_id >= offset);
    else if (offset < 0) this.feed = this.feed.slice(offset);
    // Telegram drops updates of types not allowed
    this.feed = this.feed.filter((u) => this.allowedUpdates(updateType(u)));

    if (this.feed.length === 0 && timeout > 0 && !this.stopping) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          this.pollWaiters.delete(wake);
          clearTimeout(timer);
          ctx.signal.removeEventListener("abort", wake);
          resolve();
        };
        const timer = setTimeout(wake, timeout * 1000);
        ctx.signal.addEventListener("abort", wake);
        this.pollWaiters.add(wake);
      });
      if (this.stopping) return [];
      this.feed = this.feed.filter((u) => this.allowedUpdates(updateType(u)));
    }
    return this.feed.slice(0, limit);
  }

  private newMessage(p: Record<string, unknown>, content: Record<string, unknown>): { message_id: number } {
    if (p.chat_id === undefined || p.chat_id === "") throw bad("Bad Request: chat_id is empty");
    if (p.message_thread_id !== undefined && !this.channels.threadExists(p.chat_id, p.message_thread_id))
      throw bad("Bad Request: message thread not found");
    const chat = this.chatOf(p.chat_id);
    const message: Record<string, unknown> = {
      message_id: this.nextMessageId++,
      from: this.botInfo,
      chat,
      date: nowSeconds(),
      ...content,
    };
    if (p.message_thread_id !== undefined) message.message_thread_id = p.message_thread_id;
    if (isInlineKeyboard(p.reply_markup)) message.reply_markup = p.reply_markup;
    this.messages.set(msgKey(chat.id, message.message_id), {
      text: content.text as string | undefined,
      caption: content.caption as string | undefined,
      reply_markup: message.reply_markup,
      message,
    });
    return message as { message_id: number };
  }

  private edit(p: Record<string, unknown>, change: { text?: string; caption?: string }): unknown {
    if (p.inline_message_id !== undefined) return true;
    if (change.text !== undefined && change.text.trim() === "")
      throw bad("Bad Request: message text is empty");
    const key = msgKey(p.chat_id, p.message_id);
    const markup = isInlineKeyboard(p.reply_markup) ? p.reply_markup : undefined;
    const stored = this.messages.get(key);
    if (stored) {
      const same =
        (change.text ?? stored.text) === stored.text &&
        (change.caption ?? stored.caption) === stored.caption &&
        JSON.stringify(markup) === JSON.stringify(stored.reply_markup);
      if (same) {
        throw bad(
          "Bad Request: message is not modified: specified new message content and reply markup are exactly the same as a current content and reply markup of the message",
        );
      }
    }
    const base = stored?.message ?? {
      message_id: num(p.message_id) ?? 0,
      from: this.botInfo,
      chat: this.chatOf(p.chat_id),
      date: nowSeconds(),
    };
    const message: Record<string, unknown> = { ...base, ...change, edit_date: nowSeconds() };
    if (markup) message.reply_markup = markup;
    else delete message.reply_markup;
    this.messages.set(key, {
      text: message.text as string | undefined,
      caption: message.caption as string | undefined,
      reply_markup: markup,
      message,
    });
    return message;
  }

  private photoSizes(photo: unknown): unknown[] {
    const id = this.fileId();
    const size = isFakeFile(photo) ? photo.size : undefined;
    return [90, 320, 800].map((side, i) => ({
      file_id: `${id}-${i}`,
      file_unique_id: `${id}-u${i}`,
      width: side,
      height: side,
      ...(size !== undefined ? { file_size: Math.min(size, Math.ceil((size * (i + 1)) / 3)) } : {}),
    }));
  }

  private document(doc: unknown): Record<string, unknown> {
    const id = this.fileId();
    return {
      file_id: id,
      file_unique_id: `${id}-u`,
      ...(isFakeFile(doc)
        ? { file_name: doc.filename, mime_type: mimeOf(doc.filename), file_size: doc.size }
        : { file_name: "document" }),
    };
  }

  private fileId(): string {
    return `fake-file-${this.nextFileId++}-${randomBytes(4).toString("hex")}`;
  }

  /** getChat's chat: a public @username names a channel only when `channels` has it. */
  private knownChat(chatId: unknown): Chat {
    if (typeof chatId === "string" && chatId.startsWith("@")) throw bad("Bad Request: chat not found");
    return this.chatOf(chatId);
  }

  private chatOf(chatId: unknown): Chat {
    const known = this.chats.get(String(chatId));
    if (known) return known;
    if (typeof chatId === "string" && chatId.startsWith("@")) {
      return { id: -1001000000000, type: "channel", title: chatId.slice(1), username: chatId.slice(1) };
    }
    const id = Number(chatId);
    if (id < 0) return { id, type: "supergroup", title: `Group ${id}` };
    const u = this.users.get(id);
    return u ? privateChat(u) : { id, type: "private", first_name: `User${id}` };
  }

  /** Learns users and chats from pushed updates, so sends and getChat answer with real names. */
  private remember(update: Update): void {
    const walk = (v: unknown, key: string, depth: number) => {
      if (depth > 4 || typeof v !== "object" || v === null) return;
      const o = v as Record<string, unknown>;
      if (key === "from" && typeof o.id === "number" && o.is_bot === false)
        this.users.set(o.id, o as unknown as User);
      if (key === "chat" && typeof o.id === "number" && typeof o.type === "string") {
        this.chats.set(String(o.id), o as unknown as Chat);
      }
      for (const [k, child] of Object.entries(o)) walk(child, k, depth + 1);
    };
    walk(update, "", 0);
  }

  // -- HTTP ------------------------------------------------------------------------------------------------

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? "/", "http://fake");
    const raw = await readBody(req);
    const abort = new AbortController();
    res.on("close", () => abort.abort());
    const answer = await this.dispatch(url, req.headers["content-type"] ?? "", raw, abort.signal);
    reply(res, answer.status, answer.body);
  }

  /**
   * The same Bot API without a socket: a `fetch` for grammY's `client.fetch`, so a bot built in the
   * test process talks to this fake directly (calls made inside conversations included).
   */
  readonly fetch = async (
    input: unknown,
    init?: { body?: unknown; headers?: unknown },
  ): Promise<Response> => {
    const url = new URL(String(input));
    if (this.offline) {
      this.refuse(url.pathname);
      // node-fetch's FetchError for a refused connection: the message carries the whole URL.
      throw Object.assign(new Error(`request to ${url.href} failed, reason: connect ECONNREFUSED`), {
        name: "FetchError",
        type: "system",
        code: "ECONNREFUSED",
        errno: "ECONNREFUSED",
      });
    }
    const headers = new Headers(init?.headers as ConstructorParameters<typeof Headers>[0]);
    const raw = await bodyBytes(init?.body);
    const answer = await this.dispatch(
      url,
      headers.get("content-type") ?? "",
      raw,
      new AbortController().signal,
    );
    return new Response(JSON.stringify(answer.body), {
      status: answer.status,
      headers: { "content-type": "application/json" },
    });
  };

  private async dispatch(
    url: URL,
    contentType: string,
    raw: Buffer,
    signal: AbortSignal,
  ): Promise<{ status: number; body: unknown }> {
    const fail = (error: TelegramError) => ({ status: error.error_code, body: { ok: false, ...error } });
    const match = /^\/bot([^/]+)\/([A-Za-z0-9_]+)\/?$/.exec(url.pathname);
    if (!match) return fail({ error_code: 404, description: "Not Found" });
    if (decodeURIComponent(match[1] ?? "") !== this.token)
      return fail({ error_code: 401, description: "Unauthorized" });
    const entry = this.handlers.get((match[2] ?? "").toLowerCase());
    if (!entry) return fail({ error_code: 404, description: "Not Found: method not found" });
    const [method, handler] = entry;

    let params: Record<string, unknown>;
    try {
      params = { ...queryParams(url.searchParams), ...parseBody(contentType, raw) };
    } catch (err) {
      return fail({
        error_code: 400,
        description: `Bad Request: ${err instanceof Error ? err.message : String(err)}`,
      });
    }
    this.record(method, params);

    const injection = this.injections.find((i) => i.times > 0 && (i.method === method || i.method === "*"));
    if (injection) {
      injection.times -= 1;
      return fail(injection.error);
    }
    const hold = this.holds.findIndex((h) => h.method === method && h.when(params));
    if (hold !== -1) await this.holds.splice(hold, 1)[0]?.gate;
    if (isSend(method) && params.chat_id !== undefined && this.blocked.has(String(params.chat_id))) {
      return fail(BLOCKED);
    }
    try {
      return { status: 200, body: { ok: true, result: await handler(params, { signal }) } };
    } catch (err) {
      if (err instanceof TelegramApiError) return fail(err.error);
      const description = `Internal Server Error: ${err instanceof Error ? err.message : String(err)}`;
      return fail({ error_code: 500, description });
    }
  }

  private record(method: string, params: Record<string, unknown>): void {
    const call: TelegramCall = { method, params, at: Date.now() };
    if (params.chat_id !== undefined) call.chatId = params.chat_id as number | string;
    this.log.push(call);
    for (const check of [...this.waiters]) check();
  }
}

// ---------------------------------------------------------------------------------------------------------
// Helpers

/** Reads a fetch body (string, bytes or a Node stream, as grammY sends for uploads) into bytes. */
async function bodyBytes(body: unknown): Promise<Buffer> {
  if (body === undefined || body === null) return Buffer.alloc(0);
  if (typeof body === "string") return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body);
  if (typeof (body as AsyncIterable<unknown>)[Symbol.asyncIterator] === "function") {
    const chunks: Buffer[] = [];
    for await (const chunk of body as AsyncIterable<Uint8Array | string>) {
      chunks.push(typeof chunk === "string" ? Buffer.from(chunk) : Buffer.from(chunk));
    }
    return Buffer.concat(chunks);
  }
  throw new Error("unsupported request body");
}

const bad = (description: string) => new TelegramApiError({ error_code: 400, description });

function str(v: unknown): string {
  return v === undefined || v === null ? "" : String(v);
}

function num(v: unknown): number | undefined {
  if (typeof v === "number") return v;
  if (typeof v === "string" && v.trim() !== "" && Number.isFinite(Number(v))) return Number(v);
  return undefined;
}

function caption(p: Record<string, unknown>): { caption?: string } {
  return p.caption === undefined ? {} : { caption: str(p.caption) };
}

function sumPrices(prices: unknown): number {
  if (!Array.isArray(prices)) return 0;
  return prices.reduce((sum: number, p: unknown) => sum + (num((p as { amount?: unknown })?.amount) ?? 0), 0);
}

function msgKey(chatId: unknown, messageId: unknown): string {
  return `${String(chatId)}/${String(messageId)}`;
}

function scopeKey(p: Record<string, unknown>): string {
  return `${JSON.stringify(p.scope ?? { type: "default" })}|${str(p.language_code)}`;
}

function isInlineKeyboard(v: unknown): boolean {
  return (
    typeof v === "object" && v !== null && Array.isArray((v as { inline_keyboard?: unknown }).inline_keyboard)
  );
}

function isSend(method: string): boolean {
  return /^(send|copy|forward|edit)/.test(method);
}

function isFakeFile(v: unknown): v is FakeFile {
  return typeof v === "object" && v !== null && Buffer.isBuffer((v as FakeFile).data);
}

function updateType(u: Update): UpdateType {
  return Object.keys(u).find((k) => k !== "update_id") as UpdateType;
}

function mimeOf(filename: string): string {
  const ext = filename.split(".").pop()?.toLowerCase();
  const types: Record<string, string> = {
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    txt: "text/plain",
    conf: "application/octet-stream",
    json: "application/json",
    pdf: "application/pdf",
  };
  return (ext && types[ext]) || "application/octet-stream";
}

function reply(res: ServerResponse, status: number, body: unknown): void {
  if (res.destroyed || res.writableEnded) return;
  const text = JSON.stringify(body);
  res.writeHead(status, { "content-type": "application/json", "content-length": Buffer.byteLength(text) });
  res.end(text);
}

// ---------------------------------------------------------------------------------------------------------
// Request parsing: JSON, urlencoded, query string, multipart/form-data

/** Form values arrive as strings: objects/arrays/booleans and numeric ids become values again. */
function formValue(key: string, value: string): unknown {
  const t = value.trim();
  if ((t.startsWith("{") && t.endsWith("}")) || (t.startsWith("[") && t.endsWith("]"))) {
    try {
      return JSON.parse(t);
    } catch {
      return value;
    }
  }
  if (t === "true" || t === "false") return t === "true";
  if (
    /(^|_)(id|offset|limit|timeout|amount|count|duration|width|height|date)$/.test(key) &&
    /^-?\d+$/.test(t)
  ) {
    return Number(t);
  }
  return value;
}

function queryParams(search: URLSearchParams): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of search) out[k] = formValue(k, v);
  return out;
}

function parseBody(contentType: string, raw: Buffer): Record<string, unknown> {
  if (raw.length === 0) return {};
  const type = contentType.toLowerCase();
  if (type.startsWith("multipart/form-data")) return parseMultipart(contentType, raw);
  if (type.startsWith("application/x-www-form-urlencoded")) {
    return queryParams(new URLSearchParams(raw.toString("utf8")));
  }
  const parsed: unknown = JSON.parse(raw.toString("utf8"));
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed))
    throw new Error("body is not an object");
  return parsed as Record<string, unknown>;
}

/**
 * A tolerant multipart/form-data parser: grammY writes `content-disposition:form-data;name="x";filename=y`
 * (no spaces, unquoted filename), which undici's strict parser refuses. Fields are form values, file parts
 * become {@link FakeFile}s and replace their `attach://` references (also inside JSON fields such as media).
 */
export function parseMultipart(contentType: string, raw: Buffer): Record<string, unknown> {
  const boundaryMatch = /boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = boundaryMatch?.[1] ?? boundaryMatch?.[2];
  if (!boundary) throw new Error("multipart body without boundary");
  const delimiter = Buffer.from(`--${boundary}`);

  const fields: Record<string, unknown> = {};
  const files = new Map<string, FakeFile>();
  let pos = raw.indexOf(delimiter);
  while (pos !== -1) {
    let start = pos + delimiter.length;
    if (raw.subarray(start, start + 2).toString() === "--") break; // closing delimiter
    if (raw[start] === 0x0d) start += 1;
    if (raw[start] === 0x0a) start += 1;
    const next = raw.indexOf(delimiter, start);
    if (next === -1) break;
    let end = next;
    if (raw[end - 1] === 0x0a) end -= 1;
    if (raw[end - 1] === 0x0d) end -= 1;
    const part = raw.subarray(start, end);

    let headerEnd = part.indexOf("\r\n\r\n");
    let bodyStart = headerEnd + 4;
    if (headerEnd === -1) {
      headerEnd = part.indexOf("\n\n");
      bodyStart = headerEnd + 2;
    }
    if (headerEnd !== -1) {
      const headers = part.subarray(0, headerEnd).toString("utf8").split(/\r?\n/);
      const body = part.subarray(bodyStart);
      const header = (name: string) =>
        headers
          .find((h) => h.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      const disposition = header("content-disposition") ?? "";
      const name = dispositionParam(disposition, "name");
      const filename = dispositionParam(disposition, "filename");
      if (name !== undefined) {
        if (filename !== undefined) {
          const contentTypeOfPart = header("content-type");
          files.set(name, {
            filename,
            size: body.length,
            data: Buffer.from(body),
            ...(contentTypeOfPart ? { contentType: contentTypeOfPart } : {}),
          });
        } else {
          fields[name] = formValue(name, body.toString("utf8"));
        }
      }
    }
    pos = next;
  }

  const resolve = (v: unknown): unknown => {
    if (typeof v === "string" && v.startsWith("attach://")) return files.get(v.slice(9)) ?? v;
    if (Array.isArray(v)) return v.map(resolve);
    if (typeof v === "object" && v !== null) {
      return Object.fromEntries(Object.entries(v).map(([k, child]) => [k, resolve(child)]));
    }
    return v;
  };
  const out = resolve(fields) as Record<string, unknown>;
  // files nobody referenced are kept under their part name
  const referenced = JSON.stringify(fields);
  for (const [name, file] of files) if (!referenced.includes(`attach://${name}`)) out[name] = file;
  return out;
}

function dispositionParam(disposition: string, param: string): string | undefined {
  const re = new RegExp(`(?:^|;)\\s*${param}\\s*=\\s*(?:"((?:[^"\\\\]|\\\\.)*)"|([^;]*))`, "i");
  const m = re.exec(disposition);
  if (!m) return undefined;
  return m[1] !== undefined ? m[1].replace(/\\(.)/g, "$1") : (m[2] ?? "").trim();
}

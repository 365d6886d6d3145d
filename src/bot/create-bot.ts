import { conversations } from "@grammyjs/conversations";
import { sequentialize } from "@grammyjs/runner";
import {
  Bot,
  type BotConfig,
  type BotError,
  type Composer,
  GrammyError,
  HttpError,
  type MiddlewareFn,
  session,
} from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { Redis } from "ioredis";
import { type Locale, supportedLocale } from "../config.js";
import type { Customers } from "../domain/books/index.js";
import { NotPermitted } from "../domain/staff/index.js";
import type { I18nLike } from "../render/i18n-like.js";
import { type LogFields, withLogFields } from "../runtime/log-context.js";
import { retryOnFlood } from "../runtime/telegram-retry.js";
import { OneTimeTokens } from "../store/one-time.js";
import type { SecretBox } from "../store/secret-box.js";
import { ChatBusyError, type ChatLock, ChatLockLostError, chatLocked } from "./chat-lock.js";
import type { BotContext, BotDeps, BotPlumbing, ConvContext, SessionData } from "./context.js";
import {
  CONV_CANCEL,
  endedByCancel,
  lateSecrets,
  SealedConversationStorage,
  SecretMarkers,
} from "./conversation-kit.js";
import { startEarlyReads } from "./early-reads.js";
import { adminHere } from "./features/admin/guard.js";
import { adminConversations, adminFeature } from "./features/admin/index.js";
import { helpFeature } from "./features/help.js";
import { followChosenLocale, languageFeature } from "./features/language.js";
import { replyWithMainMenu } from "./features/main-menu.js";
import { maintenanceGate } from "./features/maintenance-gate.js";
import {
  paymentsFeature,
  preCheckoutFeature,
  recordPaymentFirst,
  recordPaymentsOnFetch,
} from "./features/payments.js";
import { registerCustomer, shopConversations, shopFeature } from "./features/shop/index.js";
import { startFeature } from "./features/start.js";
import {
  inTicketTopic,
  ticketConversations,
  ticketCustomerFeature,
  ticketTopicFeature,
} from "./features/tickets/index.js";
import { isAdmin, when } from "./filters.js";
import { createI18n } from "./i18n.js";
import { NameRefs } from "./name-refs.js";
import { type RateLimitOptions, rateLimit } from "./rate-limit.js";
import { chain, Routes } from "./routes.js";
import { ChangedSessionStorage } from "./session-storage.js";
import { keepMarked } from "./views/show.js";

export interface CreateBotOptions {
  token: string;
  deps: BotDeps;
  /**
   * The bot's own keyspaces: sessions, conversation states, rate limit, name references,
   * confirmation tokens, secret marks. Features reach them through `ctx.kit`, never directly.
   */
  redis: Redis;
  /** Seals conversation states at rest (SECRET_KEY). */
  box: SecretBox;
  /** Known bot info skips `getMe` (tests). */
  botInfo?: UserFromGetMe;
  /** Transport seam: `apiRoot` and `fetch` (tests inject a recorder here). */
  client?: BotConfig<BotContext>["client"];
  /** Per-user rate limit (default DEFAULT_RATE_LIMIT); `false` turns it off (tests of other things). */
  rateLimit?: RateLimitOptions | false;
  /**
   * One update of a chat at a time across processes (webhook replicas): a Redis lock per chat
   * around the session's read and write. Without it (polling: one process, the poller lease)
   * sequentialize orders a chat's updates inside this process only.
   */
  chatLock?: ChatLock;
}

/** Where a chat's session lives: `session:<chat>`. */
const SESSION = "session:";

/** Session and sequentialize key: the chat, or the user for chat-less updates (pre-checkout). */
export function chatKey(ctx: { chat?: { id: number }; from?: { id: number } }): string | undefined {
  return (ctx.chat?.id ?? ctx.from?.id)?.toString();
}

/** Builds the bot with all features; no network traffic until it is started. */
export function createBot(options: CreateBotOptions): Bot<BotContext> {
  const { deps, redis } = options;
  const kit: BotPlumbing = {
    confirmations: new OneTimeTokens(redis),
    nameRefs: new NameRefs(redis),
    secrets: new SecretMarkers(redis),
  };
  const bot = new Bot<BotContext>(options.token, { botInfo: options.botInfo, client: options.client });
  retryOnFlood(bot.api);
  // Polling: payments of a fetched batch are stored before the runner moves its offset.
  bot.api.config.use(recordPaymentsOnFetch(deps.settlement.paymentInbox));

  /** Updates whose handling failed (for the metrics outcome label). */
  const failed = new WeakSet<BotContext>();
  const fallbackI18n = createI18n<BotContext>(deps.config.defaultLocale);
  // Errors end here in every delivery mode (polling, webhook, tests): logged, the user told politely.
  const guarded = new Routes<BotContext>();
  guarded.errorBoundary(
    (err: BotError<BotContext>) => handlerFailed(err, deps, failed, fallbackI18n),
    updateRoutes(options, kit),
  );
  bot.use(
    chain<BotContext>(
      measured(deps, kit, failed),
      adminLogScope,
      // Outside the error boundary: a payment that cannot be stored is not acknowledged (webhook non-2xx).
      recordPaymentFirst,
      guarded,
    ),
  );

  // Only a failure of the error boundary itself gets here.
  bot.catch((err) => deps.logger.error({ err: err.error }, "unhandled bot error"));
  return bot;
}

/** Inside the error boundary: ordering, sessions, i18n, payments, then the chats' routes. */
function updateRoutes(options: CreateBotOptions, kit: BotPlumbing): MiddlewareFn<BotContext> {
  const { deps, redis } = options;
  const storedLocale = storedLocaleIn(redis, deps.books.customers);
  const limiter = options.rateLimit === false ? undefined : rateLimit(redis, options.rateLimit);
  const inChats = chatRoutes(options.box, deps, kit, storedLocale);
  return chain<BotContext>(
    keepMarked,
    // Pre-checkout is answered at once, not queued behind the user's other updates (10 s limit).
    when((ctx) => ctx.preCheckoutQuery !== undefined, preCheckoutIn(deps, storedLocale)),
    // Concurrent updates of one chat must not race on its session (runner and webhook alike).
    sequentialize(chatKey),
    // Across processes too, when several may take updates: sequentialize first, so this process
    // never waits on its own lock.
    ...(options.chatLock ? [chatLocked<BotContext>(options.chatLock, chatKey)] : []),
    // The rate limit's hit, the chosen language and the maintenance switch go alongside the
    // session's read (one round trip).
    ...(limiter ? [limiter.early] : []),
    startEarlyReads,
    sessionsIn(redis, options.chatLock),
    createI18n<BotContext>(deps.config.defaultLocale, (ctx) => {
      const chosen = chatKey(ctx) ? ctx.session.locale : undefined;
      return chosen ?? supportedLocale(ctx.from?.language_code);
    }),
    // Payments first: never swallowed by a conversation.
    when((ctx) => ctx.message?.successful_payment !== undefined, paymentsFeature),
    // After payments (never limited) and i18n (the notice is in the user's language).
    ...(limiter ? [limiter.limit] : []),
    when((ctx) => ctx.chat !== undefined, inChats),
  );
}

/** Sessions in Redis; with the lock, written only while the update still holds the chat (fencing). */
function sessionsIn(redis: Redis, lock: ChatLock | undefined): MiddlewareFn<BotContext> {
  const sessions = new ChangedSessionStorage(
    redis,
    lock && ((key) => lock.holder(key.slice(SESSION.length))),
  );
  return session({ initial: sessions.initial, getSessionKey: chatKey, prefix: SESSION, storage: sessions });
}

/**
 * Gives an update (or a conversation step) its dependencies, plumbing and a logger tagged with
 * the update and chat. The child logger is made on first use: most updates log nothing.
 */
function equip(ctx: BotContext | ConvContext, deps: BotDeps, kit: BotPlumbing): void {
  ctx.deps = deps;
  ctx.kit = kit;
  let log: BotContext["log"] | undefined;
  Object.defineProperty(ctx, "log", {
    configurable: true,
    enumerable: false,
    get: () => {
      log ??= deps.logger.child({ update_id: ctx.update.update_id, chat: ctx.chat?.id });
      return log;
    },
    set: (value: BotContext["log"]) => {
      log = value;
    },
  });
}

/**
 * An admin's update changes the hosting side through the domain services, which log through the
 * process logger: their lines carry the update and chat too. Customers' updates log through
 * `ctx.log` (bound to both); a scope for every update would cost the bot a sixth of its CPU on
 * Node 20 (see log-context.ts), so only admins' get one.
 */
const adminLogScope: MiddlewareFn<BotContext> = (ctx, next) => {
  if (!isAdmin(ctx)) return next();
  const fields: LogFields = { update_id: ctx.update.update_id };
  if (ctx.chat) fields.chat = ctx.chat.id;
  return withLogFields(fields, next);
};

/** The first middleware: equips the update and counts it (type, outcome, handling time). */
function measured(deps: BotDeps, kit: BotPlumbing, failed: WeakSet<BotContext>): MiddlewareFn<BotContext> {
  const { updates, handlerSeconds } = deps.metrics;
  // Label children made once per update type: looking labels up costs on every update otherwise.
  const series = (type: string) => ({
    ok: updates.labels({ type, outcome: "ok" }),
    error: updates.labels({ type, outcome: "error" }),
    seconds: handlerSeconds.labels({ type }),
  });
  const byType = new Map<string, ReturnType<typeof series>>();
  const seriesOf = (type: string) => {
    const known = byType.get(type);
    if (known) return known;
    const made = series(type);
    byType.set(type, made);
    return made;
  };
  // A reaction, not an async frame, waits through the update (hundreds wait at once).
  return (ctx, next) => {
    const counted = seriesOf(updateType(ctx.update));
    const started = performance.now();
    equip(ctx, deps, kit);
    return next().finally(() => {
      (failed.has(ctx) ? counted.error : counted.ok).inc();
      counted.seconds.observe((performance.now() - started) / 1000);
    });
  };
}

/** The kind of an update (`message`, `callback_query`, ...). */
function updateType(update: BotContext["update"]): string {
  for (const key in update) if (key !== "update_id") return key;
  return "unknown";
}

/** A handler failed: logged by what failed, the update counted as an error, the user told politely. */
async function handlerFailed(
  err: BotError<BotContext>,
  deps: BotDeps,
  failed: WeakSet<BotContext>,
  fallbackI18n: I18nLike,
) {
  const ctx = err.ctx;
  failed.add(ctx);
  const cause = err.error;
  const log = ctx.log ?? deps.logger;
  // The domain refused a staff action the role (read now) does not allow (recorded there): said
  // in a message, as the press may have been answered already.
  if (cause instanceof NotPermitted) {
    log.warn({ err: cause }, "staff action refused by the domain");
    await ctx.reply(ctx.t("staff-not-permitted")).catch(() => undefined);
    return;
  }
  if (cause instanceof GrammyError) log.error({ err: cause, method: cause.method }, "Bot API refused a call");
  else if (cause instanceof HttpError) log.error({ err: cause }, "Bot API unreachable");
  else if (cause instanceof ChatBusyError)
    log.error({ err: cause }, "update not handled: its chat stayed locked");
  else if (cause instanceof ChatLockLostError)
    log.error({ err: cause }, "session not written: the update's chat lock was lost");
  else log.error({ err: cause }, "update handler failed");
  await politeError(ctx, deps, fallbackI18n).catch(() => undefined);
}

type LocaleSource = { chat?: { id: number }; from?: { id: number; language_code?: string } };

/**
 * The locale a chat chose, read where no session middleware runs: the customer's own choice in
 * their private chat (made here or in the cabinet), else the chat's stored session.
 */
function storedLocaleIn(
  redis: Redis,
  customers: Pick<Customers, "chosenLocale">,
): (ctx: LocaleSource) => Promise<Locale | undefined> {
  return async (ctx) => {
    // The user's own chat, or no chat at all (a pre-checkout query: their private purchase).
    const from = ctx.from && (ctx.chat ?? ctx.from).id === ctx.from.id ? ctx.from.id : undefined;
    const chosen = from === undefined ? undefined : await customers.chosenLocale(from);
    if (chosen) return chosen;
    const key = chatKey(ctx);
    const stored = key ? await redis.get(`${SESSION}${key}`) : null;
    const locale = stored ? (JSON.parse(stored) as SessionData).locale : undefined;
    return locale ?? supportedLocale(ctx.from?.language_code);
  };
}

/** The pre-checkout answer, in the locale of the chat's stored session (it runs before the session). */
function preCheckoutIn(deps: BotDeps, storedLocale: (ctx: LocaleSource) => Promise<Locale | undefined>) {
  return preCheckoutFeature(
    createI18n<BotContext>(deps.config.defaultLocale, undefined, (ctx) =>
      storedLocale(ctx).catch(() => supportedLocale(ctx.from?.language_code)),
    ),
  );
}

/** Conversations: states sealed in Redis; inside them the locale comes from the chat's stored session. */
function conversationsIn(
  adapter: SealedConversationStorage,
  deps: BotDeps,
  kit: BotPlumbing,
  storedLocale: (ctx: LocaleSource) => Promise<Locale | undefined>,
) {
  const conversationI18n = createI18n<ConvContext>(deps.config.defaultLocale, undefined, storedLocale);
  return conversations<BotContext, ConvContext>({
    storage: { type: "context", adapter: adapter.adapter() },
    plugins: [
      (ctx, next) => {
        equip(ctx, deps, kit);
        return next();
      },
      conversationI18n,
    ],
  });
}

/** What runs in a chat: customers recorded, the front routes, conversations, then the features. */
function chatRoutes(
  box: SecretBox,
  deps: BotDeps,
  kit: BotPlumbing,
  storedLocale: (ctx: LocaleSource) => Promise<Locale | undefined>,
): MiddlewareFn<BotContext> {
  return chain<BotContext>(
    // The language the customer chose (maybe in the cabinet) before anything is said.
    followChosenLocale,
    // The one way in from groups: staff answering in a ticket's topic of the staff group (and its
    // buttons). Any other group message goes on as before, taken by nothing.
    when(inTicketTopic, ticketTopicFeature),
    // Customers are recorded first, whatever takes the update (not a membership change: see botMembership).
    when((ctx) => ctx.myChatMember === undefined, registerCustomer),
    // While the shop is closed for maintenance, customers get its notice instead of the shop (the
    // one gate: ahead of the front routes, conversations and features; payments were taken above).
    maintenanceGate,
    // With no question open in the chat, /start and the main menu are answered ahead of the
    // conversation machinery, which they never need: the most frequent updates pass a third of
    // the middleware. What they do not take goes the whole way below.
    when(noQuestionOpen, frontRoutes),
    conversationsIn(new SealedConversationStorage(box), deps, kit, storedLocale),
    // Only an admin can be in (or enter) an admin conversation: customers' updates skip them all.
    when(adminHere, ...adminConversations),
    ...shopConversations,
    ...ticketConversations,
    // A secret sent after its question ended reached no conversation: deleted all the same.
    lateSecrets,
    featureRoutes(),
  );
}

/** Updates the front routes have looked at already (they are not looked at twice). */
const passedFront = new WeakSet<BotContext>();

/** No conversation is in progress in the update's chat (its state lives in the session). */
function noQuestionOpen(ctx: BotContext): boolean {
  return ctx.session.conversations === undefined;
}

/** The main menu and /start, tried first when no question is open (see createBot). */
const frontRoutes = chain<BotContext>((ctx, next) => {
  passedFront.add(ctx);
  return next();
}, startFeature);

const notPassedFront = (ctx: BotContext) => !passedFront.has(ctx);

/** The features in their order, and what answers an update none of them took. */
function featureRoutes(): Composer<BotContext> {
  const features = new Routes<BotContext>();
  // First: it refuses blocked customers.
  features.use(shopFeature);
  // A question just ended by Cancel or /cancel (see askText): "Cancelled." and the menu back.
  features.use(when<BotContext>(endedByCancel, (ctx) => replyWithMainMenu(ctx, ctx.t("cancelled"))));
  features.use(when(notPassedFront, startFeature), helpFeature, ticketCustomerFeature, languageFeature);
  features.use(adminFeature);
  features.command("cancel", (ctx) => replyWithMainMenu(ctx, ctx.t("nothing-to-cancel")));
  // The Cancel button of a question that has ended already.
  features.callbackQuery(CONV_CANCEL, async (ctx) => {
    await ctx.answerCallbackQuery();
    await replyWithMainMenu(ctx, ctx.t("nothing-to-cancel"));
  });
  features.on("message:text", async (ctx) => {
    if (ctx.msg.text.startsWith("/")) await ctx.reply(ctx.t("error-unknown-command"));
    // Free text outside a question: a short hint and the menu (in groups people talk to each other).
    else if (ctx.chat.type === "private") await replyWithMainMenu(ctx, ctx.t("free-text-hint"));
  });
  return features;
}

/** The apology, in the user's language also when the failure came before i18n (a locked chat). */
async function politeError(ctx: BotContext, deps: BotDeps, fallbackI18n: I18nLike): Promise<void> {
  const locale = supportedLocale(ctx.from?.language_code) ?? deps.config.defaultLocale;
  const text = typeof ctx.t === "function" ? ctx.t("error-generic") : fallbackI18n.t(locale, "error-generic");
  if (ctx.callbackQuery) await ctx.answerCallbackQuery({ text, show_alert: true });
  else if (ctx.chat) await ctx.reply(text);
}

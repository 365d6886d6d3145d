import { Writable } from "node:stream";
import { Api, type Bot } from "grammy";
import type { Message, Update, User } from "grammy/types";
import type { Redis } from "ioredis";
import type { ChatLock } from "../../src/bot/chat-lock.js";
import type { BotContext, BotDeps } from "../../src/bot/context.js";
import { createBot } from "../../src/bot/create-bot.js";
import { createI18n } from "../../src/bot/i18n.js";
import type { RateLimitOptions } from "../../src/bot/rate-limit.js";
import type { Locale } from "../../src/config.js";
import type { BroadcastStarter, CustomerMessenger } from "../../src/domain/backoffice/index.js";
import type { Catalog } from "../../src/domain/catalog/index.js";
import { CatalogStore } from "../../src/domain/catalog/index.js";
import type { BulkMoveWiring } from "../../src/domain/fleet/index.js";
import { AccountKeyStore } from "../../src/domain/fleet/index.js";
import { createShopServices, type OrderJobs } from "../../src/domain/index.js";
import type { GateNotices } from "../../src/domain/sales/index.js";
import type { RailNotices } from "../../src/domain/settlement/index.js";
import type { TermJobs } from "../../src/domain/terms/index.js";
import { createHostingClients, type HostingClients } from "../../src/hosting/index.js";
import { Metrics } from "../../src/http/metrics.js";
import type { Rail } from "../../src/rails/index.js";
import { type Clock, ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { telegramChats } from "../../src/runtime/telegram-chats.js";
import type { ArchiveFiles } from "../../src/store/archive-files.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { OutboxGateNotices } from "../../src/workers/channel-gate.js";
import type { Outbox } from "../../src/workers/outbox.js";
import { OutboxTicketDesk, ticketDeskRooms } from "../../src/workers/ticket-desk.js";
import { callback, FakeTelegram, textMessage, user } from "../fakes/telegram-api.js";
import { testRedis } from "./redis.js";
import { shownTexts } from "./telegram-views.js";

export const TEST_TOKEN = "100200:TEST-token-for-the-fake-bot-api";

export interface TestBot {
  bot: Bot<BotContext>;
  /** Records and answers every Bot API call, reached through the injected `client.fetch`. */
  telegram: FakeTelegram;
  redis: Redis;
  deps: BotDeps;
  /** What the domain services are built on (tests swap a client or read the linked key). */
  hosting: HostingClients;
  accountKey: AccountKeyStore;
  box: SecretBox;
  /** Order ids handed to the (default, recording) job queue. */
  enqueued: string[];
  send(update: Update): Promise<void>;
  /** Texts of sendMessage/editMessageText calls since the last clear, in order. */
  texts(): string[];
  /** Everything logged so far (debug level), as raw JSON lines. */
  logs(): string;
  close(): Promise<void>;
}

export interface TestBotOptions {
  adminIds?: number[];
  defaultLocale?: Locale;
  redis?: Redis;
  clock?: Clock;
  /** Base URLs of fake hosting APIs; unset ones point at a closed port. */
  accountUrl?: string;
  accountApiKey?: string;
  panel?: { url: string; token: string };
  node?: { url: string; token: string; certSha256?: string };
  nodeSubUrl?: string;
  /** How long one hosting read answers the shop's delivery checks (the shipped 10 s when unset). */
  deliveryReuseMs?: number;
  catalog?: Catalog;
  /** A reloadable catalog (admin menu); when given, the shop reads its plans from it. */
  catalogStore?: CatalogStore;
  /** Bulk moves' job queue and customers' messages (none: recorded, not run, and only logged). */
  moves?: BulkMoveWiring;
  /** Where orders go; by default they are only recorded in `enqueued`. */
  jobs?: OrderJobs & TermJobs;
  paymentProviderToken?: string;
  /** SUPPORT_CONTACT: shown in /help and where customers are told to contact support. */
  supportContact?: string;
  /** WEBAPP_URL: the customer cabinet's buttons are shown when set. */
  webappUrl?: string;
  /** Starts broadcasts; unset: the Broadcast section says broadcasts are unavailable. */
  broadcasts?: BroadcastStarter;
  /** The per-user rate limit (the bot's default when unset); `false` turns it off. */
  rateLimit?: RateLimitOptions | false;
  /** The per-chat lock across processes (webhook replicas); unset: none, as in polling. */
  chatLock?: ChatLock;
  /** The domain services log into the captured lines too (default: silent). */
  domainLogs?: boolean;
  /** The channel gate's messages (default: sent at once through the fake, no outbox in between). */
  gateNotices?: GateNotices;
  /** Outside payment rails (e.g. a MemoryRail); none by default. */
  rails?: readonly Rail[];
  /** How payers hear of rail payments credited away from the chat (default: not told). */
  railNotices?: RailNotices;
  /** Where the bot queues messages to people (default: none, they go at once through the fake). */
  outbox?: BotDeps["outbox"];
  /** Where staff members' messages to customers go (default: sent at once through the fake, no outbox). */
  customerMessenger?: CustomerMessenger;
  /**
   * Where the support tickets' messages go (the staff group's topics, the chats): by default
   * straight through the fake, each at once and without the outbox's once-only keys.
   */
  ticketOutbox?: Pick<Outbox, "send">;
  /** The archive of old history (none: history stays in Redis), as the app passes it. */
  archive?: { files: ArchiveFiles; afterDays?: number };
}

/** A small catalog for tests: one plan per backend, priced in Stars, with a trial. */
export const TEST_CATALOG: Catalog = {
  currency: "XTR",
  trial: { days: 1, traffic_gb: 1, plan: "de-xui" },
  plans: [
    {
      id: "de-xui",
      title: { en: "Germany, 30 days, 100 GB", ru: "Германия, 30 дней, 100 ГБ" },
      days: 30,
      traffic_gb: 100,
      devices: 0,
      price: 150,
      backend: { kind: "xui", servers: [1, 2] },
    },
    {
      id: "multi",
      title: { en: "2 locations, 30 days", ru: "2 локации, 30 дней" },
      days: 30,
      traffic_gb: 0,
      devices: 3,
      price: 300,
      backend: {
        kind: "panel",
        locations: [
          { node: "main", inbound_ids: ["1"] },
          { node: "2", inbound_ids: ["4"] },
        ],
      },
    },
    {
      id: "node",
      title: { en: "Own node, 30 days", ru: "Своя нода, 30 дней" },
      days: 30,
      traffic_gb: 50,
      devices: 2,
      price: 120,
      backend: { kind: "node" },
    },
  ],
};

export const TEST_SECRET_KEY = Buffer.alloc(32, 9);

/** A bot with all features on real Redis and an in-process fake Bot API; drive it with `send`. */
export async function createTestBot(options: TestBotOptions = {}): Promise<TestBot> {
  const telegram = new FakeTelegram({ token: TEST_TOKEN });
  const redis = options.redis ?? (await testRedis());
  const box = new SecretBox(TEST_SECRET_KEY);
  const accountKey = new AccountKeyStore(redis, box, options.accountApiKey);
  const hosting: HostingClients = createHostingClients(
    {
      account: { url: options.accountUrl ?? "http://127.0.0.1:9", apiKey: options.accountApiKey },
      panel: options.panel,
      node: options.node
        ? { ...options.node, subUrl: undefined, certSha256: options.node.certSha256 }
        : undefined,
    },
    () => accountKey.get(),
  );
  const enqueued: string[] = [];
  const clock = options.clock ?? new ManualClock();
  const logLines: string[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      logLines.push(String(chunk));
      done();
    },
  });
  // The shop sells from the same store the admin Catalog screen shows, as in the app.
  const catalogStore =
    options.catalogStore ??
    new CatalogStore(options.catalog ?? TEST_CATALOG, "test-catalog.yaml", redis, createLogger("silent"));
  // The channel gate asks the fake (getChatMember) and sends its notices straight through it.
  const api = new Api(TEST_TOKEN, { fetch: telegram.fetch as never });
  const gateNotices =
    options.gateNotices ??
    new OutboxGateNotices({
      outbox: {
        send: async (m) => {
          await api.sendMessage(m.chatId, m.text ?? "", { parse_mode: "HTML", reply_markup: m.keyboard });
        },
      },
      i18n: createI18n(options.defaultLocale ?? "en"),
      localeOf: async (id) => (await deps.books.customers.get(id))?.locale,
      adminIds: options.adminIds ?? [],
      defaultLocale: options.defaultLocale ?? "en",
    });
  const deps: BotDeps = {
    config: {
      adminIds: options.adminIds ?? [],
      defaultLocale: options.defaultLocale ?? "en",
      paymentProviderToken: options.paymentProviderToken,
      supportContact: options.supportContact,
      webappUrl: options.webappUrl,
    },
    logger: createLogger("debug", sink),
    metrics: new Metrics(),
    clock,
    catalogFile: catalogStore,
    ...createShopServices({
      redis,
      clock,
      catalog: catalogStore.get,
      hosting,
      // The domain's lines too, for tests of what they carry (silent otherwise: they are many).
      logger: options.domainLogs ? createLogger("debug", sink) : createLogger("silent"),
      accountKey,
      nodeSubUrl: options.nodeSubUrl,
      deliveryReuseMs: options.deliveryReuseMs,
      chats: telegramChats(api, telegram.botInfo.id),
      gateNotices,
      rails: options.rails,
      railNotices: options.railNotices,
      archive: options.archive,
      ownerIds: options.adminIds ?? [],
      customerMessenger: options.customerMessenger ?? {
        send: (m) => api.sendMessage(m.chatId, m.text, { parse_mode: "HTML" }),
      },
      ticketDesk: new OutboxTicketDesk({
        api,
        outbox: options.ticketOutbox ?? directOutbox(api),
        i18n: createI18n(options.defaultLocale ?? "en"),
        defaultLocale: options.defaultLocale ?? "en",
        rooms: () => ticketDeskRooms(deps),
      }),
      moves: options.moves,
      jobs: options.jobs ?? {
        enqueueOrder: async (orderId) => {
          enqueued.push(orderId);
        },
        enqueueTermChange: async (changeId) => {
          enqueued.push(changeId);
        },
      },
    }),
    broadcasts: options.broadcasts,
    outbox: options.outbox,
  };
  const bot = createBot({
    token: TEST_TOKEN,
    deps,
    redis,
    box,
    botInfo: telegram.botInfo,
    client: { fetch: telegram.fetch as never },
    rateLimit: options.rateLimit,
    chatLock: options.chatLock,
  });
  return {
    bot,
    telegram,
    redis,
    deps,
    hosting,
    accountKey,
    box,
    enqueued,
    send: (update) => bot.handleUpdate(update),
    logs: () => logLines.join(""),
    texts: () => shownTexts(telegram),
    close: async () => {
      await hosting.close();
      if (!options.redis) await redis.quit();
    },
  };
}

/** An outbox that sends each message at once through `api`, as the outbox worker would (keys not kept). */
function directOutbox(api: Api): Pick<Outbox, "send"> {
  return {
    send: async (m) => {
      const format = m.entities ? {} : { parse_mode: "HTML" as const };
      const common = { ...format, reply_markup: m.keyboard, message_thread_id: m.threadId };
      if (m.photo)
        await api.sendPhoto(m.chatId, m.photo, { ...common, caption: m.text, caption_entities: m.entities });
      else await api.sendMessage(m.chatId, m.text ?? "", { ...common, entities: m.entities });
    },
  };
}

/**
 * Taps and messages sent to the bot (which a test creates later, hence the getter) as `as`, or as another
 * user when one is given.
 */
export function chatAs(bot: () => TestBot, as: User) {
  return {
    /** Taps an inline button with callback data `data`. */
    press: (data: string, from: User = as): Promise<void> => bot().send(callback(from, data)),
    /** Sends a text message; returns the update (its message id is what the bot may delete). */
    say: async (text: string, from: User = as): Promise<Update> => {
      const update = textMessage(from, text);
      await bot().send(update);
      return update;
    },
  };
}

/** A new English-speaking user per call, ids counting up from `firstId`, so tests never share a customer. */
export function newUsers(firstId: number): (extra?: Partial<User>) => User {
  let next = firstId;
  return (extra = {}) => user(next++, { language_code: "en", ...extra });
}

/**
 * A bot message (id 1) saying `text` in a private chat with `of` (their own chat unless `chatId` is given),
 * for a callback to be on: taps in different chats are not serialized by the bot.
 */
export function botMessage(of: User, text = "…", chatId = of.id): Message {
  return {
    message_id: 1,
    date: 0,
    chat: { id: chatId, type: "private", first_name: of.first_name },
    text,
  } as Message;
}

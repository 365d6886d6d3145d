import type { ConversationFlavor } from "@grammyjs/conversations";
import type { I18nFlavor } from "@grammyjs/i18n";
import type { MenuFlavor } from "@grammyjs/menu";
import type { Context, SessionFlavor } from "grammy";
import type { Config, Locale } from "../config.js";
import type { BroadcastStarter } from "../domain/backoffice/index.js";
import type { CatalogStore } from "../domain/catalog/index.js";
import type { ShopRooms } from "../domain/index.js";
import type { Metrics } from "../http/metrics.js";
import type { Clock } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { OneTimeTokens } from "../store/one-time.js";
import type { SecretMarkers } from "./conversation-kit.js";
import type { NameRefs } from "./name-refs.js";

/**
 * What is kept per chat in Redis. Small: ids and choices; a conversation in progress only sealed
 * (see SealedConversationStorage).
 */
export interface SessionData {
  /** The language the user picked with /language; Telegram's language otherwise. */
  locale?: Locale;
  /** When the user was last recorded as a customer (ms), so that happens at most once an hour. */
  seenAt?: number;
  /** The user's first /start is recorded (referrals): a plain /start need not record it again. */
  startRecorded?: true;
  /**
   * Conversations in progress by conversation key (one per member in a group): the state sealed,
   * and until when (ms) it may be resumed.
   */
  conversations?: Record<string, { sealed: string; until: number }>;
  /**
   * The message showing each order whose invoice is out (order id -> message id), the latest few:
   * its Cancel goes away once the order is paid (shop/order-message.ts).
   */
  orderMessages?: Record<string, number>;
}

/**
 * Everything the features need, handed in by the composition root (tests build their own): the
 * domain's rooms (features reach the hosting side and Redis only through their services), and
 * the process's config, logger, metrics and clock.
 */
export interface BotDeps extends ShopRooms {
  config: Pick<
    Config,
    "adminIds" | "defaultLocale" | "paymentProviderToken" | "supportContact" | "webappUrl"
  >;
  logger: Logger;
  metrics: Metrics;
  clock: Clock;
  /**
   * The catalog file in force (the same catalog `catalog.current()` gives): the admin Catalog
   * screen shows it, what is off sale and why, and reloads the file.
   */
  catalogFile: Pick<
    CatalogStore,
    | "get"
    | "reloadAs"
    | "file"
    | "offSale"
    | "full"
    | "edit"
    | "version"
    | "savePlan"
    | "useFile"
    | "savePlanAs"
    | "useFileAs"
    | "keepEditAs"
    | "toYaml"
  >;
  /** Starts broadcasts (the broadcast queue); without it the Broadcast section says it is unavailable. */
  broadcasts?: BroadcastStarter;
  /** Messages to people queued for delivery within Telegram's limits; without it they go at once. */
  outbox?: OutboxSender;
}

/** The outbox as the bot uses it (the workers' Outbox is one): a message queued for delivery. */
export interface OutboxSender {
  send(message: { chatId: number; text: string; once?: string; threadId?: number }): Promise<void>;
}

/** What createBot builds on its own Redis connection for the features (see bot/kit). */
export interface BotPlumbing {
  /** One-time tokens of confirm buttons (use issueConfirmation / claimConfirmation). */
  confirmations: OneTimeTokens;
  /** Long names in callback data. */
  nameRefs: NameRefs;
  /** "A secret was asked for" marks (askText and lateSecrets). */
  secrets: SecretMarkers;
}

interface Extras {
  deps: BotDeps;
  kit: BotPlumbing;
  /** Child logger tagged with the update id. */
  log: Logger;
}

type BaseContext = Context & SessionFlavor<SessionData> & I18nFlavor & MenuFlavor & Extras;

/** The context outside conversations. */
export type BotContext = ConversationFlavor<BaseContext>;

/** The context inside conversations (no session; i18n is passed in as a plugin). */
export type ConvContext = Context & I18nFlavor & Extras;

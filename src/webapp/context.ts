import type { Api } from "grammy";
import type { Redis } from "ioredis";
import type { Locale, WebappGuardConfig } from "../config.js";
import type { Tickets } from "../domain/backoffice/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { ShopRooms } from "../domain/index.js";
import type { RailPayments, SeatFulfilment } from "../domain/settlement/index.js";
import type { I18nLike, Translate } from "../render/i18n-like.js";
import type { Clock } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import type { WebappUser } from "./auth.js";
import type { GateChannelOut } from "./schemas-gate.js";

/**
 * What the cabinet needs: the same domain services as the chat (the books, the sales and the usage
 * reads of provisioning, the fleet's outages, the customers' service status, the outside payment
 * rails of settlement), and a Bot API for invoice links.
 */
export interface WebappDeps extends Pick<ShopRooms, "books" | "provisioning" | "fleet" | "sales"> {
  /** Customers' freezes (terms/freezes.ts); none wired: the cabinet offers no freeze. */
  terms?: Pick<ShopRooms["terms"], "freezes">;
  /** Outside payment rails (CryptoBot, YooKassa): what is offered, payment links, "I paid", e-mails. */
  settlement: {
    railPayments: Pick<RailPayments, "offers" | "payOrder" | "payTopUp" | "check" | "setEmail">;
    /** Family seats: a seat freed by its owner (none: seats are not freed here). */
    fulfilment?: { seats: Pick<SeatFulfilment, "revoke"> };
  };
  /**
   * The shop's maintenance (closed to customers: what sells answers 503, see maintenance.ts); its
   * settings (the hosting balance's currency on the staff's runway page).
   */
  catalog: Pick<ShopRooms["catalog"], "maintenance" | "settings">;
  /** Who is staff in which role: the staff's pages (runway.ts) answer only those who may see them. */
  staff: { roster: Pick<ShopRooms["staff"]["roster"], "require"> };
  /** Support tickets: the caller's own, written and closed as in the chat. */
  backoffice: { tickets: Pick<Tickets, "get" | "messages" | "ofCustomer" | "write" | "close"> };
  /** The customers' service status (the server watch's view and the drift sync's, joined there). */
  drift: Pick<ShopRooms["drift"], "status">;
  botToken: string;
  /** The bot's @username (without @): gift and invite links are `t.me/<it>?start=...`. */
  botUsername: string;
  /** `<WEBAPP_URL>/app/`: where a rail's page sends the payer back when the bot's @username is unknown. */
  cabinetUrl?: string | undefined;
  /** SUPPORT_CONTACT: a Telegram @username or an https URL (none: no support link). */
  supportContact?: string | undefined;
  /** WEBAPP_INIT_DATA_MAX_AGE: seconds an initData is accepted. */
  initDataMaxAge: number;
  /** Where the request budgets and sessions live (shared by every process serving the cabinet). */
  redis: Redis;
  /** Sessions and budgets (default DEFAULT_GUARD, src/webapp/guard.ts). */
  guard?: Partial<WebappGuardConfig>;
  clock: Clock;
  logger: Logger;
  i18n: I18nLike;
  defaultLocale: Locale;
  paymentProviderToken: string | undefined;
  /** createInvoiceLink for orders and top-ups (the bot's own Api); sendMessage tells a freed seat's member. */
  api: Pick<Api, "createInvoiceLink"> & Partial<Pick<Api, "sendMessage">>;
  /** The static page's folder (default: webapp/ of the project, or dist/webapp). */
  pageDir?: string;
}

/** One authenticated request: the Telegram user, who is the customer, and their language. */
export interface Caller {
  user: WebappUser;
  /** The Telegram user id: a customer acts only on what this id owns. */
  id: number;
  locale: Locale;
  t: Translate;
  /** Minor units of the catalog currency in the caller's language. */
  money: (minor: number) => string;
}

export function callerOf(deps: WebappDeps, user: WebappUser, locale: Locale): Caller {
  return {
    user,
    id: user.id,
    locale,
    t: (key, vars) => deps.i18n.t(locale, key, vars),
    money: (minor) => formatMoney(deps.sales.shop.currency, minor, locale),
  };
}

/**
 * The caller as a customer of the shop: the bot records customers on their messages, so one who
 * comes straight to the cabinet is recorded here (before anything is opened or chosen for them).
 */
export async function recordCustomer(deps: WebappDeps, caller: Caller): Promise<void> {
  const { customers } = deps.books;
  if (await customers.get(caller.id)) return;
  await customers.seen({
    id: caller.id,
    firstName: caller.user.firstName,
    ...(caller.user.username ? { username: caller.user.username } : {}),
    locale: caller.locale,
  });
}

/** A refusal with its HTTP status, thrown by a handler and answered by the router. */
export class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    /** The channels to join first, with `channel-required`. */
    readonly channels?: GateChannelOut[],
  ) {
    super(error);
    this.name = "Refusal";
  }
}

import type { InlineKeyboardMarkup } from "grammy/types";
import type { Locale } from "../../config.js";
import type { Customers } from "../../domain/books/index.js";
import { html } from "../../render/format.js";
import { hostingErrorText, isExplainable } from "../../render/hosting-error.js";
import type { I18nLike, Translate } from "../../render/i18n-like.js";
import { serversCb } from "../../render/server-callbacks.js";
import { mapLimit } from "../../runtime/map-limit.js";
import type { Outbox } from "../outbox.js";
import { fixedStaffNotices, type StaffNoticeSender } from "../staff-notices.js";

/** Customers per outbox call (and per Redis call when recording who was told). */
export const SEND_BATCH = 500;

export type NoticeVars = Record<string, string | number>;

/** A customer's own text instead of the common one (e.g. naming their subscriptions). */
export type OwnNotice = (
  customerId: number,
  locale: Locale,
  t: Translate,
) => { key: string; vars: NoticeVars } | undefined;

export interface WatchNoticesDeps {
  customers: Pick<Customers, "get">;
  outbox: Pick<Outbox, "sendMany">;
  i18n: I18nLike;
  /** Who hears of the alerts when no `staffNotices` is given: these ids, privately. */
  adminIds: readonly number[];
  /** Where the staff's alerts go (the staff group's alerts topic and the staff by role). */
  staffNotices?: StaffNoticeSender | undefined;
  defaultLocale: Locale;
}

/** The server watch's messages: each recipient in their language, each once, through the outbox. */
export class WatchNotices {
  private readonly staff: StaffNoticeSender;

  constructor(private readonly deps: WatchNoticesDeps) {
    this.staff = deps.staffNotices ?? fixedStaffNotices(deps.adminIds, deps);
  }

  t(locale: Locale, key: string, vars?: NoticeVars): string {
    return this.deps.i18n.t(locale, key, vars);
  }

  /** A hosting error as the admins read it (explained when it can be, cut to 300 characters). */
  reason(locale: Locale, err: unknown): string {
    const text = isExplainable(err)
      ? hostingErrorText((k, v) => this.t(locale, k, v), err)
      : err instanceof Error
        ? err.message
        : String(err);
    return html(text.slice(0, 300));
  }

  /**
   * One alert to the staff (the group's alerts topic and/or each one who may see it) in each
   * reader's language, once per `once` key; with `server`, under an "Open server" button to that
   * server's card (in private chats: the group has no admin buttons).
   */
  async toAdmins(
    once: string,
    key: string,
    vars: (locale: Locale) => NoticeVars,
    server?: number,
  ): Promise<void> {
    await this.staff.send("alerts", {
      once,
      text: (t, locale) => t(key, vars(locale)),
      keyboard: server === undefined ? undefined : (_t, locale) => this.openServer(locale, server),
    });
  }

  /**
   * One short notice to each customer in their language, once per `once` key and customer;
   * `named` may give a customer their own text (e.g. naming their subscriptions).
   */
  async toCustomers(customerIds: number[], key: string, once: string, named?: OwnNotice): Promise<void> {
    for (let i = 0; i < customerIds.length; i += SEND_BATCH) {
      const batch = customerIds.slice(i, i + SEND_BATCH);
      const locales = await mapLimit(batch, 50, (id) => this.localeOf(id));
      await this.deps.outbox.sendMany(
        batch.map((chatId, j) => {
          const locale = locales[j] ?? this.deps.defaultLocale;
          const own = named?.(chatId, locale, (k, vars) => this.t(locale, k, vars));
          return {
            chatId,
            text: own ? this.t(locale, own.key, own.vars) : this.t(locale, key),
            once: `${once}:${chatId}`,
          };
        }),
      );
    }
  }

  /** The button under a server's alert that opens its card in the servers section. */
  private openServer(locale: Locale, server: number): InlineKeyboardMarkup {
    const open = {
      text: this.t(locale, "watch-open-server"),
      callback_data: serversCb.pack({ act: "card", server }),
    };
    return { inline_keyboard: [[open]] };
  }

  private async localeOf(userId: number): Promise<Locale> {
    return (await this.deps.customers.get(userId))?.locale ?? this.deps.defaultLocale;
  }
}

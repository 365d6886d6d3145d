import type { Locale } from "../config.js";
import type { Customers } from "../domain/books/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { RailNotices, RailSettled } from "../domain/settlement/index.js";
import type { I18nLike } from "../render/i18n-like.js";
import type { Outbox } from "./outbox.js";
import { fixedStaffNotices, type StaffNoticeSender } from "./staff-notices.js";

export interface OutboxRailNoticesDeps {
  outbox: Pick<Outbox, "send">;
  i18n: I18nLike;
  defaultLocale: Locale;
  customers: () => Pick<Customers, "get">;
  /** Told at once of a payment that did not match when no `staffNotices` is given. */
  adminIds?: readonly number[];
  /** Where the staff hear of a payment that did not match (the group's payments topic, the staff by role). */
  staffNotices?: () => StaffNoticeSender;
}

/**
 * What a payer hears when a rail payment is credited away from the chat (its notification, the
 * poll, "I paid"): the order is paid, the wallet topped up, or why it went to the balance (or is
 * held), in their language, once per payment, through the outbox.
 */
export class OutboxRailNotices implements RailNotices {
  private fixed: StaffNoticeSender | undefined;

  constructor(private readonly deps: OutboxRailNoticesDeps) {}

  async settled(n: RailSettled): Promise<void> {
    const locale = (await this.deps.customers().get(n.payerId))?.locale ?? this.deps.defaultLocale;
    const money = (minor: number) => formatMoney(n.currency, minor, locale);
    const vars = { rail: n.rail.name, amount: money(n.amount), balance: money(n.settled.balance) };
    const key =
      n.settled.outcome === "held"
        ? "rail-paid-held"
        : n.settled.outcome === "mismatch"
          ? "rail-paid-mismatch"
          : n.settled.promoRefusal
            ? "rail-paid-promo-refused"
            : n.settled.paid
              ? "rail-paid-order"
              : "rail-paid-topup";
    await this.deps.outbox.send({
      chatId: n.payerId,
      text: this.deps.i18n.t(locale, key, { ...vars, currency: n.currency }),
      once: `railpay:${n.chargeId}`,
    });
    if (n.settled.outcome === "mismatch" || n.settled.outcome === "held") await this.alertAdmins(n);
  }

  /** A payment that paid nothing it named: the staff hear of it once, each in their language. */
  private async alertAdmins(n: RailSettled): Promise<void> {
    await this.staff().send("payments", {
      once: `railpay-alert:${n.chargeId}`,
      text: (t, locale) =>
        t(n.settled.outcome === "held" ? "alert-rail-held" : "alert-rail-mismatch", {
          rail: n.rail.name,
          amount: formatMoney(n.currency, n.amount, locale),
          customer: String(n.payerId),
        }),
    });
  }

  private staff(): StaffNoticeSender {
    if (this.deps.staffNotices) return this.deps.staffNotices();
    const { outbox } = this.deps;
    this.fixed ??= fixedStaffNotices(this.deps.adminIds ?? [], {
      ...this.deps,
      outbox: { sendMany: async (messages) => void (await Promise.all(messages.map((m) => outbox.send(m)))) },
      customers: this.deps.customers(),
    });
    return this.fixed;
  }
}

import type { Locale } from "../config.js";
import type { Customers } from "../domain/books/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { RailNotices, RailSettled } from "../domain/settlement/index.js";
import type { I18nLike } from "../render/i18n-like.js";
import type { Outbox } from "./outbox.js";

export interface OutboxRailNoticesDeps {
  outbox: Pick<Outbox, "send">;
  i18n: I18nLike;
  defaultLocale: Locale;
  customers: () => Pick<Customers, "get">;
  /** Told at once of a payment that did not match (also listed under Admin → Payments). */
  adminIds?: readonly number[];
}

/**
 * What a payer hears when a rail payment is credited away from the chat (its notification, the
 * poll, "I paid"): the order is paid, the wallet topped up, or why it went to the balance (or is
 * held), in their language, once per payment, through the outbox.
 */
export class OutboxRailNotices implements RailNotices {
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

  /** A payment that paid nothing it named: each admin hears of it once, in their language. */
  private async alertAdmins(n: RailSettled): Promise<void> {
    for (const adminId of this.deps.adminIds ?? []) {
      const locale = (await this.deps.customers().get(adminId))?.locale ?? this.deps.defaultLocale;
      const vars = {
        rail: n.rail.name,
        amount: formatMoney(n.currency, n.amount, locale),
        customer: String(n.payerId),
      };
      await this.deps.outbox.send({
        chatId: adminId,
        text: this.deps.i18n.t(
          locale,
          n.settled.outcome === "held" ? "alert-rail-held" : "alert-rail-mismatch",
          vars,
        ),
        once: `railpay-alert:${n.chargeId}:${adminId}`,
      });
    }
  }
}

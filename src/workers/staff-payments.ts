import type { Customers } from "../domain/books/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { CreditedPayment, InboxOutcome, PaymentNotices } from "../domain/settlement/index.js";
import { html } from "../render/format.js";
import { customerLabel } from "../render/undeliverable.js";
import type { StaffNoticeSender } from "./staff-notices.js";

/** What the money did, as the payments line says it. */
const OUTCOME_KEYS: Record<InboxOutcome, string> = {
  order: "staff-payment-order",
  topup: "staff-payment-topup",
  unmatched: "staff-payment-unmatched",
  mismatch: "staff-payment-mismatch",
  held: "staff-payment-held",
};

export interface StaffPaymentLinesDeps {
  /** Asked when a line goes out (the staff room is made with the rooms that call this). */
  staff: () => StaffNoticeSender;
  customers: () => Pick<Customers, "get">;
  /** A rail's name by its id (`yookassa` -> `YooKassa`); Telegram's own payments have none. */
  railName?: (id: string) => string | undefined;
}

/**
 * A short line per credited payment (Telegram's and the rails') in the staff group's payments
 * topic: who paid how much, by which way, and what it paid for. Never to private chats: a busy
 * shop would flood them (the Payments screen lists what needs a look). Once per payment.
 */
export class StaffPaymentLines implements PaymentNotices {
  constructor(private readonly deps: StaffPaymentLinesDeps) {}

  async credited(p: CreditedPayment): Promise<void> {
    const payer = await this.deps.customers().get(p.payerId);
    const customer = customerLabel({ id: p.payerId, firstName: payer?.firstName, username: payer?.username });
    const via = p.rail ? (this.deps.railName?.(p.rail) ?? p.rail) : undefined;
    await this.deps.staff().send("payments", {
      once: `payment:${p.chargeId}`,
      groupOnly: true,
      text: (t, locale) =>
        t("staff-payment-line", {
          amount: formatMoney(p.currency, p.amount, locale),
          customer,
          via: html(via ?? t("staff-payment-telegram")),
          what: t(OUTCOME_KEYS[p.outcome], { order: html(p.orderId ?? "") }),
        }),
    });
  }
}

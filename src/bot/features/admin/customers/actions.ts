import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { formatMoney } from "#src/domain/catalog/index.js";
import { html } from "#src/render/format.js";
import { signedMoney } from "./amount.js";
import { tellCustomer, toldLine } from "./notices.js";

/**
 * The confirmed actions on a customer (applied once by the shop's AdminWallet, CustomerBlocks and
 * CustomerMessages, each checking the staff member's role again and recording what it did), each
 * telling the customer and returning the staff member's notice. The handler checked the role
 * before calling (see permissions.ts).
 */

/** Applies a confirmed credit/debit once and tells the customer. */
export async function confirmAdjustment(ctx: BotContext, id: number, token: string): Promise<string> {
  const { wallet } = ctx.deps.books;
  const { adminWallet } = ctx.deps.backoffice;
  const locale = await localeOf(ctx);
  const adminId = ctx.from?.id ?? 0;
  const outcome = await adminWallet.confirm(adminId, id, token);
  const money = (minor: number) => formatMoney(wallet.currency, minor, locale);
  switch (outcome.status) {
    case "already":
      return ctx.t("customers-adjust-already", {
        amount: signedMoney(outcome.currency, outcome.amount, locale),
      });
    case "used":
      return ctx.t("customers-confirm-used");
    case "expired":
      return ctx.t("customers-confirm-expired");
    case "currency-changed":
      return ctx.t("customers-adjust-currency-changed");
    case "refused":
      return ctx.t("customers-debit-refused", {
        amount: money(outcome.amount),
        balance: money(outcome.balance),
      });
  }
  const { amount, balance, reason } = outcome;
  const credited = outcome.status === "credited";
  ctx.log.info(
    { adminId, customerId: id, amount },
    credited ? "admin credited a wallet" : "admin debited a wallet",
  );
  const told = await tellCustomer(ctx, id, credited ? "notice-credited" : "notice-debited", (l) => ({
    amount: formatMoney(wallet.currency, amount, l),
    balance: formatMoney(wallet.currency, balance, l),
    reason: html(reason),
  }));
  const done = ctx.t(credited ? "customers-credited" : "customers-debited", {
    amount: money(amount),
    balance: money(balance),
  });
  return `${done}\n${toldLine(ctx, told)}`;
}

/** Applies a confirmed block once and tells the customer why. */
export async function confirmBlock(ctx: BotContext, customerId: number, token: string): Promise<string> {
  const outcome = await ctx.deps.backoffice.customerBlocks.confirm(ctx.from?.id ?? 0, customerId, token);
  if (outcome.status === "already") return ctx.t("customers-block-already");
  if (outcome.status !== "blocked") {
    return ctx.t(outcome.status === "used" ? "customers-confirm-used" : "customers-confirm-expired");
  }
  ctx.log.info({ adminId: ctx.from?.id, customerId }, "customer blocked");
  const told = await tellCustomer(ctx, customerId, "notice-blocked", () => ({
    reason: html(outcome.reason),
  }));
  return `${ctx.t("customers-blocked")}\n${toldLine(ctx, told)}`;
}

/** Lifts a block and tells the customer (a customer not blocked is left as they are). */
export async function unblock(ctx: BotContext, customerId: number): Promise<string> {
  const lifted = await ctx.deps.backoffice.customerBlocks.unblock(ctx.from?.id ?? 0, customerId);
  if (!lifted) return ctx.t("customers-unblock-already");
  ctx.log.info({ adminId: ctx.from?.id, customerId }, "customer unblocked");
  const told = await tellCustomer(ctx, customerId, "notice-unblocked", () => ({}));
  return `${ctx.t("customers-unblocked")}\n${toldLine(ctx, told)}`;
}

/** Sends a confirmed message to the customer once (through the outbox). */
export async function confirmMessage(ctx: BotContext, customerId: number, token: string): Promise<string> {
  const outcome = await ctx.deps.backoffice.customerMessages.confirm(ctx.from?.id ?? 0, customerId, token);
  switch (outcome.status) {
    case "sent":
      ctx.log.info({ adminId: ctx.from?.id, customerId }, "staff wrote to a customer");
      return ctx.t("customers-message-sent");
    case "unavailable":
      return ctx.t("customers-message-unavailable");
    case "used":
      return ctx.t("customers-confirm-used");
    case "expired":
      return ctx.t("customers-confirm-expired");
  }
}

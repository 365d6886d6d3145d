import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { show, type View } from "#src/bot/views/show.js";
import { formatMoney } from "#src/domain/catalog/index.js";
import type { InboxEntry } from "#src/domain/settlement/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { Routes } from "../../../routes.js";
import { adminHomeButton } from "../home.js";
import { whyOf } from "../payments/view.js";
import { cardCb, paymentsCb } from "./callbacks.js";

/**
 * Payments to check: Telegram payments stored but not credited yet (the inbox worker credits
 * them within minutes; one that stays here needs a look), and payments credited to the payer's
 * wallet that matched no order or top-up of theirs (paid for someone else's order, an unknown
 * invoice).
 */

/** Entries younger than this are still the live handler's; older ones are shown as not credited. */
const SHOWN_AFTER_MS = 60_000;
const SHOWN = 10;

export async function paymentsInboxView(ctx: BotContext): Promise<View> {
  const inbox = ctx.deps.settlement.paymentInbox;
  const locale = await localeOf(ctx);
  const [waiting, unmatched, counts] = await Promise.all([
    inbox.pending(SHOWN_AFTER_MS, 200),
    inbox.unmatched(SHOWN),
    inbox.counts(),
  ]);
  const pending = waiting.slice(0, SHOWN);
  const keyboard = new InlineKeyboard();
  const payers = new Set<number>();
  const item = (e: InboxEntry) => {
    payers.add(e.payerId);
    const line = ctx.t("payments-inbox-item", {
      charge: html(e.chargeId),
      date: formatDateTime(locale, e.recordedAt),
      amount: formatMoney(e.currency, e.amount, locale),
      payer: e.payerId,
      payload: html(e.payload.slice(0, 64)),
    });
    // A rail payment that did not match what was asked says why (it paid nothing it named).
    const mismatched = e.outcome === "mismatch" || e.outcome === "held";
    return mismatched ? `${line}\n${ctx.t("payments-inbox-why", { why: whyOf(e) })}` : line;
  };
  const lines = [ctx.t("payments-inbox-title"), ""];
  lines.push(ctx.t("payments-inbox-pending", { count: waiting.length }));
  lines.push(...(pending.length ? pending.map(item) : [ctx.t("payments-inbox-none")]), "");
  lines.push(ctx.t("payments-inbox-unmatched", { count: counts.unmatched }));
  lines.push(...(unmatched.length ? unmatched.map(item) : [ctx.t("payments-inbox-none")]));
  for (const payer of payers) {
    keyboard.text(ctx.t("payments-inbox-customer", { payer }), cardCb(payer));
    keyboard.row();
  }
  keyboard.text(ctx.t("menu-refresh"), paymentsCb.pack({ act: "view" })).row();
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}

export const paymentsInboxFeature = new Routes<BotContext>();

paymentsInboxFeature.callbackQuery(paymentsCb.pattern, async (ctx) => {
  await ctx.answerCallbackQuery();
  await show(ctx, await paymentsInboxView(ctx));
});

import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { staffRoleOf } from "#src/bot/staff.js";
import type { View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import { formatMoney } from "#src/domain/catalog/index.js";
import { telegramInvoices } from "#src/domain/sales/index.js";
import { type InboxEntry, type RailStatus, TELEGRAM_RAIL } from "#src/domain/settlement/index.js";
import { roleAllows } from "#src/domain/staff/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { cardCb, paymentsCb } from "../customers/index.js";
import { adminHomeButton } from "../home.js";
import { RAILS_VIEW, railsCb } from "./callbacks.js";

/** Payments to check shown on the screen, newest first (the rest are counted). */
export const TO_CHECK_SHOWN = 10;

/** The label of a rail's choice by its key; a choice not named here shows its key. */
const CHOICE_LABELS: Record<string, string> = {
  assets: "rails-choice-assets",
  receipts: "rails-choice-receipts",
};

type DayCounts = Map<string, { count: number; sum: number }>;

function dayLine(ctx: BotContext, day: DayCounts, rail: string, money: (minor: number) => string) {
  const today = day.get(rail) ?? { count: 0, sum: 0 };
  return ctx.t("rails-today", { count: today.count, sum: money(today.sum) });
}

function healthLine(ctx: BotContext, status: RailStatus, locale: Locale): string {
  const { health } = status;
  if (!health) return ctx.t("rails-health-unknown");
  const at = formatDateTime(locale, health.at);
  if (health.ok) return ctx.t("rails-health-up", { at });
  return ctx.t("rails-health-down", { at, why: html(health.why ?? "—") });
}

/** A choice's current value in words: a set's values, or on/off. */
function choiceLine(ctx: BotContext, status: RailStatus, index: number): string {
  const choice = status.choices[index];
  if (!choice) return "";
  const label = CHOICE_LABELS[choice.key];
  const name = label ? ctx.t(label) : html(choice.key);
  const value = status.prefs[choice.key];
  const shown = Array.isArray(value)
    ? value.join(", ")
    : ctx.t(value === true ? "settings-on" : "settings-off");
  return ctx.t("rails-choice-line", { name, value: html(shown) });
}

/** The choice's buttons: a set's values as toggles (✅ on, ▫️ off), a flag as one on/off button. */
function choiceButtons(ctx: BotContext, keyboard: InlineKeyboard, status: RailStatus): void {
  status.choices.forEach((choice, c) => {
    const value = status.prefs[choice.key];
    if (choice.kind === "flag") {
      const label = CHOICE_LABELS[choice.key];
      const name = label ? ctx.t(label) : choice.key;
      const on = value === true;
      const text = ctx.t(on ? "rails-flag-on" : "rails-flag-off", { rail: status.name, name });
      keyboard.text(text, railsCb.pack({ act: "flag", rail: status.id, c, v: 0 })).row();
      return;
    }
    const picked = Array.isArray(value) ? value : [];
    choice.values.forEach((item, v) => {
      const mark = picked.includes(item) ? "✅" : "▫️";
      keyboard.text(`${mark} ${item}`, railsCb.pack({ act: "set", rail: status.id, c, v }));
      if (v % 4 === 3) keyboard.row();
    });
    keyboard.row();
  });
}

/** Why a payment is to be checked, in one word the locale selects on. */
export function whyOf(entry: InboxEntry): string {
  if (entry.outcome === "held") return "currency";
  if (entry.outcome === "mismatch") return entry.mismatch ?? "amount";
  return "unmatched";
}

function toCheckLine(ctx: BotContext, entry: InboxEntry, names: Map<string, string>, locale: Locale) {
  return ctx.t("rails-check-item", {
    date: formatDateTime(locale, entry.creditedAt ?? entry.recordedAt),
    rail: html(entry.rail ? (names.get(entry.rail) ?? entry.rail) : ctx.t("rails-telegram-name")),
    payer: entry.payerId,
    amount: formatMoney(entry.currency, entry.amount, locale),
    why: whyOf(entry),
  });
}

/**
 * The Payments screen: each configured rail (its name, whether it takes the shop's currency,
 * its health and when it was last checked, today's payments, its choices with their buttons),
 * Telegram's own payments today, then the payments to check (newest first, the latest few).
 */
export async function railsView(ctx: BotContext): Promise<View> {
  const { railPayments, paymentInbox } = ctx.deps.settlement;
  const locale = await localeOf(ctx);
  const currency = ctx.deps.sales.shop.currency;
  const money = (minor: number) => formatMoney(currency, minor, locale);
  const [statuses, day, toCheck, counts] = await Promise.all([
    railPayments.status(),
    paymentInbox.day(ctx.deps.clock.now()),
    paymentInbox.unmatched(TO_CHECK_SHOWN),
    paymentInbox.counts(),
  ]);
  const lines = [ctx.t("rails-title"), ""];
  const keyboard = new InlineKeyboard();
  // The choices' buttons are for roles that may change them (`catalog`); others only see them.
  const mayChange = roleAllows(await staffRoleOf(ctx), "catalog");
  if (statuses.length === 0) lines.push(ctx.t("rails-none"), "");
  for (const status of statuses) {
    const takes = ctx.t(status.accepts ? "rails-takes" : "rails-takes-not", { currency });
    lines.push(ctx.t("rails-rail", { name: html(status.name), takes }), healthLine(ctx, status, locale));
    lines.push(dayLine(ctx, day, status.id, money));
    lines.push(...status.choices.map((_, i) => choiceLine(ctx, status, i)), "");
    if (mayChange) choiceButtons(ctx, keyboard, status);
  }
  const telegram = telegramInvoices(currency, ctx.deps.config.paymentProviderToken);
  lines.push(
    ctx.t(telegram ? "rails-telegram" : "rails-telegram-off"),
    dayLine(ctx, day, TELEGRAM_RAIL, money),
  );
  lines.push("", ctx.t("rails-check-title", { count: counts.unmatched }));
  if (counts.unmatched > toCheck.length) lines.push(ctx.t("rails-check-latest", { shown: toCheck.length }));
  const names = new Map(statuses.map((s) => [s.id, s.name]));
  lines.push(...toCheck.map((entry) => toCheckLine(ctx, entry, names, locale)));
  if (toCheck.length === 0) lines.push(ctx.t("rails-check-none"));
  // The payers listed, a tap from their card (wallet, orders); the inbox's own screen has the rest.
  for (const payer of new Set(toCheck.map((e) => e.payerId))) {
    keyboard.text(ctx.t("payments-inbox-customer", { payer }), cardCb(payer)).row();
  }
  keyboard.text(ctx.t("admin-payments"), paymentsCb.pack({ act: "view" })).row();
  keyboard.text(ctx.t("menu-refresh"), RAILS_VIEW).row();
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}

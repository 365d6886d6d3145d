import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { localeOf } from "#src/bot/i18n.js";
import { issueConfirmation, withNoticeView } from "#src/bot/kit/index.js";
import { show, type View } from "#src/bot/views/show.js";
import type { Locale } from "#src/config.js";
import type { ExtendPrice, ExtensionOutcome } from "#src/domain/fleet/index.js";
import type { Server } from "#src/hosting/account/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { hostingErrorText, isExplainable } from "#src/render/hosting-error.js";
import { actorOf } from "../hosting-staff.js";
import { hostingCurrency, hostingMoney } from "../settings/hosting-money.js";
import { serversCb } from "./callbacks.js";
import { claim, confirmKeyboard, daysLeft, failureView, navKeyboard, viewOr } from "./common.js";

/**
 * Extending a server by 30 days from the hosting balance: a confirmation naming the expiry, the
 * price as far as it is known and the balance, then one extension through `ServerExtension`.
 */

const extendKey = (id: number, seen: number) => `servers:extend:${id}:${seen}`;

function priceText(ctx: BotContext, locale: Locale, currency: string, price: ExtendPrice): string {
  if (price.kind === "unknown") return ctx.t("servers-extend-price-unknown");
  const key = price.kind === "learned" ? "servers-extend-price-learned" : "servers-extend-price-hint";
  return ctx.t(key, { price: hostingMoney(locale, price.amount, currency) });
}

export function extendConfirmView(ctx: BotContext, id: number): Promise<View> {
  return viewOr(ctx, id, async () => {
    const { server, balance, price } = await ctx.deps.fleet.servers.extendQuote(id);
    const [locale, currency] = await Promise.all([localeOf(ctx), hostingCurrency(ctx)]);
    // The expiry the admin confirms travels with the button: a tap after it changed extends nothing.
    const seen = Math.floor(server.expiresAt.getTime() / 1_000);
    const token = await issueConfirmation(ctx, extendKey(id, seen));
    const yes = serversCb.pack({ act: "extend-ok", server: id, seen, token });
    return {
      text: ctx.t("servers-extend-confirm", {
        name: html(server.name),
        expires: formatDateTime(locale, server.expiresAt.getTime()),
        days: daysLeft(ctx, server),
        price: priceText(ctx, locale, currency, price),
        balance: hostingMoney(locale, balance, currency),
      }),
      keyboard: confirmKeyboard(ctx, ctx.t("servers-extend-yes"), yes, id),
    };
  });
}

export async function extendDo(ctx: BotContext, id: number, seen: number, token: string): Promise<void> {
  if (!(await claim(ctx, token, id, extendKey(id, seen)))) return;
  const outcome = await ctx.deps.fleet.serverExtension.byAdmin(id, seen * 1_000, actorOf(ctx));
  ctx.log.info({ adminId: ctx.from?.id, serverId: id, outcome: outcome.kind }, "admin server extension");
  await show(ctx, await extendOutcomeView(ctx, id, outcome));
}

function reasonText(ctx: BotContext, err: unknown): string {
  if (isExplainable(err)) return html(hostingErrorText(ctx.t, err));
  return html(err instanceof Error ? err.message : String(err));
}

/** What the admin is told after a tap: always what is known about the charge, never a guess. */
async function extendOutcomeView(ctx: BotContext, id: number, outcome: ExtensionOutcome): Promise<View> {
  const [locale, currency] = await Promise.all([localeOf(ctx), hostingCurrency(ctx)]);
  const nav = () => navKeyboard(ctx, id);
  const expiryVars = (s: Server) => ({
    name: html(s.name),
    expires: formatDateTime(locale, s.expiresAt.getTime()),
    days: daysLeft(ctx, s),
  });
  switch (outcome.kind) {
    case "extended": {
      const balance = outcome.balance;
      const text = ctx.t("servers-extend-done", {
        ...expiryVars(outcome.server),
        balance:
          balance === undefined ? ctx.t("servers-balance-unknown") : hostingMoney(locale, balance, currency),
      });
      const notice = outcome.checked ? ctx.t("servers-extend-checked") : undefined;
      return withNoticeView(notice, { text, keyboard: nav() });
    }
    case "already":
      return { text: ctx.t("servers-extend-already", expiryVars(outcome.server)), keyboard: nav() };
    case "changed":
      return { text: ctx.t("servers-extend-changed", expiryVars(outcome.server)), keyboard: nav() };
    case "busy":
    case "waiting":
      return { text: ctx.t("servers-extend-busy"), keyboard: nav() };
    case "blocked":
      return {
        text: ctx.t("servers-extend-blocked", { time: formatDateTime(locale, outcome.until) }),
        keyboard: nav(),
      };
    default:
      return notExtendedView(ctx, locale, id, outcome);
  }
}

type NotExtended = Extract<
  ExtensionOutcome,
  { kind: "no-balance" | "refused" | "unavailable" | "not-charged" | "unknown" }
>;

/** Nothing was extended (or it is not known): why, and what may be tried next. */
function notExtendedView(ctx: BotContext, locale: Locale, id: number, outcome: NotExtended): View {
  switch (outcome.kind) {
    case "no-balance": {
      const text = `${ctx.t("servers-extend-no-balance")}\n<i>${html(outcome.error.detail)}</i>`;
      return failureView(ctx, outcome.error, id, text);
    }
    case "refused":
    case "unavailable":
      return failureView(ctx, outcome.error, id);
    case "not-charged": {
      const text = ctx.t("servers-extend-not-charged", { reason: reasonText(ctx, outcome.error) });
      const retry = serversCb.pack({ act: "extend", server: id });
      const keyboard = new InlineKeyboard().text(ctx.t("servers-extend-retry"), retry).row();
      return { text, keyboard: navKeyboard(ctx, id, keyboard) };
    }
    case "unknown": {
      // Never a retry button: the next attempt must first see the expiry (on the card).
      const next =
        outcome.until > ctx.deps.clock.now()
          ? ctx.t("servers-extend-retry-blocked", { time: formatDateTime(locale, outcome.until) })
          : ctx.t("servers-extend-retry-checks");
      return { text: `${ctx.t("servers-extend-unknown")}\n${next}`, keyboard: navKeyboard(ctx, id) };
    }
  }
}

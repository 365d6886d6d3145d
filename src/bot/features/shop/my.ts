import { InlineKeyboard, InputFile } from "grammy";
import { cabinetUrl, type Locale } from "#src/config.js";
import type { AccessLinks, AccessState, Subscription } from "#src/domain/books/index.js";
import { GB_BYTES } from "#src/domain/books/index.js";
import type { ServerOutage } from "#src/domain/fleet/index.js";
import { accessText, qrTarget, subscriptionTitle } from "#src/render/access.js";
import { keepMessage } from "#src/render/callback-data.js";
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatDayMonth,
  formatNumber,
  html,
  usageBar,
} from "#src/render/format.js";
import { accessLocationNames } from "#src/render/locations.js";
import { qrPng } from "#src/render/qr.js";
import { buyCb, MY_LIST, myCb, STATUS_VIEW, TRIAL_START } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { Routes } from "../../routes.js";
import { show, type View } from "../../views/show.js";
import { autoRenewCard, autoRenewOn, switchAutoRenew } from "./auto-renew.js";
import { confirmView } from "./buy.js";
import { answer, localeOf, mainMenuRow, money } from "./common.js";
import { addFreezeButton, freezeCardLine } from "./freeze.js";
import { addPackButtons } from "./packs.js";
import { addSwitchButton } from "./plan-switch.js";
import { pendingPromo, promoRefusalText } from "./promo-view.js";
import { familyRenewalPrice, memberLine, seatsButton } from "./seats.js";
import { refuseOpening } from "./undeliverable.js";

type Status = "active" | "expired" | "disabled" | "removed" | "outage" | "frozen";

function statusOf(now: number, expiresAt: number, enabled = true): Status {
  if (expiresAt > 0 && expiresAt <= now) return "expired";
  return enabled ? "active" : "disabled";
}

/** "active" is not what a customer on a server that is down should read. */
function withOutage(status: Status, sub: Subscription, outages: Map<string, ServerOutage>): Status {
  return status === "active" && outages.has(sub.id) ? "outage" : status;
}

function expiryText(ctx: BotContext, locale: Locale, expiresAt: number): string {
  return expiresAt > 0 ? formatDate(locale, expiresAt) : ctx.t("access-no-expiry");
}

function titleOf(ctx: BotContext, locale: Locale, sub: Subscription): string {
  return subscriptionTitle(ctx.t, locale, sub, ctx.deps.sales.shop.plan(sub.planId));
}

/** "📍 Frankfurt, Helsinki": where the access lives, by the names in the catalog; "" when unnamed. */
function locationsOf(ctx: BotContext, locale: Locale, sub: Subscription): string {
  const names = accessLocationNames(ctx.t, locale, sub.ref, ctx.deps.sales.shop.plan(sub.planId));
  return names.length > 0 ? ctx.t("shop-locations", { names: html(names.join(", ")) }) : "";
}

/** "#3f9a1c": the end of a subscription's id, which tells apart subscriptions of one plan. */
export function shortId(sub: Subscription): string {
  return `#${sub.id.slice(-6)}`;
}

/** "Mar 1": the expiry on a button, where the year would only take room. */
function shortDate(ctx: BotContext, locale: Locale, ms: number): string {
  if (ms <= 0) return ctx.t("access-no-expiry");
  return formatDayMonth(locale, ms);
}

/** Subscriptions on one page of /my. */
export const MY_PAGE_SIZE = 8;

/**
 * The customer's subscriptions, newest first, eight a page: status, expiry, locations and short
 * id of each (stored values; no hosting calls). A plan listed more than once has the expiry and
 * the short id on its buttons too. A page past the end shows the last one.
 */
export async function myListView(ctx: BotContext, page = 0): Promise<View> {
  const locale = await localeOf(ctx);
  const subs = ctx.from ? await ctx.deps.books.subscriptions.ofCustomer(ctx.from.id) : [];
  const keyboard = new InlineKeyboard();
  if (subs.length === 0) {
    keyboard.text(ctx.t("menu-buy"), buyCb.pack({ act: "list", plan: "" }));
    const trial = ctx.deps.catalog.current().trial;
    if (trial && ctx.from && !(await ctx.deps.books.customers.get(ctx.from.id))?.trialUsedAt) {
      keyboard.text(ctx.t("menu-trial"), TRIAL_START);
    }
    return { text: ctx.t("my-empty"), keyboard: mainMenuRow(ctx.t, keyboard.row()) };
  }
  const now = ctx.deps.clock.now();
  const pages = Math.ceil(subs.length / MY_PAGE_SIZE);
  const at = Math.min(Math.max(0, page), pages - 1);
  const titles = subs.map((s) => titleOf(ctx, locale, s));
  const repeated = new Set(titles.filter((title, i) => titles.indexOf(title) !== i));
  const lines = [pages > 1 ? ctx.t("my-title-page", { page: at + 1, pages }) : ctx.t("my-title"), ""];
  const shown = subs.slice(at * MY_PAGE_SIZE, (at + 1) * MY_PAGE_SIZE);
  const outages = await ctx.deps.fleet.outages.ofSubscriptions(shown);
  const autoOn = await autoRenewOn(ctx, shown);
  for (const sub of shown) {
    const status = sub.removedAt ? "removed" : withOutage(statusOf(now, sub.expiresAt), sub, outages);
    const title = titleOf(ctx, locale, sub);
    lines.push(
      ctx.t("my-item", {
        status: ctx.t(`my-status-${status}`),
        plan: html(title),
        expiry: expiryText(ctx, locale, sub.expiresAt),
      }),
    );
    const where = locationsOf(ctx, locale, sub);
    const auto = autoOn.has(sub.id) ? ` · ${ctx.t("autorenew-list-mark")}` : "";
    lines.push(`    ${where ? `${where} · ` : ""}${shortId(sub)}${auto}`);
    // The shop found the access broken on the hosting side (drift): say so, not "fine".
    const problem = sub.removedAt ? undefined : await ctx.deps.drift.sync.findings.problemOf(sub.id);
    if (problem) lines.push(`    ${ctx.t(`my-problem-${problem}`)}`);
    const label = repeated.has(title)
      ? `${title} · ${shortDate(ctx, locale, sub.expiresAt)} · ${shortId(sub)}`
      : title;
    const icon = status === "expired" ? "⌛" : status === "outage" ? "🔴" : "🔑";
    keyboard.text(`${icon} ${label}`, myCb.pack({ act: "card", id: sub.id })).row();
  }
  if (at > 0) keyboard.text(ctx.t("shop-prev"), myCb.pack({ act: "page", id: String(at - 1) }));
  if (at < pages - 1) keyboard.text(ctx.t("shop-next"), myCb.pack({ act: "page", id: String(at + 1) }));
  // Whether their locations work and what they were told (/status).
  keyboard.row().text(ctx.t("status-open"), STATUS_VIEW);
  // The cabinet shows the same with usage charts and QR codes (WEBAPP_URL set, private chats only).
  const cabinet = cabinetUrl(ctx.deps.config);
  if (cabinet && ctx.chat?.type === "private") keyboard.row().webApp(ctx.t("menu-cabinet"), cabinet);
  return { text: lines.join("\n"), keyboard: mainMenuRow(ctx.t, keyboard.row()) };
}

/** The presser's subscription, or undefined (and they are told) when it is not theirs or gone. */
async function ownSubscription(ctx: BotContext, id: string): Promise<Subscription | undefined> {
  const sub = await ctx.deps.books.subscriptions.get(id);
  if (sub && sub.customerId === ctx.from?.id) return sub;
  await answer(ctx, ctx.t("my-not-found"), true);
  return undefined;
}

/** " · +12 GB carried over": the rollover the current term got, if any. */
function carriedText(ctx: BotContext, sub: Subscription): string {
  return sub.carriedGb ? ` · ${ctx.t("rollover-carried", { gb: sub.carriedGb })}` : "";
}

function trafficLine(
  ctx: BotContext,
  locale: Locale,
  sub: Subscription,
  state: AccessState | undefined,
): string {
  const limitBytes = state ? state.limitBytes : Math.round(sub.trafficGb * GB_BYTES);
  const used = state ? formatBytes(locale, state.usedBytes) : ctx.t("my-usage-unknown");
  const limit = limitBytes > 0 ? formatBytes(locale, limitBytes) : ctx.t("access-unlimited");
  const bar = state && limitBytes > 0 ? usageBar(state.usedBytes, limitBytes) : "";
  return ctx.t("my-card-traffic", { used, limit }) + (bar ? `\n${bar}` : "");
}

/**
 * One subscription: status, expiry and traffic as the hosting side sees them (cached a minute;
 * the last known values and a note when it cannot be read), the links, QR, Renew and the
 * traffic packs it is offered.
 */
export async function myCardView(ctx: BotContext, sub: Subscription): Promise<View> {
  const locale = await localeOf(ctx);
  // An access the shop's admins removed has nothing on the hosting side to read or renew.
  const removed = sub.removedAt !== undefined;
  const state = removed ? undefined : await ctx.deps.provisioning.usage.of(sub);
  const expiresAt = state ? state.expiresAt : sub.expiresAt;
  const outages = await ctx.deps.fleet.outages.ofSubscriptions([sub]);
  const live = statusOf(ctx.deps.clock.now(), expiresAt, state?.enabled);
  const freeze = removed ? undefined : await ctx.deps.terms.freezes.current(sub.id);
  const frozen = freeze?.status === "frozen" || freeze?.status === "unfreezing";
  const status = removed ? "removed" : frozen ? "frozen" : withOutage(live, sub, outages);
  const lines = [
    `🔑 <b>${html(titleOf(ctx, locale, sub))}</b> · ${shortId(sub)}`,
    ctx.t("my-card-status", { status: ctx.t(`my-status-${status}`) }),
    ctx.t("my-card-expiry", { date: expiryText(ctx, locale, frozen ? sub.expiresAt : expiresAt) }),
    trafficLine(ctx, locale, sub, state) + carriedText(ctx, sub),
    ctx.t("my-card-devices", {
      devices: sub.devices > 0 ? formatNumber(locale, sub.devices) : ctx.t("access-unlimited"),
    }),
  ];
  const auto = await autoRenewCard(ctx, sub);
  if (auto) lines.push(auto.line);
  const seat = await memberLine(ctx, sub);
  if (seat) lines.splice(1, 0, seat);
  const freezeLine = await freezeCardLine(ctx, freeze);
  if (freezeLine) lines.push(freezeLine);
  const where = locationsOf(ctx, locale, sub);
  if (where) lines.splice(1, 0, where);
  const outage = status === "outage" ? outages.get(sub.id) : undefined;
  if (outage) lines.push("", ctx.t("my-outage-note", { since: formatDateTime(locale, outage.since) }));
  if (!state && !removed) lines.push("", ctx.t("my-usage-stale"));
  const problem = removed ? undefined : await ctx.deps.drift.sync.findings.problemOf(sub.id);
  if (problem) lines.push("", ctx.t(`my-problem-${problem}`));
  const links = { links: sub.links, subscriptionUrl: sub.subscriptionUrl };
  lines.push("", accessText(ctx.t, links));

  const keyboard = await cardKeyboard(ctx, sub, { locale, removed, status, freeze, links, auto });
  return { text: lines.join("\n"), keyboard };
}

/** The card's buttons: everything but Refresh opens anew below (KEEP_MARK). */
async function cardKeyboard(
  ctx: BotContext,
  sub: Subscription,
  card: {
    locale: Locale;
    removed: boolean;
    status: string;
    freeze: Awaited<ReturnType<BotContext["deps"]["terms"]["freezes"]["current"]>>;
    links: AccessLinks;
    auto: Awaited<ReturnType<typeof autoRenewCard>>;
  },
): Promise<InlineKeyboard> {
  const { locale, removed, status, freeze, links, auto } = card;
  const keyboard = new InlineKeyboard();
  if (qrTarget(links)) keyboard.text(ctx.t("my-qr"), myCb.pack({ act: "qr", id: sub.id }));
  const plan = ctx.deps.sales.shop.plan(sub.planId);
  if (sub.trial) {
    // A trial is not renewed: its way on is a plan of its own.
    keyboard.text(ctx.t("my-trial-buy"), keepMessage(buyCb.pack({ act: "list", plan: "" })));
  } else if (plan && !removed && !sub.familyOf) {
    // A family seat is renewed with its family, by the owner.
    keyboard.text(
      ctx.t("my-renew", { price: money(ctx, await familyRenewalPrice(ctx, sub, plan), locale) }),
      keepMessage(myCb.pack({ act: "renew", id: sub.id })),
    );
  }
  if (auto) keyboard.row().text(auto.button.text, auto.button.data);
  addFreezeButton(ctx, sub, freeze, keyboard);
  // Traffic for the current term, one button per pack offered (none for a blocked or frozen access).
  if (status !== "disabled" && status !== "frozen") await addPackButtons(ctx, sub, keyboard);
  if (!removed) await seatsButton(ctx, sub, keyboard);
  if (status !== "disabled" && status !== "frozen") await addSwitchButton(ctx, sub, keyboard);
  keyboard
    .row()
    .text(ctx.t("menu-refresh"), myCb.pack({ act: "card", id: sub.id }))
    .text(ctx.t("my-back"), keepMessage(MY_LIST))
    .row();
  return keyboard;
}

async function sendQr(ctx: BotContext, sub: Subscription): Promise<void> {
  const target = qrTarget({ links: sub.links, subscriptionUrl: sub.subscriptionUrl });
  if (!target) return answer(ctx, ctx.t("my-no-link"), true);
  await answer(ctx);
  await ctx.replyWithPhoto(new InputFile(await qrPng(target), "vpn-qr.png"), {
    caption: ctx.t("access-qr-caption"),
  });
}

/** What each refusal of a renewal says. */
const RENEWAL_REFUSALS = {
  blocked: "error-blocked",
  "unknown-plan": "my-renew-not-sold",
  "subscription-disabled": "my-renew-disabled",
  "subscription-frozen": "my-renew-frozen",
  "subscription-removed": "my-renew-removed",
} as const;

async function startRenewal(ctx: BotContext, sub: Subscription): Promise<void> {
  const promo = await pendingPromo(ctx);
  const started = await ctx.deps.sales.shop.startRenewal(sub.customerId, sub.id, await localeOf(ctx), promo);
  if (!started.ok)
    return refuseOpening(ctx, "renewal", started, () => sub.planId, RENEWAL_REFUSALS, [
      "error-blocked",
      "my-renew-disabled",
    ]);
  ctx.log.info({ orderId: started.order.id, subscriptionId: sub.id }, "renewal started");
  await answer(ctx);
  const note = started.promo && promo ? promoRefusalText(ctx, started.promo, promo) : undefined;
  await show(ctx, await confirmView(ctx, started.order, note));
}

/** /my: subscriptions, a card per subscription with usage, links, QR and renewal. */
export const myFeature = new Routes<BotContext>();

myFeature.command("my", async (ctx) => show(ctx, await myListView(ctx)));

myFeature.callbackQuery(MY_LIST, async (ctx) => {
  await answer(ctx);
  await show(ctx, await myListView(ctx));
});

myFeature.callbackQuery(myCb.pattern, async (ctx) => {
  const data = myCb.unpack(ctx.callbackQuery.data);
  if (!data) return answer(ctx);
  if (data.act === "page") {
    await answer(ctx);
    return show(ctx, await myListView(ctx, Number.parseInt(data.id, 10) || 0));
  }
  const sub = await ownSubscription(ctx, data.id);
  if (!sub) return;
  switch (data.act) {
    case "card":
      await answer(ctx);
      return show(ctx, await myCardView(ctx, sub));
    case "qr":
      return sendQr(ctx, sub);
    case "renew":
      return startRenewal(ctx, sub);
    case "auto-on":
    case "auto-off":
      await switchAutoRenew(ctx, sub, data.act === "auto-on");
      return show(ctx, await myCardView(ctx, (await ctx.deps.books.subscriptions.get(sub.id)) ?? sub));
  }
});

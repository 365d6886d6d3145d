import { type Api, GrammyError, InlineKeyboard, InputFile } from "grammy";
import type { Locale } from "../config.js";
import type { AccessRef, Customers, Order, Subscription } from "../domain/books/index.js";
import { formatMoney } from "../domain/catalog/index.js";
import type { ShopRooms } from "../domain/index.js";
import { ServerPaidTooBriefly } from "../domain/provisioning/index.js";
import type { FulfilResult } from "../domain/settlement/index.js";
import { accessText, planTitle, qrTarget, termLine } from "../render/access.js";
import { formatDate, formatGb } from "../render/format.js";
import { giftReadyTexts } from "../render/gifts.js";
import type { I18nLike, Translate } from "../render/i18n-like.js";
import { extendServerData, starsRefundData } from "../render/notice-buttons.js";
import { clientPlaceText, orderFailureText } from "../render/order-failure.js";
import { qrPng } from "../render/qr.js";
import { deliveryKeyboard } from "../render/shop-callbacks.js";
import { packDeliveredText } from "../render/traffic-packs.js";
import { DAY } from "../runtime/clock.js";
import type { Logger } from "../runtime/logger.js";
import { directOutbox, fixedStaffNotices, type StaffNoticeSender } from "./staff-notices.js";

/** A failed order's payment sent back the way it came: Telegram Stars, or a rail (its brand). */
export interface ChargeBack {
  amount: number;
  /** The rail's name; none for Telegram Stars. */
  rail?: string | undefined;
}

export interface NotifierDeps extends Pick<ShopRooms, "catalog" | "books" | "sales"> {
  api: Api;
  i18n: I18nLike;
  /** Who hears of failed orders and alerts when no `staffNotices` is given: these ids, at once, privately. */
  adminIds: readonly number[];
  /** Where the staff's notices go (the staff group and the staff by role, through the outbox). */
  staffNotices?: StaffNoticeSender;
  defaultLocale: Locale;
  logger: Logger;
}

/**
 * The buttons under a failed-order alert: "Extend server" when a server paid too briefly stood in
 * the way, and "Refund Stars" while a direct Stars payment is still in the wallet.
 */
function failedButtons(t: Translate, order: Order, cause: unknown, starsLeft: boolean) {
  const keyboard = new InlineKeyboard();
  if (cause instanceof ServerPaidTooBriefly)
    keyboard.text(t("alert-extend-server"), extendServerData(cause.server.id)).row();
  if (starsLeft) keyboard.text(t("stars-refund-button"), starsRefundData(order.id)).row();
  return keyboard.inline_keyboard.length > 0 ? keyboard : undefined;
}

/** What the staff read of a failed order: what failed, a client left behind, the money sent back. */
function failedAlert(
  t: Translate,
  locale: Locale,
  f: { order: Order; refunded: number; cause: unknown; orphan?: AccessRef; back?: ChargeBack },
): string {
  const { order } = f;
  const vars = {
    order: order.id,
    subscription: order.subscriptionId ?? "",
    customer: String(order.customerId),
    plan: order.planId,
    amount: formatMoney(order.currency, f.refunded, order.locale),
    what: orderFailureText(t, f.cause, locale),
  };
  const lines = [t(FAILED_ALERT_KEYS[order.kind], vars)];
  if (f.orphan)
    lines.push(t("alert-order-orphan", { name: f.orphan.name, place: clientPlaceText(t, f.orphan) }));
  if (f.back) {
    const sent = formatMoney(order.currency, f.back.amount, locale);
    lines.push(
      f.back.rail
        ? t("alert-order-rail-back", { amount: sent, rail: f.back.rail })
        : t("alert-order-stars-back", { stars: sent }),
    );
  }
  return lines.join("\n\n");
}

/** The "taking longer" notice by what the order buys. */
const DELAYED_KEYS: Record<Order["kind"], string> = {
  purchase: "delivery-delayed",
  renewal: "delivery-delayed-renewal",
  trial: "delivery-delayed-trial",
  pack: "delivery-delayed-pack",
  seat: "delivery-delayed",
  seats: "delivery-delayed-seats",
  switch: "delivery-delayed-switch",
};

/** The admins' alert of a failed order by what it bought. */
const FAILED_ALERT_KEYS: Record<Order["kind"], string> = {
  purchase: "alert-order-failed",
  renewal: "alert-renewal-failed",
  trial: "alert-order-failed",
  pack: "alert-pack-failed",
  seat: "alert-order-failed",
  seats: "alert-seats-failed",
  switch: "alert-switch-failed",
};

/** The head of a delivered access's message by what the order bought. */
function deliveredKey(order: Order, renewed: boolean): string {
  if (order.kind === "switch") return "delivery-switched";
  return renewed ? "delivery-renewed" : order.gift ? "gift-delivered" : "delivery-ready";
}

/** True when Telegram says the user blocked the bot (or deleted their account). */
export function isBlockedByUser(err: unknown): boolean {
  return err instanceof GrammyError && err.error_code === 403;
}

/**
 * Messages the workers send: access delivered, order failed and refunded, admin alerts. Each
 * in the recipient's language, through grammY's Api (never through a running bot).
 */
export class Notifier {
  private username: string | undefined;
  private readonly staff: StaffNoticeSender;

  constructor(private readonly deps: NotifierDeps) {
    this.staff =
      deps.staffNotices ??
      fixedStaffNotices(deps.adminIds, {
        outbox: directOutbox(deps.api, (id) => this.customers().markBotBlocked(id)),
        i18n: deps.i18n,
        defaultLocale: deps.defaultLocale,
        customers: deps.books.customers,
      });
  }

  private t(locale: Locale) {
    return (key: string, vars?: Record<string, string | number>) => this.deps.i18n.t(locale, key, vars);
  }

  async localeOf(userId: number): Promise<Locale> {
    return (await this.deps.books.customers.get(userId))?.locale ?? this.deps.defaultLocale;
  }

  /**
   * Sends the links, the term and a QR code of a new or renewed access; for a traffic pack, what
   * it added and the term's traffic now (the links are the ones the customer has).
   */
  async delivered(result: Extract<FulfilResult, { outcome: "active" }>): Promise<void> {
    if (result.pack) return this.packAdded(result, result.pack);
    const { order, subscription, links } = result;
    // A claimed gift's access goes to its owner (the claimer), in their language.
    const to = subscription.customerId;
    const locale = to === order.customerId ? order.locale : await this.localeOf(to);
    const t = this.t(locale);
    const plan = this.deps.sales.shop.plan(subscription.planId);
    const title = planTitle(plan, locale, subscription.planId);
    const head =
      order.kind === "trial" && !result.renewed
        ? this.trialHead(t, locale, subscription)
        : t(deliveredKey(order, result.renewed), { plan: title });
    const term = termLine(t, locale, { title, ...subscription });
    const text = `${head}\n${term}\n\n${accessText(t, links)}`;
    const keyboard = deliveryKeyboard(t);
    await this.send(to, () =>
      this.deps.api.sendMessage(to, text, {
        parse_mode: "HTML",
        link_preview_options: { is_disabled: true },
        reply_markup: keyboard,
      }),
    );
    const target = qrTarget(links);
    if (target) {
      const png = await qrPng(target);
      await this.send(to, () =>
        this.deps.api.sendPhoto(to, new InputFile(png, "vpn-qr.png"), {
          caption: t("access-qr-caption"),
        }),
      );
    }
  }

  private async packAdded(
    result: Extract<FulfilResult, { outcome: "active" }>,
    pack: { gb: number; allowanceGb: number },
  ): Promise<void> {
    const { order, subscription } = result;
    const to = subscription.customerId;
    const locale = to === order.customerId ? order.locale : await this.localeOf(to);
    const title = planTitle(this.deps.sales.shop.plan(subscription.planId), locale, subscription.planId);
    const text = packDeliveredText(this.t(locale), locale, pack, title, subscription.expiresAt);
    const keyboard = deliveryKeyboard(this.t(locale));
    await this.send(to, () =>
      this.deps.api.sendMessage(to, text, { parse_mode: "HTML", reply_markup: keyboard }),
    );
  }

  /**
   * Sends the buyer of a paid gift its link (what to do, and a text to forward), once per gift:
   * marked after it went out, so a crash in between sends it again rather than never.
   */
  async giftReady(order: Order, code: string): Promise<void> {
    const gift = await this.deps.sales.gifts.get(code);
    if (!gift || gift.linkSentAt !== undefined) return;
    this.username ??= (await this.deps.api.getMe()).username;
    const locale = order.locale;
    const plan = this.deps.sales.shop.plan(gift.planId);
    const { info, forward } = giftReadyTexts(this.t(locale), locale, gift, plan, this.username);
    const options = { parse_mode: "HTML" as const, link_preview_options: { is_disabled: true } };
    await this.send(gift.buyerId, () => this.deps.api.sendMessage(gift.buyerId, info, options));
    await this.send(gift.buyerId, () => this.deps.api.sendMessage(gift.buyerId, forward, options));
    await this.deps.sales.gifts.markLinkSent(code);
  }

  /** "Your free trial is ready: 1 day, 1 GB": the trial's own term, not that of the plan it runs on. */
  private trialHead(t: Translate, locale: Locale, sub: Subscription): string {
    const days =
      this.deps.catalog.current().trial?.days ??
      Math.max(1, Math.round((sub.expiresAt - sub.createdAt) / DAY));
    const traffic = sub.trafficGb > 0 ? formatGb(locale, sub.trafficGb) : t("delivery-trial-unlimited");
    return t("delivery-trial", { days, traffic });
  }

  /**
   * Tells the customer, once per order (the caller keeps the once), that the access is taking
   * longer: the payment is safe and the access follows by itself, or the money goes back.
   */
  async delayed(order: Order): Promise<void> {
    // A claimed gift's wait concerns the one who claimed it.
    const to = order.recipientId ?? order.customerId;
    const t = this.t(to === order.customerId ? order.locale : await this.localeOf(to));
    const key = DELAYED_KEYS[order.kind];
    await this.send(to, () => this.deps.api.sendMessage(to, t(key)));
  }

  /**
   * Tells the customer the order failed and the money is back (a renewal: their subscription
   * keeps its term), and the admins what failed in words (the raw error goes to the log), with a
   * client the order could not remove. `cause` is the error, or the stored text when only that
   * is left.
   */
  async failed(
    order: Order,
    refunded: number,
    cause: unknown,
    orphan?: AccessRef,
    back?: ChargeBack,
  ): Promise<void> {
    const raw = cause instanceof Error ? cause.message : String(cause);
    this.deps.logger.warn(
      { orderId: order.id, reason: raw.slice(0, 500) },
      "order failed: telling customer and admins",
    );
    const plan = planTitle(this.deps.sales.shop.plan(order.planId), order.locale, order.planId);
    const text = await this.failedText(order, refunded, plan, back);
    await this.send(order.customerId, () => this.deps.api.sendMessage(order.customerId, text));
    if (order.recipientId !== undefined) await this.giftFailed(order.recipientId, plan);
    // A direct Stars payment not sent back by itself can be sent back by an admin.
    const starsLeft = !back && !!order.chargeId && order.currency === "XTR" && order.price > 0;
    await this.staff.send("orders", {
      once: `order-failed:${order.id}:${order.updatedAt}`,
      plain: true,
      text: (t, locale) => failedAlert(t, locale, { order, refunded, cause, orphan, back }),
      keyboard: (t) => failedButtons(t, order, cause, starsLeft),
    });
  }

  /** The customer's message of a failed order: the money back, and where it went. */
  private async failedText(order: Order, refunded: number, plan: string, back?: ChargeBack): Promise<string> {
    const t = this.t(order.locale);
    // A family seat cost its member nothing: the seat is free again for the owner to invite anew.
    if (order.kind === "seat") return t("seat-failed", { plan });
    const amount = formatMoney(order.currency, refunded, order.locale);
    const sub =
      order.kind === "renewal" && order.subscriptionId
        ? await this.deps.books.subscriptions.get(order.subscriptionId)
        : undefined;
    if (order.kind === "pack" || order.kind === "switch") {
      const told = back ? this.backText(t, order, refunded, back) : undefined;
      const [key, backKey] =
        order.kind === "pack" ? ["pack-failed", "pack-failed-back"] : ["switch-failed", "switch-failed-back"];
      return told ? t(backKey, { back: told, plan }) : t(key, { amount, plan });
    }
    const date = sub?.expiresAt ? formatDate(order.locale, sub.expiresAt) : "";
    if (back) {
      const key =
        order.kind === "renewal"
          ? "renewal-failed-back"
          : order.gift
            ? "gift-failed-back"
            : "delivery-failed-back";
      return t(key, { back: this.backText(t, order, refunded, back), plan, date });
    }
    if (order.kind === "trial") return t("delivery-failed-trial", { amount });
    if (order.kind === "renewal")
      return t(sub?.expiresAt ? "renewal-failed" : "renewal-failed-no-date", { amount, plan, date });
    return t(order.gift ? "gift-failed" : "delivery-failed", { amount, plan });
  }

  /**
   * Where the money of a failed order went: back the way it was paid (Telegram Stars, or the
   * payment rail), all or part, the rest to the wallet.
   */
  private backText(t: Translate, order: Order, refunded: number, back: ChargeBack): string {
    const money = (n: number) => formatMoney(order.currency, n, order.locale);
    if (back.rail) {
      if (back.amount >= refunded)
        return t("refund-back-rail", { amount: money(back.amount), rail: back.rail });
      const wallet = money(refunded - back.amount);
      return t("refund-back-rail-split", { amount: money(back.amount), rail: back.rail, wallet });
    }
    if (back.amount >= refunded) return t("refund-back-stars", { amount: money(back.amount) });
    return t("refund-back-split", { stars: money(back.amount), wallet: money(refunded - back.amount) });
  }

  /** The claimer of a gift that could not be set up (the buyer got the money back). */
  private async giftFailed(recipientId: number, plan: string): Promise<void> {
    const text = this.t(await this.localeOf(recipientId))("gift-failed-recipient", { plan });
    await this.send(recipientId, () => this.deps.api.sendMessage(recipientId, text));
  }

  /**
   * An alert to the staff (the group's alerts topic and/or each one who may see it) in each
   * reader's language, optionally with buttons; `vars` may depend on the language (dates). Sent
   * once per `once`.
   */
  async admins(
    key: string,
    vars: Record<string, string | number> | ((locale: Locale) => Record<string, string | number>),
    keyboard?: (t: (key: string) => string) => InlineKeyboard,
    once = `${key}:${Date.now()}`,
  ): Promise<void> {
    await this.staff.send("alerts", {
      once,
      plain: true,
      text: (t, locale) => t(key, typeof vars === "function" ? vars(locale) : vars),
      keyboard: keyboard && ((t) => keyboard(t)),
    });
  }

  /** Sends one message; a user who blocked the bot is marked, other failures are logged. */
  private async send(chatId: number, call: () => Promise<unknown>): Promise<boolean> {
    try {
      await call();
      return true;
    } catch (err) {
      if (isBlockedByUser(err)) {
        await this.customers().markBotBlocked(chatId);
        this.deps.logger.info({ chatId }, "user blocked the bot");
        return false;
      }
      throw err;
    }
  }

  private customers(): Customers {
    return this.deps.books.customers;
  }
}

import type { Locale } from "../config.js";
import type { Customers } from "../domain/books/index.js";
import type { Catalog } from "../domain/catalog/index.js";
import { findPlan } from "../domain/catalog/index.js";
import type { MovedNotice, MoveNotices } from "../domain/fleet/index.js";
import { accessText, planTitle, termLine } from "../render/access.js";
import { keepMessage } from "../render/callback-data.js";
import { html } from "../render/format.js";
import type { I18nLike } from "../render/i18n-like.js";
import { MAIN_MENU, MY_LIST, myCb } from "../render/shop-callbacks.js";
import type { Outbox } from "./outbox.js";

export interface OutboxMoveNoticesDeps {
  outbox: Pick<Outbox, "send">;
  i18n: I18nLike;
  defaultLocale: Locale;
  customers: () => Pick<Customers, "get">;
  catalog: () => Catalog;
}

/**
 * A customer's message after an admin's bulk move: where their VPN is now, the term, and the
 * links (a panel customer keeps the same subscription URL and is told the location changed),
 * with a QR button (the picture of the subscription's link, sent on a tap) and the way to /my.
 * Through the outbox: rate-limited, retried, once per move and subscription.
 */
export class OutboxMoveNotices implements MoveNotices {
  constructor(private readonly deps: OutboxMoveNoticesDeps) {}

  async moved(n: MovedNotice): Promise<void> {
    const customer = await this.deps.customers().get(n.customerId);
    const locale = customer?.locale ?? this.deps.defaultLocale;
    const t = (key: string, vars?: Record<string, string | number>) => this.deps.i18n.t(locale, key, vars);
    const plan = findPlan(this.deps.catalog(), n.planId);
    const title = planTitle(plan, locale, n.planId);
    const head =
      n.kind === "panel"
        ? t("move-customer-location", { plan: title, location: html(n.location ?? "") })
        : t("move-customer-server", { plan: title });
    const term = termLine(t, locale, {
      title,
      expiresAt: n.expiresAt,
      trafficGb: n.trafficGb,
      devices: n.devices,
    });
    const qr = {
      text: t("my-qr"),
      callback_data: keepMessage(myCb.pack({ act: "qr", id: n.subscriptionId })),
    };
    await this.deps.outbox.send({
      chatId: n.customerId,
      text: `${head}\n${term}\n\n${accessText(t, n.links)}`,
      keyboard: {
        inline_keyboard: [
          [qr],
          [
            { text: t("delivery-open-my"), callback_data: keepMessage(MY_LIST) },
            { text: t("menu-main"), callback_data: keepMessage(MAIN_MENU) },
          ],
        ],
      },
      once: n.once,
    });
  }
}

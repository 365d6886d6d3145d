import type { Locale } from "../config.js";
import type { AccessNotice, AccessNotices } from "../domain/drift/index.js";
import { accessText, planTitle, termLine } from "../render/access.js";
import type { I18nLike } from "../render/i18n-like.js";
import { deliveryKeyboard } from "../render/shop-callbacks.js";
import type { Outbox } from "./outbox.js";

export interface OutboxAccessNoticesDeps {
  outbox: Pick<Outbox, "send">;
  i18n: I18nLike;
  defaultLocale: Locale;
}

/**
 * The customer's message after an admin recreated or moved their access: what happened, the term,
 * and the new links, in their language, through the outbox (rate-limited, retried, once per key).
 */
export class OutboxAccessNotices implements AccessNotices {
  constructor(private readonly deps: OutboxAccessNoticesDeps) {}

  async accessChanged(n: AccessNotice): Promise<void> {
    const locale = n.locale ?? this.deps.defaultLocale;
    const t = (key: string, vars?: Record<string, string | number>) => this.deps.i18n.t(locale, key, vars);
    const title = planTitle(n.plan, locale, n.planId);
    const head = t(n.reason === "moved" ? "drift-access-moved" : "drift-access-recreated", { plan: title });
    const term = termLine(t, locale, {
      title,
      expiresAt: n.expiresAt,
      trafficGb: n.trafficGb,
      devices: n.devices,
    });
    await this.deps.outbox.send({
      chatId: n.customerId,
      text: `${head}\n${term}\n\n${accessText(t, n.links)}`,
      keyboard: deliveryKeyboard(t),
      once: n.once,
    });
  }
}

import type { Config } from "./config.js";
import type { Catalog } from "./domain/catalog/index.js";
import { telegramInvoices } from "./domain/sales/index.js";
import type { Rail } from "./rails/index.js";

/** What the settings mean for the rest of the start: the secrets to mask, the catalogs they can sell. */

/**
 * The catalog's problem for this config, if any (checked at start and on every reload): a fiat
 * currency needs a way to be paid, PAYMENT_PROVIDER_TOKEN or an outside rail that takes it.
 */
export function catalogProblemOf(config: Config, rails: readonly Rail[]): (c: Catalog) => string | undefined {
  return (c) =>
    !telegramInvoices(c.currency, config.paymentProviderToken) && !rails.some((r) => r.accepts(c.currency))
      ? `${config.catalogFile}: currency ${c.currency} needs PAYMENT_PROVIDER_TOKEN or a payment rail that takes it (CRYPTOPAY_TOKEN, YOOKASSA_SHOP_ID); or use XTR for Telegram Stars`
      : undefined;
}

/** Values the logger masks wherever they appear, whatever their shape. */
export function secretsOf(config: Config): string[] {
  const redisPassword = URL.canParse(config.redisUrl) ? new URL(config.redisUrl).password : "";
  return [
    config.botToken,
    config.account.apiKey,
    config.panel?.token,
    config.node?.token,
    config.delivery.mode === "webhook" ? config.delivery.secret : undefined,
    config.paymentProviderToken,
    redisPassword ? decodeURIComponent(redisPassword) : undefined,
    config.redisSentinel?.password,
    ...(config.rails ?? []).flatMap((rail) => rail.secrets),
  ].filter((s): s is string => typeof s === "string" && s !== "");
}

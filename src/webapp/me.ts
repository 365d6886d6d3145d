import type { z } from "zod";
import { LOCALE_NAMES, LOCALES, type Locale, RTL_LOCALES } from "../config.js";
import { GB_BYTES } from "../domain/books/index.js";
import type { Catalog } from "../domain/catalog/index.js";
import { planDetailsLine } from "../render/plan-details.js";
import { seconds, stateOf, statusOf } from "./cabinet.js";
import { type Caller, recordCustomer, type WebappDeps } from "./context.js";
import type { MeResponse } from "./schemas.js";
import type { languageResponse } from "./schemas-account.js";

const gb = (bytes: number) => Math.round((bytes / GB_BYTES) * 100) / 100;

/**
 * GET /app/api/me: the caller's language (and the others), balance, what the page may offer
 * (the trial, invitations, support), and the subscriptions with their term and traffic.
 */
export async function me(deps: WebappDeps, caller: Caller): Promise<MeResponse> {
  const { shop, referrals } = deps.sales;
  const { wallet, subscriptions } = deps.books;
  const [balance, subs, trial, terms] = await Promise.all([
    wallet.balance(caller.id),
    subscriptions.ofCustomer(caller.id),
    shop.trialOffer(caller.id),
    referrals.terms(),
  ]);
  const outages = await deps.fleet.outages.ofSubscriptions(subs);
  const now = deps.clock.now();
  const items = await Promise.all(
    subs.map(async (sub) => {
      const state = await stateOf(deps, sub);
      const expiresAt = state ? state.expiresAt : sub.expiresAt;
      const limitBytes = state ? state.limitBytes : sub.trafficGb * GB_BYTES;
      return {
        id: sub.id,
        plan: sub.planId,
        status: statusOf(now, sub, state, outages.get(sub.id)),
        expires_at: expiresAt > 0 ? seconds(expiresAt) : null,
        traffic_used_gb: state ? gb(state.usedBytes) : null,
        traffic_limit_gb: gb(limitBytes),
        subscription_url: sub.subscriptionUrl ?? null,
      };
    }),
  );
  return {
    ok: true,
    customer: { id: caller.id, language: caller.locale },
    balance,
    currency: shop.currency,
    balance_text: caller.money(balance),
    languages: LOCALES.map((code) => ({ code, name: LOCALE_NAMES[code] })),
    rtl: RTL_LOCALES.includes(caller.locale),
    trial: trial ? trialOffer(deps, caller, trial) : null,
    referrals: terms !== undefined,
    support: supportLink(deps.supportContact),
    subscriptions: items,
  };
}

/** The trial as the page offers it: its own term on its plan's servers (devices, locations). */
function trialOffer(
  deps: WebappDeps,
  caller: Caller,
  trial: NonNullable<Catalog["trial"]>,
): { title: string; details: string } {
  const plan = deps.sales.shop.plan(trial.plan);
  const term = plan && { ...plan, days: trial.days, traffic_gb: trial.traffic_gb };
  return {
    title: caller.t("webapp-trial-offer-title"),
    details: term ? planDetailsLine(caller.t, caller.locale, term) : "",
  };
}

/** SUPPORT_CONTACT as a link: `@name` opens the Telegram chat, an https URL is itself. */
export function supportLink(contact: string | undefined): { url: string; text: string } | null {
  if (!contact) return null;
  return { url: contact.startsWith("@") ? `https://t.me/${contact.slice(1)}` : contact, text: contact };
}

/**
 * POST /app/api/language: the customer's choice of language, as /language makes it (stored on the
 * customer, so the chat and the workers follow it too; the chat's choice is read here likewise).
 */
export async function setLanguage(
  deps: WebappDeps,
  caller: Caller,
  locale: Locale,
): Promise<z.output<typeof languageResponse>> {
  await recordCustomer(deps, caller);
  await deps.books.customers.setLocale(caller.id, locale);
  deps.logger.info({ customerId: caller.id, locale }, "cabinet: language chosen");
  return { ok: true, language: locale };
}

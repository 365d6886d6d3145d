import type { Locale } from "../config.js";
import type { Order } from "../domain/books/index.js";
import type { FreezeOption } from "../domain/catalog/index.js";
import type {
  FreezeAsk,
  FreezeQuote,
  FreezeView,
  SubscriptionFreezes,
  UnfreezeOutcome,
} from "../domain/terms/index.js";
import { DAY } from "../runtime/clock.js";
import { formatDate } from "./format.js";
import type { Translate } from "./i18n-like.js";

/**
 * A freeze's texts, the same in the chat (/my) and in the cabinet: the rules are
 * SubscriptionFreezes' (terms/freezes.ts); these only say its answers.
 */

/** The days offered as buttons: the plan's bounds and the usual weeks between them. */
export function freezeDayChoices(option: FreezeOption): number[] {
  const days = [option.min_days, 7, 14, 21, 30, option.max_days];
  return [...new Set(days)].filter((d) => d >= option.min_days && d <= option.max_days).sort((a, b) => a - b);
}

const bankDays = (view: FreezeView) => Math.floor((view.bankMs ?? 0) / DAY);

/** The card's line of a freeze under way (frozen: until when, days kept, the end). */
export function freezeStateText(t: Translate, locale: Locale, view: FreezeView): string {
  if (view.status === "asked") return t("freeze-state-asked", { days: view.days });
  return t("freeze-state", {
    until: formatDate(locale, view.until ?? 0),
    bank: bankDays(view),
    end: formatDate(locale, view.endsAt ?? 0),
  });
}

/** What a freeze of `quote.days` would do, before it is confirmed. */
export function freezeConfirmText(t: Translate, locale: Locale, quote: FreezeQuote): string {
  return t("freeze-confirm", {
    days: quote.days,
    until: formatDate(locale, quote.until),
    bank: quote.bankDays,
    end: formatDate(locale, quote.newEnd),
  });
}

/** What the customer reads after asking for a freeze. */
export function freezeAskText(
  t: Translate,
  locale: Locale,
  option: FreezeOption | undefined,
  out: FreezeAsk,
): string {
  switch (out.kind) {
    case "frozen":
      return t("freeze-done", {
        until: formatDate(locale, out.view.until ?? 0),
        bank: bankDays(out.view),
        end: formatDate(locale, out.view.endsAt ?? 0),
      });
    case "already":
      return t("freeze-already");
    case "waiting":
    case "retrying":
      return t("freeze-queued");
    case "failed":
      return t("freeze-failed");
    case "refused":
      if (out.reason === "limit") return t("freeze-refused-limit", { limit: out.limit ?? 0 });
      if (out.reason === "nothing-left") return t("freeze-refused-nothing-left");
      if (out.reason === "days" && option)
        return t("freeze-refused-days", { min: option.min_days, max: option.max_days });
      return t("freeze-refused-other");
  }
}

/** What the customer reads after asking to unfreeze. */
export function unfreezeText(t: Translate, locale: Locale, out: UnfreezeOutcome): string {
  if (out.kind === "unfrozen") return t("unfreeze-done", { end: formatDate(locale, out.expiresAt) });
  // Busy: another tap (or the freeze worker) is lifting it now; the hosting side is not at fault.
  if (out.kind === "retrying") return t(out.busy ? "unfreeze-busy" : "unfreeze-retrying");
  return t(out.reason === "too-soon" ? "unfreeze-too-soon" : "unfreeze-not-frozen");
}

/** Orders that change a subscription's term: paid while it is frozen, they wait for the unfreeze. */
const WAIT_FOR_UNFREEZE: ReadonlySet<Order["kind"]> = new Set(["renewal", "switch", "pack"]);

/**
 * What the customer reads beside "paid" when the order's subscription is frozen: it applies when
 * the freeze ends (its date), or at an earlier unfreeze (the order waits behind the freeze in the
 * subscription's term chain, by design). Undefined when it applies now.
 */
export async function appliesAfterFreezeText(
  freezes: Pick<SubscriptionFreezes, "current">,
  t: Translate,
  locale: Locale,
  order: Pick<Order, "kind" | "subscriptionId">,
): Promise<string | undefined> {
  if (!order.subscriptionId || !WAIT_FOR_UNFREEZE.has(order.kind)) return undefined;
  const view = await freezes.current(order.subscriptionId);
  if (view?.status !== "frozen" || view.until === undefined) return undefined;
  return t("order-applies-after-freeze", { date: formatDate(locale, view.until) });
}

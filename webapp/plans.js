// The Buy tab: the trial while it is offered, a promo code for the order, and the plans, each to
// buy for oneself or as a gift. Every purchase goes through the confirm step (pay.js).

import { api, t } from "./api.js";
import { claimTrial, startOrder } from "./pay.js";
import { state } from "./state.js";
import { actionButton, el, loadInto, setMainButton } from "./ui.js";

/** The promo code typed on the Buy tab, sent with the next order. */
let promoCode = "";

export function trialCard(trial) {
  const status = el("div", "status");
  const card = el("div", "card", [
    el("div", "row", [el("h2", "", trial.title), el("span", "pill active", t("trial-free"))]),
    el("div", "muted small", trial.details),
    el("div", "actions", [actionButton(t("trial-start"), () => claimTrial(status))]),
    status,
  ]);
  card.dataset.trial = "1";
  return card;
}

export function planCards(plans) {
  return plans.map((plan) => {
    const status = el("div", "status");
    const order = (gift) => () =>
      startOrder({ plan_id: plan.id, ...(promoCode ? { promo_code: promoCode } : {}), ...(gift ? { gift } : {}) }, status);
    const card = el("div", "card", [
      el("div", "row", [el("h2", "", plan.title), el("span", "total", plan.price_text)]),
      el("div", "muted small", plan.details),
      el("div", "actions", [
        actionButton(t("buy"), order(false)),
        actionButton(t("gift-buy"), order(true), "secondary"),
      ]),
      status,
    ]);
    card.dataset.plan = plan.id;
    return card;
  });
}

function promoField() {
  const input = el("input");
  input.type = "text";
  input.autocomplete = "off";
  input.autocapitalize = "characters";
  input.maxLength = 32;
  input.placeholder = t("promo-placeholder");
  input.value = promoCode;
  input.setAttribute("aria-label", t("promo-title"));
  const note = el("div", "muted small", promoCode ? t("promo-noted") : t("promo-hint"));
  input.addEventListener("input", () => {
    promoCode = input.value.trim();
    note.textContent = promoCode ? t("promo-noted") : t("promo-hint");
  });
  const box = el("details", "card", [el("summary", "", t("promo-title")), el("div", "field", [input]), note]);
  box.open = Boolean(promoCode);
  return box;
}

export async function showPlans(view) {
  setMainButton(null);
  await loadInto(view, async () => {
    const { plans } = await api("plans");
    return [
      state.me.trial ? trialCard(state.me.trial) : null,
      promoField(),
      el("h3", "", t("plans-title")),
      ...planCards(plans),
    ];
  });
}

// Ordering: the confirm step (what it is, what it costs, the balance after), paying from the
// balance, by a Telegram invoice or on an outside rail (rails.js), then following the order until
// the access is ready: a purchase lands on its new subscription, a gift on the gift's link.

import { api, t, tg } from "./api.js";
import { gateCard, isGateRefusal } from "./gate.js";
import { payOnRail, railButtons } from "./rails.js";
import { nav, state } from "./state.js";
import { actionButton, button, el, haptic, openExternal, openSheet, refusalLine, say, setMainButton } from "./ui.js";

const POLL_MS = 1500;
const POLL_LIMIT = 120;
const FAILED = new Set(["failed", "refunded"]);

/** The refusal of an order in words. */
function refusalText(err) {
  if (err?.error === "maintenance") return refusalLine(err, t("refused"));
  if (err?.status === 402) return t("insufficient");
  if (err?.error === "undeliverable") return t("undeliverable");
  if (err?.error === "trial-used") return t("trial-used");
  if (err?.error === "pack-not-offered") return t("pack-not-offered");
  if (err?.error === "switch-not-offered") return t("switch-not-offered");
  if (err?.status === 429) return t("rate-limited");
  if (err?.status === 0) return t("offline");
  return t("refused");
}

function sumRow(label, value, cls = "") {
  return [el("span", `muted ${cls}`, label), el("span", cls, value)];
}

/**
 * Opens (or gets back) the order for `target` ({ plan_id }, { subscription_id } with promo_code
 * or gift, or { subscription_id, pack_id } for a traffic pack) without paying, and shows what it
 * is before anything is charged.
 */
export async function startOrder(target, status) {
  status?.replaceChildren();
  let data;
  try {
    data = await api("orders", target);
  } catch (err) {
    if (err.fatal) throw err;
    haptic("error");
    // The channels to join first: joined and checked, the same order is asked for again.
    if (status && isGateRefusal(err)) status.replaceChildren(gateCard(err.channels, () => startOrder(target, status)));
    else if (status) status.replaceChildren(el("div", "status bad", refusalText(err)));
    else say(refusalText(err), "bad");
    return;
  }
  confirmSheet(data.order, data.summary, data.pay_options);
}

/**
 * What pays the order: the balance when it covers it all, else a Telegram invoice (where the shop
 * can make one) or the first rail that answers; the other ways beside it. The rails are offered
 * only for what the balance does not cover.
 */
function confirmSheet(order, s, options) {
  const line = el("div", "status");
  const box = el("div", "rail-box");
  const payWallet = () => pay(order, "wallet", line, close);
  const payInvoice = () => pay(order, "invoice", line, close);
  const payRail = (rail) =>
    payOnRail({
      rail,
      line,
      box,
      ask: () => api(`orders/${order.id}/pay-rail`, { rail: rail.id }),
      watch: () => follow(order.id, line, close),
      refusal: refusalText,
    });
  const rails = s.covered ? [] : options.rails;
  const first = rails.find((r) => r.available);
  const railLabel = (rail) => `${t("pay-rail")} ${rail.name} · ${s.invoice_amount_text}`;
  const primary = s.covered
    ? { label: `${t("pay-wallet")} · ${s.price_text}`, run: payWallet }
    : options.invoice
      ? { label: `${t("pay-invoice")} · ${s.invoice_amount_text}`, run: payInvoice }
      : first
        ? { label: railLabel(first), run: () => payRail(first), rail: first }
        : null;
  const price = el("span", "total", [s.list_price_text ? el("span", "strike", s.list_price_text) : null, s.price_text]);
  const rows = [
    s.pack_text ? sumRow(t("confirm-pack"), s.pack_text) : [],
    // The switch's sum is lines (new plan, credit, to pay): kept as lines, not run together.
    s.switch_text ? [el("span", "muted", t("confirm-switch")), el("span", "lines", s.switch_text)] : [],
    ...sumRow(t("confirm-term"), s.days_text),
    s.promo_text ? sumRow(t("confirm-promo"), s.promo_text) : [],
    el("span", "muted", t("confirm-price")),
    price,
    ...sumRow(t("balance"), s.balance_text),
    ...(s.covered
      ? sumRow(t("confirm-balance-after"), s.balance_after_text)
      : sumRow(t(options.invoice ? "confirm-by-invoice" : "confirm-due"), s.invoice_amount_text)),
  ].flat();
  const cancel = async () => {
    close();
    // The order goes (a promo code's use it held comes back); a failure here leaves it to expire.
    await api(`orders/${order.id}/cancel`, {}).catch(() => {});
  };
  const close = openSheet([
    el("h2", "", s.title),
    s.gift ? el("div", "muted small", t("confirm-gift")) : null,
    s.promo_refused_text ? el("div", "status bad", s.promo_refused_text) : null,
    s.referral_text ? el("div", "status", s.referral_text) : null,
    // A switch's credit reckoned as the chat shows it: days left × price a day, or the GB left.
    s.switch_value_lines?.length ? el("div", "muted small", s.switch_value_lines.map((l) => el("div", "", l))) : null,
    el("div", "sum", rows),
    s.pack_note_text ? el("p", "muted small", s.pack_note_text) : null,
    el("div", "actions", [
      primary ? actionButton(primary.label, primary.run, "wide primary-pay") : null,
      // Paying from the balance is offered only when it covers it all; an invoice wherever it can be.
      s.covered && options.invoice ? actionButton(t("pay-invoice"), payInvoice, "secondary") : null,
      ...railButtons(
        rails.filter((r) => r !== primary?.rail),
        s.invoice_amount_text,
        payRail,
        "secondary wide",
      ),
      button(t("cancel"), cancel, "secondary"),
    ]),
    line,
    box,
  ]);
  setMainButton(primary?.label, primary?.run ?? null);
}

async function pay(order, method, line, close) {
  line.className = "status";
  line.textContent = t(method === "wallet" ? "order-paying" : "order-awaiting");
  let data;
  try {
    data = await api(`orders/${order.id}/pay`, { pay: method });
  } catch (err) {
    if (err.fatal) throw err;
    haptic("error");
    line.className = "status bad";
    line.textContent = refusalText(err);
    return;
  }
  if (data.paid_from_wallet) return follow(order.id, line, close);
  openInvoice(data.invoice_link, (result) => {
    if (result === "paid") return follow(order.id, line, close);
    if (result === "failed") haptic("error");
    line.textContent = result === "cancelled" ? t("invoice-cancelled") : "";
  });
}

/** Telegram's invoice over the page ("paid", "cancelled", "failed", "pending"). */
export function openInvoice(link, done) {
  if (tg?.openInvoice) tg.openInvoice(link, done);
  else openExternal(link);
}

/** The free trial: claimed at once (nothing to confirm: it costs nothing), then followed. */
export async function claimTrial(status) {
  status.className = "status";
  status.textContent = t("order-paid");
  try {
    const { order } = await api("trial", {});
    await follow(order.id, status, () => {});
  } catch (err) {
    if (err.fatal) throw err;
    haptic("error");
    if (isGateRefusal(err)) {
      status.className = "status";
      status.replaceChildren(gateCard(err.channels, () => claimTrial(status)));
      return;
    }
    status.className = "status bad";
    status.textContent = refusalText(err);
  }
}

/** Polls the order until the access is ready (then shows it), a gift waits for its claim, or it failed. */
export async function follow(orderId, line, close) {
  for (let i = 0; i < POLL_LIMIT; i++) {
    let order;
    try {
      ({ order } = await api(`orders/${orderId}`));
    } catch (err) {
      if (err.fatal) throw err;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      continue;
    }
    if (order.status === "active") {
      haptic("success");
      close();
      // A pack, a switch or seats change an access the customer already has (the same links):
      // its card, not its links again.
      const kind = order.kind;
      const same = kind === "pack" || kind === "switch" || kind === "seats";
      say(
        t(kind === "pack" ? "pack-added" : kind === "switch" ? "switch-done" : kind === "seats" ? "seats-added" : "order-active"),
        "good",
      );
      await nav.refresh();
      return nav.go("subs", { focus: order.subscription_id, connect: !same });
    }
    if (order.status === "awaiting_claim") {
      haptic("success");
      close();
      say(t("gift-ready"), "good");
      await nav.refresh();
      return nav.go("more", { section: "gifts" });
    }
    if (FAILED.has(order.status) || order.status === "cancelled") {
      haptic("error");
      line.className = "status bad";
      line.textContent = t(order.status === "cancelled" ? "order-closed" : "order-failed");
      if (FAILED.has(order.status)) nav.refresh();
      return;
    }
    if (order.frozen_text) {
      // Paid while the subscription is frozen: it applies when the freeze ends (the page says when).
      haptic("success");
      close();
      say(order.frozen_text, "good");
      return nav.refresh();
    }
    line.textContent = t(order.status === "awaiting_payment" ? "order-awaiting" : "order-paid");
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

/** The balance line in the header. */
export function showBalance() {
  const me = state.me;
  document.getElementById("balance").textContent = me ? `${t("balance")}: ${me.balance_text}` : "";
}

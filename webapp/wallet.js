// The Wallet tab: the balance, top-ups (preset amounts or one typed in) paid by a Telegram
// invoice, and the history of every movement in the customer's words.

import { api, t } from "./api.js";
import { openInvoice, showBalance } from "./pay.js";
import { nav, state } from "./state.js";
import { actionButton, button, el, haptic, loadInto, refusalLine, say, setMainButton } from "./ui.js";

const POLL_MS = 1500;

/** Asks for a top-up's invoice (`body`: { amount } or { amount_text }) and opens it. */
async function topUp(body, status) {
  status.className = "status";
  status.textContent = "";
  let data;
  try {
    data = await api("topups", body);
  } catch (err) {
    if (err.fatal) throw err;
    haptic("error");
    status.className = "status bad";
    status.textContent = refusalLine(
      err,
      t(err.error === "amount" ? "topup-invalid" : err.status === 429 ? "rate-limited" : "error"),
    );
    return;
  }
  const before = state.me.balance;
  openInvoice(data.invoice_link, async (result) => {
    if (result !== "paid") {
      if (result === "failed") haptic("error");
      status.textContent = result === "cancelled" ? t("invoice-cancelled") : "";
      return;
    }
    status.textContent = t("topup-waiting");
    // The payment is credited when Telegram's message reaches the bot: a moment after "paid".
    for (let i = 0; i < 40; i++) {
      await nav.refresh();
      if (state.me.balance !== before) break;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    haptic("success");
    say(t("topup-done"), "good");
    status.textContent = "";
  });
}

function topUpCard(data) {
  const status = el("div", "status");
  const presets = data.topup_presets.map((p) =>
    actionButton(p.text, () => topUp({ amount: p.amount }, status), "secondary"),
  );
  const input = el("input");
  input.type = "text";
  input.inputMode = "decimal";
  input.placeholder = t("topup-amount");
  input.setAttribute("aria-label", t("topup-amount"));
  const go = actionButton(t("topup-go"), () => {
    if (!input.value.trim()) return input.focus();
    return topUp({ amount_text: input.value.trim() }, status);
  });
  return el("div", "card", [
    el("div", "muted", t("balance")),
    el("h2", "", data.balance_text),
    el("h3", "", t("topup-title")),
    el("div", "chips", presets),
    el("div", "field", [input, go]),
    el("div", "muted small", `${t("topup-bounds")} ${data.topup_min_text} – ${data.topup_max_text}`),
    status,
  ]);
}

function history(data, view) {
  const entries = data.entries.map((e) =>
    el("li", "", [
      el("span", "", [el("div", "", e.kind_text), el("div", "muted small", e.at_text)]),
      el("span", e.amount > 0 ? "plus" : "minus", e.amount_text),
    ]),
  );
  const page = (n) => () => showWallet(view, n);
  return el("div", "card", [
    el("h3", "", t("history-title")),
    entries.length > 0 ? el("ul", "ledger", entries) : el("p", "muted", t("history-empty")),
    data.pages > 1
      ? el("div", "actions", [
          data.page > 0 ? button(t("prev"), page(data.page - 1), "secondary") : null,
          el("span", "muted small", data.page_text),
          data.page < data.pages - 1 ? button(t("next"), page(data.page + 1), "secondary") : null,
        ])
      : null,
  ]);
}

export async function showWallet(view, page = 0) {
  setMainButton(null);
  await loadInto(view, async () => {
    const data = await api(`wallet?page=${page}`);
    state.me.balance = data.balance;
    state.me.balance_text = data.balance_text;
    showBalance();
    return [topUpCard(data), history(data, view)];
  });
}

// The Wallet tab: the balance, top-ups (preset amounts or one typed in) paid by a Telegram
// invoice or on an outside rail (rails.js), and the history of every movement in the customer's
// words.

import { api, t } from "./api.js";
import { openInvoice, showBalance } from "./pay.js";
import { payOnRail, railButtons } from "./rails.js";
import { nav, state } from "./state.js";
import { actionButton, button, el, haptic, loadInto, openSheet, refusalLine, say, setMainButton } from "./ui.js";

const POLL_MS = 1500;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A refused top-up in words. */
function topUpRefusal(err) {
  return refusalLine(
    err,
    t(err.error === "amount" ? "topup-invalid" : err.status === 429 ? "rate-limited" : "error"),
  );
}

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
    status.textContent = topUpRefusal(err);
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

/**
 * Waits for a rail's top-up to reach the balance (credited when the rail's notification, the poll
 * or "I paid" brings it), then says so and shows the wallet again.
 */
async function watchBalance(before, close, view) {
  for (let i = 0; i < 40; i++) {
    await nav.refresh();
    if (state.me.balance !== before) {
      haptic("success");
      close();
      await showWallet(view);
      say(t("topup-done"), "good");
      return;
    }
    await sleep(POLL_MS);
  }
}

/**
 * How to pay a top-up of `body` (`text`: its amount as shown) when the shop has rails: Telegram's
 * invoice (where it can make one) and a button per rail, in a sheet that then waits for the rail.
 */
function topUpWays(body, text, options, status, view) {
  const line = el("div", "status");
  const box = el("div", "rail-box");
  const title = el("h2", "", `${t("topup-title")} · ${text}`);
  const before = state.me.balance;
  const onRail = async (rail) => {
    const data = await payOnRail({
      rail,
      line,
      box,
      ask: () => api("topups/rail", { ...body, rail: rail.id }),
      watch: () => watchBalance(before, close, view),
      refusal: topUpRefusal,
    });
    if (data) title.textContent = `${t("topup-title")} · ${data.amount_text}`;
  };
  const invoice = () => {
    close();
    return topUp(body, status);
  };
  const close = openSheet([
    title,
    el("div", "muted", t("topup-how")),
    el("div", "actions ways", [
      options.invoice ? actionButton(t("pay-invoice"), invoice, "wide") : null,
      ...railButtons(options.rails, "", onRail, "secondary wide"),
    ]),
    line,
    box,
    el("div", "actions", [button(t("cancel"), () => close(), "secondary")]),
  ]);
}

function topUpCard(data, view) {
  const status = el("div", "status");
  const options = data.pay_options;
  // Without rails a top-up is an invoice at once, as before; with them the way is chosen first.
  const start = (body, text) =>
    options.rails.length > 0 ? topUpWays(body, text, options, status, view) : topUp(body, status);
  const presets = data.topup_presets.map((p) =>
    actionButton(p.text, () => start({ amount: p.amount }, p.text), "secondary"),
  );
  const input = el("input");
  input.type = "text";
  input.inputMode = "decimal";
  input.placeholder = t("topup-amount");
  input.setAttribute("aria-label", t("topup-amount"));
  const go = actionButton(t("topup-go"), () => {
    if (!input.value.trim()) return input.focus();
    return start({ amount_text: input.value.trim() }, input.value.trim());
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
    return [topUpCard(data, view), history(data, view)];
  });
}

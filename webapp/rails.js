// Outside payment rails (CryptoBot, YooKassa, ...): one button per rail beside Telegram's invoice,
// the e-mail a rail's receipts need (asked once, checked by the server), the rail's payment page
// opened through Telegram, then waiting for the money with an "I paid" button while the caller
// follows what it pays (the order, or the balance for a top-up).

import { api, t } from "./api.js";
import { actionButton, button, el, haptic, openExternal, refusalLine } from "./ui.js";

/**
 * A button per rail (`suffix`: the amount, if any); one that is down is shown disabled with why,
 * not hidden. `run(rail)` on a press.
 */
export function railButtons(rails, suffix, run, cls = "secondary") {
  return rails.map((rail) => {
    const label = `${t("pay-rail")} ${rail.name}${suffix ? ` · ${suffix}` : ""}`;
    let b;
    if (rail.available) b = actionButton(label, () => run(rail), `${cls} rail`);
    else {
      b = el("button", `${cls} rail off`, [el("span", "", label), el("span", "why", t("rail-unavailable"))]);
      b.type = "button";
      b.disabled = true;
    }
    b.dataset.rail = rail.id;
    return b;
  });
}

/** A rail's refusal in words (`fallback`: the caller's words for the rest). */
function refusalOf(err, fallback) {
  if (err?.error === "rail-unavailable" || err?.error === "unknown-rail") return t("rail-refused");
  return fallback(err);
}

/** The e-mail form waiting in a box: another press there drops it (its flow answers false). */
const asking = new WeakMap();

/**
 * Asks for the receipt e-mail in `box` until the server keeps one (it says when it is not one):
 * true once kept, false when another rail's press took the box meanwhile.
 */
function askEmail(box) {
  return new Promise((done) => {
    const resolve = (kept) => {
      asking.delete(box);
      done(kept);
    };
    asking.set(box, resolve);
    const input = el("input");
    input.type = "email";
    input.name = "email";
    input.autocomplete = "email";
    input.inputMode = "email";
    input.maxLength = 254;
    // An address reads left to right in every language.
    input.dir = "ltr";
    input.setAttribute("aria-label", t("rail-email-title"));
    const error = el("div", "status bad");
    const save = actionButton(t("rail-email-save"), async () => {
      const email = input.value.trim();
      if (!email) return input.focus();
      error.textContent = "";
      try {
        await api("email", { email });
      } catch (err) {
        if (err.fatal) throw err;
        haptic("error");
        error.textContent = err.error === "bad-email" ? t("rail-email-bad") : refusalLine(err, t(err.label));
        return input.focus();
      }
      box.replaceChildren();
      resolve(true);
    });
    const form = el("form", "email-form", [
      el("div", "", t("rail-email-title")),
      el("div", "field", [input, save]),
      el("div", "muted small", t("rail-email-hint")),
      error,
    ]);
    form.addEventListener("submit", (e) => {
      e.preventDefault();
      save.click();
    });
    box.replaceChildren(form);
    input.focus();
  });
}

/**
 * Pays on `rail`: its e-mail first when it needs one, then the link `ask()` gets (the same payment
 * on a second press) opened through Telegram, then waiting in `box` (see waitFor). `refusal(err)`
 * words what is not the rail's own refusal. Resolves to the link's answer, or undefined.
 */
export async function payOnRail({ rail, ask, line, box, watch, refusal }) {
  line.className = "status";
  line.textContent = "";
  asking.get(box)?.(false);
  if (rail.needs_email && !(await askEmail(box))) return undefined;
  let data;
  try {
    data = await ask();
  } catch (err) {
    if (err.fatal) throw err;
    if (err.error === "email-needed" && !rail.needs_email) {
      // Asked since the offer was read (receipts turned on): the e-mail, then the same press.
      rail.needs_email = true;
      return payOnRail({ rail, ask, line, box, watch, refusal });
    }
    haptic("error");
    line.className = "status bad";
    line.textContent = refusalOf(err, refusal);
    return undefined;
  }
  rail.needs_email = false;
  openExternal(data.pay_url);
  waitFor(data, { line, box, watch, refusal });
  return data;
}

/** The watch following the money of a box (one at a time, whichever rail was pressed). */
const watching = new WeakMap();

/**
 * The payment page is open: `watch()` follows the money (one at a time), and "I paid" asks the
 * rail now: paid sets the watch going again if it had stopped, pending says not yet, closed says so.
 */
function waitFor(data, { line, box, watch, refusal }) {
  const follow = () => {
    if (watching.has(box)) return;
    watching.set(
      box,
      Promise.resolve(watch()).finally(() => watching.delete(box)),
    );
  };
  const note = el("div", "muted small", t("rail-waiting"));
  const check = actionButton(t("rail-check"), async () => {
    let answer;
    try {
      answer = await api("payments/check", { rail: data.rail, payment_id: data.payment_id });
    } catch (err) {
      if (err.fatal) throw err;
      haptic("error");
      note.className = "status bad";
      note.textContent = refusalOf(err, refusal);
      return;
    }
    if (answer.status === "paid") {
      box.replaceChildren();
      follow();
      return;
    }
    if (answer.status === "pending") {
      haptic("warning");
      note.className = "status";
      note.textContent = t("rail-not-paid");
      follow();
      return;
    }
    haptic("error");
    box.replaceChildren(el("div", "status bad", t("rail-closed")));
  });
  const again = button(t("rail-open-again"), () => openExternal(data.pay_url), "secondary");
  box.replaceChildren(el("div", "rail-wait", [note, el("div", "actions", [check, again])]));
  line.className = "status";
  line.textContent = t("order-awaiting");
  follow();
}

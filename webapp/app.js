// The customer cabinet (Telegram Mini App). No framework: a few views over the cabinet API
// (subs.js, plans.js, wallet.js, more.js), the order flow (pay.js) and small parts (ui.js).
// Every label comes from the bot's locale files; texts with values in them (dates, amounts, days
// left) come ready from the API in the customer's language.

import { ApiError, api, initData, loadStrings, openSession, t, tg } from "./api.js";
import { followLanguage, showMore } from "./more.js";
import { showBalance } from "./pay.js";
import { showPlans } from "./plans.js";
import { nav, state } from "./state.js";
import { showSubscriptions } from "./subs.js";
import { errorBox, el, popBack, pushBack, say } from "./ui.js";
import { showWallet } from "./wallet.js";

const TABS = ["subs", "buy", "wallet", "more"];
const SHOW = { subs: showSubscriptions, buy: showPlans, wallet: showWallet, more: showMore };
let current = "subs";

const view = (name) => document.getElementById(`view-${name}`);

/** Telegram's theme colours as CSS variables (--tg-theme-bg-color, ...), now and on every change. */
function applyTheme() {
  const params = tg?.themeParams ?? {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string")
      document.documentElement.style.setProperty(`--tg-theme-${key.replaceAll("_", "-")}`, value);
  }
  document.documentElement.dataset.scheme = tg?.colorScheme ?? "light";
  tg?.setHeaderColor?.("bg_color");
}

/** Away from the first tab, Telegram's back button leads back to it. */
function backToFirst() {
  go("subs");
}

async function go(name, options = {}) {
  if (!TABS.includes(name)) return;
  if (current !== "subs") popBack(backToFirst);
  current = name;
  if (name !== "subs") pushBack(backToFirst);
  for (const tab of document.querySelectorAll(".tab")) {
    tab.classList.toggle("active", tab.dataset.tab === name);
    tab.setAttribute("aria-selected", String(tab.dataset.tab === name));
  }
  for (const other of TABS) view(other).hidden = other !== name;
  if (!options.keepMessage && !options.focus && !options.section) say("");
  await SHOW[name](view(name), options).catch(fatal);
}

/** Reads the cabinet again: the balance, the subscriptions, the language (it may have changed). */
async function refresh() {
  state.me = await api("me");
  await followLanguage();
  showBalance();
}

/** Nothing can work any more (session over, blocked, not in Telegram): say so, no dead tabs. */
function fatal(err) {
  if (!(err instanceof ApiError) || !err.fatal) throw err;
  document.getElementById("tabs").hidden = true;
  for (const name of TABS) view(name).hidden = true;
  say(t(err.label), "bad");
}

/** The first read: until it answers the views show skeletons; if it fails, an error with Retry. */
async function load() {
  const first = view("subs");
  try {
    if (!(await openSession())) throw new ApiError(401, "session", true);
    await refresh();
  } catch (err) {
    if (err instanceof ApiError && err.fatal) return fatal(err);
    first.replaceChildren(errorBox(err, () => {
      first.replaceChildren();
      load();
    }));
    first.removeAttribute("aria-busy");
    return;
  }
  document.getElementById("tabs").hidden = false;
  await go(current, { keepMessage: true });
  document.body.dataset.ready = "1";
}

async function start() {
  tg?.ready?.();
  tg?.expand?.();
  applyTheme();
  tg?.onEvent?.("themeChanged", applyTheme);
  const code = (tg?.initDataUnsafe?.user?.language_code ?? navigator.language ?? "en").toLowerCase();
  const guess = ["ru", "uk", "fa"].find((l) => code.startsWith(l)) ?? "en";
  await loadStrings(guess, guess === "fa");
  nav.go = go;
  nav.refresh = refresh;
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => go(tab.dataset.tab));
  if (!initData) {
    view("subs").replaceChildren(el("div", "card error-box", t("open-in-telegram")));
    return;
  }
  // The staff's runway page (opened from the chat's Runway screen) instead of the cabinet.
  const params = new URLSearchParams(location.search);
  if (params.get("page") === "runway") return (await import("./runway.js")).showRunwayPage(params);
  await load();
}

start().catch((err) => {
  if (!document.getElementById("message").textContent) say(t("error") || String(err), "bad");
});

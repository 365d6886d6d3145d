// The customer cabinet (Telegram Mini App). No framework: a few small views over the cabinet API.
// Every label comes from the bot's locale files (/app/i18n/<locale>.json); texts with values in
// them (dates, amounts, days left) come ready from the API in the customer's language.

const tg = window.Telegram?.WebApp;
const SVG = "http://www.w3.org/2000/svg";
/** Order states after which polling stops. */
const FINAL = new Set(["active", "failed", "refunded", "cancelled"]);
const POLL_MS = 2000;
const POLL_LIMIT = 90;

/** The signed initData: from Telegram, or from the URL fragment when opened in a plain browser (demo). */
const initData = tg?.initData || new URLSearchParams(location.hash.slice(1)).get("tgWebAppData") || "";

/** The session the initData was exchanged for (POST api/session): sent instead of the initData. */
let session = "";
let strings = {};
let me = null;

const t = (key) => strings[key] ?? "";
const $ = (id) => document.getElementById(id);

/** An element with a class and text (or children). */
function el(tag, cls, content) {
  const node = document.createElement(tag);
  if (cls) node.className = cls;
  if (Array.isArray(content)) node.append(...content.filter(Boolean));
  else if (content !== undefined && content !== null) node.textContent = String(content);
  return node;
}

function button(label, onClick, cls) {
  const b = el("button", cls, label);
  b.type = "button";
  b.addEventListener("click", onClick);
  return b;
}

/** Telegram's theme colours as CSS variables (--tg-theme-bg-color, ...), now and on every change. */
function applyTheme() {
  const params = tg?.themeParams ?? {};
  for (const [key, value] of Object.entries(params)) {
    if (typeof value === "string") {
      // bg_color -> --tg-theme-bg-color (what Telegram's own script sets too)
      document.documentElement.style.setProperty(`--tg-theme-${key.replaceAll("_", "-")}`, value);
    }
  }
}

async function loadStrings(locale) {
  const res = await fetch(`./i18n/${locale === "ru" ? "ru" : "en"}.json`);
  strings = await res.json();
  document.documentElement.lang = locale;
  $("title").textContent = t("title");
  for (const node of document.querySelectorAll("[data-t]")) node.textContent = t(node.dataset.t);
}

async function api(path, body, again = false) {
  const auth = session ? `Bearer ${session}` : `tma ${initData}`;
  const init = { headers: { authorization: auth } };
  if (body !== undefined) {
    init.method = "POST";
    init.headers["content-type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  const res = await fetch(`./api/${path}`, init);
  const data = await res.json().catch(() => ({ ok: false }));
  if (res.status === 401 && session && !again) {
    // The session ended (idle too long): one new one while the initData is still fresh.
    session = "";
    if (await openSession()) return api(path, body, true);
  }
  if (res.status === 401) fatal("session-expired");
  if (res.status === 403 && data.error === "blocked") fatal("blocked");
  if (res.status === 429) say(t("rate-limited"));
  return { status: res.status, data };
}

/** Exchanges the initData for a session; false when it is refused (too old). */
async function openSession() {
  const { data } = await api("session", {}, true);
  if (data.ok) session = data.session;
  return Boolean(data.ok);
}

function fatal(key) {
  $("tabs").hidden = true;
  for (const id of ["view-subs", "view-buy", "view-wallet"]) $(id).hidden = true;
  $("message").textContent = t(key);
  throw new Error(key);
}

function say(text) {
  $("message").textContent = text ?? "";
}

// ---------------------------------------------------------------------------------------------
// Subscriptions

/** The usage of the last 30 days as bars (a day without a reading is a faint stub). */
function chart(days) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("class", "chart");
  svg.setAttribute("viewBox", "0 0 300 90");
  svg.setAttribute("preserveAspectRatio", "none");
  const max = Math.max(1, ...days.map((d) => d.bytes ?? 0));
  const w = 300 / days.length;
  days.forEach((d, i) => {
    const rect = document.createElementNS(SVG, "rect");
    const h = d.bytes === null ? 2 : Math.max(2, (d.bytes / max) * 86);
    rect.setAttribute("class", d.bytes === null ? "none" : "day");
    rect.setAttribute("x", String(i * w + 1));
    rect.setAttribute("y", String(90 - h));
    rect.setAttribute("width", String(Math.max(1, w - 2)));
    rect.setAttribute("height", String(h));
    const title = document.createElementNS(SVG, "title");
    title.textContent = d.text ? `${d.label}: ${d.text}` : d.label;
    rect.append(title);
    svg.append(rect);
  });
  return svg;
}

/** The QR code drawn from its modules (black on white, with a quiet zone). */
function qrSvg(qr) {
  const svg = document.createElementNS(SVG, "svg");
  const size = qr.size + 8;
  svg.setAttribute("class", "qr");
  svg.setAttribute("viewBox", `0 0 ${size} ${size}`);
  svg.setAttribute("shape-rendering", "crispEdges");
  let d = "";
  for (let y = 0; y < qr.size; y++) {
    for (let x = 0; x < qr.size; x++) if (qr.modules[y * qr.size + x] === "1") d += `M${x + 4} ${y + 4}h1v1h-1z`;
  }
  const path = document.createElementNS(SVG, "path");
  path.setAttribute("d", d);
  path.setAttribute("fill", "#000");
  svg.append(path);
  return svg;
}

function copyRow(value) {
  const code = el("code", "", value);
  const copy = button(t("copy"), async () => {
    try {
      await navigator.clipboard.writeText(value);
    } catch {
      getSelection()?.selectAllChildren(code);
    }
    copy.textContent = t("copied");
    setTimeout(() => (copy.textContent = t("copy")), 1500);
  }, "secondary");
  return el("div", "copy", [code, copy]);
}

function openExternal(url) {
  if (url.startsWith("https://") && tg?.openLink) tg.openLink(url);
  else location.href = url;
}

async function connectPanel(subId) {
  const { data } = await api(`subscriptions/${subId}/connect`);
  if (!data.ok) return el("p", "muted", t("error"));
  const parts = [];
  if (data.subscription_url) parts.push(el("h3", "", t("subscription-url")), copyRow(data.subscription_url));
  if (data.links.length > 0) parts.push(el("h3", "", t("links")), ...data.links.map(copyRow));
  if (data.qr) parts.push(qrSvg(data.qr), el("p", "muted small", t("qr-hint")));
  parts.push(el("h3", "", t("howto-title")), el("p", "small", t("howto")));
  for (const platform of data.platforms) {
    const apps = platform.apps.map((app) =>
      el("div", "app", [
        el("span", "", app.name),
        el("span", "", [
          app.add_url ? button(t("open-in-app"), () => openExternal(app.add_url)) : null,
          button(t("get-app"), () => openExternal(app.get_url), "secondary"),
        ]),
      ]),
    );
    parts.push(el("details", "", [el("summary", "", t(`platform-${platform.id}`)), ...apps]));
  }
  return el("div", "connect", parts);
}

async function subscriptionCard(sub) {
  const [{ data: card }, { data: usage }] = await Promise.all([
    api(`subscriptions/${sub.id}`),
    api(`subscriptions/${sub.id}/usage`),
  ]);
  const c = card.subscription;
  const box = el("div", "card");
  box.dataset.sub = c.id;
  const term = [c.expires_text, c.days_left_text].filter(Boolean).join(" · ");
  const fill = el("div");
  if (c.traffic_limit_bytes > 0 && c.traffic_used_bytes !== null) {
    fill.style.width = `${Math.min(100, (c.traffic_used_bytes / c.traffic_limit_bytes) * 100)}%`;
  }
  const hasUsage = usage.ok && usage.days.some((d) => d.bytes !== null);
  const panel = el("div", "connect-slot");
  const status = el("div", "status");
  const actions = el("div", "actions", [
    button(t("connect"), async (e) => {
      if (panel.firstChild) {
        panel.replaceChildren();
        e.target.textContent = t("connect");
        return;
      }
      panel.replaceChildren(await connectPanel(c.id));
      e.target.textContent = t("hide");
    }),
    c.renew_price_text
      ? button(`${t("renew")} · ${c.renew_price_text}`, () =>
          choosePayment(actions, status, { subscription_id: c.id }, c.renew_price),
        )
      : null,
    // A free trial is not renewed: it leads to the plans.
    c.trial ? button(t("trial-buy"), () => selectTab("buy")) : null,
  ]);
  const parts = [
    el("div", "row", [el("h2", "", c.title), el("span", "small", c.status_text)]),
    el("div", "muted small", `${c.short_id} · ${term}`),
    el("h3", "", t("traffic")),
    el("div", "small", c.traffic_text),
    c.traffic_limit_bytes > 0 ? el("div", "bar", [fill]) : null,
    el("div", "small", `${t("devices")}: ${c.devices_text}`),
    c.locations.length > 0 ? el("div", "small", `${t("locations")}: ${c.locations.join(", ")}`) : null,
    el("h3", "", t("usage-title")),
    hasUsage ? chart(usage.days) : el("p", "muted small", t("usage-none")),
    actions,
    status,
    panel,
  ];
  box.append(...parts.filter(Boolean));
  return box;
}

async function showSubscriptions() {
  const view = $("view-subs");
  if (me.subscriptions.length === 0) {
    view.replaceChildren(el("p", "muted", t("no-subscriptions")));
    return;
  }
  view.replaceChildren(...(await Promise.all(me.subscriptions.map(subscriptionCard))));
}

// ---------------------------------------------------------------------------------------------
// Paying: from the balance, or by a Telegram invoice; then the order is polled until it is done.

function choosePayment(actions, status, target, price) {
  status.className = "status";
  const covered = me.balance >= price;
  const wallet = button(t("pay-wallet"), () => pay(status, { ...target, pay: "wallet" }));
  wallet.disabled = !covered;
  status.replaceChildren(
    el("div", "actions", [wallet, button(t("pay-invoice"), () => pay(status, { ...target, pay: "invoice" }))]),
  );
}

async function pay(status, body) {
  status.replaceChildren(t("order-awaiting"));
  const { status: code, data } = await api("orders", body);
  if (!data.ok) {
    status.className = "status bad";
    status.textContent = t(code === 402 ? "insufficient" : data.error === "undeliverable" ? "undeliverable" : "refused");
    return;
  }
  if (data.paid_from_wallet) return follow(status, data.order.id);
  openInvoice(data.invoice_link, (paid) => {
    if (paid) follow(status, data.order.id);
    else status.textContent = "";
  });
}

function openInvoice(link, done) {
  if (tg?.openInvoice) tg.openInvoice(link, (result) => done(result === "paid"));
  else openExternal(link);
}

/** Polls the order until it is active (then the cabinet is read again) or closed. */
async function follow(status, orderId) {
  for (let i = 0; i < POLL_LIMIT; i++) {
    const { data } = await api(`orders/${orderId}`);
    const state = data.ok ? data.order.status : "failed";
    const key = state === "awaiting_payment" ? "order-awaiting" : FINAL.has(state) ? null : "order-paid";
    status.textContent = key ? t(key) : "";
    if (state === "active") {
      await refresh();
      say(t("order-active"));
      return;
    }
    if (FINAL.has(state)) {
      status.className = "status bad";
      status.textContent = t(state === "cancelled" ? "order-closed" : "order-failed");
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
}

// ---------------------------------------------------------------------------------------------
// Buying and the wallet

async function showPlans() {
  const { data } = await api("plans");
  const cards = data.plans.map((plan) => {
    const status = el("div", "status");
    const actions = el("div", "actions");
    actions.append(
      button(`${t("buy")} · ${plan.price_text}`, () => choosePayment(actions, status, { plan_id: plan.id }, plan.price)),
    );
    return el("div", "card", [el("h2", "", plan.title), el("div", "muted small", plan.details), actions, status]);
  });
  $("view-buy").replaceChildren(el("h3", "", t("plans-title")), ...cards);
}

async function showWallet(page = 0) {
  const { data } = await api(`wallet?page=${page}`);
  $("balance").textContent = `${t("balance")}: ${data.balance_text}`;
  const status = el("div", "status");
  const presets = data.topup_presets.map((p) =>
    button(p.text, async () => {
      const { data: invoice } = await api("topups", { amount: p.amount });
      if (!invoice.ok) return;
      openInvoice(invoice.invoice_link, (paid) => paid && setTimeout(() => refresh(), POLL_MS));
    }, "secondary"),
  );
  const entries = data.entries.map((e) =>
    el("li", "", [
      el("span", "", [el("div", "", e.kind_text), el("div", "muted small", e.at_text)]),
      el("span", e.amount > 0 ? "plus" : "", e.amount_text),
    ]),
  );
  const nav = el("div", "actions", [
    data.page > 0 ? button(t("prev"), () => showWallet(data.page - 1), "secondary") : null,
    data.pages > 1 ? el("span", "muted small", data.page_text) : null,
    data.page < data.pages - 1 ? button(t("next"), () => showWallet(data.page + 1), "secondary") : null,
  ]);
  $("view-wallet").replaceChildren(
    el("div", "card", [
      el("div", "muted", t("balance")),
      el("h2", "", data.balance_text),
      el("h3", "", t("topup-title")),
      el("div", "actions", presets),
      status,
    ]),
    el("h3", "", t("history-title")),
    entries.length > 0 ? el("ul", "ledger", entries) : el("p", "muted", t("history-empty")),
    nav,
  );
}

// ---------------------------------------------------------------------------------------------

function selectTab(name) {
  for (const tab of document.querySelectorAll(".tab")) tab.classList.toggle("active", tab.dataset.tab === name);
  for (const view of ["subs", "buy", "wallet"]) $(`view-${view}`).hidden = view !== name;
  say("");
  if (name === "buy") showPlans();
  if (name === "wallet") showWallet();
}

/** Reads the cabinet again (after a payment): balance, subscriptions, the wallet. */
async function refresh() {
  me = (await api("me")).data;
  await Promise.all([showSubscriptions(), showWallet()]);
}

async function start() {
  tg?.ready?.();
  tg?.expand?.();
  applyTheme();
  tg?.onEvent?.("themeChanged", applyTheme);
  const guess = tg?.initDataUnsafe?.user?.language_code?.startsWith("ru") ? "ru" : "en";
  await loadStrings(guess);
  if (!initData) return fatal("open-in-telegram");
  say(t("loading"));
  await openSession();
  const { data } = await api("me");
  if (!data.ok) return fatal("error");
  me = data;
  if (me.customer.language !== guess) await loadStrings(me.customer.language);
  for (const tab of document.querySelectorAll(".tab")) tab.addEventListener("click", () => selectTab(tab.dataset.tab));
  $("tabs").hidden = false;
  await Promise.all([showSubscriptions(), showWallet()]);
  say("");
  document.body.dataset.ready = "1";
}

start().catch((err) => {
  if (!$("message").textContent) say(t("error") || String(err));
});

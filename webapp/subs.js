// The Subscriptions tab: a card per subscription (status, term, traffic, devices, locations, the
// usage chart), the connect panel (links, QR, apps: the best part), Renew, the traffic packs it is
// offered; and for a new customer the trial and the plans instead of an empty page.

import { api, t } from "./api.js";
import { hasUsage, usageChart } from "./chart.js";
import { planCards, trialCard } from "./plans.js";
import { startOrder } from "./pay.js";
import { nav, state } from "./state.js";
import {
  actionButton,
  button,
  confirmAction,
  copyRow,
  el,
  haptic,
  loadInto,
  openExternal,
  qrSvg,
  refusalLine,
  setMainButton,
  toast,
} from "./ui.js";

async function connectPanel(subId) {
  const data = await api(`subscriptions/${subId}/connect`);
  const parts = [];
  if (data.subscription_url) parts.push(el("h3", "", t("subscription-url")), copyRow(data.subscription_url));
  if (data.links.length > 0) parts.push(el("h3", "", t("links")), ...data.links.map(copyRow));
  if (data.qr) parts.push(qrSvg(data.qr), el("p", "muted small center", t("qr-hint")));
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

/** A button per traffic pack offered for the current term, each through the confirm step. */
function packButtons(c, status) {
  if (!c.traffic_packs || c.traffic_packs.length === 0) return null;
  const buttons = c.traffic_packs.map((p) =>
    button(`${p.gb_text} · ${p.price_text}`, () => startOrder({ subscription_id: c.id, pack_id: p.id }, status), "secondary"),
  );
  return el("div", "packs", [el("div", "muted small", t("packs-title")), el("div", "actions", buttons)]);
}

/**
 * A family's seats on its owner's card: each free seat's invite link (copy, share), each taken one
 * with who and the traffic used and Free (asked first); one seat more through the confirm step.
 */
function seatsBox(c, status) {
  const s = c.seats;
  if (!s) return c.family_seat_text ? el("div", "muted small", c.family_seat_text) : null;
  const rows = s.items.map((seat) => {
    const share = () =>
      openExternal(`https://t.me/share/url?url=${encodeURIComponent(seat.link)}&text=${encodeURIComponent(t("seats-share-text"))}`);
    const free = async () => {
      if (!(await confirmAction(t("seats-free-confirm"), t("seats-free-button")))) return;
      try {
        const done = await api(`subscriptions/${c.id}/seats/free`, { n: seat.n });
        haptic("success");
        toast(done.text);
        box.replaceWith(seatsBox({ ...c, seats: done.seats }, status));
      } catch (err) {
        toast(refusalLine(err, t("error")));
      }
    };
    return el("div", "seat", [
      el("div", "small", `${seat.n} · ${seat.text}`),
      seat.link ? copyRow(seat.link) : null,
      el("div", "actions", [
        seat.link ? button(t("seats-share"), share, "secondary") : null,
        seat.taken ? button(t("seats-free-button"), free, "danger") : null,
      ]),
    ]);
  });
  const add = s.add_text
    ? button(s.add_text, () => startOrder({ subscription_id: c.id, add_seats: 1 }, status), "secondary")
    : null;
  const box = el("div", "seats", [el("h3", "", s.title_text), ...rows, add]);
  return box;
}

/** A button per plan the subscription may switch to, each through the confirm step (the credit's sum). */
function switchButtons(c, status) {
  if (!c.switch_plans || c.switch_plans.length === 0) return null;
  const buttons = c.switch_plans.map((p) =>
    button(`${p.title} · ${p.price_text}`, () => startOrder({ subscription_id: c.id, switch_to: p.id }, status), "secondary"),
  );
  return el("div", "packs", [el("div", "muted small", t("switch-title")), el("div", "actions", buttons)]);
}

function trafficBar(c) {
  if (!(c.traffic_limit_bytes > 0) || c.traffic_used_bytes === null) return null;
  const share = Math.min(100, (c.traffic_used_bytes / c.traffic_limit_bytes) * 100);
  const fill = el("div");
  fill.style.width = `${share}%`;
  const bar = el("div", share >= 90 ? "bar full" : "bar", [fill]);
  bar.setAttribute("role", "progressbar");
  bar.setAttribute("aria-valuenow", String(Math.round(share)));
  return bar;
}

/** Auto-renew from the balance: a switch on the card (none where it cannot be: a trial), what it means below. */
function autoRenewSwitch(c) {
  if (c.auto_renew === null) return null;
  const input = el("input");
  input.type = "checkbox";
  input.setAttribute("role", "switch");
  input.checked = c.auto_renew;
  const hint = el("div", "muted small", c.auto_renew_text);
  input.addEventListener("change", async () => {
    const on = input.checked;
    input.disabled = true;
    try {
      const data = await api(`subscriptions/${encodeURIComponent(c.id)}/auto-renew`, { on });
      input.checked = data.auto_renew;
      hint.textContent = data.auto_renew_text;
      haptic("success");
    } catch (err) {
      if (err.fatal) throw err;
      input.checked = !on;
      haptic("error");
      toast(t(err.label ?? "error") || t("error"));
    } finally {
      input.disabled = false;
      box.dataset.autorenew = input.checked ? "on" : "off";
    }
  });
  const box = el("div", "autorenew", [el("label", "switch", [el("span", "", t("autorenew")), input]), hint]);
  box.dataset.autorenew = c.auto_renew ? "on" : "off";
  return box;
}

/** The plan's freeze: the frozen state and Unfreeze, or Freeze with the days to pick (each confirmed). */
function freezeBlock(c, status, reload) {
  const f = c.freeze;
  if (!f) return null;
  const answered = async (path, body) => {
    try {
      const data = await api(`subscriptions/${encodeURIComponent(c.id)}/${path}`, body);
      haptic(data.done ? "success" : "error");
      toast(data.text);
      if (data.done) await reload();
    } catch (err) {
      if (err.fatal) throw err;
      haptic("error");
      toast(t(err.label ?? "error") || t("error"));
    }
  };
  const parts = [];
  if (f.state_text) parts.push(el("div", "small", f.state_text));
  if (f.unfreeze_text) parts.push(el("div", "actions", [actionButton(f.unfreeze_text, () => answered("unfreeze", {}), "secondary")]));
  if (f.choices.length > 0) {
    const buttons = f.choices.map((choice) =>
      actionButton(choice.label, async () => {
        if (await confirmAction(choice.confirm_text, choice.confirm_label)) await answered("freeze", { days: choice.days });
      }, "secondary"),
    );
    parts.push(el("div", "muted small", f.pick_text), el("div", "actions", buttons));
  }
  const box = el("div", "freeze", parts);
  box.dataset.frozen = f.frozen ? "yes" : "no";
  return box;
}

async function subscriptionCard(sub, options) {
  const [{ subscription: c }, usage] = await Promise.all([
    api(`subscriptions/${sub.id}`),
    api(`subscriptions/${sub.id}/usage`).catch(() => ({ days: [] })),
  ]);
  const box = el("div", "card");
  box.dataset.sub = c.id;
  const panel = el("div", "connect-slot");
  const status = el("div", "status");
  const toggle = async () => {
    if (panel.firstChild) {
      panel.replaceChildren();
      connect.textContent = t("connect");
      return;
    }
    await loadInto(panel, () => connectPanel(c.id), 1);
    connect.textContent = t("hide");
  };
  const connect = button(t("connect"), toggle, c.status === "removed" ? "secondary" : "");
  const actions = el("div", "actions", [
    c.status === "removed" ? null : connect,
    c.renew_price_text
      ? button(`${t("renew")} · ${c.renew_price_text}`, () => startOrder({ subscription_id: c.id }, status), "secondary")
      : null,
    // A free trial is not renewed: it leads to the plans.
    c.trial ? button(t("trial-buy"), () => nav.go("buy"), "secondary") : null,
  ]);
  const facts = el("dl", "facts", [
    el("dt", "", t("devices")),
    el("dd", "", c.devices_text),
    c.locations.length > 0 ? el("dt", "", t("locations")) : null,
    c.locations.length > 0 ? el("dd", "", c.locations.join(", ")) : null,
  ]);
  box.append(
    ...[
      el("div", "row", [el("h2", "", c.title), el("span", `pill ${c.status}`, c.status_text)]),
      el("div", "muted small", [c.short_id, c.expires_text, c.days_left_text].filter(Boolean).join(" · ")),
      el("h3", "", t("traffic")),
      el("div", "small", [c.traffic_text, c.carried_text].filter(Boolean).join(" · ")),
      trafficBar(c),
      packButtons(c, status),
      seatsBox(c, status),
      switchButtons(c, status),
      facts,
      autoRenewSwitch(c),
      freezeBlock(c, status, async () => box.replaceWith(await subscriptionCard(sub, options))),
      el("h3", "", t("usage-title")),
      hasUsage(usage.days) ? usageChart(usage.days) : el("p", "muted small", t("usage-none")),
      actions,
      status,
      panel,
    ].filter(Boolean),
  );
  if (options.focus === c.id) {
    box.classList.add("highlight");
    if (options.connect) await toggle();
  }
  return box;
}

/** A new customer: what they can do first (the trial, the plans), not just "nothing yet". */
async function emptyCabinet() {
  const me = state.me;
  const head = el("div", "card empty", [
    el("div", "icon", "🔐"),
    el("h2", "", t("empty-title")),
    el("p", "muted", t(me.trial ? "empty-trial" : "empty-plans")),
  ]);
  const plans = await api("plans");
  setMainButton(
    me.trial ? t("trial-start") : t("plans-choose"),
    me.trial ? () => document.querySelector("[data-trial] button")?.click() : () => nav.go("buy"),
  );
  return [head, me.trial ? trialCard(me.trial) : null, el("h3", "", t("plans-title")), ...planCards(plans.plans)];
}

/** Shows the subscriptions (`focus`: the one just bought, highlighted, its connect panel open). */
export async function showSubscriptions(view, options = {}) {
  const me = state.me;
  setMainButton(null);
  await loadInto(view, async () => {
    if (me.subscriptions.length === 0) return emptyCabinet();
    const cards = await Promise.all(me.subscriptions.map((s) => subscriptionCard(s, options)));
    return cards;
  }, Math.max(1, Math.min(3, me.subscriptions.length)));
  if (options.focus) view.querySelector(`[data-sub="${CSS.escape(options.focus)}"]`)?.scrollIntoView({ block: "start" });
}

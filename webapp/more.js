// The More tab: invite friends, gifts, the status of the customer's locations and the notices
// they were sent, support tickets (support.js), the language, and the support contact.

import { api, loadStrings, t } from "./api.js";
import { nav, state } from "./state.js";
import { ticketsSection } from "./support.js";
import { actionButton, button, confirmAction, copyRow, el, haptic, loadInto, openExternal, qrSvg, refusalLine, setMainButton, toast } from "./ui.js";

function section(id, title, body) {
  const box = el("div", "card", [el("h2", "", title), ...[body].flat().filter(Boolean)]);
  box.dataset.section = id;
  return box;
}

async function inviteSection() {
  const data = await api("invite");
  if (!data.enabled) return null;
  const share = () =>
    openExternal(`https://t.me/share/url?url=${encodeURIComponent(data.link)}&text=${encodeURIComponent(t("invite-share-text"))}`);
  return section("invite", t("invite-title"), [
    data.terms_text ? el("p", "small", data.terms_text) : null,
    data.link ? copyRow(data.link) : null,
    data.link ? el("div", "actions", [button(t("invite-share"), share)]) : null,
    data.qr ? qrSvg(data.qr) : null,
    el("p", "small", [data.invited_text, data.invited > 0 ? data.paid_text : null].filter(Boolean).join(" · ")),
    el("p", "total", data.earned_text),
  ]);
}

function giftItem(gift, redraw) {
  const cancel = async () => {
    const sure = await confirmAction(`${t("gift-cancel-confirm")} ${gift.refund_text ?? ""}`.trim(), t("gift-cancel-yes"));
    if (!sure) return;
    try {
      const data = await api(`gifts/${encodeURIComponent(gift.code)}/cancel`, {});
      haptic("success");
      toast(data.refunded_text);
    } catch (err) {
      if (err.fatal) throw err;
      haptic("error");
      const taken = err.error === "gift-not-cancellable";
      toast(refusalLine(err, t(taken ? "gift-not-cancellable" : "error")));
    }
    await nav.refresh();
    redraw();
  };
  return el("li", "", [
    el("div", "row", [el("strong", "", gift.title), el("span", `pill ${gift.status === "waiting" ? "active" : ""}`, gift.status_text)]),
    el("div", "muted small", [gift.created_text, gift.expires_text].filter(Boolean).join(" · ")),
    gift.link ? copyRow(gift.link) : null,
    gift.cancellable ? el("div", "actions", [actionButton(t("gift-cancel"), cancel, "danger")]) : null,
  ]);
}

async function giftsSection(redraw) {
  const { gifts } = await api("gifts");
  return section("gifts", t("gifts-title"), [
    gifts.length > 0
      ? el("ul", "list", gifts.map((g) => giftItem(g, redraw)))
      : el("p", "muted small", t("gifts-none")),
    el("div", "actions", [button(t("gift-new"), () => nav.go("buy"), "secondary")]),
  ]);
}

async function statusSection() {
  const data = await api("status");
  const places = data.locations.map((l) =>
    el("li", "", [
      el("div", "row", [el("span", "", [el("span", `dot ${l.state}`), l.name]), el("span", `pill ${l.state}`, l.state_text)]),
      el("div", "muted small checked", [l.since_text, l.checked_text].filter(Boolean).join(" · ")),
    ]),
  );
  const notices = data.notices.map((n) => el("li", "", [el("div", "small", n.text), el("div", "muted small", n.at_text)]));
  return section("status", t("status-title"), [
    places.length > 0 ? el("ul", "list", places) : el("p", "muted small", t("status-none")),
    el("h3", "", t("notices-title")),
    notices.length > 0 ? el("ul", "list", notices) : el("p", "muted small", t("notices-none")),
  ]);
}

function languageSection() {
  const me = state.me;
  const choices = me.languages.map((l) => {
    const current = l.code === me.customer.language;
    return actionButton(current ? `✓ ${l.name}` : l.name, async () => {
      if (current) return;
      await api("language", { locale: l.code });
      await nav.refresh();
      nav.go("more", { section: "language" });
    }, current ? "choice current" : "choice");
  });
  return section("language", t("language-title"), choices);
}

function supportSection() {
  const support = state.me.support;
  if (!support) return null;
  return section("support", t("support-title"), [
    el("p", "small", t("support-text")),
    el("div", "actions", [button(`${t("support-write")} ${support.text}`, () => openExternal(support.url))]),
  ]);
}

/** Shows the More tab (`section`: scrolled to, e.g. "gifts" after a gift was bought). */
export async function showMore(view, options = {}) {
  setMainButton(null);
  const redraw = () => showMore(view, options);
  await loadInto(view, async () => {
    const parts = await Promise.all([
      state.me.referrals ? inviteSection() : null,
      giftsSection(redraw),
      statusSection(),
      ticketsSection(section, redraw),
    ]);
    return [...parts, languageSection(), supportSection()];
  }, 3);
  if (options.section) view.querySelector(`[data-section="${options.section}"]`)?.scrollIntoView({ block: "start" });
}

/** The page's labels in the customer's language (after a change here or in the chat). */
export async function followLanguage() {
  await loadStrings(state.me.customer.language, state.me.rtl);
}

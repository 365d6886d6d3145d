// The More tab's Support section: the customer's tickets with their threads (the answers staff
// wrote in the staff group or the bot), a form to write (into the live ticket, or a new one) and
// Close. Text only here; photos are sent in the chat.

import { api, t } from "./api.js";
import { actionButton, confirmAction, el, haptic, refusalLine, toast } from "./ui.js";

const TEXT_MAX = 4000;

function thread(ticket) {
  return el(
    "ul",
    "list thread",
    ticket.messages.map((m) =>
      el("li", m.from === "you" ? "mine" : "theirs", [
        el("div", "muted small", `${t(m.from === "you" ? "ticket-you" : "ticket-support")} · ${m.at_text}`),
        m.photo ? el("div", "small", t("ticket-photo")) : null,
        m.text ? el("div", "message", m.text) : null,
      ]),
    ),
  );
}

function ticketItem(ticket, redraw) {
  const close = async () => {
    if (!(await confirmAction(t("ticket-close-confirm"), t("ticket-close")))) return;
    try {
      await api(`tickets/${encodeURIComponent(ticket.id)}/close`, {});
      haptic("success");
    } catch (err) {
      if (err.fatal) throw err;
      toast(refusalLine(err, t("error")));
    }
    redraw();
  };
  return el("li", "", [
    el("div", "row", [el("strong", "", ticket.id), el("span", `pill ${ticket.closable ? "active" : ""}`, ticket.state_text)]),
    el("div", "muted small", ticket.created_text),
    thread(ticket),
    ticket.closable ? el("div", "actions", [actionButton(t("ticket-close"), close, "secondary")]) : null,
  ]);
}

function writeForm(redraw) {
  const input = el("textarea");
  input.rows = 3;
  input.maxLength = TEXT_MAX;
  input.placeholder = t("ticket-placeholder");
  input.setAttribute("aria-label", t("ticket-placeholder"));
  const send = async () => {
    const text = input.value.trim();
    if (!text) return;
    try {
      await api("tickets", { text });
      haptic("success");
      toast(t("ticket-sent"));
      redraw();
    } catch (err) {
      if (err.fatal) throw err;
      haptic("error");
      const label =
        err.error === "too-many" ? t("ticket-too-many") : err.error === "too-large" ? t("ticket-too-long") : t("error");
      toast(refusalLine(err, label));
    }
  };
  return el("div", "", [el("div", "field", [input]), el("div", "actions", [actionButton(t("ticket-send"), send)])]);
}

/** The Support section (`redraw` shows the More tab again after a change). */
export async function ticketsSection(section, redraw) {
  const { tickets } = await api("tickets");
  return section("tickets", t("tickets-title"), [
    el("p", "small", t("tickets-hint")),
    writeForm(redraw),
    tickets.length > 0 ? el("ul", "list", tickets.map((ticket) => ticketItem(ticket, redraw))) : el("p", "muted small", t("tickets-none")),
  ]);
}

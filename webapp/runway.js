// The staff's runway page (`/app/?page=runway`, opened from the chat's Runway screen and a server's
// card; `&server=<id>` opens that server): the hosting balance and its course, the locations and
// the servers most urgent first, and a server's charts (runway-chart.js). Only staff who see the
// servers are answered by the API: anyone else is told the page is not for them, and sees nothing
// of it. The customer's cabinet (tabs, GET me) is never loaded here.

import { ApiError, api, loadStrings, openSession, t } from "./api.js";
import { balanceChart, cumulativeChart, dailyChart } from "./runway-chart.js";
import { button, el, errorBox, popBack, pushBack, say } from "./ui.js";

let view;

/** The page's labels in the staff member's language (the API says which), and its title. */
async function follow(data) {
  await loadStrings(data.locale, data.rtl);
  document.title = t("runway-title");
  document.getElementById("title").textContent = t("runway-title");
}

const dot = (level) => el("span", `dot ${level}`);

function card(title, parts, section) {
  const box = el("div", "card", [title ? el("h2", "", title) : null, ...parts.filter(Boolean)]);
  if (section) box.dataset.section = section;
  return box;
}

function fixesList(texts) {
  if (texts.length === 0) return null;
  return el("div", "fixes", [el("h3", "", t("runway-fixes")), el("ul", "list small", texts.map((x) => el("li", "", x)))]);
}

function balanceCard(data) {
  const { balance } = data;
  return card(t("runway-balance"), [
    el("div", "row", [el("strong", "balance-amount", balance.text), el("span", "muted small", data.at_text)]),
    el("p", "small runway-balance-text", balance.runway_text),
    el("h3", "", t("runway-balance-chart")),
    balance.course.length > 0 ? balanceChart(balance) : el("p", "muted small empty", t("runway-no-course")),
    fixesList(data.fixes),
  ], "balance");
}

function locationsCard(data) {
  if (data.locations.length === 0) return null;
  const rows = data.locations.map((l) =>
    el("li", "", [el("div", "row", [el("span", "", [dot(l.level), `${l.name} (${l.servers})`]), el("span", `pill ${l.level}`, l.urgent_text)])]),
  );
  return card(t("runway-locations"), [el("ul", "list", rows)], "locations");
}

function serversCard(data) {
  const rows = data.servers.map((s) => {
    const open = button("", () => showServer(s.id), "server-row");
    open.append(
      el("span", "", [dot(s.level), el("strong", "", s.name), el("span", "muted small", ` · ${s.location}`)]),
      el("span", `pill ${s.level}`, s.urgent_text),
    );
    const li = el("li", "", [open]);
    li.dataset.serverId = String(s.id);
    return li;
  });
  const body = rows.length > 0 ? el("ul", "list servers", rows) : el("p", "muted small empty", t("runway-no-servers"));
  return card(t("runway-servers"), [body], "servers");
}

/** The board: the balance, the locations, the servers (tap one for its charts). */
async function showBoard() {
  await render(async () => {
    const data = await api("admin/runway");
    await follow(data);
    return [balanceCard(data), locationsCard(data), serversCard(data)];
  });
}

function trafficParts(data) {
  const { traffic, server } = data;
  if (!traffic) return [el("p", "muted empty untracked", t("runway-untracked"))];
  const facts = [el("p", "small", traffic.used_text), el("p", "small", traffic.average.when_text), el("p", "small", traffic.trend.when_text)];
  if (traffic.empty) return [...facts, el("p", "muted empty no-usage", t("runway-no-usage"))];
  return [
    ...facts,
    el("h3", "", t("runway-daily")),
    dailyChart(traffic),
    el("h3", "", t("runway-cumulative")),
    cumulativeChart(traffic, server.term_end),
  ];
}

function backToBoard() {
  popBack(backToBoard);
  showBoard();
}

/** One server: its urgency, term and fixes, and its charts (or why there are none). */
async function showServer(id) {
  pushBack(backToBoard);
  await render(async () => {
    const data = await api(`admin/runway/${encodeURIComponent(id)}`);
    await follow(data);
    const s = data.server;
    const head = card(s.name, [
      el("div", "row", [el("span", "muted small", s.location), el("span", `pill ${s.level}`, s.urgent_text)]),
      el("p", "small", s.term_text),
      fixesList(s.fixes.map((f) => f.text)),
    ], "server");
    head.dataset.serverId = String(s.id);
    return [
      head,
      card("", trafficParts(data), "traffic"),
      el("div", "actions", [button(t("runway-back"), backToBoard, "secondary")]),
    ];
  });
}

/**
 * Shows what `load` builds; a refusal (not staff who see servers) says so and nothing else; a
 * failure offers Retry.
 */
async function render(load) {
  view.setAttribute("aria-busy", "true");
  try {
    view.replaceChildren(...(await load()).filter(Boolean));
  } catch (err) {
    if (err instanceof ApiError && err.status === 403) {
      view.replaceChildren(el("div", "card error-box refused", t("runway-refused")));
    } else if (err instanceof ApiError && err.fatal) {
      view.replaceChildren();
      say(t(err.label), "bad");
    } else view.replaceChildren(errorBox(err, () => render(load)));
  } finally {
    view.removeAttribute("aria-busy");
    window.scrollTo(0, 0);
  }
}

/** Opens the runway page in place of the cabinet (app.js calls it for `?page=runway`). */
export async function showRunwayPage(params) {
  for (const section of document.querySelectorAll("main > section")) section.hidden = true;
  view = el("section", "runway");
  view.id = "view-runway";
  document.querySelector("main").append(view);
  document.title = t("runway-title");
  document.getElementById("title").textContent = t("runway-title");
  if (!(await openSession())) {
    say(t("session-expired"), "bad");
    return;
  }
  const server = params.get("server");
  if (server) await showServer(server);
  else await showBoard();
  document.body.dataset.ready = "1";
}

// The runway page's charts (staff only): a server's term day by day against its daily budget, the
// use counted this term against the package with the projected run-outs (dashed, at the 7-day
// average and at the trend, to the day the forecast gives), and the hosting balance stepping down
// at each extension it pays. Hand-written SVG like the cabinet's usage chart (chart.js): its box,
// scale and axis, and a tap shows a day's value (a phone has no hover). Time runs left to right in
// every language (.chart-box is ltr).

import { t } from "./api.js";
import { chartFrame } from "./chart.js";
import { el, svg } from "./ui.js";

const W = 300;
const H = 120;
const TOP = 8;

/** The y of `value` on a scale whose top (TOP) is `max` and bottom (H) is 0. */
const yOf = (value, max) => H - (Math.max(0, value) / max) * (H - TOP);

/** Where each term day sits: slots of equal width, the day's x at the middle of its slot. */
function slots(dates) {
  const step = W / Math.max(1, dates.length);
  const index = new Map(dates.map((d, i) => [d, i]));
  return { step, index, x: (date) => (index.get(date) ?? 0) * step + step / 2 };
}

/** A vertical marker line (term end, today) across the whole chart. */
function marker(cls, x, date) {
  const line = svg("line", { class: `marker ${cls}`, x1: x, x2: x, y1: TOP / 2, y2: H });
  line.dataset.date = date;
  return line;
}

/**
 * Each term day's use as a bar (days to come: empty slots), the daily budget as a dashed line;
 * tapping a day shows its date and use above the chart (today's at first).
 */
export function dailyChart(traffic) {
  const { days, budget_bytes: budget } = traffic;
  const max = Math.max(budget, ...days.map((d) => d.bytes ?? 0)) * 1.1 || 1;
  const { step, index } = slots(days.map((d) => d.date));
  const caption = el("div", "chart-caption");
  const chart = svg("svg", { class: "chart runway daily", viewBox: `0 0 ${W} ${H}`, role: "img" });
  chart.setAttribute("aria-label", `${t("runway-daily")}: ${traffic.budget_text}`);
  const budgetLine = svg("line", { class: "budget", x1: 0, x2: W, y1: yOf(budget, max), y2: yOf(budget, max) });
  chart.append(svg("line", { class: "grid", x1: 0, x2: W, y1: H - 0.5, y2: H - 0.5 }), budgetLine);
  const today = index.get(traffic.today) ?? days.length - 1;
  const bars = days.map((d, i) => {
    if (i > today) return null;
    const h = d.bytes === null ? 2 : Math.max(d.bytes > 0 ? 3 : 1, (d.bytes / max) * (H - TOP));
    const over = d.bytes !== null && d.bytes > budget;
    const bar = svg("rect", {
      class: d.bytes === null ? "none" : `day${over ? " over" : ""}`,
      x: i * step + 0.5,
      y: H - h,
      width: Math.max(1, step - 1),
      height: h,
    });
    bar.dataset.date = d.date;
    const hit = svg("rect", { class: "hit", x: i * step, y: 0, width: step, height: H, fill: "transparent" });
    hit.dataset.date = d.date;
    hit.addEventListener("click", () => select(i));
    chart.append(bar, hit);
    return bar;
  });
  const select = (i) => {
    const day = days[i];
    bars.forEach((b, j) => b?.classList.toggle("selected", j === i));
    caption.textContent = `${day.label}: ${day.bytes === null ? t("usage-no-reading") : day.text}`;
  };
  select(today);
  const peak = days.reduce((a, d) => ((d.bytes ?? 0) > (a?.bytes ?? 0) ? d : a), null);
  const top = peak && peak.bytes > budget ? peak.text : "";
  const box = chartFrame(caption, chart, [top, "0"], [days[0]?.label, days.at(-1)?.label]);
  box.append(el("ul", "legend", [legendItem("budget", traffic.budget_text)]));
  return box;
}

/** A polyline through `points` ({x, y} in chart units). */
const polyline = (cls, points) =>
  svg("polyline", { class: cls, points: points.map((p) => `${p.x.toFixed(2)},${p.y.toFixed(2)}`).join(" ") });

/** One projection (dashed) and, when it crosses within the term, its mark on the package line. */
function projectionParts(kind, p, at, max, limit) {
  const parts = [polyline(`projection ${kind}`, p.points.map((q) => ({ x: at.x(q.date), y: yOf(q.bytes, max) })))];
  if (p.cross_date) {
    const x = at.x(p.cross_date);
    const drop = svg("line", { class: `cross-drop ${kind}`, x1: x, x2: x, y1: yOf(limit, max), y2: H });
    const dot = svg("circle", { class: `cross ${kind}`, cx: x, cy: yOf(limit, max), r: 3.5 });
    dot.dataset.date = p.cross_date;
    parts.push(drop, dot);
  }
  return parts;
}

/**
 * The use counted this term (solid, to today) against the package (the limit line), the run-out
 * projected at the average and at the trend (dashed, to the day they cross), today and the term's end.
 */
export function cumulativeChart(traffic, termEnd) {
  const dates = traffic.days.map((d) => d.date);
  const at = slots(dates);
  const projected = [...traffic.average.points, ...traffic.trend.points].map((q) => q.bytes);
  const max = Math.max(traffic.limit_bytes, traffic.used_bytes, ...projected) * 1.08 || 1;
  const limit = traffic.limit_bytes;
  const chart = svg("svg", { class: "chart runway cumulative", viewBox: `0 0 ${W} ${H}`, role: "img" });
  chart.setAttribute("aria-label", `${t("runway-cumulative")}: ${traffic.used_text}`);
  const used = traffic.cumulative.map((bytes, i) => ({ x: at.x(dates[i]), y: yOf(bytes, max) }));
  chart.append(
    svg("line", { class: "grid", x1: 0, x2: W, y1: H - 0.5, y2: H - 0.5 }),
    svg("line", { class: "limit", x1: 0, x2: W, y1: yOf(limit, max), y2: yOf(limit, max) }),
    marker("today", at.x(traffic.today), traffic.today),
    marker("term-end", at.x(termEnd), termEnd),
    polyline("used", used),
    ...projectionParts("trend", traffic.trend, at, max, limit),
    ...projectionParts("average", traffic.average, at, max, limit),
  );
  const legend = el("ul", "legend", [
    legendItem("limit", t("runway-limit")),
    legendItem("used", t("runway-cumulative")),
    legendItem("average", `${t("runway-average")}: ${crossText(traffic, traffic.average)}`),
    legendItem("trend", `${t("runway-trend")}: ${crossText(traffic, traffic.trend)}`),
    legendItem("term-end", t("runway-term-end")),
  ]);
  const days = traffic.days;
  const caption = el("div", "chart-caption", traffic.used_text);
  const box = chartFrame(caption, chart, [traffic.limit_text, "0"], [days[0]?.label, days.at(-1)?.label]);
  box.append(legend);
  return box;
}

/** "runs out 12 Dec" at the day it crosses, else "lasts the term". */
function crossText(traffic, p) {
  if (!p.cross_date) return t("runway-lasts");
  const day = traffic.days.find((d) => d.date === p.cross_date);
  return `${t("runway-runs-out")} ${day?.label ?? p.cross_date}`;
}

function legendItem(kind, text) {
  const item = el("li", kind, [el("span", `swatch ${kind}`), el("span", "", text)]);
  item.dataset.kind = kind;
  return item;
}

/**
 * The hosting balance from today on: a step down at each extension it pays, to the one it cannot
 * pay (marked) or the last within the horizon; tapping a step shows its date and what is left.
 */
export function balanceChart(balance) {
  const steps = balance.course;
  // At first the step where the runway ends (or the last one shown); a tap shows another.
  const caption = el("div", "chart-caption", steps.at(-1)?.text ?? "");
  const lastDay = Math.max(30, ...steps.map((s) => s.day)) * 1.05;
  const max = Math.max(balance.amount, ...steps.map((s) => s.amount), 1) * 1.08;
  const xOf = (day) => (day / lastDay) * W;
  const chart = svg("svg", { class: "chart runway balance", viewBox: `0 0 ${W} ${H}`, role: "img" });
  chart.setAttribute("aria-label", `${t("runway-balance-chart")}: ${balance.runway_text}`);
  const points = [{ x: 0, y: yOf(balance.amount, max) }];
  for (const s of steps) {
    const x = xOf(s.day);
    points.push({ x, y: points.at(-1).y });
    if (!s.short) points.push({ x, y: yOf(s.amount, max) });
  }
  const end = steps.at(-1);
  if (!end?.short) points.push({ x: W, y: points.at(-1).y });
  chart.append(svg("line", { class: "grid", x1: 0, x2: W, y1: H - 0.5, y2: H - 0.5 }), polyline("balance", points));
  steps.forEach((s) => {
    const dot = svg("circle", { class: `step${s.short ? " short" : ""}`, cx: xOf(s.day), cy: yOf(s.amount, max), r: s.short ? 4 : 2.5 });
    const hit = svg("rect", { class: "hit", x: xOf(s.day) - 8, y: 0, width: 16, height: H, fill: "transparent" });
    hit.addEventListener("click", () => {
      caption.textContent = s.text;
    });
    chart.append(dot, hit);
  });
  return chartFrame(caption, chart, [balance.text, "0"], [t("runway-today"), `+${Math.round(lastDay)}`]);
}

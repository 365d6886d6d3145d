// The usage chart of a subscription: one bar per day of the last 30, a scale (the top line is the
// busiest day, named at the side; the bottom is zero), the first and last day below, and above it
// the value of the day tapped (the latest day with a reading at first): a phone has no hover.

import { t } from "./api.js";
import { el, svg } from "./ui.js";

const W = 300;
const H = 96;
const TOP = 6;

/** True when there is something to draw: a day with traffic (a lone zero reading is not). */
export function hasUsage(days) {
  return days.some((d) => (d.bytes ?? 0) > 0);
}

export function usageChart(days) {
  const max = Math.max(...days.map((d) => d.bytes ?? 0));
  const peak = days.find((d) => d.bytes === max);
  const caption = el("div", "chart-caption");
  const chart = svg("svg", { class: "chart", viewBox: `0 0 ${W} ${H}`, preserveAspectRatio: "none", role: "img" });
  chart.setAttribute("aria-label", `${t("usage-title")}: ${t("usage-peak")} ${peak?.text ?? ""}`);
  chart.append(
    svg("line", { class: "grid", x1: 0, x2: W, y1: TOP, y2: TOP }),
    svg("line", { class: "grid", x1: 0, x2: W, y1: H - 0.5, y2: H - 0.5 }),
  );
  const step = W / days.length;
  const bars = days.map((d, i) => {
    const h = d.bytes === null ? 2 : Math.max(d.bytes > 0 ? 3 : 1, (d.bytes / max) * (H - TOP));
    const kind = d.bytes === null ? "none" : d.bytes === 0 ? "day zero" : "day";
    const bar = svg("rect", {
      class: kind,
      x: i * step + 1,
      y: H - h,
      width: Math.max(1, step - 2),
      height: h,
    });
    // A wide, invisible target per day: a thin bar is hard to hit with a finger.
    const hit = svg("rect", { x: i * step, y: 0, width: step, height: H, fill: "transparent" });
    hit.addEventListener("click", () => select(i));
    chart.append(bar, hit);
    return bar;
  });
  const select = (i) => {
    const day = days[i];
    bars.forEach((b, j) => b.classList.toggle("selected", j === i));
    caption.textContent = day.text === null ? `${day.label}: ${t("usage-no-reading")}` : `${day.label}: ${day.text}`;
  };
  let latest = days.length - 1;
  while (latest > 0 && days[latest].bytes === null) latest--;
  select(latest);
  return chartFrame(caption, chart, [peak?.text ?? "", "0"], [days[0]?.label, days.at(-1)?.label]);
}

/**
 * A chart in its box: the caption above (what was tapped), the scale's top and bottom named at the
 * side, the first and last day below. The runway page's charts (runway-chart.js) share it.
 */
export function chartFrame(caption, chart, [top, bottom], [first, last]) {
  const area = el("div", "chart-area", [
    chart,
    el("span", "chart-scale top", top),
    el("span", "chart-scale bottom", bottom),
  ]);
  const axis = el("div", "chart-axis", [el("span", "", first), el("span", "", last)]);
  return el("div", "chart-box", [caption, area, axis]);
}

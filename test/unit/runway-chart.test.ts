import { describe, expect, it } from "vitest";
import { BUDGET_BAR, runwayChart } from "../../src/render/runway-chart.js";

const GB = 1024 ** 3;

describe("the runway's text chart", () => {
  it("draws the budget as ▄, quarters below and above it, twice it as █, and a dot for a day with no figure", () => {
    const days = [
      { date: "2031-01-01", bytes: 0 },
      { date: "2031-01-02", bytes: 2.5 * GB },
      { date: "2031-01-03", bytes: 10 * GB },
      { date: "2031-01-04", bytes: 12.5 * GB },
      { date: "2031-01-06", bytes: 40 * GB },
    ];
    expect(BUDGET_BAR).toBe("▄");
    expect(runwayChart(days, 10 * GB, "2031-01-06", 6)).toBe("▁▁▄▅·█");
  });

  it("shows the last `count` days ending on the given date, oldest first", () => {
    const days = [{ date: "2031-01-01", bytes: 5 * GB }];
    expect(runwayChart(days, 10 * GB, "2031-01-03", 3)).toBe("▂··");
    expect(runwayChart(days, 10 * GB, "2031-01-03")).toHaveLength(14);
  });
});

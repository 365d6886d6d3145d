import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { BASE_ENV, configErrorOf as errorOf } from "../helpers/config-env.js";

const base = BASE_ENV;

describe("WEBAPP_URL and WEBAPP_INIT_DATA_MAX_AGE", () => {
  it("are off and five minutes by default; sessions and budgets have the documented defaults", () => {
    const c = parseConfig(base);
    expect(c.webappUrl).toBeUndefined();
    expect(c.webappInitDataMaxAge).toBe(300);
    expect(c.webappGuard).toEqual({
      sessionSeconds: 900,
      perUser: 20,
      ordersPerUser: 6,
      perAddress: 60,
      trustProxy: 0,
    });
  });

  it("take sessions, budgets and trusted proxies, and name a bad one", () => {
    const c = parseConfig({
      ...base,
      WEBAPP_SESSION_SECONDS: "600",
      WEBAPP_RATE_LIMIT: "10",
      WEBAPP_ORDER_RATE_LIMIT: "3",
      WEBAPP_ADDRESS_RATE_LIMIT: "200",
      WEBAPP_TRUST_PROXY: "1",
    });
    expect(c.webappGuard).toEqual({
      sessionSeconds: 600,
      perUser: 10,
      ordersPerUser: 3,
      perAddress: 200,
      trustProxy: 1,
    });
    // Never looser than the chat's 20 updates per 10 s.
    expect(errorOf({ ...base, WEBAPP_RATE_LIMIT: "21" })).toBe("WEBAPP_RATE_LIMIT must be at most 20");
    expect(errorOf({ ...base, WEBAPP_TRUST_PROXY: "yes" })).toBe(
      "WEBAPP_TRUST_PROXY must be the number of proxies in front of the bot (0 to 5)",
    );
    expect(errorOf({ ...base, WEBAPP_SESSION_SECONDS: "10" })).toBe(
      "WEBAPP_SESSION_SECONDS must be at least 60 seconds",
    );
  });

  it("take an https base (trailing slashes dropped) and a number of seconds", () => {
    const c = parseConfig({ ...base, WEBAPP_URL: "https://bot.example/", WEBAPP_INIT_DATA_MAX_AGE: "600" });
    expect(c.webappUrl).toBe("https://bot.example");
    expect(c.webappInitDataMaxAge).toBe(600);
  });

  it("name a malformed value on one line", () => {
    expect(errorOf({ ...base, WEBAPP_URL: "http://bot.example" })).toBe("WEBAPP_URL must be an absolute URL");
    expect(errorOf({ ...base, WEBAPP_URL: "https://bot.example/?x=1" })).toBe(
      "WEBAPP_URL must be an https base URL without ? or #",
    );
    expect(errorOf({ ...base, WEBAPP_INIT_DATA_MAX_AGE: "5" })).toBe(
      "WEBAPP_INIT_DATA_MAX_AGE must be at least 60 seconds",
    );
  });

  it("keep the webhook off the cabinet's paths", () => {
    const webhook = { ...base, BOT_MODE: "webhook", WEBHOOK_SECRET: "s" };
    expect(errorOf({ ...webhook, WEBHOOK_URL: "https://bot.example/app/hook" })).toMatch(
      /^WEBHOOK_URL needs a path of its own/,
    );
  });
});

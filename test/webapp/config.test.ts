import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { BASE_ENV, configErrorOf as errorOf } from "../helpers/config-env.js";

const base = BASE_ENV;

describe("WEBAPP_URL and WEBAPP_INIT_DATA_MAX_AGE", () => {
  it("are off and an hour by default", () => {
    const c = parseConfig(base);
    expect(c.webappUrl).toBeUndefined();
    expect(c.webappInitDataMaxAge).toBe(3600);
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

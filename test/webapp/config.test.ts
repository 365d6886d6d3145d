import { describe, expect, it } from "vitest";
import { ConfigError, parseConfig } from "../../src/config.js";

const base = {
  BOT_TOKEN: "123456:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA",
  ADMIN_IDS: "42",
  SECRET_KEY: Buffer.alloc(32, 7).toString("base64"),
  ACCOUNT_API_URL: "https://hosting.example/",
};

function errorOf(env: Record<string, string | undefined>): string {
  try {
    parseConfig(env);
  } catch (err) {
    expect(err).toBeInstanceOf(ConfigError);
    return (err as Error).message;
  }
  throw new Error("expected a ConfigError");
}

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

import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { BASE_ENV, configErrorOf as errorOf } from "../helpers/config-env.js";

const base = { ...BASE_ENV, ADMIN_IDS: "42, 43" };

describe("parseConfig", () => {
  it("reads a minimal environment with defaults", () => {
    const c = parseConfig(base);
    expect(c.adminIds).toEqual([42, 43]);
    expect(c.secretKey).toHaveLength(32);
    expect(c.account).toEqual({ url: "https://hosting.example", apiKey: undefined });
    expect(c.botApiRoot).toBe("https://api.telegram.org");
    expect(c.redisUrl).toBe("redis://127.0.0.1:6379");
    expect(c.delivery).toEqual({ mode: "polling" });
    expect(c.http).toEqual({ host: "127.0.0.1", port: 8080 });
    expect(c.defaultLocale).toBe("en");
    expect(c.catalogFile).toBe("catalog.yaml");
    expect(c.panel).toBeUndefined();
    expect(c.node).toBeUndefined();
    expect(c.role).toBe("all");
  });

  it("names a missing required variable in one line", () => {
    const message = errorOf({ ...base, BOT_TOKEN: undefined });
    expect(message).toMatch(/^BOT_TOKEN is required/);
    expect(message).not.toContain("\n");
    expect(errorOf({ ...base, ADMIN_IDS: "" })).toMatch(/^ADMIN_IDS is required/);
    expect(errorOf({ ...base, SECRET_KEY: undefined })).toMatch(/^SECRET_KEY/);
    expect(errorOf({ ...base, ACCOUNT_API_URL: undefined })).toMatch(/^ACCOUNT_API_URL/);
  });

  it("names a malformed variable and the problem", () => {
    expect(errorOf({ ...base, BOT_TOKEN: "nope" })).toMatch(/^BOT_TOKEN does not look like a bot token/);
    expect(errorOf({ ...base, ADMIN_IDS: "42,abc" })).toBe('ADMIN_IDS "abc" is not a Telegram user id');
    expect(errorOf({ ...base, SECRET_KEY: Buffer.alloc(16).toString("base64") })).toMatch(
      /^SECRET_KEY must be 32 bytes/,
    );
    expect(errorOf({ ...base, ACCOUNT_API_URL: "hosting" })).toMatch(
      /^ACCOUNT_API_URL must be an absolute URL/,
    );
    expect(errorOf({ ...base, HTTP_PORT: "99999" })).toMatch(/^HTTP_PORT must be a port number/);
    expect(errorOf({ ...base, BOT_MODE: "push" })).toBe("BOT_MODE must be polling or webhook");
    expect(errorOf({ ...base, DEFAULT_LOCALE: "de" })).toBe("DEFAULT_LOCALE must be en, ru, uk or fa");
    expect(errorOf({ ...base, LOG_LEVEL: "loud" })).toMatch(/^LOG_LEVEL must be one of/);
    expect(errorOf({ ...base, NODE_API_CERT_SHA256: "abc" })).toMatch(
      /^NODE_API_CERT_SHA256 must be a SHA-256/,
    );
    expect(errorOf({ ...base, REDIS_URL: "http://x" })).toMatch(/^REDIS_URL/);
  });

  it("requires URL and token together for the panel and the node", () => {
    expect(errorOf({ ...base, PANEL_API_URL: "https://panel.example" })).toBe(
      "PANEL_API_TOKEN is required when PANEL_API_URL is set",
    );
    expect(errorOf({ ...base, NODE_API_TOKEN: "t" })).toBe(
      "NODE_API_URL is required when NODE_API_TOKEN is set",
    );
    const c = parseConfig({
      ...base,
      PANEL_API_URL: "https://panel.example",
      PANEL_API_TOKEN: "p",
      NODE_API_URL: "https://node.example:8443",
      NODE_API_TOKEN: "n",
      NODE_API_CERT_SHA256: `${"ab:".repeat(31)}ab`,
    });
    expect(c.panel).toEqual({ url: "https://panel.example", token: "p" });
    expect(c.node?.certSha256).toBe("AB".repeat(32));
  });

  it("webhook mode needs a URL with a path and a secret", () => {
    expect(errorOf({ ...base, BOT_MODE: "webhook" })).toBe("WEBHOOK_URL is required when BOT_MODE=webhook");
    expect(errorOf({ ...base, BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example/hook" })).toBe(
      "WEBHOOK_SECRET is required when BOT_MODE=webhook",
    );
    expect(
      errorOf({ ...base, BOT_MODE: "webhook", WEBHOOK_URL: "https://bot.example", WEBHOOK_SECRET: "s" }),
    ).toMatch(/^WEBHOOK_URL needs a path/);
    const c = parseConfig({
      ...base,
      BOT_MODE: "webhook",
      WEBHOOK_URL: "https://bot.example/telegram/3f9a",
      WEBHOOK_SECRET: "s3cret",
    });
    expect(c.delivery).toEqual({
      mode: "webhook",
      url: "https://bot.example/telegram/3f9a",
      path: "/telegram/3f9a",
      secret: "s3cret",
    });
  });

  it("reads SUPPORT_CONTACT as a @username or an https URL, and names a malformed one", () => {
    expect(parseConfig(base).supportContact).toBeUndefined();
    expect(parseConfig({ ...base, SUPPORT_CONTACT: " @shop_help " }).supportContact).toBe("@shop_help");
    expect(parseConfig({ ...base, SUPPORT_CONTACT: "https://t.me/shop_help" }).supportContact).toBe(
      "https://t.me/shop_help",
    );
    const bad = ["shop_help", "@ab", "@with space", "http://t.me/x", "mailto:a@b.c", "@bad-dash"];
    for (const value of [...bad, "https://x.example/?a=1&b=<2>"]) {
      expect(errorOf({ ...base, SUPPORT_CONTACT: value })).toBe(
        "SUPPORT_CONTACT must be a Telegram @username (5-32 letters, digits, _) or an https:// URL without <, >, & or quotes",
      );
    }
  });

  it("reads SHOP_TIME_ZONE as an IANA zone (UTC by default, canonical spelling), and names an unknown one", () => {
    expect(parseConfig(base).shopTimeZone).toBe("UTC");
    expect(parseConfig({ ...base, SHOP_TIME_ZONE: "Europe/Moscow" }).shopTimeZone).toBe("Europe/Moscow");
    expect(parseConfig({ ...base, SHOP_TIME_ZONE: "europe/berlin" }).shopTimeZone).toBe("Europe/Berlin");
    for (const value of ["Mars/Base", "GMT+25", "Moscow time"]) {
      expect(errorOf({ ...base, SHOP_TIME_ZONE: value })).toBe(
        "SHOP_TIME_ZONE must be an IANA time zone name, e.g. Europe/Berlin or UTC",
      );
    }
  });

  it("treats blank values as unset", () => {
    expect(parseConfig({ ...base, ACCOUNT_API_KEY: "  ", PANEL_API_URL: "" }).account.apiKey).toBeUndefined();
  });
});

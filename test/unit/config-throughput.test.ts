import { describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { BASE_ENV, configErrorOf as errorOf } from "../helpers/config-env.js";

describe("ORDER_CONCURRENCY and TELEGRAM_SEND_LIMIT", () => {
  it("default to 32 orders at once and 29 messages a second", () => {
    expect(parseConfig(BASE_ENV).throughput).toEqual({ orderConcurrency: 32, telegramSendLimit: 29 });
  });

  it("are read as whole numbers (a small VPS, a bot whose limit Telegram raised)", () => {
    const c = parseConfig({ ...BASE_ENV, ORDER_CONCURRENCY: "4", TELEGRAM_SEND_LIMIT: " 1000 " });
    expect(c.throughput).toEqual({ orderConcurrency: 4, telegramSendLimit: 1000 });
  });

  it("refuse what is out of range or not a number, naming the setting", () => {
    expect(errorOf({ ...BASE_ENV, ORDER_CONCURRENCY: "0" })).toMatch(/^ORDER_CONCURRENCY must be at least 1/);
    expect(errorOf({ ...BASE_ENV, ORDER_CONCURRENCY: "2.5" })).toMatch(/^ORDER_CONCURRENCY must be a whole/);
    expect(errorOf({ ...BASE_ENV, TELEGRAM_SEND_LIMIT: "1001" })).toMatch(
      /^TELEGRAM_SEND_LIMIT must be at most 1000/,
    );
    expect(errorOf({ ...BASE_ENV, TELEGRAM_SEND_LIMIT: "lots" })).toMatch(
      /^TELEGRAM_SEND_LIMIT must be a number/,
    );
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { cryptoPayRail, cryptoPaySettings } from "../../src/rails/cryptopay/index.js";
import { RAIL_MODULES, RailConfigError } from "../../src/rails/index.js";
import { FakeCryptoPay } from "../fakes/cryptopay-api.js";
import { BASE_ENV, configErrorOf } from "../helpers/config-env.js";

/** CRYPTOPAY_TOKEN and CRYPTOPAY_API_URL: read by the rail's own shape, on through config.rails. */

const fake = new FakeCryptoPay();

beforeAll(async () => {
  await fake.start();
});

afterAll(async () => {
  await fake.stop();
});

describe("the cryptopay rail module", () => {
  it("is registered", () => {
    expect(RAIL_MODULES).toContain(cryptoPayRail);
    expect(cryptoPayRail.id).toBe("cryptopay");
  });

  it("is off without a token", () => {
    expect(cryptoPayRail.configure({})).toBeUndefined();
    expect(cryptoPayRail.configure({ CRYPTOPAY_TOKEN: "" })).toBeUndefined();
    expect(parseConfig(BASE_ENV).rails).toEqual([]);
    expect(parseConfig({ ...BASE_ENV, CRYPTOPAY_TOKEN: "   " }).rails).toEqual([]);
  });

  it("with a token, is CryptoBot, keeps the token secret, and defaults to the main API", () => {
    const configured = cryptoPayRail.configure({ CRYPTOPAY_TOKEN: "20417:AAsecret" });
    expect(configured?.id).toBe("cryptopay");
    expect(configured?.secrets).toEqual(["20417:AAsecret"]);
    expect(configured?.build().name).toBe("CryptoBot");
    expect(cryptoPaySettings({ CRYPTOPAY_TOKEN: "20417:AAsecret" })).toEqual({
      token: "20417:AAsecret",
      apiUrl: "https://pay.crypt.bot/api",
    });
  });

  it("reaches config.rails from the environment: the token and the API URL the rail calls", async () => {
    const config = parseConfig({
      ...BASE_ENV,
      CRYPTOPAY_TOKEN: fake.token,
      CRYPTOPAY_API_URL: `${fake.apiUrl}/`,
    });
    expect(config.rails?.map((r) => r.id)).toEqual(["cryptopay"]);
    const rail = config.rails![0]!.build();
    expect(await rail.probe()).toBe(true);
    const asked = fake.seen.at(-1)!;
    expect(asked.path).toBe("/api/getMe"); // the trailing slash is dropped, not doubled
    expect(asked.headers["crypto-pay-api-token"]).toBe(fake.token);
  });

  it("refuses an API URL that is not an absolute http(s) URL, naming the variable", () => {
    for (const url of ["pay.crypt.bot/api", "ftp://pay.crypt.bot/api", "/api"]) {
      expect(configErrorOf({ ...BASE_ENV, CRYPTOPAY_TOKEN: "t", CRYPTOPAY_API_URL: url }), url).toBe(
        "CRYPTOPAY_API_URL must be an absolute URL",
      );
    }
    expect(() => cryptoPayRail.configure({ CRYPTOPAY_TOKEN: "t", CRYPTOPAY_API_URL: "nope" })).toThrow(
      new RailConfigError("CRYPTOPAY_API_URL must be an absolute URL"),
    );
  });

  it("refuses an API URL set without a token, and a bad one even then", () => {
    expect(configErrorOf({ ...BASE_ENV, CRYPTOPAY_API_URL: fake.apiUrl })).toBe(
      "CRYPTOPAY_TOKEN is required when CRYPTOPAY_API_URL is set",
    );
    expect(configErrorOf({ ...BASE_ENV, CRYPTOPAY_API_URL: "nope" })).toBe(
      "CRYPTOPAY_API_URL must be an absolute URL",
    );
  });
});

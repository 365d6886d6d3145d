import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { z } from "zod";
import { parseConfig } from "../../src/config.js";
import { yooKassaRail } from "../../src/rails/yookassa/index.js";
import { FakeYooKassa } from "../fakes/yookassa-api.js";
import { BASE_ENV, configErrorOf } from "../helpers/config-env.js";

const SHOP_ID = "100500";
const SECRET = "test_fake_secret_key_0123456789";
const withYooKassa = (vars: Record<string, string | undefined>) => ({ ...BASE_ENV, ...vars });

describe("YooKassa settings (YOOKASSA_*)", () => {
  let fake: FakeYooKassa;
  beforeEach(async () => {
    fake = await new FakeYooKassa(SHOP_ID, SECRET).start();
  });
  afterEach(() => fake.stop());

  it("is not offered when neither the shop id nor the key is set", () => {
    expect(parseConfig(BASE_ENV).rails?.map((r) => r.id) ?? []).not.toContain("yookassa");
    expect(parseConfig(withYooKassa({ YOOKASSA_SHOP_ID: " ", YOOKASSA_SECRET_KEY: "" })).rails ?? []).toEqual(
      [],
    );
  });

  it("is offered with both, keeps the key (and the Basic credentials) out of logs, and talks to the URL set", async () => {
    const config = parseConfig(
      withYooKassa({
        YOOKASSA_SHOP_ID: SHOP_ID,
        YOOKASSA_SECRET_KEY: SECRET,
        YOOKASSA_API_URL: `${fake.url}/v3/`,
      }),
    );
    const configured = config.rails?.find((r) => r.id === "yookassa");
    expect(configured?.secrets).toEqual([SECRET, Buffer.from(`${SHOP_ID}:${SECRET}`).toString("base64")]);
    const rail = configured?.build({ timeoutMs: 2_000 });
    expect(rail?.name).toBe("YooKassa");
    expect(await rail?.probe()).toBe(true);
    expect(fake.count("GET", "/v3/me")).toBe(1);
  });

  it("defaults the API URL to YooKassa's v3 base", () => {
    expect(z.object(yooKassaRail.env).parse({})).toEqual({ YOOKASSA_API_URL: "https://api.yookassa.ru/v3" });
  });

  it("names the missing half of the credentials", () => {
    expect(configErrorOf(withYooKassa({ YOOKASSA_SHOP_ID: SHOP_ID }))).toBe(
      "YOOKASSA_SECRET_KEY is required when YOOKASSA_SHOP_ID is set",
    );
    expect(configErrorOf(withYooKassa({ YOOKASSA_SECRET_KEY: SECRET }))).toBe(
      "YOOKASSA_SHOP_ID is required when YOOKASSA_SECRET_KEY is set",
    );
  });

  it("refuses an API URL that is not an absolute http(s) URL", () => {
    const both = { YOOKASSA_SHOP_ID: SHOP_ID, YOOKASSA_SECRET_KEY: SECRET };
    expect(configErrorOf(withYooKassa({ ...both, YOOKASSA_API_URL: "api.yookassa.ru/v3" }))).toBe(
      "YOOKASSA_API_URL must be an absolute URL",
    );
    expect(configErrorOf(withYooKassa({ ...both, YOOKASSA_API_URL: "ftp://api.yookassa.ru/v3" }))).toBe(
      "YOOKASSA_API_URL must be an absolute URL",
    );
  });
});

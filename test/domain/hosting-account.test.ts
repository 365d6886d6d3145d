import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { AccountKeyStore, HostingAccount } from "../../src/domain/fleet/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { isHostingError } from "../../src/hosting/errors.js";
import { ManualClock } from "../../src/runtime/clock.js";
import { createLogger } from "../../src/runtime/logger.js";
import { SecretBox } from "../../src/store/secret-box.js";
import { FakeAccountApi, MAX_ACTIVE_KEYS } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { FAST_HTTP } from "../helpers/fake-hosting.js";
import { testRedis } from "../helpers/redis.js";

const ADMIN = 7100;
const fake = new FakeAccountApi();
const clock = new ManualClock(1_700_000_000_000);
const box = new SecretBox(Buffer.alloc(32, 3));
let redis: Redis;
let keys: AccountKeyStore;
let hosting: HostingAccount;

beforeAll(async () => {
  await fake.start();
  redis = await testRedis();
  fake.addAccount({ login: "shop", password: "s3cret", username: "shopowner", balance: 250 });
  fake.addAccount({ login: "guarded", password: "totp-pass", totpCode: "246810" });
  fake.addAccount({ login: "mailer", password: "mail-pass", email2fa: true });
  fake.addAccount({ login: "crowded", password: "pw" });
  keys = new AccountKeyStore(redis, box, undefined);
  hosting = build(keys);
});
afterAll(async () => {
  await redis.quit();
  await fake.stop();
});
beforeEach(async () => {
  await keys.clear();
});

function build(store: AccountKeyStore): HostingAccount {
  const account = new AccountApi({ baseUrl: fake.url, apiKey: () => store.get(), retry: FAST_HTTP });
  return new HostingAccount({ hosting: { account }, keys: store, clock, logger: createLogger("silent") });
}

function liveKeys(login: string): string[] {
  return [...fake.keys.values()].filter((k) => k.login === login && !k.revoked).map((k) => k.key);
}

describe("login with password", () => {
  it("issues a key, stores it sealed and reads the account through it", async () => {
    expect((await hosting.keyInfo()).source).toBe("none");
    const outcome = await hosting.login({ adminId: ADMIN, login: "shop", password: "s3cret" });
    expect(outcome).toMatchObject({ kind: "linked", prefix: expect.stringMatching(/^hs_.*…$/) });
    const [key] = liveKeys("shop");
    expect(await keys.get()).toBe(key);
    expect(await hosting.keyInfo()).toMatchObject({
      source: "linked",
      linkedBy: ADMIN,
      linkedAt: clock.now(),
    });
    expect(JSON.stringify(await redis.hgetall("hosting:account-key"))).not.toContain(key);
    expect(await hosting.account()).toMatchObject({ username: "shopowner", balance: 250 });
  });

  it("asks for the TOTP code, tells a wrong one apart and links with the right one", async () => {
    const input = { adminId: ADMIN, login: "guarded", password: "totp-pass" };
    expect(await hosting.login(input)).toEqual({ kind: "need-code" });
    expect(await hosting.login({ ...input, code: "111111" })).toEqual({ kind: "wrong-code" });
    expect(await keys.get()).toBeUndefined();
    expect((await hosting.login({ ...input, code: "246810" })).kind).toBe("linked");
    expect(await keys.get()).toBe(liveKeys("guarded")[0]);
  });

  it("names what went wrong and saves nothing", async () => {
    expect(await hosting.login({ adminId: ADMIN, login: "shop", password: "nope" })).toEqual({
      kind: "wrong-credentials",
    });
    expect(await hosting.login({ adminId: ADMIN, login: "mailer", password: "mail-pass" })).toEqual({
      kind: "cabinet-key",
    });
    for (let i = liveKeys("crowded").length; i < MAX_ACTIVE_KEYS; i++) fake.addKey("crowded");
    expect(await hosting.login({ adminId: ADMIN, login: "crowded", password: "pw" })).toEqual({
      kind: "key-limit",
    });
    fake.failNext("POST", "/api/v1/auth/token", fail(500, "token service down"));
    const failed = await hosting.login({ adminId: ADMIN, login: "shop", password: "s3cret" });
    expect(failed.kind).toBe("failed");
    if (failed.kind === "failed") expect(isHostingError(failed.error, "internal")).toBe(true);
    expect(await keys.get()).toBeUndefined();
  });
});

describe("a pasted key", () => {
  it("is checked with a real call before it is saved", async () => {
    expect(await hosting.pasteKey(ADMIN, "hs_notarealkey123456")).toEqual({ kind: "invalid" });
    expect(await keys.get()).toBeUndefined();
    const key = fake.addKey("shop", "cabinet");
    const outcome = await hosting.pasteKey(ADMIN, key);
    expect(outcome).toMatchObject({ kind: "linked", prefix: expect.stringMatching(/^hs_.*…$/) });
    expect(await keys.get()).toBe(key);
  });

  it("is not saved when the service cannot say (5xx)", async () => {
    const key = fake.addKey("shop");
    fake.failNext("GET", "/api/v1/account", fail(500, "account backend down"));
    const outcome = await hosting.pasteKey(ADMIN, key);
    expect(outcome.kind).toBe("failed");
    expect(await keys.get()).toBeUndefined();
  });
});

describe("unlinking", () => {
  it("forgets a linked key", async () => {
    await keys.save(fake.addKey("shop"), ADMIN, 0);
    expect(hosting.fixed).toBe(false);
    expect(await hosting.unlink(ADMIN)).toBe(true);
    expect(await keys.get()).toBeUndefined();
    expect((await hosting.keyInfo()).source).toBe("none");
  });

  it("leaves a key from ACCOUNT_API_KEY alone", async () => {
    const envKey = fake.addKey("shop");
    const fixed = build(new AccountKeyStore(redis, box, envKey));
    expect(fixed.fixed).toBe(true);
    expect(await fixed.unlink(ADMIN)).toBe(false);
    expect(await fixed.keyInfo()).toMatchObject({ source: "env" });
    expect((await fixed.account()).username).toBe("shopowner");
  });
});

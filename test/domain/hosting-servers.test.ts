import type { Redis } from "ioredis";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ShopSettings } from "../../src/domain/catalog/index.js";
import { HostingServers, recordExtendPrice } from "../../src/domain/fleet/index.js";
import { AccountApi } from "../../src/hosting/account/index.js";
import { HostingApiError, isHostingError } from "../../src/hosting/errors.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { fail } from "../fakes/http-fake.js";
import { FAST_HTTP } from "../helpers/fake-hosting.js";
import { testRedis } from "../helpers/redis.js";

const fake = new FakeAccountApi();
let redis: Redis;
let servers: HostingServers;
let n = 0;

beforeAll(async () => {
  await fake.start();
  redis = await testRedis();
});
afterAll(async () => {
  await redis.quit();
  await fake.stop();
});
beforeEach(async () => {
  // A fresh account per test, so the list holds only what the test added.
  n += 1;
  fake.addAccount({ login: `fleet${n}`, password: "pw", balance: 500 });
  const key = fake.addKey(`fleet${n}`);
  const account = new AccountApi({ baseUrl: fake.url, apiKey: () => key, retry: FAST_HTTP });
  servers = new HostingServers({ hosting: { account }, redis });
  await redis.del("settings:shop", "watch:price:server", "watch:price:tariff", "servers:core-version");
});

const login = () => `fleet${n}`;

describe("the list and the card", () => {
  it("lists the account's servers and reads one with its live stats", async () => {
    const a = fake.addServer(login(), { name: "alpha", type: "xui" });
    const b = fake.addServer(login(), { name: "beta", type: "remnanode", state: "offline" });
    expect((await servers.list()).map((s) => s.name)).toEqual(["alpha", "beta"]);

    const card = await servers.card(b.id);
    expect(card.server).toMatchObject({ id: b.id, name: "beta", kind: "remnanode" });
    expect(card.live).toMatchObject({ ok: true, stats: { state: "offline" } });
    expect((await servers.get(a.id)).kind).toBe("xui");
  });

  it("still gives the card when the stats fail, with why", async () => {
    const s = fake.addServer(login(), { name: "no-stats" });
    fake.failNext("GET", `/api/v1/servers/${s.id}/stats`, fail(500, "stats backend exploded"));
    const card = await servers.card(s.id);
    expect(card.server.name).toBe("no-stats");
    expect(card.live.ok).toBe(false);
    if (!card.live.ok) expect(isHostingError(card.live.error, "internal")).toBe(true);
  });

  it("throws when the server itself cannot be read (another account's)", async () => {
    fake.addAccount({ login: `other${n}`, password: "pw" });
    const foreign = fake.addServer(`other${n}`, { name: "not-ours" });
    await expect(servers.card(foreign.id)).rejects.toSatisfy((err) => isHostingError(err, "not_found"));
  });
});

describe("actions", () => {
  it("power answers the state after the action", async () => {
    const s = fake.addServer(login(), { state: "running" });
    expect((await servers.power(s.id, "stop")).state).toBe("offline");
    expect(fake.servers.get(s.id)?.state).toBe("offline");
  });

  it("config and regenerate answer per kind", async () => {
    const x = fake.addServer(login(), { type: "xui", inboundId: 7 });
    const r = fake.addServer(login(), { type: "remnanode" });
    expect((await servers.config(x.id)).kind).toBe("xui");
    expect((await servers.config(r.id)).kind).toBe("remnanode");
    expect(await servers.regenerate(x.id)).toMatchObject({ kind: "xui" });
    expect(await servers.regenerate(r.id)).toMatchObject({ kind: "remnanode" });
  });
});

describe("the extension quote", () => {
  it("names the server, the balance and the price: learned, else the Settings hint, else unknown", async () => {
    const s = fake.addServer(login(), { tariffId: "lte-m" });
    let quote = await servers.extendQuote(s.id);
    expect(quote.server.id).toBe(s.id);
    expect(quote.balance).toBe(500);
    expect(quote.price).toEqual({ kind: "unknown" });

    await new ShopSettings(redis).setExtendCostHint(90);
    expect((await servers.extendQuote(s.id)).price).toEqual({ kind: "hint", amount: 90 });

    await recordExtendPrice(redis, quote.server, 120, Date.UTC(2026, 0, 1));
    quote = await servers.extendQuote(s.id);
    expect(quote.price).toEqual({ kind: "learned", amount: 120 });
  });

  it("a price learned on the tariff applies to another server of it", async () => {
    const first = fake.addServer(login(), { tariffId: "lte-xl" });
    const second = fake.addServer(login(), { tariffId: "lte-xl" });
    await recordExtendPrice(redis, await servers.get(first.id), 300, Date.UTC(2026, 0, 2));
    expect(await servers.extendPrice(await servers.get(second.id))).toEqual({ kind: "learned", amount: 300 });
  });

  it("throws when the balance cannot be read", async () => {
    const s = fake.addServer(login());
    fake.failNext("GET", "/api/v1/account", fail(500, "account backend down"));
    await expect(servers.extendQuote(s.id)).rejects.toBeInstanceOf(HostingApiError);
  });
});

describe("the proxy-core version", () => {
  it("is unknown until the bot installs one, then remembered per server", async () => {
    const s = fake.addServer(login(), { state: "running", corePin: true });
    const other = fake.addServer(login(), { state: "running", corePin: true });
    expect(await servers.coreVersion(s.id)).toBeUndefined();
    expect(await servers.installCore(s.id, "26.7.28")).toBe("26.7.28");
    expect(fake.servers.get(s.id)?.xrayVersion).toBe("26.7.28");
    expect(await servers.coreVersion(s.id)).toBe("26.7.28");
    expect(await servers.coreVersion(other.id)).toBeUndefined();
  });

  it("a refused install remembers nothing", async () => {
    const s = fake.addServer(login(), { state: "offline", corePin: true });
    await expect(servers.installCore(s.id, "26.6.27")).rejects.toMatchObject({ status: 503 });
    expect(await servers.coreVersion(s.id)).toBeUndefined();
  });
});

import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import {
  AccountApi,
  type AccountApiOptions,
  DEFAULT_XRAY_VERSION,
  parseExpirationDate,
  XRAY_VERSIONS,
  type XrayVersion,
} from "../../src/hosting/account/index.js";
import {
  HostingApiError,
  HostingInputError,
  HostingNetworkError,
  HostingSchemaError,
  HostingTimeoutError,
} from "../../src/hosting/errors.js";
import { PARSE_AT_ONCE_BYTES } from "../../src/hosting/read-body.js";
import type { CallObservation } from "../../src/hosting/request.js";
import { inBackground } from "../../src/runtime/background-turn.js";
import { FakeAccountApi, MAX_ACTIVE_KEYS } from "../fakes/account-api.js";
import { fail, HttpFake } from "../fakes/http-fake.js";
import { rejection, rejectionOf } from "../helpers/errors.js";

const DAY_MS = 86_400_000;
const FAST_RETRY = { attempts: 3, baseDelayMs: 5, maxDelayMs: 20 };

const fake = new FakeAccountApi();
let key: string;
let api: AccountApi;

function client(options: Partial<AccountApiOptions> = {}): AccountApi {
  return new AccountApi({ baseUrl: fake.url, apiKey: () => key, retry: FAST_RETRY, ...options });
}

const apiError = (promise: Promise<unknown>) => rejectionOf(promise, HostingApiError);

const alice = () => fake.accounts.get("alice")!;

beforeAll(async () => {
  await fake.start();
  fake.addAccount({ login: "alice", password: "alice-pw", username: "alice_nick", balance: 0 });
  fake.addAccount({ login: "bob", password: "bob-pw" });
  fake.addAccount({ login: "totp", password: "totp-pw", totpCode: "123456" });
  fake.addAccount({ login: "mailer", password: "mailer-pw", email2fa: true });
  key = fake.addKey("alice", "tests");
  api = client();
});

afterAll(async () => {
  await fake.stop();
});

describe("issueToken", () => {
  it("returns a key with the service prefix; the key works; no auth header is sent", async () => {
    const issued = await client().issueToken({ login: "bob", password: "bob-pw", name: "bot" });
    expect(issued.key).toMatch(/^hs_.{10,}$/);
    expect(issued.prefix.startsWith("hs_")).toBe(true);
    expect(issued.key.startsWith(issued.prefix)).toBe(true);
    expect(issued.prefix.length).toBeLessThan(issued.key.length);
    const sent = fake.seen.at(-1)!;
    expect(sent.path).toBe("/api/v1/auth/token");
    expect(sent.headers.authorization).toBeUndefined();
    expect(sent.body).toEqual({ login: "bob", password: "bob-pw", name: "bot" });
    expect(fake.keys.get(issued.key)?.name).toBe("bot");

    const bob = client({ apiKey: () => issued.key });
    const account = await bob.account();
    expect(account.tgid).toBe(fake.accounts.get("bob")!.tgid);
  });

  it("accepts the e-mail as login", async () => {
    const issued = await client().issueToken({ login: "bob@example.test", password: "bob-pw" });
    expect(fake.keys.get(issued.key)?.login).toBe("bob");
  });

  it("wrong password -> 401 unauthorized", async () => {
    const err = await apiError(client().issueToken({ login: "bob", password: "nope" }));
    expect(err.status).toBe(401);
    expect(err.kind).toBe("unauthorized");
    expect(err.detail).toMatch(/Invalid login or password/);
    expect(err.endpoint).toBe("POST /auth/token");
  });

  it("TOTP: right code issues a key, wrong or missing code -> 401", async () => {
    const issued = await client().issueToken({ login: "totp", password: "totp-pw", code: "123456" });
    expect(fake.keys.get(issued.key)?.login).toBe("totp");

    const wrong = await apiError(client().issueToken({ login: "totp", password: "totp-pw", code: "654321" }));
    expect([wrong.status, wrong.kind, wrong.detail]).toEqual([401, "unauthorized", "Invalid TOTP code"]);

    const missing = await apiError(client().issueToken({ login: "totp", password: "totp-pw" }));
    expect([missing.status, missing.kind, missing.detail]).toEqual([
      401,
      "unauthorized",
      "TOTP code required",
    ]);
  });

  it("e-mail/messenger 2FA account -> 403 forbidden", async () => {
    const err = await apiError(client().issueToken({ login: "mailer", password: "mailer-pw" }));
    expect(err.status).toBe(403);
    expect(err.kind).toBe("forbidden");
    expect(err.detail).toMatch(/cabinet/);
  });

  it("a 21st active key -> 400; after a revoke a key can be issued again", async () => {
    fake.addAccount({ login: "many", password: "many-pw" });
    const keys: string[] = [];
    for (let i = 0; i < MAX_ACTIVE_KEYS; i++) {
      keys.push((await client().issueToken({ login: "many", password: "many-pw" })).key);
    }
    expect(new Set(keys).size).toBe(MAX_ACTIVE_KEYS);
    const err = await apiError(client().issueToken({ login: "many", password: "many-pw" }));
    expect([err.status, err.kind]).toEqual([400, "bad_request"]);
    expect(err.detail).toMatch(/20 active/);

    fake.revokeKey(keys[0]!);
    await expect(client().issueToken({ login: "many", password: "many-pw" })).resolves.toMatchObject({
      key: expect.stringMatching(/^hs_/),
    });
  });

  it("is never retried on 503", async () => {
    fake.failNext("POST", "/api/v1/auth/token", fail(503, "busy"));
    const before = fake.count("POST", "/api/v1/auth/token");
    const err = await apiError(client().issueToken({ login: "bob", password: "bob-pw" }));
    expect(err.kind).toBe("unavailable");
    expect(fake.count("POST", "/api/v1/auth/token") - before).toBe(1);
  });
});

describe("authentication", () => {
  it("sends the key as Authorization: Bearer", async () => {
    await api.account();
    const sent = fake.seen.at(-1)!;
    expect(sent.path).toBe("/api/v1/account");
    expect(sent.headers.authorization).toBe(`Bearer ${key}`);
  });

  it("the fake accepts X-API-Key as well and refuses a request without a key", async () => {
    const withHeader = await fetch(`${fake.url}/api/v1/account`, { headers: { "x-api-key": key } });
    expect(withHeader.status).toBe(200);
    expect(await withHeader.json()).toMatchObject({ ok: true, account: { username: "alice_nick" } });
    const without = await fetch(`${fake.url}/api/v1/account`);
    expect(without.status).toBe(401);
  });

  it("reads the key per call (async supplier); a missing key -> 401 and no header", async () => {
    let current: string | undefined;
    const lazy = client({ apiKey: async () => current });
    const err = await apiError(lazy.account());
    expect([err.status, err.kind]).toEqual([401, "unauthorized"]);
    expect(fake.seen.at(-1)!.headers.authorization).toBeUndefined();
    current = key;
    await expect(lazy.account()).resolves.toMatchObject({ username: "alice_nick" });
  });

  it("a revoked key stops working at once -> 401", async () => {
    const temp = fake.addKey("alice");
    const user = client({ apiKey: () => temp });
    await user.account();
    fake.revokeKey(temp);
    const err = await apiError(user.account());
    expect(err.status).toBe(401);
    expect(err.detail).toMatch(/revoked/);
  });
});

describe("account and servers", () => {
  it("account() maps the account to camelCase", async () => {
    fake.addAccount({ login: "acct", password: "x", username: "nick", balance: 12.5, tgid: 777 });
    fake.addServer("acct");
    fake.addServer("acct", { type: "remnanode" });
    const acct = client({ apiKey: () => fake.addKey("acct") });
    expect(await acct.account()).toEqual({ tgid: 777, username: "nick", balance: 12.5, serversTotal: 2 });
  });

  it("servers() lists only the account's servers, typed and with a parsed UTC expiry", async () => {
    fake.addAccount({ login: "lister", password: "x" });
    fake.addAccount({ login: "other", password: "x" });
    const xui = fake.addServer("lister", { name: "Moscow LTE", daysLeft: 10 });
    const remna = fake.addServer("lister", { type: "remnanode", status: "suspended", vpnBsEnabled: false });
    fake.addServer("other");
    const lister = client({ apiKey: () => fake.addKey("lister") });

    const servers = await lister.servers();
    expect(servers.map((s) => s.id)).toEqual([xui.id, remna.id]);
    const [a, b] = servers;
    expect(a).toMatchObject({
      id: xui.id,
      name: "Moscow LTE",
      tariffId: "lte-m",
      tariffName: "LTE M",
      status: "active",
      daysLeft: 10,
      cpu: 2,
      memory: 2048,
      disk: 40,
      vpnBsEnabled: true,
      xuiEnabled: true,
      remnanodeEnabled: false,
      kind: "xui",
    });
    expect(a!.expirationDate).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    expect(a!.expiresAt.getTime()).toBe(Math.floor(xui.expiresAtMs / 1000) * 1000);
    expect(a).not.toHaveProperty("created_at");
    expect(b).toMatchObject({
      kind: "remnanode",
      status: "suspended",
      remnanodeEnabled: true,
      xuiEnabled: false,
    });
  });

  it("server(id) returns the same object; unknown or foreign server -> 404", async () => {
    const s = fake.addServer("alice");
    const one = await api.server(s.id);
    const fromList = (await api.servers()).find((x) => x.id === s.id);
    expect(one).toEqual(fromList);

    const missing = await apiError(api.server(99_999));
    expect([missing.status, missing.kind, missing.detail]).toEqual([404, "not_found", "Server not found"]);
    expect(missing.endpoint).toBe("GET /servers/{id}");
    expect(missing.api).toBe("account");

    const foreign = fake.addServer("bob");
    expect((await apiError(api.server(foreign.id))).status).toBe(404);
  });

  it("parseExpirationDate reads UTC and refuses impossible dates", () => {
    expect(parseExpirationDate("2026-03-01 12:34:56")?.toISOString()).toBe("2026-03-01T12:34:56.000Z");
    expect(parseExpirationDate("2026-13-01 00:00:00")).toBeUndefined();
    expect(parseExpirationDate("2026-02-30 00:00:00")).toBeUndefined();
    expect(parseExpirationDate("2026-03-01T12:34:56Z")).toBeUndefined();
  });
});

describe("config and regenerate", () => {
  it("xui config: panel data camelCased", async () => {
    const s = fake.addServer("alice");
    const config = await api.config(s.id);
    expect(config).toEqual({
      kind: "xui",
      manualClient: false,
      panelUrl: `https://panel-${s.id}.example.test:2053`,
      username: `admin${s.id}`,
      password: expect.stringMatching(/^pw-/),
      webPath: `/panel-${s.id}/`,
      nodeAddress: `node-${s.id}.example.test`,
    });
  });

  it("remnanode config: the profile without `ok`, inbounds with empty clients", async () => {
    const s = fake.addServer("alice", { type: "remnanode" });
    const config = await api.config(s.id);
    if (config.kind !== "remnanode") throw new Error(`expected remnanode, got ${config.kind}`);
    expect(Object.keys(config.profile).sort()).toEqual(["inbounds", "log", "outbounds"]);
    const inbounds = config.profile.inbounds as { settings: { clients: unknown[] } }[];
    expect(inbounds[0]!.settings.clients).toEqual([]);
  });

  it("402 when LTE access is not bought", async () => {
    const s = fake.addServer("alice", { lteBought: false });
    const err = await apiError(api.config(s.id));
    expect([err.status, err.kind]).toEqual([402, "lte_required"]);
    expect(err.detail).toMatch(/LTE/);
  });

  it("403 when the account has no e-mail or nickname linked", async () => {
    fake.addAccount({ login: "nomail", password: "x", email: undefined });
    fake.addAccount({ login: "nonick", password: "x", username: "" });
    for (const login of ["nomail", "nonick"]) {
      const s = fake.addServer(login);
      const err = await apiError(client({ apiKey: () => fake.addKey(login) }).config(s.id));
      expect([err.status, err.kind]).toEqual([403, "forbidden"]);
      expect(err.detail).toMatch(/e-mail and a nickname/);
    }
  });

  it("an xui answer with a field missing is a schema error, not a remnanode profile", async () => {
    const s = fake.addServer("alice");
    fake.failNext("GET", `/api/v1/servers/${s.id}/config`, {
      status: 200,
      body: {
        ok: true,
        manual_client: false,
        panel_url: "https://p",
        username: "u",
        web_path: "/",
        node_address: "n",
      },
    });
    const err = await rejection(api.config(s.id));
    expect(err).toBeInstanceOf(HostingSchemaError);
    expect((err as HostingSchemaError).issues).toMatch(/password/);
  });

  it("a remnanode regenerate answer without its profile is a schema error", async () => {
    const s = fake.addServer("alice", { type: "remnanode" });
    fake.failNext("POST", `/api/v1/servers/${s.id}/config/regenerate`, {
      status: 200,
      body: { ok: true, regenerated: true, kind: "remnanode" },
    });
    const err = await rejection(api.regenerate(s.id));
    expect(err).toBeInstanceOf(HostingSchemaError);
    expect((err as HostingSchemaError).issues).toMatch(/profile/);
  });

  it("xui regenerate: a new inbound, users of the old one gone", async () => {
    const s = fake.addServer("alice");
    await api.createClient(s.id, { name: "old" });
    const result = await api.regenerate(s.id);
    expect(result).toEqual({ kind: "xui", regenerated: true, inboundId: 2 });
    const list = await api.listClients(s.id);
    expect(list).toEqual({ inboundId: 2, count: 0, clients: [] });
  });

  it("remnanode regenerate: new keys in a new profile", async () => {
    const s = fake.addServer("alice", { type: "remnanode" });
    const keyOf = (profile: Record<string, unknown>) =>
      (profile.inbounds as { streamSettings: { realitySettings: { privateKey: string } } }[])[0]!
        .streamSettings.realitySettings.privateKey;
    const before = await api.config(s.id);
    if (before.kind !== "remnanode") throw new Error("expected remnanode");
    const result = await api.regenerate(s.id);
    if (result.kind !== "remnanode") throw new Error(`expected remnanode, got ${result.kind}`);
    expect(result.regenerated).toBe(true);
    expect(keyOf(result.profile)).not.toBe(keyOf(before.profile));
    expect(keyOf(result.profile)).toBe(fake.serverState(s.id).realityKey);
  });
});

describe("stats and power", () => {
  it("stats are camelCased; power stop/start/restart changes the live state", async () => {
    const s = fake.addServer("alice", { cpuLoad: 33.3, ramLoad: 55, uptime: 7200 });
    expect(await api.stats(s.id)).toEqual({
      state: "running",
      cpuLoad: 33.3,
      ramLoad: 55,
      uptimeSeconds: 7200,
    });

    expect(await api.power(s.id, "stop")).toEqual({ action: "stop", state: "offline" });
    expect(fake.seen.at(-1)!.body).toEqual({ action: "stop" });
    expect(await api.stats(s.id)).toMatchObject({ state: "offline", uptimeSeconds: 0 });

    expect(await api.power(s.id, "start")).toEqual({ action: "start", state: "running" });
    expect((await api.stats(s.id)).state).toBe("running");

    fake.serverState(s.id).uptime = 500;
    expect(await api.power(s.id, "restart")).toEqual({ action: "restart", state: "running" });
    expect((await api.stats(s.id)).uptimeSeconds).toBe(0);
  });

  it("an invalid action is refused before sending", async () => {
    const before = fake.seen.length;
    await expect(api.power(1, "reboot" as "start")).rejects.toBeInstanceOf(HostingInputError);
    expect(fake.seen.length).toBe(before);
  });
});

describe("xrayUpdate", () => {
  it("exports the allowed versions and the default", () => {
    expect(XRAY_VERSIONS).toEqual(["26.6.27", "26.7.28", "26.7.11"]);
    expect(DEFAULT_XRAY_VERSION).toBe("26.6.27");
  });

  it("without a version sends no body and the default is installed", async () => {
    const s = fake.addServer("alice", { xrayVersion: "26.7.11" });
    expect(await api.xrayUpdate(s.id)).toEqual({ version: "26.6.27" });
    const sent = fake.seen.at(-1)!;
    expect(sent.body).toBeUndefined();
    expect(sent.headers["content-type"]).toBeUndefined();
    expect(fake.serverState(s.id).xrayVersion).toBe("26.6.27");
  });

  it("with a version sends it", async () => {
    const s = fake.addServer("alice");
    expect(await api.xrayUpdate(s.id, "26.7.28")).toEqual({ version: "26.7.28" });
    expect(fake.seen.at(-1)!.body).toEqual({ version: "26.7.28" });
    expect(fake.serverState(s.id).xrayVersion).toBe("26.7.28");
  });

  it("503 when offline (not retried), 409 without core pin, 502 with broken files", async () => {
    const offline = fake.addServer("alice", { state: "offline" });
    const path = `/api/v1/servers/${offline.id}/xray-update`;
    const e503 = await apiError(api.xrayUpdate(offline.id));
    expect([e503.status, e503.kind]).toEqual([503, "unavailable"]);
    expect(e503.detail).toMatch(/not running/);
    expect(fake.count("POST", path)).toBe(1);

    const noPin = fake.addServer("alice", { corePin: false });
    const e409 = await apiError(api.xrayUpdate(noPin.id, "26.7.11"));
    expect([e409.status, e409.kind]).toEqual([409, "conflict"]);
    expect(e409.detail).toMatch(/core-pin/);

    const broken = fake.addServer("alice", { brokenFiles: true, xrayVersion: "26.7.11" });
    const e502 = await apiError(api.xrayUpdate(broken.id));
    expect([e502.status, e502.kind]).toEqual([502, "unavailable"]);
    expect(e502.detail).toMatch(/read or written/);
    expect(fake.serverState(broken.id).xrayVersion).toBe("26.7.11");
  });

  it("an unknown version is refused before sending", async () => {
    const before = fake.seen.length;
    await expect(api.xrayUpdate(1, "25.1.1" as XrayVersion)).rejects.toThrow(/version: must be one of/);
    expect(fake.seen.length).toBe(before);
  });
});

describe("extend", () => {
  beforeEach(() => {
    fake.extendPrice = 100;
  });

  it("charges the price and adds 30 days", async () => {
    alice().balance = 250;
    const s = fake.addServer("alice", { daysLeft: 10 });
    const before = s.expiresAtMs;
    const result = await api.extend(s.id);
    expect(result.balance).toBe(150);
    expect(alice().balance).toBe(150);
    expect(result.message).toMatch(/30 days/);
    expect(result.server.id).toBe(s.id);
    expect(result.server.daysLeft).toBe(40);
    expect(fake.serverState(s.id).expiresAtMs - before).toBe(30 * DAY_MS);
    expect(result.server.expiresAt.getTime()).toBe(
      Math.floor(fake.serverState(s.id).expiresAtMs / 1000) * 1000,
    );
  });

  it("insufficient balance -> 400, nothing charged", async () => {
    alice().balance = 50;
    const s = fake.addServer("alice", { extendPrice: 80 });
    const before = s.expiresAtMs;
    const err = await apiError(api.extend(s.id));
    expect([err.status, err.kind]).toEqual([400, "bad_request"]);
    expect(err.detail).toMatch(/Insufficient balance/);
    expect(alice().balance).toBe(50);
    expect(fake.serverState(s.id).expiresAtMs).toBe(before);
  });

  it("is NOT retried on 503", async () => {
    alice().balance = 500;
    const s = fake.addServer("alice");
    const path = `/api/v1/servers/${s.id}/extend`;
    fake.failNext("POST", path, fail(503, "Panel temporarily unavailable"));
    const err = await apiError(api.extend(s.id));
    expect([err.status, err.kind]).toEqual([503, "unavailable"]);
    expect(err.endpoint).toBe("POST /servers/{id}/extend");
    expect(fake.count("POST", path)).toBe(1);
    expect(alice().balance).toBe(500);
  });
});

describe("xui clients", () => {
  it("createClient returns the links; gb and days are sent as numbers", async () => {
    const s = fake.addServer("alice");
    const created = await api.createClient(s.id, { name: "anna", gb: 50, days: 30 });
    expect(fake.seen.at(-1)!.body).toEqual({ name: "anna", gb: 50, days: 30 });
    expect(created).toMatchObject({ email: "anna", totalGb: 50, expiryDays: 30 });
    expect(created.link).toMatch(new RegExp(`^vless://${created.uuid}@`));
    expect(created.subLinks).toHaveLength(2);
    expect(created.subId).toBe(fake.client(s.id, "anna")!.subId);
    const stored = fake.client(s.id, "anna")!;
    expect(stored.expiryMs).toBeGreaterThan(Date.now() + 30 * DAY_MS - 60_000);
    expect(stored.expiryMs).toBeLessThanOrEqual(Date.now() + 30 * DAY_MS);
  });

  it("days 0 = no expiry; an empty or taken name is replaced and the new name returned", async () => {
    const s = fake.addServer("alice");
    const first = await api.createClient(s.id, { name: "bob", days: 0 });
    expect(first.email).toBe("bob");
    expect(fake.client(s.id, "bob")!.expiryMs).toBe(0);

    const second = await api.createClient(s.id, { name: "bob" });
    expect(second.email).not.toBe("bob");
    expect(second.email).toMatch(/^bob-/);

    const generated = await api.createClient(s.id);
    expect(generated.email.length).toBeGreaterThan(0);
    expect(fake.seen.at(-1)!.body).toEqual({});

    const list = await api.listClients(s.id);
    expect(list.count).toBe(3);
    expect(list.clients.map((c) => c.email).sort()).toEqual(
      [first.email, second.email, generated.email].sort(),
    );
  });

  it("getClient: active, disabled, expired and depleted, with used bytes", async () => {
    const s = fake.addServer("alice");
    await api.createClient(s.id, { name: "fresh", gb: 1, days: 5 });
    const fresh = await api.getClient(s.id, "fresh");
    expect(fresh).toMatchObject({ email: "fresh", status: "active", enable: true, totalGb: 1, daysLeft: 5 });
    expect(fresh.expiresAt).toBeInstanceOf(Date);
    expect(fresh.expiresAt!.getTime()).toBe(fresh.expiryMs);

    fake.setUsage(s.id, "fresh", 600 * 1024 ** 2, 500 * 1024 ** 2);
    expect(await api.getClient(s.id, "fresh")).toMatchObject({
      status: "depleted",
      upBytes: 600 * 1024 ** 2,
      downBytes: 500 * 1024 ** 2,
    });

    fake.addClient(s.id, { email: "late", expiryMs: Date.now() - 1000 });
    expect((await api.getClient(s.id, "late")).status).toBe("expired");

    await api.updateClient(s.id, "fresh", { enable: false });
    expect((await api.getClient(s.id, "fresh")).status).toBe("disabled");

    const missing = await apiError(api.getClient(s.id, "ghost"));
    expect([missing.status, missing.kind, missing.detail]).toEqual([404, "not_found", "Client not found"]);
  });

  it("updateClient: gb, days as a new term from now (0 = none), enable toggles", async () => {
    const s = fake.addServer("alice");
    await api.createClient(s.id, { name: "u1", gb: 10, days: 100 });

    const updated = await api.updateClient(s.id, "u1", { gb: 0, days: 7 });
    expect(fake.seen.at(-1)).toMatchObject({ method: "PATCH", body: { gb: 0, days: 7 } });
    expect(updated).toMatchObject({ email: "u1", totalGb: 0, enable: true });
    // A new term from now, not added to the remaining 100 days.
    expect(updated!.expiryMs).toBeLessThanOrEqual(Date.now() + 7 * DAY_MS);
    expect(updated!.expiryMs).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);

    const noExpiry = await api.updateClient(s.id, "u1", { days: 0 });
    expect(noExpiry).toMatchObject({ expiryMs: 0, expiresAt: null });

    expect(await api.updateClient(s.id, "u1", { enable: false })).toMatchObject({ enable: false });
    expect((await api.getClient(s.id, "u1")).status).toBe("disabled");
    expect(await api.updateClient(s.id, "u1", { enable: true })).toMatchObject({ enable: true });
    expect((await api.getClient(s.id, "u1")).status).toBe("active");
  });

  it("deleteClient removes the user", async () => {
    const s = fake.addServer("alice");
    await api.createClient(s.id, { name: "gone" });
    await expect(api.deleteClient(s.id, "gone")).resolves.toBeUndefined();
    expect(fake.client(s.id, "gone")).toBeUndefined();
    expect((await apiError(api.getClient(s.id, "gone"))).status).toBe(404);
    expect((await apiError(api.deleteClient(s.id, "gone"))).status).toBe(404);
  });

  it("listClients maps every item", async () => {
    const s = fake.addServer("alice", { inboundId: 7 });
    fake.addClient(s.id, { email: "x", totalGb: 5, expiryMs: 1_900_000_000_000, upBytes: 10, downBytes: 20 });
    fake.addClient(s.id, { email: "y", enable: false });
    const list = await api.listClients(s.id);
    expect(list.inboundId).toBe(7);
    expect(list.count).toBe(2);
    const x = fake.client(s.id, "x")!;
    expect(list.clients[0]).toEqual({
      email: "x",
      uuid: x.uuid,
      subId: x.subId,
      enable: true,
      totalGb: 5,
      expiryMs: 1_900_000_000_000,
      expiresAt: new Date(1_900_000_000_000),
      upBytes: 10,
      downBytes: 20,
    });
    expect(list.clients[1]).toMatchObject({ email: "y", enable: false, expiresAt: null });
  });

  it("listClients of a server too long to parse at once: read as it arrives, every item kept", async () => {
    const s = fake.addServer("alice", { inboundId: 8 });
    for (let i = 0; i < 4_000; i++) fake.addClient(s.id, { email: `bulk-${i}`, upBytes: i });
    const parse = vi.spyOn(JSON, "parse");
    try {
      const list = await api.listClients(s.id);
      expect(list.count).toBe(4_000);
      expect(list.clients.map((c) => c.upBytes)).toEqual(Array.from({ length: 4_000 }, (_, i) => i));
      expect(list.clients[3_999]).toMatchObject({
        email: "bulk-3999",
        uuid: fake.client(s.id, "bulk-3999")?.uuid,
      });
      // The answer (about 1 MB) never went to JSON.parse whole: that held the event loop at once.
      const longest = Math.max(0, ...parse.mock.calls.map(([text]) => String(text).length));
      expect(longest).toBeLessThanOrEqual(PARSE_AT_ONCE_BYTES);
    } finally {
      parse.mockRestore();
    }
  });

  it("listClients inside a periodic task gives the loop back at the task's pace while parsing and validating", async () => {
    const s = fake.addServer("alice", { inboundId: 9 });
    for (let i = 0; i < 4_000; i++) fake.addClient(s.id, { email: `paced-${i}` });
    const waits: number[] = [];
    // Each wait really waits: together they outlast the request's timeout, which parsing is outside of.
    const pacing = {
      share: 0.2,
      wait: async (ms: number) => {
        waits.push(ms);
        await new Promise((resolve) => setTimeout(resolve, 25));
      },
    };
    const quick = client({ timeoutMs: 300 });
    const list = await inBackground(pacing, () => quick.listClients(s.id));
    expect(list.count).toBe(4_000);
    // About 1 MB parsed 64 KB at a time, then 4 000 items validated 500 at a time.
    expect(waits.length).toBeGreaterThanOrEqual(8);
    const outside = await api.listClients(s.id);
    expect(outside.count).toBe(4_000);
    expect(waits.length).toBeLessThan(40);
  });

  it("inbounds maps every item, optional fields may be absent", async () => {
    const s = fake.addServer("alice", { inboundId: 3 });
    await api.createClient(s.id, { name: "one" });
    const inbounds = await api.inbounds(s.id);
    expect(inbounds).toEqual([
      {
        id: 3,
        remark: "VLESS-WS-BS",
        port: 443,
        protocol: "vless",
        network: "ws",
        path: "/bs",
        clientsCount: 1,
      },
      {
        id: 100,
        remark: "VLESS-CDN",
        port: 8443,
        protocol: "vless",
        network: "ws",
        path: undefined,
        clientsCount: 0,
      },
    ]);
  });

  it("/clients calls on a remnanode server -> 400", async () => {
    const s = fake.addServer("alice", { type: "remnanode" });
    for (const call of [
      () => api.listClients(s.id),
      () => api.createClient(s.id, { name: "x" }),
      () => api.getClient(s.id, "x"),
    ]) {
      const err = await apiError(call());
      expect([err.status, err.kind]).toEqual([400, "bad_request"]);
      expect(err.detail).toMatch(/xui/);
    }
  });

  it("names with spaces, @ and / are URL-encoded in paths", async () => {
    const s = fake.addServer("alice");
    const name = "john doe@mail/x";
    const created = await api.createClient(s.id, { name });
    expect(created.email).toBe(name);
    const got = await api.getClient(s.id, name);
    expect(got.email).toBe(name);
    expect(fake.seen.at(-1)!.path).toBe(`/api/v1/servers/${s.id}/clients/john%20doe%40mail%2Fx`);
    await api.deleteClient(s.id, name);
    expect(fake.count("DELETE", `/api/v1/servers/${s.id}/clients/john%20doe%40mail%2Fx`)).toBe(1);
  });

  it("the fake refuses numbers sent as strings with 400", async () => {
    const s = fake.addServer("alice");
    const res = await fetch(`${fake.url}/api/v1/servers/${s.id}/clients`, {
      method: "POST",
      headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "str", gb: "5" }),
    });
    expect(res.status).toBe(400);
    expect(fake.client(s.id, "str")).toBeUndefined();
  });
});

describe("transport behaviour", () => {
  it("a slow answer -> HostingTimeoutError", async () => {
    fake.delayNext("GET", "/api/v1/account", 400);
    const slow = client({ timeoutMs: 60, retry: { attempts: 1, baseDelayMs: 5, maxDelayMs: 20 } });
    const err = await rejection(slow.account());
    expect(err).toBeInstanceOf(HostingTimeoutError);
    expect((err as HostingTimeoutError).timeoutMs).toBe(60);
    expect((err as HostingTimeoutError).endpoint).toBe("GET /account");
  });

  it("a GET is retried on 503 and then succeeds", async () => {
    fake.failNext("GET", "/api/v1/servers", fail(503, "Panel temporarily unavailable"), 2);
    const before = fake.count("GET", "/api/v1/servers");
    const servers = await api.servers();
    expect(servers.length).toBeGreaterThan(0);
    expect(fake.count("GET", "/api/v1/servers") - before).toBe(3);
  });

  it("a GET gives up after the policy's attempts", async () => {
    const s = fake.addServer("alice");
    const path = `/api/v1/servers/${s.id}/stats`;
    fake.failNext("GET", path, fail(502, "Node unavailable"), 5);
    const err = await apiError(api.stats(s.id));
    expect([err.status, err.kind]).toEqual([502, "unavailable"]);
    expect(fake.count("GET", path)).toBe(3);
  });

  it("a refused connection -> HostingNetworkError", async () => {
    const closed = new HttpFake();
    await closed.start();
    const url = closed.url;
    await closed.stop();
    const dead = client({ baseUrl: url, retry: { attempts: 1, baseDelayMs: 5, maxDelayMs: 20 } });
    const err = await rejection(dead.servers());
    expect(err).toBeInstanceOf(HostingNetworkError);
    expect((err as HostingNetworkError).message).toMatch(/ECONNREFUSED/);
  });

  it("a malformed success body -> HostingSchemaError", async () => {
    fake.failNext("GET", "/api/v1/account", { status: 200, body: { ok: true, account: { tgid: "x" } } });
    await expect(api.account()).rejects.toBeInstanceOf(HostingSchemaError);

    const s = fake.addServer("alice");
    fake.failNext("GET", `/api/v1/servers/${s.id}`, {
      status: 200,
      body: { ok: true, server: { ...(await rawServer(s.id)), expiration_date: "2026-13-01 00:00:00" } },
    });
    const err = await rejection(api.server(s.id));
    expect(err).toBeInstanceOf(HostingSchemaError);
    expect((err as HostingSchemaError).issues).toMatch(/YYYY-MM-DD/);
  });

  it("reports each attempt to observe() with the endpoint template", async () => {
    const seen: CallObservation[] = [];
    const s = fake.addServer("alice");
    await client({ observe: (c) => seen.push(c) }).server(s.id);
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({ api: "account", endpoint: "GET /servers/{id}", status: 200 });
  });

  it("trims a trailing slash of the base URL", async () => {
    await expect(client({ baseUrl: `${fake.url}/` }).account()).resolves.toMatchObject({
      tgid: alice().tgid,
    });
    expect(fake.seen.at(-1)!.path).toBe("/api/v1/account");
  });
});

describe("input validation sends nothing", () => {
  const bad: [string, () => Promise<unknown>][] = [
    ["id 0", () => api.server(0)],
    ["id negative", () => api.stats(-3)],
    ["id fraction", () => api.config(1.5)],
    ["id NaN", () => api.regenerate(Number.NaN)],
    ["id as string", () => api.extend("5" as unknown as number)],
    ["power action", () => api.power(1, "halt" as "stop")],
    ["xray version", () => api.xrayUpdate(1, "1.0.0" as XrayVersion)],
    ["gb negative", () => api.createClient(1, { gb: -1 })],
    ["gb infinite", () => api.createClient(1, { gb: Number.POSITIVE_INFINITY })],
    ["gb string", () => api.createClient(1, { gb: "5" as unknown as number })],
    ["days fraction", () => api.createClient(1, { days: 1.5 })],
    ["days negative", () => api.updateClient(1, "a", { days: -1 })],
    ["empty email (get)", () => api.getClient(1, "")],
    ["blank email (delete)", () => api.deleteClient(1, "  ")],
    ["empty email (update)", () => api.updateClient(1, "", { gb: 1 })],
    ["update with nothing", () => api.updateClient(1, "a", {})],
    ["enable not boolean", () => api.updateClient(1, "a", { enable: "yes" as unknown as boolean })],
    ["empty login", () => api.issueToken({ login: "", password: "x" })],
    ["empty password", () => api.issueToken({ login: "a", password: "" })],
    ["short code", () => api.issueToken({ login: "a", password: "b", code: "12345" })],
    ["letters in code", () => api.issueToken({ login: "a", password: "b", code: "12a456" })],
    ["empty code", () => api.issueToken({ login: "a", password: "b", code: "" })],
  ];

  it.each(bad)("%s", async (_label, call) => {
    const before = fake.seen.length;
    const err = await rejection(call());
    expect(err).toBeInstanceOf(HostingInputError);
    expect(fake.seen.length).toBe(before);
  });

  it("names the offending field", async () => {
    const err = (await rejection(api.createClient(1, { days: 2.5 }))) as HostingInputError;
    expect(err.field).toBe("days");
    expect(err.message).toMatch(/0 = no expiry/);
  });
});

/** The fake's own JSON for a server, to build malformed variants. */
async function rawServer(id: number): Promise<Record<string, unknown>> {
  const res = await fetch(`${fake.url}/api/v1/servers/${id}`, {
    headers: { authorization: `Bearer ${key}` },
  });
  const body = (await res.json()) as { server: Record<string, unknown> };
  return body.server;
}

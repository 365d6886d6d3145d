import { sign } from "@telegram-apps/init-data-node";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { parseConfig } from "../../src/config.js";
import { staffKeys } from "../../src/domain/staff/index.js";
import { ManualClock, MINUTE } from "../../src/runtime/clock.js";
import { runwayBoardResponse, runwayServerResponse } from "../../src/webapp/schemas-runway.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { BASE_ENV } from "../helpers/config-env.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 31: the staff's runway routes of the cabinet API (GET /app/api/admin/runway and
 * .../runway/:serverId) attacked: initData forged, tampered or too old, a customer, staff whose
 * role does not see the servers (or lost it while their session lived), server ids that are not
 * ids or not the account's. Only staff with `hosting` read anything; a refusal says nothing of
 * the fleet (the same answer whatever the server), and leaves a trace in the audit log.
 */

const shipped = parseConfig(BASE_ENV);
const OWNER = { id: 9_310, first_name: "Olga", language_code: "en" };
const ADMIN = { id: 9_311, first_name: "Ada", language_code: "en" };
const SUPPORT = { id: 9_312, first_name: "Sam", language_code: "en" };
const VIEWER = { id: 9_313, first_name: "Vic", language_code: "en" };
const CUSTOMER = { id: 9_314, first_name: "Cleo", language_code: "en" };
const fake = new FakeAccountApi();
const clock = new ManualClock(Date.UTC(2031, 0, 1, 12));
let h: WebappHarness;
let ours: number;
let theirs: number;
let key = "";

beforeAll(async () => {
  await fake.start();
  fake.now = () => clock.now();
  fake.addAccount({ login: "shop", password: "pw", balance: 500 });
  fake.addAccount({ login: "other", password: "pw", balance: 500 });
  key = fake.addKey("shop");
  ours = fake.addServer("shop", { name: "lte-ours", daysLeft: 20 }).id;
  theirs = fake.addServer("other", { name: "lte-theirs", daysLeft: 20 }).id;
  h = await createWebappHarness({
    clock,
    adminIds: [OWNER.id],
    accountUrl: fake.url,
    accountApiKey: key,
    initDataMaxAge: shipped.webappInitDataMaxAge,
    // Every request comes from 127.0.0.1: the budgets are opened wide, so each answer is about who asks.
    guard: { ...shipped.webappGuard, perAddress: 10_000, perUser: 1_000 },
  });
  await h.t.redis.hset(staffKeys.roles, String(ADMIN.id), "admin");
  await h.t.redis.hset(staffKeys.roles, String(SUPPORT.id), "support");
  await h.t.redis.hset(staffKeys.roles, String(VIEWER.id), "viewer");
  await seedCustomer(h.t.deps, CUSTOMER.id, "en");
}, 30_000);
afterAll(async () => {
  await h.close();
  await fake.stop();
});

const BOARD = "/app/api/admin/runway";
const serverPath = (id: number | string) => `${BOARD}/${id}`;
const answer = async (res: Response) => ({ status: res.status, body: (await res.json()) as unknown });
const NOT_PERMITTED = { status: 403, body: { ok: false, error: "not-permitted" } };

describe("the runway routes under attack", () => {
  it("answer staff who see the servers (owner, admin) with the board and a server of the account", async () => {
    for (const who of [OWNER, ADMIN]) {
      const board = await answer(await h.api(BOARD, who));
      expect(board.status).toBe(200);
      expect(runwayBoardResponse.parse(board.body).servers.map((s) => s.name)).toEqual(["lte-ours"]);
      const one = await answer(await h.api(serverPath(ours), who));
      expect(one.status).toBe(200);
      expect(runwayServerResponse.parse(one.body).server.name).toBe("lte-ours");
    }
  });

  it("refuse initData that is forged, tampered with, too old, or missing: 401 and nothing else", async () => {
    const forged = sign({ user: ADMIN }, "123456:not-the-bot-token", new Date(clock.now()));
    const genuine = h.initData(ADMIN);
    // The staff member's id put in place of a customer's, in a string the customer did sign.
    const tampered = h.initData(CUSTOMER).replace(`%22id%22%3A${CUSTOMER.id}`, `%22id%22%3A${ADMIN.id}`);
    expect(tampered).not.toBe(h.initData(CUSTOMER));
    const old = h.initData(ADMIN, { authDate: clock.now() - shipped.webappInitDataMaxAge * 1000 - MINUTE });
    for (const auth of [
      `tma ${forged}`,
      `tma ${tampered}`,
      `tma ${old}`,
      `tma ${genuine}x`,
      undefined,
      "Bearer nope",
    ]) {
      for (const path of [BOARD, serverPath(ours)]) {
        expect(await answer(await h.api(path, { auth })), `${auth} ${path}`).toEqual({
          status: 401,
          body: { ok: false },
        });
      }
    }
  });

  it("refuse a customer and staff without `hosting` alike, whatever the server, and record the refusal", async () => {
    for (const who of [CUSTOMER, SUPPORT, VIEWER, { id: 9_399, first_name: "New" }]) {
      for (const path of [
        BOARD,
        serverPath(ours),
        serverPath(theirs),
        serverPath(424242),
        serverPath("abc"),
      ]) {
        expect(await answer(await h.api(path, who)), `${who.id} ${path}`).toEqual(NOT_PERMITTED);
      }
    }
    const { entries } = await h.t.deps.staff.audit.page({ actorId: SUPPORT.id }, 0, 50);
    expect(entries.some((e) => e.action === "runway.view" && e.outcome === "refused")).toBe(true);
  });

  it("refuse a session whose staff member lost `hosting` since it was opened", async () => {
    const who = { id: 9_315, first_name: "Lou", language_code: "en" };
    await h.t.redis.hset(staffKeys.roles, String(who.id), "admin");
    const opened = await h.api("/app/api/session", who, { method: "POST" });
    const { session } = (await opened.json()) as { session: string };
    const bearer = { auth: `Bearer ${session}` };
    expect((await h.api(BOARD, bearer)).status).toBe(200);
    await h.t.redis.hset(staffKeys.roles, String(who.id), "support");
    expect(await answer(await h.api(BOARD, bearer))).toEqual(NOT_PERMITTED);
    await h.t.redis.hdel(staffKeys.roles, String(who.id));
    expect(await answer(await h.api(serverPath(ours), bearer))).toEqual(NOT_PERMITTED);
  });

  it("answer 404 to staff for a server id that is not a number, or not a server of the account", async () => {
    const ids = [
      "abc",
      "0",
      "-1",
      "1.5",
      "1e3",
      "0x1",
      "01",
      "9".repeat(13),
      "%2e%2e",
      "..%2F..%2Fme",
      String(theirs),
      "424242",
    ];
    for (const id of ids) {
      const res = await answer(await h.api(serverPath(id), ADMIN));
      expect(res.status, id).toBe(404);
      expect(res.body, id).toMatchObject({ ok: false });
      expect(JSON.stringify(res.body)).not.toContain("lte-theirs");
    }
  });

  it("take no other method and no body", async () => {
    const post = { method: "POST", body: JSON.stringify({}) };
    expect((await h.api(BOARD, ADMIN, post)).status).toBe(405);
    expect((await h.api(serverPath(ours), ADMIN, post)).status).toBe(405);
  });

  it("a flood of board reads from one staff member is cut at the per-user budget, before the hosting is read", async () => {
    const small = await createWebappHarness({
      ...{ clock, adminIds: [OWNER.id], accountUrl: fake.url, accountApiKey: key },
      initDataMaxAge: shipped.webappInitDataMaxAge,
      guard: { ...shipped.webappGuard, perAddress: 10_000, perUser: 5 },
    });
    try {
      const statuses: number[] = [];
      let readsWhenRefused = -1;
      for (let i = 0; i < 12; i++) {
        const res = await small.api(BOARD, OWNER);
        await res.arrayBuffer();
        statuses.push(res.status);
        if (res.status === 429) {
          expect(Number(res.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
          const reads = fake.count("GET", "/api/v1/account");
          if (readsWhenRefused >= 0) expect(reads).toBe(readsWhenRefused);
          readsWhenRefused = reads;
        }
      }
      const served = statuses.filter((s) => s === 200).length;
      expect(served).toBeGreaterThan(0);
      expect(served).toBeLessThanOrEqual(5);
      expect(statuses.slice(served).every((s) => s === 429)).toBe(true);
    } finally {
      await small.close();
    }
  });
});

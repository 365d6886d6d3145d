import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { gateKeys } from "../../src/domain/sales/index.js";
import { FakeAccountApi } from "../fakes/account-api.js";
import { seedCustomer, seedSubscription } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

// Issue 26: the cabinet obeys the same channel gate as the chat (one rule, in the shop): the trial
// and purchases refused with 403 `channel-required` naming the channels and their join links,
// renewals never; POST channels/check asks Telegram at once and resumes a trial the gate paused.

const NEWS = -1001000000501;
const account = new FakeAccountApi();
let h: WebappHarness;
let serverId: number;
let nextId = 75_000;

beforeAll(async () => {
  await account.start();
  account.addAccount({ login: "shop", password: "pw", balance: 1000 });
  const key = account.addKey("shop", "bot");
  serverId = account.addServer("shop", { type: "xui", daysLeft: 400 }).id;
  h = await createWebappHarness({
    accountUrl: account.url,
    accountApiKey: key,
    guard: { perUser: 1000, ordersPerUser: 100, perAddress: 1000 },
  });
  h.t.telegram.channels.add({ id: NEWS, title: "Shop News", username: "shop_news" });
});
afterAll(async () => {
  await h.close();
  await account.stop();
});
beforeEach(async () => {
  await h.t.redis.del("settings:shop");
  expect((await h.t.deps.sales.gate.addChannel(NEWS, Date.now())).status).toMatch(/added|updated/);
});

type Body = Record<string, unknown>;
const json = async (res: Response) => ({ status: res.status, body: (await res.json()) as Body });
const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });

async function customer(balance = 0) {
  const id = nextId++;
  await seedCustomer(h.t.deps, id, "en");
  if (balance > 0)
    await h.t.deps.books.wallet.credit(id, balance, `test:seed-${id}`, { kind: "topup", ref: "test" });
  return { id, first_name: `C${id}`, language_code: "en" };
}

const REFUSAL = {
  ok: false,
  error: "channel-required",
  channels: [{ id: NEWS, title: "Shop News", username: "shop_news", join_url: "https://t.me/shop_news" }],
};

describe("the cabinet's trial and purchases behind the gate", () => {
  it("refuses the trial with the channels to join; checked after joining, the trial is taken", async () => {
    const c = await customer();
    expect(await json(await h.api("/app/api/trial", c, post({})))).toEqual({ status: 403, body: REFUSAL });
    expect(await h.t.deps.books.customers.mayClaimTrial(c.id)).toBe(true);

    const still = await json(await h.api("/app/api/channels/check", c, post({})));
    expect(still).toEqual({
      status: 200,
      body: { ok: true, joined: false, channels: REFUSAL.channels, trial_resumed: false },
    });
    h.t.telegram.channels.join(NEWS, c.id);
    const joined = await json(await h.api("/app/api/channels/check", c, post({})));
    expect(joined.body).toEqual({ ok: true, joined: true, channels: [], trial_resumed: false });
    const trial = await json(await h.api("/app/api/trial", c, post({})));
    expect(trial.status).toBe(200);
    expect(trial.body.order).toMatchObject({ kind: "trial", status: "paid" });
  });

  it("purchases pass under the trial-only coverage and are refused when purchases are covered", async () => {
    const c = await customer(500);
    expect((await h.api("/app/api/orders", c, post({ plan_id: "de-xui" }))).status).toBe(200);
    await h.t.deps.catalog.settings.setGateCoverage("purchases");
    const gift = await json(await h.api("/app/api/orders", c, post({ plan_id: "multi", gift: true })));
    expect(gift).toEqual({ status: 403, body: REFUSAL });
  });

  it("never refuses a renewal, nor the wallet, whatever the coverage", async () => {
    await h.t.deps.catalog.settings.setGateCoverage("all-but-renewals");
    const c = await customer(500);
    const name = `gate-renew-${c.id}`;
    const expiresAt = h.t.deps.clock.now() + 5 * 86_400_000;
    account.addClient(serverId, { email: name, totalGb: 100, expiryMs: expiresAt });
    const sub = await seedSubscription(h.t.deps, `orenew${c.id}`, {
      customerId: c.id,
      expiresAt,
      ref: { kind: "xui", serverId, name },
    });
    const renewal = await json(
      await h.api("/app/api/orders", c, post({ subscription_id: sub.id, pay: "wallet" })),
    );
    expect(renewal.status).toBe(200);
    expect(renewal.body).toMatchObject({
      paid_from_wallet: true,
      order: { kind: "renewal", status: "paid" },
    });
    expect((await h.api("/app/api/wallet", c)).status).toBe(200);
    expect((await h.api(`/app/api/subscriptions/${sub.id}`, c)).status).toBe(200);
    expect(h.t.telegram.callsOf("getChatMember").filter((x) => x.params.user_id === c.id)).toEqual([]);
  });

  it("Check resumes a trial the gate paused once its owner is back", async () => {
    const c = await customer();
    const name = `gate-cab-${c.id}`;
    account.addClient(serverId, {
      email: name,
      totalGb: 1,
      expiryMs: Date.now() + 86_400_000,
      enable: false,
    });
    await seedSubscription(h.t.deps, `otrial${c.id}`, {
      customerId: c.id,
      expiresAt: h.t.deps.clock.now() + 86_400_000,
      ref: { kind: "xui", serverId, name },
      trial: true,
    });
    await h.t.deps.sales.trialWatch.watch(c.id);
    await h.t.redis.hset(gateKeys.trial(c.id), { pause: "done", pausedAt: "1" });
    h.t.telegram.channels.join(NEWS, c.id);
    const checked = await json(await h.api("/app/api/channels/check", c, post({})));
    expect(checked.body).toEqual({ ok: true, joined: true, channels: [], trial_resumed: true });
    expect(account.client(serverId, name)?.enable).toBe(true);
  });
});

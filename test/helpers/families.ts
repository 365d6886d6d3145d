import { expect } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import type { Catalog, Plan } from "../../src/domain/catalog/index.js";
import type { Family } from "../../src/domain/sales/index.js";
import type { ordersHarness } from "./orders-harness.js";

/** Family plans of 3 seats on xui (per seat), the panel (a pack) and the node (a pack). */
export type FamilyBackend = "xui" | "panel" | "node";
const FAMILY: Record<FamilyBackend, { id: string; from: string; seats: NonNullable<Plan["seats"]> }> = {
  xui: { id: "fam-xui", from: "de-xui", seats: { count: 3, pricing: "seat", max: 5 } },
  panel: { id: "fam-panel", from: "multi", seats: { count: 3, pricing: "pack", max: 5 } },
  node: { id: "fam-node", from: "node", seats: { count: 3, pricing: "pack" } },
};

/** The orders harness's catalog with the three family plans, each with a freeze option. */
export function withFamilies(base: Catalog): Catalog {
  const families = Object.values(FAMILY).map((f) => {
    const from = base.plans.find((p) => p.id === f.from);
    if (!from) throw new Error(`no plan ${f.from}`);
    return { ...from, id: f.id, seats: f.seats, freeze: { min_days: 7, max_days: 30, times_per_year: 2 } };
  });
  return { ...base, plans: [...base.plans, ...families] };
}

type Harness = ReturnType<typeof ordersHarness>;

/** Family plans bought and claimed on an orders harness (real Redis, the hosting fakes). */
export function familyRig(h: Harness) {
  let nextMember = 9000;

  async function customer(): Promise<number> {
    const id = nextMember++;
    await h.rooms.books.customers.seen({ id, firstName: `M${id}`, locale: "en" });
    return id;
  }

  /** A family bought and paid from the wallet (1000), fulfilled: the owner's access and seats. */
  async function buyFamily(backend: FamilyBackend) {
    const owner = await customer();
    await h.rooms.books.wallet.credit(owner, 1000, `seed:${owner}`, { kind: "admin-credit" });
    const started = await h.rooms.sales.shop.startPurchase(
      owner,
      FAMILY[backend].id,
      "en",
      undefined,
      false,
      3,
    );
    if (!started.ok) throw new Error(started.reason);
    expect((await h.rooms.sales.cashier.payFromBalance(owner, started.order.id)).status).toBe("paid");
    expect((await h.rooms.settlement.fulfilment.fulfil(started.order.id)).outcome).toBe("active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(owner);
    if (!sub) throw new Error("no subscription");
    return { owner, sub, family: await familyOf(sub) };
  }

  async function familyOf(sub: Subscription): Promise<Family> {
    const family = await h.rooms.sales.seats.family(sub.id);
    if (!family) throw new Error("no family");
    return family;
  }

  /** A member claims `code` and their seat's client is made; returns the member's subscription. */
  async function claimAndMake(code: string): Promise<{ member: number; sub: Subscription }> {
    const member = await customer();
    const claim = await h.rooms.sales.seats.claim(code, member, "en");
    if (claim.status !== "claimed") throw new Error(claim.status);
    expect((await h.rooms.settlement.fulfilment.fulfil(claim.orderId)).outcome).toBe("active");
    const [sub] = await h.rooms.books.subscriptions.ofCustomer(member);
    if (!sub) throw new Error("no member subscription");
    return { member, sub };
  }

  /** A family of 3 with both other seats taken. */
  async function fullFamily(backend: FamilyBackend) {
    const bought = await buyFamily(backend);
    const first = await claimAndMake(bought.family.seats[0]?.code ?? "");
    const second = await claimAndMake(bought.family.seats[1]?.code ?? "");
    return { ...bought, members: [first, second] };
  }

  /** The expiry the hosting side shows for `sub`'s client. */
  const hostingExpiry = async (sub: Subscription) =>
    (await h.rooms.provisioning.provisioner(sub.ref.kind).state(sub.ref)).expiresAt;

  /** The hosting client `sub` lives on, as the admins' term change names it. */
  const clientOf = (sub: Subscription) =>
    sub.ref.kind === "xui"
      ? ({ kind: "xui", serverId: sub.ref.serverId, name: sub.ref.name } as const)
      : ({ kind: sub.ref.kind, name: sub.ref.name } as const);

  /** The fake's path of `sub`'s client (a regexp source, as failNext takes it) and its exact path. */
  function clientPath(sub: Subscription): string {
    return sub.ref.kind === "xui"
      ? `/api/v1/servers/${sub.ref.serverId}/clients/${sub.ref.name}`
      : `/api/clients/${sub.ref.name}`;
  }

  const fakeOf = (sub: Subscription) =>
    sub.ref.kind === "xui" ? h.accountFake : sub.ref.kind === "panel" ? h.panelFake : h.nodeFake;

  return {
    customer,
    buyFamily,
    familyOf,
    claimAndMake,
    fullFamily,
    hostingExpiry,
    clientOf,
    clientPath,
    fakeOf,
  };
}

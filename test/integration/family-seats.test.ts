import { describe, expect, it } from "vitest";
import type { Subscription } from "../../src/domain/books/index.js";
import { GB_BYTES } from "../../src/domain/books/index.js";
import type { Plan } from "../../src/domain/catalog/index.js";
import { addedSeatsPrice } from "../../src/domain/sales/index.js";
import { reached } from "../../src/domain/settlement/index.js";
import { DAY } from "../../src/runtime/clock.js";
import { fail } from "../fakes/http-fake.js";
import { type FamilyBackend, familyRig, withFamilies } from "../helpers/families.js";
import { ordersHarness } from "../helpers/orders-harness.js";

/**
 * Family seats against the three hosting fakes over HTTP and a real Redis: the purchase makes the
 * owner's access and one invite code per other seat; a claim (first one wins) makes the member's
 * own client with the owner's term; the family renews in one payment; a seat is freed and added.
 */

type Backend = FamilyBackend;
/** What one term of each family costs: xui 3 seats x 150, the panel's pack 300, the node's 120. */
const TERM_PRICE: Record<Backend, number> = { xui: 450, panel: 300, node: 120 };

const h = ordersHarness(withFamilies);
const { accountFake, panelFake, nodeFake } = h;
const rig = familyRig(h);
const { customer, familyOf, claimAndMake } = rig;

/** A family bought from the wallet (1000) and fulfilled, charged its term's price. */
async function buyFamily(backend: Backend) {
  const bought = await rig.buyFamily(backend);
  expect(await h.rooms.books.wallet.balance(bought.owner)).toBe(1000 - TERM_PRICE[backend]);
  return bought;
}

const provisioner = (sub: Subscription) => h.rooms.provisioning.provisioner(sub.ref.kind);

/** How many clients of the hosting side carry `name` (xui renames a taken name: by prefix). */
function clientsNamed(sub: Subscription): number {
  const ref = sub.ref;
  if (ref.kind === "xui")
    return accountFake.serverState(ref.serverId).clients.filter((c) => c.email.startsWith(ref.name)).length;
  if (ref.kind === "panel")
    return panelFake.clientsAt("main").filter((c) => c.name.startsWith(ref.name)).length;
  return [...nodeFake.clients.keys()].filter((n) => n.startsWith(ref.name)).length;
}

describe("family seats", () => {
  for (const backend of ["xui", "panel", "node"] as const) {
    it(`${backend}: a seat invite claimed by two people at once: one wins, the other is told it is taken; one client`, async () => {
      const { owner, sub, family } = await buyFamily(backend);
      expect(family.count).toBe(3);
      expect(family.seats.map((s) => s.n)).toEqual([2, 3]);
      expect(await h.rooms.books.wallet.balance(owner)).toBe(1000 - TERM_PRICE[backend]);
      const code = family.seats[0]?.code ?? "";
      const [a, b] = [await customer(), await customer()];
      const claims = await Promise.all([
        h.rooms.sales.seats.claim(code, a, "en"),
        h.rooms.sales.seats.claim(code, b, "en"),
      ]);
      expect(claims.map((c) => c.status).sort()).toEqual(["claimed", "taken"]);
      const won = claims.findIndex((c) => c.status === "claimed");
      const winner = won === 0 ? a : b;
      const loser = won === 0 ? b : a;
      const claim = claims[won];
      if (claim?.status !== "claimed") throw new Error("no winner");
      // Run twice (a job run again): one client, one subscription.
      await h.rooms.settlement.fulfilment.fulfil(claim.orderId);
      await h.rooms.settlement.fulfilment.fulfil(claim.orderId);
      const mine = await h.rooms.books.subscriptions.ofCustomer(winner);
      expect(mine).toHaveLength(1);
      const seatSub = mine[0] as Subscription;
      expect(seatSub.familyOf).toBe(sub.id);
      expect(seatSub.seat).toBe(2);
      expect(seatSub.expiresAt).toBe(sub.expiresAt);
      expect(seatSub.ref.name).not.toBe(sub.ref.name);
      expect(clientsNamed(seatSub)).toBe(1);
      expect(await h.rooms.books.subscriptions.ofCustomer(loser)).toHaveLength(0);
      expect((await h.rooms.sales.seats.claim(code, winner, "en")).status).toBe("yours");
      expect((await h.rooms.sales.seats.claim(family.seats[1]?.code ?? "", owner, "en")).status).toBe("own");
      expect(await h.rooms.books.wallet.balance(winner)).toBe(0);
    });
  }

  for (const backend of ["xui", "panel"] as const) {
    it(`${backend}: a renewal of a 3-seat family whose one seat's write fails then succeeds: every seat at the target, charged once`, async () => {
      const { owner, sub, family } = await buyFamily(backend);
      const first = await claimAndMake(family.seats[0]?.code ?? "");
      const second = await claimAndMake(family.seats[1]?.code ?? "");
      await h.rooms.books.wallet.credit(owner, 1000, `more:${owner}`, { kind: "admin-credit" });
      const renewal = await h.paidRenewal(owner, sub.id);
      expect((await h.rooms.books.orders.get(renewal))?.price).toBe(TERM_PRICE[backend]);
      const path =
        backend === "xui"
          ? `/api/v1/servers/\\d+/clients/${second.sub.ref.name}`
          : `/api/clients/${second.sub.ref.name}`;
      (backend === "xui" ? accountFake : panelFake).failNext("PATCH", path, fail(503, "down"));
      await expect(h.rooms.settlement.fulfilment.fulfil(renewal)).rejects.toThrow();
      expect(await h.orderStatus(renewal)).toBe("provisioning");
      expect((await h.rooms.settlement.fulfilment.fulfil(renewal)).outcome).toBe("active");
      // The owner's record took the order's target (a finished order keeps no target of its own).
      const target = (await h.rooms.books.subscriptions.get(sub.id))?.expiresAt ?? 0;
      expect(target).toBeGreaterThan(sub.expiresAt);
      for (const s of [sub, first.sub, second.sub]) {
        const hosting = (await provisioner(s).state(s.ref)).expiresAt;
        expect(reached(s.ref.kind, hosting, target)).toBe(true);
        expect((await h.rooms.books.subscriptions.get(s.id))?.expiresAt).toBe(target);
      }
      expect(await h.rooms.books.wallet.balance(owner)).toBe(2000 - 2 * TERM_PRICE[backend]);
      expect(await h.rooms.books.wallet.balance(first.member)).toBe(0);
    });
  }

  for (const backend of ["xui", "panel", "node"] as const) {
    it(`${backend}: a seat revoked while its member is connected: the client removed, the link stops, the seat invitable again`, async () => {
      const { owner, sub, family } = await buyFamily(backend);
      const old = family.seats[0]?.code ?? "";
      const { member, sub: seatSub } = await claimAndMake(old);
      if (seatSub.ref.kind === "xui")
        accountFake.setUsage(seatSub.ref.serverId, seatSub.ref.name, 0, Math.round(2 * GB_BYTES));
      else if (seatSub.ref.kind === "node")
        nodeFake.setTraffic(seatSub.ref.name, 0, Math.round(2 * GB_BYTES));
      else panelFake.setUsage("main", seatSub.ref.name, { trafficUsedGb: 2 });
      const seats = h.rooms.settlement.fulfilment.seats;
      expect((await seats.revoke(member, sub.id, 2)).status).toBe("unknown");
      const revoked = await seats.revoke(owner, sub.id, 2);
      if (revoked.status !== "ok") throw new Error(revoked.status);
      expect(revoked.memberId).toBe(member);
      expect(revoked.seat.memberId).toBeUndefined();
      expect(revoked.seat.code).not.toBe(old);
      await expect(provisioner(seatSub).state(seatSub.ref)).rejects.toThrow();
      expect(clientsNamed(seatSub)).toBe(0);
      expect((await h.rooms.books.subscriptions.get(seatSub.id))?.removedAt).toBeDefined();
      // Again (a repeated tap): nothing more to do.
      expect((await seats.revoke(owner, sub.id, 2)).status).toBe("free");
      expect((await h.rooms.sales.seats.claim(old, await customer(), "en")).status).toBe("unknown");
      const next = await claimAndMake(revoked.seat.code);
      expect(next.sub.familyOf).toBe(sub.id);
      expect(clientsNamed(next.sub)).toBe(1);
    });
  }

  it("xui: seats added mid-term at the pro-rata price; a lost answer on the new seat's create makes one client", async () => {
    const { owner, sub } = await buyFamily("xui");
    h.clock.advance(10 * DAY + 1000);
    const refused = await h.rooms.sales.seats.startAdd(owner, sub.id, 3, "en");
    expect(refused).toEqual({ ok: false, reason: "too-many" });
    const started = await h.rooms.sales.seats.startAdd(owner, sub.id, 2, "en");
    if (!started.ok) throw new Error(started.reason);
    const plan = h.catalog().plans.find((p) => p.id === "fam-xui") as Plan;
    expect(started.quote.daysLeft).toBe(19);
    expect(started.order.price).toBe(addedSeatsPrice(150, plan, 2, 19));
    expect(started.order.price).toBe(190);
    expect((await h.rooms.sales.cashier.payFromBalance(owner, started.order.id)).status).toBe("paid");
    expect((await h.rooms.settlement.fulfilment.fulfil(started.order.id)).outcome).toBe("active");
    await h.rooms.settlement.fulfilment.fulfil(started.order.id);
    const family = await familyOf(sub);
    expect(family.count).toBe(5);
    expect(family.seats.map((s) => s.n)).toEqual([2, 3, 4, 5]);
    expect(await h.rooms.books.wallet.balance(owner)).toBe(1000 - 450 - 190);
    const member = await customer();
    const claim = await h.rooms.sales.seats.claim(family.seats[3]?.code ?? "", member, "en");
    if (claim.status !== "claimed") throw new Error(claim.status);
    accountFake.loseAnswerNext("POST", "/api/v1/servers/\\d+/clients");
    // The create landed, its answer did not: this run or the next finds the client by its name.
    await h.rooms.settlement.fulfilment.fulfil(claim.orderId).catch(() => undefined);
    if ((await h.orderStatus(claim.orderId)) !== "active")
      expect((await h.rooms.settlement.fulfilment.fulfil(claim.orderId)).outcome).toBe("active");
    expect(accountFake.count("POST", `/api/v1/servers/${h.xuiServers[0]}/clients`)).toBeGreaterThan(0);
    const [seatSub] = await h.rooms.books.subscriptions.ofCustomer(member);
    if (!seatSub) throw new Error("no seat");
    expect(clientsNamed(seatSub)).toBe(1);
    expect(seatSub.expiresAt).toBe(sub.expiresAt);
    // The renewal now renews five seats (seat pricing): 5 x 150.
    await h.rooms.books.wallet.credit(owner, 1000, `more:${owner}`, { kind: "admin-credit" });
    const renewal = await h.paidRenewal(owner, sub.id);
    expect((await h.rooms.books.orders.get(renewal))?.price).toBe(750);
  });

  it("xui: two adds quoted against the same count, both paid: the second past the max is refunded, not applied", async () => {
    const { owner, sub } = await buyFamily("xui");
    await h.rooms.books.wallet.credit(owner, 1000, `adds:${owner}`, { kind: "admin-credit" });
    const first = await h.rooms.sales.seats.startAdd(owner, sub.id, 2, "en");
    if (!first.ok) throw new Error(first.reason);
    expect((await h.rooms.sales.cashier.payFromBalance(owner, first.order.id)).status).toBe("paid");
    // The first is paid and not applied yet: the count still reads 3, so 2 more are quoted again.
    const second = await h.rooms.sales.seats.startAdd(owner, sub.id, 2, "en");
    if (!second.ok) throw new Error(second.reason);
    expect(second.order.id).not.toBe(first.order.id);
    expect((await h.rooms.sales.cashier.payFromBalance(owner, second.order.id)).status).toBe("paid");
    const balance = await h.rooms.books.wallet.balance(owner);
    expect((await h.rooms.settlement.fulfilment.fulfil(first.order.id)).outcome).toBe("active");
    // Before: the second took the family to 7 seats of a plan of at most 5.
    await expect(h.rooms.settlement.fulfilment.fulfil(second.order.id)).rejects.toThrow("max 5");
    expect((await h.rooms.settlement.fulfilment.fail(second.order.id, "past the max"))?.refunded).toBe(
      second.order.price,
    );
    expect((await familyOf(sub)).count).toBe(5);
    expect(await h.rooms.books.wallet.balance(owner)).toBe(balance + second.order.price);
  });
});

import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { TICKET_MAX_UNANSWERED } from "../../src/domain/backoffice/index.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "../webapp/harness.js";

/**
 * Issue 28: the cabinet's Support routes attacked from a customer's own session: another
 * customer's ticket (read or closed), bodies too large or not what they should be, ids that are
 * not ids, and a flood of messages (each tells staff: the orders budget, as shipped, holds it).
 */

const VICTIM = { id: 8_601, first_name: "Vera", language_code: "en" };
const MALLORY = { id: 8_602, first_name: "Mallory", language_code: "en" };
const FLOODER = { id: 8_603, first_name: "Flo", language_code: "en" };
let h: WebappHarness;
let victims = "";

beforeAll(async () => {
  // Every request comes from 127.0.0.1: the address budget is opened wide; the customer's are as shipped.
  h = await createWebappHarness({ adminIds: [8_600], guard: { perAddress: 10_000 } });
  for (const who of [VICTIM, MALLORY, FLOODER]) await seedCustomer(h.t.deps, who.id, "en");
  const written = await h.t.deps.backoffice.tickets.write(VICTIM.id, { text: "My private problem" });
  if (written.status !== "written") throw new Error(written.status);
  victims = written.ticket.id;
});
afterAll(() => h.close());

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
const statusOf = async (res: Response) => {
  await res.arrayBuffer();
  return res.status;
};

async function victimUntouched(): Promise<void> {
  const { tickets } = h.t.deps.backoffice;
  expect(await tickets.get(victims)).toMatchObject({ state: "open", count: 1, customerId: VICTIM.id });
  expect((await tickets.messages(victims)).map((m) => m.text)).toEqual(["My private problem"]);
}

describe("the cabinet's Support routes under attack", () => {
  it("answer 404 for another customer's ticket, read or closed, and for ids that are not tickets", async () => {
    const res = await h.api(`/app/api/tickets/${victims}`, MALLORY);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ ok: false, error: "unknown-ticket" });
    expect(await statusOf(await h.api(`/app/api/tickets/${victims}/close`, MALLORY, post({})))).toBe(404);
    for (const id of ["T0", "T99999999", "t1", "1", "T1x", "..%2FT1"]) {
      expect(await statusOf(await h.api(`/app/api/tickets/${id}`, MALLORY)), id).toBe(404);
    }
    // Nothing of the victim's shows in Mallory's list.
    expect(await (await h.api("/app/api/tickets", MALLORY)).json()).toEqual({ ok: true, tickets: [] });
    await victimUntouched();
  });

  it("refuse a text too long, empty, not a text, or a body with more than it takes; a huge body 413", async () => {
    const cases: unknown[] = [
      { text: "x".repeat(4001) },
      { text: "   " },
      { text: "" },
      { text: 42 },
      { text: ["a"] },
      { text: "hi", ticket_id: victims },
      { text: "hi", customer_id: VICTIM.id },
      { text: "hi", photo: "AgACAgIAAx" },
      {},
    ];
    // Each from a customer of its own: a refused write spends the orders budget too (6 a minute).
    let attacker = 8_700;
    for (const body of cases) {
      const as = { id: attacker++, first_name: "Mallory" };
      expect(await statusOf(await h.api("/app/api/tickets", as, post(body))), JSON.stringify(body)).toBe(400);
      expect(await h.t.deps.backoffice.tickets.current(as.id)).toBeUndefined();
    }
    expect(await statusOf(await h.api("/app/api/tickets", MALLORY, post({ text: "x".repeat(30_000) })))).toBe(
      413,
    );
    expect(
      await statusOf(await h.api(`/app/api/tickets/${victims}/close`, VICTIM, post({ force: true }))),
    ).toBe(400);
    expect(await h.t.deps.backoffice.tickets.current(MALLORY.id)).toBeUndefined();
    await victimUntouched();
  });

  it("hold a flood of messages to the orders budget (429 with Retry-After), then the ticket's own cap", async () => {
    const answers: Response[] = [];
    for (let i = 0; i < 10; i++)
      answers.push(await h.api("/app/api/tickets", FLOODER, post({ text: `spam ${i}` })));
    const statuses = await Promise.all(answers.map(statusOf));
    expect(statuses.filter((s) => s === 200)).toHaveLength(6);
    expect(statuses.slice(6)).toEqual([429, 429, 429, 429]);
    expect(Number(answers[6]?.headers.get("retry-after"))).toBeGreaterThan(0);
    const ticket = await h.t.deps.backoffice.tickets.current(FLOODER.id);
    expect(ticket?.count).toBe(6);
    // Past the budget, a ticket takes no more than this many messages waiting for an answer.
    for (let i = ticket?.count ?? 0; i < TICKET_MAX_UNANSWERED; i++) {
      await h.t.deps.backoffice.tickets.write(FLOODER.id, { text: `more ${i}` });
    }
    expect((await h.t.deps.backoffice.tickets.write(FLOODER.id, { text: "over" })).status).toBe("too-many");
  });
});

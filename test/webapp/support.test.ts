import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TicketResponse, TicketsResponse } from "../../src/webapp/schemas-support.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { createWebappHarness, type WebappHarness } from "./harness.js";

/**
 * The cabinet's Support screen: the customer's tickets with their threads, writing (a new ticket,
 * then into the live one), staff's answers shown, Close, and a new ticket after it; staff hear of
 * each message as from the chat (privately here: no staff group).
 */

const OWNER = 8_500;
const ZOE = { id: 8_501, first_name: "Zoe", language_code: "en" };
let h: WebappHarness;

beforeAll(async () => {
  h = await createWebappHarness({ adminIds: [OWNER], guard: { ordersPerUser: 60, perUser: 1000 } });
  await seedCustomer(h.t.deps, ZOE.id, "en");
});
afterAll(() => h.close());

const post = (body: unknown): RequestInit => ({ method: "POST", body: JSON.stringify(body) });
/** An answer of the Support routes: a list, or one ticket (each read as the page reads it). */
type Wire = Partial<TicketsResponse> & Partial<TicketResponse>;
const json = async (res: Response): Promise<{ status: number; body: Wire }> => ({
  status: res.status,
  body: (await res.json()) as Wire,
});

describe("the cabinet's Support screen", () => {
  let id = "";

  it("lists no tickets at first, then opens one with the first message", async () => {
    expect(await json(await h.api("/app/api/tickets", ZOE))).toEqual({
      status: 200,
      body: { ok: true, tickets: [] },
    });
    const written = await json(
      await h.api("/app/api/tickets", ZOE, post({ text: "  The app says timeout  " })),
    );
    expect(written.status).toBe(200);
    id = written.body.ticket?.id ?? "";
    expect(written.body.ticket).toMatchObject({
      id: expect.stringMatching(/^T\d+$/),
      state: "open",
      state_text: "⏳ waiting for support",
      closable: true,
      messages: [{ from: "you", text: "The app says timeout", photo: false }],
    });
    // The owner (tickets permission) heard of it in the chat, with a button to the ticket.
    const notice = h.t.telegram.callsOf("sendMessage").find((c) => c.chatId === OWNER);
    expect(notice?.params.text).toBe(`🎫 ${id} · C${ZOE.id} wrote:\n\nThe app says timeout`);
  });

  it("writes into the live ticket, shows staff's answer, and takes a long message in any script", async () => {
    const long = "Ж".repeat(4000);
    const more = await json(await h.api("/app/api/tickets", ZOE, post({ text: long })));
    expect(more.body.ticket?.id).toBe(id);
    await h.t.deps.backoffice.tickets.answer(OWNER, id, { text: "Reinstall the profile" }, "test:answer-1");
    const shown = await json(await h.api(`/app/api/tickets/${id}`, ZOE));
    expect(shown.body.ticket?.state).toBe("answered");
    expect(shown.body.ticket?.messages.map((m) => [m.from, m.text.length])).toEqual([
      ["you", 20],
      ["you", 4000],
      ["support", 21],
    ]);
    // The answer reached the chat too.
    const toZoe = h.t.telegram.callsOf("sendMessage").filter((c) => c.chatId === ZOE.id);
    expect(toZoe.map((c) => c.params.text)).toEqual([`💬 Support · ticket ${id}\n\nReinstall the profile`]);
  });

  it("closes it; the next message opens a new ticket, listed first", async () => {
    const closed = await json(await h.api(`/app/api/tickets/${id}/close`, ZOE, post({})));
    expect(closed.body.ticket).toMatchObject({ id, state: "closed", closable: false });
    const again = await json(await h.api(`/app/api/tickets/${id}/close`, ZOE, post({})));
    expect(again.body.ticket).toMatchObject({ id, state: "closed" });
    const next = await json(await h.api("/app/api/tickets", ZOE, post({ text: "New issue" })));
    expect(next.body.ticket?.id).not.toBe(id);
    const list = await json(await h.api("/app/api/tickets", ZOE));
    expect(list.body.tickets?.map((t) => t.id)).toEqual([next.body.ticket?.id, id]);
  });
});

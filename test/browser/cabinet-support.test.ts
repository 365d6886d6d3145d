import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffKeys } from "../../src/domain/staff/index.js";
import { seedCustomer } from "../helpers/shop-seed.js";
import { type CabinetRig, type PageUser, startCabinetRig } from "./rig.js";

/**
 * Issue 28: support tickets in the cabinet in a real browser: More → Support, a message typed and
 * sent opens a ticket shown with its thread, staff's answer appears there, and Close (confirmed)
 * closes it.
 */

let rig: CabinetRig;
const SUPPORT = 76_000;

beforeAll(async () => {
  rig = await startCabinetRig();
  // A support member (the rig has no owner to add one through the roster).
  await rig.h.t.redis.hset(staffKeys.roles, String(SUPPORT), "support");
}, 60_000);

afterAll(() => rig?.close());

describe("support in the cabinet", () => {
  it("writes to support, shows the answer in the thread, and closes the ticket", async () => {
    const who: PageUser = { id: 76_001, first_name: "Ida", language_code: "en" };
    await seedCustomer(rig.h.t.deps, who.id, "en");
    const p = await rig.open(who);
    await p.press("More", "nav");
    await p.until(`document.querySelector("#view-more [data-section='tickets'] textarea")`);
    expect(await p.text("#view-more [data-section='tickets']")).toContain("You have no tickets yet.");

    await p.page.type("#view-more [data-section='tickets'] textarea", "The connection drops every hour");
    await p.press("Send", "#view-more [data-section='tickets']");
    await p.until(`document.querySelector("#view-more [data-section='tickets'] .thread li.mine")`);
    const ticket = await rig.h.t.deps.backoffice.tickets.current(who.id);
    expect(ticket?.state).toBe("open");
    const section = await p.text("#view-more [data-section='tickets']");
    expect(section).toContain(ticket?.id ?? "?");
    expect(section).toContain("The connection drops every hour");
    expect(section).toContain("⏳ waiting for support");

    await rig.h.t.deps.backoffice.tickets.answer(
      SUPPORT,
      ticket?.id ?? "",
      { text: "Which location?" },
      "test:b1",
    );
    await p.press("More", "nav");
    await p.until(`document.querySelector("#view-more [data-section='tickets'] .thread li.theirs")`);
    expect(await p.text("#view-more [data-section='tickets'] .thread li.theirs")).toContain(
      "Which location?",
    );

    // The "Sent" toast is gone first (it sits over the bottom of the page for a moment).
    await p.until(`document.getElementById("toast").hidden`);
    await p.press("Close the ticket", "#view-more [data-section='tickets']");
    await p.press("Close the ticket", "#sheet");
    await p.until(
      `document.querySelector("#view-more [data-section='tickets'] .pill")?.textContent.includes("closed")`,
    );
    expect(await p.text("#view-more [data-section='tickets']")).not.toContain("Close the ticket");
    expect((await rig.h.t.deps.backoffice.tickets.get(ticket?.id ?? ""))?.state).toBe("closed");
    expect(p.errors).toEqual([]);
    await p.screenshot("support");
  });
});

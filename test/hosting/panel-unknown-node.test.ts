import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { HostingApiError, isHostingError } from "../../src/hosting/errors.js";
import { PanelApi, PanelUnknownNodeError } from "../../src/hosting/panel/index.js";
import { fail } from "../fakes/http-fake.js";
import { FakePanelApi } from "../fakes/panel-api.js";
import { rejectionOf } from "../helpers/errors.js";

/*
 * Both "no such client" and "no such node_id" answer 404 through `fed/lproxy` (not-shown.md).
 * The main panel's federation list tells them apart: a node it does not list is unknown, and an
 * unknown node must never read as "the client is absent there".
 */

const RETRY = { attempts: 3, baseDelayMs: 2, maxDelayMs: 10 };
const fake = new FakePanelApi({ token: "t", nodes: [{ id: "2" }] });
let panel: PanelApi;

beforeAll(async () => {
  await fake.start();
  panel = new PanelApi({ baseUrl: fake.url, token: () => "t", retry: RETRY });
});

afterAll(async () => {
  await fake.stop();
});

beforeEach(() => {
  fake.reset();
});

describe("PanelApi: client absent vs unknown node", () => {
  it("findClient: the client, or undefined where the location lacks it (main and a connected panel)", async () => {
    fake.putClient("2", { name: "a" });
    expect((await panel.at("2").findClient("a"))?.name).toBe("a");
    expect(await panel.at("2").findClient("b")).toBeUndefined();
    expect(await panel.findClient("b")).toBeUndefined();
    expect(await panel.at("main").findClient("b")).toBeUndefined();
  });

  it("findClient and deleteClientIfPresent at an unknown node_id throw PanelUnknownNodeError, not 'absent'", async () => {
    const err = await rejectionOf(panel.at("9").findClient("a"), PanelUnknownNodeError);
    expect(err.nodeId).toBe("9");
    expect(err.message).toMatch(/node_id 9/);
    // It is not a "not_found" a caller could read as "absent".
    expect(isHostingError(err, "not_found")).toBe(false);
    expect(err.cause).toBeInstanceOf(HostingApiError);
    await rejectionOf(panel.at("9").deleteClientIfPresent("a"), PanelUnknownNodeError);
  });

  it("deleteClientIfPresent: true when deleted, false when the location lacks it", async () => {
    fake.putClient("2", { name: "a" });
    fake.putClient("main", { name: "m" });
    expect(await panel.at("2").deleteClientIfPresent("a")).toBe(true);
    expect(await panel.at("2").deleteClientIfPresent("a")).toBe(false);
    expect(await panel.deleteClientIfPresent("m")).toBe(true);
    expect(await panel.deleteClientIfPresent("m")).toBe(false);
  });

  it("a main panel without federation (fed/lagg 404) knows no node", async () => {
    fake.failNext("GET", "/api/fed/lagg", fail(404, "not_found"));
    await rejectionOf(panel.at("2").findClient("zz"), PanelUnknownNodeError);
  });

  it("when the federation list cannot be read, the 404 is not taken for 'absent' either", async () => {
    fake.failNext("GET", "/api/fed/lagg", fail(503, "busy"), 3);
    const err = await rejectionOf(panel.at("2").findClient("zz"), HostingApiError);
    expect(err.kind).toBe("unavailable");
  });

  it("a create never answers 404 for a missing client: at a node it means an unknown node_id", async () => {
    const err = await rejectionOf(panel.at("9").createClient({ name: "a" }), PanelUnknownNodeError);
    expect(err.nodeId).toBe("9");
    // The plain calls keep the raw 404 (ambiguous); findClient / deleteClientIfPresent tell.
    await rejectionOf(panel.at("9").getClient("a"), HostingApiError);
  });
});

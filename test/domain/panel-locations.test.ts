import { describe, expect, it } from "vitest";
import {
  checkUuid,
  PanelUuidConflictError,
  ProvisioningError,
  sameUuid,
  settleAll,
  TERM_TOLERANCE_S,
  termMatches,
} from "../../src/domain/provisioning/index.js";
import { HostingApiError } from "../../src/hosting/errors.js";
import type { PanelClient } from "../../src/hosting/panel/index.js";
import { PanelUnknownNodeError } from "../../src/hosting/panel/index.js";

/** The multi-location rules the provisioner and the admin's PanelClients share (one definition). */

const UUID = "0f8fad5b-d9cb-469f-a165-70867728950e";
const client = (uuid: string): PanelClient => ({
  name: "alice",
  uuid,
  expiresAt: 0,
  deviceLimit: 0,
  devicesCount: 0,
  trafficUsedGb: 0,
  trafficLimitGb: 0,
  subscriptionUrl: undefined,
  inboundIds: undefined,
  channels: undefined,
  wg: undefined,
});

describe("panel location rules", () => {
  it("a final term within the tolerance of the target matches; one second more does not", () => {
    expect(TERM_TOLERANCE_S).toBe(60);
    expect(termMatches(1_000 + 60, 1_000)).toBe(true);
    expect(termMatches(1_000 - 60, 1_000)).toBe(true);
    expect(termMatches(1_000 + 61, 1_000)).toBe(false);
  });

  it("a client is ours by its UUID, case aside; another UUID is a permanent conflict", () => {
    expect(sameUuid(client(UUID.toUpperCase()), UUID)).toBe(true);
    expect(checkUuid(client(UUID), { name: "alice", uuid: UUID }, "2").uuid).toBe(UUID);
    const err = (() => {
      try {
        checkUuid(client("11111111-1111-4111-8111-111111111111"), { name: "alice", uuid: UUID }, "2");
      } catch (e) {
        return e;
      }
    })();
    expect(err).toBeInstanceOf(PanelUuidConflictError);
    expect(err).toBeInstanceOf(ProvisioningError);
    expect((err as PanelUuidConflictError).permanent).toBe(true);
    expect((err as Error).message).toMatch(/another uuid/);
  });

  it("waits for every location, then throws a permanent failure first (an unknown node is one)", async () => {
    let finished = false;
    const slow = new Promise<void>((resolve) => setImmediate(resolve)).then(() => {
      finished = true;
    });
    const transient = Promise.reject(new Error("timeout"));
    const cause = new HostingApiError(
      { api: "panel", method: "GET", endpoint: "GET /x" },
      404,
      "no",
      undefined,
    );
    const unknown = Promise.reject(new PanelUnknownNodeError("9", cause));
    const err = await settleAll([transient, slow, unknown]).catch((e: unknown) => e);
    expect(finished).toBe(true);
    expect(err).toBeInstanceOf(ProvisioningError);
    expect((err as ProvisioningError).permanent).toBe(true);
    expect((err as Error).message).toMatch(/unknown node_id/);
    await expect(
      settleAll([Promise.reject(new Error("first")), Promise.reject(new Error("second"))]),
    ).rejects.toThrow("first");
  });
});

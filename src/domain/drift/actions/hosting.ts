import { isHostingError } from "#src/hosting/errors.js";
import type { HostingClients } from "#src/hosting/index.js";
import type { PanelClient } from "#src/hosting/panel/index.js";
import { type AccessRef, GB_BYTES } from "../../books/index.js";
import type { ProvisionerFor } from "../../provisioning/index.js";
import { ProvisioningError } from "../../provisioning/index.js";
import type { OrphanRef } from "../findings.js";

/** A client as the hosting side shows it now. */
export interface LiveClient {
  uuid: string | undefined;
  /** Expiry (ms); 0 = none. */
  expiresAt: number;
  /** GB; 0 = unlimited. */
  limitGb: number;
  usedBytes: number;
  /** 0 = unlimited (xui has none). */
  devices: number;
  /** Panel: the locations it is on, with each one's inbound ids. */
  locations?: { id: string; inboundIds: string[] }[];
}

/**
 * The few hosting reads and deletes the admins' drift decisions need that the Provisioner does not
 * give by itself: is a subscription's client there (on every location), what an orphan looks like
 * now, and deleting an orphan (idempotent). "Absent" is only concluded from a 404 about the client.
 */
export class DriftHosting {
  constructor(
    private readonly hosting: Pick<HostingClients, "account" | "panel" | "node">,
    private readonly provisioner: ProvisionerFor,
  ) {}

  /** Whether the client of `ref` is there; a panel client must be on every one of its locations. */
  async present(ref: AccessRef): Promise<boolean> {
    if (ref.kind === "panel") {
      const panel = this.panel();
      const found = await Promise.all(ref.locations.map((l) => panel.at(l).findClient(ref.name)));
      return found.every((c) => c !== undefined);
    }
    return (await this.find(ref)) !== undefined;
  }

  /** The orphan (or any client) as it is now; undefined when it is not there. */
  async find(ref: OrphanRef | AccessRef): Promise<LiveClient | undefined> {
    if (ref.kind === "panel") return this.findPanel(ref.name, ref.locations);
    try {
      return ref.kind === "xui" ? await this.findXui(ref.serverId, ref.name) : await this.findNode(ref.name);
    } catch (err) {
      if (isAbsent(err)) return undefined;
      throw err;
    }
  }

  /** Deletes the client everywhere it is; "already" when it was nowhere. */
  async remove(ref: OrphanRef): Promise<"done" | "already"> {
    if (ref.kind === "panel") {
      const panel = this.panel();
      const deleted = await Promise.all(
        ref.locations.map((l) => panel.at(l).deleteClientIfPresent(ref.name)),
      );
      return deleted.some(Boolean) ? "done" : "already";
    }
    if (!(await this.find(ref))) return "already";
    await this.provisioner(ref.kind).remove(
      ref.kind === "xui"
        ? { kind: "xui", serverId: ref.serverId, name: ref.name }
        : { kind: "node", name: ref.name },
    );
    return "done";
  }

  private async findPanel(name: string, locations: string[]): Promise<LiveClient | undefined> {
    const panel = this.panel();
    const found = await Promise.all(locations.map((l) => panel.at(l).findClient(name)));
    const on = locations.flatMap((id, i) => {
      const client = found[i];
      return client ? [{ id, client }] : [];
    });
    const primary: PanelClient | undefined = (on.find((l) => l.id === "main") ?? on[0])?.client;
    if (!primary) return undefined;
    return {
      uuid: primary.uuid,
      expiresAt: primary.expiresAt > 0 ? primary.expiresAt * 1000 : 0,
      limitGb: primary.trafficLimitGb,
      usedBytes: Math.round(primary.trafficUsedGb * GB_BYTES),
      devices: primary.deviceLimit,
      locations: on.map((l) => ({ id: l.id, inboundIds: l.client.inboundIds ?? [] })),
    };
  }

  private async findXui(serverId: number, name: string): Promise<LiveClient> {
    const c = await this.hosting.account.getClient(serverId, name);
    return {
      uuid: c.uuid,
      expiresAt: Math.max(c.expiryMs, 0),
      limitGb: c.totalGb,
      usedBytes: c.upBytes + c.downBytes,
      devices: 0,
    };
  }

  private async findNode(name: string): Promise<LiveClient> {
    const node = this.hosting.node;
    if (!node) throw new ProvisioningError("the node backend is not configured", true);
    const client = await node.getClient(name);
    const state = await this.provisioner("node").state({ kind: "node", name });
    return {
      uuid: client.uuid,
      expiresAt: state.expiresAt,
      limitGb: state.limitBytes / GB_BYTES,
      usedBytes: state.usedBytes,
      devices: client.deviceLimit ?? 0,
    };
  }

  private panel() {
    const panel = this.hosting.panel;
    if (!panel) throw new ProvisioningError("the panel backend is not configured", true);
    return panel;
  }
}

/** A 404 about the client (not the node's `not_found` for a missing path). */
function isAbsent(err: unknown): boolean {
  return isHostingError(err, "not_found") && err.code !== "not_found";
}

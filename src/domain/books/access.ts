import { z } from "zod";

/**
 * Where a customer's access lives on the hosting side, enough to find it again. Kept on the
 * order from the first step on (so a retry goes to the same server/name/UUID) and then on the
 * subscription. JSON-serialisable.
 */
export type AccessRef =
  | { kind: "xui"; serverId: number; name: string; uuid?: string; subId?: string }
  | {
      kind: "panel";
      name: string;
      uuid: string;
      /** Location ids: `main` or federation node_ids, as in the plan. */
      locations: string[];
      /**
       * Optional (set by place/ensure from the plan): each location's inbound ids, and the plan's
       * channels and WireGuard switch. The panel has no ban switch, so disabling empties the
       * client's inbound membership; these let `setEnabled(ref, true)` put it back.
       */
      inbounds?: Record<string, string[]>;
      channels?: string[];
      wg?: boolean;
    }
  | { kind: "node"; name: string; uuid?: string };

/** What the customer receives. */
export interface AccessLinks {
  /** VLESS links to copy (one or more). */
  links: string[];
  /** One subscription URL for VPN apps. */
  subscriptionUrl: string | undefined;
}

export interface AccessState {
  /** Expiry in ms since the epoch; 0 = no expiry. */
  expiresAt: number;
  /** Traffic limit in bytes; 0 = unlimited. */
  limitBytes: number;
  usedBytes: number;
  enabled: boolean;
}

/** Bytes in one GB as the hosting APIs count traffic. */
export const GB_BYTES = 1024 ** 3;

/** An AccessRef as stored (JSON on orders and subscriptions), checked. */
export const accessRef = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("xui"),
    serverId: z.number(),
    name: z.string(),
    uuid: z.string().optional(),
    subId: z.string().optional(),
  }),
  z.object({
    kind: z.literal("panel"),
    name: z.string(),
    uuid: z.string(),
    locations: z.array(z.string()),
    inbounds: z.record(z.string(), z.array(z.string())).optional(),
    channels: z.array(z.enum(["main", "reality", "bs", "wscdn"])).optional(),
    wg: z.boolean().optional(),
  }),
  z.object({ kind: z.literal("node"), name: z.string(), uuid: z.string().optional() }),
]);

export function parseRef(value: string): AccessRef {
  return accessRef.parse(JSON.parse(value));
}

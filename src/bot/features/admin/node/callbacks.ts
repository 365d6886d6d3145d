import { z } from "zod";
import { type CallbackCodec, callbackCodec, mappedCodec } from "#src/render/callback-data.js";

/**
 * Callback data of the node section, typed per action: a page, a client or peer reference (the
 * name itself, or `~<hash>` with the name kept in Redis when it does not fit), a one-time token
 * of a confirmation, or the fixed target of a renewal's "Try again". On the wire it stays
 * `a.n:<act>:<arg>:<tok>`, where `arg` holds the page or reference and `tok` the token or target.
 */

/** Actions on one client, each naming it. */
const CLIENT_ACTS = ["card", "qr", "renew", "limits", "rename", "ban", "unban", "del"] as const;
/** Actions that carry nothing. */
const PLAIN_ACTS = [
  "home",
  "name",
  "name-set",
  "peers",
  "peer-add",
  "fed",
  "fed-set",
  "fed-del",
  "backups",
  "traffic",
  "logs",
] as const;

export type NodeClientAct = (typeof CLIENT_ACTS)[number];

export type NodeCb =
  | { act: (typeof PLAIN_ACTS)[number] }
  | { act: "list"; page: number }
  | { act: "create" }
  | { act: NodeClientAct; client: string }
  /** Confirms a delete with its one-time token. */
  | { act: "del-ok"; client: string; token: string }
  /** "Try again" of a renewal: the target it carries (Unix seconds); absent when malformed (forged). */
  | { act: "renew-to"; client: string; target?: number | undefined }
  | { act: "peer-del"; peer: string }
  | { act: "peer-del-ok"; peer: string; token: string }
  | { act: "fed-del-ok" | "backup-new"; token: string };

export type NodeAct = NodeCb["act"];

const wire = callbackCodec("a.n", {
  act: z.enum([
    ...PLAIN_ACTS,
    ...CLIENT_ACTS,
    "list",
    "create",
    "del-ok",
    "renew-to",
    "peer-del",
    "peer-del-ok",
    "fed-del-ok",
    "backup-new",
  ]),
  arg: z.string().max(48).default(""),
  tok: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,16}$/)
    .default(""),
});

type Wire = { act: NodeAct; arg: string; tok: string };

const isClientAct = (act: string): act is NodeClientAct => (CLIENT_ACTS as readonly string[]).includes(act);

function toWire(data: NodeCb): Wire {
  switch (data.act) {
    case "list":
      return { act: data.act, arg: String(data.page), tok: "" };
    case "del-ok":
      return { act: data.act, arg: data.client, tok: data.token };
    case "renew-to":
      return { act: data.act, arg: data.client, tok: data.target === undefined ? "" : String(data.target) };
    case "peer-del":
      return { act: data.act, arg: data.peer, tok: "" };
    case "peer-del-ok":
      return { act: data.act, arg: data.peer, tok: data.token };
    case "fed-del-ok":
    case "backup-new":
      return { act: data.act, arg: "", tok: data.token };
    default:
      return { act: data.act, arg: "client" in data ? data.client : "", tok: "" };
  }
}

/** A page number; anything else is the first page. */
const pageOf = (arg: string): number => (/^\d{1,5}$/.test(arg) ? Number(arg) : 0);
/** A target in whole Unix seconds; undefined when malformed. */
const secondsOf = (tok: string): number | undefined =>
  /^[1-9]\d{0,10}$/.test(tok) ? Number(tok) : undefined;

function fromWire({ act, arg, tok }: Wire): NodeCb {
  if (isClientAct(act)) return { act, client: arg };
  switch (act) {
    case "list":
      return { act, page: pageOf(arg) };
    case "del-ok":
      return { act, client: arg, token: tok };
    case "renew-to":
      return { act, client: arg, target: secondsOf(tok) };
    case "peer-del":
      return { act, peer: arg };
    case "peer-del-ok":
      return { act, peer: arg, token: tok };
    case "fed-del-ok":
    case "backup-new":
      return { act, token: tok };
    default:
      return { act };
  }
}

export const nodeCb: CallbackCodec<NodeCb> = mappedCodec(wire, toWire, fromWire);

/** Packs node callback data (a shorthand for `nodeCb.pack`). */
export const ncb = (data: NodeCb): string => nodeCb.pack(data);

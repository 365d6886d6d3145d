import { z } from "zod";
import {
  POWER_ACTIONS,
  type PowerAction,
  XRAY_VERSIONS,
  type XrayVersion,
} from "#src/hosting/account/index.js";
import { type CallbackCodec, callbackCodec } from "#src/render/callback-data.js";

/** Actions on one server that carry nothing else. */
export type ServerAct = "card" | "stats" | "extend" | "config" | "regen" | "core";

/** What a button of the servers section asks for, with typed fields per action. */
export type ServersAction =
  | { act: "list"; page: number }
  | { act: ServerAct; server: number }
  | { act: "power"; server: number; action: PowerAction }
  /** `token` is the confirmation's one-time token (as are the other `-ok` ones). */
  | { act: "power-ok"; server: number; action: PowerAction; token: string }
  /** `seen`: the expiry (Unix seconds) the admin confirmed; a tap after it changed extends nothing. */
  | { act: "extend-ok"; server: number; seen: number; token: string }
  | { act: "regen-ok"; server: number; token: string }
  /** Asks to confirm installing `version`. */
  | { act: "core-set"; server: number; version: XrayVersion }
  | { act: "core-ok"; server: number; version: XrayVersion; token: string }
  /** A confirmation whose data no longer makes sense (e.g. a forged expiry): start again from the card. */
  | { act: "stale"; server: number };

/**
 * On the wire: `a.s:<act>:<id>:<arg>`, where `id` is the server (the page for `list`) and `arg`
 * the power action, the version, or `<what>.<token>` for the confirmations (tokens are base64url,
 * never a "."; versions have dots, so the token is what follows the last one).
 */
const ACTS = z.enum([
  "list",
  "card",
  "stats",
  "power",
  "power-ok",
  "extend",
  "extend-ok",
  "config",
  "regen",
  "regen-ok",
  "core",
  "core-set",
  "core-ok",
]);

const wire = callbackCodec("a.s", {
  act: ACTS,
  id: z.coerce.number().int().min(0),
  arg: z.string().max(32).default(""),
});

const SEP = ".";
const SEEN = /^\d{1,12}$/;

function powerAction(raw: string): PowerAction | undefined {
  return (POWER_ACTIONS as readonly string[]).includes(raw) ? (raw as PowerAction) : undefined;
}

function xrayVersion(raw: string): XrayVersion | undefined {
  return (XRAY_VERSIONS as readonly string[]).includes(raw) ? (raw as XrayVersion) : undefined;
}

/** `what.token` split at the last dot; no dot: all of it is `what` and the token is empty. */
function withToken(arg: string): [string, string] {
  const cut = arg.lastIndexOf(SEP);
  return cut < 0 ? [arg, ""] : [arg.slice(0, cut), arg.slice(cut + 1)];
}

function argOf(a: ServersAction): string {
  switch (a.act) {
    case "power":
      return a.action;
    case "power-ok":
      return `${a.action}${SEP}${a.token}`;
    case "extend-ok":
      return `${a.seen}${SEP}${a.token}`;
    case "regen-ok":
      return a.token;
    case "core-set":
      return a.version;
    case "core-ok":
      return `${a.version}${SEP}${a.token}`;
    default:
      return "";
  }
}

function idOf(a: ServersAction): number {
  return a.act === "list" ? a.page : a.server;
}

/** The typed action of well-formed wire data; undefined for what no button of ours sends. */
function fromWire(act: z.output<typeof ACTS>, server: number, arg: string): ServersAction | undefined {
  switch (act) {
    case "list":
      return { act, page: server };
    case "power": {
      const action = powerAction(arg);
      return action && { act, server, action };
    }
    case "power-ok": {
      const [raw, token] = withToken(arg);
      const action = powerAction(raw);
      return action && { act, server, action, token };
    }
    case "extend-ok": {
      const [raw, token] = withToken(arg);
      return SEEN.test(raw) ? { act, server, seen: Number(raw), token } : { act: "stale", server };
    }
    case "regen-ok":
      return { act, server, token: arg };
    case "core-set": {
      const version = xrayVersion(arg);
      return version && { act, server, version };
    }
    case "core-ok": {
      const [raw, token] = withToken(arg);
      const version = xrayVersion(raw);
      return version && { act, server, version, token };
    }
    default:
      return { act, server };
  }
}

export const serversCb: CallbackCodec<ServersAction> = {
  prefix: wire.prefix,
  pattern: wire.pattern,
  pack: (a) => wire.pack({ act: a.act === "stale" ? "card" : a.act, id: idOf(a), arg: argOf(a) }),
  unpack(raw) {
    const data = wire.unpack(raw);
    return data && fromWire(data.act, data.id, data.arg);
  },
};

import { z } from "zod";
import type { NameRefs } from "#src/bot/name-refs.js";
import { type CallbackCodec, callbackCodec, cbPage } from "#src/render/callback-data.js";

/** Actions on one client; `ref` is its name, or `~<hash>` with the name kept in Redis. */
export type PanelClientAct = "card" | "qr" | "ext" | "term" | "lim" | "del";

/** Buttons of the create dialog's steps (answered by the dialog; outside it they are outdated). */
export type PanelPickerAct = "pick-go" | "pick-x" | "ib-go" | "mk-go";

/** What a button of the Panel section asks for, with typed fields per action. */
export type PanelAction =
  | { act: "home" }
  /** Create a multi-location client. */
  | { act: "new" }
  | { act: PanelPickerAct }
  | { act: "list"; page: number }
  | { act: PanelClientAct; ref: string }
  /** The confirmed extend to an absolute expiry (Unix seconds); absent when unreadable. */
  | { act: "ext-ok"; ref: string; target?: number }
  /** The confirmed delete: `token` is the confirmation's one-time token. */
  | { act: "del-ok"; ref: string; token: string }
  /** Complete the missing locations of a create plan. */
  | { act: "mk-retry"; plan: string }
  /** Toggle a location (`pick`) or an inbound (`ib`) in the create dialog, by its index. */
  | { act: "pick" | "ib"; index: number };

/**
 * On the wire: `a.p:<act>:<ref>:<arg>`, where `ref` names a client and `arg` is the page
 * (`list`), the absolute expiry (`ext-ok`), the one-time token (`del-ok`), the plan id
 * (`mk-retry`) or an index (`pick`, `ib`).
 */
const wire = callbackCodec("a.p", {
  act: z.enum([
    "home",
    "list",
    "card",
    "qr",
    "ext",
    "ext-ok",
    "term",
    "lim",
    "del",
    "del-ok",
    "new",
    "mk-retry",
    "pick",
    "pick-go",
    "pick-x",
    "ib",
    "ib-go",
    "mk-go",
  ]),
  ref: z.string().max(24).default(""),
  arg: z.string().max(16).default(""),
});

function wireOf(a: PanelAction): { act: PanelAction["act"]; ref: string; arg: string } {
  switch (a.act) {
    case "list":
      return { act: a.act, ref: "", arg: String(a.page) };
    case "ext-ok":
      return { act: a.act, ref: a.ref, arg: a.target === undefined ? "" : String(a.target) };
    case "del-ok":
      return { act: a.act, ref: a.ref, arg: a.token };
    case "mk-retry":
      return { act: a.act, ref: "", arg: a.plan };
    case "pick":
    case "ib":
      return { act: a.act, ref: "", arg: String(a.index) };
    default:
      return { act: a.act, ref: "ref" in a ? a.ref : "", arg: "" };
  }
}

/** Unix seconds as the confirmation carries them; undefined when not a plain whole number. */
function targetOf(arg: string): number | undefined {
  const n = Number(arg);
  return /^\d{1,12}$/.test(arg) && Number.isSafeInteger(n) ? n : undefined;
}

export const panelCb: CallbackCodec<PanelAction> = {
  prefix: wire.prefix,
  pattern: wire.pattern,
  pack: (a) => wire.pack(wireOf(a)),
  unpack(raw) {
    const data = wire.unpack(raw);
    if (!data) return undefined;
    const { act, ref, arg } = data;
    switch (act) {
      case "list":
        return { act, page: cbPage.safeParse(arg).data ?? 0 };
      case "ext-ok": {
        const target = targetOf(arg);
        return target === undefined ? { act, ref } : { act, ref, target };
      }
      case "del-ok":
        return { act, ref, token: arg };
      case "mk-retry":
        return { act, plan: arg };
      case "pick":
      case "ib": {
        const index = Number(arg);
        // A malformed index toggles nothing (it is checked against the choices).
        return { act, index: /^\d{1,4}$/.test(arg) ? index : -1 };
      }
      case "card":
      case "qr":
      case "ext":
      case "term":
      case "lim":
      case "del":
        return { act, ref };
      case "home":
      case "new":
        return { act };
      default:
        return { act };
    }
  },
};

export const listCb = (page = 0): string => panelCb.pack({ act: "list", page });
export const cardCb = (ref: string): string => panelCb.pack({ act: "card", ref });
export const homeCb = (): string => panelCb.pack({ act: "home" });

const REF_MAX = 24;

/** The `ref` naming a client: the name when it fits, else `~<hash>` with the name kept in Redis a week. */
export function clientRef(names: NameRefs, name: string): Promise<string> {
  return names.refer("panel", name, "panel", encodeURIComponent(name).length <= REF_MAX);
}

/** The client's name behind a reference; undefined when the Redis entry expired (an old menu). */
export function resolveClientRef(names: NameRefs, ref: string): Promise<string | undefined> {
  return names.resolve("panel", ref);
}

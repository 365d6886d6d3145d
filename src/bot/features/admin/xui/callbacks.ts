import { z } from "zod";
import type { NameRefs } from "#src/bot/name-refs.js";
import { type CallbackCodec, callbackCodec, cbPage } from "#src/render/callback-data.js";

/** Actions on one user; `ref` is the user's name, or `~<hash>` with the name kept in Redis. */
export type XuiUserAct = "card" | "limit" | "term" | "ban" | "unban" | "del";

/** What a button of the xui users section asks for, with typed fields per action. */
export type XuiAction =
  | { act: "list"; server: number; page: number }
  | { act: "create" | "inbounds"; server: number }
  | { act: XuiUserAct; server: number; ref: string }
  /** The confirmed delete: `token` is the confirmation's one-time token. */
  | { act: "del-ok"; server: number; ref: string; token: string };

/**
 * On the wire: `a.xu:<act>:<server>:<arg>`, where `arg` is the page (`list`), the user ref, or
 * `<ref>.<token>` (`del-ok`; tokens are 8 base64url characters, never a ".").
 */
const wire = callbackCodec("a.xu", {
  act: z.enum(["list", "card", "create", "limit", "term", "ban", "unban", "del", "del-ok", "inbounds"]),
  id: z.coerce.number().int().positive(),
  arg: z.string().max(40).default(""),
});

const TOKEN_SEP = ".";
const TOKEN_PLACEHOLDER = "x".repeat(8);
const ARG_MAX = 40;

function argOf(a: XuiAction): string {
  switch (a.act) {
    case "list":
      return String(a.page);
    case "create":
    case "inbounds":
      return "";
    case "del-ok":
      return `${a.ref}${TOKEN_SEP}${a.token}`;
    default:
      return a.ref;
  }
}

export const xuiCb: CallbackCodec<XuiAction> = {
  prefix: wire.prefix,
  pattern: wire.pattern,
  pack: (a) => wire.pack({ act: a.act, id: a.server, arg: argOf(a) }),
  unpack(raw) {
    const data = wire.unpack(raw);
    if (!data) return undefined;
    const { act, id: server, arg } = data;
    switch (act) {
      case "list":
        return { act, server, page: cbPage.safeParse(arg).data ?? 0 };
      case "create":
      case "inbounds":
        return { act, server };
      case "del-ok": {
        const cut = arg.lastIndexOf(TOKEN_SEP);
        if (cut < 0) return { act, server, ref: arg, token: "" };
        return { act, server, ref: arg.slice(0, cut), token: arg.slice(cut + 1) };
      }
      default:
        return { act, server, ref: arg };
    }
  },
};

/** True when the name itself can be the reference in every action, `del-ok` (the longest) included. */
function fitsDirectly(server: number, email: string): boolean {
  if (email.includes(TOKEN_SEP)) return false;
  if (`${email}${TOKEN_SEP}${TOKEN_PLACEHOLDER}`.length > ARG_MAX) return false;
  try {
    xuiCb.pack({ act: "del-ok", server, ref: email, token: TOKEN_PLACEHOLDER });
    return true;
  } catch {
    return false;
  }
}

/**
 * The `ref` naming a user: the name when it fits, else `~<hash>` with the name kept in Redis for
 * a week (the same name always gets the same hash, so a menu shown again refreshes the TTL).
 */
export function userRef(names: NameRefs, server: number, email: string): Promise<string> {
  return names.refer("xui", email, String(server), fitsDirectly(server, email));
}

/** The user's name behind a reference; undefined when the Redis entry expired (an old menu). */
export function resolveUserRef(names: NameRefs, ref: string): Promise<string | undefined> {
  return names.resolve("xui", ref);
}

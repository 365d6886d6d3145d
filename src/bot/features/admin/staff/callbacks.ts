import { z } from "zod";
import { ASSIGNABLE_ROLES, type Role } from "#src/domain/staff/index.js";
import { type CallbackCodec, callbackCodec, mappedCodec } from "#src/render/callback-data.js";

/**
 * Callback data of the Staff section, typed per action: the list, a member's card, adding one
 * (the dialog), giving a role, and removing (asked, then confirmed with a one-time token). On the
 * wire `a.sf:<act>:<id>:<arg>` (id 0 for the list and Add; arg: the role or the token). Whatever
 * it says, the guard lets only owners press it (`staff`) and the roster checks again.
 */
export type StaffCb =
  | { act: "list" | "add" }
  | { act: "card" | "rm"; id: number }
  | { act: "role"; id: number; role: Role }
  | { act: "rm-ok"; id: number; token: string };

export const STAFF_PREFIX = "a.sf";

const wire = callbackCodec(STAFF_PREFIX, {
  act: z.enum(["list", "add", "card", "rm", "role", "rm-ok"]),
  id: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  arg: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,24}$/)
    .default(""),
});
type Wire = NonNullable<ReturnType<typeof wire.unpack>>;

function toWire(data: StaffCb): Wire {
  switch (data.act) {
    case "list":
    case "add":
      return { act: data.act, id: 0, arg: "" };
    case "role":
      return { act: "role", id: data.id, arg: data.role };
    case "rm-ok":
      return { act: "rm-ok", id: data.id, arg: data.token };
    default:
      return { act: data.act, id: data.id, arg: "" };
  }
}

/** The action; one whose id or argument does not fit it shows the list. */
function fromWire({ act, id, arg }: Wire): StaffCb {
  if (act === "add") return { act };
  if (id <= 0) return { act: "list" };
  const role = ASSIGNABLE_ROLES.find((r) => r === arg);
  if (act === "role") return role ? { act, id, role } : { act: "card", id };
  if (act === "rm-ok") return arg ? { act, id, token: arg } : { act: "card", id };
  if (act === "card" || act === "rm") return { act, id };
  return { act: "list" };
}

export const staffCb: CallbackCodec<StaffCb> = mappedCodec(wire, toWire, fromWire);

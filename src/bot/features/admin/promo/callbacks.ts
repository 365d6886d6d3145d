import { z } from "zod";
import { PROMO_KINDS, type PromoKind } from "#src/domain/sales/index.js";
import { type CallbackCodec, callbackCodec, mappedCodec } from "#src/render/callback-data.js";

/**
 * Callback data of the promo codes section, typed per action: the list, a code's card (with its
 * uses), a new code (choose its kind, then the dialog), and disabling a code. On the wire it is
 * `a.pr:<act>:<arg>` (the code, or the kind); a code is re-read on arrival.
 */
export type PromoAdminCb =
  | { act: "list" }
  | { act: "card"; code: string }
  | { act: "new" }
  | { act: "kind"; kind: PromoKind }
  | { act: "off"; code: string };

const wire = callbackCodec("a.pr", {
  act: z.enum(["list", "card", "new", "kind", "off"]),
  arg: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,32}$/)
    .default(""),
});
type Wire = NonNullable<ReturnType<typeof wire.unpack>>;

function toWire(data: PromoAdminCb): Wire {
  if (data.act === "card" || data.act === "off") return { act: data.act, arg: data.code };
  if (data.act === "kind") return { act: "kind", arg: data.kind };
  return { act: data.act, arg: "" };
}

/** The action; an argument that does not fit it shows the list. */
function fromWire({ act, arg }: Wire): PromoAdminCb {
  if ((act === "card" || act === "off") && arg) return { act, code: arg.toUpperCase() };
  const kind = PROMO_KINDS.find((k) => k === arg);
  if (act === "kind" && kind) return { act, kind };
  if (act === "new") return { act };
  return { act: "list" };
}

export const promoAdminCb: CallbackCodec<PromoAdminCb> = mappedCodec(wire, toWire, fromWire);

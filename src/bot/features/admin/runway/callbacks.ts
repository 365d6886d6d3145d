import { z } from "zod";
import { type CallbackCodec, callbackCodec, mappedCodec } from "#src/render/callback-data.js";

/** The runway screen's buttons: the board, or the dialog setting a server's traffic package. */
export type RunwayCb = { act: "board" } | { act: "pkg"; server: number };

/** On the wire: `a.rw:<act>:<server>` (0 for the board). */
const wire = callbackCodec("a.rw", {
  act: z.enum(["board", "pkg"]),
  id: z.coerce.number().int().min(0).default(0),
});
type Wire = NonNullable<ReturnType<typeof wire.unpack>>;

/** A package press without a server (forged) shows the board. */
function fromWire({ act, id }: Wire): RunwayCb {
  return act === "pkg" && id > 0 ? { act, server: id } : { act: "board" };
}

export const runwayCb: CallbackCodec<RunwayCb> = mappedCodec(
  wire,
  (d) => ({ act: d.act, id: d.act === "pkg" ? d.server : 0 }),
  fromWire,
);

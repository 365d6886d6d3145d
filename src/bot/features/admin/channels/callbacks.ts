import { z } from "zod";
import { GATE_COVERAGES, type GateCoverage } from "#src/domain/catalog/index.js";
import { type CallbackCodec, callbackCodec, mappedCodec } from "#src/render/callback-data.js";

/**
 * The required channels screen's actions: show it, set the coverage to what the button says (a
 * repeated press of an old button sets the same), add a channel (asks for it), or remove one by
 * its chat id. On the wire `a.chan:<act>:<arg>`.
 */
export type ChannelsCb =
  | { act: "view" }
  | { act: "cover"; coverage: GateCoverage }
  | { act: "add" }
  | { act: "rm"; chatId: number };

const wire = callbackCodec("a.chan", {
  act: z.enum(["view", "cover", "add", "rm"]),
  arg: z
    .string()
    .regex(/^[a-z-]{0,20}$|^-?\d{1,16}$/)
    .default(""),
});
type Wire = NonNullable<ReturnType<typeof wire.unpack>>;

function toWire(data: ChannelsCb): Wire {
  if (data.act === "cover") return { act: "cover", arg: data.coverage };
  if (data.act === "rm") return { act: "rm", arg: String(data.chatId) };
  return { act: data.act, arg: "" };
}

/** The action; an argument that does not fit it (e.g. `cover:-100`) shows the screen. */
function fromWire({ act, arg }: Wire): ChannelsCb {
  const coverage = GATE_COVERAGES.find((c) => c === arg);
  if (act === "cover" && coverage) return { act, coverage };
  if (act === "rm" && /^-?\d{1,16}$/.test(arg) && Number.isSafeInteger(Number(arg)))
    return { act, chatId: Number(arg) };
  if (act === "add") return { act };
  return { act: "view" };
}

export const channelsCb: CallbackCodec<ChannelsCb> = mappedCodec(wire, toWire, fromWire);

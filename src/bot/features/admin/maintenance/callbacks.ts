import { z } from "zod";
import { type CallbackCodec, callbackCodec, mappedCodec } from "#src/render/callback-data.js";

/** The automatic maintenance's waits offered on the screen, in minutes. */
export const AUTO_CHOICES = [5, 15, 30, 60] as const;
/** The maintenance's lengths offered when the shop is closed, in hours (`undefined`: no end). */
export const END_CHOICES = [1, 2, 4, 8, 24] as const;

/**
 * Callback data of the maintenance section, typed per action: show it; open the shop, ending the
 * maintenance that began at `since` (a button of an earlier one ends nothing); set the automatic
 * mode's wait (none: off); close the shop (or change the message and end: a dialog); and the
 * dialog's own answers, the standard text and the length in hours. On the wire it stays
 * `a.mnt:<act>:<n>`.
 */
export type MaintenanceCb =
  | { act: "view" }
  | { act: "open"; since: number }
  | { act: "auto"; minutes: number | undefined }
  | { act: "close" }
  | { act: "std" }
  | { act: "end"; hours: number | undefined };

const wire = callbackCodec("a.mnt", {
  act: z.enum(["view", "open", "auto", "close", "std", "end"]),
  n: z.coerce.number().int().min(0).max(Number.MAX_SAFE_INTEGER).default(0),
});
type Wire = NonNullable<ReturnType<typeof wire.unpack>>;

function toWire(data: MaintenanceCb): Wire {
  switch (data.act) {
    case "open":
      return { act: "open", n: data.since };
    case "auto":
      return { act: "auto", n: data.minutes ?? 0 };
    case "end":
      return { act: "end", n: data.hours ?? 0 };
    default:
      return { act: data.act, n: 0 };
  }
}

/** The action; a number that does not fit it (an offered choice only) shows the section. */
function fromWire({ act, n }: Wire): MaintenanceCb {
  if (act === "open" && n > 0) return { act, since: n };
  if (act === "auto" && (n === 0 || AUTO_CHOICES.some((m) => m === n)))
    return { act, minutes: n === 0 ? undefined : n };
  if (act === "end" && (n === 0 || END_CHOICES.some((h) => h === n)))
    return { act, hours: n === 0 ? undefined : n };
  if (act === "close" || act === "std") return { act };
  return { act: "view" };
}

export const maintenanceCb: CallbackCodec<MaintenanceCb> = mappedCodec(wire, toWire, fromWire);

import { z } from "zod";
import { type CallbackCodec, callbackCodec, mappedCodec } from "#src/render/callback-data.js";

/**
 * The settings typed in by the admin (auto-extend is a toggle); `gift`: gift links' life in days;
 * `renew`: how many days before expiry customers' auto-renew runs; `runway`: the runway alerts'
 * thresholds in days; `move`: the runway (days) under which a bulk move of customers pauses.
 */
export const EDITABLE_SETTINGS = ["grace", "cost", "currency", "gift", "renew", "runway", "move"] as const;
export type EditableSetting = (typeof EDITABLE_SETTINGS)[number];

/**
 * Callback data of the settings section, typed per action: show it, set auto-extend to what the
 * button says (a repeated press of an old button sets the same), or ask for a new value of one
 * setting. On the wire it stays `a.set:<act>:<arg>` (`on`/`off`, or the setting's name).
 */
export type SettingsCb =
  | { act: "view" }
  | { act: "auto"; on: boolean }
  | { act: "edit"; setting: EditableSetting };

const wire = callbackCodec("a.set", {
  act: z.enum(["view", "auto", "edit"]),
  arg: z.enum(["", "on", "off", ...EDITABLE_SETTINGS]).default(""),
});
type Wire = NonNullable<ReturnType<typeof wire.unpack>>;

function toWire(data: SettingsCb): Wire {
  if (data.act === "auto") return { act: "auto", arg: data.on ? "on" : "off" };
  if (data.act === "edit") return { act: "edit", arg: data.setting };
  return { act: "view", arg: "" };
}

/** The action; an argument that does not fit it (e.g. `auto:grace`) shows the section. */
function fromWire({ act, arg }: Wire): SettingsCb {
  if (act === "auto" && (arg === "on" || arg === "off")) return { act, on: arg === "on" };
  const setting = EDITABLE_SETTINGS.find((s) => s === arg);
  if (act === "edit" && setting) return { act, setting };
  return { act: "view" };
}

export const settingsCb: CallbackCodec<SettingsCb> = mappedCodec(wire, toWire, fromWire);

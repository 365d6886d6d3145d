import { z } from "zod";
import { ROUTINGS, type Routing } from "#src/domain/staff/index.js";
import { type CallbackCodec, callbackCodec, mappedCodec } from "#src/render/callback-data.js";

/** The staff group screen's prefix (registered with the guard: `staff`, owners only). */
export const STAFF_GROUP_PREFIX = "a.grp";

/**
 * The staff group screen's actions: show it, set it up (asks for the group), where notices go,
 * the report's hour (the picker, an hour, or off), send the report now, make the topics again
 * (confirmed with a one-time token), stop using the group (confirmed). On the wire
 * `a.grp:<act>:<arg>`; an argument that does not fit its action shows the screen.
 */
export type StaffGroupCb =
  | { act: "view" }
  | { act: "setup" }
  | { act: "route"; routing: Routing }
  | { act: "hours" }
  | { act: "hour"; hour: number | undefined }
  | { act: "report" }
  | { act: "remake" }
  | { act: "remakeok"; token: string }
  | { act: "stop" }
  | { act: "stopok" };

const ACTS = [
  "view",
  "setup",
  "route",
  "hours",
  "hour",
  "report",
  "remake",
  "remakeok",
  "stop",
  "stopok",
] as const;

const wire = callbackCodec(STAFF_GROUP_PREFIX, {
  act: z.enum(ACTS),
  arg: z
    .string()
    .regex(/^[A-Za-z0-9_-]{0,16}$/)
    .default(""),
});
type Wire = NonNullable<ReturnType<typeof wire.unpack>>;

function toWire(data: StaffGroupCb): Wire {
  switch (data.act) {
    case "route":
      return { act: data.act, arg: data.routing };
    case "hour":
      return { act: data.act, arg: data.hour === undefined ? "off" : String(data.hour) };
    case "remakeok":
      return { act: data.act, arg: data.token };
    default:
      return { act: data.act, arg: "" };
  }
}

function fromWire({ act, arg }: Wire): StaffGroupCb {
  if (act === "route") {
    const routing = ROUTINGS.find((r) => r === arg);
    return routing ? { act, routing } : { act: "view" };
  }
  if (act === "hour") {
    if (arg === "off") return { act, hour: undefined };
    const hour = /^\d{1,2}$/.test(arg) ? Number(arg) : -1;
    return hour >= 0 && hour <= 23 ? { act, hour } : { act: "view" };
  }
  if (act === "remakeok") return arg ? { act, token: arg } : { act: "view" };
  return { act };
}

export const staffGroupCb: CallbackCodec<StaffGroupCb> = mappedCodec(wire, toWire, fromWire);

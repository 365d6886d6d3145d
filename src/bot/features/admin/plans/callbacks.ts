import { z } from "zod";
import { callbackCodec } from "#src/render/callback-data.js";

/** The plan fields an admin types a new value for. */
export const PLAN_FIELDS = ["price", "title_en", "title_ru", "days", "traffic", "devices"] as const;
export type PlanField = (typeof PLAN_FIELDS)[number];

/**
 * Callback data of the plan editor (`a.pl:<act>:<plan id>:<arg>`): the list, a plan's card, a
 * field to change (`arg` the field), retire / put back on sale, a new plan, the YAML export, and
 * after a reload the file's or the bot's version of a plan. Acts that change a plan carry the
 * version they were shown at (`arg`), so a stale button changes nothing.
 */
export const plansCb = callbackCodec("a.pl", {
  act: z.enum(["list", "card", "edit", "retire", "sale", "add", "export", "file", "keep", "save"]),
  id: z.string().max(32).default(""),
  arg: z.string().max(16).default(""),
});

/** The Save button of a change being previewed (inside the editing conversation). */
export const PLAN_SAVE = plansCb.pack({ act: "save", id: "", arg: "" });

/** A version carried by a button; undefined when it is not one. */
export function versionArg(arg: string): number | undefined {
  return /^\d{1,9}$/.test(arg) ? Number(arg) : undefined;
}

export function fieldArg(arg: string): PlanField | undefined {
  return PLAN_FIELDS.find((f) => f === arg);
}

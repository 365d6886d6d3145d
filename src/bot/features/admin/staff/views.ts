import { InlineKeyboard } from "grammy";
import type { BotContext } from "#src/bot/context.js";
import { issueConfirmation, type Translate } from "#src/bot/kit/index.js";
import type { View } from "#src/bot/views/show.js";
import { ASSIGNABLE_ROLES, type Role } from "#src/domain/staff/index.js";
import { html } from "#src/render/format.js";
import { adminHomeButton } from "../home.js";
import { staffCb } from "./callbacks.js";
import { personName, roleLabel } from "./words.js";

/** The confirmation key of removing `id` (its one-time token confirms nothing else). */
export const removeKey = (id: number) => `staff:rm:${id}`;

/** Someone's name for the screen (escaped): the one remembered for the staff, a customer's, or their id. */
export async function shownName(ctx: BotContext, id: number, remembered?: string): Promise<string> {
  const known = remembered ?? (await ctx.deps.staff.roster.list()).find((m) => m.id === id)?.name;
  return html((await personName(ctx, id, known)) ?? String(id));
}

/** The staff, owners first, each a button to their card, and Add. */
export async function staffListView(ctx: BotContext, notice?: string): Promise<View> {
  const members = await ctx.deps.staff.roster.list();
  const lines = [ctx.t("staff-title"), ctx.t("staff-intro"), ""];
  const keyboard = new InlineKeyboard();
  for (const m of members) {
    const name = await shownName(ctx, m.id, m.name);
    lines.push(ctx.t("staff-line", { name, id: String(m.id), role: roleLabel(ctx.t, m.role) }));
    keyboard.text(`${roleLabel(ctx.t, m.role)} · ${name}`, staffCb.pack({ act: "card", id: m.id })).row();
  }
  keyboard.text(ctx.t("staff-add"), staffCb.pack({ act: "add" })).row();
  const text = [...(notice ? [notice, ""] : []), ...lines].join("\n");
  return { text, keyboard: adminHomeButton(ctx, keyboard) };
}

/** The role buttons for `id` (the current one ticked). */
export function roleButtons(
  t: Translate,
  id: number,
  current: Role | undefined,
  keyboard = new InlineKeyboard(),
): InlineKeyboard {
  for (const role of ASSIGNABLE_ROLES) {
    const label = `${role === current ? "✅ " : ""}${roleLabel(t, role)}`;
    keyboard.text(label, staffCb.pack({ act: "role", id, role }));
  }
  return keyboard.row();
}

/** A member's card: name, id, role, the role buttons and Remove; an owner's says where owners come from. */
export async function memberCardView(ctx: BotContext, id: number, notice?: string): Promise<View> {
  const { roster } = ctx.deps.staff;
  const role = await roster.roleOf(id);
  const name = await shownName(ctx, id);
  const keyboard = new InlineKeyboard();
  const lines = notice ? [notice, ""] : [];
  if (role === undefined) {
    lines.push(ctx.t("staff-card-not-staff", { name, id: String(id) }));
    roleButtons(ctx.t, id, undefined, keyboard);
  } else {
    lines.push(ctx.t("staff-card", { name, id: String(id), role: roleLabel(ctx.t, role) }));
    if (role === "owner") lines.push("", ctx.t("staff-owner-unchangeable"));
    else {
      roleButtons(ctx.t, id, role, keyboard);
      keyboard.text(ctx.t("staff-remove"), staffCb.pack({ act: "rm", id })).row();
    }
  }
  keyboard.text(ctx.t("staff-back"), staffCb.pack({ act: "list" })).row();
  return { text: lines.join("\n"), keyboard: adminHomeButton(ctx, keyboard) };
}

/** "Remove X from the staff?" with a one-time confirm button (a double tap removes once). */
export async function removeConfirmView(ctx: BotContext, id: number): Promise<View | undefined> {
  const role = await ctx.deps.staff.roster.roleOf(id);
  if (role === undefined || role === "owner") return undefined;
  const token = await issueConfirmation(ctx, removeKey(id));
  const keyboard = new InlineKeyboard()
    .text(ctx.t("staff-remove-yes"), staffCb.pack({ act: "rm-ok", id, token }))
    .text(ctx.t("staff-back-card"), staffCb.pack({ act: "card", id }))
    .row();
  const name = await shownName(ctx, id);
  return { text: ctx.t("staff-remove-confirm", { name, role: roleLabel(ctx.t, role) }), keyboard };
}

/** The Add dialog's last step: which role to give (the card's buttons, checked as they are pressed). */
export function chooseRoleView(
  t: Translate,
  person: { id: number; name: string; role: Role | undefined },
): View {
  const keyboard = roleButtons(t, person.id, person.role).text(
    t("staff-back"),
    staffCb.pack({ act: "list" }),
  );
  const text = t("staff-add-choose", {
    name: html(person.name),
    id: String(person.id),
    role: roleLabel(t, person.role),
  });
  return { text, keyboard };
}

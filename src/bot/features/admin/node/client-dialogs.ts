import { createConversation } from "@grammyjs/conversations";
import { InlineKeyboard, InputFile } from "grammy";
import type { BotContext, ConvContext } from "#src/bot/context.js";
import { askText, type BotConversation } from "#src/bot/conversation-kit.js";
import { localeOf } from "#src/bot/i18n.js";
import { askNumber, parseDays, parseDevices, parseGb } from "#src/bot/kit/index.js";
import { isClientName, NODE_BAN_REASON_MAX } from "#src/domain/fleet/index.js";
import type { CreateNodeClientInput } from "#src/hosting/node/index.js";
import { formatDateTime, html } from "#src/render/format.js";
import { qrPng } from "#src/render/qr.js";
import { actorOf, hostingDialog } from "../hosting-staff.js";
import { ownersOf, ownersWarning, withOwners } from "../owners-view.js";
import { requestTerm } from "../term-requests.js";
import { ncb } from "./callbacks.js";
import { devicesText, limitGbText, termAndLink } from "./client-views.js";
import { renewFailedKeyboard, renewOutcome } from "./renew.js";
import { followedText, nodeErrorText, nodeRef, sectionNav, toClients } from "./shared.js";

/** Dialogs on the node's clients: create, renew, limits, rename, ban. */

export const CREATE = "admin-node-create";
export const RENEW = "admin-node-renew";
export const LIMITS = "admin-node-limits";
export const RENAME = "admin-node-rename";
export const BAN = "admin-node-ban";

type Outcome<T> = { ok: true; value: T; ref: string } | { ok: false; text: string };

/** Runs a node call once (its result is kept in the replay); failures become explained text. */
function nodeCall<T>(
  conversation: BotConversation,
  call: (outer: BotContext) => Promise<{ value: T; name: string }>,
): Promise<Outcome<T>> {
  return conversation.external(async (outer: BotContext): Promise<Outcome<T>> => {
    try {
      const { value, name } = await call(outer);
      return { ok: true, value, ref: await nodeRef(outer.kit.nameRefs, "c", name) };
    } catch (err) {
      return { ok: false, text: nodeErrorText(outer.t, err) };
    }
  });
}

function afterKeyboard(ctx: ConvContext, client: string): InlineKeyboard {
  return sectionNav(
    ctx,
    new InlineKeyboard()
      .text(ctx.t("node-open-client"), ncb({ act: "card", client }))
      .text(...toClients(ctx))
      .row(),
  );
}

async function failed(ctx: ConvContext, text: string): Promise<void> {
  await ctx.reply(text, {
    parse_mode: "HTML",
    reply_markup: sectionNav(ctx, new InlineKeyboard().text(...toClients(ctx)).row()),
  });
}

function askName(conversation: BotConversation, ctx: ConvContext, prompt: string, current?: string) {
  return askText(conversation, ctx, prompt, {
    validate: (text) =>
      !isClientName(text)
        ? ctx.t("node-name-invalid")
        : text === current
          ? ctx.t("node-rename-same")
          : undefined,
  });
}

/** Whole days >= 1 (a renewal or a new client's term). */
async function askRenewDays(
  conversation: BotConversation,
  ctx: ConvContext,
  prompt: string,
): Promise<number> {
  const invalid = ctx.t("node-days-invalid");
  return (await askNumber(conversation, ctx, prompt, { parse: (t) => parseDays(t, 1), invalid })) ?? 1;
}

/** GB >= 0; with `optional`, "-" (returned as undefined) leaves it unset. */
function askGb(conversation: BotConversation, ctx: ConvContext, prompt: string, optional: boolean) {
  const invalid = ctx.t(optional ? "node-gb-invalid-optional" : "node-gb-invalid");
  return askNumber(conversation, ctx, prompt, { parse: parseGb, invalid, optional });
}

/** Devices >= 0; with `optional`, "-" (returned as undefined) leaves it unset. */
function askDevices(conversation: BotConversation, ctx: ConvContext, prompt: string, optional: boolean) {
  const invalid = ctx.t(optional ? "node-devices-invalid-optional" : "node-devices-invalid");
  return askNumber(conversation, ctx, prompt, { parse: parseDevices, invalid, optional });
}

async function createClientConversation(conversation: BotConversation, ctx: ConvContext): Promise<void> {
  const name = await askName(conversation, ctx, ctx.t("node-ask-client-name"));
  const days = await askRenewDays(conversation, ctx, ctx.t("node-ask-create-days"));
  const gb = await askGb(conversation, ctx, ctx.t("node-ask-create-gb"), true);
  const devices = await askDevices(conversation, ctx, ctx.t("node-ask-create-devices"), true);

  const outcome = await nodeCall(conversation, async (outer) => {
    const input: CreateNodeClientInput = { name, days };
    if (gb !== undefined) input.trafficLimitGb = gb;
    if (devices !== undefined) input.deviceLimit = devices;
    const client = await outer.deps.fleet.nodeClients.create(input, actorOf(outer));
    outer.log.info({ name: client.name, days }, "node client created");
    return { value: client, name: client.name };
  });
  if (!outcome.ok) return failed(ctx, outcome.text);

  const c = outcome.value;
  const locale = await localeOf(ctx);
  const text = [ctx.t("node-created", { name: html(c.name) }), ...termAndLink(ctx.t, locale, c)].join("\n");
  await ctx.reply(text, {
    parse_mode: "HTML",
    link_preview_options: { is_disabled: true },
    reply_markup: afterKeyboard(ctx, outcome.ref),
  });
  if (c.link) {
    await ctx.replyWithPhoto(new InputFile(await qrPng(c.link), "vless-qr.png"), {
      caption: ctx.t("node-qr-caption", { name: c.name }),
    });
  }
}

async function renewConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const days = await askRenewDays(conversation, ctx, ctx.t("node-ask-renew", { name: html(name) }));
  // A customer's subscription on the client: the days take their turn in its term chain.
  const asked = await conversation.external((outer: BotContext) =>
    requestTerm(outer, { kind: "node", name }, name, { mode: "add", days }),
  );
  if (asked !== undefined) {
    const ref = await conversation.external((outer: BotContext) => nodeRef(outer.kit.nameRefs, "c", name));
    await ctx.reply(asked, { parse_mode: "HTML", reply_markup: afterKeyboard(ctx, ref) });
    return;
  }
  // The target is fixed once (read + clock, kept in the replay); the renewal to it reads first,
  // so even a replay of the second step after a crash adds nothing twice.
  const fixed = await nodeCall(conversation, async (outer) => {
    const { client, targetMs } = await outer.deps.fleet.nodeClients.fixRenewTarget(name, days);
    return { value: { from: client.expiresAt, targetMs }, name };
  });
  if (!fixed.ok) return failed(ctx, fixed.text);
  const { from, targetMs } = fixed.value;
  const done = await conversation.external((outer: BotContext) => renewOutcome(outer, name, targetMs));
  const locale = await localeOf(ctx);
  if (!done.ok) {
    await ctx.reply(done.text, {
      parse_mode: "HTML",
      reply_markup: renewFailedKeyboard(ctx, done, targetMs),
    });
    return;
  }
  const renewed = ctx.t("node-renewed", {
    name: html(name),
    days,
    from: formatDateTime(locale, from * 1000),
    to: formatDateTime(locale, done.to * 1000),
    left: done.left,
  });
  await ctx.reply(withOwners(renewed, done.followed), {
    parse_mode: "HTML",
    reply_markup: afterKeyboard(ctx, done.ref),
  });
}

async function limitsConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  const gb = (await askGb(conversation, ctx, ctx.t("node-ask-limit-gb", { name: html(name) }), false)) ?? 0;
  const devices = (await askDevices(conversation, ctx, ctx.t("node-ask-limit-devices"), false)) ?? 0;
  const outcome = await nodeCall(conversation, async (outer) => {
    const limits = { trafficLimitGb: gb, deviceLimit: devices };
    const value = await outer.deps.fleet.nodeClients.setLimits(name, limits, actorOf(outer));
    outer.log.info({ name, gb, devices }, "node client limits changed");
    return { value, name };
  });
  if (!outcome.ok) return failed(ctx, outcome.text);
  const locale = await localeOf(ctx);
  await ctx.reply(
    ctx.t("node-limits-set", {
      name: html(name),
      traffic: limitGbText(ctx.t, locale, outcome.value.trafficLimitGb),
      devices: devicesText(ctx.t, outcome.value.deviceLimit),
    }),
    { parse_mode: "HTML", reply_markup: afterKeyboard(ctx, outcome.ref) },
  );
}

async function renameConversation(
  conversation: BotConversation,
  ctx: ConvContext,
  name: string,
): Promise<void> {
  // The shop's customers on the client are named before the new name is asked for.
  const warning = await conversation.external(async (outer: BotContext) =>
    ownersWarning(outer, await ownersOf(outer, { kind: "node", name }), "owners-rename-note"),
  );
  const prompt = withOwners(ctx.t("node-ask-rename", { name: html(name) }), warning);
  const newName = await askName(conversation, ctx, prompt, name);
  const outcome = await nodeCall(conversation, async (outer) => {
    const { client, followed } = await outer.deps.fleet.nodeClients.rename(name, newName, actorOf(outer));
    outer.log.info({ name, newName: client.name }, "node client renamed");
    const value = { name: client.name, followed: followedText(outer, "owners-renamed", followed) };
    return { value, name: client.name };
  });
  if (!outcome.ok) return failed(ctx, outcome.text);
  const renamed = ctx.t("node-renamed", { old: html(name), name: html(outcome.value.name) });
  await ctx.reply(withOwners(renamed, outcome.value.followed), {
    parse_mode: "HTML",
    reply_markup: afterKeyboard(ctx, outcome.ref),
  });
}

async function banConversation(conversation: BotConversation, ctx: ConvContext, name: string): Promise<void> {
  const answer = await askText(conversation, ctx, ctx.t("node-ask-ban-reason", { name: html(name) }), {
    validate: (text) => (text.length > NODE_BAN_REASON_MAX ? ctx.t("node-reason-too-long") : undefined),
  });
  const reason = answer === "-" ? undefined : answer;
  const outcome = await nodeCall(conversation, async (outer) => {
    await outer.deps.fleet.nodeClients.ban(name, reason, actorOf(outer));
    outer.log.info({ name }, "node client banned");
    return { value: true, name };
  });
  if (!outcome.ok) return failed(ctx, outcome.text);
  const text =
    reason === undefined
      ? ctx.t("node-banned", { name: html(name) })
      : ctx.t("node-banned-reason", { name: html(name), reason: html(reason) });
  await ctx.reply(text, { parse_mode: "HTML", reply_markup: afterKeyboard(ctx, outcome.ref) });
}

export const nodeClientDialogs = [
  createConversation(hostingDialog("node.client.create", createClientConversation), CREATE),
  createConversation(hostingDialog("node.client.renew", renewConversation), RENEW),
  createConversation(hostingDialog("node.client.limits", limitsConversation), LIMITS),
  createConversation(hostingDialog("node.client.rename", renameConversation), RENAME),
  createConversation(hostingDialog("node.client.ban", banConversation), BAN),
];

import { gateCb } from "#src/render/channel-gate.js";
import { SHOP_CALLBACK, SHOP_COMMANDS } from "#src/render/shop-callbacks.js";
import type { BotContext } from "../../context.js";
import { blockedOf } from "../../early-reads.js";
import { isPrivate, when } from "../../filters.js";
import { Routes } from "../../routes.js";
import { show } from "../../views/show.js";
import { withSupport } from "../help.js";
import { buyFeature, buyListView } from "./buy.js";
import { answer } from "./common.js";
import { freezeFeature } from "./freeze.js";
import { gateFeature } from "./gate.js";
import { myFeature, myListView } from "./my.js";
import { packsFeature } from "./packs.js";
import { switchFeature } from "./plan-switch.js";
import { promoConversations, promoFeature } from "./promo.js";
import { railFeature } from "./rail-checkout.js";
import { railConversations } from "./rail-email.js";
import { botMembership } from "./register.js";
import { seatsFeature } from "./seats.js";
import { statusFeature } from "./status.js";
import { startTrial, trialFeature } from "./trial.js";
import { walletConversations, walletFeature, walletView } from "./wallet.js";

export { registerCustomer } from "./register.js";

/** Conversations of the shop (installed next to the admin ones, ahead of all features). */
export const shopConversations = [...walletConversations, ...promoConversations, ...railConversations];

/**
 * May this update use the shop? Only in a private chat, and not when an admin blocked the
 * customer. Otherwise the user is told why and false is returned. Checked on every shop
 * command and button press, not only when a menu is shown.
 */
export async function shopAllowed(ctx: BotContext): Promise<boolean> {
  if (!isPrivate(ctx)) {
    await refuse(ctx, "shop-private-only");
    return false;
  }
  if (ctx.from && (await blockedOf(ctx, ctx.from.id))) {
    ctx.log.info({ customerId: ctx.from.id }, "refused a blocked customer");
    await refuse(ctx, "error-blocked");
    return false;
  }
  return true;
}

function refuse(ctx: BotContext, key: string): Promise<void> {
  return answer(ctx, key === "error-blocked" ? withSupport(ctx, key) : ctx.t(key), true);
}

export type ShopEntry = "buy" | "my" | "wallet" | "trial";

/**
 * Opens a shop section from a main-menu button (after the same checks as the commands); a refusal
 * answers the press with an alert, like the shop's own buttons.
 */
export async function openShop(ctx: BotContext, entry: ShopEntry): Promise<void> {
  if (!(await shopAllowed(ctx))) return;
  switch (entry) {
    case "buy":
      return show(ctx, await buyListView(ctx));
    case "my":
      return show(ctx, await myListView(ctx));
    case "wallet":
      return show(ctx, await walletView(ctx));
    case "trial":
      return startTrial(ctx);
  }
}

/** Customers' side of the shop: registration, /buy, /my, /status, /wallet, /trial and their buttons. */
export const shopFeature = new Routes<BotContext>();
// (Customers are recorded ahead of everything in a chat: see registerCustomer and createBot.)
shopFeature.use(when((ctx) => ctx.myChatMember !== undefined, botMembership));
/** The shop's commands and buttons: every handler below answers one of these, nothing else. */
function isShopUpdate(ctx: BotContext): boolean {
  const data = ctx.callbackQuery?.data;
  if (data !== undefined && gateCb.pattern.test(data)) return true;
  return (data !== undefined && SHOP_CALLBACK.test(data)) || ctx.hasCommand([...SHOP_COMMANDS]);
}
const shopSections = new Routes<BotContext>(
  buyFeature,
  myFeature,
  statusFeature,
  packsFeature,
  seatsFeature,
  switchFeature,
  freezeFeature,
  walletFeature,
  railFeature,
  trialFeature,
  promoFeature,
  gateFeature,
).middleware();
// Other updates skip the sections at once (each section's filters cost on every update they see).
shopFeature.use(
  when(isShopUpdate, async (ctx, next) => {
    if (await shopAllowed(ctx)) await shopSections(ctx, next);
  }),
);

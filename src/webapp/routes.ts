import type { z } from "zod";
import { topUpPresets } from "../domain/sales/index.js";
import { topUp } from "./actions.js";
import { switchAutoRenew } from "./auto-renew.js";
import { card, connect, orderStatus, plans, usage, walletPage } from "./cabinet.js";
import { checkChannels } from "./channel-gate.js";
import { type Caller, Refusal, type WebappDeps } from "./context.js";
import { freezeSubscription, unfreezeSubscription } from "./freeze.js";
import { cancelGift, listGifts } from "./gifts.js";
import { invite } from "./invite.js";
import { me, setLanguage } from "./me.js";
import { cancelOrder, claimTrial, createOrder, payOrder } from "./orders.js";
import { checkRailPayment, payOrderByRail, setReceiptEmail, topUpByRail } from "./rails.js";
import { runwayBoard, runwayServer } from "./runway.js";
import {
  cardResponse,
  connectResponse,
  meResponse,
  plansResponse,
  usageResponse,
  walletResponse,
} from "./schemas.js";
import {
  giftCancelResponse,
  giftsResponse,
  inviteResponse,
  languageRequest,
  languageResponse,
  statusResponse,
} from "./schemas-account.js";
import { autoRenewRequest, autoRenewResponse } from "./schemas-auto-renew.js";
import { freezeRequest, freezeResponse, unfreezeRequest } from "./schemas-freeze.js";
import { channelCheckResponse } from "./schemas-gate.js";
import {
  createdOrderResponse,
  createOrderRequest,
  emptyRequest,
  invoiceResponse,
  orderResponse,
  payOrderRequest,
  topUpRequest,
} from "./schemas-orders.js";
import {
  emailRequest,
  emailResponse,
  payRailRequest,
  railCheckoutResponse,
  railCheckRequest,
  railCheckResponse,
  topUpRailRequest,
} from "./schemas-rails.js";
import { runwayBoardResponse, runwayServerResponse } from "./schemas-runway.js";
import { freeSeatRequest, freeSeatResponse } from "./schemas-seats.js";
import { ticketResponse, ticketsResponse, ticketWriteRequest } from "./schemas-support.js";
import { freeSeat } from "./seats.js";
import { status } from "./status.js";
import { closeTicket, listTickets, showTicket, writeTicket } from "./support.js";

/** One authenticated request as a route sees it. */
export interface RouteRequest {
  caller: Caller;
  /** The path's captured id, if the route has one. */
  id: string;
  query: URLSearchParams;
  body: () => Promise<unknown>;
}

export interface Route {
  method: "GET" | "POST";
  path: RegExp;
  /** The answer's schema: what is sent is parsed by it first. */
  schema: z.ZodType;
  run: (deps: WebappDeps, r: RouteRequest) => unknown;
  /** It may make an invoice link or an order (orders, top-ups, the trial): it also spends from the orders budget. */
  costly?: true;
  /** It sells or moves money: refused (503 `maintenance`) while the shop is closed for maintenance. */
  shop?: true;
  /** The largest body it takes, in bytes (default: a few small fields, see api.ts). */
  maxBody?: number;
}

/** A path id: letters, digits, `_` and `-` (order, subscription and gift ids); anything else is a 404. */
const ID = "([A-Za-z0-9_-]{1,64})";
const at = (path: string) => new RegExp(`^${path.replace(":id", ID)}$`);

/** The body as `schema` reads it (unknown fields refused), else 400. */
async function bodyOf<S extends z.ZodType>(r: RouteRequest, schema: S): Promise<z.output<S>> {
  const parsed = schema.safeParse(await r.body());
  if (!parsed.success) throw new Refusal(400, "bad-request");
  return parsed.data;
}

/** The cabinet's API under /app/api/ (README, "HTTP endpoints"). */
export const ROUTES: Route[] = [
  { method: "GET", path: at("me"), schema: meResponse, run: (d, r) => me(d, r.caller) },
  {
    method: "POST",
    path: at("language"),
    schema: languageResponse,
    run: async (d, r) => setLanguage(d, r.caller, (await bodyOf(r, languageRequest)).locale),
  },
  {
    method: "GET",
    path: at("plans"),
    schema: plansResponse,
    shop: true,
    run: (d, r) => plans(d, r.caller),
  },
  {
    method: "GET",
    path: at("subscriptions/:id"),
    schema: cardResponse,
    run: (d, r) => card(d, r.caller, r.id),
  },
  {
    method: "GET",
    path: at("subscriptions/:id/usage"),
    schema: usageResponse,
    run: (d, r) => usage(d, r.caller, r.id),
  },
  {
    method: "GET",
    path: at("subscriptions/:id/connect"),
    schema: connectResponse,
    run: (d, r) => connect(d, r.caller, r.id),
  },
  {
    method: "POST",
    path: at("subscriptions/:id/auto-renew"),
    schema: autoRenewResponse,
    run: async (d, r) => switchAutoRenew(d, r.caller, r.id, (await bodyOf(r, autoRenewRequest)).on),
  },
  {
    method: "POST",
    path: at("subscriptions/:id/freeze"),
    schema: freezeResponse,
    run: async (d, r) => freezeSubscription(d, r.caller, r.id, (await bodyOf(r, freezeRequest)).days),
  },
  {
    method: "POST",
    path: at("subscriptions/:id/unfreeze"),
    schema: freezeResponse,
    run: async (d, r) => {
      await bodyOf(r, unfreezeRequest);
      return unfreezeSubscription(d, r.caller, r.id);
    },
  },
  {
    method: "POST",
    path: at("trial"),
    schema: orderResponse,
    costly: true,
    shop: true,
    run: async (d, r) => {
      await bodyOf(r, emptyRequest);
      return claimTrial(d, r.caller);
    },
  },
  {
    method: "POST",
    path: at("orders"),
    schema: createdOrderResponse,
    costly: true,
    shop: true,
    run: async (d, r) => createOrder(d, r.caller, await bodyOf(r, createOrderRequest)),
  },
  {
    method: "GET",
    path: at("orders/:id"),
    schema: orderResponse,
    run: (d, r) => orderStatus(d, r.caller, r.id),
  },
  {
    method: "POST",
    path: at("orders/:id/pay"),
    schema: createdOrderResponse,
    costly: true,
    shop: true,
    run: async (d, r) => payOrder(d, r.caller, r.id, (await bodyOf(r, payOrderRequest)).pay),
  },
  {
    method: "POST",
    path: at("orders/:id/cancel"),
    schema: orderResponse,
    run: async (d, r) => {
      await bodyOf(r, emptyRequest);
      return cancelOrder(d, r.caller, r.id);
    },
  },
  {
    method: "GET",
    path: at("wallet"),
    schema: walletResponse,
    run: (d, r) => {
      const page = Number.parseInt(r.query.get("page") ?? "0", 10);
      const presets = topUpPresets(d.sales.shop.currency);
      return walletPage(d, r.caller, Number.isSafeInteger(page) ? page : 0, presets);
    },
  },
  {
    method: "POST",
    path: at("topups"),
    schema: invoiceResponse,
    costly: true,
    shop: true,
    run: async (d, r) => topUp(d, r.caller, await bodyOf(r, topUpRequest)),
  },
  {
    method: "POST",
    path: at("orders/:id/pay-rail"),
    schema: railCheckoutResponse,
    costly: true,
    shop: true,
    run: async (d, r) => payOrderByRail(d, r.caller, r.id, (await bodyOf(r, payRailRequest)).rail),
  },
  {
    method: "POST",
    path: at("topups/rail"),
    schema: railCheckoutResponse,
    costly: true,
    shop: true,
    run: async (d, r) => topUpByRail(d, r.caller, await bodyOf(r, topUpRailRequest)),
  },
  {
    method: "POST",
    path: at("payments/check"),
    schema: railCheckResponse,
    // It asks the rail's provider: spent from the orders budget. Not closed for maintenance: what
    // was paid is credited whatever the shop's state.
    costly: true,
    run: async (d, r) => {
      const body = await bodyOf(r, railCheckRequest);
      return checkRailPayment(d, r.caller, body.rail, body.payment_id);
    },
  },
  {
    method: "POST",
    path: at("email"),
    schema: emailResponse,
    run: async (d, r) => setReceiptEmail(d, r.caller, (await bodyOf(r, emailRequest)).email),
  },
  {
    method: "POST",
    path: at("subscriptions/:id/seats/free"),
    schema: freeSeatResponse,
    shop: true,
    run: async (d, r) => freeSeat(d, r.caller, r.id, (await bodyOf(r, freeSeatRequest)).n),
  },
  { method: "GET", path: at("gifts"), schema: giftsResponse, run: (d, r) => listGifts(d, r.caller) },
  {
    method: "POST",
    path: at("gifts/:id/cancel"),
    schema: giftCancelResponse,
    shop: true,
    run: async (d, r) => {
      await bodyOf(r, emptyRequest);
      return cancelGift(d, r.caller, r.id);
    },
  },
  { method: "GET", path: at("invite"), schema: inviteResponse, run: (d, r) => invite(d, r.caller) },
  { method: "GET", path: at("status"), schema: statusResponse, run: (d, r) => status(d, r.caller) },
  {
    method: "POST",
    path: at("channels/check"),
    schema: channelCheckResponse,
    // It asks Telegram (getChatMember per channel): spent from the orders budget like an order.
    costly: true,
    run: async (d, r) => {
      await bodyOf(r, emptyRequest);
      return checkChannels(d, r.caller);
    },
  },
  ...supportRoutes(),
  ...staffRoutes(),
];

/** The staff's pages (runway.ts): each answers only staff whose role allows it (403 to anyone else). */
function staffRoutes(): Route[] {
  return [
    {
      method: "GET",
      path: at("admin/runway"),
      schema: runwayBoardResponse,
      run: (d, r) => runwayBoard(d, r.caller),
    },
    {
      method: "GET",
      path: at("admin/runway/:id"),
      schema: runwayServerResponse,
      run: (d, r) => runwayServer(d, r.caller, r.id),
    },
  ];
}

/**
 * Support (support.ts): the caller's tickets, writing (a message of up to 4000 characters, any
 * script: a larger body; staff are told of each one, so it spends from the orders budget like an
 * order) and closing. Open during maintenance: customers may need support most then.
 */
function supportRoutes(): Route[] {
  return [
    { method: "GET", path: at("tickets"), schema: ticketsResponse, run: (d, r) => listTickets(d, r.caller) },
    {
      method: "GET",
      path: at("tickets/:id"),
      schema: ticketResponse,
      run: (d, r) => showTicket(d, r.caller, r.id),
    },
    {
      method: "POST",
      path: at("tickets"),
      schema: ticketResponse,
      costly: true,
      maxBody: 24_576,
      run: async (d, r) => writeTicket(d, r.caller, (await bodyOf(r, ticketWriteRequest)).text),
    },
    {
      method: "POST",
      path: at("tickets/:id/close"),
      schema: ticketResponse,
      run: async (d, r) => {
        await bodyOf(r, emptyRequest);
        return closeTicket(d, r.caller, r.id);
      },
    },
  ];
}

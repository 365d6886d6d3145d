import { z } from "zod";

/*
 * The Crypto Pay API on the wire (help.send.tg, "Crypto Pay API"). Objects are read loosely (the
 * API adds fields between versions) and strictly in the fields the rail uses.
 */

/** An ISO 8601 moment as epoch ms; refused when it is not one. */
const isoTime = z.string().transform((text, ctx) => {
  const ms = Date.parse(text);
  if (Number.isNaN(ms)) {
    ctx.addIssue({ code: "custom", message: `"${text}" is not an ISO 8601 time` });
    return z.NEVER;
  }
  return ms;
});

/** A decimal the API writes as a string ("150", "150.5", "0.00012"). */
const decimalText = z.string().regex(/^\d+(?:\.\d+)?$/, "is not a decimal");

const invoiceFields = z.looseObject({
  invoice_id: z.number().int().positive(),
  status: z.enum(["active", "paid", "expired"]),
  /** Absent on invoices made before fiat pricing existed: those are priced in crypto. */
  currency_type: z.enum(["crypto", "fiat"]).optional(),
  /** The price's fiat code, with currency_type "fiat". */
  fiat: z.string().optional(),
  /** The price's crypto asset, with currency_type "crypto". */
  asset: z.string().optional(),
  amount: decimalText,
  payload: z.string().optional(),
  bot_invoice_url: z.string().optional(),
  mini_app_invoice_url: z.string().optional(),
  web_app_invoice_url: z.string().optional(),
  /** The pay link of API versions before 1.4 (bot_invoice_url's old name). */
  pay_url: z.string().optional(),
  created_at: isoTime,
  paid_at: isoTime.optional(),
  expiration_date: isoTime.optional(),
});

/** The Invoice object, with `currency`: the code its `amount` is in (its fiat, or its asset). */
export const invoiceSchema = invoiceFields.transform((invoice, ctx) => {
  const currency = invoice.currency_type === "fiat" ? invoice.fiat : invoice.asset;
  if (!currency) {
    const field = invoice.currency_type === "fiat" ? "fiat" : "asset";
    ctx.addIssue({ code: "custom", path: [field], message: "is missing: the amount's currency is unknown" });
    return z.NEVER;
  }
  return { ...invoice, currency };
});
export type Invoice = z.output<typeof invoiceSchema>;

/**
 * getInvoices' result. The reference says "array of Invoice"; the service answers
 * `{ items: [...] }`. Both are read; items stay unknown here so each is parsed (and kept raw) alone.
 */
export const invoiceListSchema = z
  .union([z.looseObject({ items: z.array(z.unknown()) }), z.array(z.unknown())])
  .transform((list) => (Array.isArray(list) ? list : list.items));

/** getMe's result: the app the token belongs to. */
export const appSchema = z.looseObject({ app_id: z.number(), name: z.string() });

/** deleteInvoice's result: `true`. */
export const deletedSchema = z.literal(true);

/** Every answer: `{ ok: true, result }` or `{ ok: false, error: { code, name } }`. */
export const envelopeSchema = z.discriminatedUnion("ok", [
  z.looseObject({ ok: z.literal(true), result: z.unknown() }),
  z.looseObject({
    ok: z.literal(false),
    error: z.looseObject({ code: z.number().optional(), name: z.string() }),
  }),
]);

/** A webhook's body: only `invoice_paid` exists, and only it is read. */
export const paidUpdateSchema = z.looseObject({
  update_id: z.number(),
  update_type: z.literal("invoice_paid"),
  request_date: z.string(),
  payload: invoiceSchema,
});

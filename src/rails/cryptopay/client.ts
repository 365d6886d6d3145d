import { z } from "zod";
import { RailError, railRequest } from "../http.js";
import {
  appSchema,
  deletedSchema,
  envelopeSchema,
  type Invoice,
  invoiceListSchema,
  invoiceSchema,
} from "./schemas.js";

/** The rail's id: its errors, its webhook path and its settings name it. */
export const CRYPTOPAY_RAIL_ID = "cryptopay";

export interface CryptoPayClientOptions {
  /** The API base, e.g. https://pay.crypt.bot/api (no trailing slash): methods are `<base>/<name>`. */
  apiUrl: string;
  token: string;
  timeoutMs: number;
}

/** An invoice as the API sent it: read, and its JSON kept for the payment inbox. */
export interface ReceivedInvoice {
  invoice: Invoice;
  raw: string;
}

/** createInvoice's parameters as this rail sends them (a fiat price payable in chosen assets). */
export interface CreateInvoiceParams {
  currency_type: "fiat";
  fiat: string;
  /** Comma-separated asset codes. */
  accepted_assets: string;
  amount: string;
  description: string;
  payload: string;
  expires_in: number;
  allow_comments: boolean;
  paid_btn_name?: "callback";
  paid_btn_url?: string;
}

export interface InvoiceQuery {
  /** Comma-separated invoice ids. */
  invoice_ids?: string;
  offset?: number;
  count?: number;
}

type Params = Record<string, string | number | boolean | undefined>;

/**
 * The four Crypto Pay methods the rail uses. Reads go as GET with a query, writes as POST with a
 * JSON body (the API takes both). Every failure is a RailError: `down` from railRequest (5xx,
 * network, timeout) or for an answer that is not the documented shape (a write may have happened:
 * read back), `refused` for `{ok:false}` or a 4xx, with the API's error name as the detail.
 */
export class CryptoPayClient {
  constructor(private readonly options: CryptoPayClientOptions) {}

  getMe(): Promise<z.output<typeof appSchema>> {
    return this.call("GET", "getMe", appSchema);
  }

  async createInvoice(params: CreateInvoiceParams): Promise<ReceivedInvoice> {
    const result = await this.call("POST", "createInvoice", z.unknown(), { ...params });
    return receivedInvoice("createInvoice", result);
  }

  async getInvoices(query: InvoiceQuery): Promise<ReceivedInvoice[]> {
    const items = await this.call("GET", "getInvoices", invoiceListSchema, { ...query });
    return items.map((item) => receivedInvoice("getInvoices", item));
  }

  async deleteInvoice(invoiceId: number): Promise<void> {
    await this.call("POST", "deleteInvoice", deletedSchema, { invoice_id: invoiceId });
  }

  private async call<T>(verb: "GET" | "POST", method: string, schema: z.ZodType<T>, params: Params = {}) {
    const url = new URL(`${this.options.apiUrl}/${method}`);
    if (verb === "GET") {
      for (const [name, value] of Object.entries(params)) {
        if (value !== undefined) url.searchParams.set(name, String(value));
      }
    }
    const { status, json } = await railRequest({
      rail: CRYPTOPAY_RAIL_ID,
      method: verb,
      url,
      headers: { "Crypto-Pay-API-Token": this.options.token },
      body: verb === "POST" ? params : undefined,
      timeoutMs: this.options.timeoutMs,
    });
    const envelope = envelopeSchema.safeParse(json);
    const answer = envelope.success ? envelope.data : undefined;
    if (answer?.ok === false) throw new RailError(CRYPTOPAY_RAIL_ID, "refused", status, answer.error.name);
    if (status >= 400) throw new RailError(CRYPTOPAY_RAIL_ID, "refused", status, `HTTP ${status}`);
    const result = answer?.ok && status < 300 ? schema.safeParse(answer.result) : undefined;
    if (!result?.success) throw unexpected(method, status, result?.error);
    return result.data;
  }
}

/** One invoice of an answer, parsed; an unreadable one fails the call (never skipped unseen). */
function receivedInvoice(method: string, item: unknown): ReceivedInvoice {
  const parsed = invoiceSchema.safeParse(item);
  if (!parsed.success) throw unexpected(method, 200, parsed.error);
  return { invoice: parsed.data, raw: JSON.stringify(item) };
}

/** An answer that is not what the API documents: treated as `down` (a write may have happened). */
function unexpected(method: string, status: number, error: z.ZodError | undefined): RailError {
  const issue = error?.issues[0];
  const where = issue ? ` (${issue.path.join(".") || "result"}: ${issue.message})` : "";
  return new RailError(CRYPTOPAY_RAIL_ID, "down", status, `${method} answered an unexpected shape${where}`);
}

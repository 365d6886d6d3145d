import { isCryptoPayFiat } from "../src/rails/cryptopay/currencies.js";
import { FakeCryptoPay } from "../test/fakes/cryptopay-api.js";
import { FakeYooKassa } from "../test/fakes/yookassa-api.js";
import type { DemoRails } from "./chat.js";

/** The payment rails' fakes the demo runs for a fiat shop: their settings, and `#pay` on them. */
export interface RailSandboxes {
  /** CRYPTOPAY_* and YOOKASSA_* pointing at the fakes (empty for a Stars shop). */
  env: Record<string, string>;
  /** What `#pay` does with a payment page: pays it on its fake, which notifies the bot at `base`. */
  rails(base: string): DemoRails;
  stop(): Promise<void>;
}

/**
 * CryptoBot's and YooKassa's fakes on 127.0.0.1, for a shop in a currency they take (YooKassa:
 * roubles only); none for Stars. A payment page the bot hands out is paid with `#pay`, and the
 * fake then sends the bot its notification (signed, for CryptoBot) as the provider would.
 */
export async function startRailSandboxes(currency: string): Promise<RailSandboxes> {
  const crypto = isCryptoPayFiat(currency) ? await new FakeCryptoPay().start() : undefined;
  const yoo = currency === "RUB" ? await new FakeYooKassa().start() : undefined;
  const env: Record<string, string> = {};
  if (crypto) Object.assign(env, { CRYPTOPAY_TOKEN: crypto.token, CRYPTOPAY_API_URL: crypto.apiUrl });
  if (yoo) {
    Object.assign(env, {
      YOOKASSA_SHOP_ID: yoo.shopId,
      YOOKASSA_SECRET_KEY: yoo.secretKey,
      YOOKASSA_API_URL: `${yoo.url}/v3`,
    });
  }
  const invoiceAt = (url: string) =>
    [...(crypto?.invoices.values() ?? [])].find((i) =>
      [i.bot_invoice_url, i.mini_app_invoice_url, i.web_app_invoice_url].includes(url),
    );
  const paymentAt = (url: string) =>
    [...(yoo?.payments.keys() ?? [])].find((id) => url.includes(`orderId=${id}`));
  return {
    env,
    rails: (base) => ({
      owns: (url) => invoiceAt(url) !== undefined || paymentAt(url) !== undefined,
      pay: async (url) => {
        const invoice = invoiceAt(url);
        if (crypto && invoice) {
          crypto.pay(invoice.invoice_id);
          const status = await crypto.deliverWebhook(`${base}/payments/cryptopay`, invoice.invoice_id);
          return `you paid ${invoice.amount} ${invoice.fiat ?? ""} in CryptoBot (its webhook: HTTP ${status})`;
        }
        const id = paymentAt(url);
        if (yoo && id) {
          const paid = yoo.pay(id);
          const status = await yoo.notify(`${base}/payments/yookassa`, id);
          return `you paid ${paid.amount.value} ${paid.amount.currency} in YooKassa (its notification: HTTP ${status})`;
        }
        return "that payment page is not one of the local payment services'";
      },
    }),
    stop: async () => {
      await crypto?.stop();
      await yoo?.stop();
    },
  };
}

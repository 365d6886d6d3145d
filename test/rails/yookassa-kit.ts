import { expect } from "vitest";
import { RailError } from "../../src/rails/http.js";
import type { Rail, RailCharge } from "../../src/rails/rail.js";
import { yooKassaRail } from "../../src/rails/yookassa/index.js";
import type { FakeYooKassa } from "../fakes/yookassa-api.js";

/** The YooKassa rail as the wiring builds it (through its module), pointed at `target`. */
export function railAgainst(
  target: FakeYooKassa,
  opts: { secretKey?: string; timeoutMs?: number } = {},
): Rail {
  const configured = yooKassaRail.configure({
    YOOKASSA_SHOP_ID: target.shopId,
    YOOKASSA_SECRET_KEY: opts.secretKey ?? target.secretKey,
    YOOKASSA_API_URL: `${target.url}/v3`,
  });
  if (!configured) throw new Error("YooKassa not configured");
  return configured.build({ timeoutMs: opts.timeoutMs ?? 2_000 });
}

export const charge = (over: Partial<RailCharge> = {}): RailCharge => ({
  key: "order-41-try-1",
  ref: { payload: "o:41", payerId: 777_000_111 },
  amount: "150.00",
  currency: "RUB",
  description: "VPN, 30 days",
  lifeSeconds: 900,
  returnUrl: "https://t.me/shop_bot",
  prefs: {},
  ...over,
});

/** The RailError `promise` is rejected with (fails the test when it resolves or throws another). */
export async function failureOf(promise: Promise<unknown>): Promise<RailError> {
  const err = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(RailError);
  return err as RailError;
}

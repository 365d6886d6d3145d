import { createHash, createHmac, timingSafeEqual } from "node:crypto";

/** The header Crypto Pay signs each webhook with (lower-cased, as RailNotification keeps them). */
export const SIGNATURE_HEADER = "crypto-pay-api-signature";

/**
 * Whether `signature` is Crypto Pay's for `body`: the hex HMAC-SHA-256 of the raw body, keyed
 * with the SHA-256 of the app's token. Compared in constant time, so a forger learns nothing
 * from how long a wrong guess took.
 */
export function isSignedBy(token: string, body: string, signature: string | undefined): boolean {
  if (signature === undefined || !/^[0-9a-f]{64}$/i.test(signature)) return false;
  const key = createHash("sha256").update(token).digest();
  const expected = createHmac("sha256", key).update(body).digest();
  return timingSafeEqual(expected, Buffer.from(signature, "hex"));
}

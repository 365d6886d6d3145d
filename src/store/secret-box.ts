import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

const VERSION = "v1";
/** GCM's full tag; Node would accept a 4-byte one, which a forger can guess. */
const TAG_BYTES = 16;
const IV_BYTES = 12;

/**
 * AES-256-GCM for secrets kept in Redis (hosting keys and tokens). The output is
 * `v1.<iv>.<tag>.<ciphertext>` in base64url; `context` binds a value to its purpose, so a
 * ciphertext copied to another key does not decrypt there.
 */
export class SecretBox {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error("SecretBox needs a 32-byte key");
  }

  seal(plain: string, context: string): string {
    const iv = randomBytes(IV_BYTES);
    const cipher = createCipheriv("aes-256-gcm", this.key, iv, { authTagLength: TAG_BYTES });
    cipher.setAAD(Buffer.from(context));
    const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
    return [VERSION, iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  /**
   * Returns undefined when the value was tampered with (a tag shorter than 16 bytes included) or
   * sealed under another key or context.
   */
  open(sealed: string, context: string): string | undefined {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== VERSION || !iv || !tag || body === undefined) return undefined;
    const ivBytes = Buffer.from(iv, "base64url");
    const tagBytes = Buffer.from(tag, "base64url");
    if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) return undefined;
    try {
      const decipher = createDecipheriv("aes-256-gcm", this.key, ivBytes, { authTagLength: TAG_BYTES });
      decipher.setAAD(Buffer.from(context));
      decipher.setAuthTag(tagBytes);
      return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString(
        "utf8",
      );
    } catch {
      return undefined;
    }
  }
}

import { Writable } from "node:stream";
import { describe, expect, it } from "vitest";
import { SecretBox } from "../../src/domain/secret-box.js";
import { createLogger } from "../../src/logger.js";

describe("SecretBox", () => {
  const box = new SecretBox(Buffer.alloc(32, 1));

  it("round-trips and never shows the plain text", () => {
    const sealed = box.seal("hs_supersecretkey", "account-key");
    expect(sealed).not.toContain("supersecret");
    expect(sealed.startsWith("v1.")).toBe(true);
    expect(box.open(sealed, "account-key")).toBe("hs_supersecretkey");
    expect(box.seal("same", "c")).not.toBe(box.seal("same", "c"));
  });

  it("refuses another key, another context and tampering", () => {
    const sealed = box.seal("secret", "account-key");
    expect(new SecretBox(Buffer.alloc(32, 2)).open(sealed, "account-key")).toBeUndefined();
    expect(box.open(sealed, "panel-token")).toBeUndefined();
    const parts = sealed.split(".");
    parts[3] = Buffer.from("other").toString("base64url");
    expect(box.open(parts.join("."), "account-key")).toBeUndefined();
    expect(box.open("garbage", "account-key")).toBeUndefined();
  });
});

describe("logger", () => {
  it("redacts tokens, keys, passwords and auth headers", async () => {
    const lines: string[] = [];
    const sink = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const log = createLogger("info", sink);
    log.info(
      {
        token: "t-1",
        key: "hs_abc",
        password: "hunter2",
        body: { password: "hunter3", apiKey: "k-2" },
        req: { headers: { authorization: "Bearer zzz", "x-api-key": "yyy" } },
      },
      "call",
    );
    log.flush();
    await new Promise((r) => setTimeout(r, 10));
    const out = lines.join("");
    for (const secret of ["t-1", "hs_abc", "hunter2", "hunter3", "k-2", "zzz", "yyy"]) {
      expect(out).not.toContain(secret);
    }
    expect(out).toContain("[redacted]");
  });
});

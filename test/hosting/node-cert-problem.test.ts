import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { HostingNetworkError, isTransient } from "../../src/hosting/errors.js";
import { certificateProblem, NodeApi } from "../../src/hosting/node/index.js";
import { type FakeCert, FakeNodeApi, makeCert } from "../fakes/node-api.js";
import { command, user } from "../fakes/telegram-api.js";
import { chatAs, createTestBot, type TestBot } from "../helpers/bot-harness.js";
import { rejection } from "../helpers/errors.js";
import { telegramViews } from "../helpers/telegram-views.js";

/**
 * Issue 10, item 18: a node certificate error says what is wrong. Without a pin the node's
 * self-signed certificate is refused and the admin is told to pin it, with its fingerprint; with
 * a wrong pin, that it does not match, with the fingerprint the node presents.
 */

const ADMIN = user(7460, { first_name: "Boss", language_code: "en" });
const ADMIN_RU = user(7461, { first_name: "Шеф", language_code: "ru" });
const FAST = { attempts: 2, baseDelayMs: 5, maxDelayMs: 10 };

const fake = new FakeNodeApi({ token: "node-token-cert-tests" });
let otherCert: FakeCert;
const opened: NodeApi[] = [];
const bots: TestBot[] = [];

beforeAll(async () => {
  await fake.start();
  otherCert = await makeCert("someone-else.test");
});
afterAll(async () => {
  for (const b of bots) await b.close();
  for (const c of opened) await c.close();
  await fake.stop();
});

function client(certSha256: string | undefined): NodeApi {
  const c = new NodeApi({ baseUrl: fake.url, token: () => fake.token, certSha256, retry: FAST });
  opened.push(c);
  return c;
}

async function botWith(certSha256: string | undefined): Promise<TestBot> {
  const bot = await createTestBot({
    adminIds: [ADMIN.id, ADMIN_RU.id],
    node: { url: fake.url, token: fake.token, certSha256 },
  });
  bots.push(bot);
  return bot;
}

const nodeFingerprint = () => fake.certificate?.fingerprint256 ?? "";

describe("the node adapter names the certificate problem", () => {
  it("without a pin: self-signed, with the fingerprint the node presented; nothing reaches the node", async () => {
    const seen = fake.seen.length;
    const e = await rejection(client(undefined).status());
    expect(e).toBeInstanceOf(HostingNetworkError);
    expect((e as HostingNetworkError).permanent).toBe(true);
    expect(isTransient(e)).toBe(false);
    expect(certificateProblem(e)).toEqual({ kind: "self-signed", fingerprint: nodeFingerprint() });
    expect(fake.seen.length).toBe(seen);
  });

  it("with a wrong pin: a mismatch, with the pinned and the presented fingerprints", async () => {
    const e = await rejection(client(otherCert.fingerprint256).status());
    expect(certificateProblem(e)).toEqual({
      kind: "mismatch",
      fingerprint: nodeFingerprint(),
      pinned: otherCert.fingerprint256,
    });
  });

  it("with the right pin there is no problem", async () => {
    expect((await client(nodeFingerprint()).status()).nodeName).toBeTruthy();
    expect(certificateProblem(new Error("other"))).toBeUndefined();
  });
});

describe("the admin is told what is wrong", () => {
  it("no pin and a self-signed certificate: set NODE_API_CERT_SHA256 to the fingerprint shown", async () => {
    const bot = await botWith(undefined);
    await bot.send(command(ADMIN, "/admin"));
    await chatAs(() => bot, ADMIN).press("a.n:home::");
    const text = telegramViews(() => bot).lastShown().text;
    expect(text).toContain("The node's certificate is self-signed");
    expect(text).toContain("set <code>NODE_API_CERT_SHA256</code> to its fingerprint");
    expect(text).toContain(`<code>${nodeFingerprint()}</code>`);
    expect(text).not.toContain("does not match");

    await chatAs(() => bot, ADMIN_RU).press("a.n:home::");
    const ru = telegramViews(() => bot).lastShown().text;
    expect(ru).toContain("Сертификат ноды самоподписанный");
    expect(ru).toContain(`<code>${nodeFingerprint()}</code>`);
  });

  it("a wrong pin: does not match, and shows the fingerprint the node presents", async () => {
    const bot = await botWith(otherCert.fingerprint256);
    await chatAs(() => bot, ADMIN).press("a.n:peers::");
    const text = telegramViews(() => bot).lastShown().text;
    expect(text).toContain("does not match <code>NODE_API_CERT_SHA256</code>");
    expect(text).toContain(`The node presents: <code>${nodeFingerprint()}</code>`);
  });
});

import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Api, GrammyError, HttpError, InputFile } from "grammy";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { targetOf, telegramFetch } from "../../src/runtime/telegram-transport.js";

const TOKEN = "123456:transport-test-token";

/** A stand-in Bot API: records what each call sent, answers as Telegram does. */
let server: Server;
let apiRoot = "";
const seen: { method: string; type: string; body: string }[] = [];

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("latin1");
}

beforeAll(async () => {
  server = createServer(async (req, res) => {
    const method = (req.url ?? "").split("/").pop() ?? "";
    const body = await bodyOf(req);
    seen.push({ method, type: req.headers["content-type"] ?? "", body });
    res.setHeader("content-type", "application/json");
    if (method === "getChat") {
      res.statusCode = 400;
      res.end(JSON.stringify({ ok: false, error_code: 400, description: "Bad Request: chat not found" }));
    } else if (method === "getChatAdministrators") {
      // An answer larger than one socket read: it arrives in several chunks.
      const admins = Array.from({ length: 3_000 }, (_, i) => ({
        status: "administrator",
        user: { id: i, is_bot: false, first_name: `Админ ${i}` },
      }));
      res.end(JSON.stringify({ ok: true, result: admins }));
    } else if (method === "getMyName") {
      // A proxy in front of Telegram answering with a page, not JSON.
      res.statusCode = 502;
      res.setHeader("content-type", "text/html");
      res.end("<html><body>502 Bad Gateway</body></html>");
    } else if (method === "getUpdates") {
      // Long polling: answered only when the client gives up.
      req.on("close", () => res.destroy());
    } else {
      res.end(
        JSON.stringify({ ok: true, result: { message_id: 7, date: 0, chat: { id: 1, type: "private" } } }),
      );
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  apiRoot = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const api = () => new Api(TOKEN, { apiRoot, fetch: telegramFetch });

describe("the Bot API transport (undici)", () => {
  it("sends JSON calls and reads the answer", async () => {
    const sent = await api().sendMessage(1, "hello", { reply_markup: { inline_keyboard: [] } });
    expect(sent.message_id).toBe(7);
    const call = seen.find((c) => c.method === "sendMessage");
    expect(call?.type).toBe("application/json");
    expect(JSON.parse(call?.body ?? "{}")).toMatchObject({ chat_id: 1, text: "hello" });
  });

  it("uploads files as multipart streams", async () => {
    const png = Buffer.from("89504e470d0a1a0a0000", "hex");
    await api().sendPhoto(1, new InputFile(png, "qr.png"), { caption: "your QR" });
    const call = seen.find((c) => c.method === "sendPhoto");
    expect(call?.type).toMatch(/^multipart\/form-data; boundary=/);
    expect(call?.body).toMatch(/filename="?qr\.png/);
    expect(call?.body).toContain("your QR");
    expect(call?.body).toContain(png.toString("latin1"));
  });

  it("reads an answer that arrives in several chunks", async () => {
    const admins = await api().getChatAdministrators(-100);
    expect(admins).toHaveLength(3_000);
    expect(admins[2_999]?.user.first_name).toBe("Админ 2999");
  });

  it("turns Telegram's refusals into GrammyError", async () => {
    const refused = await api()
      .getChat(42)
      .catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(GrammyError);
    expect((refused as GrammyError).error_code).toBe(400);
  });

  it("turns an answer that is not JSON into an HttpError, and the next call still works", async () => {
    const failed = await api()
      .getMyName()
      .catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(HttpError);
    expect(String((failed as HttpError).message)).not.toContain(TOKEN);
    expect((await api().sendMessage(1, "after")).message_id).toBe(7);
  });

  it("gives up a call when its signal aborts, and an unreachable Telegram is an HttpError", async () => {
    const controller = new AbortController();
    const polling = api()
      .getUpdates({ timeout: 30 }, controller.signal as Parameters<Api["getUpdates"]>[1])
      .catch((err: unknown) => err);
    setTimeout(() => controller.abort(), 50);
    expect(await polling).toBeInstanceOf(HttpError);
    const gone = new Api(TOKEN, { apiRoot: "http://127.0.0.1:1", fetch: telegramFetch });
    const failed = await gone.getMe().catch((err: unknown) => err);
    expect(failed).toBeInstanceOf(HttpError);
    expect(String((failed as HttpError).message)).not.toContain(TOKEN);
  });
});

describe("a call's origin and path", () => {
  it("are sliced from grammY's URL as a URL parser would split them", () => {
    for (const url of [
      "http://127.0.0.1:8081/bot1:x/sendMessage",
      "https://api.telegram.org/bot1:x/getUpdates?offset=3",
      "https://api.telegram.org",
    ]) {
      const parsed = new URL(url);
      expect(targetOf(url)).toEqual({ origin: parsed.origin, path: `${parsed.pathname}${parsed.search}` });
      expect(targetOf(parsed)).toEqual(targetOf(url));
    }
  });
});

import { describe, expect, it } from "vitest";
import { topicLink, withHeader } from "../../src/render/tickets.js";

/** How a ticket message goes out: a bold header over what was written, within Telegram's limits. */

describe("a ticket message with its header", () => {
  it("keeps the text as written (never parsed as HTML) under a bold header", () => {
    expect(withHeader("💬 Support · ticket T7", { text: "use <b> & keep" })).toEqual({
      text: "💬 Support · ticket T7\n\nuse <b> & keep",
      entities: [{ type: "bold", offset: 0, length: "💬 Support · ticket T7".length }],
    });
  });

  it("cuts a photo's caption to 1024 characters without splitting an emoji", () => {
    const header = "👤 Ann · T7";
    const sent = withHeader(header, { photo: "file-1", text: "😀".repeat(600) });
    expect(sent.photo).toBe("file-1");
    expect(sent.text.length).toBeLessThanOrEqual(1024);
    expect(sent.text.length).toBeGreaterThan(1020);
    expect(sent.text.endsWith("😀")).toBe(true);
    expect(sent.text.startsWith(`${header}\n\n`)).toBe(true);
  });

  it("links a forum topic of a supergroup, and nothing else", () => {
    expect(topicLink(-1001234567890, 42)).toBe("https://t.me/c/1234567890/42");
    expect(topicLink(-4567, 42)).toBeUndefined();
  });
});

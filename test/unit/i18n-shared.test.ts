import { describe, expect, it } from "vitest";
import { createI18n } from "../../src/bot/i18n.js";

describe("translations parsed once", () => {
  it("every I18n of the process shares one parse of the locale files, and each still translates", () => {
    const first = createI18n("en");
    const second = createI18n("en", () => "ru");
    expect(second.fluent).toBe(first.fluent);
    expect(second.locales).toEqual(first.locales);
    expect(first.t("ru", "menu-help")).toBe(second.t("ru", "menu-help"));
    expect(first.t("en", "menu-help")).not.toBe(first.t("ru", "menu-help"));
  });

  it("a different default locale gets its own default bundle", () => {
    const en = createI18n("en");
    const ru = createI18n("ru");
    expect(ru.fluent).not.toBe(en.fluent);
    // An unknown locale falls back to each one's default.
    expect(ru.t("de", "menu-help")).toBe(ru.t("ru", "menu-help"));
    expect(en.t("de", "menu-help")).toBe(en.t("en", "menu-help"));
  });
});

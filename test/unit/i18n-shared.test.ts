import { describe, expect, it } from "vitest";
import { allTranslations, createI18n } from "../../src/bot/i18n.js";

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

describe("languages parsed on first use", () => {
  const loaded = (i18n: ReturnType<typeof createI18n>) =>
    [...(i18n.fluent as unknown as { bundles: Set<{ locales: string[] }> }).bundles].flatMap(
      (b) => b.locales,
    );

  it("only the default language is parsed at first; another is parsed once, when first asked for", () => {
    const uk = createI18n("uk");
    expect(loaded(uk)).toEqual(["uk"]);
    expect([...uk.locales].sort()).toEqual(["en", "fa", "ru", "uk"]);
    const ru = uk.t("ru-RU", "menu-help");
    expect(loaded(uk)).toEqual(["uk", "ru"]);
    expect(uk.t("ru", "menu-help")).toBe(ru);
    expect(ru).toBe(allTranslations("en").t("ru", "menu-help"));
    // An unknown language loads nothing and falls back to the default.
    expect(uk.t("de", "menu-help")).toBe(uk.t("uk", "menu-help"));
    expect(loaded(uk)).toEqual(["uk", "ru"]);
  });

  it("allTranslations translates every language as the shared bundles do", () => {
    const all = allTranslations("en");
    const shared = createI18n("en");
    for (const locale of ["en", "ru", "uk", "fa"])
      expect(all.t(locale, "command-start")).toBe(shared.t(locale, "command-start"));
  });
});

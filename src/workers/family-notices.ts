import type { Locale } from "../config.js";
import type { FamilyNotices } from "../domain/settlement/index.js";
import type { I18nLike } from "../render/i18n-like.js";
import type { Outbox } from "./outbox.js";

/** A member's message that the family they had a seat in ended, in their language, through the outbox. */
export class OutboxFamilyNotices implements FamilyNotices {
  constructor(
    private readonly deps: { outbox: Pick<Outbox, "send">; i18n: I18nLike; defaultLocale: Locale },
  ) {}

  async familyEnded(n: { customerId: number; locale: Locale | undefined; once: string }): Promise<void> {
    const text = this.deps.i18n.t(n.locale ?? this.deps.defaultLocale, "seats-family-ended");
    await this.deps.outbox.send({ chatId: n.customerId, text, once: n.once });
  }
}

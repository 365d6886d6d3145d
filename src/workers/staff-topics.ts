import type { Api } from "grammy";
import type { Locale } from "../config.js";
import type { Tickets } from "../domain/backoffice/index.js";
import type { StaffServices, TopicReplacement } from "../domain/staff/index.js";
import type { I18nLike } from "../render/i18n-like.js";
import { topicName } from "../render/staff-topics.js";
import type { Logger } from "../runtime/logger.js";

/** Another sender is making the deleted topic again right now: the job tries again shortly. */
export class TopicBeingMade extends Error {
  constructor(chatId: number, threadId: number) {
    super(`the staff group's topic ${threadId} in ${chatId} is being made again`);
    this.name = "TopicBeingMade";
  }
}

export interface TopicRepairDeps {
  api: Pick<Api, "createForumTopic">;
  group: Pick<StaffServices["group"], "replaceTopic">;
  i18n: I18nLike;
  /** The topics are named in the shop's default language. */
  defaultLocale: Locale;
  logger: Logger;
}

/**
 * The outbox's `threadGone` for the staff group: a topic of the group deleted by hand is made
 * again (once, whoever finds it first) under its usual name, and the message goes there; a thread
 * that is not one of the group's topics (a ticket's) is left to ticketTopicRepair.
 */
export function staffTopicRepair(deps: TopicRepairDeps) {
  const t = (key: string) => deps.i18n.t(deps.defaultLocale, key);
  return async (chatId: number, threadId: number): Promise<number | undefined> => {
    const replaced = await deps.group.replaceTopic(chatId, threadId, async (topic) => {
      const made = await deps.api.createForumTopic(chatId, topicName(t, topic));
      deps.logger.warn(
        { chatId, topic, was: threadId, now: made.message_thread_id },
        "a staff group topic was deleted; made it again",
      );
      return made.message_thread_id;
    });
    return movedTo(replaced, chatId, threadId);
  };
}

/** The outbox's `threadGone` for a ticket's topic deleted by hand: made again for a live ticket. */
export function ticketTopicRepair(tickets: Pick<Tickets, "remakeThread">) {
  return async (chatId: number, threadId: number): Promise<number | undefined> =>
    movedTo(await tickets.remakeThread(chatId, threadId), chatId, threadId);
}

/** The outbox's `threadGone`: the group's own topics made again, else a live ticket's. */
export function topicRepair(deps: TopicRepairDeps & { tickets: Pick<Tickets, "remakeThread"> }) {
  const repairs = [staffTopicRepair(deps), ticketTopicRepair(deps.tickets)];
  return async (chatId: number, threadId: number): Promise<number | undefined> => {
    for (const repair of repairs) {
      const moved = await repair(chatId, threadId);
      if (moved !== undefined) return moved;
    }
    return undefined;
  };
}

function movedTo(replaced: TopicReplacement, chatId: number, threadId: number): number | undefined {
  if (replaced.kind === "busy") throw new TopicBeingMade(chatId, threadId);
  return replaced.kind === "moved" ? replaced.threadId : undefined;
}

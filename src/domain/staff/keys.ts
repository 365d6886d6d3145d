/**
 * Every Redis key of the staff room (roles, the audit log, the staff group). The strings are what
 * is stored: changing one loses the data under it.
 */

export const staffKeys = {
  /** Staff members other than the owners (hash: Telegram user id -> role). */
  roles: "staff:roles",
  /** What the bot knows of each staff member's name (hash: id -> @username or first name). */
  names: "staff:names",
  /** Bumped on every change of `roles`: processes refresh their view of who is staff. */
  version: "staff:version",
  /** The staff group and its topics (hash: chatId, topics JSON, routing). */
  group: "staff:group",
  /** Topics deleted by hand and made again (hash: `<chat>:<old thread>` -> new thread id). */
  topicMoves: "staff:group:moved",
  /** Held while one sender makes a deleted topic again (`<chat>:<old thread>`). */
  topicRemake: (chatThread: string) => `staff:group:remake:${chatThread}`,
};

export const auditKeys = {
  /** Every audit entry (hash: entry id -> JSON). */
  entries: "audit:entries",
  /** Entry ids by time (zset, score: ms since the epoch). */
  log: "audit:log",
  /** Entries still `started` (begin without finish yet), by time: what settleStarted looks at. */
  started: "audit:started",
  /** One staff member's entries (zset by time). */
  byActor: (actorId: number) => `audit:actor:${actorId}`,
  /** The entries about one subject (`customer:42`, `server:7`, `plan:de`, ...) (zset by time). */
  bySubject: (subject: string) => `audit:subject:${subject}`,
};

import {
  type AuditEntry,
  type AuditLog,
  type AuditOutcome,
  auditEntry,
  auditSubject,
  type Role,
  type StaffRoster,
} from "../staff/index.js";

/**
 * The staff member an admin action on the hosting side is taken by. A service's mutating entry
 * points take one as their last argument: given, the member's role (read now) must allow
 * `hosting` and the action is recorded in the audit log; absent (the shop's own processes: the
 * server watch, the drift worker, a rule's own tests), nothing is checked or recorded.
 */
export interface StaffActor {
  readonly staffId: number;
}

/** The staff member `staffId` acting (see StaffActor). */
export const byStaff = (staffId: number): StaffActor => ({ staffId });

/** What a hosting action is, for its audit entry: `area.verb`, `<kind>:<id>`, the state before. */
export interface ActSubject {
  action: string;
  subject: string;
  before?: string | undefined;
  /** Where, when the subject alone does not say (`server 7` for an xui user); kept on a failure's note. */
  note?: string | undefined;
}

/** How an action ended when it did not throw (a typed outcome saying "not done" is `failed`). */
export interface ActEnd {
  outcome?: Exclude<AuditOutcome, "started" | "refused">;
  after?: string | undefined;
  note?: string | undefined;
}

/** The staff room as the hosting services use it. */
export interface HostingStaff {
  roster: Pick<StaffRoster, "require">;
  audit: Pick<AuditLog, "begin" | "finish">;
}

/** A thrown error in a few words for the audit note (never a stack). */
export function errorNote(err: unknown): string {
  return (err instanceof Error ? err.message : String(err)).slice(0, 300);
}

function joinNotes(first: string | undefined, second: string): string {
  return first ? `${first}; ${second}` : second;
}

/**
 * The one gate of the staff's hosting actions: the `hosting` permission checked against the role
 * stored now (a refusal throws NotPermitted, is recorded, and nothing is sent), then the action
 * recorded `started` before the hosting call and finished after it. A process that dies during
 * the call leaves the entry `started`, which the audit log later marks `unknown`: never lost.
 */
export class HostingActs {
  constructor(private readonly staff: HostingStaff | undefined) {}

  /** Checks `by` may act on the hosting side (NotPermitted otherwise); their role. */
  async allow(by: StaffActor, what: Pick<ActSubject, "action" | "subject">): Promise<Role> {
    return this.wired().roster.require(by.staffId, "hosting", what.action, what.subject);
  }

  /**
   * Runs `act` for `by` (see the class); without `by`, just runs it. `end` reads how a typed
   * result ended (default: done); a throw is recorded `failed` and rethrown.
   */
  async run<T>(
    by: StaffActor | undefined,
    what: ActSubject,
    act: () => Promise<T>,
    end?: (result: T) => ActEnd,
  ): Promise<T> {
    if (!by) return act();
    const entry = await this.begin(by, what);
    let result: T;
    try {
      result = await act();
    } catch (err) {
      await this.finish(entry, { outcome: "failed", note: joinNotes(what.note, errorNote(err)) });
      throw err;
    }
    const ended = end?.(result) ?? {};
    const note = ended.note === undefined ? undefined : joinNotes(what.note, ended.note);
    await this.finish(entry, { ...ended, outcome: ended.outcome ?? "done", note });
    return result;
  }

  /** Checks `by` and records the action `started` (for a caller that finishes it in its own step). */
  async begin(by: StaffActor, what: ActSubject): Promise<AuditEntry> {
    const role = await this.allow(by, what);
    return this.wired().audit.begin({ actorId: by.staffId, role, ...what });
  }

  /**
   * Checks `by` and makes the entry of a change about to be written in Redis, for the caller to
   * write in the change's own MULTI (`writeAuditIn`): the change and its record are one step.
   */
  async entryFor(by: StaffActor, what: ActSubject & { after?: string | undefined }, now: number) {
    const role = await this.allow(by, what);
    return auditEntry({ actorId: by.staffId, role, ...what }, now);
  }

  /** Finishes an entry `begin` made. */
  finish(entry: AuditEntry, ended: ActEnd & { outcome: NonNullable<ActEnd["outcome"]> }): Promise<void> {
    return this.wired().audit.finish(entry, ended.outcome, ended.after, ended.note);
  }

  /** An entry `begin` made as it ends, for the caller to write in the change's own MULTI. */
  static finished(entry: AuditEntry, ended: ActEnd): AuditEntry {
    const after = ended.after?.slice(0, 500);
    return {
      ...entry,
      outcome: ended.outcome ?? "done",
      after,
      note: ended.note?.slice(0, 300) ?? entry.note,
    };
  }

  /** Fails closed: an actor given where no staff room is wired is refused, never let through. */
  private wired(): HostingStaff {
    if (!this.staff) throw new Error("staff actions are not wired: no roster to check the actor against");
    return this.staff;
  }
}

/** A server of the hosting account as the audit log names it. */
export const serverSubject = (id: number) => auditSubject("server", id);

/** A hosting client (xui user, panel or node client) as the audit log names it. */
export const clientSubject = (name: string) => auditSubject("client", name);

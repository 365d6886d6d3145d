import {
  type AuditEntry,
  type AuditInput,
  type AuditOutcome,
  auditEntry,
  type Permission,
  type Role,
  type StaffServices,
} from "../staff/index.js";

/** What a staff action says about itself for the audit log (who, their role and when are added). */
export type StaffAction = Omit<AuditInput, "actorId" | "role" | "outcome">;

/**
 * A staff member changing the shop's configuration (the bot makes one from the update's sender).
 * Every staff entry point of the catalog, sales and back office rooms takes one and asks it first:
 * `entry` checks the member's role as stored now (a refusal is recorded and thrown as
 * NotPermitted, so a forged button or a role lowered mid-dialog changes nothing) and gives the
 * audit entry the change then writes in its own step (its MULTI, or its Lua script through the
 * `audit-record` fragment): the record is there if and only if the change is. The paths of
 * workers and start-up take no actor: they are neither checked nor recorded.
 */
export class StaffActor {
  constructor(
    readonly id: number,
    private readonly staff: Pick<StaffServices, "roster" | "audit">,
    readonly now: () => number,
  ) {}

  /** The actor's role when it allows `permission` for `action`; else the refusal is recorded and thrown. */
  role(permission: Permission, action: StaffAction): Promise<Role> {
    return this.staff.roster.require(this.id, permission, action.action, action.subject);
  }

  /** The audit entry of `action` by this actor in `role` (checked by `role`), stamped now. */
  entryAs(role: Role, action: StaffAction): AuditEntry {
    return auditEntry({ ...action, actorId: this.id, role }, this.now());
  }

  /** Checks `permission` (see `role`) and gives the entry to write with the change. */
  async entry(permission: Permission, action: StaffAction): Promise<AuditEntry> {
    return this.entryAs(await this.role(permission, action), action);
  }

  /** Records an attempt that changed nothing (a file that did not load: `failed`, with why). */
  async record(role: Role, action: StaffAction, outcome: AuditOutcome): Promise<void> {
    await this.staff.audit.record({ ...action, actorId: this.id, role, outcome });
  }
}

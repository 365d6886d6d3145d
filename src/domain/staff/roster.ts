import type { Redis } from "ioredis";
import { type AuditLog, auditEntry, auditSubject, execAudited, writeAuditIn } from "./audit.js";
import { staffKeys } from "./keys.js";
import { ASSIGNABLE_ROLES, isRole, NotPermitted, type Permission, type Role, roleAllows } from "./roles.js";

/** A staff member as listed: their id, role and the name the bot last saw. */
export interface StaffMember {
  id: number;
  role: Role;
  name: string | undefined;
}

export type StaffChange =
  | { status: "done"; before: Role | undefined; after: Role | undefined }
  | { status: "owner" }
  | { status: "refused" };

/**
 * Who is staff and in which role. Owners are the ids in ADMIN_IDS (fixed, never stored); every
 * other member is kept in Redis, so a change holds at once in every process. `require` is the
 * one check of a permission, made where an action happens (the domain's own entry points and the
 * bot's guard alike), always against the role stored now: a role lowered while a conversation
 * was open refuses its next step.
 */
export class StaffRoster {
  private readonly owners: ReadonlySet<number>;

  constructor(
    private readonly redis: Redis,
    ownerIds: readonly number[],
    private readonly audit: AuditLog,
    private readonly now: () => number,
  ) {
    this.owners = new Set(ownerIds);
  }

  isOwner(id: number): boolean {
    return this.owners.has(id);
  }

  /** `id`'s role now, or undefined when they are not staff. */
  async roleOf(id: number): Promise<Role | undefined> {
    if (this.owners.has(id)) return "owner";
    const stored = await this.redis.hget(staffKeys.roles, String(id));
    return stored !== null && isRole(stored) && stored !== "owner" ? stored : undefined;
  }

  async can(id: number, permission: Permission): Promise<boolean> {
    return roleAllows(await this.roleOf(id), permission);
  }

  /**
   * `id`'s role when it allows `permission`; otherwise throws NotPermitted, and the refusal is
   * recorded (`action` on `subject`) so a forged button leaves a trace.
   */
  async require(
    id: number,
    permission: Permission,
    action: string = permission,
    subject = "shop",
  ): Promise<Role> {
    const role = await this.roleOf(id);
    if (roleAllows(role, permission)) return role as Role;
    await this.audit.record({
      actorId: id,
      role: role ?? "none",
      action,
      subject,
      outcome: "refused",
      note: `needs ${permission}`,
    });
    throw new NotPermitted(id, permission, role);
  }

  /** Every staff member: the owners, then the others, each by id. */
  async list(): Promise<StaffMember[]> {
    const [roles, names] = await Promise.all([
      this.redis.hgetall(staffKeys.roles),
      this.redis.hgetall(staffKeys.names),
    ]);
    const members: StaffMember[] = [...this.owners].map((id) => ({
      id,
      role: "owner" as Role,
      name: names[id],
    }));
    for (const [key, role] of Object.entries(roles)) {
      const id = Number(key);
      if (!this.owners.has(id) && isRole(role)) members.push({ id, role, name: names[key] });
    }
    const rank = (m: StaffMember) => (m.role === "owner" ? 0 : 1);
    return members.sort((a, b) => rank(a) - rank(b) || a.id - b.id);
  }

  /** Ids of everyone on the staff now (owners included): who may open the back office at all. */
  async ids(): Promise<number[]> {
    return [
      ...this.owners,
      ...(await this.redis.hkeys(staffKeys.roles)).map(Number).filter((id) => !this.owners.has(id)),
    ];
  }

  /** The store's version: bumped on every change (processes refresh their view of the staff by it). */
  async version(): Promise<number> {
    return Number((await this.redis.get(staffKeys.version)) ?? 0);
  }

  /** Remembers the name shown for a staff member (their @username or first name). */
  async rememberName(id: number, name: string): Promise<void> {
    await this.redis.hset(staffKeys.names, String(id), name.slice(0, 64));
  }

  /**
   * The owner `actorId` gives `targetId` `role` (`undefined`: removes them from the staff). The
   * change and its audit record are one step. Owners cannot be changed here (ADMIN_IDS says who
   * they are); only an owner may change staff.
   */
  async setRole(actorId: number, targetId: number, role: Role | undefined): Promise<StaffChange> {
    const actorRole = await this.require(actorId, "staff", "staff.role", auditSubject("staff", targetId));
    if (this.owners.has(targetId)) return { status: "owner" };
    if (role !== undefined && !ASSIGNABLE_ROLES.includes(role)) return { status: "refused" };
    const before = await this.roleOf(targetId);
    const entry = auditEntry(
      {
        actorId,
        role: actorRole,
        action: role === undefined ? "staff.remove" : "staff.role",
        subject: auditSubject("staff", targetId),
        before: before ?? "none",
        after: role ?? "none",
      },
      this.now(),
    );
    const tx = this.redis.multi();
    if (role === undefined) tx.hdel(staffKeys.roles, String(targetId));
    else tx.hset(staffKeys.roles, String(targetId), role);
    tx.incr(staffKeys.version);
    await execAudited(writeAuditIn(tx, entry));
    return { status: "done", before, after: role };
  }
}

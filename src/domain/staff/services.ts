import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import { AuditLog } from "./audit.js";
import { StaffGroup } from "./group.js";
import { StaffRoster } from "./roster.js";

/** The staff room's services. */
export interface StaffServices {
  roster: StaffRoster;
  audit: AuditLog;
  group: StaffGroup;
}

export function createStaffServices(deps: {
  redis: Redis;
  clock: Clock;
  ownerIds: readonly number[];
}): StaffServices {
  const now = () => deps.clock.now();
  const audit = new AuditLog(deps.redis, now);
  const roster = new StaffRoster(deps.redis, deps.ownerIds, audit, now);
  return { audit, roster, group: new StaffGroup({ redis: deps.redis, roster, audit }) };
}

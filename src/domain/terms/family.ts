import type { Logger } from "../../runtime/logger.js";
import type { Subscription, Subscriptions } from "../books/index.js";
import { mayHealOnRetry, type ProvisionerFor } from "../provisioning/index.js";
import type { TermChange, TermChanges } from "./changes.js";
import { holds } from "./holds.js";

/**
 * Who the members of a family are: the taken seats' subscriptions of the owner's subscription
 * (sales keeps the seats, settlement makes their clients: both above this room, so it is asked
 * through this port, wired once the rooms are made). Removed members are left out.
 */
export interface FamilyMembers {
  of(ownerSubscriptionId: string): Promise<Subscription[]>;
}

export interface FamilyTermsDeps {
  members: FamilyMembers;
  provisioner: ProvisionerFor;
  subscriptions: Pick<Subscriptions, "setTerm">;
  changes: Pick<TermChanges, "get" | "record">;
  /** Where a term starts on the hosting side (SubscriptionTerms.startOf: the backend's rounding). */
  startOf(sub: Pick<Subscription, "expiresAt" | "ref">, hostingExpiry: number): number;
  logger: Logger;
}

/**
 * An admin's term change of a family owner's subscription carried to every taken seat, as a
 * family renewal is (settlement/seats.ts): the one target the change fixed for the owner, each
 * seat's client read back first and written only where it does not hold it (absolute, so a retry
 * or a lost answer writes the same, never a second change), the member's record set to what the
 * client then holds. A seat whose write may heal throws (the change keeps its turn and its job
 * tries again; seats at the target are not written again); a seat refused for good, or any when
 * the change is given up on (its owner write landed), is given up with its reason on the change
 * (`seatsGivenUp`) and the change still finishes.
 */
export class FamilyTerms {
  constructor(private readonly deps: FamilyTermsDeps) {}

  async carry(change: TermChange, owner: Subscription, target: number, giveUp: boolean): Promise<void> {
    const members = await this.deps.members.of(owner.id);
    if (members.length === 0) return;
    const givenUp = { ...(await this.deps.changes.get(change.id))?.seatsGivenUp };
    for (const member of members) {
      const seat = String(member.seat ?? member.id);
      if (givenUp[seat] !== undefined) continue;
      try {
        await this.write(member, target);
      } catch (err) {
        if (!giveUp && mayHealOnRetry(err)) throw err;
        givenUp[seat] = String(err).slice(0, 200);
        await this.deps.changes.record(change.id, { seatsGivenUp: JSON.stringify(givenUp) });
        this.deps.logger.warn(
          { err, changeId: change.id, seat, subscriptionId: member.id },
          "a family seat's term change given up",
        );
      }
    }
  }

  /** One seat's client to `target`, read back first; its record takes what the client holds. */
  private async write(member: Subscription, target: number): Promise<void> {
    const provisioner = this.deps.provisioner(member.ref.kind);
    const seen = (await provisioner.state(member.ref)).expiresAt;
    const after = holds(member.ref.kind, seen, target)
      ? seen
      : (await provisioner.setTerm(member.ref, target)).expiresAt;
    const term = this.deps.startOf({ expiresAt: target, ref: member.ref }, after);
    await this.deps.subscriptions.setTerm(member.id, term);
  }
}

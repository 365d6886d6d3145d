import type { Redis } from "ioredis";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { BooksServices } from "../books/index.js";
import type { Catalog } from "../catalog/index.js";
import type { ProvisioningServices } from "../provisioning/index.js";
import type { StaffServices } from "../staff/index.js";
import { type FreezeTurns, SubscriptionTerms, type TermJobs } from "./authority.js";
import { TermChain } from "./chain.js";
import { TermChanges } from "./changes.js";
import { type FamilyMembers, FamilyTerms } from "./family.js";
import { SubscriptionFreezes } from "./freezes.js";

/** The terms room's services: the one authority over a subscription's term, and its records. */
export interface TermsServices {
  /** Every change of a subscription's term, in its chain: paid renewals and admins' changes. */
  terms: SubscriptionTerms;
  /** Admins' term changes (the records). */
  changes: TermChanges;
  /** Customers' freezes: members of the chain too. */
  freezes: SubscriptionFreezes;
}

export interface TermsServicesDeps {
  redis: Redis;
  clock: Clock;
  logger: Logger;
  /** Where an admin's change waiting for its turn goes (the order queue). */
  jobs: TermJobs;
  books: Pick<BooksServices, "orders" | "subscriptions" | "owners">;
  provisioning: Pick<ProvisioningServices, "provisioner" | "nodeEdits">;
  /** Who may change a term, and the audit log the staff's changes are recorded in. */
  staff?: Pick<StaffServices, "roster" | "audit">;
  /** The plans' freeze options. */
  catalog: () => Catalog;
  /** The members of a family (its taken seats): an owner's term change reaches them (none: no families). */
  families?: FamilyMembers;
}

export function createTermsServices(deps: TermsServicesDeps): TermsServices {
  const { redis, clock, logger, jobs } = deps;
  const { orders, subscriptions, owners } = deps.books;
  const changes = new TermChanges(redis, clock);
  const chain = new TermChain(redis, orders, changes);
  const provisioner = deps.provisioning.provisioner;
  // Each needs the other: a freeze's turn comes through the terms, and it asks them where a term starts.
  const turns: FreezeTurns = { turn: (c, s) => freezes.turn(c, s), landed: (c) => freezes.landed(c) };
  const families: FamilyTerms | undefined = deps.families
    ? new FamilyTerms({
        ...{ members: deps.families, provisioner, subscriptions, changes, logger },
        startOf: (sub, hosting): number => terms.startOf(sub, hosting),
      })
    : undefined;
  const terms = new SubscriptionTerms({
    redis,
    chain,
    changes,
    subscriptions,
    owners,
    provisioner,
    nodeEdits: deps.provisioning.nodeEdits,
    jobs,
    clock,
    logger,
    ...(deps.staff ? { staff: deps.staff } : {}),
    freezes: turns,
    ...(families ? { families } : {}),
  });
  const freezes = new SubscriptionFreezes({
    ...{
      redis,
      clock,
      logger,
      jobs,
      catalog: deps.catalog,
      chain,
      changes,
      subscriptions,
      provisioner,
      terms,
      staff: deps.staff,
    },
  });
  return { terms, changes, freezes };
}

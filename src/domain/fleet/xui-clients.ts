import type { AccountApi, CreatedXuiClient, Inbound, XuiClientDetails } from "../../hosting/account/index.js";
import { type Clock, DAY } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import {
  type Followed,
  followAdminChange,
  type HostingClient,
  type Owner,
  type SubscriptionOwners,
} from "../books/index.js";
import { type ClientUsage, xuiClientUsage } from "../provisioning/index.js";
import { type ActSubject, clientSubject, HostingActs, type StaffActor } from "./staff-acts.js";

type XuiCalls = Pick<
  AccountApi,
  "listClients" | "getClient" | "createClient" | "updateClient" | "deleteClient" | "inbounds"
>;

export interface XuiClientsDeps {
  /** Read per call, so a relinked account (or a test's swapped client) is used at once. */
  hosting: { readonly account: XuiCalls };
  owners: Pick<SubscriptionOwners, "of" | "followTerm" | "removed">;
  clock: Clock;
  logger: Logger;
  /** Checks and records the staff's changes (without it, one given an actor is refused). */
  acts?: HostingActs;
}

/** One user of a server's inbound as the admin's list shows it. */
export interface XuiUser {
  email: string;
  /** false = disabled (banned). */
  enable: boolean;
  /** GB; 0 = unlimited. */
  totalGb: number;
  /** Unix ms; 0 = no expiry. */
  expiryMs: number;
  usage: ClientUsage;
}

export interface XuiUserList {
  inboundId: number;
  users: XuiUser[];
}

export interface TermSet {
  /** The new expiry as the hosting side answered it (Unix ms, 0 = none); undefined when not said. */
  expiryMs: number | undefined;
  followed: Followed;
}

/**
 * The users (clients) of xui servers as the admins manage them by hand: list with usage, one
 * user, create, limit, term, ban / unban, delete and the panel's inbounds. The shop's
 * subscriptions on a user follow a new term or a delete (see SubscriptionOwners). In this API
 * `days` is a NEW term counted from now (0 = no expiry), never added to the remaining one.
 * Hosting failures are thrown as the client threw them. Each change takes `by`, the staff member
 * making it (checked and recorded; see StaffActor).
 */
export class XuiClients {
  private readonly acts: HostingActs;

  constructor(private readonly deps: XuiClientsDeps) {
    this.acts = deps.acts ?? new HostingActs(undefined);
  }

  private get account(): XuiCalls {
    return this.deps.hosting.account;
  }

  /** The users of the server's inbound with their traffic, in the API's order. */
  async list(serverId: number): Promise<XuiUserList> {
    const list = await this.account.listClients(serverId);
    return {
      inboundId: list.inboundId,
      users: list.clients.map((c) => ({
        email: c.email,
        enable: c.enable,
        totalGb: c.totalGb,
        expiryMs: c.expiryMs,
        usage: xuiClientUsage(c),
      })),
    };
  }

  get(serverId: number, email: string): Promise<XuiClientDetails> {
    return this.account.getClient(serverId, email);
  }

  inbounds(serverId: number): Promise<Inbound[]> {
    return this.account.inbounds(serverId);
  }

  /** A new user; `name` undefined lets the service pick one (it also renames a taken one). */
  async create(
    serverId: number,
    input: { name: string | undefined; gb: number; days: number },
    by?: StaffActor,
  ): Promise<CreatedXuiClient> {
    const what = act("xui.client.create", serverId, input.name ?? "(named by the service)");
    const terms = `${input.gb} GB, ${input.days} days`;
    return this.acts.run(
      by,
      what,
      async () => {
        const client = await this.account.createClient(serverId, input);
        this.deps.logger.info({ serverId, email: client.email }, "xui user created");
        return client;
      },
      (client) => ({ after: `${client.email}: ${terms}` }),
    );
  }

  /** GB; 0 = unlimited. */
  async setLimit(serverId: number, email: string, gb: number, by?: StaffActor): Promise<void> {
    await this.acts.run(
      by,
      act("xui.client.limit", serverId, email),
      async () => {
        await this.account.updateClient(serverId, email, { gb });
        this.deps.logger.info({ serverId, email, gb }, "xui user limit changed");
      },
      () => ({ after: `${gb} GB` }),
    );
  }

  /** A new term of `days` from now (0 = no expiry), exactly that; the subscriptions follow it. */
  async setTerm(serverId: number, email: string, days: number, by?: StaffActor): Promise<TermSet> {
    return this.acts.run(
      by,
      act("xui.client.term", serverId, email),
      async () => {
        const updated = await this.account.updateClient(serverId, email, { days });
        this.deps.logger.info({ serverId, email, days }, "xui user term set");
        const expiryMs = updated?.expiryMs;
        return { expiryMs, followed: await this.followTerm(serverId, email, days, expiryMs) };
      },
      (set) => ({ after: termText(days, set.expiryMs) }),
    );
  }

  /** Ban (false) or unban (true). */
  async setEnabled(serverId: number, email: string, enable: boolean, by?: StaffActor): Promise<void> {
    await this.acts.run(
      by,
      act(enable ? "xui.client.unban" : "xui.client.ban", serverId, email),
      async () => {
        await this.account.updateClient(serverId, email, { enable });
        this.deps.logger.info({ serverId, email, enable }, enable ? "xui user unbanned" : "xui user banned");
      },
      () => ({ after: enable ? "enabled" : "disabled" }),
    );
  }

  /** Deletes the user; the subscriptions on it are marked removed (their reminders stop). */
  async delete(serverId: number, email: string, by?: StaffActor): Promise<Followed> {
    return this.acts.run(
      by,
      act("xui.client.delete", serverId, email),
      async () => {
        await this.account.deleteClient(serverId, email);
        this.deps.logger.info({ serverId, email }, "xui user deleted");
        return this.follow(() => this.deps.owners.removed(xuiClient(serverId, email)));
      },
      () => ({ after: "deleted" }),
    );
  }

  /**
   * The subscriptions on the user take its new term (read back when the answer had none), so
   * /my, the card and the reminders agree with the hosting side. Nothing is read back when no
   * subscription is on the user, or when the index cannot be read (the term itself is set).
   */
  private async followTerm(
    serverId: number,
    email: string,
    days: number,
    expiryMs: number | undefined,
  ): Promise<Followed> {
    const client = xuiClient(serverId, email);
    if ((await this.ownersOf(client)).length === 0) return [];
    let expiry = days === 0 ? 0 : expiryMs;
    if (expiry === undefined) {
      expiry = await this.account.getClient(serverId, email).then(
        (c) => c.expiryMs,
        () => this.deps.clock.now() + days * DAY,
      );
    }
    const target = expiry;
    return this.follow(() => this.deps.owners.followTerm(client, target));
  }

  private async ownersOf(client: HostingClient): Promise<Owner[]> {
    try {
      return await this.deps.owners.of(client);
    } catch (err) {
      this.deps.logger.warn({ err, client }, "could not read the customers on a hosting client");
      return [];
    }
  }

  private follow(change: () => Promise<Owner[]>): Promise<Followed> {
    return followAdminChange(change, this.deps.logger);
  }
}

/** An xui user's action for the audit log: the user, and its server in the note. */
function act(action: string, serverId: number, email: string): ActSubject {
  return { action, subject: clientSubject(email), note: `server ${serverId}` };
}

function termText(days: number, expiryMs: number | undefined): string {
  if (days === 0) return "no expiry";
  return expiryMs ? `expires ${new Date(expiryMs).toISOString()}` : `${days} days from now`;
}

function xuiClient(serverId: number, name: string): HostingClient {
  return { kind: "xui", serverId, name };
}

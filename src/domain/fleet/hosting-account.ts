import type { Account, AccountApi } from "../../hosting/account/index.js";
import { HostingApiError, isHostingError } from "../../hosting/errors.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import { writeAuditIn } from "../staff/index.js";
import { type AccountKeyInfo, type AccountKeyStore, type AlsoIn, keyPrefix } from "./account-key.js";
import { type ActEnd, errorNote, HostingActs, type StaffActor } from "./staff-acts.js";

type AccountCalls = Pick<AccountApi, "account" | "issueToken" | "withKey">;

export interface HostingAccountDeps {
  /** Read per call, so a relinked account (or a test's swapped client) is used at once. */
  hosting: { readonly account: AccountCalls };
  keys: AccountKeyStore;
  clock: Clock;
  logger: Logger;
  /** Checks and records the staff's links and unlinks (without it, one given an actor is refused). */
  acts?: HostingActs;
}

/** The hosting account as the audit log names it. */
export const ACCOUNT_SUBJECT = "account";

export interface LoginInput {
  adminId: number;
  login: string;
  password: string;
  /** The six-digit TOTP code, once the service asked for it. */
  code?: string;
}

export type LoginOutcome =
  | { kind: "linked"; prefix: string }
  /** TOTP is on: ask for the code. */
  | { kind: "need-code" }
  | { kind: "wrong-code" }
  | { kind: "wrong-credentials" }
  /** E-mail or messenger 2FA: the key has to be made in the web cabinet and pasted. */
  | { kind: "cabinet-key" }
  /** The account has as many active keys as allowed. */
  | { kind: "key-limit" }
  | { kind: "failed"; error: unknown };

export type PasteKeyOutcome =
  | { kind: "linked"; prefix: string }
  /** The service refused the key (401): nothing saved. */
  | { kind: "invalid" }
  | { kind: "failed"; error: unknown };

/** 401s that mention the code mean "TOTP code required / invalid" (spec A, issue token). */
const CODE_PROBLEM = /code|totp|2fa|otp/i;
/** The label the issued key gets in the cabinet's key list. */
const KEY_NAME = "telegram-bot";

/**
 * The hosting account the shop resells from: which key is linked, the account behind it, and
 * linking it in chat (login and password, plus the TOTP code, traded for a key; or a pasted key
 * checked with a real call) or unlinking it. The key is kept sealed by `AccountKeyStore`; a key
 * from ACCOUNT_API_KEY is fixed and cannot be changed here. Given `by` (the staff member), a link
 * or unlink is checked against their role and recorded: begun before the hosting call, finished
 * in the same MULTI as the key's change (a failed attempt is recorded failed).
 */
export class HostingAccount {
  private readonly acts: HostingActs;

  constructor(private readonly deps: HostingAccountDeps) {
    this.acts = deps.acts ?? new HostingActs(undefined);
  }

  /** Where the key comes from and its displayable prefix. */
  keyInfo(): Promise<AccountKeyInfo> {
    return this.deps.keys.info();
  }

  /** True when the key comes from ACCOUNT_API_KEY. */
  get fixed(): boolean {
    return this.deps.keys.fixed;
  }

  /** The account behind the linked key (hosting errors are thrown, 401 for a revoked key). */
  account(): Promise<Account> {
    return this.deps.hosting.account.account();
  }

  /** Trades login and password (and the code) for a new key and links it; never retried. */
  async login(input: LoginInput, by?: StaffActor): Promise<LoginOutcome> {
    const { adminId, login, password, code } = input;
    const link = await this.begin(by, "login");
    try {
      const issued = await this.deps.hosting.account.issueToken({ login, password, code, name: KEY_NAME });
      await this.deps.keys.save(
        issued.key,
        adminId,
        this.deps.clock.now(),
        issued.prefix,
        link.done(issued.prefix),
      );
      this.deps.logger.info({ adminId, prefix: issued.prefix }, "hosting account linked");
      return { kind: "linked", prefix: (await this.deps.keys.info()).prefix ?? issued.prefix };
    } catch (error) {
      const failure = loginFailure(error, code);
      await link.failed(failure.kind === "failed" ? errorNote(failure.error) : failure.kind);
      return failure;
    }
  }

  /** Links a key pasted by an admin once the service accepted it for a real call. */
  async pasteKey(adminId: number, key: string, by?: StaffActor): Promise<PasteKeyOutcome> {
    const link = await this.begin(by, "pasted key");
    try {
      await this.deps.hosting.account.withKey(key).account();
    } catch (error) {
      const invalid = isHostingError(error, "unauthorized");
      await link.failed(invalid ? "the service refused the key" : errorNote(error));
      return invalid ? { kind: "invalid" } : { kind: "failed", error };
    }
    await this.deps.keys.save(key, adminId, this.deps.clock.now(), undefined, link.done(keyPrefix(key)));
    this.deps.logger.info({ adminId }, "hosting account key pasted and linked");
    return { kind: "linked", prefix: (await this.deps.keys.info()).prefix ?? "" };
  }

  /**
   * Forgets the linked key; false (nothing done) when the key is fixed by ACCOUNT_API_KEY. Given
   * `by`, the key's removal and its audit record are one step.
   */
  async unlink(adminId: number, by?: StaffActor): Promise<boolean> {
    const what = { action: "account.unlink", subject: ACCOUNT_SUBJECT, before: await this.keyText() };
    if (this.fixed) {
      if (by)
        await this.acts.run(
          by,
          what,
          async () => undefined,
          () => fixedKey,
        );
      return false;
    }
    const entry = by
      ? await this.acts.entryFor(by, { ...what, after: "none" }, this.deps.clock.now())
      : undefined;
    await this.deps.keys.clear(entry ? (tx) => writeAuditIn(tx, entry) : undefined);
    this.deps.logger.info({ adminId }, "hosting account unlinked");
    return true;
  }

  /** The linked key as the audit log shows it: its prefix, or none. */
  private async keyText(): Promise<string> {
    const info = await this.deps.keys.info();
    return info.source === "none" ? "none" : `key ${info.prefix ?? "?"}`;
  }

  /**
   * A link attempt by `by` begun in the audit log (nothing without `by`): `done` adds its end to
   * the key's MULTI, `failed` records why nothing was linked.
   */
  private async begin(by: StaffActor | undefined, how: string): Promise<LinkRecord> {
    if (!by) return { done: () => undefined, failed: async () => undefined };
    const what = {
      action: "account.link",
      subject: ACCOUNT_SUBJECT,
      before: await this.keyText(),
      note: how,
    };
    const entry = await this.acts.begin(by, what);
    return {
      done: (prefix) => {
        const ended = HostingActs.finished(entry, { after: `key ${prefix ?? "linked"}` });
        return (tx) => writeAuditIn(tx, ended);
      },
      failed: (why) => this.acts.finish(entry, { outcome: "failed", note: `${how}: ${why}` }),
    };
  }
}

/** How a link attempt ends in the audit log (see HostingAccount's `begin`). */
interface LinkRecord {
  /** The finished record's writes for the key's MULTI (the prefix, when the service gave one). */
  done(prefix: string | undefined): AlsoIn | undefined;
  failed(why: string): Promise<void>;
}

const fixedKey: ActEnd = {
  outcome: "failed",
  note: "the key is fixed by ACCOUNT_API_KEY",
};

function loginFailure(error: unknown, code: string | undefined): LoginOutcome {
  if (error instanceof HostingApiError) {
    if (error.kind === "unauthorized") {
      if (CODE_PROBLEM.test(error.detail)) return { kind: code === undefined ? "need-code" : "wrong-code" };
      return { kind: "wrong-credentials" };
    }
    if (error.kind === "forbidden") return { kind: "cabinet-key" };
    if (error.kind === "bad_request" && /key/i.test(error.detail)) return { kind: "key-limit" };
  }
  return { kind: "failed", error };
}

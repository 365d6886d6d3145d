import type { Account, AccountApi } from "../../hosting/account/index.js";
import { HostingApiError, isHostingError } from "../../hosting/errors.js";
import type { Clock } from "../../runtime/clock.js";
import type { Logger } from "../../runtime/logger.js";
import type { AccountKeyInfo, AccountKeyStore } from "./account-key.js";

type AccountCalls = Pick<AccountApi, "account" | "issueToken" | "withKey">;

export interface HostingAccountDeps {
  /** Read per call, so a relinked account (or a test's swapped client) is used at once. */
  hosting: { readonly account: AccountCalls };
  keys: AccountKeyStore;
  clock: Clock;
  logger: Logger;
}

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
 * from ACCOUNT_API_KEY is fixed and cannot be changed here.
 */
export class HostingAccount {
  constructor(private readonly deps: HostingAccountDeps) {}

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
  async login(input: LoginInput): Promise<LoginOutcome> {
    const { adminId, login, password, code } = input;
    try {
      const issued = await this.deps.hosting.account.issueToken({ login, password, code, name: KEY_NAME });
      await this.deps.keys.save(issued.key, adminId, this.deps.clock.now(), issued.prefix);
      this.deps.logger.info({ adminId, prefix: issued.prefix }, "hosting account linked");
      return { kind: "linked", prefix: (await this.deps.keys.info()).prefix ?? issued.prefix };
    } catch (error) {
      return loginFailure(error, code);
    }
  }

  /** Links a key pasted by an admin once the service accepted it for a real call. */
  async pasteKey(adminId: number, key: string): Promise<PasteKeyOutcome> {
    try {
      await this.deps.hosting.account.withKey(key).account();
    } catch (error) {
      return isHostingError(error, "unauthorized") ? { kind: "invalid" } : { kind: "failed", error };
    }
    await this.deps.keys.save(key, adminId, this.deps.clock.now());
    this.deps.logger.info({ adminId }, "hosting account key pasted and linked");
    return { kind: "linked", prefix: (await this.deps.keys.info()).prefix ?? "" };
  }

  /** Forgets the linked key; false (nothing done) when the key is fixed by ACCOUNT_API_KEY. */
  async unlink(adminId: number): Promise<boolean> {
    if (this.fixed) return false;
    await this.deps.keys.clear();
    this.deps.logger.info({ adminId }, "hosting account unlinked");
    return true;
  }
}

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

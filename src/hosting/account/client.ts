import type { z } from "zod";
import { HostingInputError } from "../errors.js";
import { HostingHttp, seg } from "../request.js";
import { checkDays, checkGb, checkOneOf, checkServerId, checkText } from "./input.js";
import {
  ACCOUNT_ENDPOINTS,
  accountWire,
  clientDetailsWire,
  clientListWire,
  configWire,
  createdClientWire,
  deletedWire,
  type EndpointName,
  extendWire,
  inboundsWire,
  powerWire,
  regenerateWire,
  serverOneWire,
  serversWire,
  statsWire,
  tokenWire,
  updatedClientWire,
  xrayWire,
} from "./schemas.js";
import {
  type Account,
  type AccountApiOptions,
  type CreateClientInput,
  type CreatedXuiClient,
  DEFAULT_XRAY_VERSION,
  type ExtendResult,
  type Inbound,
  type IssuedKey,
  type IssueTokenInput,
  POWER_ACTIONS,
  type PowerAction,
  type PowerResult,
  type RegenerateResult,
  type Server,
  type ServerConfig,
  type ServerStats,
  type UpdateClientInput,
  XRAY_VERSIONS,
  type XrayUpdateResult,
  type XrayVersion,
  type XuiClient,
  type XuiClientDetails,
  type XuiClientList,
} from "./types.js";

interface Params {
  id?: number;
  email?: string;
}

interface CallOptions<S extends z.ZodType> {
  schema: S;
  body?: unknown;
  /** Only set for calls the spec calls idempotent; GETs are retried by HostingHttp anyway. */
  idempotent?: boolean;
  auth?: boolean;
}

/**
 * Typed client of the hosting Account API (`{base_url}/api/v1`): account, servers, configs,
 * stats, power, core version, extension from the balance and xui users. One API key = one account.
 */
export class AccountApi {
  private readonly http: HostingHttp;

  constructor(private readonly options: AccountApiOptions) {
    this.http = new HostingHttp({
      api: "account",
      baseUrl: `${options.baseUrl.replace(/\/+$/, "")}/api/v1`,
      credential: options.apiKey,
      timeoutMs: options.timeoutMs,
      retry: options.retry,
      observe: options.observe,
    });
  }

  /** The same client with another key: checks a pasted key before it is saved. */
  withKey(key: string): AccountApi {
    return new AccountApi({ ...this.options, apiKey: () => key });
  }

  /**
   * Trades login and password (plus the TOTP code when TOTP-2FA is on) for a new API key, so a
   * reseller can link the bot without copying a key by hand. Sent without auth and never retried
   * (a retry could mint a second key). Accounts with e-mail/messenger 2FA get 403.
   */
  async issueToken(input: IssueTokenInput): Promise<IssuedKey> {
    const login = checkText("login", input.login);
    const password = checkText("password", input.password);
    if (input.code !== undefined && (typeof input.code !== "string" || !/^\d{6}$/.test(input.code))) {
      throw new HostingInputError("code", "TOTP code must be 6 digits");
    }
    if (input.name !== undefined && typeof input.name !== "string") {
      throw new HostingInputError("name", "must be a string");
    }
    const body = { login, password, code: input.code, name: input.name };
    return this.call("issueToken", {}, { schema: tokenWire, body, auth: false });
  }

  /** The account behind the key: messenger id, nickname, balance and number of servers. */
  async account(): Promise<Account> {
    return (await this.call("account", {}, { schema: accountWire })).account;
  }

  /** All servers of the account (sensitive panel data excluded; see `config`). */
  async servers(): Promise<Server[]> {
    return (await this.call("servers", {}, { schema: serversWire })).servers;
  }

  /** One server of the account; 404 when it does not exist or belongs to another account. */
  async server(id: number): Promise<Server> {
    return (await this.call("server", { id: checkServerId(id) }, { schema: serverOneWire })).server;
  }

  /**
   * What a customer needs to use the server: panel access for xui, or the config profile for
   * remnanode (to load into the customer's own panel). Idempotent. 402 without LTE access,
   * 403 when the account has no e-mail or nickname linked.
   */
  async config(id: number): Promise<ServerConfig> {
    return this.call("config", { id: checkServerId(id) }, { schema: configWire, idempotent: true });
  }

  /**
   * Replaces the server's config: xui gets a new inbound (users of the old one stop working),
   * remnanode gets new reality keys and a new profile (old keys become invalid). Not retried.
   */
  async regenerate(id: number): Promise<RegenerateResult> {
    return this.call("regenerate", { id: checkServerId(id) }, { schema: regenerateWire });
  }

  /** Live state, CPU and RAM load (percent) and uptime, e.g. for a status screen. */
  async stats(id: number): Promise<ServerStats> {
    return this.call("stats", { id: checkServerId(id) }, { schema: statsWire });
  }

  /** Starts, stops or restarts the server. Not retried: a repeated restart is a second restart. */
  async power(id: number, action: PowerAction): Promise<PowerResult> {
    const checked = checkOneOf("action", action, POWER_ACTIONS);
    const res = await this.call(
      "power",
      { id: checkServerId(id) },
      { schema: powerWire, body: { action: checked } },
    );
    return { action: res.action ?? checked, state: res.state };
  }

  /**
   * Switches the server's proxy core to one of `XRAY_VERSIONS`; without `version` no body is
   * sent and the service installs `DEFAULT_XRAY_VERSION`. 503 = server not running (wait ~30 s),
   * 409 = no core-pin block, 502 = server files unreadable/unwritable. Not retried.
   */
  async xrayUpdate(id: number, version?: XrayVersion): Promise<XrayUpdateResult> {
    const checkedId = checkServerId(id);
    const body =
      version === undefined ? undefined : { version: checkOneOf("version", version, XRAY_VERSIONS) };
    const res = await this.call("xrayUpdate", { id: checkedId }, { schema: xrayWire, body });
    return { version: res.version ?? version ?? DEFAULT_XRAY_VERSION };
  }

  /**
   * Extends the server by 30 days, charged to the account balance (the only way to pay through
   * the API). 400 on insufficient balance, nothing charged. Never retried: it spends money.
   */
  async extend(id: number): Promise<ExtendResult> {
    return this.call("extend", { id: checkServerId(id) }, { schema: extendWire });
  }

  /**
   * Creates an xui user and returns its ready VLESS link and subscription links. `days` is a term
   * from now (0 = no expiry), `gb` a traffic limit (0 = unlimited). An empty or taken `name` is
   * replaced silently: use the returned `email` from then on. Not retried (could create twice).
   */
  async createClient(id: number, input: CreateClientInput = {}): Promise<CreatedXuiClient> {
    const checkedId = checkServerId(id);
    if (input.name !== undefined && typeof input.name !== "string") {
      throw new HostingInputError("name", "must be a string");
    }
    const body = { name: input.name, gb: checkGb(input.gb), days: checkDays(input.days) };
    return (await this.call("createClient", { id: checkedId }, { schema: createdClientWire, body })).client;
  }

  /** One xui user: status (active/disabled/expired/depleted), limit, term and used traffic. */
  async getClient(id: number, email: string): Promise<XuiClientDetails> {
    const params = { id: checkServerId(id), email: checkText("email", email) };
    return (await this.call("getClient", params, { schema: clientDetailsWire })).client;
  }

  /**
   * Changes an xui user: `gb` new limit (0 = unlimited); `days` a NEW term counted from now, not
   * added to the remaining one (0 = no expiry); `enable` false bans, true unbans. Returns the
   * user when the service sends it back.
   */
  async updateClient(id: number, email: string, input: UpdateClientInput): Promise<XuiClient | undefined> {
    const params = { id: checkServerId(id), email: checkText("email", email) };
    const gb = checkGb(input.gb);
    const days = checkDays(input.days);
    if (input.enable !== undefined && typeof input.enable !== "boolean") {
      throw new HostingInputError("enable", "must be a boolean");
    }
    if (gb === undefined && days === undefined && input.enable === undefined) {
      throw new HostingInputError("input", "give at least one of gb, days, enable");
    }
    const body = { gb, days, enable: input.enable };
    return (await this.call("updateClient", params, { schema: updatedClientWire, body })).client;
  }

  /** Removes an xui user from the inbound; its link stops working. */
  async deleteClient(id: number, email: string): Promise<void> {
    const params = { id: checkServerId(id), email: checkText("email", email) };
    await this.call("deleteClient", params, { schema: deletedWire });
  }

  /** All xui users of the server's inbound with their usage. 400 on a remnanode server. */
  async listClients(id: number): Promise<XuiClientList> {
    return this.call("listClients", { id: checkServerId(id) }, { schema: clientListWire });
  }

  /** Inbounds of the server's xui panel with their client counts. */
  async inbounds(id: number): Promise<Inbound[]> {
    return (await this.call("inbounds", { id: checkServerId(id) }, { schema: inboundsWire })).inbounds;
  }

  private call<S extends z.ZodType>(name: EndpointName, params: Params, options: CallOptions<S>) {
    const { method, path } = ACCOUNT_ENDPOINTS[name];
    const filled = path
      .replace("{id}", params.id === undefined ? "" : seg(params.id))
      .replace("{email}", params.email === undefined ? "" : seg(params.email));
    return this.http.call({
      method,
      path: filled,
      endpoint: `${method} ${path}`,
      schema: options.schema,
      body: options.body,
      idempotent: options.idempotent ?? false,
      auth: options.auth ?? true,
    });
  }
}

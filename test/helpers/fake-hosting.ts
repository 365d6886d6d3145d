import { AccountApi } from "../../src/hosting/account/index.js";
import { NodeApi } from "../../src/hosting/node/index.js";
import { PanelApi } from "../../src/hosting/panel/index.js";
import type { FakeAccountApi } from "../fakes/account-api.js";
import type { FakeNodeApi } from "../fakes/node-api.js";
import type { FakePanelApi } from "../fakes/panel-api.js";

/** One attempt and no real backoff: a failure a test injects is seen at once. */
export const FAST_HTTP = { attempts: 1, baseDelayMs: 1, maxDelayMs: 1 };

/** The real API clients of {@link hostingClientsFor}. */
export interface FakeHostingClients {
  account: AccountApi;
  panel: PanelApi;
  node: NodeApi;
}

export interface RunningFakes {
  account: FakeAccountApi;
  /** An API key of the account the clients act for. */
  accountKey: string;
  panel: FakePanelApi;
  node: FakeNodeApi;
}

/**
 * Real Account, Panel and Node API clients talking to started fakes, with {@link FAST_HTTP} retries; the
 * panel token is the fake's at this point, the node is trusted by its certificate's fingerprint.
 */
export function hostingClientsFor(fakes: RunningFakes): FakeHostingClients {
  const { accountKey } = fakes;
  const panelToken = fakes.panel.token;
  return {
    account: new AccountApi({ baseUrl: fakes.account.url, apiKey: () => accountKey, retry: FAST_HTTP }),
    panel: new PanelApi({ baseUrl: fakes.panel.url, token: () => panelToken, retry: FAST_HTTP }),
    node: new NodeApi({
      baseUrl: fakes.node.url,
      token: () => fakes.node.token,
      certSha256: fakes.node.certificate?.fingerprint256,
      retry: FAST_HTTP,
    }),
  };
}

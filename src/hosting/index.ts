import type { Config } from "../config.js";
import { AccountApi } from "./account/index.js";
import { NodeApi } from "./node/index.js";
import { PanelApi } from "./panel/index.js";
import type { CallObservation } from "./request.js";

export interface HostingClients {
  account: AccountApi;
  /** Present when PANEL_API_URL and PANEL_API_TOKEN are set. */
  panel: PanelApi | undefined;
  /** Present when NODE_API_URL and NODE_API_TOKEN are set. */
  node: NodeApi | undefined;
  close(): Promise<void>;
}

/** Builds one client per configured hosting API; the account key is read per call. */
export function createHostingClients(
  config: Pick<Config, "account" | "panel" | "node">,
  accountKey: () => Promise<string | undefined>,
  observe?: (call: CallObservation) => void,
): HostingClients {
  const panelToken = config.panel?.token;
  const nodeToken = config.node?.token;
  const node = config.node
    ? new NodeApi({
        baseUrl: config.node.url,
        token: () => nodeToken,
        certSha256: config.node.certSha256,
        observe,
      })
    : undefined;
  return {
    account: new AccountApi({ baseUrl: config.account.url, apiKey: accountKey, observe }),
    panel: config.panel
      ? new PanelApi({ baseUrl: config.panel.url, token: () => panelToken, observe })
      : undefined,
    node,
    close: async () => {
      await node?.close();
    },
  };
}

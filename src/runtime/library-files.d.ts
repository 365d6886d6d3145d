// Types for the files library-parts.ts imports, taken from the packages' own declarations.
declare module "undici/lib/dispatcher/agent.js" {
  import { Agent } from "undici";
  export default Agent;
}
declare module "undici/lib/core/connect.js" {
  import { buildConnector } from "undici";
  export default buildConnector;
}
declare module "undici/lib/api/api-request.js" {
  import type { Dispatcher } from "undici";
  /** Dispatcher.request, called with the dispatcher as `this`. */
  export default function request(
    this: Dispatcher,
    options: Dispatcher.RequestOptions,
  ): Promise<Dispatcher.ResponseData>;
}
declare module "bullmq/dist/cjs/classes/index.js" {
  export { DelayedError, Queue, UnrecoverableError, Worker } from "bullmq";
}

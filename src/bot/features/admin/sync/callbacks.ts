export { SYNC_ACTS, SYNC_HOME, type SyncAct, syncCb } from "../../../../render/sync-callbacks.js";

export { SYNC_ACTS, SYNC_HOME, type SyncAct, syncCb } from "#src/render/sync-callbacks.js";

/** The servers section's callback data lives in render/, where the server watch's alerts use it too. */
export { type ServerAct, type ServersAction, serversCb } from "#src/render/server-callbacks.js";

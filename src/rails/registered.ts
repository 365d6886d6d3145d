// The rails the shop can offer: one line each, the rail's folder exporting its RailModule.
export { cryptoPayRail } from "./cryptopay/index.js";
export { yooKassaRail } from "./yookassa/index.js";

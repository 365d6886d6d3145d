// The servers section's callback data lives on neutral ground (render/), so the workers' alerts
// can carry its buttons (e.g. "Extend server") without importing the bot.
export * from "#src/render/servers-callbacks.js";

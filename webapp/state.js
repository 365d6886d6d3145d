// What the views share: the cabinet as last read (GET me), and the ways between views, set by app.js
// (views call them instead of importing app.js).

export const state = {
  /** The answer of GET me: customer, balance, subscriptions, trial, languages, ... */
  me: null,
};

export const nav = {
  /** Opens a tab: go("subs", { focus: subscriptionId, connect: true }), go("more", { section: "gifts" }). */
  go: async (_tab, _options) => {},
  /** Reads the cabinet again (after a payment, a language change) and redraws the open tab. */
  refresh: async () => {},
};

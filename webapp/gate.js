// The channel gate on the page: an order or the trial refused with `channel-required` shows the
// channels still to join, each with a Join button, and Check. Check asks the API again at once
// (channels/check); once every channel is joined, what was refused runs again.

import { api, t } from "./api.js";
import { actionButton, button, el, haptic, openExternal, say } from "./ui.js";

/** Whether `err` is the gate's refusal (it names the channels to join). */
export function isGateRefusal(err) {
  return err?.error === "channel-required" && Array.isArray(err.channels);
}

/** The gate's card: the channels with Join buttons, and Check, which runs `retry` once all are joined. */
export function gateCard(channels, retry) {
  const line = el("div", "status");
  const list = el("div", "gate-channels");
  const fill = (missing) =>
    list.replaceChildren(
      ...missing.map((c) =>
        el("div", "row", [
          el("span", "", c.username ? `${c.title} (@${c.username})` : c.title),
          c.join_url ? button(t("gate-join"), () => openExternal(c.join_url), "secondary") : null,
        ]),
      ),
    );
  fill(channels);
  const check = actionButton(t("gate-check"), async () => {
    line.className = "status";
    line.textContent = "";
    let data;
    try {
      data = await api("channels/check", {});
    } catch (err) {
      if (err.fatal) throw err;
      line.className = "status bad";
      line.textContent = t(err.label);
      return;
    }
    if (!data.joined) {
      haptic("error");
      fill(data.channels);
      line.className = "status bad";
      line.textContent = t("gate-still-out");
      return;
    }
    haptic("success");
    if (data.trial_resumed) say(t("gate-resumed"), "good");
    card.remove();
    await retry();
  });
  const card = el("div", "card gate", [el("p", "", t("gate-needed")), list, el("div", "actions", [check]), line]);
  card.dataset.gate = "1";
  return card;
}

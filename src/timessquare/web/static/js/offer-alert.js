// The other player's draw offer (issue 33): offers.js writes it, with its two buttons, in the offers' line
// under the hand, below the fold on most screens; here it sounds once when it comes (the sounds' switch
// decides, alerts.js), and site.css lifts a line with buttons to the top of the screen while it stands.

import { sound } from "./alerts.js";

export function watchOffers() {
  const line = document.getElementById("offer-status");
  if (!line) return;
  let standing = false;
  new MutationObserver(() => {
    const asks = !line.hidden && line.querySelector("button") !== null; // an offer to answer, not a note
    if (asks && !standing) sound("challenge");
    standing = asks;
  }).observe(line, { childList: true, attributes: true, attributeFilter: ["hidden"] });
}

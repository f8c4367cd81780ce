// The other player's draw offer (issue 33): offers.js writes it, with its two buttons, in the offers' line
// under the hand, below the fold on most screens; here it sounds once when it comes (the sounds' switch
// decides, alerts.js), and social.css lifts a line with buttons to the top of the screen while it stands (here:
// under the header while the header is in view).

import { sound } from "./alerts.js";

/** Under the header while the header is on the screen (its links and languages stay usable), else at the top. */
function place(line) {
  const header = document.querySelector(".site-header");
  const below = header ? header.getBoundingClientRect().bottom : 0;
  line.style.top = `${Math.max(8, Math.round(below) + 8)}px`;
}

export function watchOffers() {
  const line = document.getElementById("offer-status");
  if (!line) return;
  let standing = false;
  const follow = () => place(line);
  new MutationObserver(() => {
    const asks = !line.hidden && line.querySelector("button") !== null; // an offer to answer, not a note
    if (asks && !standing) {
      sound("challenge");
      window.addEventListener("scroll", follow, { passive: true });
    }
    if (!asks && standing) window.removeEventListener("scroll", follow);
    if (asks) place(line);
    else line.style.top = "";
    standing = asks;
  }).observe(line, { childList: true, attributes: true, attributeFilter: ["hidden"] });
}

// The home page's window on the lobby: the open challenges, live over the lobby socket, and a way in. A
// logged-in person whose game starts meanwhile (a challenge accepted, a tournament's round) is taken to it from
// here too, with a sound and a notification (game-started.js).

import { ratingText } from "./online-api.js";
import { t } from "./i18n.js";
import { clear, el } from "./page.js";
import { watchLobby } from "./game-started.js";

const SHOWN = 5;
/** The open challenges (`lobby.challenges`; null: not told yet). */
function render(lobby) {
  const challenges = lobby.challenges;
  const list = document.getElementById("home-challenges");
  if (!list || challenges === null) return;
  clear(list);
  for (const c of challenges.slice(0, SHOWN)) {
    const bits = [ratingText(c), c.control, t(c.rated ? "lobby.rated" : "lobby.casual")];
    if (c.bot) bits.push(t("online.bot"));
    list.append(el("li", {}, el("span", {}, c.by, " ", el("span", { class: "meta" }, bits.join(" · "))), el("a", { href: "/lobby" }, t("lobby.accept"))));
  }
  if (!challenges.length) list.append(el("li", { class: "empty" }, t("lobby.none")));
}

/** Start the lobby panel (the page's words must be loaded): its socket is game-started.js's. */
export function startHomeLobby() {
  const lobby = { challenges: null };
  document.addEventListener("ts:lang", () => render(lobby));
  watchLobby({
    onMessage: (message) => {
      if (message.type !== "lobby") return;
      lobby.challenges = message.challenges.filter((c) => !c.quick);
      render(lobby);
    },
  });
}

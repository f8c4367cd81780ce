// The home page's window on the lobby: the open challenges, live over the lobby socket, and a way in. A
// logged-in person whose game starts meanwhile (a challenge accepted, a tournament's round) is taken to it from
// here too, with a sound and a notification (game-started.js).

import { ratingText } from "./online-api.js";
import { t } from "./i18n.js";
import { clear, el } from "./page.js";
import { gameStarted, lobbySocketUrl } from "./game-started.js";

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

/** `lobby`: {challenges, retry (the wait before the next reconnection, ms), heardAt (game-started.js)}. */
function connect(lobby) {
  const socket = new WebSocket(lobbySocketUrl(lobby.heardAt));
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "lobby") {
      lobby.retry = 500;
      lobby.heardAt = message.at;
      lobby.challenges = message.challenges.filter((c) => !c.quick);
      render(lobby);
    } else if (message.type === "started") {
      gameStarted(message);
    }
  };
  socket.onclose = () => {
    setTimeout(() => connect(lobby), lobby.retry);
    lobby.retry = Math.min(10_000, lobby.retry * 2);
  };
}

/** Start the lobby panel (the page's words must be loaded). */
export function startHomeLobby() {
  const lobby = { challenges: null, retry: 500, heardAt: null };
  document.addEventListener("ts:lang", () => render(lobby));
  connect(lobby);
}

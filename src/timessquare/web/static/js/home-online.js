// The home page's window on the lobby: the open challenges, live over the lobby socket, and a way in. A
// logged-in person whose game starts meanwhile (a challenge accepted, a tournament's round) is taken to it from
// here too, with a sound and a notification (game-started.js).

import { ratingText } from "./online-api.js";
import { t } from "./i18n.js";
import { clear, el } from "./page.js";
import { gameStarted } from "./game-started.js";

const SHOWN = 5;
let challenges = null;
let retry = 500;

function render() {
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

function connect() {
  const scheme = location.protocol === "https:" ? "wss:" : "ws:";
  const socket = new WebSocket(`${scheme}//${location.host}/ws/lobby`);
  socket.onmessage = (event) => {
    const message = JSON.parse(event.data);
    if (message.type === "lobby") {
      retry = 500;
      challenges = message.challenges.filter((c) => !c.quick);
      render();
    } else if (message.type === "started") {
      gameStarted(message);
    }
  };
  socket.onclose = () => {
    setTimeout(connect, retry);
    retry = Math.min(10_000, retry * 2);
  };
}

/** Start the lobby panel (the page's words must be loaded). */
export function startHomeLobby() {
  document.addEventListener("ts:lang", render);
  connect();
}

// A game that starts for this account while it is on a page of the site (a challenge accepted, a quick seek
// paired, a tournament's round): the lobby socket says `started` (docs/web-protocol.md "The lobby socket"),
// and the player is taken to the game at once, with a sound and, when the tab is in the background, a
// notification. Pages without a lobby socket of their own (a tournament's, the tournaments') open one here.

import { notify, sound } from "./alerts.js";
import { keepTokenOfUrl } from "./tokens.js";

/** The account's game started: ring, notify, and go to it. */
export function gameStarted(message, go = (url) => location.assign(url)) {
  sound("challenge");
  notify("notify.started");
  go(keepTokenOfUrl(message.url));
}

/** The address of a lobby socket. `heardAt`: the server's time (`at`) in the last `lobby` this page heard, or null
 * for its first socket; with it, the server tells this socket of the games that started since (while no socket
 * of the page listened), so none is missed across a reconnection (docs/web-protocol.md "The lobby socket"). */
export function lobbySocketUrl(heardAt, where = location) {
  const scheme = where.protocol === "https:" ? "wss:" : "ws:";
  const since = Number.isInteger(heardAt) ? `?since=${heardAt}` : "";
  return `${scheme}//${where.host}/ws/lobby${since}`;
}

/** A lobby socket for a page that has none: `started` takes the player to the game, every other message goes
 * to `onMessage`; it reconnects with a growing delay, calling `onOpen` each time (to read what it missed). */
export function watchLobby({ onMessage = () => {}, onOpen = () => {} } = {}) {
  let retry = 500;
  let heardAt = null;
  const connect = () => {
    const socket = new WebSocket(lobbySocketUrl(heardAt));
    socket.onopen = () => {
      retry = 500;
      onOpen();
    };
    socket.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "lobby") heardAt = message.at;
      if (message.type === "started") gameStarted(message);
      else onMessage(message);
    };
    socket.onclose = () => {
      setTimeout(connect, retry);
      retry = Math.min(10_000, retry * 2);
    };
  };
  connect();
}

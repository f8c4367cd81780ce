// A game that starts for this account while it is on a page of the site (a challenge accepted, a quick seek
// paired, a tournament's round): the lobby socket says `started` (docs/web-protocol.md "The lobby socket"),
// and the player is taken to the game at once, with a sound and, when the tab is in the background, a
// notification. Every page with a lobby socket opens it here (watchLobby).

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

/** The page's lobby socket: `started` takes the player to the game (`onStarted`), every other message goes to
 * `onMessage`; it reconnects with a growing delay, calling `onOpen` each time (to read what it missed), and asks
 * each new socket for the games started since the last `lobby` it heard. Returns `send(message)`, which sends on
 * the open socket and says whether it did (the lobby chat), and `reopen()`, which replaces the socket at once (the
 * account changed: the server reads the login when a socket opens). `open` and `later` are the browser's
 * WebSocket and setTimeout, given otherwise in tests. */
export function watchLobby(
  { onMessage = () => {}, onOpen = () => {}, onStarted = gameStarted } = {},
  { open = (url) => new WebSocket(url), later = (work, ms) => setTimeout(work, ms) } = {},
) {
  let retry = 500;
  let heardAt = null;
  let socket = null;
  const connect = () => {
    const current = (socket = open(lobbySocketUrl(heardAt)));
    current.onopen = () => {
      retry = 500;
      onOpen();
    };
    current.onmessage = (event) => {
      const message = JSON.parse(event.data);
      if (message.type === "lobby") heardAt = message.at;
      if (message.type === "started") onStarted(message);
      else onMessage(message);
    };
    current.onclose = () => {
      if (socket !== current) return; // replaced by reopen()
      socket = null;
      later(connect, retry);
      retry = Math.min(10_000, retry * 2);
    };
  };
  connect();
  return {
    send(message) {
      if (socket === null || socket.readyState !== 1) return false; // 1: WebSocket.OPEN
      socket.send(JSON.stringify(message));
      return true;
    },
    reopen() {
      const old = socket;
      socket = null;
      if (old !== null) old.close();
      connect();
    },
  };
}

// The game page's socket (connection.js) with the seat it joins as: a seat token, or none to watch.

import { Connection } from "./connection.js";
import { currentLang } from "./i18n.js";

export class GameSocket {
  /** handlers: {onMessage, onStatus}, as connection.js calls them. */
  constructor(gameId, handlers) {
    this.path = `/ws/games/${encodeURIComponent(gameId)}`;
    this.handlers = handlers;
    this.token = null;
    this.connection = null; // made by `open`, once the token is known: it joins at once
  }

  joinMessage() {
    return { type: "join", token: this.token, lang: currentLang(), changes: true };
  }

  open() {
    this.connection = new Connection(this.path, { ...this.handlers, join: () => this.joinMessage() });
    this.connection.open();
  }

  /** Join again, as `token`'s seat (null: a spectator), or in the page's language now. */
  join(token = this.token) {
    this.token = token;
    this.send(this.joinMessage());
  }

  /** False when the socket is not open. */
  send(message) {
    return Boolean(this.connection && this.connection.send(message));
  }
}

// The game page's socket (connection.js) with the seat it joins as: a seat token, or none to watch.

import { Connection } from "./connection.js";
import { currentLang } from "./i18n.js";

export class GameSocket {
  /** handlers: {onMessage, onStatus}, as connection.js calls them. */
  constructor(gameId, handlers) {
    this.token = null;
    this.connection = new Connection(`/ws/games/${encodeURIComponent(gameId)}`, {
      ...handlers,
      join: () => this.joinMessage(),
    });
  }

  joinMessage() {
    return { type: "join", token: this.token, lang: currentLang(), updates: true };
  }

  /** Join again, as `token`'s seat (null: a spectator), or in the page's language now. */
  join(token = this.token) {
    this.token = token;
    this.connection.send(this.joinMessage());
  }

  /** False when the socket is not open. */
  send(message) {
    return this.connection.send(message);
  }

  open() {
    this.connection.open();
  }
}

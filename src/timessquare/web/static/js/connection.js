// One WebSocket to the game (docs/web-protocol.md), reopened with a growing delay whenever it drops.
// Every (re)open sends `join`; the `state` that answers is the complete resync. After it the server sends a
// `change` per change of the game, which the page reduces into its state (page-state.js); one that does not follow
// on (a missed message) makes the page ask for the state again (`sync`).

const PING_EVERY_MS = 25000;

export class Connection {
  /**
   * @param {string} path  "/ws/games/ID"
   * @param {{join: () => object, onMessage: (msg: object) => void, onStatus: (status: string) => void}} handlers
   *   status is "connecting", "open" or "closed" (waiting to reconnect); a message of an unknown kind is ignored.
   */
  constructor(path, handlers) {
    this.path = path;
    this.handlers = handlers;
    this.socket = null;
    this.delay = 500;
    this.stopped = false;
    this.pinger = null;
    this.retryTimer = null;
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") this.checkLine();
    });
    window.addEventListener("online", () => this.reconnectNow());
  }

  open() {
    if (this.stopped) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    this.handlers.onStatus("connecting");
    const socket = new WebSocket(`${scheme}//${location.host}${this.path}`);
    this.socket = socket;
    socket.addEventListener("open", () => {
      this.delay = 500;
      this.handlers.onStatus("open");
      this.send(this.handlers.join());
      clearInterval(this.pinger);
      this.pinger = setInterval(() => this.send({ type: "ping" }), PING_EVERY_MS);
    });
    socket.addEventListener("message", (event) => {
      let message;
      try {
        message = JSON.parse(event.data);
      } catch {
        return;
      }
      if (!message || typeof message !== "object" || message.v !== 1) return;
      this.handlers.onMessage(message);
    });
    socket.addEventListener("close", (event) => {
      if (this.socket !== socket) return;
      clearInterval(this.pinger);
      this.socket = null;
      if (event.code === 4404) {
        this.stopped = true;
        this.handlers.onStatus("gone");
        return;
      }
      this.handlers.onStatus("closed");
      this.scheduleReconnect();
    });
  }

  scheduleReconnect() {
    if (this.stopped) return;
    clearTimeout(this.retryTimer);
    this.retryTimer = setTimeout(() => this.open(), this.delay);
    this.delay = Math.min(this.delay * 2, 10000);
  }

  reconnectNow() {
    if (this.socket || this.stopped) return;
    clearTimeout(this.retryTimer);
    this.delay = 500;
    this.open();
  }

  /** After sleep the socket may be dead without knowing it: a ping either answers or the close follows. */
  checkLine() {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) this.send({ type: "ping" });
    else this.reconnectNow();
  }

  /** Send a message (v: 1 is added); false when the socket is not open. */
  send(message) {
    if (!this.socket || this.socket.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify({ v: 1, ...message }));
    return true;
  }

  isOpen() {
    return Boolean(this.socket && this.socket.readyState === WebSocket.OPEN);
  }
}

// The lobby socket's address (game-started.js): a page's later sockets say when it last heard the lobby, so the
// server tells them of the games that started while none listened.
import assert from "node:assert/strict";
import { test } from "node:test";
import { installBrowser, STATIC_JS } from "./dom-stub.mjs";

installBrowser();

const { lobbySocketUrl } = await import(new URL("game-started.js", STATIC_JS));

test("a page's first socket asks for nothing missed; a later one gives the time it last heard", () => {
  const plain = { protocol: "http:", host: "club.example:8000" };
  assert.equal(lobbySocketUrl(null, plain), "ws://club.example:8000/ws/lobby");
  assert.equal(lobbySocketUrl(1_790_000_000_123, plain), "ws://club.example:8000/ws/lobby?since=1790000000123");
  assert.equal(lobbySocketUrl(undefined, { protocol: "https:", host: "club.example" }), "wss://club.example/ws/lobby");
  assert.equal(lobbySocketUrl("12", plain), "ws://club.example:8000/ws/lobby"); // only a time the server sent
});

const { watchLobby } = await import(new URL("game-started.js", STATIC_JS));

/** Sockets as watchLobby opens them, and the reconnections it schedules, in order. */
function harness() {
  globalThis.location = { protocol: "http:", host: "club.example" };
  const sockets = [];
  const waits = [];
  const open = (url) => {
    const socket = { url, readyState: 0, sent: [], closed: false };
    socket.send = (text) => socket.sent.push(JSON.parse(text));
    socket.close = () => {
      socket.closed = true;
      socket.readyState = 3;
      if (socket.onclose) socket.onclose(); // as a browser does, later: a replaced socket's close must not reconnect
    };
    socket.arrive = (message) => socket.onmessage({ data: JSON.stringify(message) });
    socket.opened = () => {
      socket.readyState = 1;
      socket.onopen();
    };
    sockets.push(socket);
    return socket;
  };
  const later = (work, ms) => waits.push({ work, ms });
  return { sockets, waits, open, later };
}

test("the page's lobby socket hands on messages, sends on the open socket, and reconnects asking what it missed", () => {
  const { sockets, waits, open, later } = harness();
  const heard = [];
  const started = [];
  let opens = 0;
  const lobby = watchLobby(
    { onMessage: (m) => heard.push(m.type), onOpen: () => (opens += 1), onStarted: (m) => started.push(m.id) },
    { open, later },
  );
  assert.equal(sockets[0].url.endsWith("/ws/lobby"), true);
  assert.equal(lobby.send({ type: "chat", text: "hi" }), false); // not open yet: nothing sent
  sockets[0].opened();
  assert.equal(lobby.send({ type: "chat", text: "hi" }), true);
  assert.deepEqual(sockets[0].sent, [{ type: "chat", text: "hi" }]);
  sockets[0].arrive({ type: "lobby", at: 1_790_000_000_123, challenges: [] });
  sockets[0].arrive({ type: "chat", text: "hello" });
  sockets[0].arrive({ type: "started", id: "g1", url: "/games/g1" });
  assert.deepEqual(heard, ["lobby", "chat"]);
  assert.deepEqual(started, ["g1"]);

  sockets[0].close(); // dropped: a new socket after a growing pause, asking for the games started since
  assert.deepEqual(waits.map((w) => w.ms), [500]);
  waits[0].work();
  assert.equal(sockets[1].url.endsWith("/ws/lobby?since=1790000000123"), true);
  sockets[1].close();
  assert.deepEqual(waits.map((w) => w.ms), [500, 1000]);
  waits[1].work();
  sockets[2].opened(); // open again: the next drop waits the shortest pause again
  assert.equal(opens, 2);
  sockets[2].close();
  assert.deepEqual(waits.map((w) => w.ms), [500, 1000, 500]);
});

test("reopening replaces the socket at once, and the old one's close schedules nothing", () => {
  const { sockets, waits, open, later } = harness();
  const lobby = watchLobby({}, { open, later });
  sockets[0].opened();
  sockets[0].arrive({ type: "lobby", at: 42, challenges: [] });
  lobby.reopen();
  assert.equal(sockets[0].closed, true);
  assert.equal(sockets.length, 2);
  assert.equal(sockets[1].url.endsWith("/ws/lobby?since=42"), true);
  assert.deepEqual(waits, []);
  assert.equal(lobby.send({ type: "chat", text: "x" }), false); // the new one is not open yet
  sockets[1].opened();
  assert.equal(lobby.send({ type: "chat", text: "x" }), true);
  assert.deepEqual(sockets[0].sent, []);
});

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

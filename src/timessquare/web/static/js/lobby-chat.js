// The lobby's chat (docs/web-protocol.md "The lobby"): everyone on the lobby page reads it, accounts write;
// text only, a mute per name remembered in this browser (as in a game), a report button for the operator.

import { t } from "./i18n.js";
import { clear, el } from "./page.js";

const MUTED_KEY = "ts-muted"; // shared with the game's chat (chat.js): a name muted there is muted here

function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

function toggleMute(chat, name) {
  const set = muted();
  const key = `name:${name.toLowerCase()}`;
  if (set.has(key)) set.delete(key);
  else set.add(key);
  localStorage.setItem(MUTED_KEY, JSON.stringify([...set]));
  draw(chat);
}

/** `chat`: {send, me (the logged-in account's name, or null), lines (the messages, in order)}. */
function draw(chat) {
  const { me, lines } = chat;
  const list = document.getElementById("lobby-chat-lines");
  if (!list) return;
  clear(list);
  const set = muted();
  for (const line of lines) {
    const theirs = !me || line.name !== me;
    const silenced = theirs && set.has(`name:${line.name.toLowerCase()}`);
    const buttons = theirs && me
      ? [" ", el("button", { type: "button", class: "link-button", onclick: () => toggleMute(chat, line.name) }, t(silenced ? "chat.unmute" : "chat.mute", { name: line.name })),
         silenced ? null : el("button", { type: "button", class: "chat-report link-button", onclick: () => chat.send({ v: 1, type: "report", id: line.id }) }, t("chat.report"))]
      : [];
    list.append(el("li", { dataset: { chatId: String(line.id) } }, el("b", {}, line.name), " ", silenced ? el("span", { class: "chat-muted" }, t("chat.hidden")) : line.text, ...buttons));
  }
  if (!lines.length) list.append(el("li", { class: "meta" }, t("chat.empty")));
  list.scrollTop = list.scrollHeight;
}

/** `send` writes to the lobby socket. Returns the chat (what it knows), for the other functions here. */
export function setupLobbyChat(send) {
  const chat = { send, me: null, lines: [] };
  document.getElementById("lobby-chat-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("lobby-chat-text");
    const text = input.value.trim();
    if (!text) return;
    send({ v: 1, type: "chat", text });
    input.value = "";
  });
  document.addEventListener("ts:lang", () => draw(chat));
  draw(chat);
  return chat;
}

/** `name`: the logged-in account's, or null. */
export function setLobbyChatAccount(chat, name) {
  chat.me = name;
  document.getElementById("lobby-chat-form").hidden = !name;
  draw(chat);
}

/** A lobby socket message of the chat; false for any other. */
export function lobbyChatMessage(chat, message) {
  if (message.type === "chat") chat.lines = [...chat.lines, message];
  else if (message.type === "chat_history") chat.lines = [...message.messages];
  else if (message.type === "reported") {
    const button = document.querySelector(`[data-chat-id="${message.id}"] .chat-report`);
    if (button) button.replaceWith(el("span", { class: "chat-reported" }, t("chat.reported")));
    return true;
  } else if (message.type === "error") {
    const note = document.getElementById("lobby-chat-note");
    note.textContent = message.message;
    note.hidden = false;
    return true;
  } else return false;
  draw(chat);
  return true;
}

// The players' chat of a game (docs/web-protocol.md "Chat"): text only (never turned into links or markup),
// a mute per opponent remembered in this browser, and a report button that files a message for the operator.
// Its lines are the page's (`page.chat`, page-state.js); the game as drawn is the table's.

import { t } from "./i18n.js";
import { clear, el } from "./page.js";

const MUTED_KEY = "ts-muted"; // the names (or "seat:game" for a game without accounts) this browser mutes

function muted() {
  try {
    return new Set(JSON.parse(localStorage.getItem(MUTED_KEY) || "[]"));
  } catch {
    return new Set();
  }
}

function muteKey(state, seat) {
  const account = state && state.online && state.online.accounts ? state.online.accounts[seat] : null;
  return account ? `name:${account.name.toLowerCase()}` : `seat:${seat}:${location.pathname}`;
}

function otherSeat(state) {
  return state && state.seat ? (state.seat === "A" ? "B" : "A") : null;
}

export function setupChat(page) {
  document.addEventListener("ts:lang", () => draw(page));
  const form = document.getElementById("chat-form");
  if (!form) return;
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const input = document.getElementById("chat-text");
    const text = input.value.trim();
    if (!text) return;
    page.send({ type: "chat", text });
    input.value = "";
  });
  document.getElementById("chat-mute").addEventListener("click", () => toggleMute(page));
}

function toggleMute(page) {
  const state = page.table.state;
  const seat = state && otherSeat(state);
  if (!seat) return;
  const set = muted();
  const key = muteKey(state, seat);
  if (set.has(key)) set.delete(key);
  else set.add(key);
  localStorage.setItem(MUTED_KEY, JSON.stringify([...set]));
  draw(page);
}

/** Chat is for the two players of a game between people. */
export function renderChat(page) {
  const state = page.table.state;
  const panel = document.getElementById("chat");
  if (!panel) return;
  const other = otherSeat(state);
  panel.hidden = !(other && isPerson(state, other));
  draw(page);
}

/** A seat held by a person (the record names "you" and "friend"), not a computer level. */
export function isPerson(s, seat) {
  return ["you", "friend"].includes(s.players[seat]);
}

export function onChat(page, message) {
  page.chat.lines = [...page.chat.lines, message];
  draw(page);
}

export function onChatHistory(page, message) {
  page.chat.lines = [...message.messages];
  draw(page);
}

export function onReported(page, message) {
  const line = document.querySelector(`[data-chat-id="${message.id}"] .chat-report`);
  if (line) line.replaceWith(el("span", { class: "chat-reported" }, t("chat.reported")));
}

function draw(page) {
  const state = page.table && page.table.state;
  const list = document.getElementById("chat-lines");
  if (!list || !state) return;
  const other = otherSeat(state);
  const set = muted();
  const silenced = other !== null && set.has(muteKey(state, other));
  const mute = document.getElementById("chat-mute");
  mute.textContent = t(silenced ? "chat.unmute" : "chat.mute", { name: other ? seatName(state, other) : "" });
  mute.setAttribute("aria-pressed", String(silenced));
  clear(list);
  for (const line of page.chat.lines) {
    const theirs = line.seat !== state.seat;
    if (theirs && silenced) continue;
    const said = line.name || seatName(state, line.seat);
    const who = said.charAt(0).toLocaleUpperCase() + said.slice(1); // it starts the line
    const report = theirs
      ? el("button", { type: "button", class: "chat-report link-button", onclick: () => page.send({ type: "report", id: line.id }) }, t("chat.report"))
      : null;
    list.append(el("li", { class: theirs ? "theirs" : "mine", dataset: { chatId: String(line.id) } }, el("b", {}, who), " ", line.text, " ", report));
  }
  if (silenced) list.append(el("li", { class: "chat-muted" }, t("chat.muted", { name: seatName(state, other) })));
  list.scrollTop = list.scrollHeight;
}

/** The name to show for a seat: its account's, else "your opponent" or the seat. */
export function seatName(state, seat) {
  const account = state && state.online && state.online.accounts ? state.online.accounts[seat] : null;
  if (account) return account.name;
  if (state && state.seat === seat) return t("social.you");
  return state && state.seat ? t("social.opponent") : seat;
}

// Stopping a game by agreement (docs/rules.md R11.9): abort before one's first action, offer a draw, and the
// other player's offer with its two buttons. An offer stands until the game changes (a move declines it).

import { t } from "./i18n.js";
import { clear, el } from "./page.js";
import { isPerson, seatName } from "./chat.js";

let send = null;
let state = null;
let standing = null; // {offer, seat, version}: the offer on the table, as last told
let note = ""; // what happened to the last offer, in words

export function setupOffers(sendMessage) {
  send = sendMessage;
  document.addEventListener("ts:lang", () => state && renderOffers(state));
  const draw = document.getElementById("offer-draw");
  if (!draw) return;
  draw.addEventListener("click", () => send({ type: "offer", offer: "draw" }));
  document.getElementById("abort").addEventListener("click", () => send({ type: "abort" }));
}

function acted(s) {
  return s.log.some((entry) => entry.seat === s.seat && entry.notation);
}

export function renderOffers(newState) {
  if (standing && state && newState.version !== standing.version) standing = null; // a move turned it down
  if (state && newState.version !== state.version) note = "";
  state = newState;
  const bar = document.getElementById("offers");
  if (!bar) return;
  const player = Boolean(state.seat) && !state.over;
  bar.hidden = !player;
  const other = state.seat === "A" ? "B" : "A";
  const people = isPerson(state, other);
  document.getElementById("offer-draw").hidden = !people || (standing && standing.seat === state.seat);
  const abortable = !state.online || state.online.abort !== false; // not in a tournament or rated computer game
  document.getElementById("abort").hidden = !player || acted(state) || !abortable;
  const status = document.getElementById("offer-status");
  clear(status);
  if (standing && standing.seat === other) {
    status.append(
      t("offer.drawOffered", { name: seatName(state, other) }), " ",
      el("button", { type: "button", class: "primary", onclick: () => send({ type: "offer", offer: "draw" }) }, t("offer.accept")), " ",
      el("button", { type: "button", onclick: () => send({ type: "decline" }) }, t("offer.decline")),
    );
  } else if (standing) {
    status.append(t("offer.youOffered"));
  } else if (note) {
    status.append(note);
  }
  if (status.firstChild && status.firstChild.nodeType === Node.TEXT_NODE) {
    const text = status.firstChild.textContent; // "your opponent offers…" starts a sentence
    status.firstChild.textContent = text.charAt(0).toLocaleUpperCase() + text.slice(1);
  }
  status.hidden = !status.childNodes.length;
}

export function onOffer(message) {
  standing = { ...message, version: state ? state.version : null };
  note = "";
  if (state) renderOffers(state);
}

export function onDeclined(message) {
  standing = null;
  note = message.seat === (state && state.seat) ? "" : t("offer.declined", { name: seatName(state, message.seat) });
  if (state) renderOffers(state);
}

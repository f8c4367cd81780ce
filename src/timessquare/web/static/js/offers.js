// Stopping a game by agreement (docs/rules.md R11.9): abort before one's first action, offer a draw, and the
// other player's offer with its two buttons. An offer stands until the game changes (a move declines it). The
// offer as last told is the page's (`page.offers`, page-state.js); the game as drawn is the table's.

import { t } from "./i18n.js";
import { clear, el } from "./page.js";
import { isPerson, seatName } from "./chat.js";

export function setupOffers(page) {
  document.addEventListener("ts:lang", () => page.table.state && renderOffers(page));
  const draw = document.getElementById("offer-draw");
  if (!draw) return;
  draw.addEventListener("click", () => page.send({ type: "offer", offer: "draw" }));
  document.getElementById("abort").addEventListener("click", () => page.send({ type: "abort" }));
}

function acted(s) {
  return s.log.some((entry) => entry.seat === s.seat && entry.notation);
}

/** The offers as the table's state and the offer last told say (`page.offers`). */
export function renderOffers(page) {
  const state = page.table.state;
  const offers = page.offers;
  if (offers.standing && offers.version !== null && state.version !== offers.standing.version) offers.standing = null; // a move turned it down
  if (offers.version !== null && state.version !== offers.version) offers.note = "";
  offers.version = state.version;
  const { standing, note } = offers;
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
      el("button", { type: "button", class: "primary", onclick: () => page.send({ type: "offer", offer: "draw" }) }, t("offer.accept")), " ",
      el("button", { type: "button", onclick: () => page.send({ type: "decline" }) }, t("offer.decline")),
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

export function onOffer(page, message) {
  const state = page.table.state;
  page.offers.standing = { ...message, version: state ? state.version : null };
  page.offers.note = "";
  if (state) renderOffers(page);
}

export function onDeclined(page, message) {
  const state = page.table.state;
  page.offers.standing = null;
  page.offers.note = message.seat === (state && state.seat) ? "" : t("offer.declined", { name: seatName(state, message.seat) });
  if (state) renderOffers(page);
}

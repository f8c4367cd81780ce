// What the game socket carries beside the game (docs/web-protocol.md "Beside the game"): who is here
// (presence), the players' chat, and the offers that stop a game (abort, draw). Each part keeps what it was told in
// the page's state (page-state.js `newGamePage`).

import { renderChat, onChat, onChatHistory, onReported, setupChat } from "./chat.js";
import { onDeclined, onOffer, renderOffers, setupOffers } from "./offers.js";
import { notify, setupAlerts, sound } from "./alerts.js";
import { onPresence } from "./online-game.js";

const HANDLERS = {
  presence: onPresence,
  chat: onChat,
  chat_history: onChatHistory,
  reported: onReported,
  offer: onOffer,
  declined: onDeclined,
};

/** `page.send(message)` writes to the game socket. */
export function setupSocial(page) {
  setupChat(page);
  setupOffers(page);
  setupAlerts();
}

/** A move of the other player, and the turn coming to this seat: a sound, and in the background a note. */
function announce(page, state) {
  const before = page.heard;
  page.heard = state;
  if (!before || !state.seat || state.version === before.version) return;
  const mine = !state.over && state.view.to_move === state.seat && state.legal.length > 0;
  const wasMine = !before.over && before.view.to_move === before.seat && before.legal.length > 0;
  if (mine && !wasMine) {
    sound("turn");
    notify("notify.turn");
  } else if (state.log.slice(before.log.length).some((entry) => entry.notation && entry.seat !== state.seat)) {
    sound("move");
  }
}

/** Handle a message beside the game; false when it is the game's own (state, error, hint...). */
export function socialMessage(page, message) {
  const handler = HANDLERS[message.type];
  if (!handler) return false;
  handler(page, message);
  return true;
}

/** A new state of the table: who may chat and offer what. */
export function renderSocial(page) {
  announce(page, page.table.state);
  renderChat(page);
  renderOffers(page);
}

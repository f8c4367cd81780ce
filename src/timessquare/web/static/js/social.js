// What the game socket carries beside the game (docs/web-protocol.md "Beside the game"): who is here
// (presence), the players' chat, and the offers that stop a game (abort, draw).

import { renderChat, onChat, onChatHistory, onReported, setupChat } from "./chat.js";
import { onDeclined, onOffer, renderOffers, setupOffers } from "./offers.js";
import { onPresence } from "./online-game.js";

const HANDLERS = {
  presence: onPresence,
  chat: onChat,
  chat_history: onChatHistory,
  reported: onReported,
  offer: onOffer,
  declined: onDeclined,
};

/** `send(message)` writes to the game socket. */
export function setupSocial(send) {
  setupChat(send);
  setupOffers(send);
}

/** Handle a message beside the game; false when it is the game's own (state, error, hint...). */
export function socialMessage(message) {
  const handler = HANDLERS[message.type];
  if (!handler) return false;
  handler(message);
  return true;
}

/** A new state: who may chat and offer what. */
export function renderSocial(state) {
  renderChat(state);
  renderOffers(state);
}

/** The name to show for a seat: its account's, else "your opponent" or the seat. */
export function seatName(state, seat, t) {
  const account = state && state.online && state.online.accounts ? state.online.accounts[seat] : null;
  if (account) return account.name;
  if (state && state.seat && state.seat !== seat) return t("social.opponent");
  return seat;
}

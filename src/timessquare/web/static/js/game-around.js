// What the game page adds around its table by itself, apart from the game's state (game.js): on a phone the
// chat behind a button (chat-sheet.js), a long move list as a sheet (move-sheet.js), and the other player's
// draw offer heard and in view (offer-alert.js).

import { ChatSheet } from "./chat-sheet.js";
import { MoveSheet } from "./move-sheet.js";
import { watchOffers } from "./offer-alert.js";

new ChatSheet();
new MoveSheet();
watchOffers();

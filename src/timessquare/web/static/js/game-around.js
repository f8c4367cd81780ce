// What the game page adds around its table by itself, apart from the game's state (game.js): on a phone the
// chat behind a button (chat-sheet.js) and a long move list as a sheet (move-sheet.js).

import { ChatSheet } from "./chat-sheet.js";
import { MoveSheet } from "./move-sheet.js";

new ChatSheet();
new MoveSheet();

// The messages of the game socket that are not the game (docs/web-protocol.md, "Beside the game"): who is
// here (presence).

import { onPresence } from "./online-game.js";

/** Handle a message beside the game; false when it is the game's own (state, error, hint...). */
export function clubMessage(message) {
  if (message.type === "presence") {
    onPresence(message);
    return true;
  }
  return false;
}

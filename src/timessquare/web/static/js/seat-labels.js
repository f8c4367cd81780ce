// Who sits in a seat, in words: "You", an account's name, "Computer (medium)", "Your friend", "Player B". The
// record names a computer seat by its level (names.js LEVELS, the server's list); `names` are the accounts'
// names by seat of a game between accounts (the API's `names`), null for another game.

import { t } from "./i18n.js";
import { LEVELS } from "./names.js";

/** The label of `seat` among `players` (record names by seat), seen by `mySeat` (null: a spectator). */
export function playerLabel(players, seat, mySeat, names = null) {
  const who = players[seat];
  if (seat === mySeat) return t("player.you");
  if (names && names[seat]) return names[seat];
  if (LEVELS.includes(who)) return t("player.computer", { level: t(`level.${who}`) });
  return mySeat ? t("player.friend") : t("player.person", { seat });
}

/** The short name written on a club's wall ("" for a person a spectator does not know). */
export function clubLabel(players, seat, mySeat, names = null) {
  const who = players[seat];
  if (seat === mySeat) return t("player.you");
  if (names && names[seat]) return names[seat];
  if (LEVELS.includes(who)) return t("club.computer");
  return mySeat ? t("club.friend") : "";
}

/** The names of a game page's `state` (the socket's): the other seat's account name in an online game, else
 * the labels above. */
export function stateNames(state) {
  const me = state.seat;
  const account = (seat) => {
    const found = state.online && state.online.accounts[seat];
    return found && seat !== me ? found.name : null;
  };
  const player = (seat) => account(seat) || playerLabel(state.players, seat, me);
  return {
    player,
    /** A player's name inside a sentence: "Waiting for your friend to play." */
    inSentence(seat) {
      const label = player(seat);
      return label === t("player.friend") ? t("player.friendInSentence") : label;
    },
    club: (seat) => account(seat) || clubLabel(state.players, seat, me),
  };
}

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

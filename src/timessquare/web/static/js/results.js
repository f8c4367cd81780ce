// A finished game's result in one word group, the same on every page: a draw, a game called off (R11.9),
// a win or a loss for the seat that reads it, or which seat won (a spectator, a replay, a list).

import { t } from "./i18n.js";

export function resultHeadline(result, seat = null) {
  if (result === "draw") return t("over.draw");
  if (result === "aborted") return t("over.aborted");
  if (!seat) return t("over.seatWins", { seat: result });
  return result === seat ? t("over.won") : t("over.lost");
}

const escape = (text) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/** How a game ended, the server's words (in the page's language), with the person who forfeited named
 * instead of the seat ("Bea forfeited: resigned", not "A forfeited: resigned"); `nameOf(seat)` gives the
 * name, or null to keep the seat. Other endings name clubs (A's entrance), which are seats. */
export function endingWithNames(reason, nameOf) {
  if (!reason) return reason;
  const template = t("ending.forfeit", { seat: "\u0000", reason: "\u0001" });
  const pattern = new RegExp(`^${escape(template).replace("\u0000", "([AB])").replace("\u0001", "(.+)")}$`, "s");
  const found = reason.match(pattern);
  if (!found) return reason;
  const name = nameOf(found[1]);
  return name ? t("ending.forfeit", { seat: name, reason: found[2] }) : reason;
}

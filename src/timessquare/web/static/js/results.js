// A finished game's result in one word group, the same on every page: a draw, a game called off (R11.9),
// a win or a loss for the seat that reads it, or which seat won (a spectator, a replay, a list).

import { t } from "./i18n.js";

export function resultHeadline(result, seat = null) {
  if (result === "draw") return t("over.draw");
  if (result === "aborted") return t("over.aborted");
  if (!seat) return t("over.seatWins", { seat: result });
  return result === seat ? t("over.won") : t("over.lost");
}

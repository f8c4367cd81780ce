// One game of a player's list (recent games, the whole history): the opponent, the result, the kind of game,
// and a link to watch it or to its replay.

import { t } from "./i18n.js";
import { LEVELS } from "./names.js";
import { el } from "./page.js";

function outcomeWords(game) {
  if (game.result === null) return t("profile.running");
  return t(`profile.${game.outcome}`);
}

export function gameItem(game) {
  const opponent = game.opponent === null ? t("profile.nobody") : LEVELS.includes(game.opponent) ? t(`level.${game.opponent}`) : game.opponent;
  const link = game.result === null
    ? el("a", { href: `/game/${encodeURIComponent(game.id)}` }, t("profile.watch"))
    : el("a", { href: game.replay }, t("profile.replay"));
  // a game called off counts for no rating, whatever it was meant to be (R11.9)
  const kind = game.outcome === "aborted" || game.result === "aborted" ? null : t(game.rated ? "lobby.rated" : "lobby.casual");
  const bits = [t("profile.seat", { seat: game.seat }), game.control || "–", kind].filter(Boolean);
  return el("li", {}, el("span", {}, t("profile.against", { name: opponent }), " ", el("strong", {}, outcomeWords(game)), " ", el("span", { class: "meta" }, bits.join(" · "))), link);
}

// The end of a game on its page: the banner and, once, the dialog that says who won and how, with the
// links to the replay and the record, and the rematch (in an online game an offer the other account accepts).
// A tournament's game has no rematch (the tournament pairs the next round): its page links back to the
// tournament instead, from the start of the game.

import { rematch as askRematch, recordDownloadUrl } from "./api.js";
import { t } from "./i18n.js";
import { personOf, resultWords } from "./game-status.js";
import { endingWithNames, resultHeadline } from "./results.js";
import { keepTokenOfUrl } from "./tokens.js";
import { sentence } from "./words.js";

const $ = (id) => document.getElementById(id);

export class GameOver {
  /** `token()`: this seat's token (null for a spectator). */
  constructor(gameId, token) {
    this.gameId = gameId;
    this.token = token;
    this.shown = false; // the dialog opens once; then the banner says it
    this.offered = false; // this seat offered an online rematch: go into it once accepted
    for (const button of [$("rematch"), $("banner-rematch")]) button.addEventListener("click", () => this.rematch());
    $("over-close").addEventListener("click", () => $("over-dialog").close());
  }

  render(state) {
    const over = state.over;
    const tournament = state.online ? state.online.tournament : null;
    if (tournament) tournamentLinks(tournament);
    $("over-banner").hidden = !over;
    if (!over) return;
    const me = state.seat;
    $("over-banner-text").textContent = resultWords(state);
    for (const link of document.querySelectorAll("[data-replay-link]")) link.href = `/replay/${this.gameId}`;
    for (const link of document.querySelectorAll("[data-record-link]")) link.href = recordDownloadUrl(this.gameId);
    const offer = state.online ? state.online.rematch_offer : null;
    const theyOffered = offer && offer !== me;
    for (const button of [$("rematch"), $("banner-rematch")]) {
      button.hidden = !me || Boolean(tournament);
      button.disabled = Boolean(offer && offer === me);
      button.textContent = state.rematch ? t("over.joinRematch") : theyOffered ? t("over.acceptRematch") : t("over.rematch");
    }
    $("rematch-note").hidden = !(me && (state.rematch || theyOffered)) || Boolean(tournament);
    if (state.rematch && this.offered) {
      this.offered = false;
      this.rematch(); // the other account accepted our offer: into the rematch
    }
    $("over-title").textContent = resultHeadline(over.result, me);
    const reason = endingWithNames(over.reason, personOf(state));
    $("over-reason").textContent = reason ? sentence(reason) : "";
    const dialog = $("over-dialog");
    if (!this.shown) {
      this.shown = true;
      if (!dialog.open && me) dialog.showModal(); // a spectator has the banner: nothing covers the board
    }
  }

  async rematch() {
    const button = $("rematch");
    button.disabled = true;
    try {
      const answer = await askRematch(this.gameId, this.token());
      if (answer.offered) {
        this.offered = true; // an online game's rematch waits for the other account (its state tells us)
        $("over-message").textContent = t("over.rematchOffered");
        return;
      }
      location.assign(keepTokenOfUrl(answer.url));
    } catch (error) {
      button.disabled = false;
      $("over-message").textContent = error.message || t("msg.serverDown");
    }
  }
}

/** "Back to the tournament": at the top of the page, and in place of each rematch button (made once). */
function tournamentLinks(id) {
  if (document.querySelector("[data-tournament-link]")) return;
  const href = `/tournaments/${encodeURIComponent(id)}`;
  const link = (cls) => {
    const a = document.createElement("a");
    a.href = href;
    a.className = cls;
    a.dataset.tournamentLink = "";
    a.dataset.i18n = "online.tournament";
    a.textContent = t("online.tournament");
    return a;
  };
  const main = $("main");
  if (main) main.prepend(link("tournament-back"));
  for (const button of [$("rematch"), $("banner-rematch")]) if (button) button.after(link("button"));
}

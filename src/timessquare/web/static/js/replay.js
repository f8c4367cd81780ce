// The replay viewer of a finished game: every frame comes from the server, built by the rules core
// (GET /api/games/{id}/replay, docs/web-protocol.md): each seat's view after every public action and that
// action's log in words. The page only shows them, stepped through by buttons, a slider, the move list or
// the keyboard, with autoplay, from either seat's viewpoint or with both hands (the game is over).

import { AnalysisView } from "./analysis.js";
import { ApiError, gameAnalysis, gameReplay, myGames, recordDownloadUrl } from "./api.js";
import { Board } from "./board.js";
import { currentLang, t, tn } from "./i18n.js";
import { el, initPage, markReady } from "./page.js";
import { frameLines, markCurrent, renderHands, renderMoveList } from "./replay-views.js";
import { resultHeadline } from "./results.js";
import { clubLabel as clubLabelOf, playerLabel } from "./seat-labels.js";
import { tokenFor } from "./tokens.js";
import { boardWords, sentence, supplyWords } from "./words.js";

const ANALYSIS_POLL_MS = 5000; // while the server is still analysing the game
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);

/** The game as the server replays it, where the reader is in it, and its analysis. */
class Replay {
  constructor() {
    this.players = null; // record names by seat
    this.names = null; // the accounts' names by seat (a game between accounts), else null
    this.mySeat = null; // the seat this browser played, when it holds the game's token
    this.over = null; // {result, reason} in the page's language
    this.seatFrames = { A: [], B: [] }; // the server's frames for each seat: {view, log}
    this.frames = []; // A's frames: the board, the facts and the log (public, the same for both seats)
    this.current = 0;
    this.viewpoint = "both";
    this.timer = null; // autoplay
    this.board = null;
    this.loading = 0; // the latest load; an older answer that arrives late is dropped
    this.analysis = null; // the server's analysis of the game, null until it is ready
    this.analysisOff = false; // the server analyses no games: none will come
    this.analysisView = null;
    this.polling = null;
  }

  get last() {
    return this.frames.length - 1;
  }

  playerName(seat) {
    return playerLabel(this.players, seat, this.mySeat, this.names);
  }

  /** The short name on a club's wall, as on the game page; a person seen by a spectator: "Player". */
  clubLabel(seat) {
    return clubLabelOf(this.players, seat, this.mySeat, this.names) || t("club.person");
  }

  resultWords() {
    if (!this.over) return "";
    const head = resultHeadline(this.over.result);
    return this.over.reason ? `${head} ${sentence(this.over.reason)}` : head;
  }

  /** Both seats' frames in the page's language; false when a newer load has started meanwhile. */
  async load() {
    const mine = ++this.loading;
    const lang = currentLang();
    const [a, b] = await Promise.all([gameReplay(gameId, "A", lang), gameReplay(gameId, "B", lang)]);
    if (mine !== this.loading) return false;
    ({ players: this.players, over: this.over, names: this.names } = a);
    this.seatFrames = { A: a.frames, B: b.frames };
    this.frames = a.frames;
    return true;
  }

  show(index, animate = true) {
    this.current = Math.max(0, Math.min(this.last, index));
    const current = this.current;
    const view = this.frames[current].view;
    this.board.update(view.figures, animate);
    $("board-words").textContent = boardWords(view.figures);
    const step = t("replay.stepOf", { n: current, total: this.last });
    $("jump").value = String(current);
    $("jump").setAttribute("aria-valuetext", step);
    const lines = frameLines(this.frames, current).map(sentence).join(" ");
    $("replay-step").textContent = t("replay.stepLine", { step, lines });
    $("replay-facts").textContent = `${supplyWords(view)} · ${tn("discard.summary", view.discard.length)}`;
    renderHands(this);
    markCurrent(current);
    document.body.dataset.frame = String(current);
    if (this.analysisView) this.analysisView.show(current);
    if (current === this.last) this.stop();
  }

  /** Stop autoplay and show frame `index`. */
  go(index) {
    this.stop();
    this.show(index);
  }

  play() {
    if (this.timer) {
      this.stop();
      return;
    }
    if (this.current >= this.last) this.show(0, false);
    $("play").textContent = `❚❚ ${t("replay.pause")}`;
    $("play").dataset.playing = "1";
    const tick = () => {
      this.show(this.current + 1);
      if (this.timer) this.timer = setTimeout(tick, Number($("speed").value));
    };
    this.timer = setTimeout(tick, Number($("speed").value));
  }

  stop() {
    clearTimeout(this.timer);
    this.timer = null;
    $("play").textContent = `▶ ${t("replay.play")}`;
    delete $("play").dataset.playing;
  }

  setViewpoint(which) {
    this.viewpoint = which;
    for (const button of document.querySelectorAll("[data-view]")) {
      button.setAttribute("aria-pressed", String(button.dataset.view === which));
    }
    renderHands(this);
  }

  renderAll() {
    this.board.setClubLabels({ A: this.clubLabel("A"), B: this.clubLabel("B") });
    if (!this.timer) this.stop();
    $("replay-players").textContent = t("players.line", { a: this.playerName("A"), b: this.playerName("B") });
    $("replay-result").textContent = this.resultWords();
    renderMoveList(this.frames, (index) => this.go(index));
    this.analysisView = new AnalysisView($("analysis"), {
      playerName: (seat) => this.playerName(seat),
      jump: (index, reveal) => {
        this.go(index);
        if (reveal) document.querySelector(".board-wrap").scrollIntoView({ block: "nearest", behavior: "instant" });
      },
    });
    this.analysisView.render(this.analysis, this.analysisOff);
    this.show(this.current, false);
  }

  /** Ask again for the analysis now and then while the server is still making it. */
  waitForAnalysis(delay = ANALYSIS_POLL_MS) {
    clearTimeout(this.polling);
    if (this.analysis) return;
    this.polling = setTimeout(async () => {
      let answer = null;
      try {
        answer = await gameAnalysis(gameId, currentLang());
        this.analysis = answer.analysis;
      } catch {
        this.analysis = null; // the server is away: ask again later
      }
      if (this.analysis) {
        this.analysisView.render(this.analysis);
        this.analysisView.show(this.current);
      } else if (answer && answer.analyst === false) {
        this.analysisOff = true;
        this.analysisView.render(null, true);
      } else this.waitForAnalysis();
    }, delay);
  }
}

/** The seat this browser played in this game (its token is kept here), or null. */
async function findMySeat() {
  const token = tokenFor(gameId);
  if (!token) return null;
  try {
    const found = (await myGames([token])).games.find((g) => g.id === gameId);
    return found ? found.seat : null;
  } catch {
    return null; // the names stay neutral
  }
}

function wire(replay) {
  $("first").addEventListener("click", () => replay.go(0));
  $("back").addEventListener("click", () => replay.go(replay.current - 1));
  $("forward").addEventListener("click", () => replay.go(replay.current + 1));
  $("last").addEventListener("click", () => replay.go(replay.last));
  $("play").addEventListener("click", () => replay.play());
  $("jump").addEventListener("input", () => replay.go(Number($("jump").value)));
  for (const button of document.querySelectorAll("[data-view]")) {
    button.addEventListener("click", () => replay.setViewpoint(button.dataset.view));
  }
  document.addEventListener("keydown", (event) => {
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      replay.go(replay.current + moves[event.key]);
      event.preventDefault();
    } else if (event.key === "Home" || event.key === "End") {
      replay.go(event.key === "Home" ? 0 : replay.last);
      event.preventDefault();
    } else if (event.key === "p" || event.key === "P") {
      replay.play();
    }
  });
  document.addEventListener("ts:lang", async () => {
    if (!replay.frames.length) return;
    try {
      if (await replay.load()) {
        replay.analysis = null; // its words are in the old language: ask again
        replay.renderAll();
        replay.waitForAnalysis(0);
      }
    } catch (error) {
      fail(error.message || t("msg.serverDown"));
    }
  });
}

function fail(text) {
  const box = $("replay-message");
  box.textContent = text;
  box.hidden = false;
  markReady();
}

/** The page: its one `Replay`, made here (the module keeps nothing). */
async function main() {
  const replay = new Replay();
  await initPage();
  replay.board = new Board($("board"), () => {});
  wire(replay);
  try {
    [replay.mySeat] = await Promise.all([findMySeat(), replay.load()]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      fail(t("replay.notOver"));
      const link = el("a", { href: `/game/${gameId}` }, t("replay.toGame"));
      $("replay-message").append(" ", link);
    } else if (error instanceof ApiError && error.status === 404) fail(t("msg.noGame"));
    else fail(error.message || t("msg.serverDown"));
    return;
  }
  $("jump").max = String(replay.last);
  $("download").href = recordDownloadUrl(gameId);
  $("replay").hidden = false;
  replay.setViewpoint("both");
  replay.current = replay.last;
  replay.renderAll();
  replay.waitForAnalysis(0);
  document.body.dataset.frames = String(replay.frames.length);
  markReady();
}

main();

// The replay viewer of a finished game: every frame comes from the server, built by the rules core
// (GET /api/games/{id}/replay, docs/web-protocol.md): each seat's view after every public action and that
// action's log in words. The page only shows them, stepped through by buttons, a slider, the move list or
// the keyboard, with autoplay, from either seat's viewpoint or with both hands (the game is over).

import { AnalysisView } from "./analysis.js";
import { ApiError, gameAnalysis, gameReplay, myGames, recordDownloadUrl } from "./api.js";
import { Board } from "./board.js";
import { currentLang, t, tn } from "./i18n.js";
import { colourOf } from "./notation.js";
import { clear, el, initPage, markReady } from "./page.js";
import { resultHeadline } from "./results.js";
import { clubLabel as clubLabelOf, playerLabel } from "./seat-labels.js";
import { tokenFor } from "./tokens.js";
import { boardWords, sentence, supplyWords } from "./words.js";

const ANALYSIS_POLL_MS = 5000; // while the server is still analysing the game
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);

let players = null; // record names by seat
let names = null; // the accounts' names by seat (a game between accounts), else null
let mySeat = null; // the seat this browser played, when it holds the game's token
let over = null; // {result, reason} in the page's language
let seatFrames = { A: [], B: [] }; // the server's frames for each seat: {view, log}
let frames = []; // A's frames: the board, the facts and the log (public, the same for both seats)
let current = 0;
let viewpoint = "both";
let timer = null;
let board = null;
let loading = 0; // the latest load; an older answer that arrives late is dropped
let analysis = null; // the server's analysis of the game, null until it is ready
let analysisOff = false; // the server analyses no games: none will come
let analysisView = null;
let polling = null;

function playerName(seat) {
  return playerLabel(players, seat, mySeat, names);
}

/** The short name on a club's wall, as on the game page; a person seen by a spectator: "Player". */
function clubLabel(seat) {
  return clubLabelOf(players, seat, mySeat, names) || t("club.person");
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

function resultWords() {
  if (!over) return "";
  const head = resultHeadline(over.result);
  return over.reason ? `${head} ${sentence(over.reason)}` : head;
}

/** The log lines of one frame in the server's words: the action (a card play as `played`: who played which
 * card, which the game page's log shows by its colours and the hand), then what followed it. */
function frameLines(index) {
  const frame = frames[index];
  const lines = frame.log.map((entry, i) => (i === 0 && frame.played ? frame.played : entry.text));
  return index ? lines : [t("replay.deal", { seat: frame.view.to_move }), ...lines];
}

function miniCard(code) {
  return el("span", { class: `mini-card card-${colourOf(code)}`, title: code }, code);
}

/** The hands at frame `index`: each seat's own hand from its own view; the other one as a count. */
function renderHands(index) {
  const box = $("replay-hands");
  clear(box);
  const seen = viewpoint === "both" ? null : seatFrames[viewpoint][index].view;
  for (const seat of ["A", "B"]) {
    const row = el("div", { class: "mini-hand" });
    if (!seen || seen.seat === seat) {
      for (const code of seatFrames[seat][index].view.hand) row.append(miniCard(code));
    } else {
      row.append(el("span", { class: "help" }, tn("hands.hidden", seen.opponent_hand_size)));
    }
    box.append(el("div", { class: "replay-hand" },
      el("h3", {}, t("replay.handOf", { seat, who: playerName(seat) })), row));
  }
}

function show(index, animate = true) {
  current = Math.max(0, Math.min(frames.length - 1, index));
  const view = frames[current].view;
  board.update(view.figures, animate);
  $("board-words").textContent = boardWords(view.figures);
  $("jump").value = String(current);
  $("jump").setAttribute("aria-valuetext", t("replay.stepOf", { n: current, total: frames.length - 1 }));
  const step = t("replay.stepOf", { n: current, total: frames.length - 1 });
  $("replay-step").textContent = t("replay.stepLine", { step, lines: frameLines(current).map(sentence).join(" ") });
  $("replay-facts").textContent = `${supplyWords(view)} · ${tn("discard.summary", view.discard.length)}`;
  renderHands(current);
  for (const item of $("move-list").children) {
    const here = Number(item.dataset.frame) === current;
    item.classList.toggle("current", here);
    if (here) item.querySelector("button").setAttribute("aria-current", "step");
    else item.querySelector("button").removeAttribute("aria-current");
  }
  keepInList($("move-list").querySelector("li.current"));
  document.body.dataset.frame = String(current);
  if (analysisView) analysisView.show(current);
  if (current === frames.length - 1) stop();
}

/** Scroll the move list (only the list: the page stays where the reader has it) to show `item`. */
function keepInList(item) {
  if (!item) return;
  const list = $("move-list");
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop) list.scrollTop = top;
  else if (top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top + item.offsetHeight - list.clientHeight;
  }
}

function renderMoveList() {
  const list = $("move-list");
  clear(list);
  frames.forEach((frame, index) => {
    const button = el("button", { type: "button" }, frameLines(index)[0]);
    button.addEventListener("click", () => {
      stop();
      show(index);
    });
    const seat = index ? frame.log[0].seat : null;
    list.append(el("li", { dataset: { frame: String(index) }, class: seat ? `by-${seat.toLowerCase()}` : "by-table" }, button));
  });
}

function play() {
  if (timer) {
    stop();
    return;
  }
  if (current >= frames.length - 1) show(0, false);
  $("play").textContent = `❚❚ ${t("replay.pause")}`;
  $("play").dataset.playing = "1";
  const tick = () => {
    show(current + 1);
    if (timer) timer = setTimeout(tick, Number($("speed").value));
  };
  timer = setTimeout(tick, Number($("speed").value));
}

function stop() {
  clearTimeout(timer);
  timer = null;
  $("play").textContent = `▶ ${t("replay.play")}`;
  delete $("play").dataset.playing;
}

function setViewpoint(which) {
  viewpoint = which;
  for (const button of document.querySelectorAll("[data-view]")) {
    button.setAttribute("aria-pressed", String(button.dataset.view === which));
  }
  renderHands(current);
}

function renderAll() {
  board.setClubLabels({ A: clubLabel("A"), B: clubLabel("B") });
  if (!timer) stop();
  $("replay-players").textContent = t("players.line", { a: playerName("A"), b: playerName("B") });
  $("replay-result").textContent = resultWords();
  renderMoveList();
  analysisView = new AnalysisView($("analysis"), {
    playerName,
    jump: (index, reveal) => {
      stop();
      show(index);
      if (reveal) document.querySelector(".board-wrap").scrollIntoView({ block: "nearest", behavior: "instant" });
    },
  });
  analysisView.render(analysis, analysisOff);
  show(current, false);
}

/** Ask again for the analysis now and then while the server is still making it. */
function waitForAnalysis(delay = ANALYSIS_POLL_MS) {
  clearTimeout(polling);
  if (analysis) return;
  polling = setTimeout(async () => {
    let answer = null;
    try {
      answer = await gameAnalysis(gameId, currentLang());
      analysis = answer.analysis;
    } catch {
      analysis = null; // the server is away: ask again later
    }
    if (analysis) {
      analysisView.render(analysis);
      analysisView.show(current);
    } else if (answer && answer.analyst === false) {
      analysisOff = true;
      analysisView.render(null, true);
    } else waitForAnalysis();
  }, delay);
}

function wire() {
  $("first").addEventListener("click", () => { stop(); show(0); });
  $("back").addEventListener("click", () => { stop(); show(current - 1); });
  $("forward").addEventListener("click", () => { stop(); show(current + 1); });
  $("last").addEventListener("click", () => { stop(); show(frames.length - 1); });
  $("play").addEventListener("click", play);
  $("jump").addEventListener("input", () => { stop(); show(Number($("jump").value)); });
  for (const button of document.querySelectorAll("[data-view]")) {
    button.addEventListener("click", () => setViewpoint(button.dataset.view));
  }
  document.addEventListener("keydown", (event) => {
    const tag = event.target && event.target.tagName;
    if (tag === "INPUT" || tag === "SELECT" || event.altKey || event.ctrlKey || event.metaKey) return;
    const moves = { ArrowLeft: -1, ArrowRight: 1 };
    if (event.key in moves) {
      stop();
      show(current + moves[event.key]);
      event.preventDefault();
    } else if (event.key === "Home" || event.key === "End") {
      stop();
      show(event.key === "Home" ? 0 : frames.length - 1);
      event.preventDefault();
    } else if (event.key === "p" || event.key === "P") {
      play();
    }
  });
  document.addEventListener("ts:lang", async () => {
    if (!frames.length) return;
    try {
      if (await load()) {
        analysis = null; // its words are in the old language: ask again
        renderAll();
        waitForAnalysis(0);
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

/** Both seats' frames in the page's language; false when a newer load has started meanwhile. */
async function load() {
  const mine = ++loading;
  const lang = currentLang();
  const [a, b] = await Promise.all([gameReplay(gameId, "A", lang), gameReplay(gameId, "B", lang)]);
  if (mine !== loading) return false;
  ({ players, over, names } = a);

  seatFrames = { A: a.frames, B: b.frames };
  frames = a.frames;
  return true;
}

async function main() {
  await initPage();
  board = new Board($("board"), () => {});
  wire();
  try {
    [mySeat] = await Promise.all([findMySeat(), load()]);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      fail(t("replay.notOver"));
      const link = el("a", { href: `/game/${gameId}` }, t("replay.toGame"));
      $("replay-message").append(" ", link);
    } else if (error instanceof ApiError && error.status === 404) fail(t("msg.noGame"));
    else fail(error.message || t("msg.serverDown"));
    return;
  }
  $("jump").max = String(frames.length - 1);
  $("download").href = recordDownloadUrl(gameId);
  $("replay").hidden = false;
  setViewpoint("both");
  current = frames.length - 1;
  renderAll();
  waitForAnalysis(0);
  document.body.dataset.frames = String(frames.length);
  markReady();
}

main();

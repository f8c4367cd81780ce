// The replay viewer of a finished game: the record from the server, every position rebuilt in the
// browser (replay-engine.js), stepped through by buttons, a slider, the move list or the keyboard, with
// autoplay, from either seat's viewpoint (or both hands: the game is over, nothing is secret any more).

import { ApiError, gameRecord, recordDownloadUrl } from "./api.js";
import { Board } from "./board.js";
import { t, tn } from "./i18n.js";
import { colourOf } from "./notation.js";
import { clear, el, initPage, markReady } from "./page.js";
import { replayFrames } from "./replay-engine.js";
import { boardWords, logWords, sentence } from "./words.js";

const LEVELS = ["easy", "medium", "hard", "expert"];
const gameId = decodeURIComponent(location.pathname.split("/").filter(Boolean).pop() || "");
const $ = (id) => document.getElementById(id);

let record = null;
let frames = [];
let current = 0;
let viewpoint = "both";
let timer = null;
let board = null;

function playerName(seat) {
  const who = record.players[seat];
  if (LEVELS.includes(who)) return t("player.computer", { level: t(`level.${who}`) });
  return t("player.person", { seat });
}

function clubLabel(seat) {
  return LEVELS.includes(record.players[seat]) ? t("club.computer") : "";
}

function endWords(over) {
  if (!over) return "";
  const seat = over.result;
  if (over.reason === "forfeit" || over.reason === "resigned") return t(`end.${over.reason}`, { seat: over.seat });
  return t(`end.${over.reason}`, { seat });
}

function resultWords(over) {
  if (!over) return "";
  const head = over.result === "draw" ? t("over.draw") : t("over.seatWins", { seat: over.result });
  return `${head} ${sentence(endWords(over))}`;
}

/** The log lines of one frame: the action, then what followed it. */
function frameLines(frame) {
  if (!frame.move) return [t("replay.deal", { seat: frame.toMove })];
  const lines = [logWords(frame.move, frame.seat, frame.before)];
  for (const event of frame.events) {
    if (event.kind === "draw") lines.push(tn("replay.draws", event.n, { seat: event.seat }));
    if (event.kind === "shuffle") lines.push(t("effect.shuffle"));
    if (event.kind === "charlie" && event.steps) {
      lines.push(tn("replay.charlie", event.steps, { dir: t(event.seat === "A" ? "dir.toA" : "dir.toB") }));
    }
    if (event.kind === "over") lines.push(resultWords(frame.over));
  }
  return lines;
}

function miniCard(code) {
  return el("span", { class: `mini-card card-${colourOf(code)}`, title: code }, code);
}

function renderHands(frame) {
  const box = $("replay-hands");
  clear(box);
  for (const seat of ["A", "B"]) {
    const cards = frame.hands[seat];
    const shown = viewpoint === "both" || viewpoint === seat;
    const row = el("div", { class: "mini-hand" });
    if (shown) for (const code of cards) row.append(miniCard(code));
    else row.append(el("span", { class: "help" }, tn("hands.hidden", cards.length)));
    box.append(el("div", { class: "replay-hand" },
      el("h3", {}, t("replay.handOf", { seat, who: playerName(seat) })), row));
  }
}

function show(index, animate = true) {
  current = Math.max(0, Math.min(frames.length - 1, index));
  const frame = frames[current];
  board.update(frame.figures, animate);
  $("board-words").textContent = boardWords(frame.figures);
  $("jump").value = String(current);
  $("jump").setAttribute("aria-valuetext", t("replay.stepOf", { n: current, total: frames.length - 1 }));
  $("replay-step").textContent = `${t("replay.stepOf", { n: current, total: frames.length - 1 })}: ${frameLines(frame).map(sentence).join(" ")}`;
  const supply = tn(frame.supplyNumber === 1 ? "supply.first" : "supply.second", frame.supplySize);
  $("replay-facts").textContent = `${supply} · ${tn("discard.summary", frame.discard.length)}`;
  renderHands(frame);
  for (const item of $("move-list").children) {
    const here = Number(item.dataset.frame) === current;
    item.classList.toggle("current", here);
    if (here) item.querySelector("button").setAttribute("aria-current", "step");
    else item.querySelector("button").removeAttribute("aria-current");
  }
  const currentItem = $("move-list").querySelector("li.current");
  if (currentItem) currentItem.scrollIntoView({ block: "nearest" });
  document.body.dataset.frame = String(current);
  if (current === frames.length - 1) stop();
}

function renderMoveList() {
  const list = $("move-list");
  clear(list);
  frames.forEach((frame, index) => {
    const button = el("button", { type: "button" }, frameLines(frame)[0]);
    button.addEventListener("click", () => {
      stop();
      show(index);
    });
    list.append(el("li", { dataset: { frame: String(index) }, class: frame.seat ? `by-${frame.seat.toLowerCase()}` : "by-table" }, button));
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
  renderHands(frames[current]);
}

function renderAll() {
  board.setClubLabels({ A: clubLabel("A"), B: clubLabel("B") });
  if (!timer) stop();
  $("replay-players").textContent = t("players.line", { a: playerName("A"), b: playerName("B") });
  $("replay-result").textContent = resultWords(frames[frames.length - 1].over);
  renderMoveList();
  show(current, false);
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
  document.addEventListener("ts:lang", () => {
    if (frames.length) renderAll();
  });
}

function fail(text) {
  const box = $("replay-message");
  box.textContent = text;
  box.hidden = false;
  markReady();
}

async function main() {
  await initPage();
  board = new Board($("board"), () => {});
  wire();
  try {
    record = await gameRecord(gameId);
  } catch (error) {
    if (error instanceof ApiError && error.status === 409) {
      fail(t("replay.notOver"));
      const link = el("a", { href: `/game/${gameId}` }, t("replay.toGame"));
      $("replay-message").append(" ", link);
    } else if (error instanceof ApiError && error.status === 404) fail(t("msg.noGame"));
    else fail(error.message || t("msg.serverDown"));
    return;
  }
  let mismatch = null;
  try {
    ({ frames, mismatch } = replayFrames(record));
  } catch (error) {
    fail(t("replay.broken", { why: error.message }));
    return;
  }
  if (mismatch) fail(t("replay.mismatch"));
  $("jump").max = String(frames.length - 1);
  $("download").href = recordDownloadUrl(gameId);
  $("replay").hidden = false;
  setViewpoint("both");
  current = frames.length - 1;
  renderAll();
  document.body.dataset.frames = String(frames.length);
  markReady();
}

main();

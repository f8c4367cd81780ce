// The home page: start a game against the computer or a friend, and the lists of games (yours, from the
// tokens this browser keeps; live ones to watch; finished ones to replay).

import { createGame, listGames, myGames } from "./api.js";
import { startHomeLobby } from "./home-online.js";
import { currentLang, t, tn } from "./i18n.js";
import { clear, el, initPage, markReady } from "./page.js";
import { resultHeadline } from "./results.js";
import { streetScene } from "./street-scene.js";
import { playerLabel } from "./seat-labels.js";
import { allTokens, keepTokenOfUrl } from "./tokens.js";

const $ = (id) => document.getElementById(id);

function showError(error) {
  const box = $("home-message");
  box.textContent = error && error.message ? error.message : t("msg.serverDown");
  box.hidden = false;
}

function formValue(form, name) {
  const checked = form.querySelector(`input[name="${name}"]:checked`);
  return checked ? checked.value : null;
}

/** Asks the server for a new game with the submitted form's `fields`, its button held down meanwhile, and
 * hands the answer to `onAnswer`; on an error the button comes back and the error is shown. */
async function startGame(event, buttonId, fields, onAnswer) {
  event.preventDefault();
  const button = $(buttonId);
  button.disabled = true;
  try {
    onAnswer(await createGame(fields(event.currentTarget)));
  } catch (error) {
    button.disabled = false;
    showError(error);
  }
}

function startComputerGame(event) {
  const fields = (form) => ({ mode: "computer", level: formValue(form, "level"), seat: formValue(form, "seat") });
  return startGame(event, "play-computer", fields, (answer) => location.assign(keepTokenOfUrl(answer.url)));
}

/** A friend game: its links are shown, and the lists read again (`lists`: the page's, made in main). */
function startFriendGame(event, lists) {
  const fields = (form) => ({ mode: "friend", seat: formValue(form, "seat") });
  return startGame(event, "play-friend", fields, (answer) => {
    const ownPath = keepTokenOfUrl(answer.url);
    $("invite-link").value = new URL(answer.invite, location.origin).href;
    $("open-own").href = ownPath;
    $("invite").hidden = false;
    $("copy-done").textContent = t("home.seatGiven", { seat: answer.seat });
    $("invite-link").focus();
    $("invite-link").select();
    loadLists(lists);
    $("play-friend").disabled = false;
  });
}

async function copyInvite() {
  const input = $("invite-link");
  try {
    await navigator.clipboard.writeText(input.value);
  } catch {
    input.select();
    document.execCommand("copy");
  }
  $("copy-done").textContent = t("home.copied");
}

function seatLabel(summary, seat) {
  return playerLabel(summary.players, seat, summary.seat, summary.names);
}

function when(iso) {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return "";
  return date.toLocaleString(currentLang(), { dateStyle: "medium", timeStyle: "short" });
}

function gameItem(summary, kind) {
  const versus = t("players.line", { a: seatLabel(summary, "A"), b: seatLabel(summary, "B") });
  const href = kind === "finished" ? `/replay/${summary.id}` : `/game/${summary.id}`;
  let badge = null;
  if (summary.result) {
    badge = el("span", { class: "badge" }, ["draw", "aborted"].includes(summary.result) ? resultHeadline(summary.result) : t("list.winner", { seat: summary.result }));
  } else if (kind === "mine" && summary.to_move === summary.seat) {
    badge = el("span", { class: "badge your-turn" }, t("list.yourTurn"));
  } else if (summary.to_move) {
    badge = el("span", { class: "badge" }, t("list.toMove", { seat: summary.to_move }));
  }
  const link = el("a", { href, "data-game": summary.id }, kind === "finished" ? t("list.replay") : kind === "mine" ? t("list.resume") : t("list.watch"));
  return el(
    "li",
    {},
    el("div", {}, el("div", {}, versus), el("div", { class: "meta" }, `${tn("list.moves", summary.moves)} · ${when(summary.updated)}`)),
    el("div", { class: "button-row" }, badge, link),
  );
}

/** One list of the home page: `games` (null: not read yet) under its `kind`. */
function renderList(kind, games) {
  const list = $(kind);
  clear(list);
  if (games === null) return;
  if (!games.length) list.append(el("li", { class: "empty" }, t(`list.none.${kind}`)));
  for (const summary of games) list.append(gameItem(summary, kind));
}

/** Read the three lists into `lists` ({mine, live, finished}: null each until read) and draw them. */
async function loadLists(lists) {
  const myFinished = new Map(); // game id -> this browser's seat
  const tokens = allTokens().map(([, token]) => token).slice(-200);
  const jobs = [
    (tokens.length ? myGames(tokens) : Promise.resolve({ games: [] })).then((a) => {
      lists.mine = a.games.filter((g) => !g.result);
      for (const g of a.games) if (g.result) myFinished.set(g.id, g.seat);
    }),
    listGames("live").then((a) => {
      lists.live = a.games;
    }),
    listGames("finished").then((a) => {
      lists.finished = a.games;
    }),
  ];
  const results = await Promise.allSettled(jobs);
  const mine = new Set((lists.mine || []).map((g) => g.id));
  if (lists.live) lists.live = lists.live.filter((g) => !mine.has(g.id)); // to watch: other people's games
  // finished games of this browser say "You" for its seat, as its games in progress do
  if (lists.finished) lists.finished = lists.finished.map((g) => (myFinished.has(g.id) ? { ...g, seat: myFinished.get(g.id) } : g));
  const failed = results.find((r) => r.status === "rejected");
  if (failed) showError(failed.reason);
  for (const kind of Object.keys(lists)) {
    if (lists[kind] === null) lists[kind] = [];
    renderList(kind, lists[kind]);
  }
}

function showLevelHelp() {
  const level = formValue($("computer-form"), "level") || "medium";
  $("level-help").textContent = t(`level.help.${level}`);
}

async function main() {
  const lists = { mine: null, live: null, finished: null }; // the games listed, made here
  await initPage();
  for (const box of document.querySelectorAll("[data-scene]")) box.append(streetScene());
  $("computer-form").addEventListener("submit", startComputerGame);
  $("friend-form").addEventListener("submit", (event) => startFriendGame(event, lists));
  $("copy-invite").addEventListener("click", copyInvite);
  $("computer-form").addEventListener("change", showLevelHelp);
  document.addEventListener("ts:lang", () => {
    showLevelHelp();
    for (const kind of Object.keys(lists)) renderList(kind, lists[kind]);
  });
  showLevelHelp();
  startHomeLobby();
  await loadLists(lists);
  markReady();
}

main();

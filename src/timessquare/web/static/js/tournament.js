// One tournament's page, live: standings (score, then Buchholz), each round's pairings with their games,
// joining or leaving before the start, withdrawing and coming back after it. The lobby socket says when the
// tournament changed (a round paired, a game ended: the page reads it again, no polling) and takes a player
// whose round starts to his game at once (game-started.js).

import { call } from "./api.js";
import { watchLobby } from "./game-started.js";
import { t, tn } from "./i18n.js";
import { whoAmI } from "./online-api.js";
import { clear, el, initPage, markReady } from "./page.js";
import { resultHeadline } from "./results.js";
import { statusWords, when } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);
const id = decodeURIComponent(location.pathname.split("/").pop());

function player(name) {
  return name === null ? t("tournament.bye") : el("a", { href: `/players/${encodeURIComponent(name)}` }, name);
}

function points(score) {
  return Number.isInteger(score) ? String(score) : `${Math.floor(score) || ""}½`;
}

/** The page for `view`: {tournament (null: not read yet), account (the logged-in one, or null)}. */
function render(view) {
  const { tournament, account } = view;
  if (!tournament) return;
  $("tournament-name").textContent = tournament.name;
  document.title = `Times Square: ${tournament.name}`;
  $("tournament-meta").textContent = [tournament.control, tn("tournament.roundsCount", tournament.rounds),
    t("tournament.start", { when: when(tournament.starts_at) }), statusWords(tournament)].join(" · ");
  const open = tournament.status === "open";
  const running = tournament.status === "running";
  $("t-join").hidden = !(account && ((open && !tournament.joined) || (running && tournament.withdrawn)));
  $("t-join").textContent = t(running ? "tournament.rejoin" : "tournament.join");
  $("t-leave").hidden = !(account && (open || running) && tournament.joined);
  $("t-leave").textContent = t(running ? "tournament.withdraw" : "tournament.leave");
  $("t-start").hidden = !(open && account && tournament.created_by === account.name);
  const body = $("standings").querySelector("tbody");
  clear(body);
  for (const s of tournament.standings) {
    const who = [player(s.name)];
    if (s.bot) who.push(" ", el("span", { class: "meta" }, t("online.bot")));
    if (s.withdrawn) who.push(" ", el("span", { class: "meta" }, t("tournament.withdrawn")));
    body.append(el("tr", { class: account && s.name === account.name ? "mine" : "" }, el("td", {}, s.rank), el("th", { scope: "row" }, ...who),
      el("td", {}, points(s.score)), el("td", {}, points(s.buchholz)), el("td", {}, s.rating)));
  }
  const rounds = $("rounds");
  clear(rounds);
  for (const round of [...tournament.pairings].reverse()) {
    const items = round.games.map((g) => {
      const result = g.black === null ? t("tournament.byePoint") : g.result ? resultHeadline(g.result) : t("tournament.playing");
      const mine = account && [g.white, g.black].includes(account.name);
      const label = g.result ? "profile.replay" : mine ? "tournament.yourGame" : "profile.watch";
      const link = g.game ? el("a", { href: g.result ? `/replay/${g.game}` : `/game/${g.game}` }, t(label)) : null;
      return el("li", {}, el("span", {}, "A ", player(g.white), g.black === null ? "" : [" – B ", player(g.black)], " ",
        el("span", { class: "meta" }, result)), link);
    });
    rounds.append(el("h3", {}, t("tournament.round", { n: round.round })), el("ul", { class: "game-list" }, items));
  }
  if (!tournament.pairings.length) rounds.append(el("p", { class: "help" }, t("tournament.notStarted")));
}

function showError(error) {
  const box = $("tournament-message");
  box.textContent = error.message || t("msg.serverDown");
  box.hidden = false;
}

async function load(view) {
  try {
    view.tournament = await call("GET", `/api/tournaments/${encodeURIComponent(id)}`);
    $("tournament-message").hidden = true;
  } catch (error) {
    showError(error);
  }
  render(view);
}

async function joinOrLeave(view, method) {
  try {
    view.tournament = await call(method, `/api/tournaments/${encodeURIComponent(id)}/join`, method === "POST" ? {} : undefined);
    render(view);
  } catch (error) {
    showError(error);
  }
}

async function main() {
  const view = { tournament: null, account: null }; // what the page knows, made here
  await initPage();
  document.addEventListener("ts:lang", () => render(view));
  $("t-join").addEventListener("click", () => joinOrLeave(view, "POST"));
  $("t-leave").addEventListener("click", () => joinOrLeave(view, "DELETE"));
  $("t-start").addEventListener("click", async () => {
    try {
      await call("POST", `/api/tournaments/${encodeURIComponent(id)}/start`, {});
    } catch (error) {
      showError(error);
    }
  });
  try {
    view.account = (await whoAmI()).account;
  } catch {
    view.account = null;
  }
  await load(view);
  watchLobby({ onOpen: () => load(view), onMessage: (message) => message.type === "tournament" && message.id === id && load(view) });
  markReady();
}

main();

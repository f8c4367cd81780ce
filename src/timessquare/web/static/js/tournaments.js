// The tournaments page: the list, and a form that creates a Swiss tournament (docs/web-protocol.md
// "Tournaments").

import { call } from "./api.js";
import { watchLobby } from "./game-started.js";
import { t } from "./i18n.js";
import { lobby, whoAmI } from "./online-api.js";
import { clear, el, initPage, markReady } from "./page.js";
import { statusWords, when } from "./tournament-words.js";

const $ = (id) => document.getElementById(id);
/** The tournaments as last listed (`list`): main makes it and keeps it. */
function render(list) {
  const body = $("tournament-list").querySelector("tbody");
  clear(body);
  for (const tournament of list) {
    const name = el("a", { href: `/tournaments/${encodeURIComponent(tournament.id)}` }, tournament.name);
    body.append(el("tr", {}, el("th", { scope: "row" }, name), el("td", {}, tournament.control), el("td", {}, tournament.rounds),
      el("td", {}, when(tournament.starts_at)), el("td", {}, statusWords(tournament))));
  }
  $("tournaments-empty").hidden = list.length > 0;
}

function showError(error) {
  const box = $("tournaments-message");
  box.textContent = error.message || t("msg.serverDown");
  box.hidden = false;
}

async function create(event) {
  event.preventDefault();
  const starts = new Date($("t-starts").value);
  const body = { name: $("t-name").value.trim(), control: $("t-control").value, rounds: Number($("t-rounds").value), starts_at: starts.toISOString() };
  try {
    const made = await call("POST", "/api/tournaments", body);
    location.assign(`/tournaments/${encodeURIComponent(made.tournament.id)}`);
  } catch (error) {
    showError(error);
  }
}

async function main() {
  await initPage();
  let list = [];
  document.addEventListener("ts:lang", () => render(list));
  try {
    const [listed, session, offer] = await Promise.all([call("GET", "/api/tournaments"), whoAmI(), lobby()]);
    list = listed.tournaments;
    $("create-form").hidden = !session.account;
    $("create-login").hidden = Boolean(session.account);
    for (const control of offer.controls) $("t-control").append(el("option", { value: control }, control));
    const soon = new Date(Date.now() + 10 * 60_000 - new Date().getTimezoneOffset() * 60_000);
    $("t-starts").value = soon.toISOString().slice(0, 16);
  } catch (error) {
    showError(error);
  }
  $("create-form").addEventListener("submit", create);
  render(list);
  watchLobby(); // a round that starts for this player takes him to his game
  markReady();
}

main();

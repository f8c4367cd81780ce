// The leaderboard: the best ratings, each name a link to its player page.

import { call } from "./api.js";
import { leaderboard, ratingText } from "./online-api.js";
import { t } from "./i18n.js";
import { clear, el, initPage, markReady } from "./page.js";

const $ = (id) => document.getElementById(id);
function render(players) {
  const body = $("leaderboard").querySelector("tbody");
  clear(body);
  players.forEach((p, i) => {
    const name = el("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name);
    const who = p.bot ? [name, " ", el("span", { class: "meta" }, t("online.bot"))] : [name];
    body.append(el("tr", {}, el("td", {}, i + 1), el("th", { scope: "row" }, ...who), el("td", {}, ratingText(p)), el("td", {}, p.games)));
  });
  $("players-empty").hidden = players.length > 0;
}

async function search(event) {
  event.preventDefault();
  const list = $("search-results");
  clear(list);
  try {
    const found = (await call("GET", `/api/players/search?q=${encodeURIComponent($("search-name").value.trim())}`)).players;
    for (const p of found) {
      const name = el("a", { href: `/players/${encodeURIComponent(p.name)}` }, p.name);
      list.append(el("li", {}, el("span", {}, name, " ", el("span", { class: "meta" }, [p.rating, p.bot ? t("online.bot") : null].filter(Boolean).join(" · ")))));
    }
    if (!found.length) list.append(el("li", { class: "meta" }, t("people.noMatch")));
  } catch (error) {
    list.append(el("li", { class: "message" }, error.message || t("msg.serverDown")));
  }
}

async function main() {
  await initPage();
  $("search-form").addEventListener("submit", search);
  let players = [];
  document.addEventListener("ts:lang", () => render(players));
  try {
    players = (await leaderboard()).players;
  } catch (error) {
    const box = $("players-message");
    box.textContent = error.message || t("msg.serverDown");
    box.hidden = false;
  }
  render(players);
  markReady();
}

main();

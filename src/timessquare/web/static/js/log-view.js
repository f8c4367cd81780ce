// The log beside the board (parts/log.html), drawn from a state's log: only the new entries are added, unless
// the entries are fewer than shown (another game, a lesson begun again) or in another language (the server
// then sends all of them again in the new words).

import { clear } from "./page.js";
import { actionCount, appendLog } from "./table-words.js";

export function renderLog(entries, lang) {
  const list = document.getElementById("log");
  let shown = Number(list.dataset.shown || 0);
  if (list.dataset.lang !== lang || entries.length < shown) {
    clear(list);
    shown = 0;
    list.dataset.lang = lang;
  }
  appendLog(list, entries, shown);
  list.dataset.shown = String(entries.length);
  document.getElementById("log-count").textContent = String(actionCount(entries));
  list.scrollTop = list.scrollHeight;
}

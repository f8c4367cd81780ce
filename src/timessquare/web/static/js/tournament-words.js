// A tournament's state and start in words, the same on the list and on its page.

import { currentLang, t } from "./i18n.js";

export function when(iso) {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? "" : date.toLocaleString(currentLang(), { dateStyle: "medium", timeStyle: "short" });
}

export function statusWords(tournament) {
  if (tournament.status === "running") return t("tournament.status.running", { round: tournament.round, rounds: tournament.rounds });
  return t(`tournament.status.${tournament.status}`);
}

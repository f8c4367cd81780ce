// The hand as cards: colour, value, the figure the card moves and, in short, what it does.

import { figureIcon, middleIcon } from "./figures.js";
import { t } from "./i18n.js";
import { colourOf } from "./notation.js";
import { el } from "./page.js";
import { cardWords } from "./words.js";

const FIGURE_OF_COLOUR = { green: "sue", grey: "low", yellow: "hal", red: "deb" };

/**
 * The face of a card (without the button around it): its code, the figure it moves (two bodyguards on the
 * cards that move both), a star on Deb's cards (each can be a joker, R9), the sewer cover on the cards that go
 * to the middle, and in short what it does.
 */
export function cardFace(code) {
  const words = cardWords(code);
  const colour = colourOf(code);
  const figure = FIGURE_OF_COLOUR[colour];
  const art = el("span", { class: "card-art", "aria-hidden": "true" }, figureIcon(figure, "card-icon"));
  if (code === "G2" || code === "GA") art.append(figureIcon(figure, "card-icon"));
  if (code === "DM") art.append(middleIcon("card-icon card-middle"));
  const face = [el("span", { class: "card-code", "aria-hidden": "true" }, code), art];
  if (colour === "red") face.push(el("span", { class: "card-joker", "aria-hidden": "true" }, "★"));
  face.push(el("span", { class: "card-text", "aria-hidden": "true" }, words.short));
  return face;
}

/**
 * One card button. `state` is {playable, selected, marked, trading}; the accessible name says the card,
 * what it does, and whether it can be played now.
 */
export function cardButton(code, index, state) {
  const words = cardWords(code);
  let status = "";
  if (state.trading) status = state.marked ? t("card.marked") : t("card.notMarked");
  else if (!state.playable) status = t("card.notPlayable");
  const button = el(
    "button",
    {
      type: "button",
      class: [
        "card", `card-${colourOf(code)}`,
        state.playable || state.trading ? "playable" : "unplayable",
        state.selected ? "selected" : "", state.marked ? "marked" : "",
      ].join(" ").trim(),
      "data-code": code,
      "data-index": index,
      "data-focus": `card-${index}`,
      "aria-pressed": String(Boolean(state.trading ? state.marked : state.selected)),
      "aria-label": [t("card.name", { code, colour: words.colour }), words.long, status].filter(Boolean).join(". "),
      "aria-disabled": state.playable || state.trading ? null : "true",
    },
    cardFace(code),
  );
  return button;
}

/** A face-down card (the opponent's hand, a count only). */
export function cardBack() {
  return el("span", { class: "card-back", "aria-hidden": "true" });
}

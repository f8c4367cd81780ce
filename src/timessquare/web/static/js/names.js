// The names and notation of the rules core for the page's modules. The data is names.json, written by
// `python scripts/gen_page_names.py` from cards.py, actions.py and players/levels.py (do not edit it);
// tests/web/test_pagenames.py checks that it is current.
import names from "./names.json" with { type: "json" };

export const { LEVELS, SEATS, MIDDLE, LAST_SPACE, FIGURES, STREET_FIGURES, CARD_COLOURS, CARD_VALUES, ACTIONS, DRAWS_AT_END } = names;

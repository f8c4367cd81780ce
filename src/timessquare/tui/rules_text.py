"""The rules in short, for the rules screen (the full text is docs/rules.md; rule numbers as there)."""

RULES_SUMMARY = """\
# Times Square in short

**Goal (R8.1).** Get Sue or Champagne Charlie onto your club's entrance: A's club is at the left
(spaces 0-1), B's at the right (15-16). Whoever moves Sue there, the club's owner wins at once.

**Board (R1).** The street has 17 spaces, 0-16; the sewer cover (8) is the middle. A's half is 0-7,
B's half 9-16. Charlie walks on his own strip beside the street.

**Sue and her bodyguards (R3).** Sue always stands strictly between her two bodyguards (the A-side
one, `low`, and the B-side one, `high`). A move that breaks this is not allowed.

**A turn (R5)** is exactly one of:
- **Play cards** of one colour, one after another (at least one). Each card moves its figure exactly
  its number of spaces, in the direction you choose (R4).
- **Lure** Sue or a bodyguard onto Hal's space (no card; you draw nothing afterwards).
- **Trade**: discard one or more cards.

Then **draw** back up to 8 cards (R6), and **Charlie** moves toward your club: 1 space for each figure
on your entrance, plus 1 if Sue and both bodyguards stand on your half (R7).

**The cards (R4).**
- `S` (green): Sue 1. Two `S` together: Sue and both bodyguards 1 (the group move).
- `G1` (grey): one bodyguard 1. `G2`: each bodyguard 1, or one bodyguard 2. `GA`: both bodyguards
  next to Sue.
- `H1` `H2` `H3` (yellow): Hal 1, 2, 3.
- `D1`-`D5` (red): Deb 1-5. `DM`: Deb to the middle.

**Deb's joker (R9).** While Deb stands strictly between Sue and your end of the street, a red card may
move Sue, Hal or a bodyguard instead of Deb. Once you have used a joker in a turn, every further red
card that turn must move the same kind of figure.

**The end (R8).** When the last card of the first supply is drawn, the discard pile is shuffled into
the second supply. When the second supply runs out, the player on whose half Sue stands wins; if Sue is
on 8, Charlie's half decides; if he is on 8 too, it is a draw.

**Information (R10).** The board, the discard pile, the supply size and every action are public. Each
hand is seen only by its owner; the order of the supply by nobody.
"""

KEYS_SUMMARY = """\
# Keys and mouse

- `1`-`8`: pick a card of your hand (or click it), then choose how to play it.
- `↑` `↓` `Enter`: move in the choices panel and choose (or click a line twice).
- `l`: lure Sue or a bodyguard to Hal.  `e`: end the turn after playing or discarding.
- `t`: trade: mark cards with their number key (or `Enter`), then `c` discards them.
- `Esc`: back to the start of your choice.  `h`: a hint.  `r`: the rules in short.
- `s` / `o`: save the game as a record / load a record and continue it.
- `q`: quit (twice while a game runs).  After the game: `n` new game, `p` replay.

The highlighted choice is shown on the board: the figures it moves stand where they would go (marked),
their old spaces show a ghost in small letters, and the spaces a picked card can reach are marked in the
row of space numbers. A choice marked ✗ is not allowed now; the line below the panels says which rule
forbids it.

Replay viewer: `←` `→` step, `Home` `End` jump, `v` changes whose view is shown, `Esc` leaves.
"""

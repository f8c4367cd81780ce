// The tab's title, a function of the game as the page has it (never of the title before it): "Your turn" in the
// page's language while it is this seat's turn, the result once the game is over, and at most one clock, the
// running one, counted down from the moment its figure came from the server.

/** A clock's time in words: "2:56", "1:02:03", or days and hours for a correspondence game. */
export function clockText(ms, t) {
  if (ms >= 86_400_000) return t("clock.days", { n: Math.floor(ms / 86_400_000), h: Math.floor((ms % 86_400_000) / 3_600_000) });
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}

/** The time `seat` has left at `now`: its figure, less what has passed since it came if its clock runs. */
export function leftAt(clock, seat, receivedAt, now) {
  const left = clock.left_ms[seat];
  return clock.running === seat ? left - (now - receivedAt) : left;
}

/** A finished game's title: the result as this seat (null: a spectator) reads it. */
export function overTitle(over, seat, t) {
  if (over.result === "draw") return t("title.draw");
  if (over.result === "aborted") return t("title.aborted");
  if (!seat) return over.result === "A" || over.result === "B" ? t("title.seatWon", { seat: over.result }) : t("title.over");
  return over.result === seat ? t("title.won") : t("title.lost");
}

/**
 * The title for `game` at `now`:
 * game: {mine: whether this seat is to move, seat: "A", "B" or null for a spectator, over: the state's `over`
 * or null, clock: the online clock or null, receivedAt: when that clock's figures came}; t: the page's words.
 */
export function pageTitle(game, now, t) {
  const over = game.over;
  const base = over ? overTitle(over, game.seat ?? null, t) : game.mine ? t("title.yourTurn") : t("title.game");
  const running = !over && game.clock ? game.clock.running : null;
  if (!running) return base;
  return `${clockText(leftAt(game.clock, running, game.receivedAt, now), t)} · ${base}`;
}

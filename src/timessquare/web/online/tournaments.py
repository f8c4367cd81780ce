"""Swiss tournaments (docs/rules.md R11.10, docs/web-protocol.md "Tournaments"): any account creates one
(name, rounds, time control, start time), players join until it starts, and the server plays it out: at the
start and whenever every game of a round is settled, the next round is paired (swiss.py) and its games start
like lobby games, rated, with the players told on the lobby socket (`started`). The deadline sweep of
service.py looks once a second (`tick`), so nothing is kept in memory and a restart loses nothing.
"""

from __future__ import annotations

import asyncio
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...events import MOVE
from ...session.clock import TimeControl
from ...variants import Rules
from ..api.requests import ApiError, bad_request, read_json
from ..sockets.messages import ProtocolError
from ..sockets.rooms import Room
from .accounts import current_account
from .guard import refuse_cross_site, required_account
from .lobby_wire import LobbyWire
from .service import Online
from .swiss import NoPairing, pair, standings
from .tournament_store import Tournament, TournamentStore

MAX_ROUNDS = 9
FIRST_MOVE = timedelta(seconds=30)  # real time, whatever the control, to take one's first action (R11.10)
NOT_HERE = timedelta(seconds=5)  # a process without the game's room waits longer: the one with it ends it first
NO_FIRST_MOVE = "made no first move in time"  # the forfeit's reason
PAIRING_SECONDS = timedelta(seconds=60)  # a round claimed this long ago with nobody paired: its pairer died
MAX_AHEAD = timedelta(days=30)
NAME_CHARS = (3, 60)


class Tournaments:
    def __init__(self, online: Online, store: TournamentStore, rules: Callable[[], Rules]) -> None:
        self.online = online
        self.store = store
        self.rules = rules
        self._ticking = asyncio.Lock()  # one look at a time in this process (a round is paired once)
        self.wire: LobbyWire | None = None  # tells every process's lobby sockets (routes.install sets it)
        self.results_seen: dict[str, tuple[int, int]] = {}  # running tournament -> (round, games settled) told
        self.both_moved: set[str] = set()  # tournament games past their first moves (or over)

    async def tell(self, kind: str, *words: object) -> None:
        if self.wire is not None:
            await self.wire.tell_everywhere(kind, *words)

    async def tick(self) -> None:
        """Start the tournaments whose time has come, and pair the next round where a round is over."""
        async with self._ticking:
            await self._tick()

    async def _tick(self) -> None:
        online, store = self.online, self.store
        for t in await online.run(store.due, online.now()):
            if t.status == "open":
                if len(await online.run(store.players, t.id)) < 2:
                    await online.run(store.end, t.id, "cancelled")  # nobody to play: called off
                    continue
                await self._next_round(t)
                continue
            paired = [p for p in await online.run(store.pairings, t.id) if p.round == t.round]
            if not paired:  # claimed by a process that is pairing it now (its games are starting): not over,
                # unless that process died before it paired anybody: then the round is given back and paired again
                await online.run(store.release_round, t.id, t.round, online.now() - PAIRING_SECONDS)
                continue
            games = [p.game_id for p in paired if p.game_id]
            done = await online.run(store.settled_count, games)
            if done < len(games):
                await self._first_moves(games)
            if self.results_seen.get(t.id) != (t.round, done):  # a game ended: the standings moved
                self.results_seen[t.id] = (t.round, done)
                if self.wire is not None:
                    await self.wire.tell_here("tournament", t.id)  # every process looks for itself
            if done == len(games):
                await self._next_round(t)

    async def _next_round(self, t: Tournament) -> None:
        online, store = self.online, self.store
        if t.round >= t.rounds:
            await online.run(store.end, t.id, "finished")
            return
        players = await online.run(store.players, t.id)
        away = {i for i, p in players.items() if p["withdrawn"]}
        if len(players) - len(away) < 2:  # everyone else withdrew: nobody left to play
            await online.run(store.end, t.id, "finished")
            await self.tell("tournament", t.id)
            return
        ratings = {i: float(p["rating"]) for i, p in players.items()}
        results = [r for p in await online.run(store.pairings, t.id) if (r := p.as_result()) is not None]
        try:
            pairs, bye = pair(list(players), ratings, results, away)
        except NoPairing:  # everyone has met everyone: the tournament ends early
            await online.run(store.end, t.id, "finished")
            return
        if not await online.run(store.claim_round, t.id, t.round, "running", online.now()):
            return  # another server process paired this round
        control = TimeControl.parse(t.control)
        for white, black in pairs:
            links = await online.starter.pairing(white, black, control, True)
            await online.run(store.add_pairing, t.id, t.round + 1, white, black, links[white].game_id)
            online.hooks.tournaments[links[white].game_id] = t.id  # learnt as the game started: before its row
            for account_id, link in links.items():
                await self.tell("started", link.game_id, link.seat, account_id, t.id)
        if bye is not None:
            await online.run(store.add_pairing, t.id, t.round + 1, bye, None, None)
        await self.tell("tournament", t.id)

    async def _first_moves(self, game_ids: list[str]) -> None:
        """A tournament game has no abort (R11.10): a player who has not taken his first action FIRST_MOVE
        after his first turn began loses it. A game is read into a room only when a turn is that old, and
        NOT_HERE older (a room is never let go here: a socket may be joining it); every process looks, so the
        one that holds its players' sockets ends it, and another only where none does."""
        online = self.online
        for game_id in game_ids:
            if game_id in self.both_moved:
                continue
            room = online.rooms.rooms.get(game_id)
            if room is None:
                game = await online.games.game(game_id)
                if game is None or game.clock is None or online.now() - game.clock.since < FIRST_MOVE + NOT_HERE:
                    continue
                room = await online.rooms.get(game_id)
                if room is None:
                    continue
            async with room.lock:
                await self._first_move(game_id, room)

    async def _first_move(self, game_id: str, room: Room) -> None:
        session = room.session
        moved = {event.seat for event in session.game.events if event.kind == MOVE}
        if moved >= {0, 1} or session.is_over:
            self.both_moved.add(game_id)
            return
        game = await self.online.games.game(game_id)
        seat = session.to_move
        if game is None or game.clock is None or seat is None or seat in moved:
            return
        if self.online.now() - game.clock.since >= FIRST_MOVE:
            try:
                await room.change(lambda: room.session.forfeit(seat, NO_FIRST_MOVE))
            except ProtocolError as e:  # "busy": another process wrote the game first; the next look reads it
                if e.code != "busy":
                    raise
                return
            self.both_moved.add(game_id)

    async def document(self, t: Tournament, me: int | None) -> dict[str, Any]:
        online, store = self.online, self.store
        players = await online.run(store.players, t.id)
        pairings = await online.run(store.pairings, t.id)
        ratings = {i: float(p["rating"]) for i, p in players.items()}
        results = [r for p in pairings if (r := p.as_result()) is not None]
        table = standings(list(players), ratings, results)

        def name(i: int | None) -> str | None:
            return None if i is None or i not in players else str(players[i]["name"])

        rounds: dict[int, list[dict[str, Any]]] = {}
        for p in pairings:
            rounds.setdefault(p.round, []).append(
                {"white": name(p.white), "black": name(p.black), "game": p.game_id, "result": p.result}
            )
        return {
            **t.document(),
            "players": [
                {"name": p["name"], "rating": round(p["rating"]), "bot": p["bot"], "withdrawn": p["withdrawn"]}
                for p in players.values()
            ],
            "standings": [
                {
                    "rank": rank,
                    "name": name(s.player),
                    "score": s.score,
                    "buchholz": s.buchholz,
                    "rating": round(s.rating),
                    "bot": bool(players[s.player]["bot"]),
                    "withdrawn": bool(players[s.player]["withdrawn"]),
                }
                for rank, s in enumerate(table, 1)
            ],
            "pairings": [{"round": n, "games": games} for n, games in sorted(rounds.items())],
            "joined": me in players and not players[me]["withdrawn"],
            "withdrawn": me in players and players[me]["withdrawn"],
        }


def _tournaments(request: Request) -> Tournaments:
    tournaments: Tournaments = request.app.state.tournaments
    return tournaments


async def _found(request: Request) -> Tournament:
    tournaments = _tournaments(request)
    tid = str(request.path_params["tournament_id"])
    t: Tournament | None = await tournaments.online.run(tournaments.store.get, tid) if 8 <= len(tid) <= 16 else None
    if t is None:
        raise ApiError(404, "not_found", "there is no such tournament")
    return t


async def list_tournaments(request: Request) -> Response:
    tournaments = _tournaments(request)
    found = await tournaments.online.run(tournaments.store.listed)
    return JSONResponse({"tournaments": [t.document() for t in found]})


async def get_tournament(request: Request) -> Response:
    account = await current_account(request)
    t = await _found(request)
    document = await _tournaments(request).document(t, None if account is None else account.id)
    return JSONResponse(document)


def _starts_at(value: object, now: datetime) -> datetime:
    moment = None
    if isinstance(value, str) and len(value) <= 40:
        try:
            moment = datetime.fromisoformat(value.replace("Z", "+00:00"))
        except ValueError:
            moment = None
    if moment is None or moment.tzinfo is None:
        raise bad_request('starts_at must be a moment with its time zone, e.g. "2026-01-05T18:00:00Z"')
    moment = moment.astimezone(UTC)
    if not now - timedelta(minutes=1) <= moment <= now + MAX_AHEAD:
        raise bad_request("starts_at must be from now to 30 days ahead")
    return max(moment, now)


async def create_tournament(request: Request) -> Response:
    refuse_cross_site(request)
    account = await required_account(request)
    data = await read_json(request, {"name", "control", "rounds", "starts_at"})
    tournaments = _tournaments(request)
    name = data.get("name")
    if not isinstance(name, str) or not name.isprintable() or not NAME_CHARS[0] <= len(name.strip()) <= NAME_CHARS[1]:
        raise bad_request("name must be 3 to 60 printable characters")
    rounds = data.get("rounds")
    if not isinstance(rounds, int) or isinstance(rounds, bool) or not 1 <= rounds <= MAX_ROUNDS:
        raise bad_request(f"rounds must be a whole number from 1 to {MAX_ROUNDS}")
    try:
        control = TimeControl.parse(data.get("control"))
    except ValueError as e:
        raise bad_request(str(e)) from None
    now = tournaments.online.now()
    starts = _starts_at(data.get("starts_at"), now)
    tid = secrets.token_urlsafe(9)
    store = tournaments.store
    made = await tournaments.online.run(store.create, tid, name.strip(), account.id, control.name, rounds, starts, now)
    if not made:
        raise ApiError(409, "conflict", "you have 3 tournaments that have not finished: wait for one to end")
    await tournaments.online.run(store.join, tid, account.id, now)  # its creator plays in it
    t = await tournaments.online.run(store.get, tid)
    assert t is not None
    return JSONResponse({"tournament": t.document()}, status_code=201)


async def join_tournament(request: Request) -> Response:
    refuse_cross_site(request)
    account = await required_account(request)
    await read_json(request, set())
    t = await _found(request)
    tournaments = _tournaments(request)
    if not await tournaments.online.run(tournaments.store.join, t.id, account.id, tournaments.online.now()):
        raise ApiError(409, "conflict", "the tournament has started: only its players who withdrew come back")
    await tournaments.tell("tournament", t.id)
    return JSONResponse(await tournaments.document(t, account.id))


async def start_tournament(request: Request) -> Response:
    """Its creator starts it now instead of at its time (the next sweep pairs the first round)."""
    refuse_cross_site(request)
    account = await required_account(request)
    await read_json(request, set())
    t = await _found(request)
    tournaments = _tournaments(request)
    if not await tournaments.online.run(tournaments.store.start_now, t.id, account.id, tournaments.online.now()):
        raise ApiError(409, "conflict", "only its creator starts a tournament, and only before it has started")
    return JSONResponse({"starting": True}, status_code=202)


async def leave_tournament(request: Request) -> Response:
    refuse_cross_site(request)
    account = await required_account(request)
    t = await _found(request)
    tournaments = _tournaments(request)
    if not await tournaments.online.run(tournaments.store.leave, t.id, account.id):
        raise ApiError(409, "conflict", "the tournament is over, or you do not play in it")
    await tournaments.tell("tournament", t.id)
    return JSONResponse(await tournaments.document(t, account.id))

"""The HTTP JSON API of docs/web-protocol.md: create games, list them, fetch a record, ask for a rematch.

Every refusal is `{"error": {"code", "message"}}` with a 4xx status; no field the API does not know passes.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import UTC
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...cards import SEAT_NAMES
from ...catalog import ENGLISH, languages
from ...players.levels import LEVELS
from ...session.timeline import walk
from ..games.admission import Asker
from ..games.starter import GameStarter, SeatTaken
from ..guards.security import hash_token, is_game_id, is_token
from ..sockets.rooms import Rooms
from ..sockets.table import FRIEND, Table
from ..storage import StoredGame, Summary
from ..workers.analyst import for_the_page
from .finished import FinishedGames, TooManyAtOnce
from .replay import replay_document
from .requests import ApiError, bad_request, read_json, seat_links

MAX_TOKENS = 200


async def account_names(request: Request, game_ids: list[str]) -> dict[str, dict[str, str | None]]:
    """The account names of the seats of games between accounts (online play installs the look-up)."""
    look_up = getattr(request.app.state, "game_names", None)
    found: dict[str, dict[str, str | None]] = await look_up(game_ids) if look_up is not None else {}
    return found


def named_players(players: dict[str, str], names: dict[str, str | None] | None) -> dict[str, str]:
    """The record's players with each account's name in place of "you"/"friend" (a level stays a level)."""
    return {seat: (names or {}).get(seat) or who for seat, who in players.items()}


def summary_document(summary: Summary, names: dict[str, str | None] | None = None) -> dict[str, Any]:
    return {
        "id": summary.id,
        "players": summary.players,
        "names": names,  # the accounts' names by seat in a game between accounts, else null
        "to_move": summary.to_move,
        "result": summary.result,
        "moves": summary.public_moves,
        "updated": summary.updated.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ"),
        "seat": summary.seat,
    }


def _rooms(request: Request) -> Rooms:
    rooms: Rooms = request.app.state.rooms
    return rooms


def _seat_choice(data: dict[str, Any]) -> str:
    seat = data.get("seat", "random")
    if seat not in ("A", "B", "random"):
        raise bad_request('seat must be "A", "B" or "random"')
    return str(seat)


async def create_game(request: Request) -> Response:
    data = await read_json(request, {"mode", "level", "seat"})
    mode = data.get("mode")
    if mode == "computer":
        level = data.get("level", "medium")
        if level not in LEVELS:
            raise bad_request(f"level must be one of {', '.join(LEVELS)}")
    elif mode == "friend":
        if "level" in data:
            raise bad_request("a game with a friend has no level")
        level = FRIEND
    else:
        raise bad_request('mode must be "computer" or "friend"')
    starter: GameStarter = request.app.state.starter
    link = await starter.with_link(Asker.of(request), str(mode), str(level), _seat_choice(data))
    return JSONResponse(seat_links(link), status_code=201)


async def my_games(request: Request) -> Response:
    data = await read_json(request, {"tokens"})
    tokens = data.get("tokens")
    if not isinstance(tokens, list) or len(tokens) > MAX_TOKENS:
        raise bad_request(f"tokens must be a list of at most {MAX_TOKENS} seat tokens")
    hashes = sorted({hash_token(t) for t in tokens if is_token(t)})
    rooms = _rooms(request)
    found = await rooms.database.run(rooms.database.store.summaries_for, hashes)
    names = await account_names(request, [s.id for s in found])
    return JSONResponse({"games": [summary_document(s, names.get(s.id)) for s in found]})


async def list_games(request: Request) -> Response:
    status = request.query_params.get("status", "live")
    if status not in ("live", "finished"):
        raise bad_request('status must be "live" or "finished"')
    try:
        limit = int(request.query_params.get("limit", "20"))
    except ValueError:
        raise bad_request("limit must be a whole number from 1 to 100") from None
    if not 1 <= limit <= 100:
        raise bad_request("limit must be a whole number from 1 to 100")
    rooms = _rooms(request)
    found = await rooms.database.run(rooms.database.store.summaries, status, limit)
    names = await account_names(request, [s.id for s in found])
    return JSONResponse({"games": [summary_document(s, names.get(s.id)) for s in found]})


async def _stored_game(request: Request) -> StoredGame:
    game_id = str(request.path_params["game_id"])
    rooms = _rooms(request)
    stored = await rooms.database.run(rooms.database.store.load, game_id) if is_game_id(game_id) else None
    if stored is None:
        raise ApiError(404, "not_found", "there is no such game")
    return stored


def _over(table: Table) -> Table:
    if not table.session.is_over:
        raise ApiError(409, "conflict", "the game is still running")
    return table


async def _finished_game(request: Request) -> tuple[str, StoredGame, Table]:
    stored = await _stored_game(request)
    return stored.id, stored, _over(Table.restore(stored))


async def _finished_answer(request: Request, key: tuple[str, ...], build: Callable[[StoredGame], Any]) -> bytes:
    """A finished game's record or replay: kept once built, built off the event loop (finished.py)."""
    finished: FinishedGames = request.app.state.finished
    client = request.client.host if request.client else "?"
    try:
        return await finished.get(key, client, lambda: _stored_game(request), build)
    except TooManyAtOnce as e:
        raise ApiError(429, "rate_limited", str(e), retry_after=1) from None


async def game_record(request: Request) -> Response:
    game_id = str(request.path_params["game_id"])
    names = (await account_names(request, [game_id])).get(game_id) if is_game_id(game_id) else None

    def build(stored: StoredGame) -> dict[str, Any]:
        record = _over(Table.restore(stored)).record()
        return {**record, "players": named_players(record["players"], names)}

    body = await _finished_answer(request, ("record", game_id), build)
    headers = {}
    if request.query_params.get("download") == "1":
        headers["Content-Disposition"] = f'attachment; filename="times-square-{game_id}.json"'
    return Response(body, media_type="application/json", headers=headers)


async def game_replay(request: Request) -> Response:
    """Every frame of a finished game for one seat (or a spectator), built by the core (replay.py)."""
    seat_name = request.query_params.get("seat", "spectator")
    if seat_name not in ("A", "B", "spectator"):
        raise bad_request('seat must be "A", "B" or "spectator"')
    lang = _lang(request)
    seat = None if seat_name == "spectator" else SEAT_NAMES.index(seat_name)
    game_id = str(request.path_params["game_id"])
    names = (await account_names(request, [game_id])).get(game_id) if is_game_id(game_id) else None

    def build(stored: StoredGame) -> dict[str, Any]:
        timeline = walk(stored.record())
        return {**replay_document(_over(Table.restore(stored, timeline)), timeline, seat, lang), "names": names}

    return Response(
        await _finished_answer(request, ("replay", game_id, seat_name, lang), build), media_type="application/json"
    )


async def game_analysis(request: Request) -> Response:
    """The expert's analysis of a finished game (players/analysis.py), or null while it is being made; `analyst`
    says whether this server analyses games at all (if not, a null will stay null)."""
    lang = _lang(request)
    stored = await _stored_game(request)
    if stored.result is None:
        raise ApiError(409, "conflict", "the game is still running")
    analysis = await _rooms(request).database.run(request.app.state.analyses.load, stored.id)
    analyst = request.app.state.settings.analysis_iterations > 0
    return JSONResponse({"analysis": for_the_page(analysis, stored.record(), lang), "analyst": analyst})


def _lang(request: Request) -> str:
    """The `lang` query parameter (English without one): one of the catalogs' languages."""
    lang = request.query_params.get("lang", ENGLISH)
    if lang not in languages():
        raise bad_request(f"lang must be one of {', '.join(languages())}")
    return lang


async def rematch(request: Request) -> Response:
    data = await read_json(request, {"token"})
    token = data.get("token")
    if not is_token(token):
        raise ApiError(403, "forbidden", "a rematch needs the token of a seat in this game")
    assert isinstance(token, str)
    game_id, stored, _ = await _finished_game(request)
    rooms = _rooms(request)
    old_seat = await rooms.database.run(rooms.database.store.seat_of, game_id, hash_token(token))
    if old_seat is None:
        raise ApiError(403, "forbidden", "this token holds no seat in this game")
    starter: GameStarter = request.app.state.starter
    try:
        link = await starter.rematch(Asker.of(request), stored, token, old_seat)
    except SeatTaken:
        raise ApiError(409, "conflict", "that seat of the rematch is taken") from None
    room = rooms.rooms.get(game_id)
    if room is not None and room.rematch != link.game_id:
        room.rematch = link.game_id
        room.broadcast()
    return JSONResponse(seat_links(link), status_code=201)

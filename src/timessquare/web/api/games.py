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
from ..guards.security import derive_token, hash_token, is_game_id, is_token, new_game_id, new_token
from ..sockets.rooms import Rooms
from ..sockets.table import FRIEND, YOU, Table
from ..storage import StoredGame, Summary
from ..workers.analyst import for_the_page
from .finished import FinishedGames, TooManyAtOnce
from .quotas import admit_computer_game, own_computer_game
from .replay import replay_document
from .requests import ApiError, bad_request, game_links, read_json

MAX_TOKENS = 200


def summary_document(summary: Summary) -> dict[str, Any]:
    return {
        "id": summary.id,
        "players": summary.players,
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
    request.app.state.quotas.check(request, "games")
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
    owner = admit_computer_game(request, None) if mode == "computer" else ()
    rooms = _rooms(request)
    table = Table.new(new_game_id(), str(mode), str(level), _seat_choice(data), request.app.state.rules)
    mine = next(seat for seat, name in table.session.seats.items() if name == YOU)
    token, invite = new_token(), (new_token() if mode == "friend" else None)
    seats = {mine: hash_token(token)}
    if invite is not None:
        seats[SEAT_NAMES[1 - SEAT_NAMES.index(mine)]] = hash_token(invite)
    new = table.stored_new(seats)
    await rooms.database.run(rooms.database.store.create, new, table.progress(), table.entries_since(0))
    if mode == "computer":
        own_computer_game(request, table.game_id, owner)
        rooms.add(table)  # if the computer moves first, it starts thinking now
    return JSONResponse(game_links(table.game_id, mine, token, invite), status_code=201)


async def my_games(request: Request) -> Response:
    data = await read_json(request, {"tokens"})
    tokens = data.get("tokens")
    if not isinstance(tokens, list) or len(tokens) > MAX_TOKENS:
        raise bad_request(f"tokens must be a list of at most {MAX_TOKENS} seat tokens")
    hashes = sorted({hash_token(t) for t in tokens if is_token(t)})
    rooms = _rooms(request)
    found = await rooms.database.run(rooms.database.store.summaries_for, hashes)
    return JSONResponse({"games": [summary_document(s) for s in found]})


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
    return JSONResponse({"games": [summary_document(s) for s in found]})


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
    body = await _finished_answer(request, ("record", game_id), lambda stored: _over(Table.restore(stored)).record())
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

    def build(stored: StoredGame) -> dict[str, Any]:
        timeline = walk(stored.record())
        return replay_document(_over(Table.restore(stored, timeline)), timeline, seat, lang)

    game_id = str(request.path_params["game_id"])
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
    request.app.state.quotas.check(request, "games")
    data = await read_json(request, {"token"})
    token = data.get("token")
    if not is_token(token):
        raise ApiError(403, "forbidden", "a rematch needs the token of a seat in this game")
    assert isinstance(token, str)
    game_id, stored, table = await _finished_game(request)
    rooms = _rooms(request)
    store = rooms.database.store
    old_seat = await rooms.database.run(store.seat_of, game_id, hash_token(token))
    if old_seat is None:
        raise ApiError(403, "forbidden", "this token holds no seat in this game")
    new_id = stored.rematch_id or new_game_id()
    new_seat = SEAT_NAMES[1 - SEAT_NAMES.index(old_seat)]  # seats swap
    new_token_ = derive_token(token, new_id)
    if stored.rematch_id is None:
        owner = admit_computer_game(request, None) if stored.mode == "computer" else ()
        players = {"A": stored.players["B"], "B": stored.players["A"]}
        fresh = Table.new(new_id, stored.mode, "", "A", table.session.rules, players=players)
        new = fresh.stored_new({}, rematch_of=game_id)
        kept = await rooms.database.run(store.create_rematch, game_id, new, fresh.progress())
        if kept == new_id and fresh.mode == "computer":
            own_computer_game(request, new_id, owner)
            rooms.add(fresh)
        new_id = kept
        new_token_ = derive_token(token, new_id)
    if not await rooms.database.run(store.add_seat, new_id, new_seat, hash_token(new_token_)):
        raise ApiError(409, "conflict", "that seat of the rematch is taken")
    room = rooms.rooms.get(game_id)
    if room is not None and room.rematch != new_id:
        room.rematch = new_id
        room.broadcast()
    return JSONResponse(game_links(new_id, new_seat, new_token_, None), status_code=201)

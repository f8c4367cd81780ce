"""The rematch of an online game keeps its terms (docs/web-protocol.md "Rematch"): the same accounts with
their seats swapped, rated as the first, at the same time control, hints off.

Between two accounts a rematch is an offer: the first seat's request is remembered (every `state` of the old
game says so in `online.rematch_offer`), and the other seat's request accepts it and starts the game, clock
and all, so no clock runs while one of them has not agreed. Against a computer level the game starts at
once. A game that is not online goes to the plain rematch of api/games.py.

(Issue 24 moves the making of every new game into one service; this module makes its games with the lobby's
pieces until then.)
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...cards import SEAT_NAMES
from ..api import games
from ..api.requests import ApiError, game_links, read_json
from ..guards.security import hash_token, is_game_id, is_token, new_game_id
from ..sockets.table import Table
from .clocks import Clock
from .service import Online
from .store import OnlineGame


def _other(seat: str) -> str:
    return SEAT_NAMES[1 - SEAT_NAMES.index(seat)]


async def rematch(request: Request) -> Response:
    """`POST /api/games/{id}/rematch` for every game: an online game's keeps its terms."""
    online: Online = request.app.state.online
    game_id = str(request.path_params["game_id"])
    game = await online.game(game_id) if is_game_id(game_id) else None
    if game is None:
        return await games.rematch(request)
    data = await read_json(request, {"token"})
    token = data.get("token")
    store = online.rooms.database.store
    seat = await online.run(store.seat_of, game_id, hash_token(str(token))) if is_token(token) else None
    account_id = None if seat is None else game.accounts[seat]
    if seat is None or account_id is None:
        raise ApiError(403, "forbidden", "a rematch needs the token of a seat in this game")
    stored = await online.run(store.load, game_id)
    if stored is None or stored.result is None:
        raise ApiError(409, "conflict", "the game is still running")
    new_seat = _other(seat)
    if stored.rematch_id is not None:  # accepted already: the caller's seat in it
        return await _links(online, stored.rematch_id, new_seat, account_id)
    if game.level is None and online.rematch_offers.get(game_id) != _other(seat):
        online.rematch_offers[game_id] = seat  # the other account's page shows it (state_extra)
        await _tell(online, game_id, None)
        return JSONResponse({"offered": True, "seat": seat}, status_code=202)
    swapped: dict[str, int | None] = {_other(s): i for s, i in game.accounts.items()}
    players = {"A": stored.players["B"], "B": stored.players["A"]}
    rules = Table.restore(stored).session.rules
    fresh = Table.new(new_game_id(), stored.mode, "", "A", rules, players=players)
    seats = {s: hash_token(await online.seat_token(fresh.game_id, s, i)) for s, i in swapped.items() if i is not None}
    new = fresh.stored_new(seats, rematch_of=game_id)
    kept = await online.run(store.create_rematch, game_id, new, fresh.progress())
    if kept == fresh.game_id:  # ours (another process may have made it meanwhile: then that one is kept)
        to_move = SEAT_NAMES[fresh.session.to_move or 0]
        clock = None if game.clock is None else Clock.start(game.clock.control, to_move, online.now())
        await online.add_game(OnlineGame(fresh.game_id, swapped, game.level, game.rated, clock, False))
        if game.level is not None:
            online.rooms.add(fresh)  # the computer may move first
    online.rematch_offers.pop(game_id, None)
    await _tell(online, game_id, kept)
    return await _links(online, kept, new_seat, account_id, status=201)


async def _links(online: Online, game_id: str, seat: str, account_id: int, status: int = 200) -> Response:
    token = await online.seat_token(game_id, seat, account_id)
    return JSONResponse(game_links(game_id, seat, token, None), status_code=status)


async def _tell(online: Online, game_id: str, rematch_id: str | None) -> None:
    """The old game's sockets hear of the offer, or of the rematch that started."""
    room = online.rooms.rooms.get(game_id)
    if room is None:
        return
    if rematch_id is not None:
        room.rematch = rematch_id
    room.broadcast()

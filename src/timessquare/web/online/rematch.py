"""The rematch of an online game keeps its terms (docs/web-protocol.md "Rematch"): the same accounts with
their seats swapped, rated as the first, at the same time control, hints off (games/starter.online_rematch).

Between two accounts a rematch is an offer: the first seat's request is remembered (every `state` of the old
game says so in `online.rematch_offer`), and the other seat's request accepts it and starts the game, clock
and all, so no clock runs while one of them has not agreed. Against a computer level the game starts at
once. A game that is not online goes to the plain rematch of api/games.py.
"""

from __future__ import annotations

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...cards import SEAT_NAMES
from ..api import games
from ..api.requests import ApiError, game_links, read_json
from ..games.admission import Asker
from ..guards.security import hash_token, is_game_id, is_token
from .service import Online


def _other(seat: str) -> str:
    return SEAT_NAMES[1 - SEAT_NAMES.index(seat)]


async def rematch(request: Request) -> Response:
    """`POST /api/games/{id}/rematch` for every game: an online game's keeps its terms."""
    online: Online = request.app.state.online
    game_id = str(request.path_params["game_id"])
    game = await online.games.game(game_id) if is_game_id(game_id) else None
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
    offers, new_seat = online.hooks.rematch_offers, _other(seat)
    if stored.rematch_id is not None:  # accepted already: the caller's seat in it
        return await _links(online, stored.rematch_id, new_seat, account_id)
    if game.level is None and offers.get(game_id) != _other(seat):
        offers[game_id] = seat  # the other account's page shows it (room_hooks.state_extra)
        _tell(online, game_id, None)
        return JSONResponse({"offered": True, "seat": seat}, status_code=202)
    kept = await online.starter.online_rematch(Asker.of(request, account_id), stored, game)
    offers.pop(game_id, None)
    _tell(online, game_id, kept)
    return await _links(online, kept, new_seat, account_id, status=201)


async def _links(online: Online, game_id: str, seat: str, account_id: int, status: int = 200) -> Response:
    token = await online.seat_tokens.of(game_id, seat, account_id)
    return JSONResponse(game_links(game_id, seat, token, None), status_code=status)


def _tell(online: Online, game_id: str, rematch_id: str | None) -> None:
    """The old game's sockets hear of the offer, or of the rematch that started."""
    room = online.rooms.rooms.get(game_id)
    if room is None:
        return
    if rematch_id is not None:
        room.rematch = rematch_id
    room.broadcast()

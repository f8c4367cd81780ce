"""The rematch of an online game keeps its terms (docs/web-protocol.md "Rematch"): the same accounts with
their seats swapped, rated as the first, at the same time control, hints off (games/starter.online_rematch).

Between two accounts a rematch is an offer: the first seat's request is stored (storage/offers.py; every
`state` of the old game says so in `online.rematch_offer`, on every server process: club_news.py), and the
other seat's request, on whichever process, accepts it and starts the game, clock and all, so no clock runs
while one of them has not agreed. The two requests meet in one transaction under the game's row lock, so two
asking at once start the game once. Against a computer level the game starts at once. A game that is not
online goes to the plain rematch of api/games.py.
"""

from __future__ import annotations

from datetime import UTC, datetime

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...cards import SEAT_NAMES
from ..api import games
from ..api.requests import ApiError, game_links, read_json
from ..games.admission import Asker
from ..guards.security import hash_token, is_game_id, is_token
from .club_hooks import REMATCH
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
    new_seat, wire = _other(seat), request.app.state.lobby_wire
    if stored.rematch_id is not None:  # accepted already: the caller's seat in it
        return await _links(online, stored.rematch_id, new_seat, account_id)
    if game.level is None:
        asked = await online.run(online.offers.offer, game_id, REMATCH, seat, 0, datetime.now(UTC))
        if asked != "agreed":  # the other account's page shows it, on every process (club_news.py)
            await wire.tell_everywhere("rematch_offer", game_id, seat)
            return JSONResponse({"offered": True, "seat": seat}, status_code=202)
    kept = await online.starter.online_rematch(Asker.of(request, account_id), stored, game)
    await wire.tell_everywhere("rematch", game_id, kept)
    return await _links(online, kept, new_seat, account_id, status=201)


async def _links(online: Online, game_id: str, seat: str, account_id: int, status: int = 200) -> Response:
    token = await online.seat_tokens.of(game_id, seat, account_id)
    return JSONResponse(game_links(game_id, seat, token, None), status_code=status)

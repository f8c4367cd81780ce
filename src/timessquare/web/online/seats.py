"""An account's seats: take the seat of an anonymous game into an account, and claim a real-time game that
the other player has left (docs/rules.md R11.4)."""

from __future__ import annotations

from datetime import timedelta

from starlette.requests import Request
from starlette.responses import JSONResponse, Response

from ...cards import SEAT_NAMES
from ...session.clock import Clock
from ..api.requests import ApiError, game_links, read_json
from ..guards.security import hash_token, is_game_id, is_token
from .guard import refuse_cross_site, required_account
from .service import LEFT_THE_GAME, Online
from .store import SeatTaken

LEAVER_GRACE = timedelta(seconds=60)  # a real-time player gone this long on his own turn can be claimed against


def _game_id(request: Request) -> str:
    game_id = str(request.path_params["game_id"])
    if not is_game_id(game_id):
        raise ApiError(404, "not_found", "there is no such game")
    return game_id


async def take_seat(request: Request) -> Response:
    """The seat a token holds becomes the account's: the old link stops working, the answer has the new one."""
    refuse_cross_site(request)
    account = await required_account(request)
    data = await read_json(request, {"token"})
    token, game_id = data.get("token"), _game_id(request)
    online: Online = request.app.state.online
    store = online.rooms.database.store
    seat = await online.run(store.seat_of, game_id, hash_token(str(token))) if is_token(token) else None
    if seat is None:
        raise ApiError(403, "forbidden", "this token holds no seat in this game")
    game = await online.games.game(game_id)
    if game is not None and game.accounts[seat] not in (None, account.id):
        raise ApiError(409, "conflict", "that seat belongs to another account")
    if game is not None and account.id in game.accounts.values() and game.accounts[seat] != account.id:
        raise ApiError(409, "conflict", "you hold the other seat of this game already")
    new_token = await online.seat_tokens.of(game_id, seat, account.id)
    try:
        await online.run(
            online.store.take_seat, game_id, seat, hash_token(str(token)), hash_token(new_token), account.id
        )
    except SeatTaken as e:
        raise ApiError(409, "conflict", str(e)) from None
    online.games.forget(game_id)
    await online.games.game(game_id)
    return JSONResponse(game_links(game_id, seat, new_token, None))


async def claim_leaver(request: Request) -> Response:
    """Win a real-time game whose other player has been away for the grace period on his own turn."""
    refuse_cross_site(request)
    account = await required_account(request)
    await read_json(request, set())
    game_id = _game_id(request)
    online: Online = request.app.state.online
    game = await online.games.game(game_id)
    mine = None if game is None else next((s for s, i in game.accounts.items() if i == account.id), None)
    if game is None or mine is None:
        raise ApiError(403, "forbidden", "you hold no seat in that game")
    room = await online.rooms.get(game_id)
    if room is None:
        raise ApiError(404, "not_found", "there is no such game")
    async with room.lock:
        game = await online.games.game(game_id)
        assert game is not None
        other = SEAT_NAMES.index("B" if mine == "A" else "A")
        clock = room.session.clock
        _check_claim(clock, room.session.to_move, other, {c.seat for c in room.connections})
        assert clock is not None
        away = await online.presence.away_since(game, SEAT_NAMES[other], clock.since)
        left_here = online.hooks.away_since(game_id, SEAT_NAMES[other])  # its last socket on this process left
        if left_here is not None:  # at that moment: later than any sighting the other processes wrote
            away = max(away, left_here)
        waited = online.now() - away
        if waited < LEAVER_GRACE:
            left = int((LEAVER_GRACE - waited).total_seconds()) + 1
            raise ApiError(409, "too_early", f"the other player may still come back: you can claim in {left} s")
        await room.change(lambda: room.session.forfeit(other, LEFT_THE_GAME))
    outcome = room.session.outcome
    return JSONResponse({"result": None if outcome is None else outcome.result})


def _check_claim(clock: Clock | None, to_move: int | None, other: int, present: set[int | None]) -> None:
    if to_move is None:
        raise ApiError(409, "game_over", "the game is over")
    if clock is None or clock.control.correspondence:
        raise ApiError(409, "conflict", "only a real-time game can be claimed: a correspondence turn has its days")
    if to_move != other:
        raise ApiError(409, "conflict", "it is your turn: only the player to move can be claimed against")
    if other in present:
        raise ApiError(409, "conflict", "the other player is still connected")

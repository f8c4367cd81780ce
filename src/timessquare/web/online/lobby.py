"""The lobby (docs/web-protocol.md, "Lobby"): open challenges with a time control, rated or casual; a challenge
to a named player; quick pairing; the computer levels; and the lobby socket that keeps the home page live.

A game between two accounts is an ordinary game of two people (mode "friend") with a row in `online_games`
(who sits where, rated or not, its clock), made with it in one write by web/games/starter.py. Each account's
seat token is derived (web/games/seat_tokens.py), so an account can open its game from any device; the
database keeps only the tokens' hashes, as for every game.
"""

from __future__ import annotations

import asyncio
import secrets
from datetime import UTC, datetime, timedelta
from typing import Any

from starlette.requests import Request
from starlette.responses import JSONResponse, Response
from starlette.websockets import WebSocket, WebSocketDisconnect

from ...players.levels import LEVELS
from ...session.clock import TimeControl
from ..api.requests import ApiError, bad_request, game_links, read_json, seat_links
from ..games.admission import Asker
from ..games.starter import SeatLink
from ..guards.limits import SocketCounts
from ..guards.security import is_game_id
from ..sockets.ws import admitted
from ..storage.store import now as store_now
from . import lobby_chat
from .accounts import current_account
from .club_news import started_message
from .guard import refuse_cross_site, required_account
from .lobby_listeners import LobbyListener
from .lobby_news import LobbyNews
from .lobby_wire import LobbyWire
from .names import is_name, name_key
from .ratings import LEVEL_RATINGS
from .service import Online
from .store import Account, Challenge
from .who_is_online import present

MAX_OPEN = 3  # open challenges (seeks included) per account
OFFERED = ("3+2", "5+3", "10+5", "15+10", "1d", "3d", "7d")  # the time controls the lobby offers
MISSED_WINDOW = timedelta(minutes=2)  # how far back a reopened lobby socket hears of games it missed
CLOCK_SLACK = timedelta(seconds=2)  # `at` came from one process's clock, the game's start from another's


def _online(request: Request | WebSocket) -> Online:
    online: Online = request.app.state.online
    return online


def _control(data: dict[str, Any]) -> TimeControl:
    try:
        return TimeControl.parse(data.get("control"))
    except ValueError as e:
        raise bad_request(str(e)) from None


def _rated(data: dict[str, Any]) -> bool:
    rated = data.get("rated", True)
    if not isinstance(rated, bool):
        raise bad_request("rated must be true or false")
    return rated


def computer_levels() -> list[dict[str, Any]]:
    return [{"level": level, "rating": round(LEVEL_RATINGS[level]), "bot": True} for level in LEVELS]


def lobby_document(
    challenges: list[Challenge], account: Account | None, here: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """What one visitor sees: open challenges (a challenge to a named player only by the two of them, a quick
    seek only by its owner), the computer levels, the time controls offered, who is online (who_is_online.py)."""
    me = None if account is None else account.name

    def visible(c: Challenge) -> bool:
        if c.quick:
            return c.account.name == me
        return c.target is None or me in (c.account.name, c.target)

    return {
        "challenges": [c.document() | {"quick": c.quick} for c in challenges if visible(c)],
        "computer": computer_levels(),
        "controls": list(OFFERED),
        "control_kinds": {name: TimeControl.parse(name).kind for name in OFFERED},  # the pages never guess it
        "present": here or [],
    }


async def lobby(request: Request) -> Response:
    online = _online(request)
    challenges = await online.run(online.store.challenges)
    return JSONResponse(lobby_document(challenges, await current_account(request), await present(online)))


async def tell_lobby_sockets(online: Online) -> None:
    """Every lobby socket gets the lobby again, as its account sees it."""
    if not online.lobby.listeners:
        return
    challenges = await online.run(online.store.challenges)
    here = await present(online)
    for listener in online.lobby:
        listener.send(lobby_message(challenges, listener.account, here))


def lobby_message(challenges: list[Challenge], account: Account | None, here: list[dict[str, Any]]) -> dict[str, Any]:
    """`lobby` on the socket: the lobby, and the server's time (`at`, ms) that a reconnecting page gives back as
    `since` to hear of the games it missed (`missed_starts`)."""
    return {"type": "lobby", **lobby_document(challenges, account, here), "at": int(store_now().timestamp() * 1000)}


async def missed_starts(socket: WebSocket, online: Online, listener: LobbyListener) -> None:
    """A socket opened again (`?since=` the `at` of the last `lobby` its page heard) gets `started` for each game
    of its account that started meanwhile: one that started while no socket of the page listened (between two
    sockets, or while it reconnected) is not lost. At most `MISSED_WINDOW` back; a page's first socket has no
    `since` and gets none."""
    since = socket.query_params.get("since", "")
    if listener.account is None or not since.isdigit() or len(since) > 15:
        return
    now = store_now()
    moment = max(datetime.fromtimestamp(int(since) / 1000, UTC) - CLOCK_SLACK, now - MISSED_WINDOW)
    if moment >= now:
        return
    who = listener.account.id
    for game_id, seat, tournament in await online.run(online.club.started_since, who, moment):
        listener.send(await started_message(online, game_id, seat, who, tournament))


def _changed(request: Request) -> None:
    """The lobby changed: its sockets are told soon, together with the changes around it (lobby_news.py)."""
    news: LobbyNews = request.app.state.lobby_news
    news.changed()


async def post_challenge(request: Request) -> Response:
    refuse_cross_site(request)
    account = await required_account(request)
    request.app.state.quotas.check(request, "lobby", account.id)
    if account.muted:
        raise ApiError(403, "muted", "this account may not post challenges on this server")
    data = await read_json(request, {"control", "rated", "to"})
    control, rated = _control(data), _rated(data)
    online = _online(request)
    target_id = None
    if data.get("to") is not None:
        to = data["to"]
        target = (
            await online.run(online.store.account_by_key, name_key(to)) if isinstance(to, str) and is_name(to) else None
        )
        if target is None:
            raise ApiError(404, "not_found", "there is no player of that name")
        if target.id == account.id:
            raise bad_request("you cannot challenge yourself")
        target_id = target.id
    challenge = await _add(online, account, target_id, control, rated, quick=False)
    _changed(request)
    return JSONResponse({"challenge": challenge}, status_code=201)


async def _add(
    online: Online, account: Account, target_id: int | None, control: TimeControl, rated: bool, quick: bool
) -> dict[str, Any]:
    challenge_id = secrets.token_urlsafe(8)
    added = await online.run(
        online.store.add_challenge,
        challenge_id,
        account.id,
        target_id,
        control.name,
        rated,
        quick,
        online.now(),
        MAX_OPEN,
    )
    if not added:
        raise ApiError(409, "conflict", f"you have {MAX_OPEN} open challenges already: cancel one first")
    return {"id": challenge_id, "control": control.name, "rated": rated, "quick": quick}


def _challenge(challenges: list[Challenge], challenge_id: str) -> Challenge:
    found = next((c for c in challenges if c.id == challenge_id), None)
    if found is None:
        raise ApiError(404, "not_found", "that challenge is gone (taken or cancelled)")
    return found


async def cancel_challenge(request: Request) -> Response:
    """`DELETE /api/lobby/{id}`: its author cancels it, or the player it is addressed to declines it."""
    refuse_cross_site(request)
    account = await required_account(request)
    request.app.state.quotas.check(request, "lobby", account.id)
    online = _online(request)
    challenge = _challenge(await online.run(online.store.challenges), str(request.path_params["challenge_id"]))
    if account.id != challenge.account.id and account.name != challenge.target:
        raise ApiError(403, "forbidden", "only its author cancels a challenge, and the player it is for declines it")
    await online.run(online.store.take_challenge, challenge.id)
    _changed(request)
    return Response(status_code=204)


async def accept_challenge(request: Request) -> Response:
    refuse_cross_site(request)
    account = await required_account(request)
    request.app.state.quotas.check(request, "lobby", account.id)
    online = _online(request)
    challenge = _challenge(await online.run(online.store.challenges), str(request.path_params["challenge_id"]))
    if challenge.account.id == account.id:
        raise bad_request("you cannot accept your own challenge")
    if challenge.target is not None and challenge.target != account.name:
        raise ApiError(403, "forbidden", "this challenge is for another player")
    return await _start(request, online, challenge, account)


async def _start(request: Request, online: Online, challenge: Challenge, account: Account) -> Response:
    """The game of a challenge taken by `account`, with its clock (404 if someone else took it first)."""
    by = challenge.account.id
    links = await _start_game(request, online, by, account, challenge.id, challenge.control, challenge.rated)
    if links is None:
        raise ApiError(404, "not_found", "that challenge is gone (taken or cancelled)")
    return JSONResponse(seat_links(links[account.id]), status_code=201)


async def _start_game(
    request: Request, online: Online, by: int, account: Account, challenge_id: str, control: str, rated: bool
) -> dict[int, SeatLink] | None:
    """The game of a challenge or seek of `by` taken by `account`; its author hears of it on its lobby sockets
    on every process (club_news.py `started`). None: the challenge was gone."""
    asker = Asker.of(request, account.id)
    links = await online.starter.for_accounts(asker, by, TimeControl.parse(control), rated, challenge_id)
    if links is None:
        return None
    wire: LobbyWire = request.app.state.lobby_wire
    await wire.tell_everywhere("started", links[by].game_id, links[by].seat, by)
    _changed(request)
    return links


async def quick_pairing(request: Request) -> Response:
    """Wait for an opponent at a time control: the oldest other seek of the same control and kind is taken at
    once (201, the game); else a seek is left (202), and the game comes over the lobby socket. The look and the
    new seek are one transaction under a lock row every server process takes (club_store.seek), so two who
    ask at once, on one process or two, meet instead of both waiting; a seek is taken by one game only (the
    game's write takes it: games/starter.py)."""
    refuse_cross_site(request)
    account = await required_account(request)
    request.app.state.quotas.check(request, "lobby", account.id)
    if account.muted:
        raise ApiError(403, "muted", "this account may not post challenges on this server")
    data = await read_json(request, {"control", "rated"})
    control, rated = _control(data), _rated(data)
    online = _online(request)
    taken: list[str] = []
    while True:
        seek = await online.run(
            online.club.seek, secrets.token_urlsafe(8), account.id, control.name, rated, online.now(), MAX_OPEN, taken
        )
        if seek.full:
            raise ApiError(409, "conflict", f"you have {MAX_OPEN} open challenges already: cancel one first")
        if seek.found is None:
            _changed(request)
            return JSONResponse(
                {"waiting": {"id": seek.waiting, "control": control.name, "rated": rated, "quick": True}},
                status_code=202,
            )
        assert seek.found_by is not None
        links = await _start_game(request, online, seek.found_by, account, seek.found, control.name, rated)
        if links is not None:
            return JSONResponse(seat_links(links[account.id]), status_code=201)
        taken.append(seek.found)  # cancelled or taken meanwhile: look again


async def play_computer(request: Request) -> Response:
    """A game against a computer level from the lobby, rated for the account (ratings.py says why)."""
    refuse_cross_site(request)
    account = await required_account(request)
    data = await read_json(request, {"level", "rated"})
    level, rated = data.get("level"), _rated(data)
    if level not in LEVELS:
        raise bad_request(f"level must be one of {', '.join(LEVELS)}")
    link = await _online(request).starter.against_computer(Asker.of(request, account.id), str(level), rated)
    return JSONResponse(seat_links(link), status_code=201)


async def my_seat(request: Request) -> Response:
    """The logged-in account's seat of an online game, with its token (for another device); `{"seat": null}`
    when nobody is logged in or the account holds no seat there (the game page asks on every visit)."""
    account = await current_account(request)
    online = _online(request)
    game_id = str(request.path_params["game_id"])
    game = await online.games.game(game_id) if is_game_id(game_id) and account is not None else None
    seat = None if game is None else next((s for s, i in game.accounts.items() if account and i == account.id), None)
    if seat is None or account is None:
        return JSONResponse({"seat": None})
    return JSONResponse(game_links(game_id, seat, await online.seat_tokens.of(game_id, seat, account.id), None))


async def lobby_socket(socket: WebSocket) -> None:
    """`/ws/lobby`: the lobby as it changes (`lobby` messages) and, to an account, its new games (`started`).
    A socket from another site's page never gets here (web/guards/origin.py refuses it)."""
    counts: SocketCounts = socket.app.state.socket_counts
    address = socket.client.host if socket.client else "?"
    if not await admitted(socket, counts, address):
        return
    counts.joined(address)  # a lobby socket has nothing to join: it counts as joined at once
    try:
        await _serve_lobby(socket)
    finally:
        counts.closed(address, joined=True)


async def _serve_lobby(socket: WebSocket) -> None:
    await socket.accept()
    online = _online(socket)
    listener = LobbyListener(socket, account=await current_account(socket))
    pump = asyncio.create_task(listener.pump(), name="lobby writer")
    online.lobby.add(listener)
    chat = socket.app.state.chat
    try:  # from here on the listener is let go whatever happens (a socket gone while we wait included)
        # One more account online: every lobby socket of every process is told, this one included; else this
        # one alone gets the lobby.
        if listener.account is None or not await online.here.update():
            challenges = await online.run(online.store.challenges)
            listener.send(lobby_message(challenges, listener.account, await present(online)))
        await missed_starts(socket, online, listener)
        said = await lobby_chat.history(chat)
        if said["messages"]:  # as in a game: nothing when nobody has spoken
            listener.send(said)
        while True:
            frame = await socket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            if not listener.bucket.allow():
                break
            answer = await lobby_chat.handle(online, chat, listener, frame.get("text"))
            if answer is None:
                listener.send({"type": "pong"})  # not a chat message: a keep-alive
            elif answer:
                listener.send(answer)
    except WebSocketDisconnect:
        pass
    finally:
        online.lobby.discard(listener)
        listener.close()
        if not pump.done():
            pump.cancel()
        if listener.account is not None:  # gone (its last socket anywhere here): the others' lists say so
            online.here.changed()

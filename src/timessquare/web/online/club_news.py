"""What each piece of club news does on a server process (lobby_wire.py carries it between processes): every
process tells its own sockets, from the database, the same way whichever process the news came from.

- `started GAME SEAT ACCOUNT [TOURNAMENT]`: the account's lobby sockets get the game (`started`, its seat link);
- `chat ID`: a chat line, to the lobby's sockets or to a game's players;
- `offer GAME KIND SEAT`, `declined GAME KIND SEAT`: a draw offer made or turned down, to the game's players;
- `rematch_offer GAME SEAT`, `rematch GAME NEW`: a rematch asked for, or started: the old game's sockets;
- `moderated ACCOUNT`: the operator banned or muted it (`timessquare admin`): a banned account's sockets close;
- `tournament ID`: a tournament changed (a round started, a game ended): every lobby socket hears it, and the
  tournament's page reads it again.
"""

from __future__ import annotations

from typing import Any

from ...cards import SEAT_NAMES
from ..api.requests import game_links
from ..sockets import messages
from ..sockets.chat import Chat
from ..sockets.chat import tell_players as tell_game_chat
from ..sockets.messages import ProtocolError
from ..sockets.offers import Offers, declined_message, offer_message, tell_players
from ..sockets.rooms import Room
from . import lobby_chat
from .lobby_news import LobbyNews
from .lobby_wire import LobbyWire
from .service import Online
from .store import BANNED

CLOSE_POLICY = 1008  # a banned account's socket: the page says why and does not come back


async def started_message(online: Online, game_id: str, seat: str, who: int, tournament: str | None) -> dict[str, Any]:
    """`started`: the account's seat link of a game that started for it (docs/web-protocol.md "The lobby socket")."""
    token = await online.seat_tokens.of(game_id, seat, who)
    extra = {} if tournament is None else {"tournament": tournament}
    return {"type": "started", **game_links(game_id, seat, token, None), **extra}


def install(online: Online, wire: LobbyWire, news: LobbyNews, chat: Chat, offers: Offers) -> None:
    async def started(game_id: str, seat: str, account_id: str, tournament: str | None = None) -> None:
        if not account_id.isdigit() or seat not in SEAT_NAMES:
            return
        who = int(account_id)
        if not any(listener.account_id == who for listener in online.lobby):
            return
        online.lobby.tell(await started_message(online, game_id, seat, who, tournament), {who})

    async def chat_line(line_id: str) -> None:
        found = await online.run(chat.store.line, int(line_id)) if line_id.isdigit() else None
        if found is None:
            return
        game_id, line = found
        if game_id is None:
            lobby_chat.tell(online, line.message())
            return
        room = online.rooms.rooms.get(game_id)
        if room is not None:
            tell_game_chat(room, line.message())

    def room_of(game_id: str) -> Room | None:
        return online.rooms.rooms.get(game_id)

    async def offer(game_id: str, kind: str, seat: str) -> None:
        room = room_of(game_id)
        if room is not None and seat in SEAT_NAMES:
            tell_players(room, offer_message(kind, seat))

    async def declined(game_id: str, kind: str, seat: str) -> None:
        room = room_of(game_id)
        if room is not None and seat in SEAT_NAMES:
            tell_players(room, declined_message(kind, seat))

    async def rematch_offer(game_id: str, seat: str) -> None:
        if seat in SEAT_NAMES:
            online.hooks.rematch_offers[game_id] = seat  # the old game's states say so (room_hooks.state_extra)
        room = room_of(game_id)
        if room is not None:
            room.broadcast()

    async def rematch(game_id: str, rematch_id: str) -> None:
        online.hooks.rematch_offers.pop(game_id, None)
        room = room_of(game_id)
        if room is not None:
            room.rematch = rematch_id
            room.broadcast()

    async def moderated(account_id: str) -> None:
        if account_id.isdigit():
            flags = await online.run(online.club.flags, [int(account_id)])
            if flags.get(int(account_id), (False, False))[0]:
                close_sockets(online, {int(account_id)})
        news.changed(publish=False)  # its challenges went

    async def tournament(tournament_id: str) -> None:
        online.lobby.tell({"type": "tournament", "id": tournament_id})

    for kind, handler in (
        ("started", started),
        ("chat", chat_line),
        ("offer", offer),
        ("declined", declined),
        ("rematch_offer", rematch_offer),
        ("rematch", rematch),
        ("moderated", moderated),
        ("tournament", tournament),
    ):
        wire.on(kind, handler)

    async def told_chat(line_id: int) -> None:
        await wire.publish("chat", line_id)

    async def speaker(room: Room, seat: str) -> int | None:
        game = await online.games.game(room.id)
        account_id = None if game is None else game.accounts.get(seat)
        if account_id is not None:
            refusal = await lobby_chat.muted(online, account_id)
            if refusal is not None:
                raise ProtocolError("muted", str(refusal["message"]))
        return account_id

    async def banned_here(account_ids: set[int]) -> None:
        close_sockets(online, account_ids)

    async def may_abort(room: Room) -> str | None:
        return await online.hooks.no_abort(room.id)

    chat.told = told_chat
    chat.speaker = speaker
    offers.may_abort = may_abort
    offers.told = wire.publish
    online.here.told = news.changed
    online.here.flagged = banned_here


def close_sockets(online: Online, account_ids: set[int]) -> None:
    """Close every socket of these accounts on this process: their lobby sockets and their seats' game sockets."""
    gone = messages.error("forbidden", BANNED)
    for listener in online.lobby:
        if listener.account_id in account_ids:
            listener.send(gone)
            listener.close(CLOSE_POLICY)
    for room in list(online.rooms.rooms.values()):
        game = online.games.known(room.id)
        if game is None:
            continue
        for connection in list(room.connections):
            if connection.seat is not None and game.accounts.get(SEAT_NAMES[connection.seat]) in account_ids:
                connection.send(gone)
                connection.close(CLOSE_POLICY)

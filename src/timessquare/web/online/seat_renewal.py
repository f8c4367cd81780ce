"""Seat tokens end with the password that made them: after a password change or the account's deletion, each
seat the account holds in a running game gets a new token (derived from the new password hash; after a
deletion one that nobody holds), and the sockets that joined with the old one are closed. The pages of the
account's other devices then cannot act in its games until they log in again and fetch the new token."""

from __future__ import annotations

from ...cards import SEAT_NAMES
from ..guards.security import hash_token, new_token
from .service import Online

CLOSE_SEAT_GONE = 4403  # the page's reconnect then shows that its link no longer holds the seat


async def new_seat_tokens(online: Online, account_id: int) -> None:
    account = (await online.run(online.store.accounts_by_id, [account_id])).get(account_id)
    for game_id, seat in await online.run(online.store.open_seats_of, account_id):
        gone = account is None or account.deleted
        token = new_token() if gone else await online.seat_tokens.of(game_id, seat, account_id)
        await online.run(online.store.set_seat_hash, game_id, seat, hash_token(token))
        room = online.rooms.rooms.get(game_id)
        for connection in list(room.connections) if room is not None else ():
            if connection.seat == SEAT_NAMES.index(seat):
                connection.close(CLOSE_SEAT_GONE)

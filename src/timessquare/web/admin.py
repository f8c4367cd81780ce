"""`timessquare admin`: the operator's commands on a server's database (docs/web.md, "Running it for the
public"). They act on the database directly, so they work while the server runs: a ban ends the account's
sessions at its next request, a new password its seat tokens at the next join.

    timessquare admin ban NAME | unban NAME | mute NAME | unmute NAME   # told to every running process
    timessquare admin reports [N]           # the N latest chat reports (50), newest first
    timessquare admin cheater NAME          # its rated games leave the ratings; every rating is computed again
    timessquare admin uncheater NAME
    timessquare admin reset-password NAME   # prints a new random password for the owner
    timessquare admin accounts ADDRESS      # the accounts that signed up or are logged in from an address
"""

from __future__ import annotations

from .online.accounts import HASHER
from .online.moderation import Moderation
from .storage import make_engine, migrate

FLAG_OF = {"ban": "banned", "mute": "muted", "cheater": "cheater"}


def run_admin(database_url: str, action: str, target: str) -> tuple[int, str]:
    """The exit status and what to print."""
    engine = make_engine(database_url)
    try:
        migrate(engine)
        moderation = Moderation(engine)
        try:
            return _act(moderation, action, target)
        finally:
            moderation.close()
    finally:
        engine.dispose()


def _act(moderation: Moderation, action: str, target: str) -> tuple[int, str]:
    if action == "reports":
        return _reports(moderation, target)
    if action == "accounts":
        seen = moderation.accounts_from(target)
        lines = [
            f"{s.name}\t{'signed up here' if s.signed_up_here else ''}\t"
            f"{s.last_login.strftime('%Y-%m-%d %H:%M') if s.last_login else ''}".rstrip()
            for s in seen
        ]
        return 0, "\n".join(lines) if lines else f"no account signed up or is logged in from {target}"
    account = moderation.account(target)
    if account is None:
        return 1, f"there is no account named {target!r}"
    if action == "reset-password":
        return 0, f"the new password of {account.name}: {moderation.reset_password(account, HASHER)}"
    undo = action.startswith("un")
    flag = FLAG_OF[action[2:] if undo else action]
    moderation.set_flag(account, flag, not undo)
    return 0, f"{account.name}: {flag} {'off' if undo else 'on'}"


def _reports(moderation: Moderation, count: str) -> tuple[int, str]:
    """One line per report: when, where (the lobby or a game), who said it, who filed it, what was said."""
    if count and not (count.isdigit() and 1 <= int(count) <= 1000):
        return 2, "reports: give how many, from 1 to 1000"
    rows = moderation.reports(int(count) if count else 50)
    lines = []
    for row in rows:
        where = "lobby" if row["game_id"] is None else f"game {row['game_id']}"
        said_by = row["name"] or (f"seat {row['seat']}" if row["seat"] else "?")
        filed_by = row["by_name"] or (f"seat {row['by_seat']}" if row["by_seat"] else "?")
        at = row["at"].strftime("%Y-%m-%d %H:%M")
        text = " ".join(str(row["text"]).split())  # one line each, whatever was typed
        lines.append(f"{at}\t{where}\t{said_by}\t(reported by {filed_by})\t{text}")
    return 0, "\n".join(lines) if lines else "no chat message has been reported"

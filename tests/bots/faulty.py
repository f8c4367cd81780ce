"""An outside player that breaks the player protocol in one way, chosen by its argument (for forfeit tests).

Modes: `timeout` (never answers an act), `crash` (exits with status 3 at the first act), `garbage` (answers
an act with a line that is not JSON), `nested` (JSON nested 100,000 deep), `wrong-protocol` (says hello in
another protocol version), `illegal` (answers with a valid action that is not legal), `invalid` (an action
that is not in the notation), `silent` (never says hello), `chatty` (plays the first legal action, but sends
blank lines and unknown message types first: a correct player), `linger` (plays correctly but does not exit
after the result).
A second argument, a file name, makes it write its process id there first (tests check it was ended).
"""

import json
import os
import sys
import time

PROTOCOL = "times-square/player/1"


def say(message: object) -> None:
    print(json.dumps(message), flush=True)


def main() -> int:
    mode = sys.argv[1]
    if len(sys.argv) > 2:
        with open(sys.argv[2], "w", encoding="utf-8") as pid_file:
            pid_file.write(str(os.getpid()))
    for line in sys.stdin:
        if not line.strip():
            continue
        message = json.loads(line)
        kind = message["type"]
        if kind == "hello":
            if mode == "silent":
                time.sleep(60)
            protocol = "times-square/player/2" if mode == "wrong-protocol" else PROTOCOL
            say({"type": "hello", "protocol": protocol, "name": f"faulty-{mode}"})
        elif kind == "act":
            legal = message["legal"]
            if mode == "timeout":
                time.sleep(60)
            elif mode == "crash":
                print("boom: this bot crashes on purpose", file=sys.stderr, flush=True)
                return 3
            elif mode == "garbage":
                print("I think I will play S sue+1", flush=True)
            elif mode == "nested":
                print("[" * 100_000 + "]" * 100_000, flush=True)  # JSON too deep for a recursive parser
            elif mode == "illegal":
                every = ["end", "S sue+1", "discard S"]  # `end` opens no turn (R5.4); green and trade exclude
                say({"type": "action", "action": next(a for a in every if a not in legal)})
            elif mode == "invalid":
                say({"type": "action", "action": "lure deb"})
            else:
                if mode == "chatty":
                    print("", flush=True)
                    say({"type": "info", "text": "thinking"})
                    print("   ", flush=True)
                say({"type": "action", "action": legal[0]})
        elif kind == "result":
            if mode == "linger":
                time.sleep(60)
            return 0
    return 0


if __name__ == "__main__":
    sys.exit(main())

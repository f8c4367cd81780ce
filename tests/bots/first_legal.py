"""A minimal outside player (the player protocol of FORMATS.md): it plays the first legal action.

Standard library only and independent of the timessquare package, like any outside program.
`--log FILE` appends every line received from the host, as is, to FILE (tests read it for leaks).
"""

import json
import os
import sys

PROTOCOL = "times-square/player/1"


def main() -> int:
    log_name = sys.argv[2] if sys.argv[1:2] == ["--log"] else os.devnull
    with open(log_name, "a", encoding="utf-8") as log:
        for line in sys.stdin:
            log.write(line)
            log.flush()
            if not line.strip():
                continue
            message = json.loads(line)
            if message["type"] == "hello":
                answer = {"type": "hello", "protocol": PROTOCOL, "name": "first-legal"}
            elif message["type"] == "act":
                answer = {"type": "action", "action": message["legal"][0]}
            elif message["type"] == "result":
                return 0
            else:
                continue  # a message type this player does not know
            print(json.dumps(answer), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())

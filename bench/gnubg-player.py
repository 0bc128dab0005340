# Runs inside `gnubg -t -q -p bench/gnubg-player.py` with GNUBG_PLIES (default 0) in the
# environment (gnubg passes a script no arguments): answers one JSON request per stdin line,
# {"me": [25 ints], "opp": [25 ints], "dice": [a, b]} (points 1..24 then the bar, each side in
# its own numbering, "me" on roll), with gnubg's best move at the given plies, cubeless:
# a line "@@[from, to, from, to, ...]" (1-based; 25 = bar, 0 = off). Other output is noise.
import json
import os
import sys

import gnubg

plies = int(os.environ.get("GNUBG_PLIES", "0"))
gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set jacoby off")
gnubg.command("new game")
cube = gnubg.cubeinfo()
# Deeper looks prune with gnubg's pruning nets, as its own play at those plies does.
context = {
    "cubeful": 0,
    "plies": plies,
    "deterministic": 1,
    "prune": int(plies > 0),
    "noise": 0.0,
}
print("@@ready", flush=True)
for line in sys.stdin:
    req = json.loads(line)
    gnubg.command("set dice %d %d" % (req["dice"][0], req["dice"][1]))
    move = gnubg.findbestmove((req["opp"], req["me"]), cube, context)
    print("@@" + json.dumps(list(move)), flush=True)

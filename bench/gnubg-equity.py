# Runs inside `gnubg -t -q -p bench/gnubg-equity.py`: for each stdin line {"after": [ids]}
# (GNU Backgammon Position IDs of the positions a roll's plays lead to, the mover still on
# roll, as in bench/testkit/fixtures/gnubg), prints one line "@@[...]": per position, the mover's
# outcome chances [win, winG, winBG, loseG, loseBG] and cubeless money equity at 0-ply, read
# with the opponent on roll as gnubg does when it ranks moves. Other output is noise.
import json
import sys

import gnubg

gnubg.command("set jacoby off")
gnubg.command("new game")
cube = gnubg.cubeinfo()
context = {"cubeful": 0, "plies": 0, "deterministic": 1, "prune": 0, "noise": 0.0}
print("@@ready", flush=True)
for line in sys.stdin:
    out = []
    for pid in json.loads(line)["after"]:
        opp, mover = gnubg.positionfromid(pid)
        w, wg, wbg, lg, lbg, eq = gnubg.evaluate((mover, opp), cube, context)
        # The opponent is on roll: its chances, seen from the mover's side.
        out.append([round(1 - w, 6), round(lg, 6), round(lbg, 6), round(wg, 6), round(wbg, 6), round(-eq, 6)])
    print("@@" + json.dumps(out), flush=True)

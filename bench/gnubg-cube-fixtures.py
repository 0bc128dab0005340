# Runs inside `gnubg -t -q -p bench/gnubg-cube-fixtures.py` with CUBE_FIXTURES="OUT SEED COUNT
# KIND" in the environment (gnubg passes no arguments to a script): cube-decision positions
# with GNU Backgammon's cubeful equities, one JSON object per line in OUT.
#
# Positions come from games gnubg plays against itself at 0-ply (with a little of its
# deterministic noise, so the games differ), dice from Python's random seeded with SEED. Every
# position before a roll is screened at 0-ply, then evaluated at 2-ply (prune on) and kept when
# the decision is live: no double and double are within LIVE of each other, or take and pass
# are (and doubling is not far off). Stops after COUNT positions.
#
# KIND "money": money game, centred cube, no Jacoby, no beavers. KIND "match": a match to 7 at
# a score drawn from the seeded stream (a side 6-away... 1-away is post-Crawford), the cube
# centred or, before Crawford, the roller's at 2.
#
# Each line: {"id": gnubg Position ID (side on roll second, as in gnubg), "cube": value,
# "owner": "me"|null, "match": null or {"to","me","opp","crawford"}, "nd", "dt", "dp": 2-ply
# cubeful equities (normalised to the cube, the side on roll's view), "nd0", "dt0", "dp0":
# the same at 0-ply, "p": 2-ply cubeless win, win gammon, win bg, lose gammon, lose bg}.
import json
import os
import random

import gnubg

out_path, seed, count, kind = os.environ["CUBE_FIXTURES"].split()
seed, count = int(seed), int(count)
LIVE = 0.1
SCREEN = 0.25

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set jacoby off")
gnubg.command("set beavers 0")
rng = random.Random(seed)
play_ctx = gnubg.evalcontext(0, 0, 1, 0, 0.02)
screen_ctx = gnubg.evalcontext(1, 0, 1, 1, 0.0)
deep_ctx = gnubg.evalcontext(1, 2, 1, 1, 0.0)
gnubg.command("new game")
money = gnubg.cubeinfo(1, -1, 0, 0, (0, 0), 0, 0)


def start():
    s = [0] * 25
    s[5], s[7], s[12], s[23] = 5, 3, 5, 2
    return s


def apply_move(me, opp, move):
    """gnubg's from/to pairs (1-based, 25 bar, 0 off) in the mover's numbering, hitting blots."""
    me, opp = me[:], opp[:]
    for i in range(0, len(move), 2):
        frm, to = move[i], max(0, move[i + 1])
        if frm <= 0:
            break
        me[frm - 1] -= 1
        if to > 0:
            me[to - 1] += 1
            if opp[24 - to] == 1:
                opp[24 - to] = 0
                opp[24] += 1
    return me, opp


def live(nd, dt, dp):
    double = min(dt, dp)
    return abs(nd - double) < LIVE or (abs(dt - dp) < LIVE and double > nd - 3 * LIVE)


def cube_state():
    """(cubeinfo, record fields) for the side on roll."""
    if kind == "money":
        return money, {"cube": 1, "owner": None, "match": None}
    to = 7
    # A side at 6 is post-Crawford here (the Crawford game itself has no cube).
    a, b = rng.randrange(to), rng.randrange(to)
    owner = None
    value = 1
    if rng.random() < 0.3 and not (a == to - 1 or b == to - 1):
        owner, value = "me", 2
    ci = gnubg.cubeinfo(value, 0 if owner else -1, 0, to, (a, b), 0, 0)
    return ci, {"cube": value, "owner": owner, "match": {"to": to, "me": a, "opp": b, "crawford": False}}


def examine(board, pid):
    """The position's record when its cube decision is live, else None."""
    ci, fields = cube_state()
    nd0, dt0, dp0 = gnubg.cfevaluate(board, ci, screen_ctx)[1:4]
    if abs(nd0 - min(dt0, dp0)) >= SCREEN and abs(dt0 - dp0) >= SCREEN:
        return None
    nd, dt, dp = gnubg.cfevaluate(board, ci, deep_ctx)[1:4]
    if not live(nd, dt, dp):
        return None
    p = gnubg.evaluate(board, ci, deep_ctx)[:5]
    r = lambda x: round(x, 5)
    return {"id": pid, **fields, "nd": r(nd), "dt": r(dt), "dp": r(dp),
            "nd0": r(nd0), "dt0": r(dt0), "dp0": r(dp0), "p": [r(x) for x in p]}


seen = set()
kept = 0
with open(out_path, "w") as out:
    while kept < count:
        me, opp = start(), start()
        for turn in range(400):
            if sum(me) == 0 or sum(opp) == 0 or kept >= count:
                break
            board = (opp, me)
            pid = gnubg.positionid(board)
            if turn > 0 and pid not in seen:
                rec = examine(board, pid)
                if rec:
                    seen.add(pid)
                    out.write(json.dumps(rec) + "\n")
                    kept += 1
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            while turn == 0 and d1 == d2:
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            gnubg.command("set dice %d %d" % (d1, d2))
            move = gnubg.findbestmove(board, money, play_ctx)
            me, opp = apply_move(me, opp, list(move))
            me, opp = opp, me
print("@@done %d" % kept, flush=True)

# Runs inside `gnubg -t -q -p tools/train/gnubg-labels.py` with GNUBG_LABELS="OUT SEED COUNT
# PLIES [RANDOM]" in the environment (gnubg passes no arguments to a script): short-nardy training
# positions labelled with GNU Backgammon's cubeless evaluation, one line each in OUT:
#   <Position ID> <win> <win gammon> <win bg> <lose gammon> <lose bg>
# The Position ID is gnubg's, with the other side on roll; the chances are those of the side
# that just moved (gnubg's evaluation of the play), so a line reads as the evaluator's input
# and target.
#
# Every legal play of every turn is a line (gnubg's `hint` evaluates them all at once, and the
# plays a strong player would not choose teach the ranking too). The games are gnubg's own at
# 0-ply, except that one turn in eight plays a random one of its five best; with RANDOM, that
# share of turns plays any legal play at random instead (1: random games, whose odd positions
# a net learns only from positions like them). Dice and choices from Python's random seeded
# with SEED. Stops after COUNT distinct positions.
import os
import random

import gnubg

args = os.environ["GNUBG_LABELS"].split()
out_path, seed, count, plies = args[0], int(args[1]), int(args[2]), int(args[3])
random_share = float(args[4]) if len(args) > 4 else 0.0

gnubg.command("set player 0 human")
gnubg.command("set player 1 human")
gnubg.command("set jacoby off")
gnubg.command("set evaluation chequerplay evaluation plies %d" % plies)
gnubg.command("set evaluation chequerplay evaluation prune off")
gnubg.command("new game")
rng = random.Random(seed)


def start():
    s = [0] * 25
    s[5], s[7], s[12], s[23] = 5, 3, 5, 2
    return s


def apply_move(me, opp, move):
    """gnubg's from/to pairs (1-based, 25 bar, 0 off) in the mover's numbering, hitting blots."""
    me, opp = me[:], opp[:]
    for frm, to in move:
        to = max(0, to)
        me[frm - 1] -= 1
        if to > 0:
            me[to - 1] += 1
            if opp[24 - to] == 1:
                opp[24 - to] = 0
                opp[24] += 1
    return me, opp


def hints():
    """gnubg's evaluation of every play of the set position and dice; none when it must pass."""
    try:
        return gnubg.hint(1000)["hint"]
    except Exception:
        return []


seen = set()
with open(out_path, "w") as out:
    while len(seen) < count:
        me, opp = start(), start()
        for turn in range(400):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            while turn == 0 and d1 == d2:
                d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            gnubg.command("set board %s" % gnubg.positionid((opp, me)))
            gnubg.command("set dice %d %d" % (d1, d2))
            plays = hints()
            after = []
            for h in plays:
                a, b = apply_move(me, opp, gnubg.parsemove(h["move"]))
                after.append((a, b))
                if sum(a) == 0:
                    continue
                pid = gnubg.positionid((a, b))
                if pid not in seen:
                    seen.add(pid)
                    out.write(pid + " " + " ".join("%.5f" % x for x in h["details"]["probs"]) + "\n")
            if after:
                if random_share > 0 and rng.random() < random_share:
                    pick = rng.randrange(len(after))
                else:
                    pick = 0 if rng.random() >= 0.125 else rng.randrange(min(5, len(after)))
                me, opp = after[pick]
            if sum(me) == 0:
                break
            me, opp = opp, me
print("@@done %d" % len(seen), flush=True)

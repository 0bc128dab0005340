# Runs inside `gnubg -t -q -p tools/train/gnubg-labels.py` with GNUBG_LABELS="OUT SEED COUNT
# PLIES [RANDOM [START]]" in the environment (gnubg passes no arguments to a script): short-nardy training
# positions labelled with GNU Backgammon's cubeless evaluation, one line each in OUT:
#   <Position ID> <win> <win gammon> <win bg> <lose gammon> <lose bg>
# The Position ID is gnubg's, with the other side on roll; the chances are those of the side
# that just moved (gnubg's evaluation of the play), so a line reads as the evaluator's input
# and target.
#
# Every legal play of every turn is a line (gnubg's `hint` evaluates them all at once, and the
# plays a strong player would not choose teach the ranking too). The games are gnubg's own at
# PLIES, except that one turn in eight plays a random one of its five best; with RANDOM, that
# share of turns plays any legal play at random instead (1: random games, whose odd positions
# a net learns only from positions like them). With START "prime", every game starts from a
# random prime-and-trapped-checker position (prime_start) and stops after SET_UP_TURNS turns:
# gnubg's own games rarely hold a checker behind a full prime long enough to teach a net its
# timing. Dice and choices from Python's random seeded with SEED. Stops after COUNT distinct
# positions.
import os
import random

import gnubg

args = os.environ["GNUBG_LABELS"].split()
out_path, seed, count, plies = args[0], int(args[1]), int(args[2]), int(args[3])
random_share = float(args[4]) if len(args) > 4 else 0.0
start_kind = args[5] if len(args) > 5 else "opening"
STARTS = ("opening", "prime")
if start_kind not in STARTS:
    raise SystemExit("START: one of " + ", ".join(STARTS))
SET_UP_TURNS = 40

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


def prime_start(rng):
    """(primer, trapped) in their own numbering (index 24 the bar): the primer's 4 to 6 points
    in a row hold 1 to 3 of the other side's checkers behind them; the other side's remaining
    checkers are past the prime, on a home board of random strength; either side may have a
    checker on the bar. Nothing is borne off."""
    while True:
        pr, tr = [0] * 25, [0] * 25
        length = rng.choice((4, 5, 5, 6, 6, 6))
        low = rng.randint(2, 13 - length)  # the prime's lowest point, its top at most 12
        top = low + length - 1
        for q in range(low, top + 1):
            pr[q - 1] = 2
        # The trapped checkers, on the primer's points below the prime (the other's 25 - q).
        behind = list(range(1, low))
        for _ in range(rng.randint(1, min(3, 2 * len(behind)))):
            tr[24 - rng.choice(behind)] += 1
        trapped_points = {q for q in behind if tr[24 - q]}
        # The primer's other checkers: on the prime, its home points the trapped ones leave
        # free, and sometimes one on the bar.
        left = 15 - 2 * length
        if left > 0 and rng.random() < 0.4:
            pr[24] = 1
            left -= 1
        spots = [q for q in range(1, top + 1) if q not in trapped_points]
        for _ in range(left):
            pr[rng.choice(spots) - 1] += 1
        # The other side's remaining checkers: its home board first, then its points short of
        # the prime (its 1 .. 24 - top), and sometimes one on the bar.
        left = 15 - sum(tr)
        free = [t for t in range(1, 25 - top) if pr[25 - t - 1] == 0]
        home = [t for t in free if t <= 6]
        if len(home) < 2:
            continue
        made = rng.sample(home, rng.randint(2, min(len(home), 6)))
        for t in made:
            if left >= 2:
                tr[t - 1] += 2
                left -= 2
        if left > 0 and rng.random() < 0.25:
            tr[24] += 1
            left -= 1
        for _ in range(left):
            tr[rng.choice(free) - 1] += 1
        return pr, tr


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
        if start_kind == "opening":
            me, opp = start(), start()
        else:
            me, opp = prime_start(rng)
            if rng.random() < 0.5:
                me, opp = opp, me
        for turn in range(400 if start_kind == "opening" else SET_UP_TURNS):
            d1, d2 = rng.randint(1, 6), rng.randint(1, 6)
            while turn == 0 and d1 == d2 and start_kind == "opening":
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

import {
  type BlockRule,
  type Dice,
  type HeadRule,
  legalPlays,
  makeSide,
  OFF,
  opponentPointToMine,
  seededDice,
  seededRandom,
  startingSide,
  type TurnSpec,
  type Variant,
} from "../../src/engine/index.js";
export const ALL_DICE: Dice[] = [];
for (let a = 1; a <= 6; a++) for (let b = a; b <= 6; b++) ALL_DICE.push([a, b]);

export const rng = seededRandom;

function add(side: number[], slot: number, n: number): void {
  side[slot] = (side[slot] ?? 0) + n;
}

function pick<T>(items: readonly T[], r: number): T {
  return items[Math.min(items.length - 1, Math.floor(r * items.length))]!;
}

/**
 * Positions met in random games: both sides play a random legal play each turn. The spec
 * returned is the position before each roll, with the roll that followed.
 */
export function randomGameSpecs(
  variant: Variant,
  games: number,
  seed: number,
  rules: { head: HeadRule; block: BlockRule } = { head: "classic", block: "strict" },
): TurnSpec[] {
  const dice = seededDice(seed);
  const specs: TurnSpec[] = [];
  for (let g = 0; g < games; g++) {
    let me = startingSide(variant);
    let opp = startingSide(variant);
    let firstRolls: [Dice | null, Dice | null] = [null, null];
    for (let turn = 0; turn < 400; turn++) {
      const roll: Dice = [dice.die(), dice.die()];
      const spec: TurnSpec = {
        variant,
        rules,
        me,
        opp,
        dice: roll,
        firstTurn: firstRolls[0] === null,
        opponentFirstRoll: firstRolls[0] === null ? firstRolls[1] : null,
      };
      specs.push(spec);
      const plays = legalPlays(spec);
      const chosen = plays.length ? plays[(dice.die() * 97) % plays.length]! : null;
      firstRolls = [firstRolls[1], firstRolls[0] ?? roll];
      const next = chosen ? { me: chosen.opp, opp: chosen.me } : { me: opp, opp: me };
      me = next.me;
      opp = next.opp;
      if ((opp[OFF] ?? 0) === 15) break;
    }
  }
  return specs;
}

/** Long positions with long runs of held points, so six-block rules come into play. */
export function blockHeavySpecs(count: number, seed: number, block: BlockRule): TurnSpec[] {
  const r = rng(seed);
  const specs: TurnSpec[] = [];
  while (specs.length < count) {
    const me = new Array<number>(26).fill(0);
    const opp = new Array<number>(26).fill(0);
    // A run of 4..6 held points somewhere, plus stragglers behind it.
    const start = 1 + Math.floor(r() * 24);
    const len = 4 + Math.floor(r() * 3);
    let left = 15;
    for (let i = 0; i < len && left > 0; i++) {
      const p = ((start - 1 + i) % 24) + 1;
      const n = Math.min(left, 1 + Math.floor(r() * 2));
      add(me, p, n);
      left -= n;
    }
    while (left > 0) {
      const p = 1 + Math.floor(r() * 24);
      add(me, p, 1);
      left -= 1;
    }
    // Opponent checkers on points I do not hold, some possibly borne off or home.
    let oppLeft = 15;
    if (r() < 0.2) {
      opp[OFF] = 1 + Math.floor(r() * 3);
      oppLeft -= opp[OFF]!;
    }
    let guard = 0;
    while (oppLeft > 0 && guard++ < 1000) {
      const q = 1 + Math.floor(r() * 24);
      if ((me[opponentPointToMine("long", q)] ?? 0) > 0) continue;
      add(opp, q, 1);
      oppLeft -= 1;
    }
    if (oppLeft > 0) continue;
    const roll: Dice = [1 + Math.floor(r() * 6), 1 + Math.floor(r() * 6)];
    specs.push({
      variant: "long",
      rules: { head: "classic", block },
      me: makeSide(Object.fromEntries(me.map((n, i) => [i, n]))),
      opp: makeSide(Object.fromEntries(opp.map((n, i) => [i, n]))),
      dice: roll,
    });
  }
  return specs;
}

/** Bear-off races: all of mine home (or nearly), opponent far away. */
export function bearOffSpecs(variant: Variant, count: number, seed: number): TurnSpec[] {
  const r = rng(seed);
  const specs: TurnSpec[] = [];
  for (let i = 0; i < count; i++) {
    const me = new Array<number>(26).fill(0);
    let left = 15 - Math.floor(r() * 10);
    me[OFF] = 15 - left;
    const straggler = r() < 0.3 && left > 0;
    if (straggler) {
      add(me, 7 + Math.floor(r() * 4), 1);
      left -= 1;
    }
    const top = 1 + Math.floor(r() * 6);
    while (left > 0) {
      add(me, 1 + Math.floor(r() * top), 1);
      left -= 1;
    }
    const opp =
      variant === "long" ? makeSide({ 4: 5, 3: 5, 2: 5 }) : makeSide({ 1: 5, 2: 5, 3: 5 });
    specs.push({
      variant,
      rules: { head: "classic", block: "strict" },
      me: makeSide(Object.fromEntries(me.map((n, k) => [k, n]))),
      opp,
      dice: pick(ALL_DICE, r()),
    });
  }
  return specs;
}

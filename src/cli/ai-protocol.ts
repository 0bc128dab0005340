import { reviewPlays } from "../ai/analyse.js";
import { choosePlay, cubeDecision, DEFAULT_LEVEL, isPlayer, type Player } from "../ai/index.js";
import type { AiContext, MatchScore } from "../ai/types.js";
import { type Color, type Dice, other, type TurnSpec, type Variant } from "../engine/index.js";
import {
  type Handler,
  playToJson,
  RequestError,
  readBoard,
  readColor,
  readDice,
  readRules,
  readVariant,
} from "./engine-protocol.js";

/**
 * The computer player's ops of the JSON-lines interface (docs/rules.md): `choose`, `cube` and
 * `analyse`.
 */
type Json = Record<string, unknown>;

function need(cond: unknown, message: string): asserts cond {
  if (!cond) throw new RequestError(message);
}

const isWhole = (v: unknown): v is number => typeof v === "number" && Number.isInteger(v) && v >= 0;

function readLevel(req: Json): Player {
  if (req.level === undefined) return DEFAULT_LEVEL;
  need(isPlayer(req.level), 'level must be "easy", "medium", "hard", "expert" or "pipcount"');
  return req.level;
}

function readCube(v: unknown): { value: number; owner: Color | null } {
  if (v === undefined || v === null) return { value: 1, owner: null };
  need(typeof v === "object" && !Array.isArray(v), "cube must be an object");
  const { value = 1, owner = null } = v as Json;
  need(
    typeof value === "number" && Number.isInteger(Math.log2(value)) && value >= 1 && value <= 64,
    "cube.value must be 1, 2, 4, ... 64",
  );
  need(
    owner === null || owner === "white" || owner === "black",
    'cube.owner must be null, "white" or "black"',
  );
  return { value, owner: owner as Color | null };
}

/** `match: {to, score: [white, black], crawford?}`; `to: 0` or none is money play. */
function readMatch(v: unknown, turn: Color): MatchScore | null {
  if (v === undefined || v === null) return null;
  need(typeof v === "object" && !Array.isArray(v), "match must be an object");
  const { to = 0, score = [0, 0], crawford = false } = v as Json;
  need(isWhole(to), "match.to must be a whole number (0: money play)");
  need(
    Array.isArray(score) && score.length === 2 && score.every(isWhole),
    "match.score must be [white, black] points",
  );
  need(typeof crawford === "boolean", "match.crawford must be true or false");
  if (to === 0) return null;
  need(
    score.every((s) => s < to),
    "match.score must be below match.to",
  );
  const [white, black] = score as number[];
  const mine = turn === "white" ? white! : black!;
  const theirs = turn === "white" ? black! : white!;
  return { to, me: mine, opp: theirs, crawford };
}

interface Request {
  variant: Variant;
  turn: Color;
  spec: Omit<TurnSpec, "dice">;
  level: Player;
  ctx: AiContext;
  cube: { value: number; owner: Color | null };
  cubeOn: boolean;
}

function readRequest(req: Json): Request {
  const variant = readVariant(req);
  const rules = readRules(req, variant);
  const turn = readColor(req.turn, "turn");
  const board = readBoard(req, variant);
  const firstTurn = req.firstTurn ?? false;
  need(typeof firstTurn === "boolean", "firstTurn must be true or false");
  const ofr = req.opponentFirstRoll;
  const opponentFirstRoll: Dice | null =
    ofr === undefined || ofr === null ? null : readDice(ofr, "opponentFirstRoll");
  const cube = readCube(req.cube);
  const match = readMatch(req.match, turn);
  const me = board[turn];
  const opp = board[other(turn)];
  return {
    variant,
    turn,
    spec: {
      variant,
      rules,
      me,
      opp,
      firstTurn,
      opponentFirstRoll: firstTurn ? opponentFirstRoll : null,
    },
    level: readLevel(req),
    ctx: {
      scoring: rules.scoring,
      cubeValue: cube.value,
      jacobyActive: !match && rules.jacoby && cube.owner === null,
      match,
    },
    cube,
    cubeOn: rules.cube && !match?.crawford,
  };
}

function choose(req: Json): Json {
  const r = readRequest(req);
  const dice = readDice(req.dice, "dice");
  const play = choosePlay({ ...r.spec, dice }, r.ctx, r.level);
  if (!play) return { moves: [] };
  return playToJson(r.turn, play);
}

function cube(req: Json): Json {
  const r = readRequest(req);
  const { value, owner } = r.cube;
  const canDouble = r.cubeOn && value < 64 && (owner === null || owner === r.turn);
  const view = { value, owner: owner === null ? null : owner === r.turn ? "me" : "opp" } as const;
  const answer = cubeDecision({ ...r.spec, cube: view, canDouble }, r.ctx, r.level);
  return { double: answer.double, take: answer.take };
}

/**
 * Every legal play of the roll, best first, each with the cubeless money equity of the side
 * to move right after it, as the game analysis measures plays (`reviewPlays`): the
 * evaluator's own judgement, whatever the level, cube or match.
 */
function analyse(req: Json): Json {
  const r = readRequest(req);
  const dice = readDice(req.dice, "dice");
  const ranked = reviewPlays({ ...r.spec, dice }, { scoring: r.ctx.scoring });
  return {
    plays: ranked.map((p) => ({
      ...playToJson(r.turn, p.play),
      equity: Math.round(p.equity * 1e6) / 1e6,
    })),
  };
}

export const AI_HANDLERS: Record<string, Handler> = { choose, cube, analyse };

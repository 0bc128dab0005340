import {
  BAR,
  type Board,
  boardError,
  boardOf,
  type Color,
  type Dice,
  legalPlays,
  makeSide,
  OFF,
  type Play,
  parseRules,
  playNotation,
  type Rules,
  type Side,
  scoreResult,
  type Variant,
} from "../engine/index.js";

/** A side as the JSON interface writes it: point → count, plus "bar" and "off". */
export type JsonSide = Record<string, number>;

type Json = Record<string, unknown>;

export class RequestError extends Error {}

function need(cond: unknown, message: string | null): asserts cond {
  if (!cond) throw new RequestError(message ?? "invalid request");
}

export function readVariant(req: Json): Variant {
  need(req.variant === "long" || req.variant === "short", 'variant must be "long" or "short"');
  return req.variant as Variant;
}

export function readColor(v: unknown, field: string): Color {
  need(v === "white" || v === "black", `${field} must be "white" or "black"`);
  return v as Color;
}

function readSide(v: unknown, name: string, variant: Variant): Side {
  need(typeof v === "object" && v !== null && !Array.isArray(v), `${name} must be an object`);
  const points: Record<number, number> = {};
  for (const [key, count] of Object.entries(v as Json)) {
    const slot =
      key === "bar"
        ? BAR
        : key === "off"
          ? OFF
          : /^([1-9]|1\d|2[0-4])$/.test(key)
            ? Number(key)
            : -1;
    need(slot >= 0, `${name}: unknown point "${key}"`);
    need(slot !== BAR || variant === "short", `${name}: long nardy has no bar`);
    need(
      Number.isInteger(count) && (count as number) >= 0,
      `${name}.${key} must be a whole number`,
    );
    points[slot] = count as number;
  }
  return makeSide(points);
}

export function readBoard(req: Json, variant: Variant): Board {
  const board = {
    white: readSide(req.white, "white", variant),
    black: readSide(req.black, "black", variant),
  };
  const error = boardError(variant, board);
  need(error === null, error);
  return board;
}

export function readDice(v: unknown, field: string): Dice {
  const ok =
    Array.isArray(v) && v.length === 2 && v.every((d) => Number.isInteger(d) && d >= 1 && d <= 6);
  need(ok, `${field} must be two dice 1..6`);
  const [a, b] = v as number[];
  return [a!, b!];
}

export function readRules(req: Json, variant: Variant): Rules {
  const parsed = parseRules(variant, req.rules);
  if (!parsed.ok) throw new RequestError(parsed.error);
  return parsed.rules;
}

function sideToJson(side: Side): JsonSide {
  const out: JsonSide = {};
  for (let p = 24; p >= 1; p--) if ((side[p] ?? 0) > 0) out[String(p)] = side[p]!;
  if ((side[BAR] ?? 0) > 0) out.bar = side[BAR]!;
  if ((side[OFF] ?? 0) > 0) out.off = side[OFF]!;
  return out;
}

/** One play as the interface gives it: its moves and the board after it. */
export function playToJson(turn: Color, play: Play): Json {
  const after = boardOf(turn, play.me, play.opp);
  return {
    moves: playNotation(play.steps),
    white: sideToJson(after.white),
    black: sideToJson(after.black),
  };
}

function plays(req: Json): Json {
  const variant = readVariant(req);
  const rules = readRules(req, variant);
  const turn = readColor(req.turn, "turn");
  const board = readBoard(req, variant);
  const dice = readDice(req.dice, "dice");
  const firstTurn = req.firstTurn === undefined ? false : req.firstTurn;
  need(typeof firstTurn === "boolean", "firstTurn must be true or false");
  const ofr = req.opponentFirstRoll;
  const opponentFirstRoll =
    ofr === undefined || ofr === null ? null : readDice(ofr, "opponentFirstRoll");
  const { me, opp } =
    turn === "white"
      ? { me: board.white, opp: board.black }
      : { me: board.black, opp: board.white };
  const list = legalPlays({
    variant,
    rules,
    me,
    opp,
    dice,
    firstTurn: firstTurn as boolean,
    opponentFirstRoll: firstTurn ? opponentFirstRoll : null,
  });
  return { plays: list.map((p) => playToJson(turn, p)) };
}

function score(req: Json): Json {
  const variant = readVariant(req);
  const rules = readRules(req, variant);
  const winner = readColor(req.winner, "winner");
  const board = readBoard(req, variant);
  const cube = req.cube === undefined ? 1 : req.cube;
  need(
    typeof cube === "number" && Number.isInteger(Math.log2(cube)) && cube >= 1 && cube <= 64,
    "cube must be 1, 2, 4, ... 64",
  );
  const loser = winner === "white" ? board.black : board.white;
  const { kind, points } = scoreResult(variant, rules.scoring, loser, cube as number);
  return { points, result: kind };
}

export type Handler = (req: Json) => Json;

const HANDLERS: Record<string, Handler> = { plays, score };

/** Answers one request line; never throws. */
export function answerLine(line: string, extra: Record<string, Handler> = {}): string {
  let req: unknown;
  try {
    req = JSON.parse(line);
  } catch {
    return JSON.stringify({ error: "malformed JSON" });
  }
  try {
    need(
      typeof req === "object" && req !== null && !Array.isArray(req),
      "a request is a JSON object",
    );
    const op = (req as Json).op;
    const handler = typeof op === "string" ? (extra[op] ?? HANDLERS[op]) : undefined;
    need(handler, `unknown op: ${JSON.stringify(op)}`);
    return JSON.stringify(handler!(req as Json));
  } catch (e) {
    const message =
      e instanceof RequestError ? e.message : `internal error: ${(e as Error).message}`;
    return JSON.stringify({ error: message });
  }
}

/**
 * Every caption and text the bot builds from people's names stays within what Telegram takes
 * (1,024 for a caption, 4,096 for a text, measured after parsing the HTML, in UTF-16 code
 * units), in every language, with the longest names Telegram allows: combining marks, emoji
 * sequences, characters HTML escapes; 32 entrants in a tournament. A list cut short shows
 * whole lines and says how many it left out.
 */

import { describe, expect } from "vitest";
import { parseHtml } from "../../bench/testkit/index.js";
import { memoryFrontEnd } from "../../bench/testkit/memory-front-end.js";
import { challengeClosedText, challengeText } from "../../src/bot/features/challenge/text.js";
import { historyText } from "../../src/bot/features/history/text.js";
import { analysisPost, analysisText } from "../../src/bot/features/reviews/analysis-text.js";
import { scoreText, topText } from "../../src/bot/features/stats/text.js";
import {
  closedCard,
  finalText,
  signupCard,
  standingsCaption,
} from "../../src/bot/features/tournament/text.js";
import { createI18n, LOCALES, translator } from "../../src/bot/i18n.js";
import { brokenCaption, gameCaption } from "../../src/bot/ui/caption.js";
import { CAPTION_LIMIT, TEXT_LIMIT } from "../../src/bot/ui/fit.js";
import { htmlName } from "../../src/bot/ui/names.js";
import { replayCaption } from "../../src/bot/ui/result-text.js";
import { TURN_LOG_LIMIT } from "../../src/engine/index.js";
import {
  type CubeDecision,
  type Decision,
  type GameAnalysis,
  GameReviews,
  type GameService,
  type GameView,
  type PlayerRef,
  TournamentService,
  type TournamentView,
} from "../../src/services/index.js";
import type { Translate } from "../../src/texts/translate.js";
import { longNamed } from "../helpers/long-names.js";
import { FORCED_DOUBLE_SIX } from "../helpers/turns.js";
import { it } from "../services/fixtures.js";
import { CHAT, harness, unwrap } from "../services/helpers.js";
import { test as botTest } from "./fixtures.js";
import { USERS } from "./harness.js";

const i18n = createI18n(() => "en");
const everyLocale = LOCALES.map((l) => translator(i18n, l));

/** What Telegram shows of an HTML text: parsed as it parses it (a refusal fails the test). */
function shown(html: string): string {
  const parsed = parseHtml(html);
  if (!parsed.ok) throw new Error(`${parsed.why}: ${html}`);
  return parsed.value.text;
}

/** Within `limit` UTF-16 code units once parsed; returns the text shown. */
function expectWithin(html: string, limit: number): string {
  const text = shown(html);
  expect(text.length, text).toBeLessThanOrEqual(limit);
  expect(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)).toBe(
    false,
  );
  return text;
}

/** How many items a list shows, and how many its "…and N more" says it left out. */
function listed(text: string, items: readonly PlayerRef[]): { shown: number; hidden: number } {
  const names = items.map((p) => shown(htmlName(p)));
  let count = 0;
  let from = 0;
  for (const name of names) {
    const at = text.indexOf(name, from);
    if (at < 0) break;
    count++;
    from = at + name.length;
  }
  const more = /…(?:and|и ещё|і ще) (\d+)/.exec(text);
  return { shown: count, hidden: more ? Number(more[1]) : 0 };
}

/** Long-named players `a` and `b` playing `variant`. */
async function longNamedGame(svc: GameService, variant: "long" | "short", a: number, b: number) {
  const c = unwrap(
    await svc.createChallenge({ challenger: longNamed(a), chat: CHAT, variant, target: null }),
  );
  return unwrap(await svc.acceptChallenge(c.id, longNamed(b))).game;
}

/** The game with every line a caption can have: cube, turns at their limit, an offer. */
function atItsLongest(g: GameView): GameView {
  const side = {
    fromStart: true,
    actedTurn: null,
    turns: Array(TURN_LOG_LIMIT).fill(FORCED_DOUBLE_SIX),
  };
  return {
    ...g,
    turnLog: { white: side, black: side },
    state: {
      ...g.state,
      rules: { ...g.state.rules, cube: true },
      cube: { value: 2, owner: "black" },
      phase: "resign",
      pendingResign: { by: "white", kind: "backgammon", resume: "roll" },
    },
  } as GameView;
}

describe("captions and texts of one game", () => {
  it("stay within the limits with the longest names", async () => {
    const { svc } = harness({}, "limits-games");
    // Every kind of name against every other, each player in one game.
    for (const [variant, a, b] of [
      ["long", 0, 1],
      ["long", 2, 3],
      ["long", 5, 6],
      ["short", 8, 9],
      ["short", 10, 11],
      ["short", 13, 14],
    ] as const) {
      const game = await longNamedGame(svc, variant, a, b);
      const finished = { ...game, state: { ...game.state, phase: "over" } } as GameView;
      const decision = {
        turn: 12,
        color: "white",
        dice: [6, 5],
        playedMoves: ["24/18", "18/13"],
        bestMoves: ["13/7", "13/8"],
        playedEquity: -0.4,
        bestEquity: 0.1,
        loss: 0.5,
      } as unknown as Decision;
      const cube = {
        kind: "cube",
        turn: 9,
        color: "black",
        cube: { value: 2, owner: null },
        action: "take",
        bestAction: "drop",
        chosenEquity: -1.2,
        bestEquity: -1,
        loss: 0.2,
      } as unknown as CubeDecision;
      const player = { decisions: 40, errors: 9, blunders: 3, lost: 1.234, luck: 0.5 };
      const analysis = {
        white: { ...player, costliest: [], cube: { decisions: 4, errors: 1, lost: 0.3 } },
        black: { ...player, costliest: [] },
      } as GameAnalysis;
      for (const t of everyLocale) {
        expect(expectWithin(gameCaption(t, atItsLongest(game)), CAPTION_LIMIT)).toContain(
          "SHA-256",
        );
        expectWithin(brokenCaption(t, { ...game, status: "broken" }), CAPTION_LIMIT);
        expectWithin(replayCaption(t, finished), CAPTION_LIMIT);
        const withDecisions: GameAnalysis = {
          ...analysis,
          white: { ...analysis.white, costliest: [decision, cube, decision] },
          black: { ...analysis.black, costliest: [cube, decision] },
        } as GameAnalysis;
        const post = analysisPost(t, game, withDecisions);
        expectWithin(post.text, post.pictured.length > 0 ? CAPTION_LIMIT : TEXT_LIMIT);
        expectWithin(analysisText(t, game, analysis), TEXT_LIMIT);
      }
    }
  });

  it("a challenge, open or to someone, with its rules spelled out, and how it closed", async () => {
    const { svc } = harness({}, "limits-challenge");
    const rules = {
      head: "wide",
      block: "home",
      scoring: "koks",
      lastRoll: true,
      cube: true,
      jacoby: true,
      opening: "lot",
      nextStarter: "winner",
    };
    for (const [a, b] of [
      [0, 1],
      [2, 3],
    ] as const) {
      const to = unwrap(
        await svc.createChallenge({
          challenger: longNamed(a),
          chat: CHAT,
          variant: "long",
          rules,
          target: { user: longNamed(b) },
        }),
      );
      for (const t of everyLocale) {
        expectWithin(challengeText(t, to, 60), TEXT_LIMIT);
        const by = htmlName(longNamed(b));
        expectWithin(challengeClosedText(t, to, "challenge-declined", by), TEXT_LIMIT);
      }
    }
  });
});

/** 32 long-named players signed up in CHAT; the tournament before its start. */
async function fullTournament() {
  const h = harness({}, "limits-tournament");
  const tours = new TournamentService(h.database.db, h.svc);
  const crowd = Array.from({ length: 32 }, (_, i) => longNamed(i));
  const made = unwrap(
    await tours.create({
      organiser: crowd[0]!,
      chat: CHAT,
      variant: "long",
      signupMs: 30 * 60_000,
    }),
  );
  for (const p of crowd.slice(1)) unwrap(await tours.join(made.id, p));
  return { ...h, tours, crowd, id: made.id };
}

describe("a tournament of 32 with the longest names", () => {
  it("its sign-up card, its closed card, its standings and its last word fit, whole lines first", async () => {
    const { tours, crowd, id } = await fullTournament();
    const signup = (await tours.get(id))!;
    const running = unwrap(await tours.start(id, crowd[0]!));
    expect(running.matches.filter((m) => m.status === "playing")).toHaveLength(16);
    const finished: TournamentView = {
      ...running,
      status: "finished",
      winnerId: crowd[5]!.id,
      places: crowd.map((p, i) => ({ player: p.id, place: i + 1 })),
    };
    for (const t of everyLocale) {
      const card = expectWithin(signupCard(t, signup, signup.createdAt), TEXT_LIMIT);
      expect(listed(card, crowd)).toEqual({ shown: 32, hidden: 0 });
      const closed = expectWithin(closedCard(t, running), TEXT_LIMIT);
      expect(listed(closed, crowd)).toEqual({ shown: 32, hidden: 0 });

      // Sixteen pairs at play: as many as fit under the picture, and how many more.
      const caption = expectWithin(standingsCaption(t, running), CAPTION_LIMIT);
      const pairs = running.matches
        .filter((m) => m.status === "playing")
        .flatMap((m) => [m.a, m.b]);
      const { shown: names, hidden } = listed(caption, pairs);
      expect(names % 2).toBe(0);
      expect(names).toBeGreaterThan(2);
      expect(hidden).toBe(16 - names / 2);
      expect(caption).toMatch(/0 (of|из|з) 496/);

      expectWithin(standingsCaption(t, finished), CAPTION_LIMIT);
      const last = expectWithin(finalText(t, finished), TEXT_LIMIT);
      expect(listed(last, crowd).shown).toBeGreaterThan(20);
    }
  });
});

describe("lists of a chat with long names", () => {
  it("/history, /score and /top fit, whole entries first", async () => {
    const { svc, database, clock } = harness({}, "limits-lists");
    const game = await longNamedGame(svc, "long", 0, 1);
    unwrap(await svc.act(game.id, longNamed(0).id, { type: "resign" }, game.version));
    const [finished] = await new GameReviews(database.db, memoryFrontEnd(), clock.now).history(
      CHAT.id,
    );
    const [series] = await svc.chatSeries(CHAT.id);
    const [row] = await svc.leaderboard(CHAT.id, "long");
    // The longest lists the commands show, each entry naming other long-named players.
    const as = (i: number) => ({
      ...row!.player,
      ...longNamed(i),
      lastName: longNamed(i).lastName!,
    });
    const history = Array.from({ length: 10 }, (_, i) => ({
      ...finished!,
      white: { ...finished!.white, ...as(i) },
      black: { ...finished!.black, ...as(i + 1) },
    }));
    const allSeries = Array.from({ length: 30 }, (_, i) => ({
      ...series!,
      players: [as(i), as(i + 1)] as const,
    }));
    const rows = Array.from({ length: 15 }, (_, i) => ({ ...row!, player: as(i) }));
    const boards = [
      { variant: "long" as const, rows },
      { variant: "short" as const, rows },
    ];
    const champions = Array.from({ length: 15 }, (_, i) => ({
      player: longNamed(i),
      wins: 15 - i,
    }));
    for (const t of everyLocale as Translate[]) {
      const listedGames = expectWithin(historyText(t, history), TEXT_LIMIT);
      expect(listedGames.match(/#\d+ · /g)).toHaveLength(10);
      const score = expectWithin(scoreText(t, allSeries), TEXT_LIMIT);
      const lines = score.split("\n");
      expect(lines.length).toBeGreaterThan(15);
      expect(lines.at(-1)).toBe(t("list-more", { n: 30 - (lines.length - 2) }));
      const top = expectWithin(topText(t, boards, champions), TEXT_LIMIT);
      expect(top.split("\n").filter((l) => /^\d+\. /.test(l))).toHaveLength(30);
    }
  });
});

describe("a word of the user's quoted back", () => {
  botTest(
    "is shortened, so the reply to a 4,000-character word goes through",
    async ({ harness: bot }) => {
      const h = await bot();
      const word = "ж".repeat(4_000);
      for (const command of ["/play", "/tournament"]) {
        await h.send(USERS.alice, `${command} ${word}`);
        expect(h.lastMessage().text).toMatch(/^I don't know .ж{63}…/);
      }
      expect(h.tg.problems()).toEqual([]);
    },
  );
});

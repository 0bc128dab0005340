import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  CARD_OFFERS,
  decode,
  encode,
  MAX_CALLBACK_BYTES,
  type Payload,
  REVIEW_ITEMS,
  TOURNAMENT_COMMANDS,
} from "../../src/bot/callback-data.js";
import { LOCALES } from "../../src/bot/i18n.js";

/** Ids as large as Telegram's (user ids reach 2^52) and game versions. */
const anyId = fc.oneof(fc.nat(1000), fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }));
const simple = [
  "undo",
  "commit",
  "roll",
  "double",
  "take",
  "drop",
  "accept-resign",
  "decline-resign",
  "claim",
  "rematch",
  "refresh",
] as const;

const step = fc
  .record({ from: fc.integer({ min: 1, max: 25 }), die: fc.integer({ min: 1, max: 6 }) })
  .chain(({ from, die }) =>
    fc.integer({ min: 0, max: Math.min(from - 1, 24) }).map((to) => ({
      kind: "step" as const,
      from,
      to,
      die,
    })),
  );

const payload: fc.Arbitrary<Payload> = fc.oneof(
  fc.record({
    type: fc.constant("game" as const),
    gameId: anyId,
    version: anyId,
    command: fc.oneof(
      step,
      fc.array(step, { minLength: 1, maxLength: 4 }).map((steps) => ({
        kind: "play" as const,
        steps: steps.map(({ from, to, die }) => ({ from, to, die })),
      })),
      fc.constantFrom(...simple).map((kind) => ({ kind })),
    ),
  }),
  fc.record({
    type: fc.constant("resign" as const),
    gameId: anyId,
    version: anyId,
    askerId: anyId,
    choice: fc.constantFrom(0, 1, 2, 3, "pick", "claim", "cancel", "accept", "decline"),
  }),
  fc.record(
    {
      type: fc.constant("challenge" as const),
      challengeId: anyId,
      command: fc.constantFrom("accept", "decline", "cancel"),
      seal: fc.stringMatching(/^[A-Za-z0-9_-]{10}$/),
    },
    // The seal only on a shared copy's buttons.
    { requiredKeys: ["type", "challengeId", "command"] },
  ),
  fc.record({
    type: fc.constant("card" as const),
    offer: fc.constantFrom(...CARD_OFFERS),
    challengerId: anyId,
    locale: fc.constantFrom(...LOCALES),
    photo: fc.boolean(),
    issuedAt: fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }),
    command: fc.constantFrom("accept", "cancel"),
    seal: fc.stringMatching(/^[A-Za-z0-9_-]{10}$/),
  }),
  fc.record({ type: fc.constant("settings" as const), confirmTurns: fc.boolean() }),
  fc.record({ type: fc.constant("language" as const), locale: fc.constantFrom(...LOCALES) }),
  fc.record({
    type: fc.constant("dialog" as const),
    ownerId: anyId,
    choice: fc.stringMatching(/^[a-z0-9-]{1,24}$/),
  }),
  fc.record({
    type: fc.constant("review" as const),
    gameId: anyId,
    item: fc.constantFrom(...REVIEW_ITEMS),
  }),
  fc.record({
    type: fc.constant("tournament" as const),
    tournamentId: anyId,
    command: fc.constantFrom(...Object.values(TOURNAMENT_COMMANDS)),
  }),
  fc.record({
    type: fc.constant("seek" as const),
    command: fc.constantFrom("cancel" as const, "pick" as const),
  }),
  fc.record({
    type: fc.constant("seek" as const),
    command: fc.constant("find" as const),
    variant: fc.constantFrom("long" as const, "short" as const),
  }),
) as fc.Arbitrary<Payload>;

describe("button payloads", () => {
  it("every payload round-trips and fits Telegram's 64 bytes", () => {
    fc.assert(
      fc.property(payload, (p) => {
        const data = encode(p);
        expect(Buffer.byteLength(data)).toBeLessThanOrEqual(MAX_CALLBACK_BYTES);
        expect(data).toMatch(/^[\x21-\x7e]+$/);
        expect(decode(data)).toEqual(p);
      }),
      { numRuns: 3000, seed: 7 },
    );
  });

  it("the longest payload of each kind still fits", () => {
    const big = Number.MAX_SAFE_INTEGER;
    const longest: Payload[] = [
      {
        type: "game",
        gameId: big,
        version: big,
        command: { kind: "step", from: 25, to: 24, die: 6 },
      },
      {
        type: "game",
        gameId: big,
        version: big,
        command: {
          kind: "play",
          steps: [25, 24, 23, 22].map((from) => ({ from, to: from - 6, die: 6 })),
        },
      },
      { type: "resign", gameId: big, version: big, askerId: big, choice: "cancel" },
      {
        type: "card",
        offer: "ss",
        challengerId: big,
        locale: "uk",
        photo: true,
        issuedAt: big,
        command: "accept",
        seal: "abcdefghij",
      },
      { type: "dialog", ownerId: big, choice: "x".repeat(24) },
      { type: "review", gameId: big, item: "analysis" },
      { type: "challenge", challengeId: big, command: "decline", seal: "abcdefghij" },
      { type: "tournament", tournamentId: big, command: "cancel-abandon" },
    ];
    for (const p of longest) expect(Buffer.byteLength(encode(p))).toBeLessThanOrEqual(64);
  });

  it("anything else decodes to nothing", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), (s) => {
        const p = decode(s);
        if (p) expect(encode(p)).toBe(s);
      }),
      { numRuns: 3000, seed: 8 },
    );
    for (const forged of [
      undefined,
      "",
      "g:1:2:s:3:5:1", // a step that moves backwards
      "g:1:2:s:3:2:7", // no die shows 7
      "g:1:2:zz",
      "g:1:2:w:", // a play of no steps
      "g:1:2:w:2418624186241862418624186", // five steps
      "g:1:2:w:18246", // backwards
      "g:1:2:w:26206", // from beyond the bar
      "g:1:2:w:24187", // a 7
      "g:1:2:w:2418", // a step cut short
      "g:01:2:r",
      `g:${"9".repeat(17)}:1:r`, // beyond a safe integer
      "r:1:2:3:9",
      "c:1:q",
      "i:xx:1:en:ap",
      "i:lc:1:de:at",
      "i:lc:1:en:a",
      "i:lc:1:en:ap:short",
      "i:lc:1:en:ap:abcdefghij", // a card from before cards carried their issue time
      "i:lc:1:en:ap:0mf3k2x:abcdefghij", // a leading zero
      `i:lc:1:en:ap:${"z".repeat(11)}:abcdefghij`, // beyond a safe integer
      "l:fr",
      "st:c:2",
      "v:1:x", // no such review item
      "v:-1:a",
      "n:1:Bad Choice",
      `g:1:1:r${" ".repeat(70)}`,
    ])
      expect(decode(forged)).toBeNull();
  });
});

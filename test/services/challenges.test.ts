import { describe, expect } from "vitest";
import { it } from "./fixtures.js";
import { alice, bob, CHAT, carol, errorCode, HOUR, harness, unwrap } from "./helpers.js";

describe("challenges", () => {
  it("opens a challenge anyone but the challenger may accept", async () => {
    const { svc } = harness();
    const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    expect(c).toMatchObject({ status: "pending", variant: "long", target: null, chatId: CHAT.id });
    expect(c.rules.head).toBe("classic");
    expect(errorCode(await svc.acceptChallenge(c.id, alice))).toBe("self-challenge");
    const start = unwrap(await svc.acceptChallenge(c.id, carol));
    expect([start.game.white.id, start.game.black.id].sort()).toEqual([alice.id, carol.id].sort());
    expect((await svc.getChallenge(c.id))?.status).toBe("accepted");
    expect(errorCode(await svc.acceptChallenge(c.id, bob))).toBe("challenge-closed");
  });

  it("lets only the targeted user accept or decline", async () => {
    const { svc } = harness();
    const c = unwrap(
      await svc.createChallenge({
        challenger: alice,
        chat: CHAT,
        target: { user: bob },
        variant: "short",
      }),
    );
    expect(c.target).toEqual({ userId: bob.id, username: null });
    expect(c.targetPlayer?.firstName).toBe("Bob");
    expect(errorCode(await svc.acceptChallenge(c.id, carol))).toBe("not-target");
    expect(errorCode(await svc.declineChallenge(c.id, carol))).toBe("not-target");
    expect(unwrap(await svc.declineChallenge(c.id, bob)).status).toBe("declined");
    expect(errorCode(await svc.acceptChallenge(c.id, bob))).toBe("challenge-closed");
  });

  it("matches a @username target by username, ignoring case, when they press Accept", async () => {
    const { svc } = harness();
    const c = unwrap(
      await svc.createChallenge({
        challenger: alice,
        chat: CHAT,
        target: { username: "@bob_b" },
        variant: "long",
      }),
    );
    expect(c.target).toEqual({ userId: null, username: "bob_b" });
    expect(errorCode(await svc.acceptChallenge(c.id, carol))).toBe("not-target");
    expect(errorCode(await svc.acceptChallenge(c.id, { ...bob, username: null }))).toBe(
      "not-target",
    );
    const start = unwrap(await svc.acceptChallenge(c.id, bob));
    expect([start.game.white.id, start.game.black.id]).toContain(bob.id);
  });

  it("refuses challenges to oneself and bad rules or names", async () => {
    const { svc } = harness();
    const self = async (target: Parameters<typeof svc.createChallenge>[0]["target"]) =>
      errorCode(
        await svc.createChallenge({ challenger: alice, chat: CHAT, target, variant: "long" }),
      );
    expect(await self({ user: alice })).toBe("self-challenge");
    expect(await self({ username: "@ALICE" })).toBe("self-challenge");
    expect(await self({ username: "no spaces allowed" })).toBe("bad-input");
    const bad = await svc.createChallenge({
      challenger: alice,
      variant: "long",
      rules: { head: "x" },
    });
    expect(errorCode(bad)).toBe("bad-rules");
    const variant = "chess" as "long";
    expect(errorCode(await svc.createChallenge({ challenger: alice, variant }))).toBe("bad-input");
  });

  it("takes rule options over the variant's defaults", async () => {
    const { svc } = harness();
    const c = unwrap(
      await svc.createChallenge({
        challenger: alice,
        variant: "long",
        rules: { opening: "lot", head: "sport", cube: true, match: { kind: "points", to: 5 } },
      }),
    );
    expect(c.rules).toMatchObject({ opening: "lot", head: "sport", cube: true, block: "strict" });
    expect(c.chatId).toBeNull();
  });

  it("lets only the challenger cancel", async () => {
    const { svc } = harness();
    const c = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    expect(errorCode(await svc.cancelChallenge(c.id, bob))).toBe("not-challenger");
    expect(errorCode(await svc.declineChallenge(c.id, bob))).toBe("not-target");
    expect(unwrap(await svc.cancelChallenge(c.id, alice)).status).toBe("cancelled");
    expect(errorCode(await svc.cancelChallenge(c.id, alice))).toBe("challenge-closed");
  });

  it("expires challenges after the configured time, with a typed error on accept", async () => {
    const { svc, clock } = harness({ challengeTtlMs: 2 * HOUR });
    const a = unwrap(await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    clock.advance(HOUR);
    const b = unwrap(await svc.createChallenge({ challenger: carol, chat: CHAT, variant: "long" }));
    expect(b.expiresAt).toBe(clock.t + 2 * HOUR);
    clock.advance(HOUR);
    expect(errorCode(await svc.acceptChallenge(a.id, bob))).toBe("expired");
    expect((await svc.getChallenge(a.id))?.status).toBe("expired");
    expect(await svc.expireChallenges()).toEqual([]);
    expect((await svc.expireChallenges(clock.t + HOUR)).map((c) => c.id)).toEqual([b.id]);
    expect(errorCode(await svc.acceptChallenge(b.id, bob))).toBe("expired");
  });

  it("defaults to one hour", async () => {
    const { svc, clock } = harness();
    const c = unwrap(await svc.createChallenge({ challenger: alice, variant: "short" }));
    expect(c.expiresAt - clock.t).toBe(HOUR);
    expect(await svc.expireChallenges(clock.t + HOUR - 1)).toEqual([]);
    expect(await svc.expireChallenges(clock.t + HOUR)).toHaveLength(1);
  });

  it("keeps message references; an inline card becomes the game's board, a chat text does not", async () => {
    const { svc } = harness();
    const ref = { kind: "chat", chatId: CHAT.id, messageId: 77 } as const;
    const c = unwrap(
      await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long", message: ref }),
    );
    expect(c.message).toEqual(ref);
    const game = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    // A text message cannot turn into a picture: the board is posted as a message of its own,
    // the one the game starts in.
    expect(game.message).toMatchObject({ kind: "chat", chatId: CHAT.id });
    expect(game.message).not.toEqual(ref);
    expect(game.chatId).toBe(CHAT.id);
    const inline = unwrap(await svc.createChallenge({ challenger: alice, variant: "short" }));
    const iref = { kind: "inline", inlineMessageId: "AAQ-xyz" } as const;
    const g2 = unwrap(await svc.acceptChallenge(inline.id, bob, iref)).game;
    expect(g2.message).toEqual(iref);
    expect(g2.chatId).toBeNull();
    const bad = { kind: "chat", chatId: 5 } as unknown as typeof ref;
    expect(
      errorCode(await svc.createChallenge({ challenger: alice, variant: "long", message: bad })),
    ).toBe("bad-input");
  });

  it("records the chat of a message reference", async () => {
    const { svc } = harness();
    const ref = { kind: "chat", chatId: -77, messageId: 5 } as const;
    const c = unwrap(
      await svc.createChallenge({ challenger: alice, variant: "long", message: ref }),
    );
    expect([c.chatId, c.message]).toEqual([-77, ref]);
    const game = unwrap(await svc.acceptChallenge(c.id, bob)).game;
    expect(game.chatId).toBe(-77);
    expect((await svc.activeGames(-77, alice.id)).map((g) => g.id)).toEqual([game.id]);
  });

  it("starts no second game for a pair that is still playing the same series", async () => {
    const { svc } = harness();
    const first = unwrap(
      await svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }),
    );
    const game = unwrap(await svc.acceptChallenge(first.id, bob)).game;
    const again = unwrap(
      await svc.createChallenge({ challenger: bob, chat: CHAT, variant: "long" }),
    );
    const r = await svc.acceptChallenge(again.id, alice);
    expect(r.ok ? null : r.error).toMatchObject({ code: "already-playing", gameId: game.id });
    expect((await svc.getChallenge(again.id))?.status).toBe("pending");
    const short = unwrap(
      await svc.createChallenge({ challenger: bob, chat: CHAT, variant: "short" }),
    );
    expect(unwrap(await svc.acceptChallenge(short.id, alice)).game.variant).toBe("short");
  });

  it("answers unknown ids with not-found", async () => {
    const { svc } = harness();
    expect(errorCode(await svc.acceptChallenge(42, bob))).toBe("not-found");
    expect(errorCode(await svc.declineChallenge(42, bob))).toBe("not-found");
    expect(errorCode(await svc.cancelChallenge(42, bob))).toBe("not-found");
    expect(await svc.getChallenge(42)).toBeNull();
    expect(errorCode(await svc.acceptChallenge(Number.NaN, bob))).toBe("bad-input");
    const nobody = { id: "7", firstName: 3 } as unknown as typeof bob;
    expect(errorCode(await svc.createChallenge({ challenger: nobody, variant: "long" }))).toBe(
      "bad-input",
    );
    expect(errorCode(await svc.rematch(1, nobody))).toBe("bad-input");
  });

  it("keeps the language a player chose, apart from Telegram's", async () => {
    const { svc } = harness();
    expect(await svc.playerLocale(alice.id)).toBeNull();
    expect(errorCode(await svc.setPlayerLocale(alice.id, "ru"))).toBe("not-found");
    expect((await svc.setPlayerLocale(alice, "ru")).ok).toBe(true);
    expect(await svc.playerLocale(alice.id)).toBe("ru");
    unwrap(await svc.createChallenge({ challenger: alice, variant: "long" }));
    expect(await svc.playerLocale(alice.id)).toBe("ru"); // a name refresh keeps the choice
    expect((await svc.setPlayerLocale(alice.id, null)).ok).toBe(true);
    expect(await svc.playerLocale(alice.id)).toBeNull();
    expect(errorCode(await svc.setPlayerLocale(alice.id, "<script>"))).toBe("bad-input");
  });
});

import type { User } from "grammy/types";
import { describe, expect } from "vitest";
import type { RatingChartView } from "../../src/render/rating-chart.js";
import { it } from "./fixtures.js";
import { GROUP, type Harness, USERS } from "./harness.js";

const CHAT = { id: GROUP, type: "supergroup", title: "Nardy club" };
const ref = (u: User) => ({ id: u.id, firstName: u.first_name, languageCode: u.language_code });

/**
 * A game between the two through the service (rated unless told), begun in its board by the
 * bot, which `loser` then resigns (short nardy: a single, accepted).
 */
async function playedGame(
  h: Harness,
  challenger: User,
  accepter: User,
  loser: User,
  { variant = "long" as "long" | "short", rated = true } = {},
): Promise<void> {
  const c = await h.service.createChallenge({
    challenger: ref(challenger),
    chat: CHAT,
    variant,
    rated,
  });
  if (!c.ok) throw new Error(c.error.message);
  const started = await h.service.acceptChallenge(c.value.id, ref(accepter));
  if (!started.ok) throw new Error(started.error.message);
  await h.settle();
  const g = (await h.service.getGame(started.value.game.id))!;
  const kind = variant === "short" ? "single" : undefined;
  const r = await h.service.act(g.id, loser.id, { type: "resign", kind }, g.version);
  if (!r.ok) throw new Error(r.error.message);
  if (!r.value.finished) {
    const other = loser.id === challenger.id ? accepter : challenger;
    const a = await h.service.act(g.id, other.id, { type: "accept-resign" }, r.value.game.version);
    if (!a.ok) throw new Error(a.error.message);
  }
  await h.settle();
}

/** What the stand-in chart of a message shows (test/bot/harness.ts fakeRating). */
function chartOf(photo: Buffer | string | null): RatingChartView {
  const text = String(photo);
  expect(text.startsWith("RATING:")).toBe(true);
  return JSON.parse(text.slice("RATING:".length)) as RatingChartView;
}

describe("/rating", () => {
  for (const [user, start] of [
    [USERS.alice, "You have no rated match yet: everyone starts at 1500."],
    [USERS.olga, "У вас ещё нет рейтинговых матчей: все начинают с 1500."],
    [USERS.taras, "У вас ще немає рейтингових матчів: усі починають з 1500."],
  ] as const) {
    it(`tells a player never rated where everyone starts, and which games are rated (${user.language_code})`, async ({
      h,
    }) => {
      // A game between friends in the chat does not rate anyone.
      await playedGame(h, user, USERS.bob, user, { rated: false });
      await h.send(user, "/rating");
      const reply = h.lastMessage();
      expect(reply.photo).toBeNull();
      expect(reply.text!.startsWith(start)).toBe(true);
      // Which games count, and that a chat's own games go to its /top.
      expect(reply.text).toContain("/top");
      expect(h.tg.problems()).toEqual([]);
    });
  }

  it("after a rated game: a chart, with both games' ratings in its caption", async ({ h }) => {
    await playedGame(h, USERS.alice, USERS.bob, USERS.alice);
    await h.send(USERS.bob, "/rating");
    const reply = h.lastMessage();
    expect(reply.photo).not.toBeNull();
    expect(reply.caption).toBe(
      [
        "📈 <b>Rating of Bob</b>",
        "long nardy: <b>1510</b> · 1 rated match",
        "short nardy: 1500 · no rated match yet",
      ].join("\n"),
    );
    const chart = chartOf(reply.photo);
    expect(chart.title).toBe("Rating of Bob");
    expect(chart.lines).toEqual([
      { variant: "long", label: "long nardy: 1510", ratings: [1500, 1510], firstMatch: 0 },
    ]);

    await h.send(USERS.alice, "/rating");
    expect(h.lastMessage().caption).toContain("long nardy: <b>1490</b> · 1 rated match");
    expect(chartOf(h.lastMessage().photo).lines[0]!.ratings).toEqual([1500, 1490]);
    expect(h.tg.problems()).toEqual([]);
  });

  it("draws at most five charts per person in five minutes", async ({ harness }) => {
    let now = Date.now();
    const h = await harness({ now: () => now });
    await playedGame(h, USERS.alice, USERS.bob, USERS.alice);
    const charts = () => h.tg.chatMessages(GROUP).filter((m) => m.caption?.startsWith("📈"));
    for (let i = 0; i < 5; i++) {
      await h.send(USERS.bob, "/rating");
      now += 10_000;
    }
    expect(charts()).toHaveLength(5);
    await h.send(USERS.bob, "/rating");
    expect(charts()).toHaveLength(5);
    expect(h.lastMessage().text).toMatch(/^⏳ .* Try again in \d+ min\.$/);
    // Someone else may still ask.
    await h.send(USERS.alice, "/rating");
    expect(charts()).toHaveLength(6);
  });
});

describe("/top global", () => {
  it("lists both games' boards, all time and this month; /top stays the chat's", async ({ h }) => {
    await h.send(USERS.alice, "/top global");
    expect(h.lastMessage().text).toMatch(/^Nobody has played a rated match yet/);

    await playedGame(h, USERS.alice, USERS.bob, USERS.alice);
    await playedGame(h, USERS.carol, USERS.alice, USERS.carol, { variant: "short" });
    await playedGame(h, USERS.carol, USERS.bob, USERS.bob, { rated: false });
    await h.send(USERS.alice, "/top global");
    expect(h.lastMessage().text).toBe(
      [
        "🌍 <b>Rating, long nardy: all time</b>",
        "1. Bob · 1510 · 1 match",
        "2. Alice · 1490 · 1 match",
        "",
        "🌍 <b>Rating, long nardy: gained this month</b>",
        "1. Bob · +10.0 · now 1510",
        "2. Alice · −10.0 · now 1490",
        "",
        "🌍 <b>Rating, short nardy: all time</b>",
        "1. Alice · 1510 · 1 match",
        "2. Carol · 1490 · 1 match",
        "",
        "🌍 <b>Rating, short nardy: gained this month</b>",
        "1. Alice · +10.0 · now 1510",
        "2. Carol · −10.0 · now 1490",
      ].join("\n"),
    );

    // The chat's own leaderboard counts every game, rated or not.
    await h.send(USERS.bob, "/top");
    const top = h.lastMessage().text!;
    expect(top).toContain("<b>Top players: long nardy</b>");
    expect(top).toMatch(/Carol · 2 pts · 1\/1 won/);
    expect(top).not.toContain("🌍");
    expect(h.tg.problems()).toEqual([]);
  });

  it("speaks the asker's language", async ({ h }) => {
    await playedGame(h, USERS.olga, USERS.taras, USERS.olga);
    await h.send(USERS.olga, "/top global");
    const ru = h.lastMessage().text!;
    expect(ru).toContain("🌍 <b>Рейтинг, длинные нарды: за всё время</b>");
    expect(ru).toContain("1. Тарас · 1510 · 1 матч");
    expect(ru).toContain("2. Ольга · −10,0 · сейчас 1490");
    await h.send(USERS.taras, "/top global");
    expect(h.lastMessage().text).toContain("1. Тарас · +10,0 · зараз 1510");
  });
});

import { describe, expect, it } from "vitest";
import { remainingPlays } from "../../src/engine/index.js";
import { createLogger } from "../../src/log.js";
import { Dispatcher, type GameView } from "../../src/services/index.js";
import { alice, bob, CHAT, harness, onPostgres, unwrap } from "./helpers.js";

function loggerInto(lines: string[]) {
  return createLogger("error", {
    write: (line: string) => {
      lines.push(line);
    },
  });
}

describe("the dispatcher", () => {
  it("hands each piece of news to its subscribers; one failing is logged and stops no other", async () => {
    const lines: string[] = [];
    const d = new Dispatcher(loggerInto(lines));
    const heard: string[] = [];
    d.on("game", "first", () => {
      throw new Error("the first one broke");
    });
    d.on("game", "second", ({ game }) => {
      heard.push(`game ${game.id}`);
    });
    d.on("tournament", "third", () => {
      heard.push("tournament");
    });
    await d.publish({ kind: "game", game: { id: 7 } as GameView, happened: ["moved"] });
    expect(heard).toEqual(["game 7"]);
    expect(lines).toHaveLength(1);
    expect(JSON.parse(lines[0]!)).toMatchObject({
      level: "error",
      subscriber: "first",
      news: "game",
      err: { message: "the first one broke" },
      msg: "subscriber failed",
    });
  });

  it("awaits asynchronous subscribers in order before it returns; a rejection is logged", async () => {
    const lines: string[] = [];
    const d = new Dispatcher(loggerInto(lines));
    const heard: string[] = [];
    const later = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
    d.on("game", "slow", async () => {
      await later(20);
      heard.push("slow");
    });
    d.on("game", "rejects", async () => {
      await later(1);
      throw new Error("the second one broke");
    });
    d.on("game", "quick", () => {
      heard.push("quick");
    });
    await d.publish({ kind: "game", game: { id: 8 } as GameView, happened: ["moved"] });
    // The slow one finished before the quick one heard: each waits for the one before it.
    expect(heard).toEqual(["slow", "quick"]);
    expect(lines.map((l) => JSON.parse(l))).toMatchObject([
      { subscriber: "rejects", err: { message: "the second one broke" }, msg: "subscriber failed" },
    ]);
  });

  it("an unsubscribe during a publish leaves the others to hear it", async () => {
    const d = new Dispatcher(loggerInto([]));
    const heard: string[] = [];
    let off = () => {};
    d.on("game", "first", () => off());
    off = d.on("game", "second", () => {
      heard.push("second");
    });
    d.on("game", "third", () => {
      heard.push("third");
    });
    await d.publish({ kind: "game", game: { id: 9 } as GameView, happened: ["moved"] });
    expect(heard).toEqual(["second", "third"]);
    await d.publish({ kind: "game", game: { id: 9 } as GameView, happened: ["moved"] });
    expect(heard).toEqual(["second", "third", "third"]);
  });
});

describe("the game service's news", () => {
  const told = () => ({ h: harness({}, "news") });

  it("act says what happened: a play moves and passes the turn; a new game starts", async () => {
    const { h } = told();
    const c = unwrap(
      await h.svc.createChallenge({ challenger: alice, chat: CHAT, variant: "short" }),
    );
    const game = unwrap(await h.svc.acceptChallenge(c.id, bob)).game;
    const play = remainingPlays(game.state)[0]!;
    const r = unwrap(
      await h.svc.act(
        game.id,
        game.waitingFor!,
        {
          type: "play",
          steps: play.steps.map((s) => ({ from: s.from, to: s.to, die: s.die })),
        },
        game.version,
      ),
    );
    expect(r.happened).toEqual(expect.arrayContaining(["moved", "turn-passed"]));
    expect(r.happened).not.toContain("game-over");
  });

  // PostgreSQL's json column takes no damaged text: the damage is SQLite's alone.
  it.skipIf(onPostgres())(
    "a read of a damaged game writes nothing; acting on it records it broken and tells",
    async () => {
      const { h } = told();
      const heard: string[] = [];
      h.svc.follow((g) => void heard.push(`${g.id}:${g.status}`));
      const c = unwrap(
        await h.svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }),
      );
      const game = unwrap(await h.svc.acceptChallenge(c.id, bob)).game;
      heard.length = 0;
      h.database.sqlite.prepare("update games set state = 'not json' where id = ?").run(game.id);
      const status = () =>
        h.database.sqlite.prepare("select status from games where id = ?").pluck().get(game.id);
      expect((await h.svc.getGame(game.id))!.status).toBe("broken");
      expect(await h.svc.gamesToRemind(Date.now() + 1e12)).toEqual([]);
      expect(status()).toBe("active");
      expect(heard).toEqual([]);
      const r = await h.svc.act(game.id, game.waitingFor!, { type: "roll" }, game.version);
      expect(r).toMatchObject({ ok: false, error: { code: "broken" } });
      expect(status()).toBe("broken");
      expect(heard).toEqual([`${game.id}:broken`]);
    },
  );
});

import { describe, expect, it } from "vitest";
import { remainingPlays } from "../../src/engine/index.js";
import { createLogger } from "../../src/log.js";
import { Dispatcher, type GameView } from "../../src/services/index.js";
import { alice, bob, CHAT, harness, unwrap } from "./helpers.js";

function loggerInto(lines: string[]) {
  return createLogger("error", {
    write: (line: string) => {
      lines.push(line);
    },
  });
}

describe("the dispatcher", () => {
  it("hands each piece of news to its subscribers; one failing is logged and stops no other", () => {
    const lines: string[] = [];
    const d = new Dispatcher(loggerInto(lines));
    const heard: string[] = [];
    d.on("game", "first", () => {
      throw new Error("the first one broke");
    });
    d.on("game", "second", ({ game }) => heard.push(`game ${game.id}`));
    d.on("tournament", "third", () => heard.push("tournament"));
    d.publish({ kind: "game", game: { id: 7 } as GameView, happened: ["moved"] });
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
});

describe("the game service's news", () => {
  const told = () => ({ h: harness({}, "news") });

  it("act says what happened: a play moves and passes the turn; a new game starts", () => {
    const { h } = told();
    const c = unwrap(h.svc.createChallenge({ challenger: alice, chat: CHAT, variant: "short" }));
    const game = unwrap(h.svc.acceptChallenge(c.id, bob)).game;
    const play = remainingPlays(game.state)[0]!;
    const r = unwrap(
      h.svc.act(
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

  it("a read of a damaged game writes nothing; acting on it records it broken and tells", () => {
    const { h } = told();
    const heard: string[] = [];
    h.svc.follow((g) => heard.push(`${g.id}:${g.status}`));
    const c = unwrap(h.svc.createChallenge({ challenger: alice, chat: CHAT, variant: "long" }));
    const game = unwrap(h.svc.acceptChallenge(c.id, bob)).game;
    heard.length = 0;
    h.database.sqlite.prepare("update games set state = 'not json' where id = ?").run(game.id);
    const status = () =>
      h.database.sqlite.prepare("select status from games where id = ?").pluck().get(game.id);
    expect(h.svc.getGame(game.id)!.status).toBe("broken");
    expect(h.svc.gamesToRemind(Date.now() + 1e12)).toEqual([]);
    expect(status()).toBe("active");
    expect(heard).toEqual([]);
    const r = h.svc.act(game.id, game.waitingFor!, { type: "roll" }, game.version);
    expect(r).toMatchObject({ ok: false, error: { code: "broken" } });
    expect(status()).toBe("broken");
    expect(heard).toEqual([`${game.id}:broken`]);
  });
});

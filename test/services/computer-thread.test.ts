import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { describe, expect, it } from "vitest";
import { benchTimeline } from "../../bench/replay.js";
import { chooseAction, type Player } from "../../src/ai/index.js";
import type { GameState, Variant } from "../../src/engine/index.js";
import {
  type ComputerThread,
  type Decide,
  type DecideRequest,
  decideHere,
} from "../../src/services/index.js";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** The compiled thread, as npm start and the image run it (the sources decide in place). */
async function compiledThread(): Promise<ComputerThread> {
  const url = pathToFileURL(path.join(ROOT, "dist/services/computer-thread.js")).href;
  const built = (await import(url)) as { computerThread: () => ComputerThread };
  return built.computerThread();
}

/** Every `every`-th position of a seeded game that waits for a decision: rolls, cubes, moves. */
function positions(variant: Variant, seed: number, every: number): GameState[] {
  const { transitions } = benchTimeline(seed, variant).timeline;
  const seen = [...new Set(transitions.map((t) => t.before))];
  return seen.filter((s, i) => i % every === 0 && chooseAction(s, { player: "pipcount" }));
}

/** `use` with a compiled thread, closed after. */
async function withThread(use: (thread: ComputerThread) => Promise<void>): Promise<void> {
  const thread = await compiledThread();
  try {
    await use(thread);
  } finally {
    await thread.close();
  }
}

function requests(player: Player): DecideRequest[] {
  return (["short", "long"] as const).flatMap((variant) =>
    positions(variant, 7, 4)
      .slice(0, 8)
      .map((state, i) => ({ state, player, series: null, seed: 1000 + i })),
  );
}

/** Event-loop turns that pass before `decide` answers. */
async function turnsWhileDeciding(decide: Decide, request: DecideRequest): Promise<number> {
  let answered = false;
  const answer = decide(request).then(() => {
    answered = true;
  });
  let turns = 0;
  while (!answered) {
    await new Promise((r) => setImmediate(r));
    if (!answered) turns++;
  }
  await answer;
  return turns;
}

describe("the computer's decisions in a worker thread (compiled, from dist/)", () => {
  it("are the decisions made here, easy and hard (the easy level's noise from the request's seed)", async () => {
    await withThread(async (thread) => {
      for (const player of ["easy", "hard"] as const) {
        const asked = requests(player);
        expect(asked.length).toBe(16);
        // All at once, as several games would ask: answered each to its own request.
        const there = await Promise.all(asked.map((r) => thread.decide(r)));
        const here = await Promise.all(asked.map((r) => decideHere(r)));
        expect(there).toEqual(here);
        expect(there.every((m) => m !== null)).toBe(true);
        expect(there.filter((m) => m!.play).length).toBeGreaterThan(4);
      }
    });
  }, 120_000);

  it("leave this thread free while they are made", async () => {
    await withThread(async (thread) => {
      const request = requests("hard").find((r) => r.state.phase === "move")!;
      expect(await turnsWhileDeciding(decideHere, request)).toBe(0);
      expect(await turnsWhileDeciding(thread.decide, request)).toBeGreaterThan(0);
    });
  }, 60_000);

  it("a request that fails is refused with its reason, and the next one is answered", async () => {
    await withThread(async (thread) => {
      const good = requests("easy").find((r) => r.state.phase === "move")!;
      const broken = { ...good, state: { ...good.state, board: null } } as unknown as DecideRequest;
      await expect(thread.decide(broken)).rejects.toThrow(/^computer thread: /);
      // One that cannot even be sent is refused at once.
      const unsendable = { ...good, series: () => null } as unknown as DecideRequest;
      await expect(thread.decide(unsendable)).rejects.toThrow(/could not be cloned/);
      expect(await thread.decide(good)).toEqual(await decideHere(good));
    });
  }, 60_000);

  it("an idle thread does not keep the process alive: a script that decided once ends by itself", async () => {
    const request = requests("hard").find((r) => r.state.phase === "move")!;
    const url = pathToFileURL(path.join(ROOT, "dist/services/computer-thread.js")).href;
    const dir = mkdtempSync(path.join(tmpdir(), "computer-thread-"));
    const script = path.join(dir, "decide-once.mjs");
    writeFileSync(
      script,
      `const { computerThread } = await import(${JSON.stringify(url)});
      let input = "";
      for await (const chunk of process.stdin) input += chunk;
      const move = await computerThread().decide(JSON.parse(input));
      process.stdout.write(JSON.stringify(move));`,
    );
    try {
      const run = spawnSync(process.execPath, [script], {
        input: JSON.stringify(request),
        encoding: "utf8",
        timeout: 30_000,
      });
      expect(run.stderr).toBe("");
      expect(run.status).toBe(0);
      expect(JSON.parse(run.stdout)).toEqual(await decideHere(request));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it("closing refuses what waits; a later request starts a new thread", async () => {
    const thread = await compiledThread();
    const request = requests("hard").find((r) => r.state.phase === "move")!;
    const refused = expect(thread.decide(request)).rejects.toThrow(/closed/);
    await thread.close();
    await refused;
    try {
      expect(await thread.decide(request)).toEqual(await decideHere(request));
    } finally {
      await thread.close();
    }
  }, 60_000);
});

import { describe, expect } from "vitest";
import { captionText } from "../../bench/testkit/index.js";
import { createI18n, LOCALES, translator } from "../../src/bot/i18n.js";
import { gameCaption } from "../../src/bot/ui/caption.js";
import { type LoggedTurn, TURN_LOG_LIMIT, type TurnLog } from "../../src/engine/index.js";
import type { GameView } from "../../src/services/index.js";
import { FORCED_DOUBLE_SIX } from "../helpers/turns.js";
import { it } from "../services/fixtures.js";
import { CHAT, harness, unwrap } from "../services/helpers.js";

const i18n = createI18n(() => "en");

/** A new game between two players with the longest names a caption can meet. */
async function gameWithLongNames(variant: "long" | "short"): Promise<GameView> {
  const { svc } = harness({}, `caption-${variant}`);
  const a = { id: 1, firstName: "&<>".repeat(10), lastName: "Ж".repeat(40) };
  const b = { id: 2, firstName: "🎲".repeat(30) };
  const c = unwrap(await svc.createChallenge({ challenger: a, chat: CHAT, variant }));
  return unwrap(await svc.acceptChallenge(c.id, b)).game;
}

const double = FORCED_DOUBLE_SIX;

describe("the caption under the board", () => {
  it("lists the turns the waiting player has not seen, forced ones marked", async () => {
    const g = await gameWithLongNames("short");
    const waiting = g.state.turn;
    const mine: LoggedTurn = { ...double, color: "white", auto: false };
    const log: TurnLog = {
      ...g.turnLog!,
      [waiting]: { fromStart: false, actedTurn: 1, turns: [mine, double] },
    };
    const text = gameCaption(translator(i18n, "en"), { ...g, turnLog: log });
    expect(text).toContain("⚪ 6-6: 24/18* 24/18 13/7* 13/7");
    expect(text).toContain("⚫ 6-6: 24/18* 24/18 13/7* 13/7 (forced)");
    expect(text).not.toContain("last:");
    // Once the player has acted, the opening lot and the commitment are no news to them.
    expect(text).not.toContain("dice commitment");
  });

  it("stays within Telegram's 1024 characters in every language, at its longest", async () => {
    for (const variant of ["long", "short"] as const) {
      const g = await gameWithLongNames(variant);
      const turns = Array.from({ length: TURN_LOG_LIMIT }, () => double);
      const side = { fromStart: true, actedTurn: null, turns };
      for (const locale of LOCALES) {
        const text = gameCaption(translator(i18n, locale), {
          ...g,
          turnLog: { white: side, black: side },
        });
        const parsed = captionText(text, "HTML");
        expect(parsed.ok, JSON.stringify(parsed)).toBe(true);
        expect(text).toContain("<code>");
      }
    }
  });
});

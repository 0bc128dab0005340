import { describe, expect } from "vitest";
import { createI18n, translator } from "../../src/bot/i18n.js";
import { refusalText } from "../../src/web/texts.js";
import { it } from "../services/fixtures.js";
import { harness, unwrap } from "../services/helpers.js";

const t = translator(
  createI18n(() => "en"),
  "en",
);

describe("the page's refusals", () => {
  it("a claim by the player whose resignation offer waits names who is to answer", async () => {
    const { svc, clock } = harness({ idleMs: 1000 }, "web-refusal");
    const c = unwrap(
      await svc.createChallenge({
        challenger: { id: 1, firstName: "Alice" },
        chat: { id: -7, type: "supergroup" },
        variant: "short",
      }),
    );
    const g = unwrap(
      await svc.acceptChallenge(c.id, { id: 2, firstName: "Bob", lastName: "B" }),
    ).game;
    const offerer = g.waitingFor!;
    const answerer = offerer === 1 ? 2 : 1;
    const offered = unwrap(
      await svc.act(g.id, offerer, { type: "resign", kind: "single" }, g.version),
    );
    clock.advance(2000);
    const r = await svc.act(g.id, offerer, { type: "claim-timeout" }, offered.game.version);
    expect(r.ok).toBe(false);
    const text = r.ok ? "" : refusalText(t, r.error);
    expect(text).toContain(answerer === 1 ? "Alice" : "Bob B");
    expect(text).not.toContain("{");
  });
});

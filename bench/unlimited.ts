import type { BudgetRules } from "../src/bot/outbox/budget.js";

/**
 * No budget at all: for benches of the bot's own work per press (the fake's flood limits off
 * too), and the baseline the paced runs are held against.
 */
export const UNLIMITED: BudgetRules = {
  group: {
    kind: "window",
    count: Number.MAX_SAFE_INTEGER,
    windowMs: 1,
    burst: Number.MAX_SAFE_INTEGER,
  },
  private: { kind: "bucket", burst: Number.MAX_SAFE_INTEGER, refillMs: 1 },
};

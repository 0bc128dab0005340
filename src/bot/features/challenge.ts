import { Composer } from "grammy";
import { onButton } from "../buttons.js";
import { sharedCopySealer } from "../card-seal.js";
import type { BotContext } from "../context.js";
import { playCommand } from "./challenge/play.js";
import { challengePress } from "./challenge/press.js";
import type { ChallengeScope } from "./challenge/scope.js";
import type { FeatureDeps } from "./deps.js";

/** `/play` and the Accept / Decline / Cancel buttons of a challenge. */
export function challengeFeature(deps: FeatureDeps): Composer<BotContext> {
  const scope: ChallengeScope = {
    deps,
    ttlMinutes: Math.round(deps.config.challengeTtlMs / 60_000),
    sealCopy: sharedCopySealer(deps.config.token),
  };
  const composer = new Composer<BotContext>();
  composer.command("play", (ctx) => playCommand(scope, ctx));
  onButton(composer, "challenge", (ctx, p) => challengePress(scope, ctx, p));
  return composer;
}

import { Composer } from "grammy";
import { onButton } from "../../buttons.js";
import type { BotContext } from "../../context.js";
import { sharedCopySealer } from "./card-seal.js";
import type { ChallengeDeps } from "./deps.js";
import { playCommand } from "./play.js";
import { challengePress } from "./press.js";
import type { ChallengeScope } from "./scope.js";

/** `/play` and the Accept / Decline / Cancel buttons of a challenge. */
export function challengeFeature(deps: ChallengeDeps): Composer<BotContext> {
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

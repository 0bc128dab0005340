import type { ChallengeInput } from "../../services/index.js";
import type { TournamentInput } from "../../services/tournaments/index.js";
import type { FeatureDeps } from "./deps.js";

/**
 * A challenge or tournament made from a message in `locale`: its card, messages and games are
 * written in that language. The service knows no languages; the front end's store keeps it.
 */
export const challengeIn = (
  deps: Pick<FeatureDeps, "service" | "messages">,
  input: ChallengeInput,
  locale: string,
) => deps.messages.writtenIn(locale, async () => deps.service.createChallenge(input));

export const tournamentIn = (
  deps: Pick<FeatureDeps, "tournaments" | "messages">,
  input: TournamentInput,
  locale: string,
) => deps.messages.writtenIn(locale, async () => deps.tournaments.create(input));

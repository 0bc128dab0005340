import type { FrontEnd, MessageRef } from "../../src/services/index.js";

/**
 * The front end a service used on its own runs on (tests, benches): places kept in memory,
 * every chat open. The app hands the services the Telegram front end's store instead.
 */
export function memoryFrontEnd(): FrontEnd {
  const games = new Map<number, MessageRef>();
  const challenges = new Map<number, MessageRef>();
  const port: FrontEnd = {
    gameCreated: async () => {},
    challengeCreated: async () => {},
    tournamentCreated: async () => {},
    gameMessage: async (id) => games.get(id) ?? null,
    setGameMessage: async (id, ref) => void games.set(id, ref),
    challengeMessage: async (id) => challenges.get(id) ?? null,
    setChallengeMessage: async (id, ref) => void challenges.set(id, ref),
    isChatLost: () => false,
    // Memory takes no part in a transaction: a rolled-back game's place stays (ids are new).
    within: () => port,
  };
  return port;
}

import type { GameService } from "./game-service.js";

export interface AuditResult {
  readonly checked: number;
  readonly broken: number;
}

/**
 * Checks every active game in full (see auditProblem), one at a time and yielding between
 * games, so a large database is checked while updates go on; damaged games are marked
 * broken on the way. Run at start-up: damage that passes the database's own check (a state
 * that does not parse, a log that does not replay) is found before anyone presses.
 */
export async function auditActiveGames(
  service: GameService,
  stopped: () => boolean = () => false,
): Promise<AuditResult> {
  let checked = 0;
  let broken = 0;
  for (const id of await service.activeGameIds()) {
    if (stopped()) break;
    if (await service.auditGame(id)) broken++;
    checked++;
    await new Promise((resolve) => setImmediate(resolve));
  }
  return { checked, broken };
}

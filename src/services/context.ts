import {
  ChallengesRepo,
  ChatsRepo,
  ClockMarksRepo,
  type Db,
  GamesRepo,
  PlayersRepo,
  RatingsRepo,
  SeeksRepo,
  SeriesRepo,
  StrangersRepo,
  TournamentsRepo,
} from "../db/index.js";
import type { FrontEnd } from "./front-end.js";
import type { ServiceConfig } from "./types.js";

/**
 * What the service's parts share: one connection's repositories, the configuration, and the
 * front end's port.
 */
export class ServiceContext {
  readonly players: PlayersRepo;
  readonly chats: ChatsRepo;
  readonly challenges: ChallengesRepo;
  readonly games: GamesRepo;
  readonly series: SeriesRepo;
  readonly tournaments: TournamentsRepo;
  readonly clockMarks: ClockMarksRepo;
  /** The ratings across chats (rated games only; see rating.ts). */
  readonly ratings: RatingsRepo;
  readonly seeks: SeeksRepo;
  /** What passes between strangers paired in the lobby: names, phrases, blocks, reports. */
  readonly strangers: StrangersRepo;

  constructor(
    readonly db: Db,
    readonly config: ServiceConfig,
    readonly frontEnd: FrontEnd,
  ) {
    this.players = new PlayersRepo(db);
    this.chats = new ChatsRepo(db);
    this.challenges = new ChallengesRepo(db);
    this.games = new GamesRepo(db);
    this.series = new SeriesRepo(db);
    this.tournaments = new TournamentsRepo(db);
    this.clockMarks = new ClockMarksRepo(db);
    this.ratings = new RatingsRepo(db);
    this.seeks = new SeeksRepo(db);
    this.strangers = new StrangersRepo(db);
  }

  /**
   * Runs `fn` as one transaction: it reads and writes alone, and lands all or nothing. `t` is
   * the context bound to it (its repositories and front end run inside it); everything the
   * body does goes through `t`, the context it was opened from is refused meanwhile.
   */
  tx<T>(fn: (t: ServiceContext) => Promise<T>): Promise<T> {
    return this.db.transaction((tx) =>
      fn(new ServiceContext(tx, this.config, this.frontEnd.within(tx))),
    );
  }
}

import type { I18n } from "@grammyjs/i18n";
import type { Context } from "grammy";
import type { BotConfig } from "../../config.js";
import type { MessageStore } from "../../db/telegram/message-store.js";
import type { SeekMessageStore } from "../../db/telegram/seek-messages.js";
import type { TournamentMessageStore } from "../../db/telegram/tournament-messages.js";
import type { Logger } from "../../log.js";
import type { RenderDecisions } from "../../render/decision.js";
import type { RenderRatingChart } from "../../render/rating-chart.js";
import type { RenderReplay } from "../../render/replay.js";
import type {
  Analyse,
  GameReviews,
  GameService,
  LobbyService,
  PlayerRef,
  TournamentService,
} from "../../services/index.js";
import type { Translate } from "../../texts/translate.js";
import type { PressAnswers } from "../answers.js";
import type { BoardSync } from "../boards.js";
import type { Locale } from "../i18n.js";
import type { MessageMemo } from "../message-memo.js";
import type { PersonLimits } from "../person-limits.js";
import type { PrivateBoards } from "../private-boards.js";
import type { ReviewQueue } from "../review-queue.js";
import type { WrittenTexts } from "../written-texts.js";
import type { TournamentBoards } from "./tournament/boards.js";

/** Where a user's chosen language is kept. */
export interface LocalePrefs {
  get(userId: number): Promise<Locale | null>;
  set(user: PlayerRef, locale: Locale): Promise<void>;
}

/** What every feature composer is built from. */
export interface FeatureDeps {
  readonly config: BotConfig;
  readonly service: GameService;
  /** Where games and challenges are shown; the chats the bot has lost. */
  readonly messages: MessageStore;
  /** Where each tournament's card and standings are. */
  readonly tournamentMessages: TournamentMessageStore;
  /** The messages that show a seek's ✖️ Stop looking. */
  readonly seekMessages: SeekMessageStore;
  /** Finished games looked back on: history, records, replays, analyses. */
  readonly reviews: GameReviews;
  readonly boards: BoardSync;
  /** Players' own boards, in their private chats. */
  readonly privateBoards: PrivateBoards;
  readonly tournaments: TournamentService;
  readonly lobby: LobbyService;
  /** The tournaments' cards and standings pictures, kept up to date. */
  readonly tournamentBoards: TournamentBoards;
  readonly answers: PressAnswers;
  /** Whether an update is handled again after a restart (the process before may have acted). */
  readonly isReplay: (updateId: number) => boolean;
  readonly i18n: I18n<Context>;
  /** Texts in one language (a game's, a challenge's). */
  readonly textsFor: (locale: string | null) => Translate;
  /** Texts in the language of a game or challenge. */
  readonly textsOf: WrittenTexts;
  readonly logger: Logger;
  readonly prefs: LocalePrefs;
  /** What each message shows, as the bot last wrote it. */
  readonly memo: MessageMemo;
  /** The bot's own user as a player, when the computer opponent plays; null otherwise. */
  readonly computer: PlayerRef | null;
  /** What one person may ask for in a while: challenges, /history, /analysis. */
  readonly limits: PersonLimits;
  /** Analyses to post, a fixed number at a time. */
  readonly analyses: ReviewQueue;
  /** Replays to draw and send, a fixed number at a time. */
  readonly replays: ReviewQueue;
  readonly renderReplay: RenderReplay;
  /** Analyses a finished game (in a worker thread in the running bot). */
  readonly analyse: Analyse;
  /** Draws analysed decisions as one picture: the play made and the best play of each. */
  readonly renderDecisions: RenderDecisions;
  /** Draws a player's rating over their rated matches (/rating). */
  readonly renderRating: RenderRatingChart;
}

import { autoRetry } from "@grammyjs/auto-retry";
import { conversations, type VersionedStateStorage } from "@grammyjs/conversations";
import { sequentialize } from "@grammyjs/runner";
import { type ApiClientOptions, Bot, type BotError, type Context, type MiddlewareFn } from "grammy";
import type { UserFromGetMe } from "grammy/types";
import type { BotConfig } from "../config.js";
import type { Logger } from "../log.js";
import type { GameService } from "../services/index.js";
import type { BotContext, InnerContext } from "./context.js";
import { basicsFeature } from "./features/basics.js";
import { challengeFeature } from "./features/challenge.js";
import type { FeatureDeps, LocalePrefs } from "./features/deps.js";
import { gameFeature } from "./features/game.js";
import { inlineFeature } from "./features/inline.js";
import { newGameFeature } from "./features/new-game.js";
import { resignFeature } from "./features/resign.js";
import { settingsFeature } from "./features/settings.js";
import { statsFeature } from "./features/stats.js";
import type { PlayVsBot } from "./features/vs-bot.js";
import { GameMessenger, type PhotoUploader, type RenderBoard } from "./game-messenger.js";
import { GamePresenter } from "./game-presenter.js";
import { createI18n, localeOf } from "./i18n.js";
import { Maintenance } from "./maintenance.js";
import { updateKeys } from "./update-keys.js";

export interface BotDeps {
  readonly service: GameService;
  readonly renderBoard: RenderBoard;
  readonly logger: Logger;
  readonly prefs: LocalePrefs;
  /** Tests give this so no getMe is sent. */
  readonly botInfo?: UserFromGetMe;
  /** Tests answer every API call here; conversations use it too. */
  readonly fetch?: ApiClientOptions["fetch"];
  /** Builds the computer opponent once the bot exists (it moves through the same presenter). */
  readonly vsBot?: (parts: BotParts) => PlayVsBot;
  /** Where set-up dialogs keep their state (in memory when absent: a restart drops them). */
  readonly dialogs?: DialogStorage;
  /** Gets a file id for a board picture, for inline messages. */
  readonly photoUploader?: (api: Bot<BotContext>["api"]) => PhotoUploader | null;
}

/** Reads and writes opaque dialog state by key. */
export interface DialogStorage {
  read(key: string): unknown;
  write(key: string, value: unknown): void;
  delete(key: string): void;
}

export interface BotParts {
  readonly bot: Bot<BotContext>;
  readonly presenter: GamePresenter;
  readonly maintenance: Maintenance;
  readonly deps: FeatureDeps;
}

/** Builds the bot; no API call happens here. */
export function createBot(config: BotConfig, deps: BotDeps): BotParts {
  const client: ApiClientOptions = {
    ...(config.apiRoot ? { apiRoot: config.apiRoot } : {}),
    ...(deps.fetch ? { fetch: deps.fetch } : {}),
  };
  const bot = new Bot<BotContext>(config.token, {
    client,
    ...(deps.botInfo ? { botInfo: deps.botInfo } : {}),
  });
  const retry = autoRetry({ maxRetryAttempts: 3, maxDelaySeconds: 60 });
  bot.api.config.use(retry);

  const { logger, service } = deps;
  const i18n = createI18n<Context>(
    (ctx) => deps.prefs.get(ctx.from?.id ?? 0) ?? localeOf(ctx.from?.language_code),
  );
  const uploader = deps.photoUploader?.(bot.api) ?? null;
  const messenger = new GameMessenger(bot.api, deps.renderBoard, logger, uploader);
  const presenter = new GamePresenter(service, messenger, i18n, logger);
  const featureDeps: FeatureDeps = { config, service, presenter, i18n, logger, prefs: deps.prefs };
  const ownId = deps.botInfo?.id ?? null;
  const maintenance = new Maintenance(bot.api, service, presenter, i18n, logger, ownId);
  const parts: BotParts = { bot, presenter, maintenance, deps: featureDeps };
  const vsBot = deps.vsBot?.(parts) ?? null;

  // Presses on one game (or challenge, or chat) run one at a time; others run in parallel.
  bot.use(sequentialize(updateKeys));
  bot.use(i18n.middleware() as MiddlewareFn<BotContext>);
  const insideConversations: MiddlewareFn<InnerContext> = (ctx, next) => {
    ctx.api.config.use(retry);
    return (i18n.middleware() as MiddlewareFn<InnerContext>)(ctx, next);
  };
  bot.use(
    conversations<BotContext, InnerContext>({
      storage: {
        type: "key",
        // One dialog per person per chat, so two people can set up games at once.
        getStorageKey: (ctx) =>
          ctx.chatId !== undefined && ctx.from ? `${ctx.chatId}:${ctx.from.id}` : undefined,
        // Bump when the dialog's steps change: older saved dialogs are then dropped.
        version: 1,
        adapter: (deps.dialogs ?? memoryStorage()) as VersionedStateStorage<string, never>,
      },
    }),
  );

  const features = bot.errorBoundary(async (err) => {
    logger.error({ err: err.error, update: err.ctx.update.update_id }, "update failed");
    await tellUser(err.ctx);
  });
  features.use(basicsFeature(featureDeps));
  features.use(newGameFeature(featureDeps, insideConversations, vsBot));
  features.use(challengeFeature(featureDeps, vsBot));
  features.use(inlineFeature(featureDeps, deps.renderBoard, uploader));
  features.use(resignFeature(featureDeps));
  features.use(gameFeature(featureDeps));
  features.use(statsFeature(featureDeps));
  features.use(settingsFeature(featureDeps));
  // A button nobody handles any more (e.g. a set-up dialog lost in a restart).
  features.on("callback_query", (ctx) =>
    ctx.answerCallbackQuery({ text: ctx.t("err-inactive-button") }),
  );

  bot.catch((err: BotError<BotContext>) => {
    logger.error({ err: err.error, update: err.ctx.update.update_id }, "unhandled error");
  });
  return parts;
}

/** After a failure, answer the press or say sorry, without ever throwing from here. */
async function tellUser(ctx: BotContext): Promise<void> {
  try {
    if (ctx.callbackQuery)
      await ctx.answerCallbackQuery({ text: ctx.t("err-generic"), show_alert: true });
    else if (ctx.chat && ctx.message) await ctx.reply(ctx.t("err-generic"));
  } catch {
    // Telegram itself may be what failed.
  }
}

function memoryStorage<S>() {
  const map = new Map<string, S>();
  return {
    read: (key: string) => map.get(key),
    write: (key: string, value: S) => {
      map.set(key, value);
    },
    delete: (key: string) => {
      map.delete(key);
    },
  };
}

import type { I18n } from "@grammyjs/i18n";
import type { Api, Context } from "grammy";
import type { Logger } from "../log.js";
import type { GameService } from "../services/index.js";
import type { GamePresenter } from "./game-presenter.js";
import { translator } from "./i18n.js";
import { isMessageGone, isNotModified } from "./telegram-errors.js";
import { challengeClosedText } from "./ui/challenge-text.js";
import { htmlName, mention } from "./ui/names.js";

/**
 * The work no update triggers: expiring challenges, reminding idle players once, and
 * offering the waiting player a claim after twice the idle time.
 */
export class Maintenance {
  private timer: NodeJS.Timeout | null = null;
  private readonly tickListeners: (() => void)[] = [];
  /** Game versions whose board already shows the claim button. */
  private readonly claimShown = new Set<string>();

  constructor(
    private readonly api: Api,
    private readonly service: GameService,
    private readonly presenter: GamePresenter,
    private readonly i18n: I18n<Context>,
    private readonly logger: Logger,
    /** The bot's own user: never reminded to move. */
    private readonly ownId: number | null = null,
  ) {}

  /** Runs at the start of every tick (e.g. the computer opponent picking up its turns). */
  onTick(listener: () => void): void {
    this.tickListeners.push(listener);
  }

  /** Ticks now, to catch up after a restart, and then every `everyMs`. */
  start(everyMs = 60_000): void {
    const run = () => {
      this.tick().catch((e) => this.logger.error({ err: e }, "maintenance failed"));
    };
    run();
    this.timer = setInterval(run, everyMs);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  async tick(now = Date.now()): Promise<void> {
    for (const listener of this.tickListeners) listener();
    for (const c of this.service.expireChallenges(now)) {
      const t = translator(this.i18n, c.locale);
      const text = challengeClosedText(t, c, "challenge-expired");
      const other = { parse_mode: "HTML" as const, reply_markup: { inline_keyboard: [] } };
      await this.quietly(async () => {
        if (c.message?.kind === "chat")
          await this.api.editMessageText(c.message.chatId, c.message.messageId, text, other);
        else if (c.message?.kind === "inline")
          await this.api.editMessageTextInline(c.message.inlineMessageId, text, other);
      });
    }
    for (const g of this.service.gamesToRemind(now)) {
      this.service.markReminded(g.id);
      if (g.chatId === null || g.waitingFor === null || g.waitingFor === this.ownId) continue;
      const waiting = g.waitingFor === g.white.id ? g.white : g.black;
      const opponent = g.waitingFor === g.white.id ? g.black : g.white;
      const t = translator(this.i18n, g.locale);
      const replyTo = g.message?.kind === "chat" ? g.message.messageId : undefined;
      await this.quietly(() =>
        this.api.sendMessage(
          g.chatId!,
          t("idle-reminder", { name: mention(waiting), other: htmlName(opponent) }),
          {
            parse_mode: "HTML",
            ...(replyTo
              ? { reply_parameters: { message_id: replyTo, allow_sending_without_reply: true } }
              : {}),
          },
        ),
      );
    }
    for (const g of this.service.claimableGames(now)) {
      const key = `${g.id}:${g.version}`;
      if (this.claimShown.has(key)) continue;
      this.claimShown.add(key);
      await this.quietly(() => this.presenter.show(g, { claimable: true }));
    }
  }

  private async quietly(fn: () => Promise<unknown>): Promise<void> {
    try {
      await fn();
    } catch (e) {
      if (!isNotModified(e) && !isMessageGone(e))
        this.logger.warn({ err: e }, "maintenance message failed");
    }
  }
}

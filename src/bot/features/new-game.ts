import { type Conversation, createConversation } from "@grammyjs/conversations";
import { Composer, type MiddlewareFn } from "grammy";
import type { InlineKeyboardButton } from "grammy/types";
import {
  BLOCK_RULES,
  defaultRules,
  HEAD_RULES,
  type MatchRule,
  NEXT_STARTERS,
  OPENING_RULES,
  presetNames,
  presetRules,
  type Rules,
  SCORINGS,
  type Variant,
} from "../../engine/index.js";
import type { BotContext, InnerContext } from "../context.js";
import { translator } from "../i18n.js";
import { challengeKeyboard, challengeText } from "../ui/challenge-text.js";
import type { FeatureDeps } from "./deps.js";
import { errorText } from "./errors-text.js";
import { playerRef } from "./player-ref.js";
import type { PlayVsBot } from "./vs-bot.js";

type Choice = { readonly value: string; readonly label: string };

class Cancelled extends Error {}

const MATCHES: Record<string, MatchRule> = {
  running: { kind: "running" },
  p3: { kind: "points", to: 3 },
  p5: { kind: "points", to: 5 },
  p7: { kind: "points", to: 7 },
  g3: { kind: "games", count: 3 },
  g5: { kind: "games", count: 5 },
};

/**
 * `/new`: variant → preset → (custom: every option) → match → opponent, on one message
 * edited at each step. Only the starter's presses count; Cancel ends it at any step.
 * Database writes happen only inside `conversation.external`.
 */
export function newGameFeature(
  deps: FeatureDeps,
  i18nPlugin: MiddlewareFn<InnerContext>,
  vsBot: PlayVsBot | null,
): Composer<BotContext> {
  const composer = new Composer<BotContext>();
  const ttlMinutes = Math.round(deps.config.challengeTtlMs / 60_000);

  async function dialog(conversation: Conversation<BotContext, InnerContext>, ctx: InnerContext) {
    const starter = ctx.from!.id;
    const chat = ctx.chat!;
    const t = ctx.t;
    const sent = await ctx.reply(t("new-variant"), { reply_markup: keyboard([], t("btn-cancel")) });

    const ask = async (question: string, choices: Choice[]): Promise<string> => {
      await ctx.api.editMessageText(chat.id, sent.message_id, question, {
        parse_mode: "HTML",
        reply_markup: keyboard(choices, t("btn-cancel")),
      });
      for (;;) {
        const press = await conversation.waitForCallbackQuery(/^n:/);
        if (press.from.id !== starter) {
          await press.answerCallbackQuery({ text: t("new-not-yours"), show_alert: true });
          continue;
        }
        await press.answerCallbackQuery();
        const value = press.callbackQuery.data.slice(2);
        if (value === "x") throw new Cancelled();
        if (choices.some((c) => c.value === value)) return value;
      }
    };
    const opts = (values: readonly string[], prefix: string): Choice[] =>
      values.map((v) => ({ value: v, label: t(`${prefix}-${v}`) }));
    const yesNo = (prefix: string): Choice[] => [
      { value: "on", label: t(`${prefix}-on`) },
      { value: "off", label: t(`${prefix}-off`) },
    ];

    try {
      const variant = (await ask(t("new-variant"), opts(["long", "short"], "variant"))) as Variant;
      const preset = await ask(t("new-preset"), [
        ...opts(presetNames(variant), "preset"),
        { value: "custom", label: t("preset-custom") },
      ]);
      let rules: Rules =
        preset === "custom" ? defaultRules(variant) : presetRules(variant, preset)!;
      if (preset === "custom") {
        const o: Partial<Record<keyof Rules, unknown>> = {};
        if (variant === "long") {
          o.head = await ask(t("new-head"), opts(HEAD_RULES, "opt-head"));
          o.block = await ask(t("new-block"), opts(BLOCK_RULES, "opt-block"));
          o.scoring = await ask(t("new-scoring"), opts(SCORINGS, "opt-scoring"));
          o.lastRoll = (await ask(t("new-lastRoll"), yesNo("opt-lastRoll"))) === "on";
        }
        o.opening = await ask(t("new-opening"), opts(OPENING_RULES, "opt-opening"));
        o.cube = (await ask(t("new-cube"), yesNo("opt-cube"))) === "on";
        o.nextStarter = await ask(t("new-next"), opts(NEXT_STARTERS, "opt-next"));
        rules = defaultRules(variant, o as Partial<Rules>);
      }
      const matchKey = await ask(
        t("new-match"),
        Object.keys(MATCHES).map((k) => ({ value: k, label: t(`new-match-${k}`) })),
      );
      rules = { ...rules, match: MATCHES[matchKey]! };
      if (rules.cube && rules.match.kind === "running" && preset === "custom")
        rules = { ...rules, jacoby: (await ask(t("new-jacoby"), yesNo("opt-jacoby"))) === "on" };
      const opponent = await ask(t("new-opponent"), [
        { value: "open", label: t("new-opponent-open") },
        { value: "bot", label: t("new-opponent-bot") },
        { value: "name", label: t("new-opponent-name") },
      ]);
      let username: string | null = null;
      if (opponent === "bot") {
        await ctx.api.editMessageText(chat.id, sent.message_id, t("new-done-bot"), {
          reply_markup: { inline_keyboard: [] },
        });
        if (vsBot) await conversation.external((outer) => vsBot(outer, variant, rules));
        return;
      }
      if (opponent === "name") {
        await ctx.api.editMessageText(chat.id, sent.message_id, t("new-ask-username"), {
          reply_markup: keyboard([], t("btn-cancel")),
        });
        for (;;) {
          const reply = await conversation
            .waitFrom(starter)
            .and((c): c is typeof c => Boolean(c.message?.text || c.callbackQuery?.data === "n:x"));
          if (reply.callbackQuery) {
            await reply.answerCallbackQuery();
            throw new Cancelled();
          }
          const text = reply.message!.text!.trim().replace(/^@/, "").toLowerCase();
          if (/^[a-z0-9_]{3,32}$/.test(text) && !text.endsWith("bot")) {
            username = text;
            break;
          }
          await ctx.reply(t("new-bad-username"));
        }
      }
      const from = ctx.from!;
      const locale = await ctx.i18n.getLocale();
      const result = await conversation.external(() =>
        deps.service.createChallenge({
          challenger: playerRef(from),
          chat: {
            id: chat.id,
            type: chat.type,
            title: "title" in chat ? (chat.title ?? null) : null,
          },
          target: username ? { username } : null,
          variant,
          rules,
          locale,
        }),
      );
      if (!result.ok) {
        await ctx.api.editMessageText(chat.id, sent.message_id, errorText(t, result.error), {
          reply_markup: { inline_keyboard: [] },
        });
        return;
      }
      const ct = translator(deps.i18n, result.value.locale);
      await ctx.api.editMessageText(
        chat.id,
        sent.message_id,
        challengeText(ct, result.value, ttlMinutes),
        {
          parse_mode: "HTML",
          reply_markup: challengeKeyboard(ct, result.value),
        },
      );
      await conversation.external(() =>
        deps.service.setChallengeMessage(result.value.id, {
          kind: "chat",
          chatId: chat.id,
          messageId: sent.message_id,
        }),
      );
    } catch (e) {
      if (!(e instanceof Cancelled)) throw e;
      await ctx.api.editMessageText(chat.id, sent.message_id, t("new-cancelled"), {
        reply_markup: { inline_keyboard: [] },
      });
    }
  }

  composer.use(createConversation(dialog, { id: "new", plugins: [i18nPlugin] }));
  composer.command("new", async (ctx) => {
    await ctx.conversation.exitAll();
    await ctx.conversation.enter("new");
  });
  return composer;
}

function keyboard(
  choices: Choice[],
  cancel: string,
): { inline_keyboard: InlineKeyboardButton[][] } {
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < choices.length; i += 2)
    rows.push(
      choices.slice(i, i + 2).map((c) => ({ text: c.label, callback_data: `n:${c.value}` })),
    );
  rows.push([{ text: cancel, callback_data: "n:x" }]);
  return { inline_keyboard: rows };
}

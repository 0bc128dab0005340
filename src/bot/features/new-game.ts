import { type Conversation, createConversation } from "@grammyjs/conversations";
import { Composer, type MiddlewareFn } from "grammy";
import type { InlineKeyboardButton, MessageEntity } from "grammy/types";
import type { DialogStore, ExpiredDialog } from "../../db/telegram/dialog-store.js";
import { onButton } from "../buttons.js";
import { DIALOG_CHOICE, decode, encode } from "../callback-data.js";
import type { BotContext, InnerContext } from "../context.js";
import { pressedShows } from "../press.js";
import { challengeKeyboard, challengeText } from "../ui/challenge-text.js";
import { errorText } from "../ui/errors-text.js";
import type { Tr } from "../ui/tr.js";
import type { FeatureDeps } from "./deps.js";
import { withinLimit } from "./limited.js";
import { answerSteps, type Choice, type NamedOpponent, setupOf } from "./new-game/steps.js";
import { playerRef } from "./player-ref.js";
import { startVsComputer } from "./vs-computer.js";

class Cancelled extends Error {}
/** The dialog took more steps than any set-up needs. */
class TooLong extends Error {}

/**
 * Updates a dialog may take: the longest set-up asks 13 questions; the rest leaves room for
 * answers that were not a username. Each step is recorded and replayed on every later update.
 */
export const MAX_DIALOG_STEPS = 30;

/** One dialog per person per chat: the dialog plugin's storage key, and the registry's. */
export const dialogKey = (chatId: number, userId: number): string => `${chatId}:${userId}`;

const CANCEL = "x";
const none = { reply_markup: { inline_keyboard: [] } };

/** The opponent named in a reply: a mention without a username gives the user itself. */
function namedOpponent(
  text: string,
  entities: readonly MessageEntity[] | undefined,
): NamedOpponent | null {
  const mentioned = entities?.find((e) => e.type === "text_mention");
  if (mentioned && "user" in mentioned && !mentioned.user.is_bot) return { user: mentioned.user };
  const name = text.trim().replace(/^@/, "").toLowerCase();
  return /^[a-z0-9_]{3,32}$/.test(name) && !name.endsWith("bot") ? { username: name } : null;
}

/**
 * `/new`: variant → preset → (custom: every option) → match → opponent, on one message edited
 * at each step. The dialog takes only its owner's presses on its own message, and the one
 * reply it asks for; every other update goes on to the rest of the bot as if no dialog were
 * open. A new /new replaces it; unanswered, it expires with the challenge time. In a group
 * the opponent may be named by replying to the bot's question (a bot in privacy mode sees
 * replies to its own messages); in a private chat the challenge is sent to a friend as a
 * card, or played against the bot. Database writes happen only inside `external`.
 */
export function newGameFeature(
  deps: FeatureDeps,
  inside: MiddlewareFn<InnerContext>,
  dialogs: DialogStore,
): Composer<BotContext> {
  const { service, textsFor, config } = deps;
  const composer = new Composer<BotContext>();
  const ttlMinutes = Math.round(config.challengeTtlMs / 60_000);

  async function dialog(conversation: Conversation<BotContext, InnerContext>, ctx: InnerContext) {
    const owner = ctx.from!.id;
    const chat = ctx.chat!;
    const t = ctx.t;
    const locale = await ctx.i18n.getLocale();
    const key = dialogKey(chat.id, owner);
    const isPrivate = chat.type === "private";
    const sent = await ctx.reply(t("new-variant"), { reply_markup: keyboard(owner, [], t) });
    const asked = () =>
      conversation.external(() =>
        dialogs.asked(key, { chatId: chat.id, messageId: sent.message_id, locale }),
      );
    await asked();

    /** The owner's press on this dialog's own message, or null. */
    const ownChoice = (c: InnerContext): string | null => {
      const p = decode(c.callbackQuery?.data);
      return p?.type === "dialog" &&
        p.ownerId === owner &&
        c.callbackQuery?.message?.message_id === sent.message_id
        ? p.choice
        : null;
    };

    let steps = 0;
    /**
     * The next update the dialog `takes`. The plugin records every update a wait returns and
     * replays the record on each later one, so anything else is skipped, which leaves no
     * trace: an owner's stray press on this message (a second tap on an earlier step's button,
     * a forged choice) is answered here and goes no further; other updates go on to the rest
     * of the bot. Past MAX_DIALOG_STEPS the dialog ends.
     */
    const take = async (takes: (c: InnerContext) => boolean): Promise<InnerContext> => {
      const c = await conversation.wait();
      if (!takes(c)) {
        if (ownChoice(c) === null) return conversation.skip({ next: true });
        await c.answerCallbackQuery();
        return conversation.skip({ next: false });
      }
      if (++steps > MAX_DIALOG_STEPS) {
        if (c.callbackQuery) await c.answerCallbackQuery();
        throw new TooLong();
      }
      return c;
    };

    const ask = async (question: string, choices: Choice[]): Promise<string> => {
      await ctx.api.editMessageText(chat.id, sent.message_id, question, {
        parse_mode: "HTML",
        reply_markup: keyboard(owner, choices, t),
      });
      await asked();
      const press = await take((c) => {
        const value = ownChoice(c);
        return value === CANCEL || choices.some((choice) => choice.value === value);
      });
      await press.answerCallbackQuery();
      if (ownChoice(press) === CANCEL) throw new Cancelled();
      return ownChoice(press)!;
    };

    /** Asks for the opponent's @username as a reply to a question of the bot's. */
    const askOpponent = async (): Promise<NamedOpponent> => {
      await ctx.api.editMessageText(chat.id, sent.message_id, t("new-wait-username"), {
        reply_markup: keyboard(owner, [], t),
      });
      let prompt: string | null = t("new-ask-username");
      // Every question asked takes the answer, the first as well as a later one.
      const questions = new Set<number>();
      for (;;) {
        // Asked once, and again only after an answer that was not a name.
        if (prompt !== null) {
          const question = await ctx.reply(prompt, {
            reply_markup: {
              force_reply: true,
              selective: true,
              input_field_placeholder: "@username",
            },
            ...(ctx.message
              ? {
                  reply_parameters: {
                    message_id: ctx.message.message_id,
                    allow_sending_without_reply: true,
                  },
                }
              : {}),
          });
          questions.add(question.message_id);
          prompt = null;
        }
        await asked();
        // Only Cancel is left on the dialog's message.
        const answer = await take(
          (c) =>
            ownChoice(c) === CANCEL ||
            (c.from?.id === owner && questions.has(c.message?.reply_to_message?.message_id ?? 0)),
        );
        if (answer.callbackQuery) {
          await answer.answerCallbackQuery();
          throw new Cancelled();
        }
        const text = answer.message?.text ?? "";
        const named = namedOpponent(text, answer.message?.entities);
        if (named && !("user" in named && named.user.id === owner)) return named;
        prompt = t("new-bad-username");
      }
    };

    try {
      const setup = setupOf(
        await answerSteps({ isPrivate }, t, {
          choose: (question, choices) => ask(t(question), choices),
          name: askOpponent,
        }),
      );
      const { variant, rules, against } = setup;
      if (against.kind === "tournament") {
        const format = against.format;
        const from = ctx.from!;
        const made = await conversation.external(() =>
          deps.tournaments.create({
            organiser: playerRef(from),
            chat: {
              id: chat.id,
              type: chat.type,
              title: "title" in chat ? (chat.title ?? null) : null,
            },
            variant,
            rules,
            format,
            signupMs: Math.min(deps.config.challengeTtlMs, 30 * 60_000),
            locale,
          }),
        );
        const done = made.ok ? t("new-done-tournament") : errorText(t, made.error);
        await ctx.api.editMessageText(chat.id, sent.message_id, done, none);
        return;
      }
      if (against.kind === "computer") {
        await ctx.api.editMessageText(chat.id, sent.message_id, t("new-done-bot"), none);
        await conversation.external((outer) =>
          startVsComputer(deps, outer, variant, rules, sent.message_id),
        );
        return;
      }
      const named = against.target;
      const from = ctx.from!;
      const result = await conversation.external(() =>
        service.createChallenge({
          challenger: playerRef(from),
          chat: {
            id: chat.id,
            type: chat.type,
            title: "title" in chat ? (chat.title ?? null) : null,
          },
          target: named && "user" in named ? { user: playerRef(named.user) } : named,
          variant,
          rules,
          locale,
        }),
      );
      if (!result.ok) {
        await ctx.api.editMessageText(chat.id, sent.message_id, errorText(t, result.error), none);
        return;
      }
      const c = result.value;
      const ct = textsFor(c.locale);
      const cancel = encode({ type: "challenge", challengeId: c.id, command: "cancel" });
      // Nobody else is here: the card goes to a friend's chat through inline mode.
      const buttons = isPrivate
        ? {
            inline_keyboard: [
              [{ text: ct("btn-send-challenge"), switch_inline_query: `c${c.id}` }],
              [{ text: ct("btn-cancel-challenge"), callback_data: cancel }],
            ],
          }
        : challengeKeyboard(ct, c);
      await ctx.api.editMessageText(chat.id, sent.message_id, challengeText(ct, c, ttlMinutes), {
        parse_mode: "HTML",
        reply_markup: buttons,
      });
      await conversation.external(() =>
        deps.messages.setChallengeMessage(c.id, {
          kind: "chat",
          chatId: chat.id,
          messageId: sent.message_id,
        }),
      );
    } catch (e) {
      if (!(e instanceof Cancelled || e instanceof TooLong)) throw e;
      const end = e instanceof TooLong ? t("new-too-long") : t("new-cancelled");
      await ctx.api.editMessageText(chat.id, sent.message_id, end, none);
    }
  }

  composer.use(createConversation(dialog, { id: "new", plugins: [inside] }));

  composer.command("new", async (ctx) => {
    if (!ctx.from) return;
    // A dialog ends in a challenge (or a game against the bot): it counts as one.
    if (!(await withinLimit(ctx, deps.limits.challenges, "limit-challenges"))) return;
    const key = dialogKey(ctx.chat.id, ctx.from.id);
    const old = dialogs.place(key);
    await ctx.conversation.exitAll();
    dialogs.delete(key);
    if (old)
      await ctx.api
        .editMessageText(old.chatId, old.messageId, textsFor(old.locale)("new-replaced"), none)
        .catch(() => {});
    await ctx.conversation.enter("new");
  });

  // A press on a dialog that no open dialog took: someone else's, or one that has ended.
  onButton(composer, "dialog", async (ctx, p) => {
    if (p.ownerId !== ctx.from.id) {
      await deps.answers.answer(ctx, ctx.t("new-not-yours"), true);
      return;
    }
    await deps.answers.answer(ctx, ctx.t("new-closed"), true);
    // Only a dialog's own message still showing its buttons loses them: the button may be
    // forged onto another message (a board), or the message may already be closed.
    if (pressedShows(deps, ctx, (b) => b.type === "dialog" && b.ownerId === p.ownerId))
      await ctx.editMessageReplyMarkup(none).catch(() => {});
  });

  return composer;
}

type DialogsClosed = {
  readonly deps: Pick<FeatureDeps, "textsFor" | "logger">;
  readonly api: BotContext["api"];
  readonly dialogs: DialogStore;
};

/** Expires unanswered dialogs: their messages say so and lose their buttons. */
export async function expireDialogs(
  { deps, api, dialogs }: DialogsClosed,
  ttlMs: number,
): Promise<void> {
  await sayClosed(deps, api, dialogs.expire(ttlMs), (t) => t("new-expired"));
}

/** Dialogs whose state outgrew its cap were dropped by the store: their messages say so. */
export async function closeOvergrownDialogs({ deps, api, dialogs }: DialogsClosed): Promise<void> {
  await sayClosed(deps, api, dialogs.takeOvergrown(), (t) => t("new-too-long"));
}

async function sayClosed(
  deps: DialogsClosed["deps"],
  api: BotContext["api"],
  closed: readonly ExpiredDialog[],
  text: (t: Tr) => string,
): Promise<void> {
  for (const d of closed) {
    await api
      .editMessageText(d.chatId, d.messageId, text(deps.textsFor(d.locale)), none)
      .catch((err) => deps.logger.warn({ err }, "closed dialog not edited"));
  }
}

function keyboard(
  owner: number,
  choices: Choice[],
  t: Tr,
): { inline_keyboard: InlineKeyboardButton[][] } {
  const button = (text: string, choice: string) => {
    if (!DIALOG_CHOICE.test(choice)) throw new Error(`not a dialog choice: ${choice}`);
    return { text, callback_data: encode({ type: "dialog", ownerId: owner, choice }) };
  };
  const rows: InlineKeyboardButton[][] = [];
  for (let i = 0; i < choices.length; i += 2)
    rows.push(choices.slice(i, i + 2).map((c) => button(c.label, c.value)));
  rows.push([button(t("btn-cancel"), CANCEL)]);
  return { inline_keyboard: rows };
}

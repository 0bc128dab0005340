import type { Conversation } from "@grammyjs/conversations";
import type { DialogStore } from "../../../db/telegram/dialog-store.js";
import { decode } from "../../callback-data.js";
import type { BotContext, InnerContext } from "../../context.js";
import type { NewGameDeps } from "./deps.js";
import { finish } from "./finish.js";
import { CANCEL, keyboard, NO_BUTTONS } from "./keyboard.js";
import { namedOpponent } from "./named-opponent.js";
import { answerSteps, type Choice, type NamedOpponent, setupOf } from "./steps.js";

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

/**
 * The `/new` conversation: asks the steps that apply on one message edited at each step,
 * then ends with what they set up. The plugin replays it from the start on every update, so
 * it does the same, from the recorded answers, up to the next wait.
 */
export function newGameDialog(deps: NewGameDeps, dialogs: DialogStore) {
  return async function dialog(
    conversation: Conversation<BotContext, InnerContext>,
    ctx: InnerContext,
  ): Promise<void> {
    const owner = ctx.from!.id;
    const chat = ctx.chat!;
    const t = ctx.t;
    const locale = await ctx.i18n.getLocale();
    const key = dialogKey(chat.id, owner);
    // The dialog's own API would send its calls through the outbox again on every replay:
    // each goes out once, on the API of the update it belongs to, and is replayed from the log.
    const call = <T>(send: (api: BotContext["api"]) => Promise<T>): Promise<T> =>
      conversation.external((outer) => send(outer.api));
    const answer = () => conversation.external((outer) => deps.answers.answer(outer));
    // In a forum, the dialog's messages stay in the topic /new was sent in.
    const topic = ctx.msg?.is_topic_message ? { message_thread_id: ctx.msg.message_thread_id } : {};
    const sent = await call((api) =>
      api.sendMessage(chat.id, t("new-variant"), {
        ...topic,
        reply_markup: keyboard(owner, [], t),
      }),
    );
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
        await answer();
        return conversation.skip({ next: false });
      }
      if (++steps > MAX_DIALOG_STEPS) {
        if (c.callbackQuery) await answer();
        throw new TooLong();
      }
      return c;
    };

    const ask = async (question: string, choices: Choice[]): Promise<string> => {
      await call((api) =>
        api.editMessageText(chat.id, sent.message_id, question, {
          parse_mode: "HTML",
          reply_markup: keyboard(owner, choices, t),
        }),
      );
      await asked();
      const press = await take((c) => {
        const value = ownChoice(c);
        return value === CANCEL || choices.some((choice) => choice.value === value);
      });
      await answer();
      if (ownChoice(press) === CANCEL) throw new Cancelled();
      return ownChoice(press)!;
    };

    /** Asks for the opponent's @username as a reply to a question of the bot's. */
    const askOpponent = async (): Promise<NamedOpponent> => {
      await call((api) =>
        api.editMessageText(chat.id, sent.message_id, t("new-wait-username"), {
          reply_markup: keyboard(owner, [], t),
        }),
      );
      let prompt: string | null = t("new-ask-username");
      // Every question asked takes the answer, the first as well as a later one.
      const questions = new Set<number>();
      for (;;) {
        // Asked once, and again only after an answer that was not a name.
        if (prompt !== null) {
          const text = prompt;
          const question = await call((api) =>
            api.sendMessage(chat.id, text, {
              ...topic,
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
            }),
          );
          questions.add(question.message_id);
          prompt = null;
        }
        await asked();
        // Only Cancel is left on the dialog's message.
        const reply = await take(
          (c) =>
            ownChoice(c) === CANCEL ||
            (c.from?.id === owner && questions.has(c.message?.reply_to_message?.message_id ?? 0)),
        );
        if (reply.callbackQuery) {
          await answer();
          throw new Cancelled();
        }
        const named = namedOpponent(reply.message?.text ?? "", reply.message?.entities);
        if (named && !("user" in named && named.user.id === owner)) return named;
        prompt = t("new-bad-username");
      }
    };

    try {
      const draft = await answerSteps({ isPrivate: chat.type === "private" }, t, {
        choose: (question, choices) => ask(t(question), choices),
        name: askOpponent,
      });
      await finish(
        { deps, conversation, ctx, chat, t, locale, messageId: sent.message_id },
        setupOf(draft),
      );
    } catch (e) {
      if (!(e instanceof Cancelled || e instanceof TooLong)) throw e;
      const end = e instanceof TooLong ? t("new-too-long") : t("new-cancelled");
      await call((api) => api.editMessageText(chat.id, sent.message_id, end, NO_BUTTONS));
    }
  };
}

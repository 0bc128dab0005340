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
    const scope = await openDialog(deps, dialogs, conversation, ctx);
    const { chat, t, messageId } = scope;
    try {
      const draft = await answerSteps({ isPrivate: chat.type === "private" }, t, {
        choose: (question, choices) => ask(scope, t(question), choices),
        name: () => askOpponent(scope),
      });
      await finish(
        { deps, conversation, ctx, chat, t, locale: scope.locale, messageId },
        setupOf(draft),
      );
    } catch (e) {
      if (!(e instanceof Cancelled || e instanceof TooLong)) throw e;
      const end = e instanceof TooLong ? t("new-too-long") : t("new-cancelled");
      await call(scope, (api) => api.editMessageText(chat.id, messageId, end, NO_BUTTONS));
    }
  };
}

/** One run of the dialog: whose it is, where, and the message it asks on. */
interface DialogScope {
  readonly deps: NewGameDeps;
  readonly dialogs: DialogStore;
  readonly conversation: Conversation<BotContext, InnerContext>;
  readonly ctx: InnerContext;
  readonly owner: number;
  readonly chat: NonNullable<InnerContext["chat"]>;
  readonly t: InnerContext["t"];
  readonly locale: string;
  readonly key: string;
  /** In a forum, the dialog's messages stay in the topic /new was sent in. */
  readonly topic: { message_thread_id?: number };
  readonly messageId: number;
  /** Updates taken so far (see `take`). */
  steps: number;
}

/** Sends the dialog's message, its first question, and registers it. */
async function openDialog(
  deps: NewGameDeps,
  dialogs: DialogStore,
  conversation: Conversation<BotContext, InnerContext>,
  ctx: InnerContext,
): Promise<DialogScope> {
  const owner = ctx.from!.id;
  const chat = ctx.chat!;
  const t = ctx.t;
  const topic = ctx.msg?.is_topic_message ? { message_thread_id: ctx.msg.message_thread_id } : {};
  const sent = await conversation.external((outer) =>
    outer.api.sendMessage(chat.id, t("new-variant"), {
      ...topic,
      reply_markup: keyboard(owner, [], t),
    }),
  );
  const scope: DialogScope = {
    deps,
    dialogs,
    conversation,
    ctx,
    owner,
    chat,
    t,
    locale: await ctx.i18n.getLocale(),
    key: dialogKey(chat.id, owner),
    topic,
    messageId: sent.message_id,
    steps: 0,
  };
  await asked(scope);
  return scope;
}

/**
 * An API call of the dialog's. Its own API would send its calls through the outbox again on
 * every replay: each goes out once, on the API of the update it belongs to, and is replayed
 * from the log.
 */
const call = <T>(scope: DialogScope, send: (api: BotContext["api"]) => Promise<T>): Promise<T> =>
  scope.conversation.external((outer) => send(outer.api));

const answer = (scope: DialogScope) =>
  scope.conversation.external((outer) => scope.deps.answers.answer(outer));

/** Records that the dialog waits for its owner on its message. */
const asked = (scope: DialogScope) =>
  scope.conversation.external(() =>
    scope.dialogs.asked(scope.key, {
      chatId: scope.chat.id,
      messageId: scope.messageId,
      locale: scope.locale,
    }),
  );

/** The owner's press on this dialog's own message, or null. */
function ownChoice(scope: DialogScope, c: InnerContext): string | null {
  const p = decode(c.callbackQuery?.data);
  return p?.type === "dialog" &&
    p.ownerId === scope.owner &&
    c.callbackQuery?.message?.message_id === scope.messageId
    ? p.choice
    : null;
}

/**
 * The next update the dialog `takes`. The plugin records every update a wait returns and
 * replays the record on each later one, so anything else is skipped, which leaves no trace:
 * an owner's stray press on this message (a second tap on an earlier step's button, a forged
 * choice) is answered here and goes no further; other updates go on to the rest of the bot.
 * Past MAX_DIALOG_STEPS the dialog ends.
 */
async function take(
  scope: DialogScope,
  takes: (c: InnerContext) => boolean,
): Promise<InnerContext> {
  const c = await scope.conversation.wait();
  if (!takes(c)) {
    if (ownChoice(scope, c) === null) return scope.conversation.skip({ next: true });
    await answer(scope);
    return scope.conversation.skip({ next: false });
  }
  if (++scope.steps > MAX_DIALOG_STEPS) {
    if (c.callbackQuery) await answer(scope);
    throw new TooLong();
  }
  return c;
}

async function ask(scope: DialogScope, question: string, choices: Choice[]): Promise<string> {
  const { chat, messageId, owner, t } = scope;
  await call(scope, (api) =>
    api.editMessageText(chat.id, messageId, question, {
      parse_mode: "HTML",
      reply_markup: keyboard(owner, choices, t),
    }),
  );
  await asked(scope);
  const press = await take(scope, (c) => {
    const value = ownChoice(scope, c);
    return value === CANCEL || choices.some((choice) => choice.value === value);
  });
  await answer(scope);
  const choice = ownChoice(scope, press);
  if (choice === CANCEL) throw new Cancelled();
  return choice!;
}

/** Asks for the opponent's @username as a reply to a question of the bot's. */
async function askOpponent(scope: DialogScope): Promise<NamedOpponent> {
  const { chat, messageId, owner, t } = scope;
  await call(scope, (api) =>
    api.editMessageText(chat.id, messageId, t("new-wait-username"), {
      reply_markup: keyboard(owner, [], t),
    }),
  );
  let prompt: string | null = t("new-ask-username");
  // Every question asked takes the answer, the first as well as a later one.
  const questions = new Set<number>();
  for (;;) {
    // Asked once, and again only after an answer that was not a name.
    if (prompt !== null) {
      questions.add(await askForUsername(scope, prompt));
      prompt = null;
    }
    await asked(scope);
    // Only Cancel is left on the dialog's message.
    const reply = await take(
      scope,
      (c) =>
        ownChoice(scope, c) === CANCEL ||
        (c.from?.id === owner && questions.has(c.message?.reply_to_message?.message_id ?? 0)),
    );
    if (reply.callbackQuery) {
      await answer(scope);
      throw new Cancelled();
    }
    const named = namedOpponent(reply.message?.text ?? "", reply.message?.entities);
    if (named && !("user" in named && named.user.id === owner)) return named;
    prompt = t("new-bad-username");
  }
}

/** Sends `prompt` asking for a reply; the question's message id. */
async function askForUsername(scope: DialogScope, prompt: string): Promise<number> {
  const { ctx } = scope;
  const question = await call(scope, (api) =>
    api.sendMessage(scope.chat.id, prompt, {
      ...scope.topic,
      reply_markup: { force_reply: true, selective: true, input_field_placeholder: "@username" },
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
  return question.message_id;
}

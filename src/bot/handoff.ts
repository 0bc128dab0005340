import { Composer, type Middleware, type MiddlewareFn } from "grammy";
import { ContextSlot } from "../context-slot.js";
import type { PressAnswers } from "./answers.js";
import type { BackgroundJobs } from "./background.js";
import type { BotContext } from "./context.js";

/** What the outbox may do for an update one of whose calls must wait for its chat's budget. */
interface Waiting {
  /** Answers the update's press now (answers spend no budget), so no spinner waits too. */
  readonly answerPress: () => void;
  /**
   * Ends the update's handling here: its place in line and its slot are freed, and the rest
   * of its handler (the wait, and what follows the send) goes on in the background. Null
   * where the handler must hold on: a set-up dialog's step, whose state is stored when it ends.
   */
  readonly letGo: (() => void) | null;
}

/**
 * A reply never holds its update: what a handler decided is stored before it sends, so once
 * a send must wait for the chat's budget, the update is let go (the chat's next update, and
 * every other chat's, need not wait behind it) and the send waits in the outbox, which bounds
 * how many do.
 */
export class Handoffs {
  private readonly store = new ContextSlot<Waiting>();

  constructor(
    private readonly answers: PressAnswers,
    private readonly jobs: BackgroundJobs,
  ) {}

  /** Called by the outbox when a call made while handling an update must wait. */
  readonly waiting = (): void => {
    const w = this.store.getStore();
    if (!w) return;
    w.answerPress();
    w.letGo?.();
  };

  /**
   * Whether a call made here that must wait is lost if the process stops first: so outside
   * any update (a reminder) and in one that is let go; an update that holds on is replayed.
   */
  readonly lostIfStopped = (): boolean => {
    const w = this.store.getStore();
    return !w || w.letGo !== null;
  };

  /** First in the chain: every update's calls may answer its press before they wait. */
  middleware(): MiddlewareFn<BotContext> {
    return (ctx, next) => {
      let answered = false;
      const answerPress = () => {
        if (answered || !ctx.callbackQuery) return;
        answered = true;
        void this.answers.answer(ctx);
      };
      return this.store.run({ answerPress, letGo: null }, next);
    };
  }

  /**
   * Runs `features` so that their handling ends as soon as a send must wait (see the class).
   * What is passed on to the next middleware runs holding on, as outside.
   */
  lettingGo(...features: Middleware<BotContext>[]): MiddlewareFn<BotContext> {
    const inner = new Composer<BotContext>(...features).middleware();
    return (ctx, next) => {
      const outer = this.store.getStore();
      const holding: Waiting = { answerPress: outer?.answerPress ?? (() => {}), letGo: null };
      let letGo!: () => void;
      const gone = new Promise<"gone">((resolve) => {
        letGo = () => resolve("gone");
      });
      const work = this.store.run({ answerPress: holding.answerPress, letGo }, () =>
        inner(ctx, () => this.store.run(holding, next)),
      );
      return Promise.race([work, gone]).then((how) => {
        // The rest is the background's: it logs what fails, and shutdown waits for it.
        if (how === "gone") this.jobs.run("reply", async () => void (await work));
      });
    };
  }
}

import { type TimeControl, timeControlNameOf } from "../../engine/index.js";
import type { GameView } from "../../services/index.js";
import type { Translate } from "../../texts/translate.js";

/** A stretch of time as a clock shows it: 0:08, 1:40, 1:05:00 (whole seconds, rounded up). */
export function clockFigure(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const h = Math.floor(total / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = String(total % 60).padStart(2, "0");
  return h > 0 ? `${h}:${String(m).padStart(2, "0")}:${s}` : `${m}:${s}`;
}

/** A control's name: "blitz", "no clock". */
export const clockName = (t: Translate, control: TimeControl): string =>
  t(`clock-${timeControlNameOf(control)}`);

/** The line a challenge or a tournament card gives its clock; null for none. */
export function controlLine(t: Translate, control: TimeControl): string | null {
  if (control.kind === "none") return null;
  if (control.kind === "correspondence") return t("clock-correspondence-text");
  return t("clock-delay-text", {
    name: clockName(t, control),
    delay: control.delayMs / 1000,
    reserve: clockFigure(control.reserveMs),
  });
}

/**
 * The caption's clock: both reserves as stored, which is what each has left when the board
 * is sent (the turn about to run is charged when it ends), and the delay per move. No ticking
 * edits: the page counts down live.
 */
export function captionClockLine(t: Translate, g: GameView): string | null {
  if (g.timeControl.kind === "correspondence") return t("caption-clock-correspondence");
  if (!g.clock) return null;
  return t("caption-clock", {
    white: `⚪ ${clockFigure(g.clock.reserveMs.white)}`,
    black: `⚫ ${clockFigure(g.clock.reserveMs.black)}`,
    delay: g.clock.delayMs / 1000,
  });
}

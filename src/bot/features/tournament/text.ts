import type { InlineKeyboardMarkup } from "grammy/types";
import type { PlayerView, TournamentView } from "../../../services/index.js";
import type { Translate } from "../../../texts/translate.js";
import { encode, type TournamentCommand } from "../../callback-data.js";
import { clockName, controlLine } from "../../ui/clock-text.js";
import { CAPTION_LIMIT, fitList, more, TEXT_LIMIT } from "../../ui/fit.js";
import { htmlName, mention } from "../../ui/names.js";
import { gameTitle } from "../../ui/rules-text.js";

/** Sign-up windows the organiser cycles through, in minutes. */
export const SIGNUP_MINUTES = [10, 30, 60, 180] as const;

const button = (text: string, tournamentId: number, command: TournamentCommand) => ({
  text,
  callback_data: encode({ type: "tournament", tournamentId, command }),
});

/** The countdown's step: the card is edited at most once in this many minutes. */
const COUNTDOWN_STEP_MINUTES = 5;

/** The sign-up card's countdown: the minutes left, rounded up to its step. */
export const minutesLeft = (t: TournamentView, now: number): number => {
  const step = COUNTDOWN_STEP_MINUTES * 60_000;
  return COUNTDOWN_STEP_MINUTES * Math.max(1, Math.ceil((t.signupEndsAt - now) / step));
};

export const formatText = (tr: Translate, t: TournamentView): string =>
  tr(`tournament-format-${t.format}`);

export const nameOf = (t: TournamentView, id: number | null): PlayerView | null =>
  id === null ? null : (t.entrants.find((p) => p.id === id) ?? null);

/** The sign-up card: settings, who joined, and what is open to whom. */
export function signupCard(tr: Translate, t: TournamentView, now: number): string {
  const clock = controlLine(tr, t.timeControl);
  const head = [
    `🏆 <b>${tr("tournament-card-title")}</b> — ${gameTitle(tr, t.variant, t.rules)}`,
    tr("tournament-card-format", { format: formatText(tr, t) }),
    ...(clock ? [clock] : []),
    tr("tournament-card-organiser", { name: htmlName(t.organiser) }),
    tr("tournament-card-closes", { minutes: minutesLeft(t, now) }),
    ...diceLine(tr, t),
    "",
    tr("tournament-card-players", { n: t.entrants.length }),
  ];
  return fitList(TEXT_LIMIT, t.entrants, (shown, hidden) =>
    [...head, ...shown.map((p, i) => `${i + 1}. ${htmlName(p)}`), ...more(tr, hidden)].join("\n"),
  );
}

export function signupKeyboard(tr: Translate, t: TournamentView): InlineKeyboardMarkup {
  return {
    inline_keyboard: [
      [button(tr("btn-t-join"), t.id, "join"), button(tr("btn-t-leave"), t.id, "leave")],
      [
        button(tr("btn-t-format", { format: formatText(tr, t) }), t.id, "format"),
        button(tr("btn-t-match"), t.id, "match"),
      ],
      [
        button(tr("btn-t-clock", { name: clockName(tr, t.timeControl) }), t.id, "clock"),
        button(tr("btn-t-window"), t.id, "window"),
      ],
      [button(tr("btn-t-start"), t.id, "start"), button(tr("btn-t-cancel"), t.id, "cancel")],
    ],
  };
}

/** What the card says once sign-up is over. */
export function closedCard(tr: Translate, t: TournamentView): string {
  const head = `🏆 <b>${tr("tournament-card-title")}</b> — ${gameTitle(tr, t.variant, t.rules)}`;
  if (t.startedAt !== null) {
    const started = `${head}\n${tr("tournament-card-started", { n: t.entrants.length })}`;
    return fitList(TEXT_LIMIT, t.entrants, (shown, hidden) => {
      const names = [...shown.map((p) => htmlName(p)), ...more(tr, hidden)].join(", ");
      return `${started}\n${names}`;
    });
  }
  const calledOff =
    t.finishedAt !== null && t.finishedAt >= t.signupEndsAt && t.entrants.length < 3;
  return `${head}\n${tr(calledOff ? "tournament-card-called-off" : "tournament-card-cancelled")}`;
}

/**
 * The seed every match's first game is derived from: its commitment before anyone joins and
 * while it is played, the seed itself once no game of it is in play (docs/rules.md).
 */
const diceLine = (tr: Translate, t: TournamentView): string[] =>
  t.diceSeed !== null
    ? [tr("tournament-dice-seed", { seed: t.diceSeed })]
    : t.diceCommitment !== null
      ? [tr("tournament-dice-commitment", { hash: t.diceCommitment })]
      : [];

const pairText = (a: PlayerView, b: PlayerView) => `${htmlName(a)} — ${htmlName(b)}`;

/** Under the standings picture: the games on now, or the result. */
export function standingsCaption(tr: Translate, t: TournamentView): string {
  const title = `🏆 <b>${gameTitle(tr, t.variant, t.rules)}</b> · ${formatText(tr, t)}`;
  const playing = t.status === "running" ? t.matches.filter((m) => m.status === "playing") : [];
  return fitList(CAPTION_LIMIT, playing, (shown, hidden) => {
    const lines = [title];
    if (t.status === "finished") {
      const winner = nameOf(t, t.winnerId);
      if (winner) lines.push(tr("tournament-winner", { name: htmlName(winner) }));
    } else if (t.status === "cancelled") lines.push(tr("tournament-cancelled"));
    else {
      const pairs = [...shown.map((m) => pairText(m.a, m.b)), ...more(tr, hidden)];
      if (pairs.length) lines.push(tr("tournament-playing", { pairs: pairs.join(", ") }));
      const done = t.matches.filter((m) => m.status === "done").length;
      lines.push(tr("tournament-progress", { done, total: totalMatches(t) }));
    }
    return [...lines, ...diceLine(tr, t)].join("\n");
  });
}

/** Matches a tournament has in all: every pair once, or one fewer than its players. */
export const totalMatches = (t: TournamentView): number =>
  t.format === "round-robin"
    ? (t.entrants.length * (t.entrants.length - 1)) / 2
    : t.entrants.length - 1;

export function standingsKeyboard(
  tr: Translate,
  t: TournamentView,
  confirming: boolean,
): InlineKeyboardMarkup {
  if (t.status !== "running") return { inline_keyboard: [] };
  if (!confirming) return { inline_keyboard: [[button(tr("btn-t-cancel"), t.id, "cancel")]] };
  return {
    inline_keyboard: [
      [
        button(tr("btn-t-cancel-finish"), t.id, "cancel-finish"),
        button(tr("btn-t-cancel-abandon"), t.id, "cancel-abandon"),
      ],
      [button(tr("btn-t-back"), t.id, "cancel-back")],
    ],
  };
}

/** The last word: the winner, and everyone's place. */
export function finalText(tr: Translate, t: TournamentView): string {
  if (t.status === "cancelled") return tr("tournament-over-cancelled");
  const winner = nameOf(t, t.winnerId);
  const head = [tr("tournament-final", { name: winner ? mention(winner) : "?" }), ""];
  const places = t.places.flatMap((p) => {
    const who = nameOf(t, p.player);
    return who ? [tr("tournament-place", { place: p.place, name: htmlName(who) })] : [];
  });
  return fitList(TEXT_LIMIT, places, (shown, hidden) =>
    [...head, ...shown, ...more(tr, hidden)].join("\n"),
  );
}

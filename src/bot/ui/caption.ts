import {
  borneOff,
  type Color,
  currentBoard,
  type GameState,
  type LastMove,
  type LoggedTurn,
  other,
  pipCount,
  playNotation,
} from "../../engine/index.js";
import {
  type GameView,
  isLobbyGame,
  lobbyNextGameDue,
  NEXT_GAME_DELAY_MS,
  type PlayerView,
} from "../../services/index.js";
import type { Translate } from "../../texts/translate.js";
import { captionClockLine } from "./clock-text.js";
import { CAPTION_LIMIT, fitHtml } from "./fit.js";
import { escapeHtml, htmlName } from "./names.js";
import { gameTitle } from "./rules-text.js";

const ICON: Record<Color, string> = { white: "⚪", black: "⚫" };

const playerOf = (g: GameView, c: Color): PlayerView => (c === "white" ? g.white : g.black);
/**
 * A player's name on the game's boards: between strangers paired in the lobby (a rated game
 * in no chat) the first name only, as Telegram gives it; else the whole name.
 */
const nameIn = (g: GameView, p: PlayerView): string =>
  isLobbyGame(g) ? htmlName({ firstName: p.firstName }) : htmlName(p);
const who = (g: GameView, c: Color): string => `${ICON[c]} ${nameIn(g, playerOf(g, c))}`;

/** A stranger's name: the first name, with the @username when they let strangers see it. */
export const strangerName = (
  p: Pick<PlayerView, "firstName" | "username" | "showUsername">,
): string =>
  p.showUsername && p.username
    ? `${htmlName({ firstName: p.firstName })} @${escapeHtml(p.username)}`
    : htmlName({ firstName: p.firstName });
/** The players' line at a board's head names each player; a stranger with the @username if allowed. */
const headName = (g: GameView, p: PlayerView): string =>
  isLobbyGame(g) ? strangerName(p) : htmlName(p);
const players = (g: GameView): string =>
  `${ICON.white} ${headName(g, g.white)} <b>${g.score.white} : ${g.score.black}</b> ${headName(g, g.black)} ${ICON.black}`;
const diceText = (d: readonly [number, number]): string => `${d[0]}-${d[1]}`;

function statusLine(t: Translate, g: GameView, s: GameState): string {
  const mover = who(g, s.turn);
  const opponent = who(g, other(s.turn));
  switch (s.phase) {
    case "roll":
      return t("caption-roll-or-double", { name: mover });
    case "move":
      return t("caption-to-move", { dice: diceText(s.dice!), name: mover });
    case "double":
      return t("caption-double", { name: mover, value: s.cube.value * 2, other: opponent });
    case "resign": {
      const offer = s.pendingResign!;
      return t("caption-resign-offer", {
        name: who(g, offer.by),
        kind: t(`result-${offer.kind}`),
        other: who(g, other(offer.by)),
      });
    }
    case "over":
      return resultLine(t, g, s);
  }
}

function resultLine(t: Translate, g: GameView, s: GameState): string {
  const r = s.result!;
  const seriesText = g.final ? ` · ${seriesLine(t, g, g.final)}` : "";
  if (r.winner === null) return `🤝 ${t("caption-draw")}${seriesText}`;
  const kind = t(`result-${r.kind}`);
  const onTime = r.reason === "time" ? ` · ${t("caption-on-time")}` : "";
  return `🏆 ${t("caption-wins", { name: who(g, r.winner), kind, points: r.points })}${onTime}${seriesText}`;
}

/** The score after the game; a match's end is named, and a lobby match's next game is due. */
function seriesLine(t: Translate, g: GameView, final: NonNullable<GameView["final"]>): string {
  const score = { white: final.white, black: final.black };
  if (g.rules.match.kind !== "points") return t("caption-series", score);
  const match = t("caption-match", score);
  if (final.over) {
    const winner: Color = final.white > final.black ? "white" : "black";
    return `${match} · ${t("caption-match-won", { name: who(g, winner) })}`;
  }
  if (lobbyNextGameDue(g))
    return `${match} · ${t("caption-next-game", { seconds: NEXT_GAME_DELAY_MS / 1000 })}`;
  return match;
}

const playText = (t: Translate, m: LastMove): string =>
  m.steps.length ? playNotation(m.steps).join(" ") : t("caption-no-move");

/**
 * The turns the player the game waits for has not seen since they last acted (their
 * opponent's, and any played for them because nothing else was possible), or else the last
 * turn of the game.
 */
function turnLines(t: Translate, g: GameView, s: GameState): string[] {
  const waiting = s.phase === "over" ? null : waitingColour(s);
  const news: readonly LoggedTurn[] = waiting && g.turnLog ? g.turnLog[waiting].turns : [];
  if (news.length === 0)
    return s.lastMove
      ? [
          t("caption-last", {
            name: ICON[s.lastMove.color],
            dice: diceText(s.lastMove.dice),
            play: playText(t, s.lastMove),
          }),
        ]
      : [];
  return news.map((m) =>
    t(m.auto ? "caption-turn-auto" : "caption-turn", {
      name: ICON[m.color],
      dice: diceText(m.dice),
      play: playText(t, m),
    }),
  );
}

const waitingColour = (s: GameState): Color =>
  s.phase === "double"
    ? other(s.turn)
    : s.phase === "resign" && s.pendingResign
      ? other(s.pendingResign.by)
      : s.turn;

/** Whether the side the game waits for has not acted yet: the opening is news to it. */
function openingIsNews(g: GameView, s: GameState): boolean {
  if (s.phase === "over") return false;
  return g.turnLog ? g.turnLog[waitingColour(s)].fromStart : s.turnNumber <= 2;
}

/** "long nardy · classic · running series · #12": the number tells two boards apart. */
export const gameLabel = (t: Translate, g: GameView): string =>
  `${gameTitle(t, g.variant, g.rules)} · #${g.id}`;

/** The caption of a game whose stored record is damaged: who played, and that it cannot go on. */
/** A game that cannot go on: its record is damaged, or its tournament dropped it. */
export function brokenCaption(t: Translate, g: GameView): string {
  const lines = [
    players(g),
    `<i>${gameLabel(t, g)}</i>`,
    t(
      g.status !== "abandoned"
        ? "caption-broken"
        : g.unconfirmedId !== null
          ? "caption-lapsed"
          : "caption-abandoned",
    ),
  ];
  return fitHtml(lines.join("\n"), CAPTION_LIMIT);
}

/**
 * The caption of a game's first message before any die: who plays, and the commitment to the
 * seed. The message's number and date, once Telegram gives them, join the seed for the dice.
 */
export function startingCaption(t: Translate, g: GameView): string {
  const lines = [
    `${headName(g, g.white)} <b>${g.score.white} : ${g.score.black}</b> ${headName(g, g.black)}`,
    `<i>${gameLabel(t, g)}</i>`,
    t(g.startFixed ? "caption-starting-fixed" : "caption-starting"),
    t("caption-commitment", { hash: g.diceCommitment }),
  ];
  return fitHtml(lines.join("\n"), CAPTION_LIMIT);
}

/** The caption under the board, in HTML, within Telegram's 1024 characters. */
export function gameCaption(t: Translate, g: GameView): string {
  const s = g.state;
  const board = currentBoard(s);
  const lines = [
    players(g),
    `<i>${gameLabel(t, g)}</i>`,
    t("caption-pips", {
      white: pipCount(board.white),
      black: pipCount(board.black),
      woff: borneOff(board.white),
      boff: borneOff(board.black),
    }),
  ];
  if (s.rules.cube && (s.cube.value > 1 || s.cube.owner)) {
    const owner = s.cube.owner ? who(g, s.cube.owner) : t("cube-centre");
    lines.push(t("caption-cube", { value: s.cube.value, owner }));
  }
  const clock = s.phase === "over" ? null : captionClockLine(t, g);
  if (clock) lines.push(clock);
  lines.push(...turnLines(t, g, s), statusLine(t, g, s));
  const salt = g.diceSalt ? [t("caption-dice-salt", { salt: g.diceSalt })] : [];
  if (openingIsNews(g, s)) {
    if (g.opening) lines.push(lotLine(t, g));
    lines.push(t("caption-commitment", { hash: g.diceCommitment }), ...salt);
    // A lobby or tournament match's next game starts with no press: its seed is shown here.
    if (s.phase !== "over" && g.nextDiceCommitment)
      lines.push(t("caption-next-commitment", { hash: g.nextDiceCommitment }));
  }
  if (s.phase === "over" && g.diceSeed)
    lines.push(t("caption-seed", { seed: g.diceSeed }), ...salt);
  if (s.phase === "over" && g.nextDiceCommitment)
    lines.push(t("caption-next-commitment", { hash: g.nextDiceCommitment }));
  return fitHtml(lines.join("\n"), CAPTION_LIMIT);
}

function lotLine(t: Translate, g: GameView): string {
  const lot = g.opening!;
  const last = lot.rolls.at(-1)!;
  const name = (id: number) => nameIn(g, id === g.white.id ? g.white : g.black);
  return t("caption-lot", {
    a: name(lot.players[0]),
    da: last[0],
    b: name(lot.players[1]),
    db: last[1],
    starter: who(g, g.state.starter),
  });
}

import { NEXT_GAME_DELAY_MS, type ServiceError } from "../services/index.js";
import { refusalText as sharedRefusal } from "../texts/refusal.js";
import { playerName } from "./page-game.js";
import type { Translate } from "./ports.js";
import type { PageTexts } from "./protocol.js";

/**
 * The page's texts in one language: the same words as the buttons and captions in the chat.
 * Slots the page fills itself (names, dice) are passed as `{name}`-style placeholders.
 */
export function pageTexts(t: Translate): PageTexts {
  return {
    roll: t("btn-roll"),
    double: t("btn-double"),
    undo: t("btn-undo"),
    confirm: t("btn-confirm"),
    take: t("btn-take"),
    drop: t("btn-drop"),
    accept: t("btn-accept"),
    decline: t("btn-decline"),
    claim: t("btn-claim"),
    rematch: t("btn-rematch"),
    resign: t("web-resign"),
    resignYes: t("btn-resign-confirm"),
    cancel: t("btn-cancel"),
    resignLong: t("resign-confirm-long", { name: "{name}" }),
    resignShort: t("resign-confirm-short", { name: "{name}" }),
    rollOrDouble: t("caption-roll-or-double", { name: "{name}" }),
    toMove: t("caption-to-move", { dice: "{dice}", name: "{name}" }),
    doubles: t("caption-double", { name: "{name}", value: "{value}", other: "{other}" }),
    resignOffer: t("caption-resign-offer", { name: "{name}", kind: "{kind}", other: "{other}" }),
    wins: t("caption-wins", { name: "{name}", kind: "{kind}", points: "{points}" }),
    draw: t("caption-draw"),
    nextGame: t("caption-next-game", { seconds: NEXT_GAME_DELAY_MS / 1000 }),
    onTime: t("caption-on-time"),
    matchWon: t("caption-match-won", { name: "{name}" }),
    home: t("web-home-back"),
    findAnother: t("web-find-another"),
    starting: t("web-starting"),
    broken: t("caption-broken"),
    abandoned: t("caption-abandoned"),
    watching: t("web-watching"),
    yourTurn: t("web-your-turn"),
    waitingFor: t("web-waiting-for", { name: "{name}" }),
    offline: t("web-offline"),
    notSent: t("web-not-sent"),
    closedElsewhere: t("web-closed-elsewhere"),
    stale: t("err-stale"),
    replay: t("btn-replay"),
    turnOf: t("web-turn-of", { n: "{n}", total: "{total}" }),
    start: t("web-start"),
    played: t("web-played", { play: "{play}" }),
    best: t("web-best", { play: "{play}", loss: "{loss}" }),
    noAnalysis: t("web-no-analysis"),
    noMove: t("caption-no-move"),
    pips: t("web-pips", { n: "{n}" }),
    clock: t("web-clock"),
    kinds: {
      oin: t("result-oin"),
      mars: t("result-mars"),
      koks: t("result-koks"),
      "home-mars": t("result-home-mars"),
      single: t("result-single"),
      gammon: t("result-gammon"),
      backgammon: t("result-backgammon"),
      drop: t("result-drop"),
      draw: t("result-draw"),
    },
    levels: {
      inaccuracy: t("web-inaccuracy"),
      error: t("web-error"),
      blunder: t("web-blunder"),
    },
    cubeActions: {
      double: t("analysis-action-double"),
      "no-double": t("analysis-action-no-double"),
      take: t("analysis-action-take"),
      drop: t("analysis-action-drop"),
      resign: t("analysis-action-resign"),
      "play-on": t("analysis-action-play-on"),
      accept: t("analysis-action-accept"),
      decline: t("analysis-action-decline"),
    },
  };
}

/** A refusal in the user's words, as the chat words it, names as the page writes them. */
export const refusalText = (t: Translate, error: ServiceError): string =>
  sharedRefusal(t, error, playerName);

/** Why the page cannot open a game, in the user's words. */
export const deniedText = (
  t: Translate,
  why: "auth" | "expired" | "not-found" | "not-allowed",
): string => t(`web-denied-${why}`);

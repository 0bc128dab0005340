import type { GameView, ServiceError } from "../../services/index.js";
import { refusalText } from "../../texts/refusal.js";
import type { Translate } from "../../texts/translate.js";
import { plainName } from "./names.js";

/** A refusal in the user's words; "not your turn" names whose turn it is. */
export const errorText = (t: Translate, error: ServiceError, game: GameView | null = null) =>
  refusalText(t, error, plainName, game);

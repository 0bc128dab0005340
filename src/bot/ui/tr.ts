import type { Translate } from "../../texts/translate.js";

/** A translation function bound to one locale (the game's, or the user's). */
export type Tr = Translate;

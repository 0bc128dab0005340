/** A translation function bound to one locale (the game's, or the user's). */
export type Tr = (key: string, vars?: Record<string, string | number>) => string;

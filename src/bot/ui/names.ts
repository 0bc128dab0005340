/** Player names as the chat shows them: escaped for HTML, shortened without breaking a letter. */
export interface NamedPlayer {
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly username?: string | null;
}

/** User-perceived characters a name keeps. */
const MAX_NAME = 24;
/**
 * UTF-16 code units a name keeps, as Telegram measures texts: a character can be long (an
 * emoji sequence; a letter under dozens of combining marks), and a name is in every caption.
 */
const MAX_NAME_UNITS = 48;
/** The longest emoji sequences fit; a letter keeps its first marks. */
const MAX_CHARACTER_UNITS = 16;
/** Made once: a segmenter is costly to build, and every caption names two players. */
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** A character cut to its first code points within MAX_CHARACTER_UNITS, no joiner last. */
function trimCharacter(c: string): string {
  if (c.length <= MAX_CHARACTER_UNITS) return c;
  let out = "";
  for (const p of c) {
    if (out.length + p.length > MAX_CHARACTER_UNITS) break;
    out += p;
  }
  return out.replace(/\u200d+$/u, "");
}

/**
 * Cuts to MAX_NAME user-perceived characters and MAX_NAME_UNITS code units, "…" marking a
 * cut; emoji and accented letters stay whole.
 */
function shorten(text: string): string {
  if (text.length <= MAX_NAME) return text;
  const parts = [...GRAPHEMES.segment(text)].map((s) => trimCharacter(s.segment));
  const whole = parts.join("");
  if (parts.length <= MAX_NAME && whole.length <= MAX_NAME_UNITS) return whole;
  let out = "";
  for (const [i, p] of parts.entries()) {
    if (i === MAX_NAME - 1 || out.length + p.length > MAX_NAME_UNITS - 1) break;
    out += p;
  }
  return `${out}…`;
}

export function plainName(p: NamedPlayer): string {
  const full = [p.firstName, p.lastName].filter(Boolean).join(" ").trim();
  return shorten(full || (p.username ? `@${p.username}` : "?"));
}

export const htmlName = (p: NamedPlayer): string => escapeHtml(plainName(p));

/** A mention that notifies the user. */
export const mention = (p: NamedPlayer & { readonly id: number }): string =>
  `<a href="tg://user?id=${p.id}">${htmlName(p)}</a>`;

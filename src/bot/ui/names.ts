/** Player names as the chat shows them: escaped for HTML, shortened without breaking a letter. */
export interface NamedPlayer {
  readonly firstName: string;
  readonly lastName?: string | null;
  readonly username?: string | null;
}

const MAX_NAME = 24;
/** Made once: a segmenter is costly to build, and every caption names two players. */
const GRAPHEMES = new Intl.Segmenter(undefined, { granularity: "grapheme" });

export const escapeHtml = (text: string): string =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** Cuts to `max` user-perceived characters (emoji and accents stay whole). */
function shorten(text: string, max = MAX_NAME): string {
  if (text.length <= max) return text;
  const parts = [...GRAPHEMES.segment(text)].map((s) => s.segment);
  return parts.length <= max ? text : `${parts.slice(0, max - 1).join("")}…`;
}

export function plainName(p: NamedPlayer): string {
  const full = [p.firstName, p.lastName].filter(Boolean).join(" ").trim();
  return shorten(full || (p.username ? `@${p.username}` : "?"));
}

export const htmlName = (p: NamedPlayer): string => escapeHtml(plainName(p));

/** A mention that notifies the user. */
export const mention = (p: NamedPlayer & { readonly id: number }): string =>
  `<a href="tg://user?id=${p.id}">${htmlName(p)}</a>`;

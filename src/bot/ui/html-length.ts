/** Telegram's limit on a caption, in characters after its entities are read. */
export const CAPTION_LIMIT = 1024;

/**
 * The length Telegram measures of an HTML text: the text left once the tags are read and the
 * entities decoded, in UTF-16 units (an emoji outside the basic plane counts two, never less
 * than Telegram counts it).
 */
export function visibleLength(html: string): number {
  return html.replace(/<[^>]*>/g, "").replace(/&(?:lt|gt|amp|quot|#\d+|#x[\da-f]+);/gi, "&").length;
}

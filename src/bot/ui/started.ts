import type { Translate } from "../../texts/translate.js";

/** "started 5 minutes ago", "started 2 hours ago", "started 3 days ago". */
export function startedText(t: Translate, ageMs: number): string {
  const minutes = Math.max(0, Math.floor(ageMs / 60_000));
  if (minutes < 60) return t("started-minutes", { n: minutes });
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return t("started-hours", { n: hours });
  return t("started-days", { n: Math.floor(hours / 24) });
}

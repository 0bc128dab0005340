import {
  type PresetName,
  presetNames,
  presetRules,
  type Rules,
  type Variant,
} from "../../engine/index.js";
import type { Translate } from "../../texts/translate.js";

/** The preset these rules are, whatever the match length (shown beside it), or null. */
export function presetOf(variant: Variant, rules: Rules): PresetName | null {
  for (const name of presetNames(variant)) {
    const preset = presetRules(variant, name);
    if (JSON.stringify({ ...preset, match: rules.match }) === JSON.stringify(rules)) return name;
  }
  return null;
}

function matchText(t: Translate, rules: Rules): string {
  const m = rules.match;
  if (m.kind === "points") return t("match-points", { n: m.to });
  if (m.kind === "games") return t("match-games", { n: m.count });
  return t("match-running");
}

/** "long nardy · classic · running series" */
export function gameTitle(t: Translate, variant: Variant, rules: Rules): string {
  const preset = presetOf(variant, rules);
  const presetText = preset ? t(`preset-${preset}`) : t("preset-custom");
  return `${t(`variant-${variant}`)} · ${presetText} · ${matchText(t, rules)}`;
}

/** The options that differ from the variant's defaults, in plain words. */
export function customRulesText(t: Translate, variant: Variant, rules: Rules): string[] {
  const lines: string[] = [];
  if (variant === "long") {
    lines.push(
      t(`opt-head-${rules.head}`),
      t(`opt-block-${rules.block}`),
      t(`opt-scoring-${rules.scoring}`),
    );
    if (rules.lastRoll) lines.push(t("opt-lastRoll-on"));
  }
  lines.push(t(`opt-opening-${rules.opening}`));
  lines.push(t(rules.cube ? "opt-cube-on" : "opt-cube-off"));
  if (rules.cube && rules.jacoby) lines.push(t("opt-jacoby-on"));
  lines.push(t(`opt-next-${rules.nextStarter}`));
  return lines;
}

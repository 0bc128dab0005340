import type { Variant } from "./types.js";

export type HeadRule = "classic" | "criterion" | "doubles" | "wide" | "sport";
export type BlockRule = "strict" | "final" | "home";
export type OpeningRule = "reroll" | "lot";
export type Scoring = "oin" | "mars" | "koks" | "home-mars";
export type NextStarter = "loser" | "alternate" | "winner" | "lot";
export type MatchRule =
  | { readonly kind: "running" }
  | { readonly kind: "points"; readonly to: number }
  | { readonly kind: "games"; readonly count: number };

/** Every rule option (docs/rules.md); options of the other game are ignored. */
export interface Rules {
  readonly head: HeadRule;
  readonly block: BlockRule;
  readonly opening: OpeningRule;
  readonly scoring: Scoring;
  readonly lastRoll: boolean;
  readonly cube: boolean;
  readonly jacoby: boolean;
  readonly match: MatchRule;
  readonly nextStarter: NextStarter;
}

export const HEAD_RULES: readonly HeadRule[] = ["classic", "criterion", "doubles", "wide", "sport"];
export const BLOCK_RULES: readonly BlockRule[] = ["strict", "final", "home"];
export const OPENING_RULES: readonly OpeningRule[] = ["reroll", "lot"];
export const SCORINGS: readonly Scoring[] = ["oin", "mars", "koks", "home-mars"];
export const NEXT_STARTERS: readonly NextStarter[] = ["loser", "alternate", "winner", "lot"];

const BASE: Rules = {
  head: "classic",
  block: "strict",
  opening: "reroll",
  scoring: "mars",
  lastRoll: false,
  cube: false,
  jacoby: false,
  match: { kind: "running" },
  nextStarter: "loser",
};

/** Variants as data: one base and the overrides each game's defaults make. */
const VARIANT_DEFAULTS: Record<Variant, Partial<Rules>> = {
  long: {},
  short: { opening: "lot", cube: true, nextStarter: "lot" },
};

const PRESETS = {
  long: {
    classic: {},
    sport: { opening: "lot", head: "sport", cube: true, match: { kind: "points", to: 5 } },
  },
  short: { standard: {} },
} as const satisfies Record<Variant, Record<string, Partial<Rules>>>;

export function defaultRules(variant: Variant, overrides: Partial<Rules> = {}): Rules {
  return { ...BASE, ...VARIANT_DEFAULTS[variant], ...overrides };
}

export function presetRules(variant: Variant, preset: string): Rules | undefined {
  const presets: Record<string, Partial<Rules>> = PRESETS[variant];
  const chosen = Object.hasOwn(presets, preset) ? presets[preset] : undefined;
  return chosen ? defaultRules(variant, chosen) : undefined;
}

/** The named rule sets: classic and sport for long nardy, standard for short. */
export type PresetName = { [V in Variant]: keyof (typeof PRESETS)[V] }[Variant];

export function presetNames(variant: Variant): PresetName[] {
  return Object.keys(PRESETS[variant]) as PresetName[];
}

export type RulesResult = { ok: true; rules: Rules } | { ok: false; error: string };

const oneOf = <T extends string>(values: readonly T[], v: unknown): v is T =>
  typeof v === "string" && (values as readonly string[]).includes(v);

const isCount = (v: unknown): v is number =>
  typeof v === "number" && Number.isInteger(v) && v >= 1 && v <= 99;

function parseMatch(v: unknown): MatchRule | undefined {
  if (
    v === "running" ||
    (typeof v === "object" && v !== null && "kind" in v && v.kind === "running")
  )
    return { kind: "running" };
  if (typeof v !== "object" || v === null) return undefined;
  const o = v as Record<string, unknown>;
  if ((o.kind === "points" || o.kind === undefined) && isCount(o.to))
    return { kind: "points", to: o.to };
  if ((o.kind === "games" || o.kind === undefined) && isCount(o.count ?? o.games))
    return { kind: "games", count: (o.count ?? o.games) as number };
  return undefined;
}

/** Reads untrusted rule options (JSON, stored settings); unknown values are an error. */
export function parseRules(variant: Variant, input: unknown): RulesResult {
  if (input === undefined || input === null) return { ok: true, rules: defaultRules(variant) };
  if (typeof input !== "object" || Array.isArray(input))
    return { ok: false, error: "rules must be an object" };
  const o = input as Record<string, unknown>;
  const out: { -readonly [K in keyof Rules]?: Rules[K] } = {};
  const pick = <K extends keyof Rules>(
    key: K,
    valid: (v: unknown) => v is Rules[K],
  ): string | null => {
    if (!(key in o) || o[key] === undefined) return null;
    if (!valid(o[key])) return `unknown value for rules.${key}: ${JSON.stringify(o[key])}`;
    out[key] = o[key] as Rules[K];
    return null;
  };
  const isBool = (v: unknown): v is boolean => typeof v === "boolean";
  const errors = [
    pick("head", (v): v is HeadRule => oneOf(HEAD_RULES, v)),
    pick("block", (v): v is BlockRule => oneOf(BLOCK_RULES, v)),
    pick("opening", (v): v is OpeningRule => oneOf(OPENING_RULES, v)),
    pick("scoring", (v): v is Scoring => oneOf(SCORINGS, v)),
    pick("nextStarter", (v): v is NextStarter => oneOf(NEXT_STARTERS, v)),
    pick("lastRoll", isBool),
    pick("cube", isBool),
    pick("jacoby", isBool),
  ].filter((e): e is string => e !== null);
  if ("match" in o && o.match !== undefined) {
    const match = parseMatch(o.match);
    if (!match) errors.push(`unknown value for rules.match: ${JSON.stringify(o.match)}`);
    else out.match = match;
  }
  const known = new Set([...Object.keys(BASE)]);
  for (const key of Object.keys(o)) if (!known.has(key)) errors.push(`unknown rule option: ${key}`);
  if (errors.length > 0) return { ok: false, error: errors.join("; ") };
  return { ok: true, rules: defaultRules(variant, out) };
}

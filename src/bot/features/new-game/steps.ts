import type { User } from "grammy/types";
import {
  BLOCK_RULES,
  defaultRules,
  HEAD_RULES,
  type MatchRule,
  NEXT_STARTERS,
  OPENING_RULES,
  presetNames,
  presetRules,
  type Rules,
  SCORINGS,
  TIME_CONTROL_NAMES,
  type TimeControlName,
  type TournamentFormat,
  type Variant,
} from "../../../engine/index.js";
import type { Translate } from "../../../texts/translate.js";

export type Choice = { readonly value: string; readonly label: string };

/** Who the game is against, as the opponent question names it. */
export type OpponentKind = "friend" | "open" | "bot" | "name" | "tournament";

/** An opponent named by the owner: a user mentioned without a username, or a @username. */
export type NamedOpponent = { readonly user: User } | { readonly username: string };

/** The set-up's answers so far: each step that applies adds its own. */
export interface Draft {
  readonly isPrivate: boolean;
  readonly variant?: Variant;
  /** A preset's name, or "custom". */
  readonly preset?: string;
  readonly rules?: Rules;
  readonly clock?: TimeControlName;
  readonly opponent?: OpponentKind;
  readonly format?: TournamentFormat;
  readonly named?: NamedOpponent;
}

/** What a finished dialog sets up. */
export interface Setup {
  readonly variant: Variant;
  readonly rules: Rules;
  readonly clock: TimeControlName;
  readonly against:
    | { readonly kind: "tournament"; readonly format: TournamentFormat }
    | { readonly kind: "computer" }
    | { readonly kind: "challenge"; readonly target: NamedOpponent | null };
}

type Question =
  | "new-variant"
  | "new-preset"
  | "new-head"
  | "new-block"
  | "new-scoring"
  | "new-lastRoll"
  | "new-opening"
  | "new-cube"
  | "new-next"
  | "new-match"
  | "new-jacoby"
  | "new-clock"
  | "new-opponent"
  | "new-format";

/** A question answered by a button on the dialog's message. */
export interface ChoiceStep {
  readonly kind: "choice";
  readonly question: Question;
  readonly applies: (d: Draft) => boolean;
  readonly choices: (t: Translate, d: Draft) => Choice[];
  /** The draft with the chosen value in it (one of `choices`). */
  readonly fold: (d: Draft, chosen: string) => Draft;
}

/** The opponent's @username, answered by a reply to a question of the bot's. */
export interface UsernameStep {
  readonly kind: "username";
  readonly applies: (d: Draft) => boolean;
  readonly fold: (d: Draft, named: NamedOpponent) => Draft;
}

export type Step = ChoiceStep | UsernameStep;

const MATCHES = {
  running: { kind: "running" },
  p3: { kind: "points", to: 3 },
  p5: { kind: "points", to: 5 },
  p7: { kind: "points", to: 7 },
  g3: { kind: "games", count: 3 },
  g5: { kind: "games", count: 5 },
} satisfies Record<string, MatchRule>;
type MatchChoice = keyof typeof MATCHES;
const MATCH_CHOICES = Object.keys(MATCHES) as MatchChoice[];

const CLOCK_CHOICES: readonly TimeControlName[] = [
  "none",
  ...TIME_CONTROL_NAMES.filter((n) => n !== "none"),
];

const CUSTOM = "custom";
const VARIANTS = ["long", "short"] as const;
const ON_OFF = ["on", "off"] as const;
const isOn = (chosen: string): boolean => chosen === "on";

/** The choices of a question: each value with its label. */
const options = <V extends string>(values: readonly V[], label: (value: V) => string): Choice[] =>
  values.map((v) => ({ value: v, label: label(v) }));

/** An answer a step relies on; the table's order guarantees it was given. */
function given<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`the dialog has not asked for the ${what} yet`);
  return value;
}
const variantOf = (d: Draft): Variant => given(d.variant, "variant");
const rulesOf = (d: Draft): Rules => given(d.rules, "rules");
const isCustom = (d: Draft): boolean => d.preset === CUSTOM;

/** A rule `/new` asks about when the rules are custom, and the variants it applies to. */
interface RuleStep {
  readonly rule: "head" | "block" | "scoring" | "lastRoll" | "opening" | "cube" | "nextStarter";
  readonly variants: readonly Variant[];
  readonly question: Question;
  readonly choices: (t: Translate) => Choice[];
  /** The rule's value from the chosen one (yes/no questions give a boolean). */
  readonly value?: (chosen: string) => unknown;
}

/** The custom rules' questions, in the order they are asked. */
const RULE_STEPS: readonly RuleStep[] = [
  {
    rule: "head",
    variants: ["long"],
    question: "new-head",
    choices: (t) => options(HEAD_RULES, (v) => t(`opt-head-${v}`)),
  },
  {
    rule: "block",
    variants: ["long"],
    question: "new-block",
    choices: (t) => options(BLOCK_RULES, (v) => t(`opt-block-${v}`)),
  },
  {
    rule: "scoring",
    variants: ["long"],
    question: "new-scoring",
    choices: (t) => options(SCORINGS, (v) => t(`opt-scoring-${v}`)),
  },
  {
    rule: "lastRoll",
    variants: ["long"],
    question: "new-lastRoll",
    choices: (t) => options(ON_OFF, (v) => t(`opt-lastRoll-${v}`)),
    value: isOn,
  },
  {
    rule: "opening",
    variants: ["long", "short"],
    question: "new-opening",
    choices: (t) => options(OPENING_RULES, (v) => t(`opt-opening-${v}`)),
  },
  {
    rule: "cube",
    variants: ["long", "short"],
    question: "new-cube",
    choices: (t) => options(ON_OFF, (v) => t(`opt-cube-${v}`)),
    value: isOn,
  },
  {
    rule: "nextStarter",
    variants: ["long", "short"],
    question: "new-next",
    choices: (t) => options(NEXT_STARTERS, (v) => t(`opt-next-${v}`)),
  },
];

const ruleQuestion = (step: RuleStep): ChoiceStep => ({
  kind: "choice",
  question: step.question,
  applies: (d) => isCustom(d) && step.variants.includes(variantOf(d)),
  choices: (t) => step.choices(t),
  fold: (d, chosen) => {
    const value = step.value ? step.value(chosen) : chosen;
    return { ...d, rules: { ...rulesOf(d), [step.rule]: value } as Rules };
  },
});

const always = (): boolean => true;

/** Every question of `/new`, in the order asked; each is asked only when it applies. */
export const STEPS: readonly Step[] = [
  {
    kind: "choice",
    question: "new-variant",
    applies: always,
    choices: (t) => options(VARIANTS, (v) => t(`variant-${v}`)),
    fold: (d, chosen) => ({ ...d, variant: chosen as Variant }),
  },
  {
    kind: "choice",
    question: "new-preset",
    applies: always,
    choices: (t, d) => [
      ...options(presetNames(variantOf(d)), (v) => t(`preset-${v}`)),
      { value: CUSTOM, label: t("preset-custom") },
    ],
    // Custom rules start from the variant's defaults; the rule steps change them one by one.
    fold: (d, preset) => ({
      ...d,
      preset,
      rules: preset === CUSTOM ? defaultRules(variantOf(d)) : presetRules(variantOf(d), preset)!,
    }),
  },
  ...RULE_STEPS.map(ruleQuestion),
  {
    kind: "choice",
    question: "new-match",
    applies: always,
    choices: (t) => options(MATCH_CHOICES, (k) => t(`new-match-${k}`)),
    fold: (d, chosen) => ({
      ...d,
      rules: { ...rulesOf(d), match: MATCHES[chosen as MatchChoice] },
    }),
  },
  {
    kind: "choice",
    question: "new-jacoby",
    // The Jacoby rule matters only to a cube in a series with no end; presets set it.
    applies: (d) => rulesOf(d).cube && rulesOf(d).match.kind === "running" && isCustom(d),
    choices: (t) => options(ON_OFF, (v) => t(`opt-jacoby-${v}`)),
    fold: (d, chosen) => ({ ...d, rules: { ...rulesOf(d), jacoby: isOn(chosen) } }),
  },
  {
    kind: "choice",
    question: "new-clock",
    applies: always,
    // No clock first: between friends in a chat that is the usual game.
    choices: (t) => options(CLOCK_CHOICES, (v) => t(`new-clock-${v}`)),
    fold: (d, chosen) => ({ ...d, clock: chosen as TimeControlName }),
  },
  {
    kind: "choice",
    question: "new-opponent",
    applies: always,
    choices: (t, d) =>
      d.isPrivate
        ? [
            { value: "friend", label: t("new-opponent-friend") },
            { value: "bot", label: t("new-opponent-bot") },
          ]
        : [
            { value: "open", label: t("new-opponent-open") },
            { value: "bot", label: t("new-opponent-bot") },
            { value: "name", label: t("new-opponent-name") },
            { value: "tournament", label: t("new-opponent-tournament") },
          ],
    fold: (d, chosen) => ({ ...d, opponent: chosen as OpponentKind }),
  },
  {
    kind: "choice",
    question: "new-format",
    applies: (d) => d.opponent === "tournament",
    choices: (t) => [
      { value: "round-robin", label: t("tournament-format-round-robin") },
      { value: "knockout", label: t("tournament-format-knockout") },
    ],
    fold: (d, chosen) => ({ ...d, format: chosen as TournamentFormat }),
  },
  {
    kind: "username",
    applies: (d) => d.opponent === "name",
    fold: (d, named) => ({ ...d, named }),
  },
];

/** How the dialog gets each answer: a button on its message, or a reply naming the opponent. */
export interface Answers {
  choose(question: Question, choices: Choice[]): Promise<string>;
  name(): Promise<NamedOpponent>;
}

/**
 * Asks every step that applies, in the table's order, and folds each answer into the draft.
 * Which steps apply follows from the answers alone, so a replay asks the same questions.
 */
export async function answerSteps(start: Draft, t: Translate, answers: Answers): Promise<Draft> {
  let d = start;
  for (const step of STEPS) {
    if (!step.applies(d)) continue;
    d =
      step.kind === "choice"
        ? step.fold(d, await answers.choose(step.question, step.choices(t, d)))
        : step.fold(d, await answers.name());
  }
  return d;
}

/** The set-up a complete draft describes. */
export function setupOf(d: Draft): Setup {
  const variant = variantOf(d);
  const rules = rulesOf(d);
  const clock = given(d.clock, "clock");
  const opponent = given(d.opponent, "opponent");
  if (opponent === "tournament") {
    const format = given(d.format, "format");
    return { variant, rules, clock, against: { kind: "tournament", format } };
  }
  if (opponent === "bot") return { variant, rules, clock, against: { kind: "computer" } };
  const target = opponent === "name" ? given(d.named, "opponent's name") : null;
  return { variant, rules, clock, against: { kind: "challenge", target } };
}

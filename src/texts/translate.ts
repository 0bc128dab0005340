import type { MessageKey, MessageVariables } from "./keys.js";

export type { MessageKey, MessageVariables };

type UnionToIntersection<U> = (U extends unknown ? (u: U) => void : never) extends (
  i: infer I,
) => void
  ? I
  : never;

/** What a text for key K needs; for a union of keys, what every one of their texts needs. */
export type VariablesOf<K extends MessageKey> = UnionToIntersection<MessageVariables[K]>;

/** The arguments after the key: none when the text uses no variables. */
export type TranslateArgs<K extends MessageKey> = keyof VariablesOf<K> extends never
  ? []
  : [vars: VariablesOf<K>];

/**
 * A translation function bound to one locale: a key of en.ftl, with exactly the variables its
 * text uses (keys.ts beside this, generated from the .ftl files, lists them).
 */
export type Translate = <K extends MessageKey>(key: K, ...vars: TranslateArgs<K>) => string;

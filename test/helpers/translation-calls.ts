/**
 * Finds every request for a text in the bot's source with the TypeScript compiler API: each
 * call of a translation function, with the keys it may ask for and the variables it passes.
 *
 * Translation functions are found by what a call resolves to, not by name:
 * - the methods `t` and `translate` of @grammyjs/i18n's `I18n` (`i18n.t(locale, key, vars)`)
 *   and its `TranslateFunction` type (`ctx.t`, `const t = ctx.t`);
 * - forwarders: a function that passes its own `key` (and `vars`) parameters on to a
 *   translation function becomes one itself, together with the type it was declared with
 *   (the arrow `translator(...)` returns makes the `Tr` type one, so every `t: Tr` counts).
 *
 * A key is read from string literals, template literals (an interpolation that cannot be
 * read becomes a wildcard), conditionals, `const` declarations, `for...of` loops and
 * `array.map((v) => ...)` callbacks over readable arrays, `Object.keys` of a literal object,
 * and string literal types (`` `variant-${variant}` `` with `variant: "long" | "short"`).
 * A key that comes from a parameter is read at each call site of its function, one call site
 * at a time, so `` t(`${prefix}-${v}`) `` inside `opts(values, prefix)` pairs each prefix
 * with its own values.
 */
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");

/** A part of a key that could not be read: matches any non-empty text. */
const ANY = Symbol("any");
type Part = string | typeof ANY;
type Parts = readonly Part[];

/** The keys one call may ask for. */
export interface KeyPattern {
  /** The key, or the pattern with `*` for the parts that could not be read. */
  readonly text: string;
  readonly exact: boolean;
  matches(key: string): boolean;
}

/** How a variable's value is typed at the call: numbers pick plural forms, strings do not. */
export type VarKind = "number" | "string" | "other";

/** One translation call, for one way its key and variables are bound. */
export interface TranslationCall {
  /** `src/…/file.ts:line` of the call. */
  readonly where: string;
  /** The call sites that supplied parameters the key or variables came from. */
  readonly via: readonly string[];
  readonly keys: readonly KeyPattern[];
  readonly vars: ReadonlyMap<string, VarKind>;
}

export interface UnreadableCall {
  readonly where: string;
  readonly code: string;
  readonly reason: string;
}

export interface Extraction {
  readonly calls: readonly TranslationCall[];
  readonly unreadable: readonly UnreadableCall[];
  /** Functions found to forward a key to a translation function (`file:line`). */
  readonly forwarders: readonly string[];
}

/** Where the key and the variables are among a translation function's arguments. */
interface TranslationSignature {
  readonly key: number;
  /** -1 when it takes no variables. */
  readonly vars: number;
}

type Env = ReadonlyMap<ts.ParameterDeclaration, ts.Expression | undefined>;

/** Reading an expression needs a parameter of this function: read it per call site. */
class NeedsCallSites {
  constructor(readonly fn: ts.SignatureDeclaration) {}
}

class Unreadable extends Error {}

const ARRAY_CALLBACKS = new Set(["map", "flatMap", "forEach", "filter", "some", "every", "find"]);
const TRANSLATION_NAMES = new Set(["t", "translate"]);
const MAX_DEPTH = 40;
const MAX_VIA = 6;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && e.name.endsWith(".ts") && !e.name.endsWith(".d.ts"))
    .map((e) => path.join(e.parentPath, e.name));
}

function compilerOptions(): ts.CompilerOptions {
  const file = path.join(ROOT, "tsconfig.json");
  const { config, error } = ts.readConfigFile(file, ts.sys.readFile);
  if (error) throw new Error(ts.flattenDiagnosticMessageText(error.messageText, "\n"));
  return ts.parseJsonConfigFileContent(config, ts.sys, ROOT).options;
}

/**
 * Reads every translation call in the `.ts` files under `dirs` (relative to the repository;
 * the bot's `src` by default), as one program.
 */
export function findTranslationCalls(dirs: readonly string[] = ["src"]): Extraction {
  const roots = dirs.map((d) => path.join(ROOT, d));
  const program = ts.createProgram(roots.flatMap(sourceFiles), compilerOptions());
  const checker = program.getTypeChecker();
  const files = program
    .getSourceFiles()
    .filter(
      (f) =>
        !f.isDeclarationFile &&
        roots.some((root) => path.resolve(f.fileName).startsWith(root + path.sep)),
    );

  const calls: ts.CallExpression[] = [];
  const identifiers = new Map<string, ts.Identifier[]>();
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node)) calls.push(node);
    if (ts.isIdentifier(node)) {
      const list = identifiers.get(node.text) ?? [];
      list.push(node);
      identifiers.set(node.text, list);
    }
    ts.forEachChild(node, visit);
  };
  for (const f of files) visit(f);

  const where = (node: ts.Node): string => {
    const sf = node.getSourceFile();
    const { line } = sf.getLineAndCharacterOfPosition(node.getStart());
    return `${path.relative(ROOT, sf.fileName).split(path.sep).join("/")}:${line + 1}`;
  };
  const code = (node: ts.Node): string => node.getText().replace(/\s+/g, " ").slice(0, 120);

  // --- Which functions translate ---

  const signatures = new Map<ts.Node, TranslationSignature>();

  /** The library's own translation functions, by where they are declared. */
  function librarySignature(decl: ts.Node): TranslationSignature | null {
    if (!decl.getSourceFile().fileName.includes("@grammyjs/i18n")) return null;
    if (ts.isMethodDeclaration(decl) && ts.isIdentifier(decl.name)) {
      const cls = decl.parent;
      if (ts.isClassDeclaration(cls) && cls.name?.text === "I18n")
        if (TRANSLATION_NAMES.has(decl.name.text)) return { key: 1, vars: 2 };
    }
    if (ts.isFunctionTypeNode(decl) && ts.isTypeAliasDeclaration(decl.parent))
      if (decl.parent.name.text === "TranslateFunction") return { key: 0, vars: 1 };
    return null;
  }

  function declarationOfCall(call: ts.CallExpression): ts.Node | undefined {
    return checker.getResolvedSignature(call)?.getDeclaration() ?? undefined;
  }

  function signatureOf(call: ts.CallExpression): TranslationSignature | null {
    // The callee's type first: resolving every call in full would type-check the whole source.
    if (!isTranslationType(checker.getTypeAtLocation(call.expression))) return null;
    const decl = declarationOfCall(call);
    if (!decl) return null;
    return signatures.get(decl) ?? librarySignature(decl);
  }

  function enclosingFunction(node: ts.Node): ts.SignatureDeclaration | undefined {
    for (let n = node.parent; n; n = n.parent) {
      if (ts.isFunctionLike(n)) return n;
    }
    return undefined;
  }

  const isTranslationType = (type: ts.Type): boolean =>
    type.getCallSignatures().some((s) => {
      const decl = s.getDeclaration();
      return decl !== undefined && (signatures.has(decl) || librarySignature(decl) !== null);
    });

  /** The array whose elements a callback like `array.map((v) => ...)` gets, if it is one. */
  function arrayCallbackHost(fn: ts.SignatureDeclaration): ts.Expression | null {
    const host = fn.parent;
    return (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
      ts.isCallExpression(host) &&
      host.arguments[0] === fn &&
      ts.isPropertyAccessExpression(host.expression) &&
      ARRAY_CALLBACKS.has(host.expression.name.text)
      ? host.expression.expression
      : null;
  }

  /** The parameter an argument names directly, if it is one of `fn`'s. */
  function ownParameter(
    arg: ts.Expression | undefined,
    fn: ts.SignatureDeclaration,
  ): ts.ParameterDeclaration | null {
    if (!arg || !ts.isIdentifier(arg)) return null;
    const decl = checker.getSymbolAtLocation(arg)?.valueDeclaration;
    return decl && ts.isParameter(decl) && decl.parent === fn ? decl : null;
  }

  const forwarding = new Set<ts.CallExpression>();
  const forwarders: string[] = [];
  for (let changed = true; changed; ) {
    changed = false;
    for (const call of calls) {
      if (forwarding.has(call)) continue;
      const sig = signatureOf(call);
      const fn = sig ? enclosingFunction(call) : undefined;
      if (!sig || !fn) continue;
      // `keys.map((key) => t(key))` reads the array instead.
      if (arrayCallbackHost(fn)) continue;
      const keyParam = ownParameter(call.arguments[sig.key], fn);
      const varsArg = sig.vars >= 0 ? call.arguments[sig.vars] : undefined;
      const varsParam = ownParameter(varsArg, fn);
      if (!keyParam || (varsArg && !varsParam)) continue;
      const own: TranslationSignature = {
        key: fn.parameters.indexOf(keyParam),
        vars: varsParam ? fn.parameters.indexOf(varsParam) : -1,
      };
      signatures.set(fn, own);
      // The type the arrow was written for (`Tr` for the one translator(...) returns).
      const declared =
        ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)
          ? checker.getContextualType(fn)
          : undefined;
      for (const s of declared?.getCallSignatures() ?? []) {
        const decl = s.getDeclaration();
        if (decl && !decl.getSourceFile().isDeclarationFile) signatures.set(decl, own);
      }
      forwarding.add(call);
      forwarders.push(where(fn));
      changed = true;
    }
  }

  // --- Call sites of a function, for parameters ---

  function functionSymbol(fn: ts.SignatureDeclaration): ts.Symbol | undefined {
    if ((ts.isFunctionDeclaration(fn) || ts.isMethodDeclaration(fn)) && fn.name)
      return checker.getSymbolAtLocation(fn.name);
    if (
      (ts.isArrowFunction(fn) || ts.isFunctionExpression(fn)) &&
      ts.isVariableDeclaration(fn.parent) &&
      ts.isIdentifier(fn.parent.name)
    )
      return checker.getSymbolAtLocation(fn.parent.name);
    return undefined;
  }

  const resolveAlias = (s: ts.Symbol): ts.Symbol =>
    s.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(s) : s;

  const callSiteCache = new Map<ts.SignatureDeclaration, ts.CallExpression[] | null>();

  /** Every call of `fn`, or null when it is also used as a value (its calls are not all seen). */
  function callSites(fn: ts.SignatureDeclaration): ts.CallExpression[] | null {
    if (callSiteCache.has(fn)) return callSiteCache.get(fn)!;
    const symbol = functionSymbol(fn);
    let result: ts.CallExpression[] | null = null;
    if (symbol) {
      result = [];
      const names = new Set([symbol.name]);
      for (const spec of identifiers.get(symbol.name) ?? []) {
        // `import { f as g }`: look for g too.
        if (ts.isImportSpecifier(spec.parent) && spec.parent.propertyName === spec)
          names.add(spec.parent.name.text);
      }
      for (const name of names) {
        for (const id of identifiers.get(name) ?? []) {
          const s = checker.getSymbolAtLocation(id);
          if (!s || resolveAlias(s) !== symbol) continue;
          const parent = id.parent;
          if (ts.isImportSpecifier(parent) || ts.isExportSpecifier(parent)) continue;
          if (
            (ts.isFunctionDeclaration(parent) || ts.isMethodDeclaration(parent)) &&
            parent.name === id
          )
            continue;
          if (ts.isVariableDeclaration(parent) && parent.name === id) continue;
          const callee = ts.isPropertyAccessExpression(parent) && parent.name === id ? parent : id;
          const call = callee.parent;
          if (call && ts.isCallExpression(call) && call.expression === callee) result.push(call);
          else {
            result = null;
            break;
          }
        }
        if (result === null) break;
      }
      if (result?.length === 0) result = null;
    }
    callSiteCache.set(fn, result);
    return result;
  }

  // --- Reading keys ---

  const skipOuter = (e: ts.Expression): ts.Expression => {
    for (;;) {
      if (
        ts.isParenthesizedExpression(e) ||
        ts.isAsExpression(e) ||
        ts.isSatisfiesExpression(e) ||
        ts.isNonNullExpression(e) ||
        ts.isTypeAssertionExpression(e)
      )
        e = e.expression;
      else return e;
    }
  };

  /** The strings a type allows, when it is a literal or a union of literals. */
  function literalsOf(type: ts.Type): string[] | null {
    const one = (t: ts.Type): string | null =>
      t.isStringLiteral() || t.isNumberLiteral() ? String(t.value) : null;
    const members = type.isUnion() ? type.types : [type];
    const values = members.map(one);
    return values.every((v) => v !== null) ? (values as string[]) : null;
  }

  type Binding = { expr: ts.Expression | undefined } | { elementOf: ts.Expression } | null;

  /** What an identifier stands for: a const's value, a loop's or callback's array, an argument. */
  function binding(id: ts.Identifier, env: Env): Binding {
    const symbol = checker.getSymbolAtLocation(id);
    const decl = symbol && resolveAlias(symbol).valueDeclaration;
    if (!decl) return null;
    if (ts.isParameter(decl)) {
      if (env.has(decl)) return { expr: env.get(decl) ?? decl.initializer };
      const fn = decl.parent;
      const array = arrayCallbackHost(fn);
      if (array && fn.parameters.indexOf(decl) === 0) return { elementOf: array };
      // A parameter typed with literals says what it may be; otherwise ask its callers.
      if (literalsOf(checker.getTypeAtLocation(id))) return null;
      if (callSites(fn)) throw new NeedsCallSites(fn);
      return null;
    }
    if (ts.isVariableDeclaration(decl)) {
      const list = decl.parent;
      if (ts.isVariableDeclarationList(list) && ts.isForOfStatement(list.parent))
        return { elementOf: list.parent.expression };
      if (ts.isVariableDeclarationList(list) && list.flags & ts.NodeFlags.Const && decl.initializer)
        return { expr: decl.initializer };
    }
    return null;
  }

  const product = (a: Parts[], b: Parts[]): Parts[] => a.flatMap((x) => b.map((y) => [...x, ...y]));
  const orAny = (p: Parts[] | null): Parts[] => p ?? [[ANY]];
  const union = (...ps: (Parts[] | null)[]): Parts[] | null =>
    ps.some((p) => p === null) ? null : (ps as Parts[][]).flat();

  /** The object literal an expression is (directly or through a const), if any. */
  function objectLiteral(
    e: ts.Expression,
    env: Env,
    depth: number,
  ): ts.ObjectLiteralExpression | null {
    const x = skipOuter(e);
    if (ts.isObjectLiteralExpression(x)) return x;
    if (ts.isIdentifier(x) && depth < MAX_DEPTH) {
      const b = binding(x, env);
      if (b && "expr" in b && b.expr) return objectLiteral(b.expr, env, depth + 1);
    }
    return null;
  }

  const propertyName = (p: ts.ObjectLiteralElementLike): string | null => {
    const name = p.name;
    if (!name) return null;
    if (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isNumericLiteral(name))
      return name.text;
    return null;
  };

  /** The strings an expression may be; null when it cannot be read. */
  function strings(e: ts.Expression, env: Env, depth = 0): Parts[] | null {
    if (depth > MAX_DEPTH) return null;
    const x = skipOuter(e);
    const next = depth + 1;
    if (ts.isIdentifier(x)) {
      const b = binding(x, env);
      if (b && "expr" in b) return b.expr ? strings(b.expr, env, next) : null;
      if (b && "elementOf" in b) return elements(b.elementOf, env, next);
    }
    // The type of the whole expression: `x as Variant` says more than `x`.
    const literals = literalsOf(checker.getTypeAtLocation(e));
    if (literals) return literals.map((s) => [s]);
    if (ts.isStringLiteral(x) || ts.isNoSubstitutionTemplateLiteral(x)) return [[x.text]];
    if (ts.isTemplateExpression(x)) {
      let acc: Parts[] = [[x.head.text]];
      for (const span of x.templateSpans) {
        acc = product(acc, orAny(strings(span.expression, env, next)));
        acc = product(acc, [[span.literal.text]]);
      }
      return acc;
    }
    if (ts.isConditionalExpression(x))
      return union(strings(x.whenTrue, env, next), strings(x.whenFalse, env, next));
    if (ts.isBinaryExpression(x)) {
      const op = x.operatorToken.kind;
      if (op === ts.SyntaxKind.PlusToken)
        return product(orAny(strings(x.left, env, next)), orAny(strings(x.right, env, next)));
      if (op === ts.SyntaxKind.QuestionQuestionToken || op === ts.SyntaxKind.BarBarToken)
        return union(strings(x.left, env, next), strings(x.right, env, next));
    }
    if (ts.isPropertyAccessExpression(x)) {
      const obj = objectLiteral(x.expression, env, next);
      const prop = obj?.properties.find((p) => propertyName(p) === x.name.text);
      if (prop && ts.isPropertyAssignment(prop)) return strings(prop.initializer, env, next);
    }
    return null;
  }

  /** The strings an array's elements may be; null when they cannot be read. */
  function elements(e: ts.Expression, env: Env, depth: number): Parts[] | null {
    if (depth > MAX_DEPTH) return null;
    const x = skipOuter(e);
    const next = depth + 1;
    if (ts.isIdentifier(x)) {
      const b = binding(x, env);
      if (b && "expr" in b) return b.expr ? elements(b.expr, env, next) : null;
    }
    const type = checker.getTypeAtLocation(e);
    const element = checker.getIndexTypeOfType(type, ts.IndexKind.Number);
    const literals = element && literalsOf(element);
    if (literals) return literals.map((s) => [s]);
    if (ts.isArrayLiteralExpression(x))
      return x.elements.flatMap((el) =>
        ts.isSpreadElement(el)
          ? orAny(elements(el.expression, env, next))
          : orAny(strings(el, env, next)),
      );
    if (ts.isConditionalExpression(x))
      return union(elements(x.whenTrue, env, next), elements(x.whenFalse, env, next));
    if (
      ts.isCallExpression(x) &&
      ts.isPropertyAccessExpression(x.expression) &&
      x.expression.getText() === "Object.keys" &&
      x.arguments[0]
    ) {
      const obj = objectLiteral(x.arguments[0], env, next);
      const names = obj?.properties.map(propertyName);
      if (names?.every((n) => n !== null)) return (names as string[]).map((n) => [n]);
    }
    return null;
  }

  // --- Reading variables ---

  function kindOf(node: ts.Node): VarKind {
    const type = checker.getTypeAtLocation(node);
    const members = type.isUnion() ? type.types : [type];
    if (members.every((t) => t.flags & ts.TypeFlags.NumberLike)) return "number";
    if (members.every((t) => t.flags & ts.TypeFlags.StringLike)) return "string";
    return "other";
  }

  function variables(e: ts.Expression | undefined, env: Env, depth = 0): Map<string, VarKind> {
    if (!e) return new Map();
    const x = skipOuter(e);
    if (ts.isIdentifier(x) && x.text === "undefined") return new Map();
    const obj = objectLiteral(x, env, depth);
    if (!obj) throw new Unreadable(`the variables are not an object literal: ${code(x)}`);
    const vars = new Map<string, VarKind>();
    for (const p of obj.properties) {
      if (ts.isSpreadAssignment(p)) {
        for (const [k, v] of variables(p.expression, env, depth + 1)) vars.set(k, v);
        continue;
      }
      const name = propertyName(p);
      if (name === null) throw new Unreadable(`a variable name is computed: ${code(p)}`);
      if (ts.isPropertyAssignment(p)) vars.set(name, kindOf(p.initializer));
      else if (ts.isShorthandPropertyAssignment(p)) vars.set(name, kindOf(p.name));
      else throw new Unreadable(`a variable is not a plain value: ${code(p)}`);
    }
    return vars;
  }

  // --- Each call, bound per call site where needed ---

  function toPattern(parts: Parts): KeyPattern | null {
    const merged: Part[] = [];
    for (const p of parts) {
      const last = merged.at(-1);
      if (p === ANY && last === ANY) continue;
      if (typeof p === "string" && typeof last === "string") merged[merged.length - 1] = last + p;
      else if (p !== "") merged.push(p);
    }
    const exact = merged.every((p) => p !== ANY);
    // A key built from parts needs a fixed prefix: `${a}-${b}` could be any key at all.
    if (!exact && (typeof merged[0] !== "string" || merged[0].length < 2)) return null;
    const text = merged.map((p) => (p === ANY ? "*" : p)).join("");
    const re = new RegExp(
      `^${merged.map((p) => (p === ANY ? ".+" : p.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"))).join("")}$`,
    );
    return { text, exact, matches: (key) => (exact ? key === text : re.test(key)) };
  }

  const result: TranslationCall[] = [];
  const unreadable: UnreadableCall[] = [];

  for (const call of calls) {
    if (forwarding.has(call)) continue;
    const sig = signatureOf(call);
    if (!sig) {
      const callee = call.expression;
      const name = ts.isIdentifier(callee)
        ? callee.text
        : ts.isPropertyAccessExpression(callee)
          ? callee.name.text
          : "";
      if (TRANSLATION_NAMES.has(name))
        unreadable.push({
          where: where(call),
          code: code(call),
          reason:
            "looks like a translation call, but its function is not a known translation function",
        });
      continue;
    }
    const keyArg = call.arguments[sig.key];
    const varsArg = sig.vars >= 0 ? call.arguments[sig.vars] : undefined;
    const queue: { env: Env; via: string[] }[] = [{ env: new Map(), via: [] }];
    for (let item = queue.shift(); item; item = queue.shift()) {
      const { env, via } = item;
      const fail = (reason: string) =>
        unreadable.push({
          where: where(call),
          code: code(call),
          reason: via.length ? `${reason} (via ${via.join(" → ")})` : reason,
        });
      try {
        if (!keyArg) throw new Unreadable("no key");
        const parts = strings(keyArg, env);
        if (!parts) throw new Unreadable(`the key cannot be read: ${code(keyArg)}`);
        const keys = [...new Map(parts.map(toPattern).map((k) => [k?.text, k])).values()];
        if (keys.some((k) => k === null))
          throw new Unreadable(`the key has no fixed prefix: ${code(keyArg)}`);
        const vars = variables(varsArg, env);
        result.push({ where: where(call), via, keys: keys as KeyPattern[], vars });
      } catch (e) {
        if (e instanceof NeedsCallSites) {
          const sites = callSites(e.fn) ?? [];
          if (via.length >= MAX_VIA) fail("parameters passed on too many times");
          for (const site of via.length >= MAX_VIA ? [] : sites) {
            const bound = new Map(env);
            e.fn.parameters.forEach((p, i) => {
              bound.set(p, site.arguments[i]);
            });
            queue.push({ env: bound, via: [...via, where(site)] });
          }
        } else if (e instanceof Unreadable) fail(e.message);
        else throw e;
      }
    }
  }

  // A translation function handed to a parameter of another type is called out of sight.
  /** Whether an argument is a translation function, looking no deeper than names need. */
  const passesTranslation = (arg: ts.Expression): boolean => {
    const x = skipOuter(arg);
    if (ts.isIdentifier(x) || ts.isPropertyAccessExpression(x))
      return isTranslationType(checker.getTypeAtLocation(x));
    if (ts.isCallExpression(x))
      return checker
        .getTypeAtLocation(x.expression)
        .getCallSignatures()
        .some((s) => isTranslationType(s.getReturnType()));
    if (ts.isConditionalExpression(x))
      return passesTranslation(x.whenTrue) || passesTranslation(x.whenFalse);
    return false;
  };
  for (const call of calls) {
    call.arguments.forEach((arg, i) => {
      if (!passesTranslation(arg)) return;
      const sig = checker.getResolvedSignature(call);
      const param = sig?.parameters[Math.min(i, sig.parameters.length - 1)];
      const paramType = param && checker.getTypeOfSymbolAtLocation(param, call);
      if (!paramType || !isTranslationType(checker.getNonNullableType(paramType)))
        unreadable.push({
          where: where(arg),
          code: code(call),
          reason: "a translation function is passed where it is not typed as one",
        });
    });
  }

  return { calls: result, unreadable, forwarders };
}

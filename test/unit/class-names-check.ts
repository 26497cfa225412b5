/**
 * The class-name check behind test/unit/class-names.test.ts: every class a
 * screen's markup uses must be defined by CSS that the screen loads, i.e. CSS
 * imported by a module of its own import graph (a lazy route's chunk) or by
 * the start-up graph of src/main.tsx (loaded before any screen). A screen that
 * borrows a class from another screen's CSS looks right only after that other
 * screen was opened: opened directly, in a fresh tab, it does not (issue 23).
 *
 * Classes are read from JSX attributes named `className` or `…ClassName`:
 * every string piece in the attribute's expression (literals, both branches of
 * a condition, the literal parts of a template). A token that touches a `${…}`
 * (`pill--${tone}`) is a prefix: some loaded class must start with it.
 */
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import ts from 'typescript';

export interface UsedClass {
  name: string;
  /** True when the token continues with a substituted value (`pill--${tone}`). */
  prefix: boolean;
  file: string;
  line: number;
}

const CLASS_IN_SELECTOR = /\.(-?[_a-zA-Z][\w-]*)/g;

/** The class names a stylesheet's selectors mention (comments, strings and urls left out). */
export function cssClasses(css: string): Set<string> {
  const names = new Set<string>();
  const clean = css
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .replace(/url\([^)]*\)/g, '')
    .replace(/(["'])(?:\\.|(?!\1).)*\1/g, '""');
  // Only selectors: the text before each '{' back to the previous '}' or ';' or '{'.
  for (const match of clean.matchAll(/([^{};]+)\{/g)) {
    const selector = match[1]!;
    if (selector.trim().startsWith('@')) continue;
    for (const m of selector.matchAll(CLASS_IN_SELECTOR)) names.add(m[1]!);
  }
  return names;
}

/** The classes a TSX source's className attributes use. */
export function usedClasses(source: string, file = 'sample.tsx'): UsedClass[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: UsedClass[] = [];
  const add = (text: string, node: ts.Node, openStart: boolean, openEnd: boolean) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart()).line + 1;
    const tokens = text.split(/\s+/);
    tokens.forEach((token, i) => {
      if (!token) return;
      // A token glued to the substitution before it is a suffix of a computed name: nothing to check.
      if (i === 0 && openStart && !/^\s/.test(text)) return;
      const prefix = i === tokens.length - 1 && openEnd && !/\s$/.test(text);
      found.push({ name: token, prefix, file, line });
    });
  };
  /**
   * Whether a substitution's value continues the class written before it: not when every string it can
   * give is empty or starts with a space (`card${on ? ' card--on' : ''}`), yes otherwise (`pill--${tone}`).
   */
  const continues = (expression: ts.Node): boolean => {
    const strings: string[] = [];
    const gather = (n: ts.Node) => {
      if (ts.isStringLiteral(n) || ts.isNoSubstitutionTemplateLiteral(n)) strings.push(n.text);
      else if (!(ts.isBinaryExpression(n) && n.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken)) ts.forEachChild(n, gather);
    };
    gather(expression);
    return strings.length === 0 || strings.some((text) => text !== '' && !/^\s/.test(text));
  };
  const unprefixLast = (part: ts.Node) => {
    const last = found[found.length - 1];
    const line = sf.getLineAndCharacterOfPosition(part.getStart()).line + 1;
    if (last && last.prefix && last.line === line) last.prefix = false;
  };
  /** `glued`: the node is a substitution right after a class's first part (`net--${on ? 'on' : 'off'}`): its strings end that class. */
  const collect = (node: ts.Node, glued = false) => {
    if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) add(node.text, node, glued, false);
    else if (ts.isTemplateExpression(node)) {
      add(node.head.text, node.head, glued, true);
      let before: ts.TemplateLiteralLikeNode = node.head;
      node.templateSpans.forEach((span) => {
        const joins = before.text !== '' && !/\s$/.test(before.text) && continues(span.expression);
        // The part before continues into the substitution: its last token is a prefix (it was added as one).
        if (!joins && before.text !== '' && !/\s$/.test(before.text)) unprefixLast(before);
        collect(span.expression, joins);
        add(span.literal.text, span.literal, joins, ts.isTemplateMiddle(span.literal));
        before = span.literal;
      });
      return;
    } else if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsEqualsEqualsToken)
      return; // a comparison's strings are values, not classes
    else if (ts.isCallExpression(node)) return; // a function's arguments (texts, keys) are not classes
    ts.forEachChild(node, (child) => collect(child, glued));
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxAttribute(node) && /(^c|C)lassName$/.test(node.name.getText(sf)) && node.initializer) collect(node.initializer);
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** The used classes that none of `defined` names (a prefix must start at least one). */
export function unknownClasses(used: readonly UsedClass[], defined: ReadonlySet<string>, allowed: ReadonlySet<string> = new Set()): UsedClass[] {
  const names = [...defined];
  return used.filter((u) => !allowed.has(u.name) && (u.prefix ? !names.some((n) => n.startsWith(u.name)) : !defined.has(u.name)));
}

const ROOT = path.resolve(import.meta.dirname, '../..');
const requireHere = createRequire(import.meta.url);

function resolveModule(from: string, spec: string): string | null {
  if (!spec.startsWith('.')) {
    if (!spec.endsWith('.css')) return null;
    try {
      return requireHere.resolve(spec, { paths: [path.dirname(from)] });
    } catch {
      return null;
    }
  }
  const base = path.resolve(path.dirname(from), spec);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** Static imports and, separately, dynamic `import('…')` targets of a module. */
function importsOf(file: string): { statics: string[]; lazies: string[] } {
  const text = fs.readFileSync(file, 'utf8');
  const statics: string[] = [];
  const lazies: string[] = [];
  for (const m of text.matchAll(/^\s*(?:import|export)\s+(?:type\s+)?(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]/gm)) {
    if (/^\s*(?:import|export)\s+type\s/.test(m[0])) continue;
    const target = resolveModule(file, m[1]!);
    if (target) statics.push(target);
  }
  for (const m of text.matchAll(/import\(\s*['"]([^'"]+)['"]\s*\)/g)) {
    const target = resolveModule(file, m[1]!);
    if (target) lazies.push(target);
  }
  return { statics, lazies };
}

/** Everything an entry loads with it (static imports, transitively), and the lazy entries it can open. */
export function graphOf(entry: string, stopAt: ReadonlySet<string> = new Set()): { modules: Set<string>; css: Set<string>; lazies: Set<string> } {
  const modules = new Set<string>();
  const css = new Set<string>();
  const lazies = new Set<string>();
  const walk = (file: string) => {
    if (modules.has(file) || css.has(file) || stopAt.has(file)) return;
    if (file.endsWith('.css')) {
      css.add(file);
      return;
    }
    modules.add(file);
    const { statics, lazies: dynamic } = importsOf(file);
    dynamic.forEach((d) => lazies.add(d));
    statics.forEach(walk);
  };
  walk(entry);
  return { modules, css, lazies };
}

export interface Finding extends UsedClass {
  screen: string;
}

/**
 * Checks the start-up graph of src/main.tsx and each lazy screen under it:
 * a class used by a module must be defined by the start-up CSS or by the CSS
 * of the screen's own graph.
 */
export function checkApp(allowed: ReadonlySet<string>, root = ROOT): Finding[] {
  const main = path.join(root, 'src/main.tsx');
  const startUp = graphOf(main);
  const findings: Finding[] = [];
  const classesOf = (files: Iterable<string>) => {
    const all = new Set<string>();
    for (const f of files) for (const c of cssClasses(fs.readFileSync(f, 'utf8'))) all.add(c);
    return all;
  };
  const startUpClasses = classesOf(startUp.css);
  const check = (screen: string, modules: Iterable<string>, defined: ReadonlySet<string>) => {
    for (const file of modules) {
      if (!file.endsWith('.tsx')) continue;
      const used = usedClasses(fs.readFileSync(file, 'utf8'), path.relative(root, file));
      for (const u of unknownClasses(used, defined, allowed)) findings.push({ ...u, screen });
    }
  };
  check('start-up', startUp.modules, startUpClasses);
  const seen = new Set<string>();
  const queue = [...startUp.lazies];
  while (queue.length) {
    const entry = queue.shift()!;
    if (seen.has(entry)) continue;
    seen.add(entry);
    const screen = graphOf(entry, startUp.modules);
    queue.push(...screen.lazies);
    check(path.relative(root, entry), screen.modules, new Set([...startUpClasses, ...classesOf(screen.css)]));
  }
  return findings;
}

import fs from 'node:fs';
import path from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '#contract/constants.ts';
import { LANGUAGE_TAGS } from './lib/i18n.ts';

const WEB = path.dirname(new URL(import.meta.url).pathname);
const LOCALES = path.join(WEB, 'locales');

// ---------------------------------------------------------------------------------------------
// 1. No hard-coded user-facing text in components: every word a person reads goes through t().
// ---------------------------------------------------------------------------------------------

/** Attributes a person reads or hears. */
const USER_FACING_ATTRIBUTES = new Set([
  'aria-label',
  'aria-description',
  'aria-roledescription',
  'aria-placeholder',
  'aria-valuetext',
  'placeholder',
  'title',
  'alt',
  'label',
]);

/**
 * Text with letters that is not a word of any language: kept small and explicit. Product and brand
 * names come from constants (APP_NAME, provider and social names), never from literals.
 */
const ALLOWED_TEXTS = new Set<string>([]);
const ALLOWED_PATTERNS: RegExp[] = [
  /^#[0-9a-f]{3,8}$/i, // a hex colour swatch value
];

const hasLetters = (text: string) => /\p{L}/u.test(text);
const allowed = (text: string) => ALLOWED_TEXTS.has(text) || ALLOWED_PATTERNS.some((p) => p.test(text));

function componentFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'locales' ? [] : componentFiles(full);
    return entry.name.endsWith('.tsx') && !entry.name.endsWith('.test.tsx') ? [full] : [];
  });
}

/** String literals an expression can evaluate to: 'a', `a`, c ? 'a' : 'b', x || 'a', ('a'). */
function literalTexts(node: ts.Expression): { node: ts.Node; text: string }[] {
  if (ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) return [{ node, text: node.text }];
  if (ts.isTemplateExpression(node)) {
    const text = [node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ');
    return [{ node, text }];
  }
  if (ts.isParenthesizedExpression(node)) return literalTexts(node.expression);
  if (ts.isConditionalExpression(node)) return [...literalTexts(node.whenTrue), ...literalTexts(node.whenFalse)];
  if (
    ts.isBinaryExpression(node) &&
    [ts.SyntaxKind.BarBarToken, ts.SyntaxKind.QuestionQuestionToken, ts.SyntaxKind.AmpersandAmpersandToken].includes(
      node.operatorToken.kind,
    )
  )
    return [...literalTexts(node.left), ...literalTexts(node.right)];
  return [];
}

export interface HardCodedText {
  file: string;
  line: number;
  where: string;
  text: string;
}

export function findHardCodedTexts(file: string, source: string): HardCodedText[] {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: HardCodedText[] = [];
  const report = (node: ts.Node, where: string, raw: string) => {
    const text = raw.replace(/\s+/g, ' ').trim();
    if (!hasLetters(text) || allowed(text)) return;
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    found.push({ file: path.relative(WEB, file), line, where, text });
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) report(node, 'text', node.text);
    else if (
      ts.isJsxExpression(node) &&
      node.expression &&
      (ts.isJsxElement(node.parent) || ts.isJsxFragment(node.parent))
    ) {
      for (const literal of literalTexts(node.expression)) report(literal.node, 'text', literal.text);
    } else if (ts.isCallExpression(node) && node.expression.getText(sf) === 'toast') {
      // toast({ title, description }) is read as much as any JSX text.
      const [options] = node.arguments;
      if (options && ts.isObjectLiteralExpression(options))
        for (const property of options.properties)
          if (ts.isPropertyAssignment(property) && ['title', 'description'].includes(property.name.getText(sf)))
            for (const literal of literalTexts(property.initializer)) report(literal.node, 'toast', literal.text);
    } else if (ts.isJsxAttribute(node)) {
      const name = node.name.getText(sf);
      if (USER_FACING_ATTRIBUTES.has(name) && node.initializer) {
        const init = node.initializer;
        if (ts.isStringLiteral(init)) report(init, name, init.text);
        else if (ts.isJsxExpression(init) && init.expression)
          for (const literal of literalTexts(init.expression)) report(literal.node, name, literal.text);
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('components have no hard-coded user-facing text', () => {
  it('the check finds JSX text and literal labels, and lets non-words through', () => {
    const sample = `
      export const A = () => (
        <div title="Tooltip words" aria-label={open ? 'Close menu' : t('x')}>
          Hello there
          {'Inline words'}
          <img alt="" src="/a.png" />
          <span>{count} · 1.0.0 — {t('ok')}</span>
          <input placeholder={\`Search \${n}\`} />
          <i aria-hidden>#fb7185</i>
        </div>
      );
      toast({ title: 'Saved', description: t('done') });`;
    const texts = findHardCodedTexts('sample.tsx', sample).map((f) => `${f.where}:${f.text}`);
    expect(texts).toEqual([
      'title:Tooltip words',
      'aria-label:Close menu',
      'text:Hello there',
      'text:Inline words',
      'placeholder:Search',
      'toast:Saved',
    ]);
  });

  it('every .tsx under src/web passes', () => {
    const findings = componentFiles(WEB).flatMap((file) => findHardCodedTexts(file, fs.readFileSync(file, 'utf8')));
    expect(findings.map((f) => `${f.file}:${f.line} ${f.where} "${f.text}"`)).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 2. Layout mirrors in right-to-left languages: logical classes (ms-/pe-/start-/text-end), not left/right.
// ---------------------------------------------------------------------------------------------

const PHYSICAL_CLASS =
  /^(?:[^\s]*:)?-?(?:ml|mr|pl|pr|left|right|scroll-ml|scroll-mr|scroll-pl|scroll-pr|border-l|border-r|rounded-l|rounded-r|rounded-tl|rounded-tr|rounded-bl|rounded-br|text-left|text-right|float-left|float-right)(?:-.+)?$/;
/** Physical on purpose: centring (left-1/2 with -translate-x-1/2), and the hero arrows whose actions swap sides in code. */
const PHYSICAL_ALLOWED = [/(?:^|:)-?(?:left|right)-1\/2$/];
const PHYSICAL_ALLOWED_IN: Record<string, string[]> = {
  'features/home/components/hero-carousel.tsx': ['left-2', 'right-2'],
};

export function findPhysicalClasses(file: string, source: string) {
  const sf = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const relative = path.relative(WEB, file);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    const text =
      ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)
        ? node.text
        : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node)
          ? node.text
          : null;
    if (text !== null)
      for (const token of text.split(/\s+/)) {
        if (!PHYSICAL_CLASS.test(token) || PHYSICAL_ALLOWED.some((p) => p.test(token))) continue;
        if (PHYSICAL_ALLOWED_IN[relative]?.includes(token)) continue;
        const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
        found.push(`${relative}:${line} ${token}`);
      }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('layout mirrors in right-to-left languages', () => {
  it('the check finds physical classes and lets logical ones and centring through', () => {
    const sample = `const a = <div className={\`pl-4 ms-2 md:right-0 \${x ? 'text-left' : 'text-end'}\`}><i className="left-1/2 -translate-x-1/2 start-3" /></div>;`;
    expect(findPhysicalClasses(path.join(WEB, 'sample.tsx'), sample).map((f) => f.split(' ')[1])).toEqual([
      'pl-4',
      'md:right-0',
      'text-left',
    ]);
  });

  it('no component uses left/right classes', () => {
    const classModules = ['features/admin/components/styles.ts'].map((f) => path.join(WEB, f));
    const files = [...componentFiles(WEB), ...classModules];
    expect(files.flatMap((file) => findPhysicalClasses(file, fs.readFileSync(file, 'utf8')))).toEqual([]);
  });
});

// ---------------------------------------------------------------------------------------------
// 3. Every language has every key of English, with the plural forms its language needs.
// ---------------------------------------------------------------------------------------------

const PLURAL_SUFFIX = /_(zero|one|two|few|many|other)$/;

function flatten(value: unknown, prefix = ''): string[] {
  if (Array.isArray(value)) return value.flatMap((v, i) => flatten(v, `${prefix}${i}.`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      flatten(v, `${prefix}${k}${v && typeof v === 'object' ? '.' : ''}`),
    );
  return [prefix];
}

/** English keys, with each plural group (key_one + key_other) asked for in the target's CLDR categories. */
function expectedKeys(englishKeys: string[], tag: string): string[] {
  const categories = new Intl.PluralRules(tag).resolvedOptions().pluralCategories;
  const keys = new Set<string>();
  for (const key of englishKeys) {
    if (PLURAL_SUFFIX.test(key)) {
      const base = key.replace(PLURAL_SUFFIX, '');
      for (const category of categories) keys.add(`${base}_${category}`);
    } else keys.add(key);
  }
  return [...keys];
}

/** Plural forms a language may add beyond its own (e.g. _many in French), accepted but not required. */
const optionalPluralKey = (key: string, englishKeys: Set<string>) =>
  PLURAL_SUFFIX.test(key) &&
  [...englishKeys].some((k) => k.replace(PLURAL_SUFFIX, '') === key.replace(PLURAL_SUFFIX, ''));

const readJson = (file: string) => JSON.parse(fs.readFileSync(file, 'utf8')) as unknown;

function flatEntries(value: unknown, prefix = ''): [string, string][] {
  if (Array.isArray(value)) return value.flatMap((v, i) => flatEntries(v, `${prefix}${i}.`));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([k, v]) =>
      flatEntries(v, `${prefix}${k}${v && typeof v === 'object' ? '.' : ''}`),
    );
  return [[prefix, String(value)]];
}

/** {{placeholders}} and <0>…</0> markers: a translation keeps them (a plural form may leave the number out). */
const markers = (text: string) => new Set(text.match(/\{\{[^}]+\}\}|<\/?\d+>/g) ?? []);

function placeholderProblems(english: [string, string][], target: [string, string][]): string[] {
  const englishByKey = new Map(english);
  const problems: string[] = [];
  for (const [key, text] of target) {
    const plural = PLURAL_SUFFIX.test(key);
    const source = englishByKey.get(key) ?? englishByKey.get(key.replace(PLURAL_SUFFIX, '_other'));
    if (source === undefined) continue;
    const want = markers(source);
    const have = markers(text);
    const extra = [...have].filter((m) => !want.has(m));
    const lost = plural ? [] : [...want].filter((m) => !have.has(m));
    if (extra.length || lost.length)
      problems.push(`${key}: ${[...extra.map((m) => `+${m}`), ...lost.map((m) => `-${m}`)].join(' ')}`);
  }
  return problems;
}
const namespaces = fs.readdirSync(path.join(LOCALES, 'en')).filter((f) => f.endsWith('.json'));
const targetTags = LANGUAGES.map((language) => LANGUAGE_TAGS[language]).filter((tag) => tag !== 'en');

describe('every language has every key of English', () => {
  it('has a folder for each of the 15 languages and nothing else', () => {
    const folders = fs.readdirSync(LOCALES).filter((f) => fs.statSync(path.join(LOCALES, f)).isDirectory());
    expect(folders.sort()).toEqual(['en', ...targetTags].sort());
  });

  describe.each(targetTags)('%s', (tag) => {
    it.each(namespaces)('%s', (namespace) => {
      const file = path.join(LOCALES, tag, namespace);
      expect(fs.existsSync(file), `${tag}/${namespace} exists`).toBe(true);
      const englishJson = readJson(path.join(LOCALES, 'en', namespace));
      const targetJson = readJson(file);
      const english = flatten(englishJson);
      const englishSet = new Set(english);
      const target = new Set(flatten(targetJson));
      const missing = expectedKeys(english, tag).filter((key) => !target.has(key));
      const stale = [...target].filter(
        (key) =>
          !englishSet.has(key) && !expectedKeys(english, tag).includes(key) && !optionalPluralKey(key, englishSet),
      );
      const placeholders = placeholderProblems(flatEntries(englishJson), flatEntries(targetJson));
      expect({ missing, stale, placeholders }).toEqual({ missing: [], stale: [], placeholders: [] });
    });
  });
});

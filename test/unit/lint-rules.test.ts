/**
 * The conventions lint enforces, checked on samples with the project's own
 * ESLint config: words written in JSX are refused (texts live in fr.ts or a
 * feature's texts.ts), spreading an RxDB document's data is refused, and so is
 * writing a document's data read before the write (incrementalPatch), and the
 * same code written the house way passes.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, '.ci/eslint.config.js') });

async function problems(code: string, file = 'src/features/sample/sample-page.tsx'): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result!.messages.map((m) => `${m.line}:${m.ruleId}:${m.message}`);
}

const jsxText = "Text written in JSX: put it in src/i18n/fr.ts or the feature's texts.ts.";

describe('lint conventions', () => {
  it('refuses French words written in JSX: children, string children, and spoken attributes', async () => {
    const found = await problems(
      [
        'export function Sample({ n }: { n: number }) {',
        '  return (',
        '    <section aria-label="Résumé">',
        '      <h1>Bonjour</h1>',
        "      <p>{'Aucune demande'}</p>",
        '      <input placeholder="Rechercher" title={`Filtre ${n}`} />',
        '      <img alt="Photo du hall" src="/a.png" />',
        '    </section>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    expect(found.filter((m) => m.endsWith(jsxText)).map((m) => Number(m.split(':')[0]))).toEqual([3, 4, 5, 6, 6, 7]);
  });

  it('accepts texts from a texts module, numbers, punctuation and class names', async () => {
    const found = await problems(
      [
        "const t = { title: 'Bonjour', search: 'Rechercher', count: (n: number) => `${n} demandes` };",
        'export function Sample({ n }: { n: number }) {',
        '  return (',
        '    <section aria-label={t.title} className="card card--wide">',
        '      <h1>{t.title}</h1>',
        '      <p>{n} / 10 — {t.count(n)}</p>',
        '      <input placeholder={t.search} type="search" />',
        '    </section>',
        '  );',
        '}',
        '',
      ].join('\n'),
    );
    expect(found).toEqual([]);
  });

  it('refuses spreading an RxDB document’s data (a Proxy that cannot cross tabs)', async () => {
    const found = await problems(
      ['export function copy(doc: { data: Record<string, unknown> }) {', '  return { ...doc.data, seen: true };', '}', ''].join('\n'),
      'sync/store/sample.ts',
    );
    expect(found).toEqual([expect.stringContaining('2:no-restricted-syntax:Spreading `x.data` copies RxDB proxies')]);
  });

  it('refuses writing a document’s data read before the write (incrementalPatch with data), not its own fields', async () => {
    const found = await problems(
      [
        "import { dataOf } from './plain';",
        'type Doc = { toJSON(): { data: unknown }; incrementalPatch(p: object): Promise<unknown> };',
        'export async function mark(doc: Doc) {',
        '  await doc.incrementalPatch({ data: { ...dataOf<object>(doc), seen: true }, savedAt: 1 });',
        '  await doc.incrementalPatch({ pending: false });',
        '}',
        '',
      ].join('\n'),
      'sync/store/sample.ts',
    );
    expect(found).toEqual([expect.stringContaining('4:no-restricted-syntax:incrementalPatch({ data }) writes back `data` as read before the write')]);
  });
});

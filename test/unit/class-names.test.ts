/**
 * Lint for class names (issue 23): a className that neither the screen's own
 * CSS nor the start-up CSS (app styles, shared styles, the kit's components
 * loaded at start) defines is a mistake: a typo, a rule deleted with a
 * duplicate, or a class borrowed from another screen's chunk, which is
 * missing when the screen is opened directly in a fresh tab.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { checkApp, cssClasses, unknownClasses, usedClasses } from './class-names-check';

/** Classes used on purpose without a rule, each with its reason. */
const ALLOWED = new Set<string>([
  // Hooks the browser tests find cards and steps by (their look comes from .request-card, .choice and the kit's pill).
  'ir-card',
  'ir-card__title',
  'os-card',
  'os-choice',
  'ep-step',
  // Shell markup (src/app/shell): the root has rules for its modifier only, the label is styled by `.navbar a` rules, the dialog's actions by `.dialog__actions`.
  'app',
  'navbar__label',
  'dialog__actions--wrap',
  // The visit field's comment box is styled by `.vfield textarea`; the class only names it.
  'vfield__comment',
  // The date field's format message (src/ui/date-input.tsx): styled as every error by `.field__error`.
  'date-input__invalid',
]);

describe('class names', () => {
  it('every className of every screen is defined by CSS that screen loads', () => {
    const findings = checkApp(ALLOWED).map((f) => `${f.file}:${f.line} .${f.name}${f.prefix ? '…' : ''} (${f.screen})`);
    expect([...new Set(findings)]).toEqual([]);
  });

  it('fails on a sample using a class no stylesheet defines, and reads literals, conditions and template parts', () => {
    const defined = cssClasses('.card, .card--on:hover { color: red } @media (max-width: 599px) { .pill--done { margin: 0 } } .x { background: url(a.b.png) }');
    expect([...defined].sort()).toEqual(['card', 'card--on', 'pill--done', 'x']);
    const sample = [
      'export const A = ({ on, tone }: { on: boolean; tone: string }) => (',
      "  <div className={`card${on ? ' card--on' : ''}`}>",
      '    <span className={`pill pill--${tone}`} />',
      "    <span className={`net net--${on ? 'up' : 'down'}`} />",
      "    <p className=\"card cardd\">{on === true ? 'yes' : 'no'}</p>",
      '  </div>',
      ');',
    ].join('\n');
    const used = usedClasses(sample);
    expect(used.map((u) => `${u.name}${u.prefix ? '…' : ''}`)).toEqual(['card', 'card--on', 'pill', 'pill--…', 'net', 'net--…', 'card', 'cardd']);
    const unknown = unknownClasses(used, defined).map((u) => `${u.name}${u.prefix ? '…' : ''}:${u.line}`);
    expect(unknown).toEqual(['pill:3', 'net:4', 'net--…:4', 'cardd:5']);
    expect(unknownClasses(used, defined, new Set(['pill', 'net', 'net--', 'cardd']))).toEqual([]);
  });

  it("reports a screen that uses a class of another screen's stylesheet (missing when opened directly)", () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'class-names-'));
    const write = (file: string, text: string) => {
      fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      fs.writeFileSync(path.join(root, file), text);
    };
    write('src/main.tsx', "import './app.css';\nexport const pages = [() => import('./one'), () => import('./two')];\n");
    write('src/app.css', '.page { margin: 0 }\n');
    write('src/one.tsx', 'import \'./one.css\';\nexport const One = () => <dl className="page facts" />;\n');
    write('src/one.css', '.facts { display: grid }\n');
    write('src/two.tsx', "import { Part } from './part';\nexport const Two = () => <Part />;\n");
    write('src/part.tsx', 'export const Part = () => <dl className="facts" />;\n');
    const findings = checkApp(new Set(), root).map((f) => `${f.file} .${f.name} (${f.screen})`);
    expect(findings).toEqual(['src/part.tsx .facts (src/two.tsx)']);
    write('src/part.tsx', 'import \'./one.css\';\nexport const Part = () => <dl className="facts" />;\n');
    expect(checkApp(new Set(), root)).toEqual([]);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

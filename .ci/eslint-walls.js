/**
 * The dependency walls of DESIGN.md as one ESLint rule, so that a wrong import
 * fails CI instead of slowly eroding the architecture:
 * - sync/ never imports src/ or React; sync/contract/ imports only itself;
 * - src/ reaches sync/ only through sync/index.ts, src/domain/ only through sync/rules.ts;
 * - a feature (src/features/<name>/) never imports another feature;
 * - server/ imports only server/ and sync/contract/;
 * - sw/ imports only Workbox, sync/contract/ and sync/background/worker.ts (the background send's one door).
 */
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..');
const REACT = /^(react|react-dom|@tanstack\/react-router|formik|react-leaflet|valtio\/react)(\/|$)/;

function within(file, dir) {
  const rel = path.relative(path.join(ROOT, dir), file);
  return rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel);
}

function resolveTarget(source, from) {
  if (!source.startsWith('.')) return null;
  const abs = path.resolve(path.dirname(from), source);
  return abs.replace(/\.(tsx?|jsx?)$/, '');
}

function featureOf(file) {
  const rel = path.relative(path.join(ROOT, 'src', 'features'), file);
  if (rel.startsWith('..') || path.isAbsolute(rel)) return null;
  return rel.split(path.sep)[0];
}

const SW_WALL = 'sw/ imports only Workbox, sync/contract/ and sync/background/worker.ts';

function check(file, source) {
  const target = resolveTarget(source, file);
  if (within(file, 'sync')) {
    if (REACT.test(source)) return 'sync/ must not import React';
    if (target && within(target, 'src')) return 'sync/ must not import src/';
    if (within(file, 'sync/contract') && target && !within(target, 'sync/contract')) return 'sync/contract/ imports only itself';
  }
  if (within(file, 'src/domain') && target && within(target, 'sync') && target !== path.join(ROOT, 'sync', 'rules')) {
    return 'src/domain/ imports sync/ only through sync/rules.ts (pure rules, no RxDB)';
  }
  if (within(file, 'src') && target && within(target, 'sync') && target !== path.join(ROOT, 'sync', 'index') && target !== path.join(ROOT, 'sync', 'rules')) {
    return 'src/ imports sync/ only through sync/index.ts (or sync/rules.ts)';
  }
  const fromFeature = featureOf(file);
  if (fromFeature && target) {
    const toFeature = featureOf(target);
    if (toFeature && toFeature !== fromFeature) return `feature ${fromFeature} must not import feature ${toFeature}`;
  }
  if (within(file, 'server') && target && !within(target, 'server') && !within(target, 'sync/contract')) {
    return 'server/ imports only server/ and sync/contract/';
  }
  if (within(file, 'sw')) {
    const door = target === path.join(ROOT, 'sync', 'background', 'worker');
    if (target && !within(target, 'sw') && !within(target, 'sync/contract') && !door) return SW_WALL;
    if (!target && !source.startsWith('workbox-')) return SW_WALL;
  }
  return null;
}

const rule = {
  meta: { type: 'problem', schema: [], docs: { description: 'Dependency walls of the architecture' } },
  create(context) {
    const file = context.filename;
    const report = (node, source) => {
      const message = check(file, source);
      if (message) context.report({ node, message: `${message} (import "${source}")` });
    };
    return {
      ImportDeclaration: (node) => report(node, node.source.value),
      ExportNamedDeclaration: (node) => node.source && report(node, node.source.value),
      ExportAllDeclaration: (node) => report(node, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && report(node, String(node.source.value)),
    };
  },
};

export default { rules: { imports: rule } };

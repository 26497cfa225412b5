/**
 * Lint: typescript-eslint's recommended rules, React hooks rules, and the
 * architecture's dependency walls (.ci/eslint-walls.js). Run from the project
 * root with `eslint -c .ci/eslint.config.js .` (npm run lint).
 */
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import walls from './eslint-walls.js';
import { textRules } from './eslint-texts.js';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.data/**', '.tmp/**', 'test-results/**', 'bench/results/**', 'dev-dist/**'] },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { walls, 'react-hooks': reactHooks },
    rules: {
      'walls/imports': 'error',
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // RxDB's doc.data is a Proxy: spread into a document, it cannot cross tabs (DataCloneError).
    files: ['sync/**/*.ts', 'src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'SpreadElement > MemberExpression[property.name="data"]',
          message: 'Spreading `x.data` copies RxDB proxies into the store: use dataOf(doc) (sync/store/plain.ts) or name the plain object.',
        },
        {
          // A data computed before the write loses what another writer put there in between.
          selector: 'CallExpression[callee.property.name="incrementalPatch"] > ObjectExpression > Property[key.name="data"]',
          message: 'incrementalPatch({ data }) writes back `data` as read before the write: use modifyData (sync/store/modify-data.ts).',
        },
        ...textRules,
      ],
    },
  },
  { files: ['server/main.ts', 'bench/**', 'test/**', '.ci/**'], rules: { 'no-console': 'off' } },
);

// Lint (`npm run lint`, run by `npm test`): the recommended rules of ESLint, typescript-eslint and React's hooks,
// with the few choices this codebase makes on purpose written below, each with its reason. Layout is Prettier's
// (`npm run format`), checked by the same command.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/', 'console/dist/', 'node_modules/', 'coverage/', 'bench/results/', '**/generated/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      // `_name` says "received, deliberately unused" (an Express error handler's fourth parameter, a skipped tuple item).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Control characters are matched on purpose (cleaning text, checking codes and URLs, canonical JSON), never by mistake.
      'no-control-regex': 'off',
    },
  },
  {
    // The build, test and fixture scripts are plain CommonJS run by Node as they are.
    files: ['**/*.js', '**/*.cjs', '**/*.mjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests read answers as the untyped JSON they are, and poke at values the types would refuse.
    // The scripts read GOBL's JSON Schemas and data as they come. Tests and the bench load built or optional modules at run time.
    files: ['test/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['console/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The two classic rules of hooks; the React Compiler's rules of version 7 judge code written for a compiler this console does not use.
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
);

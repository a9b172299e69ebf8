// ESLint flat config. `npm run lint` runs it together with `prettier --check`; Prettier owns the formatting, so
// eslint-config-prettier comes last and switches off every rule that would argue with it.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import prettier from 'eslint-config-prettier';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'screenshots/', 'coverage/'] },

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: { ...globals.node, ...globals.browser },
      parserOptions: {
        // tsconfig.json includes every .ts/.tsx file; the plain JavaScript files (this config, scripts/*.mjs) are
        // linted through the default project.
        projectService: { allowDefaultProject: ['eslint.config.js', 'scripts/*.mjs'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // `_`-prefixed names mark a parameter or destructured rest the code must accept but does not use.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Off: Fastify plugins (`async function routes(app)`) and react-admin's provider methods are async by contract
      // and often have nothing to await; an `async` without `await` is how both are written, not a mistake.
      '@typescript-eslint/require-await': 'off',
    },
  },

  {
    // Hooks live in .ts files too (useValidator.ts, useStaffQuery.ts …), so the hook rules cover all of src/. Not its
    // tests: their components are scaffolding mounted once, and the compiler's rules cost a quarter of the lint's time.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/**/*.test.{ts,tsx}', 'src/**/testing/**'],
    ...reactHooks.configs.flat.recommended,
  },
  {
    files: ['**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // Off: autoFocus is used only on single-purpose pages (sign-in, password reset, the continue link), on their
      // one field or action, which is where a keyboard or screen-reader user expects to start; axe checks those pages.
      'jsx-a11y/no-autofocus': 'off',
    },
  },

  {
    // Tests read JSON responses (`response.json()`, Playwright's `request`) as `any`: a wrong shape fails the
    // assertion anyway, so typing every response in a test adds noise, not safety. `expect(mock.method)` passes
    // methods unbound by design.
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts'],
    rules: {
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/unbound-method': 'off',
    },
  },

  {
    // Plain JavaScript has no types to check.
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },

  prettier,
);

// ESLint, flat config: TypeScript everywhere, Astro components, and for JSX the
// accessibility rules (components and islands) and the rules of React hooks (islands).
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import { defineConfig, globalIgnores } from 'eslint/config';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// eslint-plugin-astro registers its own copy of jsx-a11y for every file; scoped to
// components, so islands can use the plugin itself without a clash.
const astroA11y = astro.configs['jsx-a11y-recommended'].map((config) =>
  config.files ? config : { ...config, files: ['**/*.astro'] },
);

export default defineConfig(
  // What the build, the Netlify CLI and the test runners write, at any depth (fixtures build too).
  globalIgnores(['**/dist/', '**/.astro/', '**/.netlify/', 'bench/results/', 'test-results/', 'playwright-report/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  astroA11y,
  {
    files: ['**/*.astro'],
    rules: {
      // Safari drops the list role of a list styled without markers; saying it again keeps
      // "list, 12 items" for VoiceOver users.
      'astro/jsx-a11y/no-redundant-roles': ['error', { nav: ['navigation'], ul: ['list'], ol: ['list'] }],
    },
  },
  {
    files: ['**/*.tsx'],
    extends: [jsxA11y.flatConfigs.recommended, reactHooks.configs.flat.recommended],
    rules: {
      // A region that scrolls sideways takes focus so that a keyboard can scroll it (WCAG 2.1.1; axe's
      // scrollable-region-focusable), as tab panels do.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { tags: [], roles: ['tabpanel', 'region'] }],
    },
  },
  { languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  {
    rules: {
      // A leading underscore names what a destructuring leaves out on purpose.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { varsIgnorePattern: '^_', argsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // Control characters in patterns are on purpose here: they are what hostile input is cleaned of.
      'no-control-regex': 'off',
    },
  },
);

// ESLint for the sidebar: typescript-eslint's type-aware recommended rules on src/, ESLint's
// recommended rules on the few JavaScript files (this one, scripts/, style/). Formatting is
// prettier's job: eslint-config-prettier turns the overlapping rules off.
import js from '@eslint/js';
import prettierConfig from 'eslint-config-prettier';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['lib/', 'node_modules/'] },
  js.configs.recommended,
  {
    files: ['src/**/*.ts'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname }
    }
  },
  prettierConfig
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const features = ['auth', 'matches', 'groups', 'users', 'export', 'logs'];

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'coverage/', 'node_modules/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    plugins: { 'import-x': importX, 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    settings: { 'import-x/resolver': { typescript: true, node: true } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'import-x/no-cycle': 'error',
      // Layers as in STYLE.md: shared code -> features -> app; the SPA and the server meet only in common/.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './common', from: ['./src', './server'], message: 'common/ non dipende da SPA o server' },
            { target: './src', from: './server', message: 'la SPA non importa codice del server' },
            { target: './server', from: './src', message: 'il server non importa codice della SPA' },
            ...features.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'una feature non importa le altre feature',
            })),
            {
              target: ['./src/components', './src/api', './src/store'],
              from: ['./src/features', './src/app'],
              message: 'il codice condiviso non importa feature o app',
            },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'react-redux', importNames: ['useDispatch', 'useSelector'], message: 'usa useAppDispatch/useAppSelector di src/store/hooks' },
            { name: '@mui/material', message: "importa per percorso (es. '@mui/material/Button'): il bundle resta piccolo" },
            { name: '@mui/icons-material', message: "importa per percorso (es. '@mui/icons-material/Add')" },
            { name: 'zod', message: "importa z da common/zod: vi sono configurati i messaggi italiani predefiniti" },
          ],
        },
      ],
    },
  },
  {
    // common/zod.ts configures zod; server/config.ts validates environment variables for the operator, not user input.
    files: ['common/zod.ts', 'server/config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['server/features/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: ['gruppi', 'partite', 'users'].map((f) => ({
            target: `./server/features/${f}`,
            from: './server/features',
            except: [`./${f}`],
            message: 'una feature del server non importa le altre',
          })),
        },
      ],
    },
  },
);

import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import fs from 'node:fs';
import checkFile from 'eslint-plugin-check-file';

// Feature folders as they are on disk, so a new feature gets its zones without editing this file.
const foldersOf = (dir) => fs.readdirSync(new URL(dir, import.meta.url), { withFileTypes: true }).filter((d) => d.isDirectory()).map((d) => d.name);
const spaFeatures = foldersOf('./src/features');
const serverFeatures = foldersOf('./server/features');

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
            ...spaFeatures.map((f) => ({
              target: `./src/features/${f}`,
              from: './src/features',
              except: [`./${f}`],
              message: 'una feature non importa le altre feature',
            })),
            { target: './src/features', from: './src/app', message: "una feature non importa l'app (i percorsi stanno in src/config)" },
            {
              // The base query takes the session's token and refresh from its thunk extra argument
              // (setupStore), never from the store's modules: no arrow back from src/api (tests may build a store).
              target: './src/api/!(*.test).{ts,tsx}',
              from: './src/store',
              message: "src/api non importa lo store: il token e l'aggiornamento della sessione arrivano da extra (setupStore)",
            },
            {
              target: ['./src/components', './src/api', './src/store', './src/config'],
              from: ['./src/features', './src/app'],
              message: 'il codice condiviso non importa feature o app',
            },
            ...serverFeatures.map((f) => ({
              target: `./server/features/${f}`,
              from: './server/features',
              except: [`./${f}`],
              message: 'una feature del server non importa le altre',
            })),
            {
              target: './server/services',
              from: './server/features',
              message: 'un servizio non importa le feature: sono le feature a importare i servizi (docs/architecture.md)',
            },
            {
              target: './server/shared',
              from: './server/services',
              message: "server/shared/ è solo infrastruttura: non importa i servizi",
            },
            {
              target: ['./server/rest', './server/plugins', './server/shared', './server/auth', './server/mail', './server/db', './server/platform'],
              from: './server/features',
              message: 'il codice condiviso del server non importa le feature (solo server/app.ts le monta)',
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
            { name: 'zod', message: "importa z da common/core/zod: vi sono configurati i messaggi italiani predefiniti" },
          ],
        },
      ],
    },
  },
  {
    // One casing per kind of file (docs/glossary.md): kebab-case folders, and files on the server, in
    // common/ and in the tooling; in the SPA PascalCase for components (.tsx), camelCase for modules (.ts).
    files: ['**/*.{ts,tsx,mjs}'],
    ignores: ['src/main.tsx', 'src/vite-env.d.ts', '*.config.ts', '*.config.js'],
    plugins: { 'check-file': checkFile },
    rules: {
      'check-file/folder-naming-convention': ['error', { '{src,server,common,test,e2e,bench,scripts}/**/': 'KEBAB_CASE' }],
      'check-file/filename-naming-convention': [
        'error',
        {
          '{server,common,test,e2e,bench,scripts}/**/*.{ts,mjs}': 'KEBAB_CASE',
          'src/**/*.ts': 'CAMEL_CASE',
          'src/**/*.tsx': 'PASCAL_CASE',
        },
        { ignoreMiddleExtensions: true },
      ],
    },
  },
  {
    // No barrels: a name is imported from the module that defines it (one grep finds its home).
    files: ['common/**/*.ts', 'src/**/*.{ts,tsx}', 'server/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: 'ExportAllDeclaration', message: 'niente barrel: importa dal modulo che definisce il nome' },
        { selector: 'ExportNamedDeclaration[source]', message: 'niente ri-esportazioni: importa dal modulo che definisce il nome' },
      ],
    },
  },
  {
    // A domain's messages.ts imports nothing but its own constants: the navigation and the public
    // page load it without the rules (docs/glossary.md, README 'Code layout').
    files: ['common/*/messages.ts'],
    ignores: ['common/core/messages.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!\\./constants$)', message: 'i messages.ts di un dominio non importano nulla (solo le costanti del dominio)' }] },
      ],
    },
  },
  {
    // common/core/zod.ts configures zod; server/config.ts validates environment variables for the operator, not user input.
    files: ['common/core/zod.ts', 'server/config.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
);

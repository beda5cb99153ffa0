import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import checkFile from 'eslint-plugin-check-file';
import fs from 'node:fs';
import path from 'node:path';

const root = import.meta.dirname;
const folders = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => entry.name);
const inside = (dir) => `${root}/${dir}/**`;

// The server's floors, from the ground up: the ground (config, db, media, plugins, the sign-in kit and the small
// files beside them), the modules, the demo data that uses them, and the composition (app.ts, main.ts). Imports point down.
const serverModules = folders('src/server/modules');
const groundFolders = ['db', 'media', 'plugins', 'auth-kit'].map((folder) => inside(`src/server/${folder}`));
const composition = [`${root}/src/server/@(app|main).ts`];
const aboveGround = [
  inside('src/server/modules'),
  inside('src/server/demo'),
  inside('src/server/testing'),
  ...composition,
];

const groundWalls = [
  {
    target: groundFolders,
    from: aboveGround,
    message:
      'db/, media/, plugins/ and auth-kit/ are the ground floor: they import no module, demo data or app (pass what they need in).',
  },
  ...['config.ts', 'errors.ts', 'logger.ts', 'secrets.ts', 'multipart-form.ts', 'project-root.ts'].map((file) => ({
    target: `${root}/src/server/${file}`,
    from: aboveGround,
    message: 'The files beside app.ts are the ground floor: they import no module, demo data or app.',
  })),
  {
    target: inside('src/server/modules'),
    from: [inside('src/server/demo'), inside('src/server/testing'), ...composition],
    message: 'A module imports nothing above it: no demo data, no test helpers, not the app.',
  },
];
const moduleWalls = [
  // A module meets another only through its service, `<module>/<module>.service.ts`; app.ts alone registers
  // a module's routes and plugins. Everything else in a module (its repository above all) is its own.
  ...serverModules.map((name) => ({
    target: inside(`src/server/modules/${name}`),
    from: serverModules.filter((other) => other !== name).map((other) => inside(`src/server/modules/${other}`)),
    except: serverModules.map((other) => `${root}/src/server/modules/${other}/@(${other}.service.ts)`),
    message:
      'Use another module through its service (<module>.service.ts) only; its repository and the rest are its own.',
  })),
];
const demoWalls = [
  {
    target: inside('src/server/demo'),
    from: [inside('src/server/modules')],
    except: serverModules.map((other) => `${root}/src/server/modules/${other}/@(${other}.service.ts)`),
    message: 'Demo data uses the modules as any caller would: through their services.',
  },
  {
    target: inside('src/server/demo'),
    from: `${root}/src/server/db/schema.ts`,
    message: "Demo data writes no table itself: it goes through the modules' services.",
  },
];

// Imports say where they go: one that would climb more than two folders, or that crosses from one area of src/ into
// another, uses the package.json subpath imports (#contract/…, #server/…, #web/…).
const climbing = {
  regex: '^(\\.\\./){3,}',
  message: 'An import climbs at most two folders: use #contract/…, #server/… or #web/… (package.json "imports").',
};
const intoContract = {
  regex: '^(\\.\\./)+contract/',
  message: 'The contract is imported as #contract/… from the server and the client.',
};

// A screen of the app (src/web/features/<name>) never imports another: what two share lives below them.
const webFeatures = folders('src/web/features');
const featureWalls = webFeatures.map((name) => ({
  target: inside(`src/web/features/${name}`),
  from: webFeatures.filter((other) => other !== name).map((other) => inside(`src/web/features/${other}`)),
  message: 'A feature does not import another feature; move what they share to components/, lib/ or api/.',
}));

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test-results/**', 'playwright-report/**', 'src/server/db/migrations/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-undef': 'off',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'e2e/**/*.ts', 'bench/**/*.ts', 'scripts/**/*.{ts,mjs}'],
    plugins: { 'import-x': importX, 'check-file': checkFile },
    settings: {
      'import-x/resolver-next': [importX.createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs'] })],
      // no-cycle reads the files an import leads to: TypeScript ones with TypeScript's parser.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
    },
    rules: {
      'no-restricted-imports': ['error', { patterns: [climbing] }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...groundWalls, ...moduleWalls, ...demoWalls, ...featureWalls] },
      ],
      'check-file/filename-naming-convention': [
        'error',
        { '**/*.{ts,tsx,mjs}': 'KEBAB_CASE' },
        { ignoreMiddleExtensions: true },
      ],
      'check-file/folder-naming-convention': ['error', { 'src/**/': 'KEBAB_CASE' }],
    },
  },
  {
    // A service is its module's public face: it answers with functions of its own, never its repository's queries.
    files: ['src/server/modules/**/*.service.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['ExportNamedDeclaration', 'ExportAllDeclaration'].map((node) => ({
          selector: `${node}[source.value=/\\.repository\\.ts$/]`,
          message: "A service does not pass its repository's queries on: write the service function callers need.",
        })),
        {
          selector: 'ExportNamedDeclaration > VariableDeclaration > VariableDeclarator[init.type="MemberExpression"]',
          message: "A service does not pass its repository's queries on: write the service function callers need.",
        },
      ],
    },
  },
  {
    // A test may start the app and use the test helpers above its floor; modules still meet through services.
    files: ['**/*.test.{ts,tsx}'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones: [...moduleWalls, ...featureWalls] }] },
  },
  {
    files: ['src/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // The client never imports server code (it would ship it to the browser).
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**'], message: 'The client must not import server code.' },
            { regex: '^#server/', message: 'The client must not import server code.' },
            climbing,
            intoContract,
          ],
        },
      ],
    },
  },
  {
    files: ['src/server/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [climbing, intoContract] }] },
  },
  {
    files: ['src/contract/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/server/**', '**/web/**'], message: 'The contract depends on nothing else.' },
            { regex: '^#(server|web)/', message: 'The contract depends on nothing else.' },
            climbing,
          ],
        },
      ],
    },
  },
);

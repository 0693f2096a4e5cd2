import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';

// The layers of src/, lowest first: a folder imports only from the folders below it.
//   api, sandbox          plain Node: import nothing of ours (sandbox stands alone)
//   common                may import api
//   auth                  may import api, common, sandbox (to start the local one)
//   banks, documents      the services the UI shares: may import auth and below
//   views, webview        the UI: may import the services and below, not each other
//   commands              may import the UI and below
//   extension*.ts         wires it all
// `target` may not import from `from`; each zone says which rule it keeps.
const LAYER_ZONES = [
  { target: './src/api', from: './src', except: ['./api'], message: 'src/api is plain Node and imports nothing of ours.' },
  { target: './src/sandbox', from: './src', except: ['./sandbox'], message: 'src/sandbox stands alone.' },
  {
    target: './src/common',
    from: './src',
    except: ['./common', './api'],
    message: 'src/common is below everything but src/api.',
  },
  {
    target: './src/auth',
    from: [
      './src/banks',
      './src/documents',
      './src/views',
      './src/webview',
      './src/commands',
      './src/extension.ts',
      './src/extensionApi.ts',
    ],
    message: 'src/auth imports only api, common and sandbox.',
  },
  {
    target: ['./src/banks', './src/documents'],
    from: ['./src/views', './src/webview', './src/commands', './src/extension.ts', './src/extensionApi.ts'],
    message: 'The shared services sit below the UI.',
  },
  {
    target: './src/views',
    from: ['./src/webview', './src/commands', './src/extension.ts', './src/extensionApi.ts'],
    message: 'src/views sits below commands and beside webview.',
  },
  {
    target: './src/webview',
    from: ['./src/views', './src/commands', './src/extension.ts', './src/extensionApi.ts'],
    message: 'src/webview sits below commands and beside views.',
  },
  { target: './src/commands', from: ['./src/extension.ts', './src/extensionApi.ts'], message: 'Only activation wires the commands.' },
];

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'media/dist/', 'node_modules/', '.vscode-test/', '*.vsix'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Imports point one way: no cycle between modules, no import against the layers.
    files: ['src/**/*.ts'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.js'] })],
      // no-cycle reads the imported modules too: with the TypeScript parser.
      'import-x/extensions': ['.ts', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': ['error', { zones: LAYER_ZONES }],
      // Callers ask AccountService; its store is read only by the extension tests' hooks.
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[property.name='store'][object.property.name='accounts']",
          message: 'Ask AccountService for what you need instead of reaching into its store.',
        },
      ],
    },
  },
  {
    // The API client and the sandbox are plain Node: they must never reach for VS Code.
    files: ['src/api/**/*.ts', 'src/sandbox/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/api and src/sandbox are plain Node.' }] }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    languageOptions: {
      globals: {
        require: 'readonly',
        module: 'writable',
        process: 'readonly',
        console: 'readonly',
        __dirname: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        fetch: 'readonly',
      },
    },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  // Formatting belongs to Prettier (npm run format); lint only checks that it ran.
  prettier,
);

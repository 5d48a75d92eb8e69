import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

// app/ never imports from workers/ (the rule is repeated in each no-restricted-imports block of app/:
// a later block for the same files replaces an earlier one's options).
const WORKERS_IMPORT = { group: ["**/workers/*", "**/workers/**"], message: "app/ must not import from workers/: move the shared code into app/." };

export default tseslint.config(
  { ignores: ["build/**", "public/build/**", "node_modules/**", ".wrangler/**", "bench/.tmp/**", "tests/e2e/.tmp/**"] },
  ...tseslint.configs.recommended,
  {
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-empty": ["error", { allowEmptyCatch: false }],
    },
  },
  {
    // Code that can reach the browser validates with zod/mini: importing the full zod build (or
    // @conform-to/zod, which does) from any page pulls ~20–90 KB gzip into the home page's shared
    // chunks (docs/benchmarks.md). Server-only modules may use full zod.
    files: ["app/**/*.ts", "app/**/*.tsx"],
    ignores: ["app/**/*.server.ts", "app/**/*.test.ts", "app/routes/api.*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            { name: "zod", message: "Use `import * as z from \"zod/mini\"` in code that can reach the browser." },
            { name: "zod/v4", message: "Use zod/mini in code that can reach the browser." },
          ],
          patterns: [
            { group: ["@conform-to/zod", "@conform-to/zod/*"], message: "Use parseWithZod from ~/lib/forms." },
            WORKERS_IMPORT,
          ],
        },
      ],
    },
  },
  {
    // Layering: workers/ (the Worker entry, Durable Objects, queues) builds on app/, never the reverse.
    files: ["app/**/*.server.ts", "app/**/*.test.ts", "app/routes/api.*.ts"],
    rules: { "no-restricted-imports": ["error", { patterns: [WORKERS_IMPORT] }] },
  },
  {
    // One database handle per request, batch or object: code gets it from the AppContext
    // (app/server/context.server.ts), never makes its own. Tests may.
    files: ["app/**/*.ts", "app/**/*.tsx", "workers/**/*.ts"],
    ignores: ["app/server/context.server.ts", "app/server/db/client.server.ts", "**/*.test.ts"],
    rules: {
      "no-restricted-syntax": [
        "error",
        { selector: "CallExpression[callee.name='createDb']", message: "Use the db of the AppContext (app/server/context.server.ts)." },
      ],
    },
  },
  {
    files: ["**/*.mjs", "scripts/**", "bench/**", "tests/e2e/**"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", fetch: "readonly", setTimeout: "readonly", clearTimeout: "readonly", performance: "readonly" } },
  },
);

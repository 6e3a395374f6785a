// ESLint for the widget's plain ES modules and the Node tests (run by `build.py check`).
// The recommended rules only: what they find is a real mistake (an unused value, an
// unreachable line), never a matter of taste — the formatter's job.
import js from "@eslint/js";
import globals from "globals";

export default [
  { ignores: ["dist/", "dist-kit/", "node_modules/", ".venv/", ".cache/", "**/*.min.js"] },
  js.configs.recommended,
  {
    files: [
      "widget/**/*.js",
      "sw/**/*.js",
      "site/**/*.js",
      "tests/e2e/pages/**/*.js",
      "tools/**/*.mjs",
      "bench/**/*.mjs",
      "tests/**/*.mjs",
      "eslint.config.js",
    ],
    languageOptions: {
      ecmaVersion: 2024,
      sourceType: "module",
      globals: { ...globals.browser, ...globals.worker, ...globals.serviceworker },
    },
    rules: {
      // `const { rev, ...game } = stored` drops a field on purpose; `_x` names a value unused on purpose.
      "no-unused-vars": ["error", { ignoreRestSiblings: true, argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["tools/**/*.mjs", "bench/**/*.mjs", "tests/**/*.mjs"],
    languageOptions: { globals: { ...globals.node } },
  },
];

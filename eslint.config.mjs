// Lint for the page's own JavaScript (make lint): ESLint's recommended rules,
// which catch undefined names and unused imports before a browser does.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["static/js/**/*.js", "static/sw.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
  {
    files: ["static/sw.js"],
    languageOptions: { sourceType: "script", globals: { ...globals.serviceworker } },
  },
  {
    // Pyodide's side: boot.mjs runs in PyScript's worker, snapshot.mjs in a worker of its own.
    files: ["static/runtime/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.worker } },
  },
  {
    files: ["bench/**/*.mjs", "scripts/**/*.mjs"],
    languageOptions: { ecmaVersion: 2022, sourceType: "module", globals: { ...globals.node } },
  },
];

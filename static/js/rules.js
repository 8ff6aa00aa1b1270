// The Rules dialog and the set-up screen's game help draw the catalog's
// `rules` ({summary, points, common}), written in Python from the rules core
// (whist_app/rules_text.py). The page holds no rule text of its own.

import { suitText } from "./cards.js";

/** A game's rules as HTML: the summary, the points as a list, the common rules. */
export function rulesHtml(rules) {
  if (!rules) return "<p>No rules for this game.</p>";
  const points = (rules.points ?? []).map((p) => `<li>${suitText(p)}</li>`).join("");
  return `<p class="summary">${suitText(rules.summary)}</p>` +
    (points ? `<ul>${points}</ul>` : "") +
    (rules.common ? `<p class="common">${suitText(rules.common)}</p>` : "");
}

/** The one-line help under the set-up screen's game choice. */
export function rulesSummaryHtml(rules) {
  return rules ? suitText(rules.summary) : "";
}

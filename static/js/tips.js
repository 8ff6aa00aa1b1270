// The guided first hand: the tip Python wrote for the person's decision (the
// view's `tip`, whist_app/tips.py), shown during the first hand of a game while
// tips are on (a setting kept between visits). The page writes no tip text.
//
// Where the screen is roomy the tip sits above the person's bar. On a phone the
// table needs every line, so a "Tip" button in the bar opens it over the felt
// and a tap on it closes it: the table's layout never changes for a tip.

import { suitText } from "./cards.js";
import { $, app, table } from "./state.js";

/** Screens where the tip opens from a button instead of taking the table's height. */
const SMALL = "(max-width: 480px), (max-height: 700px)";

/** The tip for the current view, if any should show. */
function currentTip() {
  const t = table();
  const text = t?.tip;
  return text && t && !t.over && t.human_to_move && t.hand_number === 0 &&
    app.settings?.tips !== false ? text : null;
}

/** Show or hide the tip (or its button) for the current view. */
export function renderTip() {
  const box = $("#tip");
  if (!box) return;
  const text = currentTip();
  const small = matchMedia(SMALL).matches;
  const body = $("#tip-text");
  if (text && body.dataset.text !== text) {
    body.innerHTML = suitText(text);
    body.dataset.text = text;
    delete box.dataset.open;  // a new decision's tip starts closed on a phone
  }
  const open = Boolean(text) && (!small || box.hasAttribute("data-open"));
  box.hidden = !open;
  box.classList.toggle("over", small);
  if (open && small) {
    // Over the felt, just above the person's bar; fixed, so no layout moves.
    const top = $("#mine").getBoundingClientRect().top;
    box.style.bottom = `${Math.max(0, window.innerHeight - top + 4)}px`;
  } else box.style.bottom = "";
  const button = $("#tip-show");
  button.hidden = !(text && small);
  button.setAttribute("aria-expanded", String(open));
  document.body.toggleAttribute("data-tip", Boolean(text));
}

/** Open or close the tip on a phone. */
export function toggleTip() {
  $("#tip").toggleAttribute("data-open");
  renderTip();
}

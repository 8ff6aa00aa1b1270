// The guided first hand: the tip Python wrote for the person's decision (the
// view's `tip`, whist_app/tips.py), shown above the person's bar during the
// first hand of a game while tips are on (a setting kept between visits).
// The page writes no tip text of its own.

import { suitText } from "./cards.js";
import { $, app, table } from "./state.js";

/** Show or hide the tip for the current view. */
export function renderTip() {
  const box = $("#tip");
  if (!box) return;
  const t = table();
  const text = app.view?.tip;
  const show = Boolean(text && t && !t.over && t.human_to_move && t.hand_number === 0 &&
    app.settings?.tips !== false);
  box.hidden = !show;
  document.body.toggleAttribute("data-tip", show);
  if (show) $("#tip-text").innerHTML = suitText(text);
}

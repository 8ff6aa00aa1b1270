"""The browser's worker survives anything the page sends it (issue 8): Python keeps answering."""

from __future__ import annotations

import json
from typing import Any

from conftest import BRIDGE_URL
from table_helpers import open_table, setup_game, wait_idle
from test_boot import bridge_call

DEEP = 3000
#: Call a bridge function with a record nested ``depth`` deep, built in the page.
DEEP_CALL = """async ([fn, depth]) => {
  const bridge = await import(BRIDGE);
  let record = [];
  for (let i = 0; i < depth; i++) record = [record];
  try {
    return { ok: await bridge.call(fn, { record }) };
  } catch (err) {
    return { error: err.message, kind: err.kind, name: err.name };
  }
}""".replace("BRIDGE", BRIDGE_URL)


def test_a_record_nested_thousands_deep_is_refused_and_python_keeps_answering(
        ready_page: Any) -> None:
    # What the Open… button sends for such a file: the page parses it, Python gets the text.
    for fn in ("check_record", "resume"):
        err = ready_page.evaluate(DEEP_CALL, [fn, DEEP])
        assert err.get("kind") == "PayloadError" and "deeper" in err["error"], err
    for fn in ("nope", "_current", "dispatch"):
        err = bridge_call(ready_page, fn, {})
        assert err.get("kind") == "LookupError", err
    ok = bridge_call(ready_page, "start", {"game": "diminishing-whist", "seed": 4})
    assert "ok" in ok and ok["ok"]["view"]["decision"] == "bid", ok


def test_a_save_nested_thousands_deep_is_set_aside_at_start_up(page: Any, base_url: str
                                                               ) -> None:
    nested = "[" * DEEP + "]" * DEEP
    save = ('{"record": {"game": "diminishing-whist", "hands": ' + nested + '}, '
            '"speed": "instant"}')
    page.add_init_script(f"localStorage.setItem('whist.game', {json.dumps(save)});")
    open_table(page, base_url)
    notice = page.locator("#notice")
    assert notice.is_visible() and "could not be read" in notice.inner_text()
    setup_game(page, "diminishing-whist", level="random")
    assert wait_idle(page) == "human"

"""The shipped bundle in the browser: the chooser before Python, the memory snapshot.

Waits only on the page's own signals (``body[data-chooser]``, ``[data-ready]``,
``[data-snapshot-stored]``); no timing thresholds (bench/load_time.py measures).
"""

from __future__ import annotations

from typing import Any

import pytest
from conftest import BRIDGE_URL, READY_TIMEOUT_MS

SNAPSHOT_TIMEOUT_MS = 120_000

#: When the page drew the chooser and when Python was ready (performance.now()).
ORDER_SCRIPT = """
(() => {
  const marks = (window.__bootMarks = {});
  new MutationObserver(() => {
    const data = document.body?.dataset ?? {};
    if (data.chooser && marks.chooser === undefined) marks.chooser = performance.now();
    if (data.ready && marks.ready === undefined) marks.ready = performance.now();
  }).observe(document, { attributes: true, subtree: true, childList: true });
})();
"""

START = """async () => {
  const bridge = await import(BRIDGE);
  const reply = await bridge.call("start", { game: "diminishing-whist",
    seats: ["human", "expectation", "expectation", "expectation"], seed: 3 });
  return reply.view.game;
}""".replace("BRIDGE", BRIDGE_URL)

#: Replace the stored snapshot: "flip" damages a byte (the SHA-256 check catches it);
#: "garbage" stores zeros with a matching SHA-256 (the restore itself must fail).
TAMPER = """async (how) => {
  const db = await new Promise((ok, ko) => {
    const r = indexedDB.open("whist-snapshot", 1);
    r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error);
  });
  const store = (mode) => db.transaction("snapshot", mode).objectStore("snapshot");
  const record = await new Promise((ok) => {
    const r = store("readonly").get("current");
    r.onsuccess = () => ok(r.result);
  });
  if (!record) return "none";
  if (how === "flip") {
    const bytes = new Uint8Array(record.bytes);
    bytes[bytes.length >> 1] ^= 0xff;
  } else {
    record.bytes = new ArrayBuffer(record.size);
    const hash = new Uint8Array(await crypto.subtle.digest("SHA-256", record.bytes));
    record.sha256 = Array.from(hash, (b) => b.toString(16).padStart(2, "0")).join("");
  }
  await new Promise((ok, ko) => {
    const r = store("readwrite").put(record, "current");
    r.onsuccess = ok;
    r.onerror = ko;
  });
  db.close();
  return "done";
}"""


def visit(page: Any, url: str) -> dict[str, str]:
    page.goto(url)
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    data: dict[str, str] = page.evaluate("() => ({...document.body.dataset})")
    return data


def store_snapshot(page: Any) -> None:
    """Start a game (the moment the page makes its snapshot) and wait until it is stored."""
    assert page.evaluate(START) == "diminishing-whist"
    page.wait_for_selector("body[data-snapshot-stored], body[data-snapshot-error]", state="attached",
                           timeout=SNAPSHOT_TIMEOUT_MS)
    assert page.evaluate("document.body.dataset.snapshotError ?? ''") == ""


@pytest.mark.snapshot
def test_second_visit_starts_from_the_snapshot(page: Any, base_url: str, request_log: Any) -> None:
    assert visit(page, base_url)["snapshot"] == "miss"
    store_snapshot(page)
    again = visit(page, base_url)
    assert again["snapshot"] == "hit", again
    # checked and unpacked in a thread of its own (static/runtime/check.mjs)
    info = page.evaluate("async () => (await import(BRIDGE)).ready()".replace("BRIDGE", BRIDGE_URL))
    assert info["snapshot_check"] == "thread", info
    # dist/'s PyScript does not write and import its own package (scripts/build_dist.py)
    assert info["pyscript_package"] is False, info
    assert page.evaluate(START) == "diminishing-whist"  # the restored Python plays
    assert not request_log.failed, request_log.failed


@pytest.mark.snapshot
def test_damaged_snapshot_falls_back_to_a_normal_start(page: Any, base_url: str, request_log: Any) -> None:
    visit(page, base_url)
    store_snapshot(page)
    for how in ("flip", "garbage"):
        assert page.evaluate(TAMPER, how) == "done"
        data = visit(page, base_url)
        assert data["snapshot"] == "fallback", (how, data)
        assert "bootError" not in data
        assert page.evaluate(START) == "diminishing-whist"
        page.wait_for_selector("body[data-snapshot-stored]", state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    assert visit(page, base_url)["snapshot"] == "hit"  # made again after the fallback


#: Where the page's requests into the content-hashed folders were answered from, on this visit:
#: (path, the service worker's static route that matched, the source that answered).
ROUTED = """() => performance.getEntriesByType("resource")
  .filter((e) => /^\\/(?:app|rt)-[0-9a-f]+\\//.test(new URL(e.name).pathname))
  .map((e) => [new URL(e.name).pathname, e.workerMatchedSourceType ?? "none",
                e.workerFinalSourceType ?? "none"])"""


def test_repeat_visit_reads_the_bundle_without_the_service_worker(page: Any, base_url: str,
                                                                   request_log: Any) -> None:
    visit(page, base_url)
    page.wait_for_selector("body[data-offline-ready]", state="attached", timeout=SNAPSHOT_TIMEOUT_MS)
    before = len(request_log.urls)
    visit(page, base_url)
    during = request_log.urls[before:]
    # boot.mjs fetches these before Pyodide asks and hands them over: one request each.
    for name in ("python_stdlib.zip", "pyodide-lock.json"):
        assert sum(url.endswith(f"/{name}") for url in during) == 1, (name, during)
    routed = page.evaluate(ROUTED)
    paths = {path.rsplit("/", 1)[-1] for path, _, _ in routed}
    assert {"core.js", "bridge.js", "catalog.json", "pyscript.json"} <= paths, paths
    # The browser answered them from the bundle's cache itself (InstallEvent.addRoutes),
    # without starting the service worker and waiting for its fetch handler.
    assert all(matched == final == "cache" for _, matched, final in routed), routed
    assert not request_log.failed, request_log.failed


def test_chooser_is_drawn_before_python(page: Any, base_url: str, request_log: Any) -> None:
    page.add_init_script(ORDER_SCRIPT)
    page.goto(base_url)
    page.wait_for_selector("body[data-chooser]", state="attached", timeout=READY_TIMEOUT_MS)
    titles = page.eval_on_selector_all("#setup-games .game-choice strong",
                                       "(os) => os.map((o) => o.textContent)")
    assert len(titles) == 5 and "Diminishing Whist" in titles
    page.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    marks = page.evaluate("window.__bootMarks")
    assert marks["chooser"] < marks["ready"], marks


@pytest.fixture
def phone(browser: Any, base_url: str) -> Any:
    context = browser.new_context(viewport={"width": 360, "height": 640}, is_mobile=True, has_touch=True,
                                  base_url=base_url)
    try:
        yield context.new_page()
    finally:
        context.close()


def test_start_is_on_a_phones_first_screen(phone: Any, base_url: str) -> None:
    phone.goto(base_url)
    phone.wait_for_selector("body[data-chooser]", state="attached", timeout=READY_TIMEOUT_MS)
    box = phone.locator("#start").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640, box
    phone.wait_for_selector("body[data-ready]", state="attached", timeout=READY_TIMEOUT_MS)
    box = phone.locator("#start").bounding_box()
    assert box is not None and box["y"] + box["height"] <= 640, box

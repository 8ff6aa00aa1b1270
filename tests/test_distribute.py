"""engines.distribute: the same results in order in one process, over workers, and on Ray."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import pytest

from engines.arena import ArenaConfig, main, run_deals
from engines.distribute import RAY_MISSING, DistributeError, map_ordered


def _square_after_a_wait(n: int) -> int:
    """Later items finish first, so an out-of-order gather would show."""
    import time
    time.sleep(0.01 * (5 - n))
    return n * n


def test_map_ordered_same_list_for_one_and_two_workers() -> None:
    items = list(range(5))
    seen: list[int] = []
    one = map_ordered(_square_after_a_wait, items, workers=1)
    two = map_ordered(_square_after_a_wait, items, workers=2, progress=seen.append)
    assert one == two == [0, 1, 4, 9, 16]
    assert seen == [1, 2, 3, 4, 5]


def test_a_missing_ray_is_one_line(monkeypatch: pytest.MonkeyPatch,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    # None in sys.modules makes `import ray` raise ImportError, as when the extra is absent.
    monkeypatch.setitem(sys.modules, "ray", None)
    with pytest.raises(DistributeError, match="optional extra"):
        map_ordered(abs, [1], ray_address="local")
    code = main(["dw", "--seats", "random,random,random,random", "--deals", "1",
                 "--ray", "local"])
    assert code == 2
    assert capsys.readouterr().err == f"arena: {RAY_MISSING}\n"


@pytest.fixture
def ray_stopped(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """No usage statistics over the network; no Ray instance left running afterwards."""
    monkeypatch.setenv("RAY_USAGE_STATS_ENABLED", "0")
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    yield
    ray = sys.modules.get("ray")
    if ray is not None and ray.is_initialized():
        ray.shutdown()


def test_an_arena_run_on_a_local_ray_instance_equals_the_local_run(ray_stopped: None) -> None:
    # Not skipped without Ray: CI installs the extra (the test extra pins it), so a missing
    # Ray there must fail this test rather than let it pass unseen.
    import ray

    config = ArenaConfig("diminishing-whist", ["strong", "expectation", "expectation",
                                               "expectation"], deals=2, seed=4, iterations=10)
    local = run_deals(config, workers=1)
    on_ray = run_deals(config, workers=2, ray_address="local")
    assert on_ray == local
    assert [r.deal for r in on_ray] == [0, 1]
    # The instance run_deals started for the run is stopped again.
    assert not ray.is_initialized()

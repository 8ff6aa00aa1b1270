"""The web API's door survives anything the page sends it, and keeps answering afterwards."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from whist_app import webapi

#: Every input the suite sends (run with -s and read TRIED to count them).
TRIED = {"inputs": 0}

HOSTILE_SCALARS = st.one_of(
    st.none(), st.booleans(), st.integers(min_value=-10**30, max_value=10**30),
    st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=30),
    st.just("9" * 5000), st.just("²"), st.just("A♠@²"), st.just("\ud800"))
JSON_VALUES = st.recursive(HOSTILE_SCALARS, lambda inner: st.one_of(
    st.lists(inner, max_size=4), st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=20)
KEYS = st.sampled_from(["game", "options", "seats", "seed", "budget", "action", "record",
                        "sealed", "players", "hands"])
PAYLOADS = st.dictionaries(KEYS, JSON_VALUES, max_size=5)


@pytest.fixture(autouse=True, scope="module")
def _count_inputs() -> Iterator[None]:
    """After the module, say how many inputs it sent (see with -s)."""
    yield
    print(f"\nwebapi fuzz: {TRIED['inputs']} inputs tried")


def reply(name: str, text: str) -> dict[str, Any]:
    """Call through the door and parse the answer, which must always be a JSON object."""
    TRIED["inputs"] += 1
    answer = json.loads(webapi.dispatch(name, text))
    assert isinstance(answer, dict)
    if "error" in answer:
        assert isinstance(answer["error"], str) and 0 < len(answer["error"]) <= 300
        assert "\n" not in answer["error"] and "Traceback" not in answer["error"]
    return answer


def still_answers() -> None:
    started = reply("start", json.dumps({"game": "diminishing-whist", "seed": 1}))
    assert "error" not in started and started["view"]["decision"] == "bid"


@settings(max_examples=800, deadline=None, derandomize=True,
          suppress_health_check=[HealthCheck.too_slow])
@given(name=st.sampled_from(sorted(webapi.API) + ["nope", "_current", "__class__", ""]),
       payload=PAYLOADS)
def test_every_function_answers_hostile_payloads_with_data(name: str, payload: dict[str, Any]
                                                          ) -> None:
    if name.startswith("__"):  # the test hooks spin or raise on purpose
        return
    if name == "hint":
        payload["budget"] = 0.01
    reply(name, json.dumps(payload, ensure_ascii=False, allow_nan=True))


@settings(max_examples=300, deadline=None, derandomize=True)
@given(text=st.one_of(st.text(max_size=200), st.binary(max_size=60).map(
    lambda b: b.decode("latin-1"))))
def test_any_text_is_answered(text: str) -> None:
    reply("view", text)


def test_deep_nesting_and_huge_payloads_are_refused_before_parsing() -> None:
    for depth in (100, 3000, 100_000):
        deep = '{"record": ' + "[" * depth + "]" * depth + "}"
        answer = reply("resume", deep)
        assert answer["kind"] == "PayloadError" and "deeper" in answer["error"]
        still_answers()
    sealed_deep = webapi.seal({"game": "diminishing-whist", "hands": [[[[[[[]]]]]]] * 1})
    assert "error" in reply("resume", json.dumps({"sealed": sealed_deep}))
    nested = json.loads("[" * 60 + "]" * 60)
    answer = reply("resume", json.dumps({"sealed": webapi.seal({"x": nested})}))
    assert "error" in answer
    huge = json.dumps({"action": "x" * (webapi.MAX_PAYLOAD_CHARS + 1)})
    assert "too large" in reply("act", huge)["error"]
    assert "too large" in reply("resume", json.dumps({"sealed": webapi.SEAL_PREFIX + "A" * (
        webapi.MAX_PAYLOAD_CHARS + 1)}))["error"]
    still_answers()


def test_only_registered_functions_answer() -> None:
    for name in ("_current", "json", "replay", "Table", "seal", "unseal", "read_payload",
                 "__import__", "dispatch"):
        assert reply(name, "{}")["kind"] == "LookupError", name
    still_answers()


def test_bad_seeds_budgets_and_actions_are_one_line() -> None:
    for payload in ({"game": "diminishing-whist", "seed": True},
                    {"game": "diminishing-whist", "seed": -1},
                    {"game": "diminishing-whist", "seed": 2**70},
                    {"game": "diminishing-whist", "budget": float("nan")},
                    {"game": ["diminishing-whist"]},
                    {"game": "diminishing-whist", "seats": "human"}):
        assert "error" in reply("start", json.dumps(payload))
    still_answers()
    for budget in ("nan", float("inf"), -1, 0, True, 1e9):
        assert "error" in reply("hint", json.dumps({"budget": budget}))
    for action in (3, None, ["3"], "9" * 5000, "²"):
        assert "error" in reply("act", json.dumps({"action": action}))


def test_resumed_games_deal_unpredictably() -> None:
    """Two saves of different games resumed in round 2 must not get the same round 3."""
    deals = []
    for seed in (11, 12):
        webapi.start({"game": "diminishing-whist", "seed": seed,
                      "seats": ["random", "random", "random", "random"]})
        table = webapi._current()
        state = table.state
        rng = random.Random(seed)
        while state.hand_number < 1:
            state.apply(rng.choice(state.legal_actions()))
        sealed = webapi.save({})["sealed"]
        webapi.resume({"sealed": sealed})
        resumed = webapi._current().state
        while resumed.hand_number < 2:
            resumed.apply(rng.choice(resumed.legal_actions()))
        deals.append(resumed.hands_log[2]["deal"])
    assert deals[0] != deals[1]

"""Fuzzing ``python -m whist replay``: no record, however broken or hostile, ends in a traceback.

Real records of all five games (finished, in progress, stopped between hands,
some with non-default options) are mutated — a card flipped, an action
dropped, swapped or duplicated, an option changed or removed, a value replaced
by a hostile one (huge numbers, deep nesting, bools, floats, Unicode digits,
lists and objects where text is expected), the bytes cut or made non-UTF-8 —
and hostile JSON is also made from scratch.  Each input goes through the
command itself (``whist_app.cli.main(["replay", path])``, in this process):
the exit status must be 0, 2 or 3, and a faulty record (2) gets exactly one
line on standard error, under 300 characters.

The budget is fixed and derandomized, so CI runs the same inputs every time;
the number tried is printed at the end of the module (``fuzz: N inputs``).
"""

from __future__ import annotations

import copy
import json
import random
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.fuzz_report import say_after_module
from whist.cards import CARDS
from whist.games import GAME_NAMES, game_class, new_game
from whist.protocol import OptionError
from whist.records import MAX_RECORD_BYTES, RecordError, replay
from whist_app.cli import main

#: Inputs tried, by test: the module's teardown prints the total.
TRIED: Counter[str] = Counter()
#: Exit statuses of the replay command over those inputs.
STATUSES: Counter[int] = Counter()

FUZZ = settings(deadline=None, derandomize=True, database=None, print_blob=False,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow, HealthCheck.data_too_large])


# ------------------------------------------------------------------ real records
def _played(game: str, seed: int, options: dict[str, Any] | None = None,
            stop: Callable[[Any], bool] | None = None) -> dict[str, Any]:
    """The record of a game played with random legal actions, up to ``stop`` or its end."""
    state = new_game(game, options, seed=seed)
    rng = random.Random(seed)
    while not state.over and not (stop and stop(state)):
        state.apply(rng.choice(state.legal_actions()))
    return state.record()


def _between_hands(record: dict[str, Any]) -> dict[str, Any]:
    """The record cut after its first scored hand, without the next deal."""
    cut = copy.deepcopy(record)
    del cut["hands"][1:]
    return cut


def _base_records() -> list[dict[str, Any]]:
    records = []
    variants: list[tuple[str, dict[str, Any]]] = [
        ("diminishing-whist", {}), ("diminishing-whist", {"players": 5}),
        ("black-queen", {}), ("black-queen", {"players": 3, "hands": 2}),
        ("nine-five-two", {"target": 6}),
        ("bidding-whist", {"hands": 2}), ("bidding-whist", {"on_all_skip": "no_trump"}),
        ("classic-whist", {}), ("classic-whist", {"players": 3, "cards": 5, "winning_score": 9}),
    ]
    for seed, (game, options) in enumerate(variants):
        finished = _played(game, seed, options)
        records.append(finished)
        records.append(_played(game, seed, options, stop=lambda s: len(s.hands_log) > 1
                               and len(s.hands_log[-1]["actions"]) > 5))
        if len(finished["hands"]) > 1:
            records.append(_between_hands(finished))
    return records


BASE = _base_records()
CARD_TEXTS = [str(c) for c in CARDS] + [c.ascii for c in CARDS] + ["10h", "♦10", "Q♥️"]
#: Characters that look like digits, suits or separators but are not what a reader expects.
NASTY = "0123456789²³¹٣۳߃०①⁴₅½Ⅻ@♠♥♦♣♤♡SHDCNTskip -+.,e\t\n\"\\\x00\ufe0f\u200b\ud800é漢"
VOCAB = ["game", "options", "hands", "deal", "actions", "trump", "leader", "kitty", "down", "up",
         "hand", "players", "face_down", "target", "cards", "winning_score", "enforce_rules",
         "on_all_skip", "compat", "seats"]
#: Raw JSON text a value stands for once dumped: JSON that json.dumps cannot write itself.
RAW = {
    "@@DEEP_40@@": "[" * 40 + "]" * 40,
    "@@DEEP_5000@@": "[" * 5000 + "]" * 5000,
    "@@DEEP_OBJECT@@": '{"a":' * 3000 + "1" + "}" * 3000,
    "@@BIG_INT@@": "9" * 5000,
    "@@BIG_NEGATIVE@@": "-" + "9" * 4400,
    "@@BIG_FLOAT@@": "1e99999",
    "@@NAN@@": "NaN",
    "@@INFINITY@@": "-Infinity",
}
SPECIAL_TEXTS = ["", " ", "²", "--4", "-4", "+4", "4 ", "0004", "9" * 5000, "A♠@" + "9" * 5000,
                 "A♠@²", "A♠@", "A♠@-1", "x" * 20000, "\ud800", "\ufe0f\ufe0f", "skip", "NT",
                 "7♥", "5NT", "99♥", "²♥", "13NT", "redeal", "nerd", "true", "1e3", "0x10",
                 "1_000", "٣", "Q♥ Q♥", "2♣ " * 400]

hostile_values = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.integers(min_value=10**12, max_value=10**80),
    st.floats(allow_nan=False, allow_infinity=False), st.sampled_from([4.0, -0.0, 0.5]),
    st.text(alphabet=NASTY, max_size=8), st.sampled_from(SPECIAL_TEXTS), st.sampled_from(CARD_TEXTS),
    st.sampled_from(list(RAW)), st.lists(st.sampled_from(CARD_TEXTS), max_size=3),
    st.lists(st.integers(-1, 60), max_size=3),
    st.dictionaries(st.sampled_from(VOCAB), st.integers(-1, 9), max_size=2),
)


def _pick(draw: st.DrawFn, root: Any) -> list[Any]:
    """A path from ``root`` down to a random node (most often three or four steps deep)."""
    path: list[Any] = []
    node = root
    while isinstance(node, (list, dict)) and node and draw(st.integers(0, 4)) > 0:
        key = draw(st.sampled_from(sorted(node) if isinstance(node, dict) else range(len(node))))
        path.append(key)
        node = node[key]
    return path


def _string_edit(draw: st.DrawFn, text: str) -> Any:
    kind = draw(st.sampled_from(["card", "char", "cut", "position", "digits", "case"]))
    if kind == "card":
        return draw(st.sampled_from(CARD_TEXTS))
    if kind == "char":
        at = draw(st.integers(0, len(text)))
        return text[:at] + draw(st.sampled_from(NASTY)) + text[at:]
    if kind == "cut":
        return text[:draw(st.integers(0, max(0, len(text) - 1)))]
    if kind == "position":
        return text + "@" + draw(st.sampled_from(["0", "3", "12", "²", "9" * 5000, "x", ""]))
    if kind == "digits":
        return draw(st.sampled_from(["0", "13", "27", "9999", "10000", "9" * 4400, "1" * 5000]))
    return text.lower() if draw(st.booleans()) else text.swapcase()


def _mutate(draw: st.DrawFn, record: Any) -> Any:
    """One mutation somewhere in ``record``; returns the (possibly new) root."""
    path = _pick(draw, record)
    parent: Any = None
    node = record
    for key in path:
        parent, node = node, node[key]

    def put(value: Any) -> Any:
        if parent is None:
            return value
        parent[path[-1]] = value
        return record

    choice = draw(st.integers(0, 9))
    if choice < 3:
        return put(draw(hostile_values))
    if isinstance(node, list) and node:
        op = draw(st.sampled_from(["drop", "duplicate", "swap", "insert", "truncate"]))
        i = draw(st.integers(0, len(node) - 1))
        j = draw(st.integers(0, len(node) - 1))
        if op == "drop":
            del node[i]
        elif op == "duplicate":
            node.insert(i, copy.deepcopy(node[j]))
        elif op == "swap":
            node[i], node[j] = node[j], node[i]
        elif op == "insert":
            node.insert(i, draw(hostile_values))
        else:
            del node[i:]
        return record
    if isinstance(node, dict) and node:
        op = draw(st.sampled_from(["remove", "add", "rename"]))
        key = draw(st.sampled_from(sorted(node)))
        if op == "remove":
            del node[key]
        elif op == "add":
            node[draw(st.sampled_from(VOCAB) | st.text(alphabet=NASTY, max_size=3))] = \
                draw(hostile_values)
        else:
            node[draw(st.sampled_from(VOCAB))] = node.pop(key)
        return record
    if isinstance(node, str):
        return put(_string_edit(draw, node))
    return put(draw(hostile_values))


def _dump(record: Any, draw: st.DrawFn) -> bytes:
    """The record as the bytes of a file: JSON, raw placeholders filled in, maybe damaged."""
    text = json.dumps(record, ensure_ascii=draw(st.booleans()), allow_nan=True,
                      indent=draw(st.sampled_from([None, 1])))
    for mark, raw in RAW.items():
        text = text.replace(json.dumps(mark), raw)
    data = text.encode("utf-8", "surrogatepass")
    damage = draw(st.integers(0, 9))
    if damage == 0 and data:
        data = data[:draw(st.integers(0, len(data) - 1))]
    elif damage == 1:
        at = draw(st.integers(0, len(data)))
        data = data[:at] + draw(st.sampled_from([b"\xff", b"\x80", b"\xc3", b"\xe2\x99", b"\x00",
                                                 b"\xef\xbb\xbf"])) + data[at:]
    elif damage == 2:
        # Cut inside a multi-byte character (a suit symbol), when there is one.
        starts = [i for i, b in enumerate(data) if b >= 0xC0]
        if starts:
            data = data[:draw(st.sampled_from(starts)) + 1]
    return data


@st.composite
def mutated_records(draw: st.DrawFn) -> bytes:
    record = copy.deepcopy(draw(st.sampled_from(BASE)))
    for _ in range(draw(st.integers(1, 3))):
        record = _mutate(draw, record)
    return _dump(record, draw)


# ------------------------------------------------------------------ the check
def replay_command(tmp_path: Path, capsys: pytest.CaptureFixture[str], data: bytes,
                   test: str) -> tuple[int, str, str]:
    """Run ``replay`` on a file holding ``data``; check the exit status and the one-line fault."""
    TRIED[test] += 1
    path = tmp_path / "record.json"
    path.write_bytes(data)
    capsys.readouterr()
    status = main(["replay", str(path)])
    out, err = capsys.readouterr()
    STATUSES[status] += 1
    assert status in (0, 2, 3), (status, err[:500])
    assert "Traceback" not in out + err
    if status == 2:
        lines = err.split("\n")
        assert len(lines) == 2 and lines[1] == "", err[:1000]
        assert lines[0].startswith("faulty record: ") and len(lines[0]) < 300, lines[0]
        assert out == ""
    else:
        assert err == ""
        assert out.splitlines()[-1].startswith("totals: ")
        assert ("in progress" in out) == (status == 3)
    return status, out, err


@pytest.fixture(scope="module", autouse=True)
def _report_count(request: pytest.FixtureRequest) -> Iterator[None]:
    """After the module: print how many inputs it tried (the team's notes quote it)."""
    yield
    total = sum(TRIED.values())
    if not total:
        return
    parts = ", ".join(f"{name} {count}" for name, count in sorted(TRIED.items()))
    statuses = ", ".join(f"{count}× exit {status}" for status, count in sorted(STATUSES.items()))
    say_after_module(request, f"\nfuzz: {total} inputs tried ({parts}); replay command: "
                              f"{statuses}")


# ------------------------------------------------------------------ the fuzzing
def test_the_base_records_replay_cleanly(tmp_path: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    statuses = Counter()
    for record in BASE:
        data = json.dumps(record, ensure_ascii=False).encode("utf-8")
        statuses[replay_command(tmp_path, capsys, data, "base")[0]] += 1
    # Finished games, games in progress and games stopped between hands are all there.
    assert statuses[0] >= 9 and statuses[3] >= 9 and statuses[2] == 0


@settings(FUZZ, max_examples=1500)
@given(data=mutated_records())
def test_mutated_records_never_crash_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            data: bytes) -> None:
    replay_command(tmp_path, capsys, data, "mutated")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-5, 60) | st.floats() | st.text(alphabet=NASTY, max_size=6)
    | st.sampled_from(CARD_TEXTS) | st.sampled_from(list(RAW)),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(VOCAB), inner,
                                                                 max_size=3),
    max_leaves=12)

record_like = st.fixed_dictionaries(
    {"game": st.sampled_from(GAME_NAMES) | json_values,
     "hands": st.lists(st.fixed_dictionaries(
         {"deal": json_values | st.lists(st.lists(st.sampled_from(CARD_TEXTS), max_size=13),
                                         min_size=2, max_size=6)},
         optional={"actions": st.lists(st.sampled_from(CARD_TEXTS) | st.sampled_from(SPECIAL_TEXTS)
                                       | st.text(alphabet=NASTY, max_size=5), max_size=6)
                   | json_values,
                   "trump": json_values, "leader": json_values, "kitty": json_values}),
         max_size=3) | json_values},
    optional={"options": st.dictionaries(st.sampled_from(VOCAB), json_values, max_size=3)
              | json_values})


@settings(FUZZ, max_examples=500)
@given(record=record_like | json_values, damage=st.data())
def test_hostile_json_never_crashes_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           record: Any, damage: st.DataObject) -> None:
    replay_command(tmp_path, capsys, _dump(record, damage.draw), "hostile")


@settings(FUZZ, max_examples=300)
@given(base=st.sampled_from(BASE), options=st.dictionaries(st.sampled_from(VOCAB[10:19]),
                                                           hostile_values, max_size=3))
def test_hostile_options_never_crash_replay(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                            base: dict[str, Any], options: dict[str, Any]) -> None:
    record = {**base, "options": {**base["options"], **options}}
    text = json.dumps(record, ensure_ascii=False)
    for mark, raw in RAW.items():
        text = text.replace(json.dumps(mark), raw)
    replay_command(tmp_path, capsys, text.encode("utf-8", "surrogatepass"), "options")


def _deep_list(depth: int) -> list[Any]:
    nested: list[Any] = []
    for _ in range(depth):
        nested = [nested]
    return nested


#: Python values no JSON text holds, made only inside the test (hypothesis may print a value).
PYTHON_VALUES: dict[str, Callable[[], Any]] = {
    "@@PY_BIG_INT@@": lambda: 10**5000, "@@PY_DEEP@@": lambda: _deep_list(100_000),
    "@@PY_TUPLE@@": lambda: ("A♠", "K♠"), "@@PY_SET@@": lambda: {"A♠"},
    "@@PY_BYTES@@": lambda: b"A\xe2\x99", "@@PY_OBJECT@@": object,
}


@settings(FUZZ, max_examples=150)
@given(base=st.sampled_from(BASE), value=hostile_values | st.sampled_from(list(PYTHON_VALUES)),
       where=st.sampled_from(["game", "options", "hands", "deal", "actions", "action"]))
def test_parsed_mappings_with_python_values_raise_only_record_errors(
        base: dict[str, Any], value: Any, where: str) -> None:
    """``replay`` also takes a parsed mapping (the web API's): values JSON text cannot hold."""
    TRIED["mapping"] += 1
    if isinstance(value, str) and value in PYTHON_VALUES:
        value = PYTHON_VALUES[value]()
    record = copy.deepcopy(base)
    if where in ("game", "options", "hands"):
        record[where] = value
    elif where == "deal":
        record["hands"][0]["deal"] = value
    elif where == "actions":
        record["hands"][0]["actions"] = value
    else:
        record["hands"][0]["actions"][:1] = [value]
    try:
        replay(record)
    except RecordError as error:
        assert "\n" not in str(error) and len(str(error)) < 280


# ------------------------------------------------------------------ known reproductions
def _record(name: str = "diminishing-whist", **changes: Any) -> dict[str, Any]:
    """A copy of the first base record of game ``name``, with ``changes`` to its keys."""
    record = copy.deepcopy(BASE[[r["game"] for r in BASE].index(name)])
    record.update(changes)
    return record


def _with_action(record: dict[str, Any], hand: int, index: int, text: str) -> dict[str, Any]:
    record["hands"][hand]["actions"][index] = text
    return record


def _black_queen_play(text: str) -> dict[str, Any]:
    """A Black Queen record whose first card play is ``text``."""
    record = _record("black-queen")
    return _with_action(record, 0, 0, text)


TEXT = json.dumps(_record(), ensure_ascii=False)
CUT_AT = TEXT.encode("utf-8").index("♠".encode()) + 1

KNOWN: list[tuple[str, bytes, str]] = [
    ("cut inside a character", TEXT.encode("utf-8")[:CUT_AT], "not UTF-8 text at line 1"),
    ("a non-UTF-8 byte", TEXT.encode("utf-8").replace(b"{", b"{\xff", 1), "byte 0xff"),
    ("Latin-1 text", TEXT.replace("♠", "é").encode("latin-1", "replace"), "not UTF-8"),
    ("nested thousands deep", b"[" * 100_000 + b"]" * 100_000, "nest more than"),
    ("an object nested deep", b'{"game":' + b"[" * 5000 + b"]" * 5000 + b"}", "nest more than"),
    ("brackets in strings do not nest", json.dumps({"game": "[" * 5000}).encode(), "unknown game"),
    ("a 5000-digit number", b'{"game": "black-queen", "options": {"players": ' + b"9" * 5000
     + b"}}", "more than 4300 digits"),
    ("NaN", b'{"game": "black-queen", "options": {"players": NaN}}', "NaN"),
    ("5000 digits as text", json.dumps(_record(options={"players": "9" * 5000})).encode(),
     "at most 9 digits"),
    ("--4", json.dumps(_record(options={"players": "--4"})).encode(), "whole number"),
    ("a superscript players", json.dumps(_record(options={"players": "²"})).encode(),
     "whole number"),
    ("a bool players", json.dumps(_record(options={"players": True})).encode(), "whole number"),
    ("a float players", json.dumps(_record(options={"players": 4.0})).encode(), "whole number"),
    ("a 20,000-character option", json.dumps(_record(options={"players": "x" * 20000})).encode(),
     "(20000 characters)"),
    ("a 20,000-character option name", json.dumps(_record(options={"x" * 20000: 4})).encode(),
     "(20000 characters)"),
    ("hands 0", json.dumps(_record("bidding-whist", options={"hands": 0})).encode(),
     "must be from 1 to 1000, not 0"),
    ("hands 1001", json.dumps(_record("bidding-whist", options={"hands": 1001})).encode(),
     "must be from 1 to 1000, not 1001"),
    ("target 101", json.dumps(_record("nine-five-two", options={"target": 101})).encode(),
     "must be at most 100, not 101"),
    ("game as a list", json.dumps(_record(game=["diminishing-whist"])).encode(), "game name"),
    ("game as an object", json.dumps(_record(game={})).encode(), "game name"),
    ("a superscript bid", json.dumps(_with_action(_record(), 0, 0, "²"),
                                     ensure_ascii=False).encode(), "not a number of tricks"),
    ("a 5000-digit bid", json.dumps(_with_action(_record(), 0, 0, "9" * 5000)).encode(),
     "hand 1, action 1"),
    ("a superscript position", json.dumps(_black_queen_play("A♠@²"), ensure_ascii=False).encode(),
     "face-up position"),
    ("a 5000-digit position", json.dumps(_black_queen_play("A♠@" + "9" * 5000),
                                         ensure_ascii=False).encode(), "hand 1, action 1"),
    ("a 5000-digit contract", json.dumps(_with_action(_record("bidding-whist"), 0, 0,
                                                      "9" * 5000 + "♥"),
                                         ensure_ascii=False).encode(), "hand 1, action 1"),
    ("variation selectors only", json.dumps(_black_queen_play("\ufe0f\ufe0f")).encode(),
     "is not a card"),
    ("a top-level list", b"[1, 2]", "top level"),
    ("nothing at all", b"", "invalid JSON"),
]


@pytest.mark.parametrize("name, data, message", KNOWN, ids=[k[0] for k in KNOWN])
def test_known_crashes_are_one_line_faults(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                           name: str, data: bytes, message: str) -> None:
    status, _, err = replay_command(tmp_path, capsys, data, "known")
    assert status == 2
    assert message in err


def test_a_record_over_the_size_limit_is_refused_before_reading_it(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    record = _record()
    record["padding"] = "x" * MAX_RECORD_BYTES
    status, _, err = replay_command(tmp_path, capsys, json.dumps(record).encode(), "known")
    assert status == 2 and "larger than 8 MB" in err
    with pytest.raises(RecordError, match="more than the 8 MB"):
        replay(json.dumps(record))


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_record_that_stops_between_hands_is_in_progress_and_invents_no_deal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], game: str) -> None:
    options = {"hands": 2} if game == "bidding-whist" else {}
    full = _played(game, 21, options)
    cut = _between_hands(full)
    status, out, _ = replay_command(tmp_path, capsys, json.dumps(cut).encode(), "known")
    assert status == 3
    assert "in progress: hand 1 finished, next deal not in the record" in out
    state = replay(cut)
    assert state.hand_over and not state.over and len(state.hands_log) == 1
    assert state.record() == cut
    # Given the next deal, the same record plays on exactly as the whole game did.
    assert replay(full).record() == full


def test_resuming_a_record_that_stops_between_hands_deals_a_new_hand() -> None:
    from whist_app.table import Table

    cut = _between_hands(_played("diminishing-whist", 5))
    table = Table.resume(cut, ["random"] * 4, seed=9)
    state = table.state
    assert not state.hand_over and state.to_move is not None and len(state.hands_log) == 2
    assert state.hands_log[1]["deal"] != _played("diminishing-whist", 0)["hands"][1]["deal"]
    while len(state.hand_scores) < 3:
        table.play_computer()
    # Undone back into the recorded part and played again, the game still deals on.
    while state.can_undo:
        state.undo()
    rng = random.Random(1)
    while len(state.hand_scores) < 3:
        state.apply(rng.choice(state.legal_actions()))
    assert not state.hand_over and len(state.hands_log) == 4


def test_the_options_of_every_game_take_only_exact_types() -> None:
    for game in GAME_NAMES:
        for spec in game_class(game).option_specs:
            for bad in (True, 4.0, "²", "--4", "9" * 5000, [4], {"a": 4}):
                if spec.kind is bool and bad is True:
                    continue
                with pytest.raises(OptionError) as caught:
                    new_game(game, {spec.name: bad})
                assert len(str(caught.value)) < 200

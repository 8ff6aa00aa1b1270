"""``strong``'s decisions at fixed seeds and iterations, in every game, against recorded ones.

The recording (tests/fixtures/strong-fingerprints.json) was made by the code before
the settings measured worse moved to bench/ (issue 21, item 1): the search must
still choose, and value, exactly as it did.  Re-record only on purpose, after a
change meant to alter play:

    .venv/bin/python tests/test_strong_fingerprints.py --write
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

import engines.strong as strong
from engines.levels import load_engine
from whist.games import GAME_NAMES, game_class
from whist.protocol import GameState

FIXTURE = Path(__file__).parent / "fixtures" / "strong-fingerprints.json"
#: Rollouts per decision, decisions recorded per game, and the games' seeds.
ITERATIONS = 24
DECISIONS = 40
SEEDS = (1, 2)


def _short_game(game: str, seed: int) -> GameState:
    cls = game_class(game)
    names = {spec.name for spec in cls.option_specs}
    options: dict[str, Any] = {}
    if game == "nine-five-two":
        options["target"] = 3
    if "hands" in names:
        options["hands"] = 2
    return cls(options, seed=seed)


def fingerprint(game: str, seed: int, spec: str = "strong",
                decisions: int = DECISIONS, settle: bool = False) -> list[list[Any]]:
    """Each searched decision of a short game of ``spec`` in every seat: the choice and
    every candidate's value (repr, so that a last-bit difference shows).

    ``settle``: with the search's early stop (``strong.STOP_WHEN_SETTLED``); the
    recording was made without it, when every search spent its whole budget.
    """
    hooks = dict(strong.HOOKS)  # a bench variant may change a game's hooks: put them back
    settles = strong.STOP_WHEN_SETTLED
    strong.STOP_WHEN_SETTLED = settle
    try:
        return _play(game, seed, spec, decisions)
    finally:
        strong.HOOKS.update(hooks)
        strong.STOP_WHEN_SETTLED = settles


def _play(game: str, seed: int, spec: str, decisions: int) -> list[list[Any]]:
    state = _short_game(game, seed)
    engines = [load_engine(spec, game, seed=seed * 10 + s, iterations=ITERATIONS)
               for s in range(state.players)]
    out: list[list[Any]] = []
    while not state.over and len(out) < decisions:
        seat = state.to_move
        assert seat is not None
        obs, legal = state.observe(seat), state.legal_actions()
        action = engines[seat].choose(obs, legal)
        if len(legal) > 1:
            values = engines[seat].evaluate(obs, legal) or []
            out.append([str(action), [[str(a), repr(v)] for a, v in values]])
        state.apply(action)
    return out


def record() -> dict[str, list[list[Any]]]:
    """Every game's fingerprints, keyed ``game/seed``, and each bench variant's, ``spec/game``."""
    out = {f"{game}/{seed}": fingerprint(game, seed) for game in GAME_NAMES for seed in SEEDS}
    for spec, game in VARIANTS:
        out[f"{spec}/{game}"] = fingerprint(game, 1, spec)
    return out


#: The bench variants of the settings measured worse (bench/strong_variants.py), each in
#: a game where its setting plays, recorded while the settings were still strong's own.
VARIANTS = [(f"bench.strong_variants:{name}", game) for name, game in (
    ("Endgame4", "diminishing-whist"), ("BidModel", "diminishing-whist"),
    ("WorldModel", "diminishing-whist"), ("BothModels", "diminishing-whist"),
    ("FairLeads", "diminishing-whist"), ("FittedBids", "diminishing-whist"),
    ("Epsilon15", "diminishing-whist"),
    ("Epsilon0", "bidding-whist"), ("Epsilon15", "classic-whist"),
    ("BqOld", "black-queen"), ("BqPolicy", "black-queen"), ("BqFullHand", "black-queen"))]


@pytest.mark.parametrize(("spec", "game"), VARIANTS)
def test_bench_variant_decides_as_recorded(spec: str, game: str) -> None:
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))[f"{spec}/{game}"]
    assert len(recorded) >= 10, "too few searched decisions to be a fingerprint"
    assert fingerprint(game, 1, spec) == recorded


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("seed", SEEDS)
def test_strong_decides_as_recorded(game: str, seed: int) -> None:
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))[f"{game}/{seed}"]
    assert len(recorded) >= 10, "too few searched decisions to be a fingerprint"
    assert fingerprint(game, seed) == recorded


@pytest.mark.parametrize("game", GAME_NAMES)
def test_stopping_a_settled_search_changes_no_choice(game: str,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Once one candidate is left the search stops (``STOP_WHEN_SETTLED``): the same
    choices as the recording, at every decision, with fewer rollouts where it settled
    (fails if a settled search chose otherwise, or if no search ever stopped early)."""
    recorded = json.loads(FIXTURE.read_text(encoding="utf-8"))
    spent: list[tuple[int, int]] = []
    search = strong.StrongEngine._search

    def noting(self: strong.StrongEngine, obs: Any, legal: Any) -> Any:
        out = search(self, obs, legal)
        spent.append((self.last_stats["rollouts"], self.iterations or 0))
        return out
    monkeypatch.setattr(strong.StrongEngine, "_search", noting)
    for seed in SEEDS:
        settled = fingerprint(game, seed, settle=True)
        assert [d[0] for d in settled] == [d[0] for d in recorded[f"{game}/{seed}"]]
    assert any(rollouts < iterations for rollouts, iterations in spent), spent


def dumps(recorded: dict[str, list[list[Any]]]) -> str:
    """The recording as JSON, one decision a line (a re-recording's diff shows the decisions)."""
    games = [json.dumps(key, ensure_ascii=False) + ": [\n"
             + ",\n".join(json.dumps(d, ensure_ascii=False) for d in decisions) + "\n]"
             for key, decisions in recorded.items()]
    return "{\n" + ",\n".join(games) + "\n}\n"


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: tests/test_strong_fingerprints.py --write")
    FIXTURE.write_text(dumps(record()), encoding="utf-8")
    print(f"wrote {FIXTURE}")

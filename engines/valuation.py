"""Valuing a decision: what every choice is worth to the seat, in points, in expectation.

A review asks, for one decision of one seat: how many points did the choice
made cost against the best one?  :func:`value_decision` answers from the
seat's observation alone (never the hidden cards of the record), with
``strong``'s machinery (:mod:`engines.strong`):

1. **Choices**: every legal action; cards that are equivalent (every card
   ranked between them is the seat's own or played in an earlier trick) form
   one group valued once and mapped back to each card.  Where there are very
   many (9-5-2 discards and passes, Bidding Whist's initial bids) the
   ``max_candidates`` best by strong's cheap heuristic are valued, plus the
   choice made, so it always has a value.
2. **Worlds**: each iteration deals the hidden cards anew, consistently with
   what the seat has seen (the game's ``sample_world``), and every choice is
   played in that same world (common random numbers); the rest of the hand is
   played by strong's rollout policy, each choice's rollout drawing the same
   random numbers.  Nothing is dropped on the way, unlike the engine's search:
   all choices face all worlds.
3. **Value**: the seat's own score for the hand (the game's hand score, the
   whole hand played out), averaged over the worlds.  The later hands of the
   game are not played.
4. **Loss**: best mean minus the chosen choice's mean, with a 95% interval from
   the paired per-world differences (Student's t).

Repeatable: the worlds come from ``random.Random(seed)`` only, so a fixed seed
and a fixed number of worlds give the same answer on any machine, in any
process, whatever was valued before.  A time ``budget`` instead stops after
that many seconds: then the answer depends on the machine's speed.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from engines.strong import Tally, play_groups, play_worlds, prune_candidates, rollout
from whist.actions import Action, Play
from whist.games import game_class
from whist.observations import Observation

#: Worlds per decision when neither a number nor a time budget is given.
DEFAULT_WORLDS = 200
#: The fewest worlds a valuation takes: a loss's interval needs two.
MIN_WORLDS = 2
#: At most this many choices are valued where there are more (plus the choice made).
MAX_CANDIDATES = 20
#: A half-width of the loss's interval below this is shown as exact (no interval).
NOISE = 0.05
#: Two-sided 95% quantiles of Student's t by degrees of freedom; beyond the table, 1.96.
_T95: tuple[tuple[int, float], ...] = (
    (1, 12.706), (2, 4.303), (3, 3.182), (4, 2.776), (5, 2.571), (6, 2.447), (7, 2.365),
    (8, 2.306), (9, 2.262), (10, 2.228), (12, 2.179), (15, 2.131), (20, 2.086), (25, 2.060),
    (30, 2.042), (40, 2.021), (60, 2.000), (120, 1.980))


@dataclass(frozen=True)
class ChoiceValue:
    """One choice valued: its representative action, mean points, and the actions it stands for."""

    action: Action
    mean: float
    #: Every legal action this value holds for (equivalent cards share one value).
    actions: tuple[Action, ...]

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: ``{"action", "value", "actions"}`` (actions as notation)."""
        return {"action": str(self.action), "value": round(self.mean, 3),
                "actions": [str(a) for a in self.actions]}


@dataclass(frozen=True)
class Valuation:
    """Every valued choice of one decision, best first, and what the choice made lost."""

    seat: int
    chosen: Action
    #: The best choice valued (the choice made when it ties with the best).
    best: Action
    choices: tuple[ChoiceValue, ...]
    #: Expected points the choice made lost against the best (0 when it is the best).
    loss: float
    #: 95% interval of the loss, from the paired per-world differences.
    interval: tuple[float, float]
    worlds: int
    #: How many legal actions there were.
    legal: int
    #: True when only a pruned set of choices was valued (plus the choice made).
    pruned: bool
    seconds: float = field(compare=False)

    @property
    def trivial(self) -> bool:
        """True when there was nothing to choose: one legal action, or only equivalent ones."""
        return len(self.choices) == 1 and not self.pruned

    @property
    def noisy(self) -> bool:
        """True when the loss's interval is wide enough to be worth showing."""
        low, high = self.interval
        return high - low > 2 * NOISE

    def value_of(self, action: Action) -> float | None:
        """The mean value of ``action`` (through its group), None if it was not valued."""
        for choice in self.choices:
            if action in choice.actions:
                return choice.mean
        return None

    def to_json(self) -> dict[str, Any]:
        """JSON-ready: chosen, best, loss, interval, the choices best first and the settings."""
        return {"seat": self.seat, "chosen": str(self.chosen), "best": str(self.best),
                "loss": round(self.loss, 3),
                "interval": [round(self.interval[0], 3), round(self.interval[1], 3)],
                "noisy": self.noisy, "trivial": self.trivial, "worlds": self.worlds,
                "legal": self.legal, "pruned": self.pruned,
                "choices": [c.to_json() for c in self.choices]}


def choice_groups(obs: Observation, legal: Sequence[Action]) -> dict[Action, Action]:
    """Each legal action mapped to the representative of its group of equivalent choices.

    Only cards group (see :func:`engines.strong.play_groups`).  Cards on the
    trick in progress are not counted as gone here: A♥ and 3♥ after a led K♥
    are not equivalent even when every other heart between them has been played.
    """
    actions = list(legal)
    if not actions or not isinstance(actions[0], Play) or len(actions) == 1:
        return {a: a for a in actions}
    unfinished: Any = {**obs, "trick": []}
    return play_groups(unfinished, actions)


def candidates_for(obs: Observation, legal: Sequence[Action], chosen: Action,
                   max_candidates: int = MAX_CANDIDATES) -> tuple[list[Action], bool]:
    """The choices to value (representatives), the chosen one's included; and whether pruned."""
    actions = list(legal)
    if actions and isinstance(actions[0], Play):
        groups = choice_groups(obs, actions)
        return list(dict.fromkeys(groups.values())), False
    candidates = prune_candidates(obs, actions, max_candidates)
    pruned = len(candidates) < len(actions)
    if chosen not in candidates:
        candidates = [*candidates, chosen]
    return candidates, pruned


def t95(dof: int) -> float:
    """The two-sided 95% quantile of Student's t for ``dof`` degrees of freedom.

    Between the table's rows the next lower row's (larger) quantile is taken, so the
    interval errs on the wide side; from 1,000 on, the normal's 1.96.
    """
    if dof >= 1000:
        return 1.96
    quantile = math.inf
    for row_dof, value in _T95:
        if row_dof <= dof:
            quantile = value
    return quantile


def paired_interval(best: Sequence[float], other: Sequence[float]) -> tuple[float, float, float]:
    """Mean of ``best - other`` over the same worlds and its 95% interval (low, high)."""
    n = len(best)
    diffs = [a - b for a, b in zip(best, other, strict=True)]
    mean = sum(diffs) / n
    if n < MIN_WORLDS:
        raise ValueError(f"at least {MIN_WORLDS} worlds are needed for an interval")
    var = sum((d - mean) ** 2 for d in diffs) / (n - 1)
    half = t95(n - 1) * math.sqrt(var / n)
    return mean, mean - half, mean + half


def value_decision(obs: Observation, legal: Sequence[Action], chosen: Action, *, seed: int = 0,
                   worlds: int | None = None, budget: float | None = None,
                   max_candidates: int = MAX_CANDIDATES,
                   others_weight: float = 0.0) -> Valuation:
    """Value every choice of ``obs``'s seat (its legal actions ``legal``) and the choice made.

    ``worlds`` sampled worlds (default :data:`DEFAULT_WORLDS` without a budget), or
    as many as ``budget`` seconds allow (at least two), whichever ends first.
    ``others_weight`` subtracts that share of the other seats' mean score (strong's
    arena objective); the default 0 values the seat's own points only.  ValueError
    if ``chosen`` is not among ``legal``.
    """
    start = time.perf_counter()
    if chosen not in legal:
        raise ValueError(f"{chosen} is not a legal choice here")
    if worlds is None and budget is None:
        worlds = DEFAULT_WORLDS
    if worlds is not None and worlds < MIN_WORLDS:
        raise ValueError(f"at least {MIN_WORLDS} worlds are needed for an interval")
    seat: int = obs["seat"]
    groups = choice_groups(obs, legal)
    candidates, pruned = candidates_for(obs, legal, chosen, max_candidates)
    members: dict[Action, list[Action]] = {c: [] for c in candidates}
    for action in legal:
        representative = groups.get(action, action)
        if representative in members:
            members[representative].append(action)
    chosen_rep = groups.get(chosen, chosen)
    if len(candidates) == 1 and not pruned:
        # Nothing to choose: no world needs playing.
        only = ChoiceValue(chosen, 0.0, tuple(members[candidates[0]]))
        return Valuation(seat, chosen, chosen, (only,), 0.0, (0.0, 0.0), 0, len(legal), False,
                         time.perf_counter() - start)
    values = _play_worlds(obs, candidates, seed, worlds, budget, others_weight, start)
    count = len(values[0])
    means = [sum(v) / count for v in values]
    chosen_index = candidates.index(chosen_rep)
    # The choice made wins ties with the best: equal means lose nothing.
    best_index = max(range(len(candidates)),
                     key=lambda i: (means[i], i == chosen_index, -i))
    loss, low, high = paired_interval(values[best_index], values[chosen_index])
    order = sorted(range(len(candidates)), key=lambda i: (-means[i], i != chosen_index, i))
    # The chosen card speaks for its group (Q♥ chosen, J♥ its group's lowest card).
    shown = [chosen if i == chosen_index else c for i, c in enumerate(candidates)]
    choices = tuple(ChoiceValue(shown[i], means[i], tuple(members[candidates[i]]))
                    for i in order)
    return Valuation(seat, chosen, shown[best_index], choices, loss, (low, high), count,
                     len(legal), pruned, time.perf_counter() - start)


def _play_worlds(obs: Observation, candidates: list[Action], seed: int, worlds: int | None,
                 budget: float | None, others_weight: float, start: float) -> list[list[float]]:
    """Each candidate's rollout value in each sampled world (the same worlds for all).

    strong's loop (:func:`engines.strong.play_worlds`), with nothing dropped, the whole
    hand played out, and every candidate's rollout drawing the same random numbers (its
    epsilon-random cards), so the paired differences measure the choice, not the
    rollouts' luck.
    """
    tally = Tally(candidates)
    play_worlds(game_class(obs["game"]), obs, candidates, tally, random.Random(seed),
                partial(rollout, full_hand=True), obs["seat"], len(obs["hand_scores"]),
                others_weight, max_worlds=worlds,
                deadline=None if budget is None else start + budget, min_worlds=MIN_WORLDS,
                rollout_seeds=True)
    return tally.values

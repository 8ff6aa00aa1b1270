"""``strong`` with an information-set tree over the seat's own decisions (issue 21), for the bench.

Run from the repository's root: ``bench.own_tree:OwnTree`` in ``engines/arena.py``
seats or ``bench/ismcts_match.py --strong`` (settings through ``--strong-settings``).

Why: ``strong``'s rollouts play the seat's own later cards with a greedy policy
that, in each sampled world, reacts to that world (strategy fusion), so a bid is
valued as if the seat could steer to whatever count the world allows.  Here the
seat's own later decisions are chosen from statistics shared across worlds, as
in ISMCTS (Cowling, Powley & Whitehouse 2012), while the other seats play
``strong``'s rollout policy in each world.

Per decision, each iteration:

1. samples a world with the engine's world class (``sample_world``, as ``strong``);
2. descends an open-loop tree keyed by the seat's own action sequence (the bid,
   then its cards): at each own node, UCB1 over the actions legal *in this world*
   (subset-armed: a child's exploration term counts only the iterations in which
   it was available), an untried legal action first (one new node per iteration);
   between two own decisions the other seats' bids and cards are played by
   ``strong``'s rollout policy (same epsilon), they are not tree levels;
3. below the new node, or once ``depth`` own decisions are in the tree, plays the
   rest of the hand with ``strong``'s rollout (:meth:`StrongEngine._rollout`, the
   fast path of ``engines/fast_rollout.py``) and backs up its value, the one
   ``strong`` uses (the seat's score minus ``others_weight`` times the others'
   mean, :func:`engines.strong.hand_value`).

The root's arms are ``strong``'s candidates (one card per group of equivalent
cards); forced moves and all-equivalent cards are answered as ``strong`` does.
The final choice is the most visited root child (``final`` "visits", ties to
the better mean) or the best mean (``final`` "mean").

Settings, besides ``strong``'s: ``c`` (exploration, in units of the value range
seen so far in the decision: the UCB term is ``c * range * sqrt(ln(available) /
visits)``), ``depth`` (own decisions in the tree; 1 is a flat UCB1 bandit over
the root's candidates) and ``final``.  With an ``iterations`` budget (one
rollout per iteration) a decision is deterministic for a seed and observation.
Diminishing Whist only (and the bench's oh_hell round, searched through its
``world_class``); every other game is ``strong``'s.  Figures: docs/strength.md,
"Issue 21: an information-set tree over the seat's own decisions".
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Sequence
from typing import Any, ClassVar

from engines.strong import (
    EPSILON,
    HOOKS,
    StrongEngine,
    card_policy,
    distinct_plays,
    other_policy,
    prune_candidates,
)
from whist.actions import Action, Decision, Play
from whist.games import game_class
from whist.games.diminishing import DiminishingWhist
from whist.observations import Observation
from whist.protocol import GameState

#: ``final``: how the root's child is chosen at the end of a search.
FINALS = ("visits", "mean")


class Node:
    """The seat's action sequence so far: visits, summed value, availability, children."""

    __slots__ = ("action", "available", "children", "total", "visits")

    def __init__(self, action: Action | None = None) -> None:
        """A node never visited, reached by the seat's ``action`` (None: the root)."""
        self.action = action
        self.visits = 0
        self.total = 0.0
        #: Iterations in which this node's action was legal at its parent (subset-armed UCB).
        self.available = 0
        self.children: dict[Action, Node] = {}

    def mean(self) -> float:
        """The mean value backed up through this node (``-inf`` if never visited)."""
        return self.total / self.visits if self.visits else -math.inf


def check_settings(c: Any, depth: Any, final: Any) -> tuple[float, int, str]:
    """``c``, ``depth`` and ``final`` checked; ValueError with a one-line reason if bad."""
    if isinstance(c, bool) or not isinstance(c, int | float) or not math.isfinite(c) or c < 0:
        raise ValueError(f"c must be a finite number of at least 0, not {c!r}")
    if isinstance(depth, bool) or not isinstance(depth, int) or depth < 1:
        raise ValueError(f"depth must be a whole number of at least 1, not {depth!r}")
    if final not in FINALS:
        raise ValueError(f"final must be one of {', '.join(FINALS)}, not {final!r}")
    return float(c), depth, final


def play_others(state: GameState, seat: int, hands_done: int, rng: random.Random,
                epsilon: float = EPSILON) -> None:
    """Play the other seats' decisions by ``strong``'s rollout policy until ``seat`` is
    to move or the hand is over.

    One decision at a time, as the reference loop of :func:`engines.strong.rollout`
    plays them (its card policy and epsilon, its policy for bids), so the seats other
    than the searching one behave in the tree as in ``strong``'s rollouts.
    """
    hooks = HOOKS[state.name]
    policy = hooks.card_policy or card_policy
    wants = type(state).wants_tricks  # type: ignore[attr-defined]
    penalty = state.card_points  # type: ignore[attr-defined]
    scores = state.hand_scores
    while not state.over and not state.hand_over and len(scores) == hands_done:
        mover = state.to_move
        if mover == seat:
            return
        if state.decision is Decision.CARD:
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif rng.random() < epsilon:
                action = legal[rng.randrange(len(legal))]
            else:
                action = policy(state, legal, wants(state, mover), penalty)
        else:
            action = other_policy(state, rng)
        state.step(action)


class OwnTree(StrongEngine):
    """``strong`` whose Diminishing Whist decisions search a tree of the seat's own moves."""

    setting_names: ClassVar[tuple[str, ...]] = (*StrongEngine.setting_names,
                                                "c", "depth", "final")
    #: Defaults of the settings (subclasses fix them for the arena).
    C: ClassVar[float] = 0.5
    DEPTH: ClassVar[int] = 3
    FINAL: ClassVar[str] = "visits"

    def __init__(self, seed: int = 0, budget: float | None = None, **settings: Any) -> None:
        """``strong``'s settings plus ``c``, ``depth`` and ``final`` (see the module)."""
        super().__init__(seed=seed, budget=budget, **settings)
        self.c, self.depth, self.final = check_settings(
            settings.get("c", self.C), settings.get("depth", self.DEPTH),
            settings.get("final", self.FINAL))
        #: The last search's root (for tests and inspection).
        self.last_root: Node | None = None

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The root child chosen by the tree search (``strong``'s for other games)."""
        if observation["game"] != DiminishingWhist.name:
            return super().choose(observation, legal)
        if len(legal) == 1:
            return legal[0]
        if isinstance(legal[0], Play) and len(distinct_plays(observation, list(legal))) == 1:
            return legal[0]
        return self._tree_search(observation, legal)[0][0]

    def evaluate(self, observation: Observation,
                 legal: Sequence[Action]) -> list[tuple[Action, float]] | None:
        """(action, mean value) of the root's children, in the order of the final choice."""
        if observation["game"] != DiminishingWhist.name:
            return super().evaluate(observation, legal)
        return self._tree_search(observation, legal)

    def _tree_search(self, obs: Observation,
                     legal: Sequence[Action]) -> list[tuple[Action, float]]:
        start = time.perf_counter()
        rng = self._decision_rng(obs)
        cls = self.world_class or game_class(obs["game"])
        seat: int = obs["seat"]
        weight = self.others_weight
        if weight is None:
            weight = HOOKS[obs["game"]].others_weight
        hands_done = len(obs["hand_scores"])
        candidates = prune_candidates(obs, list(legal), self.max_candidates)
        deadline = None if self.budget is None else start + self.budget
        root = Node()
        low, high = math.inf, -math.inf
        iterations = 0
        deepest = 0
        while True:
            world = cls.sample_world(obs, rng)
            world.stop_after_hand = True
            span = high - low if high > low else 1.0
            path: list[Node] = []
            node = root
            arms: list[Action] = candidates  # the root's arms are legal in every world
            while True:
                child, new = self._select(node, arms, span, rng)
                path.append(child)
                assert child.action is not None  # only the root has none
                world.step(child.action)
                if new or len(path) >= self.depth:
                    break
                play_others(world, seat, hands_done, rng)
                if world.to_move != seat or world.over or world.hand_over \
                        or len(world.hand_scores) != hands_done:
                    break
                node = child
                arms = world.legal_actions()
            value = self._rollout(world, seat, hands_done, weight, rng)
            for visited in path:
                visited.visits += 1
                visited.total += value
            low, high = min(low, value), max(high, value)
            deepest = max(deepest, len(path))
            iterations += 1
            if self.iterations is not None and iterations >= self.iterations:
                break
            if deadline is not None and time.perf_counter() >= deadline:
                break
        ranked = self._ranked(root, candidates)
        self.last_root = root
        self.last_stats = {"iterations": iterations, "rollouts": iterations,
                           "candidates": len(candidates), "legal": len(legal),
                           "deepest": deepest, "seconds": time.perf_counter() - start}
        return ranked

    def _select(self, node: Node, arms: Sequence[Action], span: float,
                rng: random.Random) -> tuple[Node, bool]:
        """The child of ``node`` to descend to among ``arms`` (the actions legal in this
        world), and whether it was just made: an untried arm first (drawn at random),
        else the best by subset-armed UCB1.  Every available child's availability counts."""
        children = node.children
        untried = [a for a in arms if a not in children]
        if untried:
            action = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
            chosen = Node(action)
            children[action] = chosen
            for a in arms:
                if a in children:
                    children[a].available += 1
            return chosen, True
        scale = self.c * span
        best: Node | None = None
        best_score = -math.inf
        for a in arms:
            child = children[a]
            child.available += 1
            score = child.total / child.visits + scale * math.sqrt(
                math.log(child.available) / child.visits)
            if score > best_score:
                best, best_score = child, score
        assert best is not None
        return best, False

    def _ranked(self, root: Node, candidates: list[Action]) -> list[tuple[Action, float]]:
        """The root's children, best first by the final rule, with their mean values."""
        tried = [(i, a, root.children[a]) for i, a in enumerate(candidates)
                 if a in root.children and root.children[a].visits]
        if self.final == "visits":
            tried.sort(key=lambda t: (-t[2].visits, -t[2].mean(), t[0]))
        else:
            tried.sort(key=lambda t: (-t[2].mean(), -t[2].visits, t[0]))
        return [(a, child.mean()) for _, a, child in tried]


class OwnFlat(OwnTree):
    """Depth 1: a flat UCB1 bandit over the root's candidates."""

    DEPTH = 1


class OwnTree3(OwnTree):
    """Three own decisions in the tree."""

    DEPTH = 3


class OwnTree10(OwnTree):
    """Ten own decisions in the tree (a whole hand of ten cards and its bid, nearly)."""

    DEPTH = 10

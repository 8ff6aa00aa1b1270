"""9-5-2's trump and discard: is ``strong``'s search off? (issue 21, item 2)

    python bench/dealer_choices.py [--games 20] [--seed 1] [--iterations 200]
        [--workers 2] [--json] [--out FILE]

``strong`` plays whole 9-5-2 games in every seat at a fixed budget (games
``seed``, ``seed + 1``, ...).  At each dealer's two decisions the hand is
played out once more from a copy of the real table (the true kitty and hands)
for each alternative, every later decision made by the same engines (their
choices depend only on the seed and the observation, so a copy replays alike
but for the alternative), and the dealer's score for the hand (tricks − 9) is
kept:

- naming trump: each of the five choices, labelled by the search's ranking
  (``search 1`` is what ``strong`` names) and by two fixed rules, the
  denomination with the most expected tricks by ``strong``'s own count
  (:func:`engines.strong.contract_estimates`, before the kitty) and no-trump;
- discarding: the search's three best discards (the rest of the hand as
  ``strong`` plays it) and the cheap heuristic's first
  (:func:`engines.strong.prune_candidates`, which picks the searched ones).

Each alternative is a rule a player could follow, so its mean difference from
the search's choice, over hands, says whether the search ranks it wrongly on
average: an alternative ahead with its interval above zero means the search is
off there.  The search's own value of its choice (converted to the dealer's
score: the value is the seat's score minus the others' mean, and the three
scores sum to zero) against the score it then took says whether it is
optimistic, as Bidding Whist's ruler was.  The best alternative in hindsight
is given as a bound only (a maximum of noisy outcomes is biased up).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.self_play import next_action  # noqa: E402
from engines.arena import make_engine, mean_ci  # noqa: E402
from engines.distribute import map_ordered  # noqa: E402
from engines.interface import Engine  # noqa: E402
from engines.strong import HOOKS, contract_estimates, prune_candidates  # noqa: E402
from whist.actions import Action, Decision, NameTrump  # noqa: E402
from whist.games.nine_five_two import NineFiveTwo  # noqa: E402

GAME = NineFiveTwo.name
#: One dealer decision: its kind, the search's value of its choice (dealer's score),
#: and each labelled alternative's score for the hand.
Row = dict[str, Any]


def finish_hand(state: NineFiveTwo, action: Action, engines: Sequence[Engine]) -> int:
    """The dealer's score for the hand when ``action`` is taken now in a copy of ``state``."""
    copy = state.fork()
    assert isinstance(copy, NineFiveTwo)
    copy.stop_after_hand = True
    dealer = copy.dealer
    copy.step(action)
    while not copy.hand_over:
        copy.step(next_action(copy, engines))
    return copy.hand_scores[-1][dealer]


def dealer_score(value: float, weight: float) -> float:
    """The search's value of a choice as the dealer's score (the others' mean is −score/2)."""
    return value / (1.0 + weight / 2.0)


def alternatives(state: NineFiveTwo, ranking: list[tuple[Action, float]]) -> dict[str, Action]:
    """The labelled alternatives of the dealer's decision (see the module's docstring)."""
    labels: dict[str, Action] = {}
    if state.decision is Decision.TRUMP:
        for place, (action, _) in enumerate(ranking, 1):
            labels[f"search {place}"] = action
        estimates = contract_estimates(state.hands[state.dealer], state.players)
        best = max(estimates, key=lambda trump: (estimates[trump], trump is None))
        labels["most expected tricks"] = NameTrump(best)
        labels["no-trump"] = NameTrump(None)
        return labels
    for place, (action, _) in enumerate(ranking[:3], 1):
        labels[f"search {place}"] = action
    obs = state.observe(state.dealer)
    labels["heuristic first"] = prune_candidates(obs, state.legal_actions(), 1)[0]
    return labels


def play_game(job: tuple[int, int]) -> list[Row]:
    """Every dealer decision of one whole game, with its alternatives (module-level: picklable)."""
    game_seed, iterations = job
    state = NineFiveTwo.search_type()({}, seed=game_seed)
    state.stop_after_hand = True
    engines = [make_engine("strong", GAME, game_seed * 16 + s, None, iterations)
               for s in range(state.players)]
    weight = HOOKS[GAME].others_weight
    rows: list[Row] = []
    while not state.over:
        if state.decision in (Decision.TRUMP, Decision.DISCARD):
            seat = state.dealer
            legal = state.legal_actions()
            ranking = engines[seat].evaluate(state.observe(seat), legal) or []
            labels = alternatives(state, ranking)
            scores: dict[str, int] = {}
            done: dict[Action, int] = {}
            for label, action in labels.items():
                if action not in done:
                    done[action] = finish_hand(state, action, engines)
                scores[label] = done[action]
            rows.append({"game": game_seed, "hand": len(state.hand_scores),
                         "decision": state.decision.value,
                         "expected": dealer_score(ranking[0][1], weight),
                         "choice": str(ranking[0][0]), "scores": scores})
            action = ranking[0][0]
        else:
            action = next_action(state, engines)
        state.step(action)
        if state.hand_over and not state.over:
            state.deal_next()
    return rows


def summary(rows: Sequence[Row]) -> dict[str, Any]:
    """Per decision kind: each alternative's mean score and its difference from the choice."""
    out: dict[str, Any] = {}
    for kind in sorted({row["decision"] for row in rows}):
        mine = [row for row in rows if row["decision"] == kind]
        chosen = [row["scores"]["search 1"] for row in mine]
        labels = list(dict.fromkeys(label for row in mine for label in row["scores"]))
        table: dict[str, Any] = {}
        for label in labels:
            pairs = [(row["scores"][label], row["scores"]["search 1"]) for row in mine
                     if label in row["scores"]]
            diff = mean_ci([a - b for a, b in pairs])
            table[label] = {"count": len(pairs), "mean": mean_ci([a for a, _ in pairs])[0],
                            "difference": diff,
                            "same": sum(a == b for a, b in pairs) / len(pairs)}
        hindsight = [max(row["scores"].values()) - row["scores"]["search 1"] for row in mine]
        out[kind] = {"decisions": len(mine), "alternatives": table,
                     "expected": mean_ci([row["expected"] for row in mine]),
                     "taken": mean_ci(chosen),
                     "taken_minus_expected": mean_ci(
                         [row["scores"]["search 1"] - row["expected"] for row in mine]),
                     "hindsight_bound": mean_ci(hindsight)}
    return out


def _ci(values: Sequence[float]) -> str:
    mean, low, high = values
    return f"{mean:+.2f} [{low:+.2f}, {high:+.2f}]"


def print_summary(found: dict[str, Any]) -> None:
    """The summary as Markdown tables."""
    for kind, part in found.items():
        print(f"\n{kind}: {part['decisions']} decisions; the search expected "
              f"{part['expected'][0]:+.2f}, took {part['taken'][0]:+.2f} "
              f"(taken − expected {_ci(part['taken_minus_expected'])}); best in hindsight "
              f"{_ci(part['hindsight_bound'])} over the choice\n")
        print("| alternative | count | same as choice | dealer's score | minus the choice |")
        print("|---|---:|---:|---:|---|")
        for label, cell in part["alternatives"].items():
            print(f"| {label} | {cell['count']} | {cell['same']:.0%} | {cell['mean']:+.2f} | "
                  f"{_ci(cell['difference'])} |")


def main(argv: list[str] | None = None) -> int:
    """Play the games, print the tables (and the rows with ``--json``/``--out``)."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n", 1)[0])
    parser.add_argument("--games", type=int, default=20, help="whole games to play")
    parser.add_argument("--seed", type=int, default=1, help="seed of the first game")
    parser.add_argument("--iterations", type=int, default=200,
                        help="rollouts per decision of every seat")
    parser.add_argument("--workers", type=int, default=1, help="processes")
    parser.add_argument("--json", action="store_true", help="print the summary as JSON")
    parser.add_argument("--out", type=Path, help="also write the rows and summary here")
    args = parser.parse_args(argv)
    if args.games < 1 or args.iterations < 1:
        parser.error("--games and --iterations must be at least 1")
    start = time.perf_counter()

    def report(done: int) -> None:
        print(f"game {done}/{args.games}: {time.perf_counter() - start:.0f} s",
              file=sys.stderr, flush=True)

    jobs = [(args.seed + g, args.iterations) for g in range(args.games)]
    rows = [row for game in map_ordered(play_game, jobs, args.workers, None, report)
            for row in game]
    found = summary(rows)
    result = {"games": args.games, "seed": args.seed, "iterations": args.iterations,
              "seconds": round(time.perf_counter() - start, 1), "summary": found, "rows": rows}
    if args.out:
        args.out.write_text(json.dumps(result, indent=1) + "\n")
    if args.json:
        print(json.dumps(found, indent=1))
    else:
        print_summary(found)
    return 0


if __name__ == "__main__":
    sys.exit(main())

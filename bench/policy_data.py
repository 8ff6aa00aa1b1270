"""Card decisions of ``strong`` at a high fixed budget, for a fitted rollout policy (issue 21).

    nice -n 19 python bench/policy_data.py --source dw --seed 1 --count 40 \\
        --card-iterations 2000 --bid-iterations 300 --out /tmp/policy-dw.jsonl
    nice -n 19 python bench/policy_data.py --source oh_hell --seed 1 --count 400 \\
        --card-iterations 2000 --bid-iterations 300 --out /tmp/policy-oh-hell.jsonl

``strong`` plays every seat (self-play): ``--card-iterations`` rollouts per card
decision, ``--bid-iterations`` per bid, fixed counts, so a run gives the same
lines on any machine.  ``--source ismcts`` logs OpenSpiel's ISMCTS instead,
playing every seat of the oh_hell hands at ``--ismcts-simulations`` a decision
(its choice is the one card played, so ``values`` gives it 1 and every other
card 0; OpenSpiel's bot is not bit-replayable, so a run is not either).
``--count`` is whole Diminishing Whist games (``dw``:
game ``g`` dealt from seed ``seed + g``) or oh_hell hands (``oh_hell``: hand
``h`` dealt as bench/ismcts_match.py deals deal ``h`` of seed ``seed``, OpenSpiel
checking every move; ``strong`` searches :class:`bench.ismcts_match.OhHellRound`
worlds with others weight 0, as in the match).

One JSON line per card decision that has more than one distinct play (equivalent
cards are one play, see :func:`engines.strong.play_groups`), holding only what the
seat could know, all cards as numbers 0-51 (:mod:`whist.cards`): ``source``,
``seed``, ``game`` (the game's or hand's index), ``players``, ``seat``, ``trump``
(suit index or null), ``hand``, ``legal``, ``group`` (per legal card the index in
``legal`` of its group's representative), ``trick`` ([seat, card] pairs),
``tricks`` (the hand's completed tricks, each [seat, card] pairs in play order),
``bids``, ``won`` (tricks won so far), ``choice`` (the card strong played) and
``values`` (strong's mean rollout value per searched card, best first).
``bench/fit_policy.py`` reads these lines; bench/policy_features.py turns them
into features.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.self_play import next_action  # noqa: E402
from engines.interface import Engine  # noqa: E402
from engines.strong import StrongEngine, play_groups  # noqa: E402
from whist.actions import Action, Play  # noqa: E402
from whist.cards import Card, parse_trump  # noqa: E402
from whist.games.diminishing import DiminishingWhist  # noqa: E402
from whist.observations import Observation  # noqa: E402


def card_number(text: str) -> int:
    """A card's notation as its number 0-51."""
    return int(Card.parse(text))


def decision_row(obs: Observation, legal: Sequence[Action],
                 ranked: Sequence[tuple[Action, float]]) -> dict[str, Any]:
    """The JSON row of one card decision: what the seat knows, and strong's choice."""
    plays = [a for a in legal if isinstance(a, Play)]
    if len(plays) != len(legal):
        raise ValueError("a card decision's legal actions must all be plays")
    groups = play_groups(obs, list(legal))
    cards = [int(a.card) for a in plays]
    trump_text = obs["trump_name"]
    trump = None if trump_text in (None, "NT") else parse_trump(str(trump_text))
    chosen = ranked[0][0]
    assert isinstance(chosen, Play)
    return {
        "players": obs["players"],
        "seat": obs["seat"],
        "trump": None if trump is None else int(trump),
        "hand": [card_number(c) for c in obs["hand"]],
        "legal": cards,
        "group": [cards.index(int(groups[a].card)) for a in plays],  # type: ignore[attr-defined]
        "trick": [[s, card_number(c)] for s, c in obs["trick"]],
        "tricks": [[[s, card_number(c)] for s, c in t["plays"]] for t in obs["tricks"]],
        "bids": list(obs["bids"]),  # type: ignore[typeddict-item]
        "won": list(obs["tricks_won"]),
        "choice": int(chosen.card),
        "values": [[int(a.card), round(v, 4)] for a, v in ranked  # type: ignore[attr-defined]
                   if isinstance(a, Play)],
    }


class LoggingStrong(Engine):
    """``strong`` with separate bid and card budgets, logging its card decisions.

    Every card decision with more than one distinct play is appended to :attr:`log`
    as :func:`decision_row`.
    """

    level = "strong"

    def __init__(self, seed: int, card_iterations: int, bid_iterations: int,
                 **settings: Any) -> None:
        """Two ``strong`` searches (cards, bids) seeded ``seed``."""
        super().__init__(seed=seed)
        self.cards = StrongEngine(seed=seed, iterations=card_iterations, **settings)
        self.bids = StrongEngine(seed=seed, iterations=bid_iterations, **settings)
        self.log: list[dict[str, Any]] = []

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The search's action (cards searched by :meth:`StrongEngine.evaluate`, logged)."""
        if not isinstance(legal[0], Play):
            return self.bids.choose(observation, legal)
        if len(set(play_groups(observation, list(legal)).values())) < 2:
            return self.cards.choose(observation, legal)
        ranked = self.cards.evaluate(observation, legal)
        assert ranked
        self.log.append(decision_row(observation, legal, ranked))
        return ranked[0][0]


def dw_game(seed: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every logged card decision of one 4-player Diminishing Whist self-play game."""
    state = DiminishingWhist.search_type()({"players": 4}, seed=seed)
    engines = [LoggingStrong(seed * 16 + s, args.card_iterations, args.bid_iterations)
               for s in range(4)]
    while not state.over:
        action = next_action(state, engines)
        state.step(action)
    rows = [row for engine in engines for row in engine.log]
    return [{"source": "dw", "seed": args.seed, "game": seed - args.seed, **row} for row in rows]


def oh_hell_hand(index: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every logged card decision of one oh_hell hand, strong in every seat."""
    from bench import ismcts_match as im

    game = im.load_game()
    card_of = im.card_of_action(game)
    chance = im.deal_chance(game, args.seed * 1_000_003 + index)
    agents: list[Callable[[Any], int]] = []
    engines: list[LoggingStrong] = []
    for player in range(4):
        engine = LoggingStrong((args.seed * 1_000_003 + index) * 16 + player,
                               args.card_iterations, args.bid_iterations,
                               world_class=im.OhHellRound, others_weight=0.0)
        engines.append(engine)
        agents.append(im.StrongAdapter(engine, card_of).step)
    im.play_hand(game, chance, agents, ["strong"] * 4)
    rows = [row for engine in engines for row in engine.log]
    return [{"source": "oh_hell", "seed": args.seed, "game": index, **row} for row in rows]


def ismcts_hand(index: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every card decision with a choice of ISMCTS in all four seats of one oh_hell hand."""
    from bench import ismcts_match as im

    game = im.load_game()
    card_of = im.card_of_action(game)
    chance = im.deal_chance(game, args.seed * 1_000_003 + index)
    rows: list[dict[str, Any]] = []

    def logging(bot: Any) -> Callable[[Any], int]:
        def step(state: Any) -> int:
            action = int(bot.step(state))
            if action < im.BID_OFFSET:
                player = state.current_player()
                obs = im.observation(state, player, card_of)
                legal = im.our_legal(im.replay(state.history(), card_of), player)
                if len(set(play_groups(obs, legal).values())) >= 2:
                    chosen = im.from_openspiel(action, card_of)
                    ranked = [(chosen, 1.0), *((a, 0.0) for a in legal if a != chosen)]
                    rows.append(decision_row(obs, legal, ranked))
            return action
        return step

    agents = [logging(im.ISMCTSAgent(((args.seed * 1_000_003 + index) * 16 + p) % 2**31, 0.0, 10.0,
                                     args.ismcts_simulations))
              for p in range(4)]
    im.play_hand(game, chance, agents, ["ismcts"] * 4)
    return [{"source": "ismcts", "seed": args.seed, "game": index, **row} for row in rows]


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games or hands and append one JSON line per card decision to ``--out``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--source", choices=("dw", "oh_hell", "ismcts"), default="dw")
    parser.add_argument("--count", type=int, default=10, help="games (dw) or hands (oh_hell)")
    parser.add_argument("--first", type=int, default=0, help="index of the first game or hand")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--card-iterations", type=int, default=2000)
    parser.add_argument("--bid-iterations", type=int, default=300)
    parser.add_argument("--ismcts-simulations", type=int, default=4000)
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    for name in ("count", "card_iterations", "bid_iterations", "ismcts_simulations"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    if args.first < 0:
        parser.error("--first must be at least 0")
    start = time.perf_counter()
    total = 0
    for i in range(args.first, args.first + args.count):
        rows = (dw_game(args.seed + i, args) if args.source == "dw"
                else oh_hell_hand(i, args) if args.source == "oh_hell" else ismcts_hand(i, args))
        with args.out.open("a") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")
        total += len(rows)
        print(f"{args.source} {i}: {len(rows)} decisions, {total} in all, "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

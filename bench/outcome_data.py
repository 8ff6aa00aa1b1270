"""Self-play bids and the tricks they really took, for the outcome bid model (issue 21).

    nice -n 10 python bench/outcome_data.py --source dw --seed 1 --count 40 \\
        --card-iterations 60 --bid-iterations 300 --explore 0.25 \\
        --out bench/results/outcome-dw.jsonl
    (--source oh_hell: OpenSpiel's oh_hell hands, 4 players, 10 tricks, strong in
    every seat; --source ismcts: the same hands, strong in seats 0 and 2 against
    ISMCTS at --ismcts-simulations in 1 and 3, only strong's bids logged)

``strong`` (plain, fixed ``--card-iterations`` rollouts per card decision and
``--bid-iterations`` per bid, so a run is the same on any machine), or the
engine ``--engine`` names (a bench variant such as
``bench.outcome_bids:FittedModelBids``, at the same fixed counts), plays every
card.  With chance ``--explore`` a bid is replaced by a random legal bid one or
two away from the search's choice (exploration: the data covers bids strong
would not make).  ``--count`` is whole Diminishing Whist games (``dw``: game
``g`` dealt from seed ``seed + g``, 4 players, or 5 with ``--players 5``) or
oh_hell hands (``oh_hell``/``ismcts``: hand ``h`` dealt as bench/ismcts_match.py
deals deal ``h`` of seed ``seed``, rotated so the seats see different hands).
In oh_hell ``strong`` searches worlds scored the oh_hell way with others weight
0, as in the match.

One JSON line per bid (appended as each game or hand ends, so a long run can be
read while it goes on): ``source``, ``scoring`` (``dw`` or ``oh_hell``),
``seed``, ``players``, ``cards`` (hand size), ``position`` (0 = first to bid),
``earlier`` (the bids made before, in bidding order), ``hand`` (canonical, see
:func:`canonical_hand`), ``has_trump``, ``raw`` (the cards as dealt) and
``trump``, ``choice`` (the search's bid), ``bid`` (the bid made), ``explored``,
``engine`` (``--engine``) and ``tricks`` (taken in the hand).
``bench/fit_outcome_model.py`` fits the model from these lines.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bench.outcome_model import bid_facts  # noqa: E402
from engines.interface import Engine, EngineError  # noqa: E402
from engines.levels import load_engine  # noqa: E402
from whist.actions import Action, Bid  # noqa: E402
from whist.games.diminishing import DiminishingWhist  # noqa: E402
from whist.observations import Observation  # noqa: E402


def explore_bid(choice: int, legal: Sequence[Action], rng: random.Random) -> int:
    """A random legal bid one or two tricks from ``choice`` (``choice`` if there is none)."""
    near = [a.tricks for a in legal if isinstance(a, Bid) and 1 <= abs(a.tricks - choice) <= 2]
    return rng.choice(near) if near else choice


class ExploringStrong(Engine):
    """``strong`` (or the bench variant ``engine``) with separate bid and card budgets,
    exploring bids and logging them.

    Every bid decision is appended to :attr:`log` as :func:`bid_facts` plus the
    search's ``choice``, the ``bid`` made and ``explored``.
    """

    level = "strong"

    def __init__(self, seed: int, card_iterations: int, bid_iterations: int, explore: float,
                 engine: str = "strong", **settings: Any) -> None:
        """Two searches (cards, bids) by ``engine`` seeded ``seed``; ``explore``: chance to
        explore."""
        super().__init__(seed=seed)
        self.cards = load_engine(engine, DiminishingWhist.name, seed=seed,
                                 iterations=card_iterations, **settings)
        self.bids = load_engine(engine, DiminishingWhist.name, seed=seed,
                                iterations=bid_iterations, **settings)
        self.explore = explore
        self.rng = random.Random(seed * 7_919 + 1)
        self.log: list[dict[str, Any]] = []

    def choose(self, observation: Observation, legal: Sequence[Action]) -> Action:
        """The search's card; at a bid, its bid or (sometimes) a bid near it, logged."""
        if not isinstance(legal[0], Bid):
            return self.cards.choose(observation, legal)
        choice = self.bids.choose(observation, legal)
        assert isinstance(choice, Bid)
        bid = choice.tricks
        explored = self.rng.random() < self.explore
        if explored:
            bid = explore_bid(choice.tricks, legal, self.rng)
        self.log.append({**bid_facts(observation), "choice": choice.tricks, "bid": bid,
                         "explored": explored and bid != choice.tricks})
        return next(a for a in legal if isinstance(a, Bid) and a.tricks == bid)


def dw_game(seed: int, players: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """Every bid of one Diminishing Whist self-play game, with the tricks it took."""
    state = DiminishingWhist.search_type()({"players": players}, seed=seed)
    engines = [ExploringStrong(seed * 16 + s, args.card_iterations, args.bid_iterations,
                               args.explore, engine=getattr(args, "engine", "strong"))
               for s in range(players)]
    rows: list[dict[str, Any]] = []
    hands_scored = 0
    while not state.over:
        seat = state.to_move
        assert seat is not None
        legal = state.legal_actions()
        action = legal[0] if len(legal) == 1 else engines[seat].choose(state.observe(seat),
                                                                       legal)
        if len(legal) == 1 and isinstance(action, Bid):
            # A forced bid (one card, the other bid forbidden) is still an outcome.
            engines[seat].log.append({**bid_facts(state.observe(seat)), "choice": action.tricks,
                                      "bid": action.tricks, "explored": False})
        won = state.tricks_won
        state.step(action)
        if len(state.hand_scores) > hands_scored:
            hands_scored += 1
            for s, engine in enumerate(engines):
                for row in engine.log:
                    rows.append({"source": f"dw{players}", "scoring": "dw", "seed": seed,
                                 "engine": getattr(args, "engine", "strong"),
                                 **row, "tricks": won[s]})
                engine.log = []
    return rows


def oh_hell_hand(index: int, args: argparse.Namespace) -> list[dict[str, Any]]:
    """The bids of one oh_hell hand (strong everywhere, or against ISMCTS), with their tricks."""
    from bench import ismcts_match as im

    game = im.load_game()
    card_of = im.card_of_action(game)
    chance = im.deal_chance(game, args.seed * 1_000_003 + index)
    kinds = ["strong"] * 4 if args.source == "oh_hell" else ["strong", "ismcts"] * 2
    if args.source == "ismcts" and index % 2:
        kinds = ["ismcts", "strong"] * 2
    agents: list[Callable[[Any], int]] = []
    engines: dict[int, ExploringStrong] = {}
    for player, kind in enumerate(kinds):
        agent_seed = (args.seed * 1_000_003 + index) * 16 + player
        if kind == "strong":
            engine = ExploringStrong(agent_seed, args.card_iterations, args.bid_iterations,
                                     args.explore, engine=args.engine,
                                     world_class=im.OhHellRound, others_weight=0.0)
            engines[player] = engine
            agents.append(im.StrongAdapter(engine, card_of).step)
        else:
            agents.append(im.ISMCTSAgent(agent_seed % 2**31, 0.0, 10.0,
                                         args.ismcts_simulations).step)
    result = im.play_hand(game, chance, agents, kinds)
    rows = []
    for player, engine in engines.items():
        for row in engine.log:
            if row["bid"] != result.bids[player]:
                raise RuntimeError("the logged bid is not the bid played")
            rows.append({"source": args.source, "scoring": "oh_hell", "seed": args.seed,
                         "hand_index": index, "engine": args.engine, **row,
                         "tricks": result.tricks[player]})
    return rows


def main(argv: Sequence[str] | None = None) -> int:
    """Play the games or hands and append one JSON line per bid to ``--out``."""
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--source", choices=("dw", "oh_hell", "ismcts"), default="dw")
    parser.add_argument("--count", type=int, default=10, help="games (dw) or hands (oh_hell)")
    parser.add_argument("--first", type=int, default=0, help="index of the first game or hand")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--players", type=int, default=4, choices=(4, 5))
    parser.add_argument("--card-iterations", type=int, default=60)
    parser.add_argument("--bid-iterations", type=int, default=300)
    parser.add_argument("--explore", type=float, default=0.25)
    parser.add_argument("--ismcts-simulations", type=int, default=1000)
    parser.add_argument("--engine", default="strong",
                        help="the engine that bids and plays (a level or module:Class)")
    parser.add_argument("--out", type=Path, required=True)
    args = parser.parse_args(argv)
    if not 0.0 <= args.explore <= 1.0:
        parser.error(f"--explore must be from 0 to 1, not {args.explore}")
    for name in ("count", "card_iterations", "bid_iterations", "ismcts_simulations"):
        if getattr(args, name) < 1:
            parser.error(f"--{name.replace('_', '-')} must be at least 1")
    try:
        load_engine(args.engine, DiminishingWhist.name, iterations=1)
    except EngineError as error:
        parser.error(str(error))
    start = time.perf_counter()
    total = 0
    for i in range(args.first, args.first + args.count):
        rows = (dw_game(args.seed + i, args.players, args) if args.source == "dw"
                else oh_hell_hand(i, args))
        with args.out.open("a") as out:
            for row in rows:
                out.write(json.dumps(row) + "\n")
        total += len(rows)
        print(f"{args.source} {i}: {len(rows)} bids, {total} in all, "
              f"{time.perf_counter() - start:.0f} s", file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

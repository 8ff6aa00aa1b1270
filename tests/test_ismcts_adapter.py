"""The adapter between OpenSpiel's ``oh_hell`` and our engines (bench/ismcts_match.py).

- ``DiminishingWhist.sample_world`` honours the observation's trump and its
  optional ``"seen"`` cards (no pyspiel needed).
- The adapter's observation of a mid-hand ``oh_hell`` state equals what our own
  Diminishing Whist shows for the same deal and moves (♥ turned up, so both
  games have the same trump; seats renumbered from the first bidder).
- Actions map to OpenSpiel's ids and back, and a short duplicate deal with tiny
  budgets completes with legal moves only.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from whist.actions import BIDS, PLAYS
from whist.cards import CARDS, SUIT_OF, Card, Suit
from whist.games.diminishing import DiminishingWhist


def test_sample_world_reads_trump_and_seen_cards() -> None:
    state = DiminishingWhist({"players": 4}, seed=3)
    obs = state.observe(0)
    hidden = [c for seat in (1, 2, 3) for c in state.hands[seat]]
    spare = [c for c in CARDS if c not in hidden and c not in state.hands[0]]
    up = spare[0]
    obs["trump"] = Suit(SUIT_OF[up]).symbol
    obs["seen"] = [str(up)]
    for k in range(40):
        world = DiminishingWhist.sample_world(obs, random.Random(k))
        assert world.trump == SUIT_OF[up]
        assert all(up not in hand for hand in world.hands)
        assert world.hands[0] == state.hands[0]
        assert world.observe(0)["trump"] == obs["trump"]
    # Without "seen" the spare card is dealt now and then (what the key prevents).
    del obs["seen"]
    assert any(up in h for k in range(40)
               for h in DiminishingWhist.sample_world(obs, random.Random(k)).hands)


@pytest.fixture(scope="module")
def match() -> Any:
    """The bench module (it needs pyspiel)."""
    pytest.importorskip("pyspiel")
    from bench import ismcts_match
    return ismcts_match


def mirrored(match: Any, dealer: int, rng: random.Random) -> tuple[Any, DiminishingWhist, Card]:
    """An ``oh_hell`` hand and our round 1 on the same cards, ♥ turned up, nobody moved yet."""
    game = match.load_game()
    card_of = match.card_of_action(game)
    action_of = {c: a for a, c in card_of.items()}
    up = rng.choice([c for c in CARDS if SUIT_OF[c] == Suit.HEARTS])
    deck = [c for c in CARDS if c != up]
    rng.shuffle(deck)
    first = (dealer + 1) % 4
    # OpenSpiel player p is our seat (p - first) mod 4.
    hands = {p: deck[10 * ((p - first) % 4):10 * ((p - first) % 4 + 1)] for p in range(4)}
    theirs = game.new_initial_state()
    theirs.apply_action(10)
    theirs.apply_action(dealer)
    for k in range(10):
        for p in range(4):
            theirs.apply_action(action_of[hands[p][k]])
    theirs.apply_action(action_of[up])
    deal = [[str(c) for c in hands[(s + first) % 4]] for s in range(4)]
    ours = DiminishingWhist({"players": 4}, chance=[{"deal": deal}])
    return theirs, ours, up


@pytest.mark.parametrize("dealer", [3, 1])
def test_observation_matches_our_game(match: Any, dealer: int) -> None:
    rng = random.Random(dealer)
    theirs, ours, up = mirrored(match, dealer, rng)
    card_of = match.card_of_action(match.load_game())
    first = (dealer + 1) % 4
    for move in range(4 + 23):  # the bids, five tricks and three cards of the sixth
        for player in range(4):
            obs = match.observation(theirs, player, card_of)
            assert obs.pop("seen") == [str(up)]
            assert obs == ours.observe((player - first) % 4), (move, player)
        legal = ours.legal_actions()
        assert sorted(match.to_openspiel(a, card_of) for a in legal) == \
            sorted(theirs.legal_actions())
        action = rng.choice(legal)
        theirs.apply_action(match.to_openspiel(action, card_of))
        ours.apply(action)
    assert ours.trick and ours.tricks


def test_actions_round_trip(match: Any) -> None:
    card_of = match.card_of_action(match.load_game())
    for action in [BIDS[b] for b in range(11)] + [PLAYS[c] for c in CARDS]:
        assert match.from_openspiel(match.to_openspiel(action, card_of), card_of) == action
    assert match.to_openspiel(BIDS[3], card_of) == 55
    assert card_of[match.to_openspiel(PLAYS[Card.parse("Q♥")], card_of)] == Card.parse("Q♥")


def test_short_duplicate_deal(match: Any) -> None:
    game = match.load_game()
    result = match.play_deal(game, deal=0, seed=5, seconds=0.002, uct_c=10.0, iterations=8)
    assert len(result["hands"]) == 2
    for hand in result["hands"]:
        assert sorted(hand["kinds"]) == ["ismcts", "ismcts", "strong", "strong"]
        assert sum(hand["tricks"]) == 10
        # The last bidder may not make the bids total the tricks (both games' rule).
        assert sum(hand["bids"]) != 10
        # The hand's history reads back to its bids and tricks, and starts with its deal.
        view = match.replay(hand["history"], match.card_of_action(game))
        assert hand["history"][:len(result["chance"])] == result["chance"]
        assert (view.bids, view.tricks_won) == (hand["bids"], hand["tricks"])
        assert not any(view.hands)
    assert result["hands"][0]["kinds"] != result["hands"][1]["kinds"]
    assert result["times"]["strong"] and result["times"]["ismcts"]


def test_a_split_seat_bids_with_one_agent_and_plays_with_the_other(match: Any) -> None:
    game = match.load_game()
    state = game.new_initial_state()
    for action in match.deal_chance(game, 7):
        state.apply_action(action)
    asked: list[str] = []

    def bidder(s: Any) -> int:
        asked.append("bid")
        return int(min(s.legal_actions()))

    def player(s: Any) -> int:
        asked.append("card")
        return int(min(s.legal_actions()))
    seat = match.SplitAgent(bidder, player)
    while not state.is_terminal():
        state.apply_action(seat.step(state))
    # Four bids, then forty cards, each asked of the agent for its kind only.
    assert asked == ["bid"] * 4 + ["card"] * 40


def test_a_fixed_simulation_count_reaches_every_ismcts_seat(
        match: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """With ``ismcts_simulations`` every ISMCTS bot searches that many simulations and no
    clock (the machine's load cannot change its budget); a stochastic-rollout variant
    sits in strong's seats at fixed iterations."""
    made: list[tuple[float, int]] = []
    real = match.ismcts_bot

    def counting(seed: int, seconds: float, uct_c: float, simulations: int = 10**9) -> Any:
        made.append((seconds, simulations))
        return real(seed, seconds, uct_c, simulations)
    monkeypatch.setattr(match, "ismcts_bot", counting)
    game = match.load_game()
    result = match.play_deal(game, deal=1, seed=3, seconds=0.5, uct_c=10.0, iterations=12,
                             engine_spec="bench.strong_variants:Soft1", ismcts_simulations=60)
    assert made and set(made) == {(0.0, 60)}
    assert all(sum(hand["tricks"]) == 10 for hand in result["hands"])


def test_a_bad_fixed_budget_is_one_line(match: Any, capsys: pytest.CaptureFixture[str]) -> None:
    assert match.main(["--ismcts-simulations", "0"]) == 2
    assert capsys.readouterr().err == "ismcts_match: --ismcts-simulations must be at least 1, not 0\n"


def test_a_stopped_match_writes_the_deals_it_finished(
        match: Any, monkeypatch: pytest.MonkeyPatch, tmp_path: Any,
        capsys: pytest.CaptureFixture[str]) -> None:
    played = []

    def deal_then_stop(game: Any, deal: int, *args: Any) -> dict[str, Any]:
        if deal == 3:
            raise KeyboardInterrupt  # as Ctrl-C or SIGTERM (match._interrupt) would
        played.append(deal)
        hand = {"bids": [1, 2, 3, 1], "kinds": ["strong", "ismcts"] * 2, "returns": [1.0] * 4,
                "tricks": [1, 2, 3, 4]}
        return {"deal": deal, "difference": float(deal), "hands": [hand, hand], "strong_mean": 1.0,
                "ismcts_mean": 1.0, "strong_exact": 1, "ismcts_exact": 2, "ismcts_fallbacks": 0,
                "times": {"strong": [0.1], "ismcts": [0.1]}}

    monkeypatch.setattr(match, "play_deal", deal_then_stop)
    out = tmp_path / "partial.json"
    assert match.main(["--deals", "10", "--iterations", "5", "--ismcts-simulations", "5",
                       "--out", str(out)]) == 0
    summary = json.loads(out.read_text())
    assert played == [0, 1, 2]
    assert (summary["deals"], summary["deals_asked"]) == (3, 10)
    assert [r["deal"] for r in summary["results"]] == [0, 1, 2]
    assert summary["mean_difference"] == 1.0
    # The server's file, whose bytes shape ISMCTS's draws, is named by its digest.
    from bench.ismcts_server import child_digest
    assert summary["ismcts_child"] == child_digest() and len(child_digest()) == 12
    assert summary["ismcts_repeatable"] is True
    assert "stopped after 3 of 10 deals" in capsys.readouterr().err
    with pytest.raises(KeyboardInterrupt):
        match._interrupt(15, None)


def test_the_server_answers_the_same_state_alike_whatever_came_before(match: Any) -> None:
    """OpenSpiel's bot in one process is not repeatable (``--ismcts-in-process``); the
    server's forked children are: two servers, asked in other orders, agree."""
    from bench.ismcts_server import IsmctsServer
    game = match.load_game()
    states = []
    for seed in (4, 5):
        state = game.new_initial_state()
        for action in match.deal_chance(game, seed):
            state.apply_action(action)
        states.append(state)
        later = state.clone()
        for _ in range(4):  # the bids, then the first card is a card decision
            later.apply_action(min(later.legal_actions()))
        states.append(later)
    with IsmctsServer(match.GAME_PARAMS) as first, IsmctsServer(match.GAME_PARAMS) as second:
        answers = [first.step(s.history(), 7, 200, 10.0) for s in states]
        again = [second.step(s.history(), 7, 200, 10.0) for s in reversed(states)][::-1]
        assert answers == again
        assert all(a in s.legal_actions() for a, s in zip(answers, states, strict=True))
        assert first.requests == second.requests == 4
        with pytest.raises(RuntimeError, match="^ISMCTS server: "):
            first.step([999], 7, 200, 10.0)
        assert first.step(states[0].history(), 7, 200, 10.0) == answers[0]


def test_a_match_at_fixed_counts_is_repeatable(match: Any) -> None:
    from bench.ismcts_server import IsmctsServer
    game = match.load_game()
    runs = []
    for _ in range(2):
        with IsmctsServer(match.GAME_PARAMS) as server:
            runs.append(match.play_deal(game, deal=2, seed=3, seconds=0.5, uct_c=10.0,
                                        iterations=10, ismcts_simulations=80, server=server))
    assert [h["bids"] for h in runs[0]["hands"]] == [h["bids"] for h in runs[1]["hands"]]
    assert [h["returns"] for h in runs[0]["hands"]] == [h["returns"] for h in runs[1]["hands"]]


def test_the_card_errors_read_every_card_of_a_kept_hand(match: Any, tmp_path: Any) -> None:
    """bench/card_errors.py: every trick is counted once under the stage its winner was
    in, the outcomes add up to the hands, and a sure duck is counted only where the seat
    held a card already beaten; a run without histories is refused in one line."""
    from bench import card_errors
    c = Card.parse
    hearts = SUIT_OF[c("2♥")]
    assert card_errors.beats(c("2♥"), c("A♠"), c("K♠"), hearts)  # a trump over a side suit
    assert not card_errors.beats(c("K♠"), c("A♠"), c("Q♠"), hearts)
    assert not card_errors.beats(c("A♣"), c("3♠"), c("3♠"), hearts)  # not the led suit
    assert card_errors.beats(c("4♠"), c("3♠"), c("3♠"), hearts)
    game = match.load_game()
    card_of = match.card_of_action(game)
    results = [match.play_deal(game, deal=d, seed=8, seconds=0.002, uct_c=10.0, iterations=8)
               for d in range(2)]
    for result in results:
        for hand in result["hands"]:
            tallies = [card_errors.Tally() for _ in range(4)]
            card_errors.tally_hand(hand["history"], card_of, tallies, 4)
            assert sum(sum(t.won.values()) for t in tallies) == 10
            for p, t in enumerate(tallies):
                assert (t.hands, t.exact + t.over + t.under) == (1, 1)
                assert t.exact == (hand["bids"][p] == hand["tricks"][p])
                assert sum(t.won.values()) == hand["tricks"][p]
                assert t.won["made"] <= 1 and (t.won["over"] > 0) <= t.over
                assert t.ducks_missed <= t.sure_ducks and t.wins_missed <= t.sure_wins
                bid, took = hand["bids"][p], hand["tricks"][p]
                assert t.reached == (1 <= bid <= took)
                assert bid <= t.reached_at <= 10 if t.reached else t.reached_at == 0
    path = tmp_path / "run.json"
    path.write_text(json.dumps({"results": results}))
    figures = card_errors.analyse([path])
    assert figures["all"]["strong"]["hands"] == figures["all"]["ismcts"]["hands"] == 8
    for result in results:
        for hand in result["hands"]:
            del hand["history"]
    path.write_text(json.dumps({"results": results}))
    with pytest.raises(SystemExit, match="no hand histories"):
        card_errors.analyse([path])


def dealt_state(match: Any, seed: int) -> tuple[Any, Any, dict[int, Card]]:
    """The game, a freshly dealt ``oh_hell`` hand of ``seed`` (first bid to make), and card ids."""
    game = match.load_game()
    card_of = match.card_of_action(game)
    state = game.new_initial_state()
    for action in match.deal_chance(game, seed):
        state.apply_action(action)
    return game, state, card_of


def test_openspiel_resamples_only_the_cards_the_others_hold(match: Any) -> None:
    """The leak --strong-knows-undealt matches: if OpenSpiel ever deals an undealt card
    into a resampled world, this fails and the flag no longer means equal information."""
    _, state, card_of = dealt_state(match, 7)
    player = state.current_player()
    true_hands = match.replay(state.history(), card_of).hands
    held = {c for p in range(match.PLAYERS) if p != player for c in true_hands[p]}
    rng = random.Random(1)
    for _ in range(200):
        world = state.resample_from_infostate(player, rng.random)
        hands = match.replay(world.history(), card_of).hands
        assert set(hands[player]) == set(true_hands[player])
        assert {c for p in range(match.PLAYERS) if p != player for c in hands[p]} == held


def test_knowing_the_undealt_cards_deals_strongs_worlds_from_the_held_ones(match: Any) -> None:
    _, state, card_of = dealt_state(match, 8)
    player = state.current_player()
    true_hands = match.replay(state.history(), card_of).hands
    held = {c for p in range(match.PLAYERS) if p != player for c in true_hands[p]}
    plain = match.observation(state, player, card_of)
    told = match.observation(state, player, card_of, knows_undealt=True)
    assert len(plain["seen"]) == 1 and len(told["seen"]) == 12
    assert told["seen"][0] == plain["seen"][0]
    assert not set(told["seen"]) & {str(c) for h in true_hands for c in h}
    seat = told["seat"]
    unseen_in_plain = set()
    for k in range(30):
        world = DiminishingWhist.sample_world(told, random.Random(k))
        assert {c for s, h in enumerate(world.hands) if s != seat for c in h} == held
        unseen_in_plain |= {c for s, h in enumerate(
            DiminishingWhist.sample_world(plain, random.Random(k)).hands) if s != seat for c in h}
    assert unseen_in_plain - held  # without the flag, undealt cards enter the worlds


def test_a_fair_copy_keeps_what_the_player_saw_and_deals_the_rest_from_all_unseen(
        match: Any) -> None:
    from bench.ismcts_fair_child import fair_answer, fair_history

    game, state, card_of = dealt_state(match, 9)
    for _ in range(4 + 4 * 3):  # the bids, then three tricks
        legal = state.legal_actions()
        state.apply_action(legal[len(legal) // 2])
    player = state.current_player()
    history = list(state.history())
    real = match.replay(history, card_of)
    held = {c for p in range(match.PLAYERS) if p != player for c in real.hands[p]}
    entered: set[Card] = set()
    rng = random.Random(4)
    for _ in range(60):
        fair = fair_history(game, history, rng)
        copy = game.new_initial_state()
        for action in fair:
            copy.apply_action(action)
        assert copy.information_state_string(player) == state.information_state_string(player)
        view = match.replay(fair, card_of)
        assert view.tricks == real.tricks and view.up == real.up
        assert set(view.hands[player]) == set(real.hands[player])
        entered |= {c for p in range(match.PLAYERS) if p != player for c in view.hands[p]}
    assert entered - held  # undealt cards do enter the others' hands
    assert fair_answer(game, history, 11, 10.0, 80, 4) in state.legal_actions()

"""Terminal play: ``python -m whist play GAME [--players N] [--seats ...] [--seed N] [--record F]``.

A person plays any of the five games against computer seats.  The table is
drawn from the person's observation only; choices are numbered; ``?`` asks
the strong engine for a hint, ``u`` takes a move back, ``q`` saves and quits.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from whist.cards import Card, sort_hand
from whist.games import game_class
from whist.protocol import IllegalAction, Observation, OptionError


def parse_option(text: str) -> tuple[str, Any]:
    """Read ``name=value`` (value as JSON when it parses, else as text)."""
    name, sep, raw = text.partition("=")
    if not sep or not name:
        raise OptionError(f"options are written name=value, not {text!r}")
    try:
        value: Any = json.loads(raw)
    except json.JSONDecodeError:
        value = raw
    return name.strip(), value


def render(obs: Observation, seat_names: Sequence[str]) -> str:
    """The table as the person at ``obs["seat"]`` sees it, in words rather than raw data."""
    lines = [f"== {obs['title']} — {_heading(obs)} =="]
    lines += [f"   {line}" for line in _context(obs)]
    for seat in range(obs["players"]):
        marker = "→" if obs["to_move"] == seat else " "
        lines.append(f" {marker} {_seat_line(obs, seat, seat_names)}")
        if obs["game"] == "black-queen":
            lines.append(f"     face-up: {_face_up_row(obs, seat)}")
    if obs.get("last_trick") and not obs["trick"]:
        last = obs["last_trick"]
        plays = "  ".join(f"{_who(s, obs)} {c}" for s, c in last["plays"])
        lines.append(f"   last trick: {plays}  → taken by {_who(last['winner'], obs)}")
    if obs["trick"]:
        plays = "  ".join(f"{_who(s, obs)} {c}" for s, c in obs["trick"])
        lines.append(f"   trick so far: {plays}")
    hand = sort_hand([Card.parse(c) for c in obs["hand"]])
    by_suit: dict[int, list[str]] = {}
    for card in hand:
        by_suit.setdefault(int(card.suit), []).append(str(card))
    lines.append("   your hand: " + "   ".join(" ".join(cards) for cards in by_suit.values()))
    return "\n".join(lines)


def _who(seat: int, obs: Observation) -> str:
    return "you" if seat == obs["seat"] else f"seat {seat}"


def _trump_words(obs: Observation) -> str:
    trump = obs.get("trump_name")
    if trump is None:
        return "trump not named yet"
    return "no trump" if trump == "NT" else f"trump {trump}"


def _heading(obs: Observation) -> str:
    """Which hand of the game this is and what it is played for."""
    game, number = obs["game"], obs["hand_number"] + 1
    if game == "diminishing-whist":
        return f"round {number} of 10: {obs['cards']} cards each, {_trump_words(obs)}"
    if game == "black-queen":
        hands = obs["options"].get("hands") or obs["players"]
        return (f"hand {number} of {hands}, seat {obs['dealer']} deals: no trump, "
                f"{obs['total_points']} penalty points in play")
    if game == "nine-five-two":
        return (f"hand {number}, seat {obs['dealer']} deals: {_trump_words(obs)}, "
                f"game ends at ±{obs['target']}")
    if game == "bidding-whist":
        if obs["contract"] is not None:
            return f"hand {number}: seat {obs['ruler']} rules with {obs['contract']}, {_trump_words(obs)}"
        return f"hand {number}: bidding, opened by seat {obs['opener']}"
    return f"deal {number}: {_trump_words(obs)}, first to {obs['winning_score']} points wins"


def _context(obs: Observation) -> list[str]:
    """Lines about the decision in hand: the bidding so far, passing, the kitty, the hook rule."""
    game = obs["game"]
    lines: list[str] = []
    if game == "diminishing-whist" and obs["forbidden_bid"] is not None and obs["seat"] == obs["to_move"]:
        lines.append(f"you bid last: {obs['forbidden_bid']} is not allowed "
                     f"(the bids would add up to {obs['cards']})")
    elif game == "bidding-whist":
        if obs["bidding"]:
            lines.append("bidding: " + ", ".join(f"{_who(s, obs)} {b}"
                                                 for s, b in obs["bidding"]))
        if obs["all_skipped"]:
            lines.append("everyone skipped: no trump, and everyone bets")
        if obs["forbidden_bet"] is not None and obs["seat"] == obs["to_move"]:
            lines.append(f"you bet last: {obs['forbidden_bet']} is not allowed "
                         "(the bets would add up to 13)")
    elif game == "nine-five-two":
        if obs["previous_results"] is not None and not obs["trump_named"]:
            results = ", ".join(f"{_who(s, obs)} {r:+d}"
                                for s, r in enumerate(obs["previous_results"]))
            lines.append(f"last hand: {results}")
        for exchange in obs["passing"]:
            giver = _who(exchange["passer"], obs)
            taker = _who(exchange["receiver"], obs)
            if not exchange["done"]:
                lines.append(f"{giver} owes {taker} {exchange['count']} card(s)")
            elif exchange["cards"]:
                lines.append(f"{giver} gave {taker} {' '.join(exchange['cards'])}; "
                             f"returned {' '.join(exchange['returned'])}")
            else:
                lines.append(f"{giver} gave {taker} {exchange['count']} card(s)")
        if obs["kitty"]:
            lines.append("the kitty you took: " + " ".join(obs["kitty"]))
        if obs["discard"]:
            lines.append("your discard: " + " ".join(obs["discard"]))
    elif game == "classic-whist" and not obs["enforce_rules"]:
        lines.append("follow-suit is not enforced in this game")
    return lines


def _seat_line(obs: Observation, seat: int, seat_names: Sequence[str]) -> str:
    """One seat: name, what it bid or must make, tricks, cards left and score."""
    game = obs["game"]
    name = "you" if seat == obs["seat"] else f"seat {seat} {seat_names[seat]}"
    parts = [f"{name:<22}"]
    if game == "diminishing-whist":
        bid = obs["bids"][seat]
        parts.append(f"bid {'-' if bid is None else bid}")
    elif game == "nine-five-two":
        parts.append(f"goes for {obs['contracts'][seat]}")
    elif game == "bidding-whist":
        bet = obs["bets"][seat]
        if seat == obs["ruler"]:
            parts.append(f"ruler, bet {bet}")
        elif obs["contract"] is not None:
            parts.append(f"bet {'-' if bet is None else bet}")
        elif obs["skipped"][seat]:
            parts.append("skipped")
    elif game == "black-queen":
        parts.append(f"points {obs['points'][seat]}")
    parts.append(f"tricks {obs['tricks_won'][seat]}")
    parts.append(f"cards {obs['hand_sizes'][seat]}")
    parts.append(f"total {obs['totals'][seat]}")
    return "   ".join(parts)


def _face_up_row(obs: Observation, seat: int) -> str:
    """A Black Queen face-up row with each card's position (what ``Q♥@3`` names)."""
    row = obs["up"][seat]
    cards = [f"{card}@{i}" for i, card in enumerate(row) if card is not None]
    hidden = sum(obs["down"][seat])
    return (" ".join(cards) or "none") + f"   ({hidden} face-down)"


def score_sheet(obs: Observation, seat_names: Sequence[str]) -> str:
    """Each hand's scores and the running totals, one row per hand."""
    header = "hand  " + "".join(f"{n[:10]:>11}" for n in seat_names)
    rows = [header]
    running = [0] * obs["players"]
    for number, scores in enumerate(obs["hand_scores"], start=1):
        running = [r + s for r, s in zip(running, scores, strict=True)]
        rows.append(f"{number:>4}  " + "".join(f"{s:>5} ({t:>3})" for s, t in
                                               zip(scores, running, strict=True)))
    rows.append("total " + "".join(f"{t:>11}" for t in obs["totals"]))
    return "\n".join(rows)


def main(argv: Sequence[str] | None = None, stdin: TextIO | None = None,
         stdout: TextIO | None = None) -> int:
    """Play a game at the terminal; return the exit status."""
    from engines.base import EngineError, describe_levels
    from whist.records import save_record
    from whist_app.table import HUMAN, Table

    inp = stdin or sys.stdin
    out = stdout or sys.stdout
    parser = argparse.ArgumentParser(prog="python -m whist play")
    parser.add_argument("game", help="diminishing-whist, black-queen, nine-five-two, "
                                     "bidding-whist or classic-whist (or dw, bq, 952, bw, cw)")
    parser.add_argument("--players", type=int, help="number of players")
    parser.add_argument("--seats", help="comma-separated: human or a level for each seat")
    parser.add_argument("--seed", type=int, default=None, help="deal seed (default: random)")
    parser.add_argument("--record", help="save the game record here (default: GAME-SEED.json)")
    parser.add_argument("--option", action="append", default=[], metavar="NAME=VALUE",
                        help="a game option from rules.md, e.g. --option hands=2")
    parser.add_argument("--levels", action="store_true", help="list the computer levels and exit")
    args = parser.parse_args(argv)

    def say(text: str = "") -> None:
        print(text, file=out, flush=True)

    try:
        cls = game_class(args.game)
        options = dict(parse_option(o) for o in args.option)
        if args.players is not None:
            options["players"] = args.players
        if args.levels:
            for level, description in describe_levels(cls.name):
                say(f"{level:28} {description}")
            return 0
        seed = args.seed if args.seed is not None else int.from_bytes(__import__("os").urandom(3))
        probe = cls(options, seed=seed)
        seats = (args.seats.split(",") if args.seats
                 else [HUMAN] + ["random"] * (probe.players - 1))
        table = Table(probe, seats, seed=seed)
    except (OptionError, EngineError) as error:
        say(f"error: {error}")
        return 2
    path = args.record or f"{cls.name}-{seed}.json"
    names = [("you" if s == HUMAN else s) for s in table.seats]
    say(f"{cls.title}: seed {seed}; type a number or the action itself, "
        "? for a hint, u to undo, q to save and quit.")
    state = table.state
    shown_hand = -1
    while not state.over:
        if state.hand_number != shown_hand and shown_hand >= 0:
            say(score_sheet(state.observe(0), names))
        shown_hand = state.hand_number
        if table.computer_to_move():
            try:
                seat, action = table.play_computer()
            except EngineError as error:
                say(f"error: {error}")
                save_record(state, path, seats=table.seats)
                return 2
            say(f"   seat {seat} ({names[seat]}) → {action}")
            continue
        mover = state.to_move
        assert mover is not None
        obs = state.observe(mover)
        say(render(obs, names))
        legal = obs["legal"]
        count = obs.get("choose_count")
        shown = sort_hand([Card.parse(c) for c in obs["hand"]])
        if obs["decision"] == "card":
            order = {str(c): i for i, c in enumerate(shown)}
            legal = sorted(legal, key=lambda a: order.get(a.split("@")[0], -1))
        if count:
            say("   your cards: " + "  ".join(f"[{i + 1}] {c}" for i, c in enumerate(shown)))
            say(f"   choose {count} cards: their numbers or the cards, separated by spaces")
        else:
            say("   choices: " + "  ".join(f"[{i + 1}] {a}" for i, a in enumerate(legal)))
        say(f"   seat {mover}, {state.pending_text().split(' to ', 1)[1]}:")
        line = inp.readline()
        if not line:
            say("end of input: saving the game")
            break
        answer = line.strip()
        if answer in ("q", "quit"):
            break
        if answer == "?":
            for text, value in table.hint(mover, budget=1.0)[:8]:
                say(f"   hint: {text:>12}  estimate {value:+.2f}")
            continue
        if answer == "u":
            say("   undone" if table.undo_to_human() else "   nothing to undo")
            continue
        if count:
            words = answer.split()
            if words and all(w.isdigit() for w in words):
                if not all(1 <= int(w) <= len(shown) for w in words):
                    say(f"   not allowed: card numbers go from 1 to {len(shown)}")
                    continue
                answer = " ".join(str(shown[int(w) - 1]) for w in words)
        elif answer.isdigit() and 1 <= int(answer) <= len(legal):
            answer = legal[int(answer) - 1]
        try:
            table.play_human(answer)
        except IllegalAction as error:
            say(f"   not allowed: {error}")
    save_record(state, path, seats=table.seats)
    final = state.observe(table.human_seats[0] if table.human_seats else 0)
    say(score_sheet(final, names))
    if state.over:
        winners = ", ".join(f"seat {w} ({names[w]})" for w in state.winners())
        say(f"game over — winner: {winners}")
    say(f"record saved to {path}")
    return 0

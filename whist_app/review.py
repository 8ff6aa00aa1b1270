"""Reviewing a game: every decision of one seat valued against the best choice.

A review replays a record and, at each decision of the chosen seat, values
every choice from that seat's observation alone with
:func:`engines.valuation.value_decision` (never the hidden cards of the
record).  Each decision's worlds are drawn from a seed made from the review's
seed and the decision's place in the record (hand, action), so a review gives
the same numbers however many processes share the work and in whatever order
they finish.

The command line (``python -m whist review``, :func:`main`) prints one line per
decision and ``total expected loss: X.X points``; the page's review and replay
screens call :func:`hand_review` and :func:`whist_app.replay.hand_steps` through
the web API.
Grades (good, inaccurate, mistake) use :data:`GRADES`; docs/review.md explains
the numbers.
"""

from __future__ import annotations

import hashlib
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from engines.levels import level_label
from engines.valuation import DEFAULT_WORLDS, Valuation, value_decision
from whist.actions import Action, Play
from whist.cards import Card, Suit, sort_hand
from whist.events import HandScored, TrickTaken
from whist.observations import Observation
from whist.protocol import JSON, GameState
from whist.records import RecordWalk, load_record, replay, walk
from whist_app.presenters.base import HUMAN, Seating
from whist_app.presenters.registry import PRESENTERS
from whist_app.review_view import (
    FACE_DOWN,
    PlayedView,
    ReviewCardView,
    ReviewSeatView,
    ReviewStepView,
    ReviewView,
    action_cards,
    trick_of,
)
from whist_app.views import TrickView

#: Expected loss (points) from which a decision is graded ``inaccurate`` and ``mistake``,
#: per game (each game's presenter holds its own: :attr:`GamePresenter.grades`).
GRADES: dict[str, tuple[float, float]] = {name: p.grades for name, p in PRESENTERS.items()}
#: The thresholds of a game missing from :data:`GRADES`.
DEFAULT_GRADES = (0.5, 2.0)

#: Words for a decision's kind in a review line (as the rules call them, never the core's names).
KIND_WORDS: dict[str, str] = {
    "bid": "bid", "initial_bid": "opening bid", "secondary_bet": "bet",
    "trump": "trump", "discard": "discard", "pass": "pass", "card": "card",
}


def choice_words(decision: str | None, action: str) -> str:
    """What was chosen, as a player says it: ``5 with ♦ as trump``, ``Q♥ from the face-up row``.

    ``action`` is the core's notation for a ``decision`` of that kind (``5♦``, ``Q♥@3``).
    """
    if decision == "card":
        card, _, position = action.partition("@")
        return f"{card} from the face-up row" if position else card
    if decision == "initial_bid":
        if action == "skip":
            return "no bid (skip)"
        tricks = action.rstrip("♣♦♥♠NT")
        trump = action[len(tricks):]
        return f"{tricks} with no trump" if trump == "NT" else f"{tricks} with {trump} as trump"
    if decision == "trump":
        return "no trump" if action == "NT" else f"{action} as trump"
    return action


def action_words(decision: str | None, action: str) -> str:
    """An action in a replay or review line: ``opening bid 5 with ♦ as trump``, ``Q♥``."""
    words = choice_words(decision, action)
    if action == "skip":
        return "skip"
    if decision in (None, "", "card", "trump"):
        return words
    return f"{KIND_WORDS.get(decision, decision)} {words}"


def loss_words(loss: float, interval: tuple[float, float] | None) -> str:
    """``loss 0.4 points``, with its 95% interval when given; a loss is never below zero."""
    text = f"loss {points(max(loss, 0.0))} points"
    if interval is not None:
        # A loss cannot be negative: the interval's sampled low end is clamped at zero.
        low, high = (max(value, 0.0) for value in interval)
        text += f" (between {points(low)} and {points(high)})"
    return text


def decision_words(decision: str, trick: int | None, chosen: str,
                   valuation: Valuation | None) -> dict[str, Any]:
    """A reviewed decision in a player's words: where, what was chosen, the better choice.

    ``better`` is None when the choice made was the best or lost less than shows at one
    decimal, so a choice graded ``good`` never reads "better X, loss 0.0".
    """
    where = f"Trick {trick + 1}" if trick is not None else \
        f"Your {KIND_WORDS.get(decision, decision)}"
    out: dict[str, Any] = {"where": where, "chosen": choice_words(decision, chosen),
                           "better": None, "loss": None}
    if valuation is not None:
        if has_better(valuation):
            out["better"] = choice_words(decision, str(valuation.best))
        out["loss"] = loss_words(valuation.loss, valuation.interval if valuation.noisy else None)
    return out


def has_better(valuation: Valuation) -> bool:
    """Whether a better choice is shown: the loss shows above 0.0 at one decimal."""
    return points(valuation.loss) != "0.0"


def grade(game: str, loss: float) -> str:
    """``good``, ``inaccurate`` or ``mistake`` for an expected loss in ``game``'s points."""
    inaccurate, mistake = GRADES.get(game, DEFAULT_GRADES)
    if loss >= mistake:
        return "mistake"
    return "inaccurate" if loss >= inaccurate else "good"


def decision_seed(seed: int, hand: int, index: int) -> int:
    """The seed of the decision at (hand, action index) of a review seeded ``seed``.

    Made from the position alone (a hash, the same in every process and on every
    run), so a decision's worlds never depend on which worker values it or when.
    """
    digest = hashlib.sha256(f"review:{seed}:{hand}:{index}".encode()).digest()
    return int.from_bytes(digest[:8], "big")


def default_seat(record: Mapping[str, Any], players: int) -> int:
    """The first seat the record's ``seats`` marks ``"human"``, else seat 0."""
    seats = record.get("seats")
    if isinstance(seats, list):
        for seat, level in enumerate(seats[:players]):
            if level == HUMAN:
                return seat
    return 0


def seat_levels(record: Mapping[str, Any], players: int) -> list[str]:
    """The record's ``seats`` (levels) if it has a valid list, else ``"?"`` for each seat."""
    seats = record.get("seats")
    if isinstance(seats, list) and len(seats) == players and all(
            isinstance(s, str) and 0 < len(s) < 100 for s in seats):
        return list(seats)
    return ["?"] * players


# ------------------------------------------------------------------ replaying
def checked_record(source: str | Path | Mapping[str, Any]) -> tuple[dict[str, JSON], GameState]:
    """The record and where it leaves off, checked by :func:`whist.records.replay`.

    RecordError (one line) for anything replay refuses.
    """
    record = load_record(source)
    return record, replay(record)


@dataclass(frozen=True)
class Moment:
    """One decision of a seat in a record: what it saw, what it could do, what it did."""

    #: The hand (round, deal), counted from 0.
    hand: int
    #: The action's place in its hand's ``actions``, counted from 0.
    index: int
    seat: int
    #: The decision's kind (``bid``, ``card`` ...).
    kind: str
    #: The trick being played (from 0) for a card; None for other decisions.
    trick: int | None
    observation: Observation
    legal: tuple[Action, ...]
    chosen: Action

    @property
    def step(self) -> int:
        """The review screen's step: 0 before the first trick, k in the k-th trick."""
        return 0 if self.trick is None else self.trick + 1


def moments(record: Mapping[str, Any], seat: int, hand: int | None = None) -> list[Moment]:
    """Every decision of ``seat`` in a checked record (or in its hand ``hand``), in order."""
    return _moments_walk(record, seat, hand)[0]


def _moments_walk(record: Mapping[str, Any], seat: int,
                  hand: int | None) -> tuple[list[Moment], RecordWalk[Any]]:
    """:func:`moments` and the walk that found them (walked to its end if ``hand`` is None)."""

    def look(state: GameState) -> tuple[Observation, tuple[Action, ...]] | None:
        if state.to_move != seat or (hand is not None and state.hand_number != hand):
            return None
        return state.observe(seat), tuple(state.legal_actions())

    walked = walk(record, look)
    found: list[Moment] = []
    for step in walked:
        if hand is not None and step.hand > hand:
            break
        if step.before is not None:
            obs, legal = step.before
            kind = obs["decision"] or ""
            trick = len(obs["tricks"]) if kind == "card" else None
            found.append(Moment(step.hand, step.index, seat, kind, trick, obs, legal,
                                step.action))
    return found, walked


# -------------------------------------------------------------------- valuing
@dataclass(frozen=True)
class Settings:
    """How hard each decision is looked at: worlds and/or seconds, and the review's seed."""

    worlds: int | None = DEFAULT_WORLDS
    budget: float | None = None
    seed: int = 0

    def to_json(self) -> dict[str, Any]:
        """JSON-ready settings."""
        return {"worlds": self.worlds, "budget": self.budget, "seed": self.seed}


def value_moment(moment: Moment, settings: Settings) -> Valuation:
    """The valuation of one decision, seeded from its place in the record."""
    return value_decision(moment.observation, moment.legal, moment.chosen,
                          seed=decision_seed(settings.seed, moment.hand, moment.index),
                          worlds=settings.worlds, budget=settings.budget)


def _value_task(job: tuple[int, Moment, Settings]) -> tuple[int, Valuation]:
    """A worker process's unit of work (module level, so it pickles)."""
    number, moment, settings = job
    return number, value_moment(moment, settings)


def value_moments(found: Sequence[Moment], settings: Settings, workers: int = 1,
                  progress: Callable[[int, int], None] | None = None) -> list[Valuation]:
    """Each decision's valuation, in order; over ``workers`` processes when more than one.

    The answers do not depend on ``workers``: each decision is seeded from its place.
    ``progress(done, total)`` is called as decisions finish.
    """
    total = len(found)
    results: list[Valuation | None] = [None] * total
    if progress is not None:
        progress(0, total)
    if workers <= 1 or total <= 1:
        for number, moment in enumerate(found):
            results[number] = value_moment(moment, settings)
            if progress is not None:
                progress(number + 1, total)
    else:
        # Imported here: the browser bundle imports this module but has no processes.
        import multiprocessing
        # The largest hands first, so no worker is left with a long decision at the end.
        jobs = sorted(((n, m, settings) for n, m in enumerate(found)),
                      key=lambda job: (-len(job[1].observation["hand"]), job[0]))
        # Leaving the block terminates the workers, also on Ctrl-C (which they ignore:
        # the parent alone stops the review, without a traceback from every worker).
        with multiprocessing.Pool(min(workers, total), initializer=_ignore_interrupts) as pool:
            results_in = pool.imap_unordered(_value_task, jobs, chunksize=1)
            for done, (number, valuation) in enumerate(results_in, start=1):
                results[number] = valuation
                if progress is not None:
                    progress(done, total)
    return [r for r in results if r is not None]


def _ignore_interrupts() -> None:
    """A worker process leaves Ctrl-C to the parent, which terminates it."""
    import signal
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True)
class GameReview:
    """A seat's decisions in a record, each with its valuation, and what they add up to."""

    game: str
    title: str
    players: int
    seat: int
    level: str
    #: True if the record's game is finished; otherwise what is pending where it stops.
    over: bool
    pending: str
    settings: Settings
    items: tuple[tuple[Moment, Valuation], ...]
    seconds: float

    @property
    def total_loss(self) -> float:
        """The expected loss of every decision, added up (points)."""
        return sum(v.loss for _, v in self.items)

    @property
    def trivial(self) -> int:
        """How many decisions had nothing to choose (one legal choice, or equivalent ones)."""
        return sum(1 for _, v in self.items if v.trivial)

    def to_json(self) -> dict[str, Any]:
        """The whole review as JSON-ready data (for ``--json``)."""
        return {"game": self.game, "title": self.title, "players": self.players,
                "seat": self.seat, "level": self.level, "over": self.over,
                "pending": self.pending, "settings": self.settings.to_json(),
                "thresholds": dict(zip(("inaccurate", "mistake"),
                                       GRADES.get(self.game, DEFAULT_GRADES), strict=True)),
                "decisions": [moment_json(self.game, m, v) for m, v in self.items],
                "count": len(self.items), "trivial": self.trivial,
                "total_loss": round(self.total_loss, 3), "seconds": round(self.seconds, 2)}


def review_game(record: Mapping[str, Any], seat: int, settings: Settings, workers: int = 1,
                progress: Callable[[int, int], None] | None = None,
                final: GameState | None = None) -> GameReview:
    """Review every decision of ``seat`` in a checked record (``final``: where it leaves off)."""
    start = time.perf_counter()
    found, walked = _moments_walk(record, seat, None)
    if final is None:
        final = walked.finish()
    valuations = value_moments(found, settings, workers, progress)
    return GameReview(final.name, final.title, final.players, seat,
                      seat_levels(record, final.players)[seat], final.over,
                      final.pending_text(), settings,
                      tuple(zip(found, valuations, strict=True)), time.perf_counter() - start)


# ------------------------------------------------------------------ describing
def _trump(obs: Observation) -> Suit | None:
    return None if obs["trump"] is None else Suit.parse(obs["trump"])


def hand_cards(obs: Observation) -> list[str]:
    """The seat's hand, sorted for display (trump last)."""
    return [str(c) for c in sort_hand([Card.parse(c) for c in obs["hand"]], _trump(obs))]


def moment_json(game: str, moment: Moment, valuation: Valuation) -> dict[str, Any]:
    """One reviewed decision as JSON-ready data: where, what was seen, chosen, best, loss."""
    obs = moment.observation
    return {"hand_number": moment.hand, "index": moment.index, "seat": moment.seat,
            "decision": moment.kind, "trick": moment.trick, "hand": hand_cards(obs),
            "table": [[s, c] for s, c in obs["trick"]],
            **valuation.to_json(), "grade": grade(game, valuation.loss),
            "words": decision_words(moment.kind, moment.trick, str(moment.chosen), valuation),
            **moment_marks(moment, valuation)}


def moment_marks(moment: Moment, valuation: Valuation | None) -> dict[str, Any]:
    """Where the review screen shows a decision and the cards it marks.

    ``step``: 0 for a decision before the first trick, k for one in the k-th trick;
    ``chosen_cards``: the cards the choice played, discarded or passed (none for a
    bid); ``better_cards``: every card of the better choice's group, once valued and
    only where there is a better choice (``words.better``).
    """
    better: list[str] = []
    if valuation is not None and valuation.choices and has_better(valuation):
        better = [card for action in valuation.choices[0].actions
                  for card in action_cards(action)]
    return {"step": moment.step,
            "chosen_cards": list(action_cards(moment.chosen)), "better_cards": better}


def _place(game: str, moment: Moment) -> str:
    word = PRESENTERS[game].hand_word.lower()
    if moment.trick is not None:
        return f"{word} {moment.hand + 1}, trick {moment.trick + 1}"
    return f"{word} {moment.hand + 1}, {KIND_WORDS.get(moment.kind, moment.kind)}"


def points(value: float) -> str:
    """``value`` with one decimal, never ``-0.0``."""
    text = f"{value:.1f}"
    return "0.0" if text == "-0.0" else text


def _loss_text(valuation: Valuation) -> str:
    text = f"loss {points(valuation.loss)}"
    if valuation.noisy:
        # A loss cannot be negative: the interval's sampled low end is clamped at zero.
        low, high = (max(value, 0.0) for value in valuation.interval)
        text += f" ({points(low)} to {points(high)})"
    return text


def review_lines(review: GameReview) -> list[str]:
    """The review as text: a heading, one line per decision with a choice, the totals."""
    game = review.game
    settings = review.settings
    effort = (f"{settings.worlds} worlds" if settings.budget is None
              else f"{settings.budget:g} s" + (f" (at most {settings.worlds} worlds)"
                                              if settings.worlds else ""))
    level = "" if review.level == "?" else f" ({review.level})"
    lines = [f"{review.title}, {review.players} players: review of seat {review.seat}{level}",
             f"{effort} per decision, seed {settings.seed}; losses in the seat's own points"]
    for moment, valuation in review.items:
        if valuation.trivial:
            continue
        obs = moment.observation
        parts = [f"{_place(game, moment):<20}", "hand " + " ".join(hand_cards(obs))]
        row = PRESENTERS[game].table_cards(obs, moment.seat)
        if row:
            parts[-1] += " + up " + " ".join(row)
        if moment.kind == "card":
            parts.append("trick " + (" ".join(c for _, c in obs["trick"]) or "(lead)"))
        mark = grade(game, valuation.loss)
        parts.append(f"chose {valuation.chosen}, best {valuation.best}, {_loss_text(valuation)}"
                     + ("" if mark == "good" else f"  {mark}"))
        lines.append(" | ".join(parts))
    listed = len(review.items) - review.trivial
    lines.append(f"{len(review.items)} decisions: {listed} listed, {review.trivial} with "
                 "nothing to choose")
    if not review.over:
        lines.append(f"in progress: reviewed what was played ({review.pending})")
    lines.append(f"total expected loss: {points(review.total_loss)} points")
    return lines


# ------------------------------------------------------------------ the page
def hand_done(state: GameState, record: Mapping[str, Any], hand: int) -> bool:
    """Whether hand ``hand`` of ``record`` is over once the record is replayed to ``state``."""
    hands: list[Any] = record["hands"]
    return hand < len(hands) - 1 or state.hand_over or state.over


def hand_decisions(record: Mapping[str, Any], hand: int, seat: int) -> int:
    """How many decisions ``seat`` made in hand ``hand`` of a checked record."""
    hands: list[Any] = record["hands"]
    if not 0 <= hand < len(hands):
        return 0
    return len(moments(record, seat, hand))


def hand_is_finished(record: Mapping[str, Any], hand: int) -> bool:
    """True if hand ``hand`` (from 0) of a checked record was played to its end."""
    hands: list[Any] = record["hands"]
    if not 0 <= hand < len(hands):
        return False
    # A checked record deals a hand only after the one before it is finished.
    return hand < len(hands) - 1 or hand_done(replay(record), record, hand)


def game_stats(record: Mapping[str, Any], seat: int) -> dict[str, Any]:
    """One game's line for the page's statistics, from a checked record, for ``seat``.

    ``won`` (a share of the best total counts), ``score`` (the seat's total), the
    opponents' levels, and ``target``: how many scored hands the seat made its bid,
    bet or contract in (``{"label", "made", "of"}``, None for games without one).
    """
    walked = walk(record)
    presenter = PRESENTERS[walked.state.name]
    made = scored = 0
    for step in walked:
        for event in step.events:
            match event:
                case HandScored(tricks=tricks, targets=targets) if seat < len(targets):
                    result = presenter.made(tricks[seat], targets[seat])
                    if result is not None:
                        scored += 1
                        made += result
    state = walked.finish()
    levels = seat_levels(record, state.players)
    label = presenter.made_words or None
    return {"game": state.name, "title": state.title, "seat": seat, "over": state.over,
            "opponents": [level for s, level in enumerate(levels) if s != seat],
            "won": state.over and seat in state.winners(), "score": state.totals[seat],
            "totals": list(state.totals), "hands": len(state.hand_scores),
            "target": None if label is None else {"label": label, "made": made, "of": scored}}


@dataclass(frozen=True)
class _Played:
    """An action of the reviewed hand, until the walk's end says how the seat saw it."""

    index: int
    seat: int
    decision: str
    action: Action


def hand_review(record: Mapping[str, Any], hand: int, seat: int,
                worlds: int | None, seed: int = 0) -> ReviewView:
    """One finished hand for the review screen: the deal, the tricks, ``seat``'s decisions.

    ``worlds`` per decision (None: the layout without valuations).  ValueError if the
    hand is not in the record or not finished: until a hand is over its deal is secret.
    One walk through the record: the hand's actions, events and ``seat``'s
    observations are read on the way, the rest once it is over.
    """

    def look(state: GameState) -> tuple[Observation, tuple[Action, ...] | None] | None:
        if state.hand_number != hand:
            return None
        legal = tuple(state.legal_actions()) if state.to_move == seat else None
        return state.observe(seat), legal

    walked = walk(record, look)
    seating = Seating(levels=seat_levels(record, walked.state.players), seat=seat)
    tricks: list[TrickView] = []
    played: list[_Played] = []
    found: list[Moment] = []
    trump: str | None = None
    scores: list[int] | None = None
    known: set[str] = set()
    for step in walked:
        if step.before is None:
            continue
        obs, legal = step.before
        known |= cards_in(obs)
        trump = obs["trump_name"]
        if legal is not None:
            kind = obs["decision"] or ""
            found.append(Moment(step.hand, step.index, seat, kind,
                                len(obs["tricks"]) if kind == "card" else None, obs,
                                legal, step.action))
        played.append(_Played(step.index, step.seat, step.decision.value, step.action))
        for event in step.events:
            match event:
                case TrickTaken():
                    tricks.append(trick_of(event, seating))
                case HandScored(scores=scored):
                    scores = list(scored)
    final = walked.finish()
    hands: list[Any] = record["hands"]
    if not 0 <= hand < len(hands):
        raise ValueError(f"the record has hands 0 to {len(hands) - 1} (counted from 0), "
                         f"not {hand}")
    if not hand_done(final, record, hand):
        raise ValueError(f"hand {hand + 1} is not finished: it can be reviewed once it is over")
    levels = seating.levels
    # Until the game is over, a finished hand shows only what the seat has seen of it:
    # another seat's face-down discard or pass stays hidden (its cards and its action).
    secret = not final.over
    seen_actions = final.seen_actions(hand, seat)
    actions: list[PlayedView] = []
    first_card: int | None = None
    for action in played:
        shown = seen_actions[action.index] if secret else str(action.action)
        if shown is not None:
            known |= cards_in(shown)
        if first_card is None and isinstance(action.action, Play):
            first_card = len(actions)
        actions.append({"seat": action.seat, "name": seating.name(action.seat),
                        "text": FACE_DOWN if shown is None
                        else action_words(action.decision, shown)})
    settings = Settings(worlds=worlds, seed=seed)
    decisions: list[dict[str, Any]] = []
    for moment in found:
        entry: dict[str, Any] = {"index": moment.index, "decision": moment.kind,
                                 "trick": moment.trick, "chosen": str(moment.chosen),
                                 "words": decision_words(moment.kind, moment.trick,
                                                         str(moment.chosen), None),
                                 **moment_marks(moment, None)}
        if worlds is not None:
            entry = moment_json(final.name, moment, value_moment(moment, settings))
        decisions.append(entry)
    chance = {k: v for k, v in hands[hand].items() if k != "actions"}
    if secret:
        chance = _only_known(chance, known)
    dealt = [_dealt_cards(d, trump) for d in _deal_rows(chance)]
    label = f"{PRESENTERS[final.name].hand_word} {hand + 1}"
    reviewed = [d for d in decisions if "loss" in d]
    return {"game": final.name, "title": final.title, "players": final.players,
            "seat": seat, "seats": list(levels), "hand_number": hand, "hands": len(hands),
            "seat_labels": [level_label(level) for level in levels],
            "label": label, "hand_word": PRESENTERS[final.name].hand_word, "trump": trump,
            "deal": chance, "dealt": dealt,
            "steps": review_steps(label, dealt, tricks, actions[:first_card], found,
                                  seating),
            "tricks": tricks, "scores": scores, "decisions": decisions,
            "thresholds": dict(zip(("inaccurate", "mistake"),
                                   GRADES.get(final.name, DEFAULT_GRADES), strict=True)),
            "worlds": worlds,
            "total_loss": round(sum(d["loss"] for d in reviewed), 3) if reviewed else None}


def review_steps(label: str, dealt: Sequence[Sequence[str]], tricks: Sequence[TrickView],
                 before: list[PlayedView], found: Sequence[Moment],
                 seating: Seating) -> list[ReviewStepView]:
    """The review's steps (the deal, then each trick), every seat's cards marked at each.

    A card is ``gone`` once an earlier trick holds it, ``now`` in the step's own
    trick, and ``chosen`` on the reviewed seat's row where its decision at that step
    named it; ``label`` is the hand's (``Round 3``), ``before`` the actions before
    the first trick.
    """
    players = len(dealt)
    order = [(seating.seat + i) % players for i in range(players)]
    gone: list[Counter[str]] = [Counter() for _ in range(players)]
    steps: list[ReviewStepView] = []
    for number in range(len(tricks) + 1):
        trick = tricks[number - 1] if number else None
        now = {} if trick is None else {play["seat"]: play["card"] for play in trick["plays"]}
        here = [m for m in found if m.step == number]
        chosen = {card for m in here for card in action_cards(m.chosen)}
        seats: list[ReviewSeatView] = []
        for seat in order:
            used = Counter(gone[seat])
            playing = now.get(seat)
            cards: list[ReviewCardView] = []
            for card in dealt[seat]:
                was_gone = used[card] > 0
                if was_gone:
                    used[card] -= 1
                # One copy only where two packs deal a card twice (Black Queen).
                is_now = not was_gone and card == playing
                if is_now:
                    playing = None
                cards.append({"card": card, "gone": was_gone, "now": is_now,
                              "chosen": seat == seating.seat and card in chosen})
            seats.append({"seat": seat, "name": seating.name(seat),
                          "level": level_label(seating.levels[seat]),
                          "you": seat == seating.seat, "cards": cards})
        if trick is None:
            head = f"{label}: every hand as dealt"
        else:
            head = f"Trick {number} of {len(tricks)}: {trick['text']}"
        steps.append({"step": number, "label": str(number) if number else "Deal",
                      "title": f"Trick {number}" if number else "The hands as dealt",
                      "head": head, "trick": trick, "before": before if number == 0 else [],
                      "seats": seats, "decisions": [m.index for m in here],
                      "no_decision": "No decision of yours " + (
                          "in this trick" if number else "before the first trick")})
        for seat, card in now.items():
            if 0 <= seat < players:
                gone[seat][card] += 1
    return steps


#: Observation keys whose texts are bids or contracts ("5♥"), not cards.
_NOT_CARDS = frozenset({"legal", "bidding", "high_bid", "contract"})


def cards_in(value: Any) -> set[str]:
    """Every card named in ``value`` (an observation, an action's text, lists of them)."""
    found: set[str] = set()
    if isinstance(value, str):
        for word in value.split():
            try:
                found.add(str(Card.parse(word)))
            except ValueError:
                pass
    elif isinstance(value, list | tuple):
        for item in value:
            found |= cards_in(item)
    elif isinstance(value, Mapping):
        for key, item in value.items():
            if key not in _NOT_CARDS:
                found |= cards_in(item)
    return found


def _only_known(value: Any, known: set[str]) -> Any:
    """``value`` (a hand's chance) with every card not in ``known`` left out."""
    if isinstance(value, list):
        return [_only_known(v, known) for v in value
                if not (isinstance(v, str) and cards_in(v) and v not in known)]
    if isinstance(value, dict):
        return {k: _only_known(v, known) for k, v in value.items()}
    if isinstance(value, str) and cards_in(value) and value not in known:
        return None
    return value


def _deal_rows(chance: Mapping[str, Any]) -> list[Any]:
    deal = chance.get("deal")
    return list(deal) if isinstance(deal, list) else []


def _dealt_cards(row: Any, trump: str | None) -> list[str]:
    """A seat's dealt cards, sorted for display (a Black Queen seat: its three rows together)."""
    if isinstance(row, dict):
        cards = [c for key in ("down", "up", "hand") for c in row.get(key, [])]
    else:
        cards = list(row)
    suit = None if trump in (None, "NT") else Suit.parse(str(trump))
    return [str(c) for c in sort_hand([Card.parse(c) for c in cards], suit)]

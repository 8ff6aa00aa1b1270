"""``python -m whist nerd PROPERTIES_FILE``: run an original Classic Whist configuration.

Reads the original program's ``.properties`` file, plays its all-computer
game with ``compat: nerd`` (one ``java.util.Random(Seed)`` for the deal, the
trumps, the first leader and every random or smart move, in the original's
order) and prints the original's log line for line::

    New trick: Lead Player = 1, Lead suit = CLUBS, Trump suit = HEARTS
    Player 1 play: CLUBS-ACE from [SPADES-EIGHT,HEARTS-SEVEN,...]
    Winning card: CLUBS-ACE
    ...
    Winner: 1

Options:

``--seed N``
    Use seed N instead of the file's ``Seed``.
``--record FILE``
    Also write the game record (``python -m whist replay FILE`` replays it).
``--auto-human FILTER+SELECTOR``
    For ``Interactive=True`` files (a person in seat 0): let this computer
    player take seat 0.  Without it such files are refused (exit 2): play
    them with ``python -m whist play classic-whist`` (the message shows the
    exact command).
``--play-on``
    With ``EnforceRule=true`` the original stopped the whole program at the
    first computer move that broke follow-suit, printing ``A cheating player
    spoiled the game!``; by default this does the same (the record then ends
    there, a game in progress).  With ``--play-on`` the rules are enforced
    instead, each filter narrowing the legal cards (rules.md §5), and the
    game is played to the end (its log then differs from the original's).

Exit status: 0 after the game (or the original's stop), 2 for a bad
properties file or bad arguments.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TextIO

from engines.classic import ClassicEngine, classic_engine_class
from engines.interface import EngineError
from whist.actions import PLAYS, Play
from whist.cards import RANK_WORDS, SUIT_NAMES, SUIT_OF, Card
from whist.games.classic import ClassicWhist
from whist.inputs import shown
from whist.protocol import OptionError
from whist.records import save_record
from whist.trick_rule import trick_winner

EXIT_BAD = 2
#: The largest properties file read: the original's are a few hundred bytes.
MAX_PROPERTIES_BYTES = 1024 * 1024

#: The original's strategy class names -> this project's names.
FILTERS = {"NoFiltering": "none", "NaiveLegalFiltering": "naive_legal",
           "TrumpSavingFiltering": "trump_saving"}
SELECTORS = {"RandomSelecting": "random", "HighestRankSelecting": "highest_rank",
             "SmartSelecting": "smart"}


class PropertiesError(ValueError):
    """A properties file this command cannot run; the message says which key and why."""


@dataclass
class NerdConfig:
    """What a properties file configures."""

    seed: int
    interactive: bool
    cards: int
    winning_score: int
    enforce: bool
    #: FILTER+SELECTOR for each computer player, Npc1 first.
    npcs: list[str]


def read_properties(text: str) -> dict[str, str]:
    """Parse Java ``.properties`` text: ``key=value``, ``key: value`` or ``key value`` lines.

    Comments (``#``, ``!``), blank lines and backslash line continuations are
    handled as Java does; escapes beyond that are not needed by these files.
    """
    props: dict[str, str] = {}
    lines = text.splitlines()
    index = 0
    while index < len(lines):
        line = lines[index].lstrip()
        index += 1
        if not line or line[0] in "#!":
            continue
        while line.endswith("\\") and not line.endswith("\\\\") and index < len(lines):
            line = line[:-1] + lines[index].lstrip()
            index += 1
        cut = len(line)
        for i, char in enumerate(line):
            if char in "=: \t":
                cut = i
                break
        key = line[:cut]
        rest = line[cut:].lstrip(" \t")
        if rest[:1] in ("=", ":") and (cut == len(line) or line[cut] in " \t"):
            rest = rest[1:]
        elif cut < len(line) and line[cut] in "=:":
            rest = line[cut + 1:]
        props[key] = rest.strip()
    return props


def read_properties_file(path: str) -> str:
    """A properties file's text: UTF-8, at most :data:`MAX_PROPERTIES_BYTES`; else PropertiesError."""
    try:
        with open(path, "rb") as file:
            data = file.read(MAX_PROPERTIES_BYTES + 1)
    except OSError as error:
        raise PropertiesError(f"cannot read it: {error.strerror or error}") from None
    except ValueError:
        # open() refuses a path with a NUL character in it.
        raise PropertiesError("cannot read it: not a file name") from None
    if len(data) > MAX_PROPERTIES_BYTES:
        raise PropertiesError(f"larger than {MAX_PROPERTIES_BYTES // 1024} KB: "
                              "not a properties file")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        raise PropertiesError(f"line {line} is not UTF-8 text (byte {data[error.start]:#04x}); "
                              "save the file as UTF-8") from None


def _need(props: dict[str, str], key: str) -> str:
    if key not in props:
        raise PropertiesError(f"missing key {key}")
    return props[key]


def _int(props: dict[str, str], key: str) -> int:
    value = _need(props, key)
    digits = value[1:] if value[:1] in ("+", "-") else value
    # As Java's Long.parseLong reads it: a sign and ASCII digits, at most 19 of them
    # (int() would also take "²", "1_000" or refuse 5,000 digits with its own error).
    if not (digits.isascii() and digits.isdigit()) or len(digits.lstrip("0")) > 19:
        raise PropertiesError(f"{key} must be a whole number of at most 19 digits, "
                              f"not {shown(value)}")
    return int(value)


def _bool(props: dict[str, str], key: str) -> bool:
    value = props.get(key, "false").strip().lower()
    if value not in ("true", "false"):
        raise PropertiesError(f"{key} must be true or false, not {shown(props[key])}")
    return value == "true"


def parse_config(props: dict[str, str]) -> NerdConfig:
    """Read the keys the original reads; PropertiesError for a missing or bad one."""
    seed = _int(props, "Seed")
    interactive = _bool(props, "Interactive")
    cards = _int(props, "NumCards")
    winning_score = _int(props, "WinningScore")
    count = _int(props, "NumNpc")
    if count < 1:
        raise PropertiesError(f"NumNpc must be at least 1, not {count}")
    npcs = []
    for k in range(1, count + 1):
        filtering = _need(props, f"Npc{k}Filtering")
        selecting = _need(props, f"Npc{k}Selecting")
        if filtering not in FILTERS:
            raise PropertiesError(f"Npc{k}Filtering: unknown filter {shown(filtering)} "
                                  f"(use {', '.join(FILTERS)})")
        if selecting not in SELECTORS:
            raise PropertiesError(f"Npc{k}Selecting: unknown selector {shown(selecting)} "
                                  f"(use {', '.join(SELECTORS)})")
        npcs.append(f"{FILTERS[filtering]}+{SELECTORS[selecting]}")
    enforce = _bool(props, "EnforceRule")
    return NerdConfig(seed, interactive, cards, winning_score, enforce, npcs)


def card_name(card: Card) -> str:
    """The original's card text: ``CLUBS-ACE``."""
    return f"{SUIT_NAMES[card.suit]}-{RANK_WORDS[card.rank]}"


def play_command(config: NerdConfig) -> str:
    """The ``python -m whist play`` command for an interactive configuration."""
    seats = ",".join(["human", *config.npcs])
    return (f"python -m whist play classic-whist --seed {config.seed} "
            f"--players {len(config.npcs) + 1} --seats {seats} "
            f"--option cards={config.cards} --option winning_score={config.winning_score} "
            f"--option enforce_rules={'true' if config.enforce else 'false'} "
            "--option compat=nerd")


def run(config: NerdConfig, out: TextIO, *, auto_human: str | None = None,
        play_on: bool = False) -> ClassicWhist:
    """Play the configured game, printing the original's log to ``out``; return the final state."""
    seats = ([auto_human] if auto_human else []) + config.npcs
    game = ClassicWhist({"players": len(seats), "cards": config.cards,
                         "winning_score": config.winning_score,
                         "enforce_rules": config.enforce, "compat": "nerd"},
                        seed=config.seed)
    java = game.java_random
    engines: list[ClassicEngine] = []
    for spec in seats:
        engine = classic_engine_class(spec)(seed=0, java_random=java)
        assert isinstance(engine, ClassicEngine)
        engines.append(engine)
    players = game.players
    while not game.over:
        seat = game.to_move
        assert seat is not None and game.trump is not None
        trump = game.trump
        hand = list(game.hands[seat])
        trick = list(game.trick)
        engine = engines[seat]
        if play_on or not config.enforce:
            choice = engine.choose(game.observe(seat), game.legal_actions())
            assert isinstance(choice, Play)
            card = choice.card
        else:
            # The original: strategies see the whole hand; a rule break stops everything.
            played = [c for _, plays, _ in game.tricks for _, c in plays]
            card = engine.pick(hand, [c for _, c in trick], trump, players, played)
            led = SUIT_OF[trick[0][1]] if trick else None
            if led is not None and SUIT_OF[card] != led and any(SUIT_OF[c] == led for c in hand):
                print(f"game.BrokeRuleException: Follow rule broken by player {seat} "
                      f"attempting to play {card_name(card)}", file=sys.stderr)
                print("A cheating player spoiled the game!", file=out)
                return game
        game.apply(PLAYS[card])
        hand.remove(card)
        rest = ",".join(card_name(c) for c in hand)
        if not trick:
            print(f"New trick: Lead Player = {seat}, Lead suit = {SUIT_NAMES[SUIT_OF[card]]}, "
                  f"Trump suit = {SUIT_NAMES[trump]}", file=out)
        else:
            # The original prints the card winning so far before each follower's card.
            best = trick[trick_winner(trick, trump)][1]
            print(f"Winning card: {card_name(best)}", file=out)
        print(f"Player {seat} play: {card_name(card)} from [{rest}]", file=out)
        if len(trick) + 1 == players:
            plays = [*trick, (seat, card)]
            print(f"Winner: {plays[trick_winner(plays, trump)][0]}", file=out)
    return game


def _path_text(path: str) -> str:
    """A path for a message: as given when short and printable, else quoted and cut."""
    return path if len(path) <= 120 and path.isprintable() else shown(path, 120)


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run ``python -m whist nerd``; return the exit status."""
    stdout = out or sys.stdout
    parser = argparse.ArgumentParser(
        prog="python -m whist nerd",
        description="Run an original Classic Whist .properties file, printing the original's log.")
    parser.add_argument("properties", help="the original's .properties file")
    parser.add_argument("--seed", type=int, help="use this seed instead of the file's Seed")
    parser.add_argument("--record", help="also write the game record to this file")
    parser.add_argument("--auto-human", metavar="FILTER+SELECTOR",
                        help="for Interactive=True files: a computer player for seat 0")
    parser.add_argument("--play-on", action="store_true",
                        help="with EnforceRule=true, enforce the rules and play to the end "
                             "instead of stopping at the first rule break as the original did")
    try:
        args = parser.parse_args(argv)
    except SystemExit as stop:
        return EXIT_BAD if stop.code else 0
    try:
        config = parse_config(read_properties(read_properties_file(args.properties)))
    except PropertiesError as error:
        print(f"error: {_path_text(args.properties)}: {error}", file=sys.stderr)
        return EXIT_BAD
    if args.seed is not None:
        config.seed = args.seed
    if config.interactive and not args.auto_human:
        print(f"error: {args.properties} has a person in seat 0 (Interactive=true).\n"
              f"Play it at the terminal:\n  {play_command(config)}\n"
              "or let a computer take seat 0: --auto-human FILTER+SELECTOR "
              "(e.g. --auto-human none+random).", file=sys.stderr)
        return EXIT_BAD
    auto = args.auto_human if config.interactive else None
    try:
        if auto:
            classic_engine_class(auto)
        game = run(config, stdout, auto_human=auto, play_on=args.play_on)
    except (OptionError, EngineError) as error:
        print(f"error: {_path_text(args.properties)}: {error}", file=sys.stderr)
        return EXIT_BAD
    if args.record:
        try:
            save_record(game, args.record, seats=([auto] if auto else []) + config.npcs)
        except OSError as error:
            print(f"error: cannot write {args.record}: {error.strerror or error}",
                  file=sys.stderr)
            return EXIT_BAD
    return 0

"""The page's JavaScript holds no game branches and no rule text (issue 7, item 4).

Python presents everything: every reply carries a ``table`` (whist_app/views.py)
and the catalog carries each game's title, options, levels and rules. The
JavaScript only draws what it is given, so a game's name, a rule's words or a
rule's numbers in ``static/js`` mean presentation crept back into the page,
where it would drift from the rules core. Card notation (the last character of
a card is its suit symbol) and colouring hearts and diamonds red are drawing,
and allowed.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from whist.games import GAME_NAMES, game_class

ROOT = Path(__file__).resolve().parents[1]
SCRIPTS = sorted((ROOT / "static" / "js").glob("*.js"))

#: Words that explain a rule: the page shows Python's sentences instead.
RULE_PHRASES = [
    "going for", "hook", "outbid", "does not beat", "beat the high", "would total",
    "add up", "must follow", "follow suit", "penalty", "no trump", "no-trump", "kitty",
    "secondary bet", "shooting", "dealer", "winning score", "first to", "trump", "skip",
    "high bid", "scored:",
]

#: Patterns of game logic in the page, each with what it stands for.
CODE_PATTERNS = {
    "a branch on the game": r"\bo\.game\b|\.game\s*[!=]==?",
    "a rule's number range (5–13, 0–13, 2–6)": r"\d+\s*[–—]\s*\d+|\b\d+-\d+\b",
    # (not a size: "≈13 MB" is the download the loading bar speaks of)
    "a trick count or a deck size as a number": r"(?<![\w.≈])(13|52)(?![\w.]|\s*[kM]B)",
    "a target shown as ±n": r"±",
    "a list of suits (a hand order or the trump choices)":
        r"""["']([♣♦♥♠]|NT)["']\s*,\s*["']([♣♦♥♠]|NT)["']\s*,\s*["']([♣♦♥♠]|NT)["']""",
    "a decision kind (the page lays out choices by their layout)":
        r"""["'](bid|initial_bid|secondary_bet|trump|discard|pass)["']""",
    "a table of prompts, default levels or rules": r"DECISION_PROMPTS|ORIGINAL_LEVEL|\bRULES\b",
    "sorting the hand (Python sends display order)": r"sortHand|suitOrder|rankValue|DISPLAY_ORDER",
    # The replies carry no raw observation (the tests' hook does): the page draws the TableView.
    "a field of the raw observation": r"observation\??\.\w+|\bobs\(\)",
}


def _game_words() -> list[str]:
    """Every game's record name and title, from the rules core (so a new game is covered)."""
    words = []
    for name in GAME_NAMES:
        words += [name, game_class(name).title]
    return words


def offences(text: str) -> list[str]:
    """What in ``text`` is a game's name, a rule's words or game logic."""
    found = [f"the game {word!r}" for word in _game_words() if word.lower() in text.lower()]
    lowered = text.lower()
    found += [f"the rule phrase {phrase!r}" for phrase in RULE_PHRASES if phrase in lowered]
    for what, pattern in CODE_PATTERNS.items():
        match = re.search(pattern, text)
        if match:
            found.append(f"{what} ({match.group()!r})")
    return found


def test_there_are_scripts_to_check() -> None:
    names = {path.name for path in SCRIPTS}
    assert {"draw.js", "table.js", "state.js", "cards.js"} <= names, names
    assert len(_game_words()) >= 10


@pytest.mark.parametrize("path", SCRIPTS, ids=[path.name for path in SCRIPTS])
def test_script_has_no_game_branches_or_rule_text(path: Path) -> None:
    lines = path.read_text(encoding="utf-8").splitlines()
    problems = [f"{path.name}:{number}: {what}"
                for number, line in enumerate(lines, 1) for what in offences(line)]
    assert not problems, "the page's JavaScript knows a game's rules:\n" + "\n".join(problems)


@pytest.mark.parametrize("snippet", [
    'if (o.game === "diminishing-whist") {',
    'document.body.dataset.game = view.game === "x" ? 1 : 2;',
    "for (let n = 5; n <= 13; n++) {",
    "Secondary bets: the other three bet 0–13 tricks",
    'trump: "Name trump (you are the dealer, going for 9)",',
    "reason = `${n} is not allowed: the bids would total ${o.cards}`;",
    'const DISPLAY_ORDER = ["♠", "♥", "♣", "♦"];',
    'for (const d of ["♣", "♦", "♥", "♠", "NT"]) {',
    'export const ORIGINAL_LEVEL = { x: "expectation" };',
    "sortHand(o.hand, o.trump).forEach(draw);",
    'if (decision === "initial_bid") grid();',
    "const n = window.whistTable.view.observation.choose_count;",
    'parts.push(`Target ±${o.target}`);',
    "<p>Three players, 16 cards each, 4 to the kitty.</p>",
], ids=lambda s: s[:30])
def test_the_check_catches_what_the_page_used_to_hold(snippet: str) -> None:
    assert offences(snippet), snippet


@pytest.mark.parametrize("snippet", [
    "const { rank, suit } = parseCard(card);",
    'el.className = `card ${isRed(suit) ? "red" : "black"}`;',
    "const options = table().options;",
    "if (choices.layout === \"grid\") box.appendChild(choiceGrid(choices));",
    "$(\"#status\").textContent = table().prompt;",
    "setTimeout(() => URL.revokeObjectURL(url), 10_000);",
    'progress("python", 0.2, "Starting Python (≈13 MB, first visit only)…");',
], ids=lambda s: s[:30])
def test_the_check_lets_drawing_through(snippet: str) -> None:
    assert not offences(snippet), offences(snippet)

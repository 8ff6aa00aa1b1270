"""Limits on input from outside (records, options, action text) and short quoting of it.

A record, an option or a typed action may come from a careless or hostile
source: a 20,000-character string, a number of 5,000 digits, Unicode digits
such as ``²`` that ``str.isdigit`` accepts and ``int`` refuses.  Readers check
such text with :func:`small_number` before converting it, and every message
quotes outside values through :func:`shown`, so a fault is always one short line.
"""

from __future__ import annotations

import re
import reprlib
from typing import Final

#: Characters of an outside value a message quotes before it cuts the rest.
QUOTE_LIMIT: Final = 40
#: Significant digits of a number in an action (tricks, a face-up position): every
#: valid one has at most two, and four keep ``int`` far from Python's 4,300-digit limit.
ACTION_DIGITS: Final = 4
#: Significant digits of a whole-number option (a target, a number of hands).
OPTION_DIGITS: Final = 9
#: The longest action text read (a 9-5-2 pass of many cards is well under 100).
MAX_ACTION_CHARS: Final = 1000

# Nested containers are shown two levels deep and four items wide: enough to recognise.
_REPR = reprlib.Repr()
_REPR.maxlevel = 2
_REPR.maxlist = _REPR.maxtuple = _REPR.maxdict = _REPR.maxset = 4
_REPR.maxstring = _REPR.maxother = _REPR.maxlong = QUOTE_LIMIT


def shown(value: object, limit: int = QUOTE_LIMIT) -> str:
    """``repr(value)`` cut to about ``limit`` characters, safe for any value.

    Long strings keep their start and say how long they were; numbers too long
    for ``repr`` (over 4,300 digits) say how many digits they have; an object
    whose ``repr`` fails is named by its type.
    """
    if isinstance(value, str):
        if len(value) <= limit:
            return repr(value)
        return f"{value[:limit]!r}… ({len(value)} characters)"
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 4 * limit:
        # repr itself raises past 4,300 digits; the count is enough to say what is wrong.
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    try:
        text = _REPR.repr(value)
    except Exception:  # any repr may fail: a huge int inside, a broken __repr__
        return f"a {type(value).__name__}"
    return text if len(text) <= limit + 20 else text[:limit] + "…"


def small_number(text: str, digits: int = ACTION_DIGITS) -> int | None:
    """The value of ``text`` if it is ASCII digits with at most ``digits`` significant ones.

    None otherwise: ``str.isdigit`` alone also accepts ``²`` and other Unicode
    digits, which ``int`` then refuses or reads unexpectedly, and ``int`` refuses
    more than 4,300 digits.  Leading zeros are allowed (``"03"`` is 3).
    """
    if not (text.isascii() and text.isdigit()):
        return None
    significant = text.lstrip("0") or "0"
    if len(significant) > digits:
        return None
    return int(significant)


#: A JSON escape (valid only inside strings): removed first, so that a string is then
#: simply quote, non-quotes, quote, and finding strings stays linear on any text.
_ESCAPE: Final = re.compile(r"\\.", re.DOTALL)
#: Strings, once escapes are gone: their brackets do not nest anything.
_STRING: Final = re.compile(r'"[^"]*"')
_NOT_BRACKET: Final = re.compile(r"[^\[\]{}]+")


def nests_deeper(text: str, limit: int) -> bool:
    """Whether the JSON ``text`` nests lists and objects more than ``limit`` deep.

    Read before parsing (Python's JSON reader overflows the stack near a thousand
    levels, which in the browser kills the interpreter): strings are removed, then the
    brackets are counted in one pass.  Unbalanced brackets are left to the JSON reader.
    """
    if "[" not in text and "{" not in text:
        return False
    depth = 0
    for bracket in _NOT_BRACKET.sub("", _STRING.sub("", _ESCAPE.sub("", text))):
        if bracket in "[{":
            depth += 1
            if depth > limit:
                return True
        else:
            depth -= 1
    return False


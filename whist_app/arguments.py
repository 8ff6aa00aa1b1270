"""Command-line arguments that fail in one line: the parser every command of
``python -m whist`` shares (the dispatcher in :mod:`whist_app.cli`, terminal play)."""

from __future__ import annotations

import argparse
from typing import NoReturn

#: The longest fault line printed: one line a terminal shows whole.
MAX_MESSAGE = 299


def one_line(message: str, limit: int = MAX_MESSAGE) -> str:
    """``message`` as one line of at most ``limit`` characters (control characters escaped)."""
    # Messages quote outside text through repr, but a last guard costs nothing here.
    text = "".join(c if c.isprintable() else repr(c)[1:-1] for c in message)
    return text if len(text) <= limit else text[:limit - 1] + "…"


class UsageError(Exception):
    """A bad command line, worded by argparse as ``PROG: error: MESSAGE``."""


class OneLineParser(argparse.ArgumentParser):
    """Argument parsing whose errors come back as :class:`UsageError`, not argparse's usage block.

    Its subcommands' parsers are of this class too, so every command line of
    ``python -m whist`` fails in one line (see :func:`whist_app.cli.usage_fault`).
    """

    def error(self, message: str) -> NoReturn:
        """Raise :class:`UsageError` with argparse's message."""
        raise UsageError(f"{self.prog}: error: {message}")

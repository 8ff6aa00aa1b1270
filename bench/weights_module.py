"""Write a fitted model's weights as a Python module: one literal, imported with the engines."""

from __future__ import annotations

import sys
from pathlib import Path


def write_weights_module(out: Path, about: str, name: str, body: str) -> None:
    """Write ``out``: a docstring saying what it is and the command that made it, then ``name``.

    ``body`` is the literal's text (``{...}``), already laid out one row a line.
    """
    command = " ".join(["python", *sys.argv])
    text = (f'"""{about}: generated, do not edit.\n\nMade by: {command}\n"""\n\n'
            f"from typing import Any\n\n{name}: dict[str, Any] = {body}\n")
    out.write_text(text)
    print(f"wrote {out}")

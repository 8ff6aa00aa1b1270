"""The one progress bar of the long commands (engines/progress.py), as the arena and the review draw it."""

from __future__ import annotations

import io

import pytest

from engines.arena import main as arena_main
from engines.progress import Progress


def test_the_bar_fills_counts_and_ends_its_line() -> None:
    out = io.StringIO()
    bar = Progress("decisions", out, width=10)
    bar.close()
    assert out.getvalue() == ""  # never drawn: no empty line either
    bar(0, 4)
    bar(2, 4)
    bar(9, 4)  # more than the total: the bar is full, no time left
    bar.close()
    frames = out.getvalue().split("\r")[1:]
    assert frames[0].startswith("[..........] 0/4 decisions, ") and "left" not in frames[0]
    assert frames[1].startswith("[#####.....] 2/4 decisions, ") and "s left" in frames[1]
    assert frames[2].startswith("[##########] 9/4 decisions, ") and "about 0 s left" in frames[2]
    assert out.getvalue().endswith("\n")
    labelled = io.StringIO()
    Progress("decisions", labelled, width=2, label="reviewing")(1, 2)
    assert labelled.getvalue().startswith("\rreviewing [#.] 1/2 decisions, ")
    empty = io.StringIO()
    Progress("deals", empty, width=4)(0, 0)
    assert empty.getvalue().startswith("\r[####] 0/0 deals")


def test_the_arena_draws_it_on_standard_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert arena_main(["diminishing-whist", "--seats", "random,random,random,random",
                       "--deals", "2", "--seed", "1", "--progress"]) == 0
    err = capsys.readouterr().err
    assert "\r[" in err and "2/2 deals" in err and err.endswith("\n")

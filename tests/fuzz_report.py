"""A line for the person running the fuzzing tests: how many inputs were tried, and what they got."""

from __future__ import annotations

import pytest


def say_after_module(request: pytest.FixtureRequest, line: str) -> None:
    """Print ``line`` on the terminal, past pytest's capture (from a module fixture's teardown).

    The team's notes quote these counts; nothing is printed when pytest runs without
    its terminal reporter.
    """
    plugins = request.config.pluginmanager
    reporter = plugins.get_plugin("terminalreporter")
    capture = plugins.get_plugin("capturemanager")
    if reporter is None or capture is None:
        return
    # Teardown output is captured like a test's.
    with capture.global_and_fixture_disabled():
        reporter.write_line(line)

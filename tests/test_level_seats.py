"""bench/level_seats.py: the page's levels as arena seats search the level's rollouts."""

from __future__ import annotations

from bench.level_seats import Advanced, Expert
from engines.levels import load_engine
from whist.games import new_game


def test_the_seats_search_what_the_levels_search() -> None:
    state = new_game("diminishing-whist", seed=3)
    seat = state.to_move
    assert seat is not None
    obs, legal = state.observe(seat), state.legal_actions()
    for seat_class, level in ((Expert, "expert"), (Advanced, "advanced")):
        mine = seat_class(seed=5, budget=1.0, iterations=10)
        page = load_engine(level, "diminishing-whist", seed=5)
        assert mine.choose(obs, legal) == page.choose(obs, legal)
        assert mine.last_stats["rollouts"] == page.last_stats["rollouts"]
        assert (mine.iterations, mine.budget) == (page.iterations, page.budget)

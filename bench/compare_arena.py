"""Two ``engines/arena.py`` runs against the same opponent compared deal by deal.

    python bench/compare_arena.py BASE.json TRY.json [--opponent NAME] [--json]

Both files are the arena's ``--json`` line (or a file ending with it), made on the same
game, seed and deals, each with its engine first and the same opponent level in the
other seats (default: the one opponent both runs name).  For each: the engine's mean
difference against the opponent with its 95% t interval; then the try's difference
minus the base's, deal by deal (the same cards, so most of the deals' luck cancels).
The arena's runs are deterministic at fixed ``--iterations``.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engines.arena import mean_ci  # noqa: E402


def load(path: Path) -> dict[str, Any]:
    """The arena summary in ``path`` (its last line); SystemExit with one line if none."""
    try:
        lines = path.read_text().strip().splitlines()
        summary: dict[str, Any] = json.loads(lines[-1])
        summary["differences"]  # noqa: B018 (the shape is checked here)
        summary["seed"], summary["deals"], summary["game"]  # noqa: B018
    except (OSError, ValueError, KeyError, IndexError, TypeError) as error:
        raise SystemExit(f"compare_arena: {path} is not an arena --json result "
                         f"({type(error).__name__}: {error})") from None
    return summary


def compare(base: dict[str, Any], tried: dict[str, Any],
            opponent: str | None = None) -> dict[str, Any]:
    """Each run's difference against ``opponent`` and the try minus the base, deal by deal."""
    for key in ("game", "seed", "deals", "options"):
        if base.get(key) != tried.get(key):
            raise SystemExit(f"compare_arena: the runs differ in {key} "
                             f"({base.get(key)!r} against {tried.get(key)!r})")
    shared = sorted(set(base["differences"]) & set(tried["differences"]))
    if opponent is None:
        if len(shared) != 1:
            raise SystemExit("compare_arena: name the opponent (--opponent); the runs share "
                             f"{', '.join(shared) or 'none'}")
        opponent = shared[0]
    sides = {}
    for side, run in (("base", base), ("try", tried)):
        found = run["differences"].get(opponent)
        if found is None or "by_deal" not in found:
            raise SystemExit(f"compare_arena: the {side} run has no deal-by-deal difference "
                             f"against {opponent!r} (an arena run from before by_deal?)")
        mean, low, high = mean_ci(found["by_deal"])
        sides[side] = {"engine": run["first"], "iterations": run.get("iterations"),
                       "mean": mean, "ci_low": low, "ci_high": high,
                       "exact_bid_rate": run["engines"][run["first"]].get("exact_bid_rate"),
                       "by_deal": found["by_deal"]}
    diffs = [t - b for b, t in zip(sides["base"].pop("by_deal"), sides["try"].pop("by_deal"),
                                   strict=True)]
    mean, low, high = mean_ci(diffs)
    return {"game": base["game"], "seed": base["seed"], "deals": base["deals"],
            "opponent": opponent, **sides,
            "deal_by_deal": {"mean": mean, "ci_low": low, "ci_high": high}}


def report(figures: dict[str, Any]) -> list[str]:
    """The comparison in words."""
    lines = [f"{figures['game']}, {figures['deals']} deals from seed {figures['seed']}, "
             f"against {figures['opponent']}:"]
    for side in ("base", "try"):
        f = figures[side]
        exact = f["exact_bid_rate"]
        lines.append(f"{side}: {f['engine']} at {f['iterations']} iterations, "
                     f"{f['mean']:+.2f} [{f['ci_low']:+.2f}, {f['ci_high']:+.2f}]"
                     + ("" if exact is None else f", exact bids {exact:.1%}"))
    d = figures["deal_by_deal"]
    lines.append(f"try - base, deal by deal: {d['mean']:+.2f} "
                 f"[{d['ci_low']:+.2f}, {d['ci_high']:+.2f}]")
    return lines


def main(argv: list[str] | None = None) -> int:
    """Compare and print."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("base", type=Path)
    parser.add_argument("tried", type=Path, metavar="try")
    parser.add_argument("--opponent")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    figures = compare(load(args.base), load(args.tried), args.opponent)
    print(json.dumps(figures) if args.json else "\n".join(report(figures)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

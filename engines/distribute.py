"""Run one function over many inputs: in this process, in worker processes, or on a Ray cluster.

The arena (``engines/arena.py``) and self-play data generation
(``bench/bid_errors.py``) map a module-level function over independent,
self-seeded jobs (a deal, a game).  :func:`map_ordered` returns the results in
input order whatever runs them, so a run's results are the same in one
process, over ``workers`` processes (multiprocessing, the default) and on a
Ray cluster (``ray_address``).

Ray is an optional extra (``pip install 'whist-table[ray]'``) and is imported
only when a Ray address is given.  ``"local"`` starts a private Ray instance
on this machine for the run (``workers`` CPUs) and stops it afterwards; any
other address (``"auto"``, ``"HOST:6379"``, ``"ray://HOST:10001"``) joins a
running cluster (``ray start --head`` on the first machine, ``ray start
--address HOST:6379`` on the others).  The packages ``whist`` and ``engines``
(and the function's own top-level package) are shipped with the tasks, so the
cluster's machines need Ray and Python 3.11 but not this checkout.
Not part of the page's bundle (``scripts/vendor_web.py``).
"""

from __future__ import annotations

import logging
import multiprocessing
import os
import sys
from collections.abc import Callable, Iterable
from types import ModuleType
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

#: The line printed when a Ray address is given but Ray is not installed.
RAY_MISSING = "--ray needs the optional extra: pip install 'whist-table[ray]'"


class DistributeError(RuntimeError):
    """Ray is not installed, or the Ray cluster cannot be reached (a one-line message)."""


def map_ordered(fn: Callable[[T], R], items: Iterable[T], workers: int = 1,
                ray_address: str | None = None,
                progress: Callable[[int], None] | None = None) -> list[R]:
    """``[fn(item) for item in items]``, in input order, however it is run.

    ``workers <= 1`` (and no ``ray_address``): a plain loop in this process.
    ``workers > 1``: a multiprocessing pool of that many processes.
    ``ray_address``: Ray tasks (``"local"`` starts a local instance with
    ``workers`` CPUs; anything else is passed to ``ray.init(address=...)``).
    ``fn`` must be picklable (a module-level function), and so must the items
    and results.  ``progress``, when given, is called with the number of
    results gathered so far after each one.
    """
    jobs = list(items)
    if ray_address is not None:
        return _map_ray(fn, jobs, workers, ray_address, progress)
    results: list[R] = []
    if workers <= 1 or len(jobs) <= 1:
        for job in jobs:
            results.append(fn(job))
            if progress:
                progress(len(results))
        return results
    # fork, not spawn, where there is one: workers start at once and inherit what the
    # parent imported (Windows has only spawn).
    context = multiprocessing.get_context("spawn" if sys.platform == "win32" else "fork")
    with context.Pool(min(workers, len(jobs))) as pool:
        for result in pool.imap(fn, jobs, chunksize=1):
            results.append(result)
            if progress:
                progress(len(results))
    return results


def import_ray() -> Any:
    """The ``ray`` module; :class:`DistributeError` (:data:`RAY_MISSING`) when it is not installed."""
    # Ray reports usage statistics over the network unless told not to; the user may
    # still opt in by setting the variable.
    os.environ.setdefault("RAY_USAGE_STATS_ENABLED", "0")
    try:
        import ray
    except ImportError:
        raise DistributeError(RAY_MISSING) from None
    return ray


def _shipped_packages(fn: Callable[..., Any]) -> list[ModuleType]:
    """The packages a task needs on a machine without this checkout."""
    import engines
    import whist
    packages: list[ModuleType] = [whist, engines]
    # A function of another package (bench.x, say) is pickled by reference, so its
    # package travels too; one of __main__ (a script) is pickled by value.
    top = sys.modules.get(getattr(fn, "__module__", "__main__").partition(".")[0])
    if top is not None and top.__name__ != "__main__" and hasattr(top, "__path__") \
            and top not in packages:
        packages.append(top)
    return packages


def _map_ray(fn: Callable[[T], R], jobs: list[T], workers: int, address: str,
             progress: Callable[[int], None] | None) -> list[R]:
    """:func:`map_ordered` on Ray: one task per job, gathered in input order."""
    ray = import_ray()
    started = False
    if not ray.is_initialized():
        options: dict[str, Any] = {
            "runtime_env": {"py_modules": _shipped_packages(fn)},
            "include_dashboard": False,
            # Ray's start-up chatter (addresses, dashboard) is not part of a run's report.
            "logging_level": logging.WARNING,
        }
        options["address"] = address  # "local": a new instance, even if RAY_ADDRESS is set
        if address == "local":
            options["num_cpus"] = max(1, workers)
        try:
            ray.init(**options)
        except (ConnectionError, ValueError, RuntimeError) as error:
            first = str(error).strip().splitlines()[0] if str(error).strip() else type(error).__name__
            raise DistributeError(f"cannot start or reach Ray at {address!r}: {first[:200]}") from error
        started = True
    try:
        task = ray.remote(fn)
        refs = [task.remote(job) for job in jobs]
        results: list[R] = []
        # Gathered one by one in input order (not as they finish), so the order and
        # the progress count are those of a local run.
        for ref in refs:
            results.append(ray.get(ref))
            if progress:
                progress(len(results))
        return results
    finally:
        # A Ray connection this call made is closed (and a "local" instance stopped);
        # one the caller made is left alone.
        if started:
            ray.shutdown()

"""``strong`` with other settings, as engine specs the arena loads (``bench.strong_variants:Name``).

The arena passes an engine only its iteration budget; these subclasses fix the
other settings measured in docs/strength.md (run from the repository's root).
"""

from __future__ import annotations

from typing import ClassVar

from engines.strong import StrongEngine


class Endgame4(StrongEngine):
    """Worlds solved exactly from four cards a hand (the default: three)."""

    default_endgame: ClassVar[int] = 4

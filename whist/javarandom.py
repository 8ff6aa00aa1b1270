"""``java.util.Random``, bit for bit: the generator the original Classic Whist drew from.

Java's generator is a 48-bit linear congruential generator.  Reproducing the
original program's deals, trumps, leaders and random moves needs exactly its
seed scrambling, ``next(bits)`` and ``nextInt(bound)`` (with the power-of-two
shortcut and the rejection loop), so they are written out here as Java
defines them.  The class is also a ``random.Random``, so code that only needs
"a generator" (shuffles, sampled worlds) can use it as one.
"""

from __future__ import annotations

import random
from typing import Any, Final

MULTIPLIER: Final = 0x5DEECE66D
ADDEND: Final = 0xB
MASK: Final = (1 << 48) - 1
_INT_RANGE: Final = 1 << 31


def _signed32(value: int) -> int:
    """Reinterpret the low 32 bits of ``value`` as a Java ``int``."""
    value &= 0xFFFFFFFF
    return value - (1 << 32) if value & 0x80000000 else value


class JavaRandom(random.Random):
    """A ``java.util.Random``: ``JavaRandom(42).next_int(10)`` is ``new Random(42).nextInt(10)``."""

    _seed48: int

    def __init__(self, seed: int | None = None) -> None:
        """Seed like ``new Random(seed)``; with no seed, from the system's randomness."""
        super().__init__(seed)

    def seed(self, a: Any = None, version: int = 2) -> None:  # noqa: ARG002 (random.Random's signature)
        """Java's ``setSeed``: scramble the seed with the multiplier (a None seed draws one)."""
        if a is None:
            a = random.SystemRandom().getrandbits(64)
        elif not isinstance(a, int):
            # Strings or bytes: make a stable integer the way random.Random would.
            a = random.Random(a).getrandbits(64)
        self._seed48 = (a ^ MULTIPLIER) & MASK

    def next_bits(self, bits: int) -> int:
        """Java's ``next(bits)``: advance the generator, return its top ``bits`` bits as an int."""
        self._seed48 = (self._seed48 * MULTIPLIER + ADDEND) & MASK
        return _signed32(self._seed48 >> (48 - bits))

    def next_int(self, bound: int | None = None) -> int:
        """Java's ``nextInt()`` (no bound: any 32-bit int) or ``nextInt(bound)`` in [0, bound)."""
        if bound is None:
            return self.next_bits(32)
        if bound <= 0:
            raise ValueError("bound must be positive")
        r = self.next_bits(31)
        m = bound - 1
        if bound & m == 0:
            # A power of two: take the high bits, as Java does.
            return (bound * r) >> 31
        u = r
        r = u % bound
        # Java rejects draws from the incomplete last block (an int overflow test there).
        while u - r + m >= _INT_RANGE:
            u = self.next_bits(31)
            r = u % bound
        return r

    def next_long(self) -> int:
        """Java's ``nextLong()``."""
        high = self.next_bits(32)
        value = (high << 32) + self.next_bits(32)
        value &= (1 << 64) - 1
        return value - (1 << 64) if value >> 63 else value

    def next_double(self) -> float:
        """Java's ``nextDouble()``."""
        return ((self.next_bits(26) << 27) + self.next_bits(27)) * (1.0 / (1 << 53))

    # --------------------------------------------- random.Random interface
    def random(self) -> float:
        """A float in [0, 1) from the Java stream (``nextDouble``)."""
        return self.next_double()

    def getrandbits(self, k: int) -> int:
        """``k`` random bits, 32 at a time from the Java stream."""
        if k < 0:
            raise ValueError("number of bits must be non-negative")
        out = 0
        have = 0
        while have < k:
            take = min(32, k - have)
            out |= (self.next_bits(take) & ((1 << take) - 1)) << have
            have += take
        return out

    def getstate(self) -> tuple[Any, ...]:
        """The generator's state, for :meth:`setstate`."""
        return ("java.util.Random", self._seed48)

    def setstate(self, state: tuple[Any, ...]) -> None:
        """Restore a state from :meth:`getstate`."""
        if len(state) != 2 or state[0] != "java.util.Random":
            raise ValueError("not a JavaRandom state")
        self._seed48 = int(state[1]) & MASK

    def copy(self) -> JavaRandom:
        """An independent generator in the same state."""
        other = JavaRandom(0)
        other._seed48 = self._seed48
        return other

"""Bounded memos of pure work: the core's only state, and why it may have it.

The core has no I/O and no global state that changes a result (h11's rule), and
it keeps it so. Its JSON boundary is stateless too: the score sheet sends the
whole game after every change, and the core answers from the request alone. But
a sheet of 60 deals that gains one more would then be read, scored and
explained 61 times over for one new deal. So the few steps that are pure
functions of immutable values are memoized:

* reading one deal of a game (its JSON text and the game's rules → the
  :class:`~belot_core.model.Deal`, or None when it has a problem);
* scoring a deal on the sheet (the deal, its rules included, and the hanging
  points carried in → the :class:`~belot_core.rules.DealResult`);
* writing a result as JSON (the result, the teams' names and whether its
  explanation is asked for → the JSON value);
* writing a row of the sheet's answer as JSON text (the row, the names and
  whether it is explained → the text, joined with the other rows' into the
  answer, which is then the same text as the whole answer written at once).

Each key holds everything its value depends on, and every value is immutable
or never changed after it is made (the JSON values are copied into each
answer, never written to), so a memo can only return what the work would have
computed: the answers are the same with the memos full or empty (a property
test says so). Recording one more deal then reads, scores, explains and writes
one deal; editing deal 1 works out again deal 1 and every later deal whose hanging
points carried in changed -- nothing else.

The values used as keys -- a deal, a result -- work out their hash once
(:func:`hash_once`), so looking up a whole game's deals costs a few dictionary
lookups, not a walk through every field of every deal.

Bounded: each memo keeps the :data:`MEMO_SIZE` entries used last
(:func:`functools.lru_cache`), so a long session holds at most a few MB however
many games it scores. :func:`clear` empties them (tests and benchmarks);
:func:`stats` tells how they do.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import fields
from functools import lru_cache
from typing import Any, Protocol

__all__ = ["MEMO_SIZE", "CacheInfo", "Memo", "clear", "hash_once", "memoized", "stats"]

MEMO_SIZE = 512
"""Entries each memo keeps: the deals of the longest game (100) with room for its edits
and a few more games (the sheet checks every stored game when it opens)."""


class CacheInfo(Protocol):
    """How a memo does, as :func:`functools.lru_cache` counts it."""

    @property
    def hits(self) -> int:
        """Calls answered from the memo."""

    @property
    def misses(self) -> int:
        """Calls worked out."""

    @property
    def currsize(self) -> int:
        """Entries kept now."""


class Memo[R](Protocol):
    """A function with a bounded memo: what :func:`memoized` gives.

    The shape of the wrapper :func:`functools.lru_cache` makes, written here
    because its class (``functools._lru_cache_wrapper``) is private to the
    standard library: the core names no private name of another module.
    """

    def __call__(self, *args: Any, **kwargs: Any) -> R:
        """The function's result, from the memo if it holds it."""

    def cache_clear(self) -> None:
        """Empty the memo."""

    def cache_info(self) -> CacheInfo:
        """Hits, misses and the memo's size."""


_MEMOS: dict[str, Memo[object]] = {}


def memoized[R](function: Callable[..., R]) -> Memo[R]:
    """``function`` with a bounded memo (its arguments must be hashable and the
    function pure: its result depends on them alone and is never changed)."""
    memo = lru_cache(maxsize=MEMO_SIZE)(function)
    _MEMOS[f"{function.__module__}.{function.__qualname__}"] = memo
    return memo


def clear() -> None:
    """Empty every memo: the next requests work everything out again."""
    for memo in _MEMOS.values():
        memo.cache_clear()


def stats() -> dict[str, dict[str, int]]:
    """Each memo's hits, misses and size, by the name of the function it keeps."""
    return {
        name: {"hits": info.hits, "misses": info.misses, "size": info.currsize}
        for name, memo in _MEMOS.items()
        for info in (memo.cache_info(),)
    }


def hash_once(value: Any) -> int:
    """The hash of a frozen dataclass by its compared fields (as ``@dataclass``
    makes it), worked out on first use and kept in its ``_hash`` field (a field
    with ``init=False, compare=False, default=0``)."""
    known: int = value._hash
    if known:
        return known
    compared = tuple(getattr(value, item.name) for item in fields(value) if item.compare)
    computed = hash(compared) or 1
    object.__setattr__(value, "_hash", computed)
    return computed

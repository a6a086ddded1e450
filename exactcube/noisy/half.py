"""Old import path of the first order at eps = 1/2, now :func:`exactcube.noisy.eps.ends.first_order_at_half`,
kept for one release (CHANGELOG.md, 0.2.0)."""

from .eps.ends import MAX_HALF_HEAP, FirstOrder, first_order_at_half  # noqa: F401

__all__ = ["FirstOrder", "first_order_at_half", "MAX_HALF_HEAP"]

"""Where the doubling cube is: one vocabulary for every model and command.

Seen from the player whose values are computed (the player on roll in a race or a bearoff,
player A in the continuous game, the player *a*-away at a match score), the cube is
**centred**, **mine** (that player owns it), **theirs** (the opponent owns it), or **dead**
(no more doubling: the continuous game with no doubles left).  :data:`ALIASES` lists every
spelling a reader may type; :meth:`Owner.parse` reads one and refuses the rest with one line.
Every model (``race.cubeful``, ``race.bearoff``, ``brownian``, ``match``) and every ``--cube``
option reads the cube's place through this module.
"""

from __future__ import annotations

from enum import Enum

from .errors import BadInput

__all__ = ["Owner", "ALIASES", "LIVE", "ALL"]


class Owner(str, Enum):
    """The cube's place, from the side of the player whose values are computed."""

    CENTRED = "centred"
    MINE = "mine"
    THEIRS = "theirs"
    DEAD = "dead"

    @classmethod
    def parse(cls, text, allowed: tuple = None) -> "Owner":
        """Read any spelling of :data:`ALIASES`; ``allowed`` (default :data:`LIVE`: centred, mine,
        theirs) are the places the caller answers for.  BadInput on anything else."""
        allowed = LIVE if allowed is None else tuple(cls(a) for a in allowed)
        if isinstance(text, Owner):
            owner = text
        else:
            owner = ALIASES.get(str(text).strip().lower())
        if owner is None or owner not in allowed:
            names = [a.value for a in allowed]
            raise BadInput(f"cube {text!r}: use {', '.join(names[:-1])} or {names[-1]}")
        return owner

    @property
    def other(self) -> "Owner":
        """The same place seen from the other player (mine and theirs swap)."""
        return {Owner.MINE: Owner.THEIRS, Owner.THEIRS: Owner.MINE}.get(self, self)


#: The places a live cube can be.
LIVE = (Owner.CENTRED, Owner.MINE, Owner.THEIRS)
#: Every place, the dead cube included.
ALL = LIVE + (Owner.DEAD,)

#: Every accepted spelling (lower case) and the place it means.  "A" and "B" are the continuous
#: game's players and the match's a-away and b-away players: A is the player the values are for.
ALIASES = {
    **{s: Owner.CENTRED for s in ("centred", "centre", "center", "centered", "middle", "c")},
    **{s: Owner.MINE for s in ("mine", "me", "my", "own", "owned", "o", "a")},
    **{s: Owner.THEIRS for s in ("theirs", "them", "their", "opponent", "opp", "t", "b")},
    "dead": Owner.DEAD,
}

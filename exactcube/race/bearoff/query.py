r"""A bearoff query answered: one position, or a pair of positions, to an exact :class:`Result`.

This module decides which engine answers a query (the command line only parses and renders):

=====================  ==========================================================  ===============================
question               engine (first that applies)                                  evidence
=====================  ==========================================================  ===============================
one position           a cached one-sided table that holds it (:mod:`.cache`); a    exact
                       position of up to 6 checkers solved in memory; else the
                       15-checker table, built once into the cache folder
its gammon             the cached gammon table (15 checkers), built once            exact
distribution
a pair, no gammon      a saved table (``db``); a cached two-sided table that holds  exact
possible               it; on the fly (:func:`.twosided.build` over the positions
                       reachable, up to :data:`ON_THE_FLY`); the 6-checker table
                       built once when the pair is larger; the recursion with
                       gammons (:mod:`.gammons`) for the rest
a pair, gammons        the exact recursion with gammons over the reachable pairs    exact
possible               (up to :data:`.gammons.EXACT_PAIR_LIMIT`)
a pair beyond that     the one-sided estimate (:func:`.gammons.one_sided_estimate`) exact sums under two readings:
                       with Janowski's interpolation (:func:`.janowski.             the one-sided model and
                       cubeful_from_chances`), or a refusal (``estimate=False``)    Janowski's interpolation
=====================  ==========================================================  ===============================

Every cube decision is a :class:`exactcube.race.cubeful.Decision` made by
:func:`exactcube.race.cubeful.decide` (:meth:`.twosided.Entry.decision`), the rule of every
cube decision in the library; those of the estimate are :class:`EstimatedDecision`, which names
its readings.

Long work is announced through ``hooks`` (:class:`Hooks`): ``notice(text)`` for one line
(a table built once, with its expected CPU time; an estimate before a long solve) and
``bar(description, total)`` for a progress bar; by default both are silent.

Reference: the engines' modules; GNU Backgammon 1.07 for the estimate (eval.c ``Cl2CfMoney``).
"""

from __future__ import annotations

import os
from contextlib import contextmanager
from dataclasses import dataclass

from ...errors import BadInput, TooLarge
from ...numbers import mpq
from ...results import Result, assumption
from ..cubeful import Cube, Decision
from . import cache
from .gammons import ONE_SIDED_MODEL
from .onesided import Distribution
from .positions import MAX_CHECKERS, key_of, n_positions

__all__ = ["Hooks", "OneSideAnswer", "PairAnswer", "EstimatedPair", "EstimatedDecision", "JANOWSKI_READING",
           "SILENT", "one_side", "pair", "build_seconds", "build_one_sided", "build_gammons", "build_two_sided",
           "ON_THE_FLY", "CUBES", "asked_cube", "build_all"]

#: The three cube states, seen from the side on roll.
CUBES = ("centred", "mine", "theirs")

#: Two-sided queries reaching at most this many positions are solved on the fly (about 1 s) when no table is cached.
ON_THE_FLY = 300

JANOWSKI_READING = assumption(
    "bearoff.janowski-interpolation",
    "Cubeful equities are the cubeless chances put through Janowski's interpolation with a constant "
    "cube-life index x (gnubg's Cl2CfMoney), not the game's cubeful values.")


class _Bar:
    def advance(self, n=1, description=None):
        pass

    def __call__(self, done, total):  # a progress(done, total) callback (exactcube.progress)
        pass


@dataclass(frozen=True)
class Hooks:
    """How a query reports long work: ``notice(text)`` prints one line, ``bar(description, total)``
    is a context manager yielding an object with ``advance(n)``, ``estimate(seconds, how)`` is told the
    expected CPU seconds of a long step before it starts (the command line prints it and refuses a run over
    an hour without --force; without it the estimate is a notice).  Silent by default."""

    notice: object = None
    bar: object = None
    estimate: object = None

    def say(self, text: str) -> None:
        if self.notice is not None:
            self.notice(text)

    def cost(self, seconds: float, how: str) -> None:
        """Report the expected CPU ``seconds`` of the step ``how`` before it runs."""
        if self.estimate is not None:
            self.estimate(seconds, how)
        else:
            self.say(f"{how}; estimate about {max(1, round(seconds)):,} s of CPU")

    @contextmanager
    def progress(self, description: str, total):
        if self.bar is None:
            yield _Bar()
        else:
            with self.bar(description, total) as b:
                yield b


#: No notices, no progress bars.
SILENT = Hooks()


def build_seconds(kind: str, checkers: int) -> int:
    """CPU seconds a build takes here (docs/bearoff.md, "Speed"): one side about 2 s for the 54,264
    positions of 15 checkers, in proportion to the positions; the gammon table under 1 s; two sides
    about 16 s for 6 checkers a side, about 5 times more per checker."""
    if kind == "gammon":
        return 1
    if kind == "os":
        return max(1, round(2 * n_positions(checkers) / n_positions(MAX_CHECKERS)))
    return max(1, round(16 * 5 ** (checkers - 6)))


def build_one_sided(folder: str, checkers: int, hooks: Hooks = SILENT, tail: str = "") -> str:
    """Build the one-sided table into ``folder`` (:func:`.cache.build_one_sided`), announced with its
    expected CPU time and shown as a progress bar; returns its path."""
    hooks.say(f"building the one-sided table for up to {checkers} checkers into {folder} once "
              f"(about {build_seconds('os', checkers)} s of CPU here){tail}")
    with hooks.progress(f"one-sided table, up to {checkers} checkers", n_positions(checkers)) as bar:
        return cache.build_one_sided(folder, checkers, bar)


def build_gammons(folder: str, hooks: Hooks = SILENT, tail: str = "") -> str:
    """Build the gammon table (15 checkers) into ``folder`` (:func:`.cache.build_gammons`), announced
    and shown as :func:`build_one_sided`; returns its path."""
    hooks.say(f"building the gammon table (15 checkers) into {folder} once "
              f"(about {build_seconds('gammon', MAX_CHECKERS)} s of CPU here){tail}")
    with hooks.progress("gammon table, 15 checkers", n_positions(MAX_CHECKERS)) as bar:
        return cache.build_gammons(folder, bar)


def build_two_sided(folder: str, checkers: int, hooks: Hooks = SILENT, tail: str = "") -> str:
    """Build the two-sided table into ``folder`` (:func:`.cache.build_two_sided`), one progress step per
    pip level, announced with its expected CPU time; returns its path."""
    from .cache import CHECKPOINT_CHECKERS

    resume = (f"; an interrupted build resumes from {cache.ts_path(folder, checkers)}.partial"
              if checkers >= CHECKPOINT_CHECKERS else "")
    hooks.say(f"building the two-sided table for up to {checkers} checkers a side into {folder} once "
              f"(about {build_seconds('ts', checkers)} s of CPU here){resume}{tail}")
    with hooks.progress(f"two-sided table, up to {checkers} checkers a side", None) as bar:
        return cache.build_two_sided(folder, checkers, bar)


def build_all(folder: str, checkers: int | None = None, hooks: Hooks = SILENT) -> list[tuple[str, str | None]]:
    """``bearoff --build``: the one-sided table (15 checkers, or ``checkers``), with 15 the gammon table,
    and the two-sided table (6 checkers, or ``checkers`` up to :data:`.twosided.MAX_TABLE_CHECKERS`).
    Returns ``(what, path)`` for each, ``path`` None for a table not built (too many checkers)."""
    from .twosided import MAX_TABLE_CHECKERS

    one, two = checkers or MAX_CHECKERS, checkers or 6
    cache.folder_ready(folder)  # a bad folder is refused before any notice
    seconds = (build_seconds("os", one) + (build_seconds("gammon", one) if one == MAX_CHECKERS else 0)
               + (build_seconds("ts", two) if two <= MAX_TABLE_CHECKERS else 0))
    hooks.cost(seconds, f"building the bearoff tables into {folder}, from the build times measured here")
    done = [(f"one-sided table, up to {one} checkers", build_one_sided(folder, one, hooks))]
    if one == MAX_CHECKERS:
        done.append((f"gammon table, {MAX_CHECKERS} checkers", build_gammons(folder, hooks)))
    if two > MAX_TABLE_CHECKERS:
        done.append((f"two-sided table: not built for {two} checkers (at most {MAX_TABLE_CHECKERS} a side)", None))
    else:
        done.append((f"two-sided table, up to {two} checkers", build_two_sided(folder, two, hooks)))
    return done


def asked_cube(asked, fields: dict | None = None, value: int | None = None) -> tuple[str | None, int]:
    """The cube a query answers for: ``(state, value)`` from the asked state (any spelling of
    :class:`exactcube.owner.Owner`, or None) and value (a power of 2, or None) and an ID's own
    ``fields`` (``cube``, ``cube_value``), which stand when nothing is asked; BadInput when they differ."""
    fields = fields or {}
    state = Cube.parse(asked).value if asked is not None else None
    if value is not None and (value < 1 or value & (value - 1)):
        raise BadInput(f"--cube-value must be a power of 2, got {value}")
    own, own_value = fields.get("cube"), fields.get("cube_value")
    for mine, theirs, option in ((state, own, f"--cube {asked}"), (value, own_value, f"--cube-value {value}")):
        if mine is not None and theirs is not None and mine != theirs:
            raise BadInput(f"{option} conflicts with the {fields.get('format', 'ID')}'s cube ({own}, value "
                           f"{own_value}); drop the option or change the ID")
    return state or own, value or own_value or 1


# --------------------------------------------------------------------------- one side


@dataclass(frozen=True)
class OneSideAnswer(Result):
    """One position: its distribution of the number of rolls to bear off, and with 15 checkers
    the distribution of the rolls until its first checker is off (the gammon distribution)."""

    SOURCE = "exact one-sided DP (exactcube.race.bearoff.onesided)"
    VALUES = ("distribution", "gammon")

    position: tuple
    distribution: Distribution
    gammon: Distribution | None = None

    @property
    def method(self) -> str:
        return self.distribution.method


def one_side(counts, folder: str | None = None, hooks: Hooks = SILENT) -> OneSideAnswer:
    """The exact distributions of ``counts`` (module docstring's table), from the cache ``folder``
    (default :func:`.cache.cache_dir`), the tables built there first when needed."""
    from .onesided import distribution

    counts = tuple(int(c) for c in counts)
    n = sum(counts)
    folder = cache.cache_dir(folder)
    have = [c for c in cache.cached_checkers(folder, "os") if c >= n]
    if have or n > 6:
        c = have[0] if have else MAX_CHECKERS
        if not have:
            build_one_sided(folder, c, hooks, "; later queries read it")
        d = cache.one_sided_distribution(folder, c, counts, hooks.say)
    else:
        d = distribution(counts)
    g = None
    if n == MAX_CHECKERS:
        if not os.path.exists(cache.gammon_path(folder)):
            build_gammons(folder, hooks, "; later queries read it")
        g = cache.gammon_distribution(folder, counts, hooks.say)
    return OneSideAnswer(counts, d, g)


# --------------------------------------------------------------------------- two sides


class EstimatedDecision(Decision):
    """A cube decision on the one-sided estimate's cubeful equities: the rule of
    :func:`exactcube.race.cubeful.decide`, on values that rest on two readings."""

    ASSUMPTIONS = (ONE_SIDED_MODEL.id, JANOWSKI_READING.id)


@dataclass(frozen=True)
class PairAnswer(Result):
    """A pair, the side on roll first: cubeless chances and equity, and the cube decision in each
    cube state asked (``cube``: state -> :class:`exactcube.race.cubeful.Decision`), per unit cube.
    ``cube_value`` and the IDs echo the cube the query was asked for."""

    SOURCE = "exact two-sided bearoff recursions (exactcube.race.bearoff.twosided, .gammons)"

    mine: tuple
    theirs: tuple
    win: mpq
    win_gammon: mpq
    lose_gammon: mpq
    cubeless_equity: mpq
    gammons: str
    jacoby: bool
    cube: dict
    cube_value: int
    gnubg_id: str
    xgid: str
    conventions: str
    method: str
    evidence: str = "exact"


@dataclass(frozen=True)
class EstimatedPair(PairAnswer):
    """A pair beyond the exact limit: the one-sided estimate with Janowski's interpolation at
    cube-life index ``cube_x``; ``cubeful`` says what the cubeful values are."""

    ASSUMPTIONS = (ONE_SIDED_MODEL.id, JANOWSKI_READING.id)

    cube_x: mpq = mpq(3, 5)
    cubeful: str = ""


def conventions(x, y, gammons: bool = True, jacoby: bool = False) -> str:
    """The rules a pair's values are computed under, in one line (money game, gammons, Jacoby, ...)."""
    return _conventions(_gammons_label(x, y, gammons), jacoby)


def _conventions(gammons: str, jacoby: bool) -> str:
    jac = "Jacoby rule (gammons single while the cube is centred)" if jacoby else "no Jacoby rule"
    return f"money game; gammons: {gammons}; no backgammons in a bearoff; {jac}; no beavers; unlimited redoubles"


def _gammons_label(x, y, gammons: bool) -> str:
    if MAX_CHECKERS not in (sum(x), sum(y)):
        return "none possible (no side has 15 checkers)"
    return "counted" if gammons else "ignored (--no-gammons)"


def pair(x, y, cubes=CUBES, cube_value: int = 1, gammons: bool = True, jacoby: bool = False,
         estimate: bool = True, cube_x=None, db: str | None = None, folder: str | None = None,
         hooks: Hooks = SILENT) -> PairAnswer:
    """Roller ``x`` against ``y`` (counts on points 1..6): the exact values by the first engine of
    the module docstring's table that applies, the cube decisions for ``cubes``.  ``cube_value``
    is echoed (values are per unit cube); ``gammons=False`` counts every loss single; ``jacoby``
    the Jacoby rule; ``estimate=False`` refuses (TooLarge) rather than estimate; ``cube_x`` the
    estimate's cube-life index (default gnubg's 0.6); ``db`` a saved two-sided table to read."""
    from .gammons import reachable

    x, y = tuple(int(c) for c in x), tuple(int(c) for c in y)
    if not any(x) or not any(y):
        raise BadInput("bearoff: both sides need a checker left (a side with none has already won)")
    cubes = tuple(Cube.parse(c).value for c in cubes)
    gammon_possible = MAX_CHECKERS in (sum(x), sum(y)) and gammons
    if db and (jacoby or gammon_possible):
        raise BadInput("--db tables hold no gammons (at most 6 checkers a side); drop --db or add --no-gammons")
    label = _gammons_label(x, y, gammons)
    folder = cache.cache_dir(folder)
    if db or not gammon_possible:
        n = max(sum(x), sum(y))
        if (db or n <= 6 or any(c >= n for c in cache.cached_checkers(folder, "ts"))
                or len(reachable(key_of(x)) | reachable(key_of(y))) < 924):
            e, method = _entry(x, y, db, folder, hooks)
            zero = mpq(0)
            a = _answer(PairAnswer, x, y, e, cubes, cube_value, jacoby, label, method,
                        win_gammon=zero, lose_gammon=zero, cubeless_equity=2 * e.win - 1)
        else:
            a = _with_gammons(x, y, cubes, cube_value, gammons, jacoby, estimate, cube_x, label, hooks)
    else:
        a = _with_gammons(x, y, cubes, cube_value, gammons, jacoby, estimate, cube_x, label, hooks)
    if cube_x is not None and not isinstance(a, EstimatedPair):
        hooks.say("--cube-x not used: this pair's cubeful values are computed exactly")
    return a


def _answer(kind, x, y, e, cubes, cube_value, jacoby, label, method, decision=None, **values) -> PairAnswer:
    """The answer of kind ``kind`` from an :class:`.twosided.Entry` ``e`` (win chance and no-double equities)."""
    from .ids import gnubg_id, xgid

    state = cubes[0] if len(cubes) == 1 else "centred"
    decisions = {c: e.decision(c, method, decision) for c in cubes}
    return kind(x, y, e.win, cube=decisions, cube_value=cube_value, gnubg_id=gnubg_id(x, y),
                xgid=xgid(x, y, state, cube_value), conventions=_conventions(label, jacoby), gammons=label,
                jacoby=jacoby, method=method, **values)


def _entry(x, y, db, folder, hooks):
    """The exact :class:`.twosided.Entry` of the pair and how it was obtained: from ``db``, from a cached
    table (built first when the pair is too large to solve on the fly), or solved on the fly."""
    from . import twosided as ts

    method = ts.TwoSided.method
    if db:
        from .formats import TwoSidedFile

        f = TwoSidedFile(db, folder)
        try:
            if not f.holds(x, y):
                raise BadInput(f"--db {db}: the table does not hold these positions")
            return f.entry(x, y), method + f"; read from {db}"
        finally:
            f.close()
    n = max(sum(x), sum(y))
    have = [c for c in cache.cached_checkers(folder, "ts") if c >= n]
    m = 0 if have else len(ts.reachable([key_of(x), key_of(y)]))
    if have or (m > ON_THE_FLY and n <= 6):
        c = have[0] if have else 6
        if not have:
            build_two_sided(folder, c, hooks, "; later queries read it")
        return cache.two_sided_entry(folder, c, x, y, hooks.say), method + "; read from the cached table"
    if m > 924:
        raise TooLarge(f"the pair reaches {m} positions; at most 924 are solved on the fly "
                       "(build a table with: exactcube bearoff --build --checkers 8)")
    with hooks.progress("solving the two-sided bearoff", None) as bar:
        t = ts.build(keys=[key_of(x), key_of(y)], progress=bar)
    return t.entry(x, y), method


def _with_gammons(x, y, cubes, cube_value, gammons, jacoby, estimate, cube_x, label, hooks) -> PairAnswer:
    """The exact recursion with gammons (:mod:`.gammons`), or beyond its limit the one-sided estimate
    (refused when ``estimate`` is false)."""
    from ...numbers import format_exact
    from . import gammons as gm
    from . import janowski as jw
    from .twosided import Entry

    pairs = gm.reachable_pairs(x, y)
    if pairs is None:
        if not estimate:
            raise TooLarge(f"the pair reaches more than {gm.EXACT_PAIR_LIMIT:,} pairs of positions, the most "
                           "solved exactly (drop --no-estimate for the one-sided estimate)")
        hooks.say(f"more than {gm.EXACT_PAIR_LIMIT:,} pairs of positions are reachable, beyond the exact limit; "
                  "printing the one-sided estimate (its one-sided tables, when not yet in the cache folder, take "
                  "about 3 s of CPU to build here)")
        est = gm.one_sided_estimate(x, y, gammons)
        cx = jw.ONE_SIDED_X if cube_x is None else mpq(cube_x)
        e = jw.cubeful_from_chances(x, y, est.win, est.win_gammon, est.lose_gammon, cx, jacoby)
        method = (f"{est.method}; cubeful equities by Janowski's interpolation (gnubg Cl2CfMoney) with "
                  f"cube-life index x = {format_exact(cx)}")
        return _answer(EstimatedPair, x, y, e, cubes, cube_value, jacoby, label, method, EstimatedDecision,
                       win_gammon=est.win_gammon, lose_gammon=est.lose_gammon, cubeless_equity=est.cubeless,
                       cube_x=cx,
                       cubeful=(f"approximation: one-sided model + Janowski's interpolation with x = "
                                f"{format_exact(cx)}; the exact cubeful values need the two-sided recursion, "
                                f"out of reach here (more than {gm.EXACT_PAIR_LIMIT:,} pairs; --no-estimate "
                                "refuses)"))
    n = len(pairs)
    if n > 20_000:
        hooks.cost(n * gm.SECONDS_PER_PAIR, f"solving {n:,} pairs of positions exactly")
    with hooks.progress("solving the two-sided bearoff with gammons", n) as bar:
        g = gm.solve_pair(x, y, gammons=gammons, jacoby=jacoby, pairs=pairs,
                          progress=bar)
    e = Entry(x, y, g.win, g.nd_centred, g.nd_owned, g.nd_theirs)
    return _answer(PairAnswer, x, y, e, cubes, cube_value, jacoby, label, f"{g.method} ({g.pairs:,} pairs)",
                   win_gammon=g.win_gammon, lose_gammon=g.lose_gammon, cubeless_equity=g.cubeless)

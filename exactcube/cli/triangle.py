"""``exactcube triangle``: the three-player triangle game of ju24 §4 (exact values, simulation, decision regions)."""

from __future__ import annotations

from ..errors import BadInput
from .common import (_arg, add_digits, add_force, add_json, emit_json, estimate_first, human, int_arg, output_arg,
                      progress, rational_arg, reject_options, value_text)

NAME = "triangle"
ORDER = 35
HELP = "three players on a triangular grid (ju24 §4): exact chances, simulation, doubling regions"
DESCRIPTION = """The triangle game of ju24 §4: positions (a,b,c) with a + b + c = n on the side-n grid.

  exactcube triangle --side 30 --at 10,10,10
        exact chances (P_A, P_B, P_C) by an exact linear solve, against Theorem 4.1 (= (a,b,c)/n)
  exactcube triangle --side 12 --at 8,2,2 --doubles 1 --rule both
        also the cube: values per unit stake and who doubles / folds there (exact equilibrium)
  exactcube triangle simulate --games 100000 --seed 1 [--side 18] [--at 6,6,6]
        Monte Carlo (ju24 Appendix B), vectorised and seeded, with 99% Wilson intervals
  exactcube triangle regions --doubles 2 --side 30 [--rule one|both] [--ejected liable|settled]
        decision regions with several doubles (beyond the paper), exact on the grid; --checkpoint FILE
        saves each finished level atomically, and a rerun with the same FILE resumes after an interrupt

Rules of the cube (exactcube.triangle.doubling): --rule one = one acceptance suffices (a folder pays
and leaves), both = every opponent must accept (Appendix B); --ejected liable = an ejected player pays the
final stake (ju24 §4.2 literally), settled = the stake at his ejection.  Exact on the grid; the continuum
limit of the regions is a conjecture, not a result."""

ACTIONS = ("eval", "simulate", "regions")


def add_arguments(p):
    p.add_argument("action", nargs="?", default="eval", choices=ACTIONS,
                   help="eval (default): exact values at --at; simulate: Monte Carlo; regions: doubling regions")
    p.add_argument("--side", "-n", type=int_arg("--side", 1), help="side n of the grid (default 30; 18 to simulate)")
    p.add_argument("--at", help="position a,b,c with a + b + c = n (default: the centre when 3 divides n)")
    p.add_argument("--doubles", "-k", type=int_arg("--doubles", 0), help="doubles allowed in the game")
    p.add_argument("--rule", type=_arg(_rule, "--rule"),
                   help="one (default: one acceptance suffices) | both (every opponent must accept)")
    p.add_argument("--ejected", type=_arg(_ejected, "--ejected"),
                   help="liable (default: pays the final stake) | settled (stake at ejection)")
    p.add_argument("--policy", type=_arg(_policy, "--policy"),
                   help="equilibrium (default: exact best-response fixed point) | cash (Theorem 4.3's principle)")
    p.add_argument("--games", type=int_arg("--games", 1, MAX_GAMES),
                   help=f"simulate: games to play, at most {MAX_GAMES} (default 100000)")
    p.add_argument("--seed", type=int_arg("--seed", 0, 2**63 - 1), help="simulate: random seed (default 1)")
    p.add_argument("--edges", help="simulate: walk (default, the §4.1 game) | lemma (Appendix B: resolve edges by "
                                   "Lemma 4.2)")
    p.add_argument("--level", type=rational_arg("--level"),
                   help="simulate: confidence level of the intervals (default 99/100)")
    add_digits(p, None, what="eval: decimals printed beside exact values", shown=6)
    add_json(p)
    add_force(p)
    p.add_argument("--checkpoint", type=output_arg("--checkpoint", stdout=False),
                   help="regions: save each finished level here (a pickle: load only files you "
                        "wrote) and resume from it after an interrupt")


def _position(args, n):
    from ..triangle import board as T

    if args.at is None:
        if n % 3:
            raise BadInput(f"--at is needed: side {n} has no centre (give a,b,c with a + b + c = {n})")
        return T.position(n // 3, n // 3, n // 3, n)
    return T.parse_position(args.at, n)


def _check_side(n, limit, what):
    from ..errors import TooLarge

    if n > limit:
        raise TooLarge(f"--side {n} is too large for {what} (at most {limit})")


#: Largest --games of 'triangle simulate'.
MAX_GAMES = 10**8
#: The options each action takes (others given with it are refused).
_TAKES = {"eval": ("--doubles", "--rule", "--ejected", "--policy", "--digits", "--checkpoint"),
          "simulate": ("--games", "--seed", "--edges", "--level"),
          "regions": ("--doubles", "--rule", "--ejected", "--policy", "--checkpoint")}
_DEFAULTS = {"rule": "one", "ejected": "liable", "policy": "equilibrium", "games": 100_000, "seed": 1,
             "edges": "walk", "digits": 6}


def _rule(text: str) -> str:
    """--rule, read when the command line is parsed (a wrong value is refused before any work)."""
    from ..triangle import doubling as TD

    return TD.Acceptance.parse(text).value


def _ejected(text: str) -> str:
    from ..triangle import doubling as TD

    return TD._check_ejected(text)


def _policy(text: str) -> str:
    if text not in ("equilibrium", "cash"):
        raise BadInput(f"{text!r}: use 'equilibrium' or 'cash'")
    return text


def run(args, out) -> int:
    extra = [f for fs in _TAKES.values() for f in fs if f not in _TAKES[args.action]]
    if args.action == "regions":
        extra.append("--at")
    reject_options(args, f"triangle {args.action}", dict.fromkeys(extra))
    if args.action == "eval" and args.doubles is None:
        given = [f"--{n}" for n in ("rule", "ejected", "policy", "checkpoint") if getattr(args, n, None) is not None]
        if given:
            raise BadInput(f"{', '.join(given)} describe{'s' * (len(given) == 1)} the cube game: give --doubles K "
                           "too (without --doubles only the cubeless game is solved)")
    for name, value in _DEFAULTS.items():
        if getattr(args, name) is None:
            setattr(args, name, value)
    action = {"eval": _eval, "simulate": _simulate, "regions": _regions}[args.action]
    return action(args, human(args, out), out)


def _load_checkpoint(path, params):
    """Levels saved by an earlier run with the same parameters (empty if none)."""
    import os
    import pickle

    if not path or not os.path.exists(path):
        return {}
    try:
        with open(path, "rb") as f:
            data = pickle.load(f)
    except Exception as exc:
        raise BadInput(f"--checkpoint {path!r}: cannot read it ({type(exc).__name__}); delete it to start afresh") from None
    if not isinstance(data, dict) or "levels" not in data:
        raise BadInput(f"--checkpoint {path!r} is not an exactcube checkpoint; use another file")
    if data.get("params") != params:
        raise BadInput(f"--checkpoint {path!r} was written for {data.get('params')}, not {params}")
    return data["levels"]


def _save_checkpoint(path, params, levels):
    """Pickle the finished levels through the safe writer (never a half-written checkpoint)."""
    import pickle

    from .common import open_output

    with open_output(path, "--checkpoint", binary=True) as f:
        pickle.dump({"params": params, "levels": levels}, f)


def _game(args, n, k):
    from ..triangle import doubling as TD

    if args.policy not in ("equilibrium", "cash"):
        raise BadInput(f"--policy {args.policy!r}: use 'equilibrium' or 'cash'")
    rule = TD.Acceptance.parse(args.rule).value
    ejected = TD._check_ejected(args.ejected)
    params = {"side": n, "doubles": k, "rule": rule, "ejected": ejected, "policy": args.policy}
    path = getattr(args, "checkpoint", None)
    done = _load_checkpoint(path, params)
    saved = dict(done)
    total = 3 * (k - 1) + 1
    if not done:
        solver = TD.equilibrium if args.policy == "equilibrium" else TD.solve_game
        estimate_first(lambda s: solver(s, k, rule, ejected=ejected), n, 9,  # n^2 points, sweeps of them
                       f"the {args.policy} with {k} double(s) on side {n}", args.force, growth=4.0)
    with progress(f"exact {args.policy}, {k} double(s), side {n}", total) as bar:
        bar.advance(sum(1 for key in done if key[0] > 0))

        def on_level(key, lv):
            if key not in saved:
                saved[key] = lv
                if path:
                    _save_checkpoint(path, params, saved)
                bar.advance()

        if args.policy == "equilibrium":
            g = TD.equilibrium(n, k, rule, ejected=ejected, resume=done, on_level=on_level)
        else:
            g = TD.solve_game(n, k, rule, check=True, ejected=ejected, resume=done, on_level=on_level)
    return g


def _eval(args, out, real_out) -> int:
    from ..triangle import board as T
    from ..triangle import doubling as TD
    from ..numbers import format_exact

    n = args.side or 30
    _check_side(n, T.MAX_SIDE, "the exact solve")
    p = _position(args, n)
    # one exact solve of ~n^2/2 unknowns with a banded matrix: at least n^5 with growing entries
    estimate_first(T.solve, n, 30, f"the exact solve of side {n}", args.force, growth=5.0)
    sol = T.solve(n)
    probs = sol[p]
    bary = T.barycentric(p)
    out.print(f"triangle game, side {n}, position {p}  [{sol.method}]")
    for i, name in enumerate(T.PLAYERS):
        out.print(f"  P_{name} = {value_text(probs[i], args.digits, True, ' ')}   "
                  f"cubeless value 3P - 1 = {value_text(3 * probs[i] - 1, args.digits, True, ' ')}")
    out.print(f"  Theorem 4.1 (barycentric (a,b,c)/n): {'agrees' if probs == bary else 'DISAGREES'} exactly")
    data = {"side": n, "position": list(p.coords), "chances": [format_exact(x) for x in probs],
            "theorem_4_1": probs == bary}
    if args.doubles:
        _check_side(n, TD.MAX_SIDE, "the doubling computation")
        g = _game(args, n, args.doubles)
        lv = g.top
        v = g.at(lv, p)
        out.print(f"cube: {args.doubles} double(s), rule '{g.rule.value}', ejected {g.ejected}, policy {args.policy}"
                  f"  [{lv.method}]")
        out.print("  values per unit stake: "
                  + ", ".join(f"{nm} {value_text(x, args.digits, True, ' ')}"
                              for nm, x in zip(T.PLAYERS, v, strict=True)))
        for i, name in enumerate(T.PLAYERS):
            dbl = p in g.doubling_region(i)
            r = lv.responses.get(((p, 1), i))
            if r is None:
                continue
            folds = ", ".join(T.PLAYERS[j] for j in r.folders) or "nobody"
            out.print(f"  {name} {'doubles' if dbl else 'does not double'} here; if {name} doubled: {folds} would fold")
        data["cube"] = {"doubles": args.doubles, "rule": g.rule.value, "ejected": g.ejected, "policy": args.policy,
                        "values": [format_exact(x) for x in v],
                        "doubles_here": [T.PLAYERS[i] for i in range(3) if p in g.doubling_region(i)]}
    emit_json(args, real_out, data)
    return 0


def _simulate(args, out, real_out) -> int:
    from ..triangle import sim as TS
    from ..numbers import mpq

    n = args.side or 18
    p = _position(args, n)
    level = args.level if args.level is not None else mpq(99, 100)
    if not 0 < level < 1:
        raise BadInput(f"--level must lie strictly between 0 and 1, got {level}")
    estimate_first(lambda g: TS.simulate_wins(n, g, args.seed, start=p, edges=args.edges, level=float(level)),
                   args.games, 10_000, f"{args.games} games on side {n}", args.force, growth=1.0)
    wf = TS.simulate_wins(n, args.games, args.seed, start=p, edges=args.edges, level=float(level))
    out.print(f"triangle game, side {n}, from {p}: {args.games} games, seed {args.seed}, edges {args.edges}  [{wf.method}]")
    for i, name in enumerate("ABC"):
        iv = wf.intervals[i]
        inside = "inside" if iv.contains(wf.exact[i]) else "OUTSIDE"
        out.print(f"  {name}: {wf.wins[i]} wins, frequency {wf.wins[i] / args.games:.5f}, "
                  f"{float(level):.3g} {iv.method} interval [{iv.low:.5f}, {iv.high:.5f}]; exact {wf.exact[i]} "
                  f"(Theorem 4.1) {inside}")
    if args.json:
        emit_json(args, real_out, {"side": n, "start": list(p.coords), "games": args.games, "seed": args.seed,
                               "wins": list(wf.wins), "intervals": [[iv.low, iv.high] for iv in wf.intervals],
                               "level": float(level), "exact": [str(x) for x in wf.exact]})
    return 0


def _regions(args, out, real_out) -> int:
    from ..triangle import board as T
    from ..triangle import doubling as TD

    n = args.side or 24
    k = 1 if args.doubles is None else args.doubles
    if k < 1:
        raise BadInput("--doubles must be at least 1 for decision regions")
    _check_side(n, TD.MAX_SIDE, "the doubling computation")
    g = _game(args, n, k)
    npts = len(T.positions(n))
    out.print(f"decision regions at the start: side {n}, {k} double(s), rule '{g.rule.value}', ejected {g.ejected}, "
              f"policy {args.policy}")
    out.print(f"  subgame-perfect (every player's doubling set an exact best response at every level): "
              f"{'yes' if g.is_equilibrium() else 'no'}")
    for i, name in enumerate(T.PLAYERS):
        out.print(f"  {name}: doubles at {len(g.doubling_region(i))} of {npts} points, "
                  f"folds (to either opponent) at {len(g.fold_region(i))}")
    out.print("map for player A (D = A doubles, f = A folds to a double, . = neither; rows b = n..0, A at bottom right):")
    D, F = g.doubling_region(0), g.fold_region(0)
    for b in range(n, -1, -1):
        row = []
        for a in range(0, n - b + 1):
            q = T.Position(a, b, n - a - b)
            row.append("D" if q in D else ("f" if q in F else "."))
        out.print(" " * b + " ".join(row))
    out.print("exact on this grid; the continuum limit of these regions is conjectural.")
    if args.json:
        emit_json(args, real_out, {
            "side": n, "doubles": k, "rule": g.rule.value, "ejected": g.ejected, "policy": args.policy,
            "equilibrium": g.is_equilibrium(),
            "doubling": {nm: sorted(list(q.coords) for q in g.doubling_region(i)) for i, nm in enumerate(T.PLAYERS)},
            "folding": {nm: sorted(list(q.coords) for q in g.fold_region(i)) for i, nm in enumerate(T.PLAYERS)},
        })
    return 0

"""The surprises of the second newcomer trial (issue 32), one test per row where a test can see it.

Each expected value is derived independently in the comment beside it, never pasted from a run."""

import pytest


def _err(capsys):
    return capsys.readouterr().err


# row 1: the equity line names p and the equity separately.  ju24 (1.1), 2 doubles left: the game
# effectively ends at a = 3/16 or d = 13/16, and with the cube centred A's equity at p is linear between
# the two ends, -1 at 3/16 and +1 at 13/16 (the double/fold ends pay one stake): e(7/10) = -1 + 2 (7/10 - 3/16) / (10/16)
# = -1 + 2 (41/80) (8/5) = -1 + 41/25 = 16/25.
def test_cube_equity_line_shows_p_and_the_equity(cli):
    code, text = cli(["cube", "--doubles", "2", "--p", "7/10"])
    assert code == 0
    assert "equity of A at p = 7/10: 16/25" in text, text
    # no doubles left: the equity is 2p - 1 = 1/2 at p = 3/4
    code, text = cli(["cube", "--p", "3/4", "--doubles", "0"])
    assert "equity of A at p = 3/4: 1/2" in text, text


# row 2: table options take '--opt=value', and an option never swallows the next option as its value.
def test_table_options_accept_equals(cli):
    code, a = cli(["table", "ju24.dk", "--size=3"])
    code2, b = cli(["table", "ju24.dk", "--size", "3"])
    assert code == code2 == 0 and a == b and "| 3 |" in a


def test_table_option_does_not_swallow_the_next_option(cli, capsys):
    code, _ = cli(["table", "noisy.chomp", "--eps", "--board", "2x2"])
    assert code == 2 and "--eps of table noisy.chomp needs a value" in _err(capsys)
    code, text = cli(["table", "noisy.chomp", "--eps=1/2", "--board", "2x2"])
    assert code == 0 and "2x2, eps = 1/2" in text, text
    code, _ = cli(["table", "ju24.dk", "--size", "3", "--digits", "--exact"])
    assert code == 2 and "--digits needs a value" in _err(capsys)


# row 11: a figure is called a figure; '--output=FILE' after the id is the output option.
def test_plot_names_a_figure(cli, capsys):
    code, _ = cli(["plot", "ju24.fig1", "--bogus", "1"])
    assert code == 2 and "figure ju24.fig1 has no option '--bogus'" in _err(capsys)


# row 12: options before any id: say to give the id first.
@pytest.mark.parametrize("argv", [["table", "--size", "3"], ["plot", "--bogus", "1"]])
def test_options_before_the_id(cli, capsys, argv):
    code, _ = cli(argv)
    err = _err(capsys)
    assert code == 2 and "id before its options" in err and "unrecognized" not in err, err


# row 10: a refused --dask (extra missing, or no scheduler at that address) leaves no results file.
def test_refused_dask_leaves_no_results_file(cli, tmp_path, capsys):
    res = tmp_path / "res.json"
    code, _ = cli(["conjecture", "10", "--n-max", "16", "--eps-step", "1/2", "--resume", str(res), "--dask", ""])
    assert code == 2 and _err(capsys).count("\n") == 1
    assert not res.exists()


# row 3: an estimate before long conjecture runs, also for heaps too small to extrapolate from, and for --rigorous;
# progress lines when stderr is not a terminal.
def test_conjecture_grid_of_tiny_heaps_is_estimated(cli, capsys, monkeypatch):
    from exactcube.noisy.scale import sweep

    def stop(*a, **k):
        raise KeyboardInterrupt  # the run itself: the estimate must already be out

    monkeypatch.setattr(sweep, "run_sweep", stop)
    monkeypatch.setattr("exactcube.cli.common.ANNOUNCE_SECONDS", 0)  # announce whatever the machine's speed
    code, _ = cli(["conjecture", "9", "--n-max", "2", "--eps-step", "1/1000000"])
    err = _err(capsys)
    # the grid below 1/2 with step 1/1000000: eps = 1/10^6 ... 499999/10^6, 499999 points
    assert code == 130 and "estimate: about" in err and "499999 grid points" in err, err


def test_conjecture_rigorous_is_estimated(cli, capsys, monkeypatch):
    from exactcube.noisy import conjectures as cj

    real, sizes = cj.prove_conjecture9, []

    def spy(n):
        sizes.append(n)
        if n == 64:
            raise KeyboardInterrupt  # the run itself
        return real(n)

    monkeypatch.setattr(cj, "prove_conjecture9", spy)
    monkeypatch.setattr("exactcube.cli.common.ANNOUNCE_SECONDS", 0)
    code, _ = cli(["conjecture", "9", "--rigorous", "--n-max", "64"])
    err = _err(capsys)
    assert code == 130 and "estimate: about" in err and "--rigorous --n-max 64" in err, err
    assert sizes[-1] == 64 and max(sizes[:-1]) < 64, sizes


def test_progress_prints_plain_lines_when_piped(capsys, monkeypatch):
    from exactcube.cli import common

    monkeypatch.setattr(common, "PLAIN_PROGRESS_SECONDS", 0)
    with common.progress("grid", 3) as bar:  # stderr is captured: not a terminal
        bar.advance()
        bar.advance(2)
    err = _err(capsys).splitlines()
    assert err[0].startswith("exactcube: progress: grid: 1/3 done") and err[1].startswith("exactcube: progress: grid: 3/3")


# row 12 (verify): a claim outside the chosen paper is named as such
def test_verify_claim_outside_the_paper(cli, capsys):
    code, _ = cli(["verify", "--paper", "ks69", "--claim", "floyd.f25"])
    err = _err(capsys)
    assert code == 2 and "it is a claim of floyd" in err, err


# row 15: --compare speaks only of the documents of this run
def test_compare_ignores_documents_left_out(cli):
    code, text = cli(["verify", "--paper", "floyd", "--compare", "docs/verdicts.json"])
    assert code == 0 and "not in this run" not in text and "changes from docs/verdicts.json: none" in text, text


# row 7: every race answer names its model; a note where real bearoff positions of the counts exist
@pytest.mark.parametrize("argv", [["race", "70", "80"], ["race", "70", "80", "--cube", "centred"],
                                  ["race", "70", "80", "--cube", "theirs"]])
def test_race_answer_names_its_model(cli, argv):
    code, text = cli(argv)
    answer = [ln for ln in text.splitlines() if ln.startswith(("  chance you win", "  action:"))]
    assert code == 0 and answer and all("pip-count race model" in ln for ln in answer), text
    # 70 and 80 pips are both at most 90 = 15 checkers x 6 points: real bearoff positions of these counts exist
    assert "note: real bearoff positions of 70 and 80 pips exist" in text


def test_race_note_only_where_bearoffs_exist(cli):
    code, text = cli(["race", "91", "80"])  # 91 pips: more than 15 checkers on the 6 point can hold
    assert code == 0 and "note: real bearoff" not in text


# row 14: the cost line goes to stderr, and stdout JSON runs draw no table
def test_verify_cost_line_on_stderr(cli, capsys, monkeypatch):
    from exactcube.claims import DOCUMENTS

    from exactcube import catalog

    catalog.load()
    import dataclasses

    monkeypatch.setitem(DOCUMENTS, "floyd", dataclasses.replace(DOCUMENTS["floyd"], cost="a test cost"))
    code, text = cli(["verify", "--paper", "floyd"])
    err = _err(capsys)
    assert code == 0 and "a test cost" not in text and "exactcube: floyd: 5 claims; a test cost" in err, err
    # row 14: the summary says what each count counts (mistakes, one per cause, with the printed values beside them)
    assert "0 mistakes found (0 printed values wrong)" in text and "values in all" in text


# row 15: the plain Markdown table has no line of trailing spaces around it (rich pads the box's blank top and
# bottom edges to the table's width); a blank line stays between the title, the table and the summary.
def test_verify_table_has_no_trailing_spaces(cli):
    code, text = cli(["verify", "--paper", "floyd"])
    assert code == 0 and "| claim " in text
    assert [line for line in text.splitlines() if line != line.rstrip()] == []
    lines = text.splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("| claim"))
    assert lines[first - 1] == "" and lines[first - 2].strip() == "exactcube verify"


# row 15: the phase diagram's move axis is labelled at whole moves only (a move is a whole number of chips; the
# default locator put ticks at 2.5 and 7.5 for the moves 0..15 of the default heaps 5, 8, 10, 16).
def test_phases_figure_labels_whole_moves():
    pytest.importorskip("matplotlib")
    from exactcube import catalog
    from exactcube.figures import FIGURES

    catalog.load()
    fig = FIGURES["noisy.phases"]()
    ticks = [t for t in fig.axes[0].get_yticks() if fig.axes[0].get_ylim()[0] <= t <= fig.axes[0].get_ylim()[1]]
    assert len(ticks) >= 3 and all(float(t).is_integer() for t in ticks), ticks


# row 15: the noisy 4-chip table and the verdict on it judge the printed eps = 1 cell by one rule.  At eps = 1 from
# 4 = 100 every move's complement is >= 4, so under the continuous extension each move m lands on the legal words
# farthest from it: move 3 = 011 on 000 (p(0) = 0, so the move wins surely) and move 0 on 011 = 3 (p(3) = 0 at
# eps = 1): both moves 0 and 3 win surely, and the Appendix's single printed move 3 is one of them.
def test_noisy_four_chip_table_and_verdict_agree_at_eps_one(cli):
    from proofs.noisy.appendix import appendix_n4, opt_cell_agrees

    assert opt_cell_agrees("1.00", "opt.", "0, 3", "3") and opt_cell_agrees("0.99", "opt.", "3", "3")
    assert not opt_cell_agrees("0.99", "opt.", "0, 3", "3")  # below eps = 1 the whole set must be printed
    assert not opt_cell_agrees("1.00", "opt.", "0, 3", "2") and not opt_cell_agrees("1.00", "opt.", "0, 3", "-3")
    code, text = cli(["table", "noisy.nim", "--heap", "4"])
    last = [line for line in text.splitlines() if line.startswith("| 1.00 ")]
    assert code == 0 and len(last) == 1 and last[0].split("|")[3].strip() == "0, 3", last
    v = appendix_n4()
    assert v.outcome.value == "verified" and "continuous extension" in str(v.details)


# fuzz (issue 32): 'verify --paper zk77 --slow' ran past 20 s with no estimate line: its slow claims have no
# recorded time (claim_seconds.json holds the default run), so the measured sum (2 s) stayed under the threshold.
# A run with a slow claim now always says so before it starts.
def test_verify_with_slow_claims_prints_an_estimate(capsys):
    from exactcube import catalog
    from exactcube.claims import REGISTRY
    from exactcube.cli.common import announce_claims

    catalog.load()
    zk77 = [c for c in REGISTRY.values() if c.document == "zk77"]
    assert any(c.slow for c in zk77)
    announce_claims([c for c in zk77 if not c.slow])
    assert "estimate" not in _err(capsys)  # the default claims of zk77 take about 2 s: nothing to announce
    announce_claims(zk77)
    assert _err(capsys).startswith("exactcube: estimate: more than ")


# fuzz (issue 32), the same line: 'verify --errata' ran its claims with no estimate at all (the errata table goes to
# standard output; the estimate belongs on standard error as in every run).
def test_verify_errata_prints_the_estimate_too(cli, capsys, monkeypatch):
    import exactcube.claims as claims

    monkeypatch.setattr(claims, "run_claims", lambda cs, **kw: [])  # the announcement is made before any claim runs
    code, text = cli(["verify", "--errata", "--paper", "zk77", "--slow"])
    assert code == 0 and _err(capsys).startswith("exactcube: estimate: more than ")


# 3 December: 'verify --claim gnubg.twosided-user' said "estimate: more than 0 s (1 claims, ...)": a figure with
# nothing measured behind it.  With no claim measured the line says the time is not known, in the singular.
def test_an_unmeasured_slow_claim_alone_gets_no_figure(capsys):
    from exactcube import catalog
    from exactcube.claims import REGISTRY
    from exactcube.cli.common import announce_claims

    catalog.load()
    announce_claims([REGISTRY["gnubg.twosided-user"]])
    err = _err(capsys)
    assert err.startswith("exactcube: estimate: not known (1 claim not measured") and " 0 s" not in err

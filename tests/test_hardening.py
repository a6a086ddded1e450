"""Issue 14: every user mistake is one line on stderr with exit status 2, outputs are written
safely, long runs are bounded, workers die with their parent.

The reproducers of the issue are pinned one by one; a hypothesis fuzz test then runs
generated command lines through the real entry point (exactcube.cli:main)."""

import io
import json
import os
import signal
import stat
import subprocess
import sys
import textwrap

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from exactcube.cli import Output, main
from exactcube.errors import TooLarge


def run(argv, capsys):
    buf = io.StringIO()
    code = main(list(argv), Output(buf, force_plain=True))
    return code, buf.getvalue(), capsys.readouterr().err


def assert_user_error(argv, capsys, *words):
    code, _, err = run(argv, capsys)
    assert code == 2, (argv, err)
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("exactcube: error: "), (argv, err)
    assert "internal error" not in err and "Traceback" not in err
    for w in words:
        assert w in err, (argv, err)
    return err


# -- the reproducers of the issue -------------------------------------------------------------

@pytest.mark.parametrize("argv, words", [
    (["table", "ju24.dk", "--digits", "x"], ["cannot read 'x'"]),
    (["table", "--digits", "x", "ju24.dk"], ["cannot read 'x'"]),
    (["table", "ju24.dk", "--digits", "99999999999999999999"], ["at most 1000"]),
    (["table", "ju24.dk", "--digits"], ["needs a value"]),
    (["table", "ju24.dk", "--digits", "3", "--exact"], ["exclude"]),
    (["race", "1e10000", "5"], ["exponent", "at most 1000"]),
    (["race", "9" * 5000, "5"], ["5000 digits"]),
    (["noisy", "nim", "1e5000", "--eps", "1/2"], ["exponent"]),
    (["noisy", "nim", "5", "--eps", "1/" + "7" * 4400], ["digits"]),
    (["conjecture", "9", "--resume", "/nonexistent/r.jsonl"], ["does not exist"]),
    (["conjecture", "9", "--n-max", "4", "--eps-step", "1/4", "--dask", "x"], ["Dask scheduler"]),
    (["cube", "--digits", "1000000000"], ["at most 1000"]),
    (["race", "5", "6", "--digits", "1000000000"], ["at most 1000"]),
    (["noisy", "nim", "5", "--eps", "1/2", "--digits", "1000000000"], ["at most 1000"]),
    (["table", "ju24.dk", "--digits", "1000000000"], ["at most 1000"]),
    (["triangle", "--digits", "1000000000"], ["at most 1000"]),
    (["report", "--digits", "100000"], ["at most 1000"]),
    (["report", "--digits", "-3"], ["at least 0"]),
    (["triangle", "regions", "--at", "1,1", "--level", "1"], ["does not take", "--at", "--level"]),
    (["triangle", "simulate", "--doubles", "1"], ["does not take --doubles"]),
    (["race", "rules", "--cube", "centred"], ["does not take --cube"]),
    (["race", "5", "6", "--max", "10"], ["does not take --max"]),
    (["race", "rules", "--max", "100000"], ["at most 400"]),
    (["conjecture", "9", "--resume", "-"], ["needs a file"]),
    (["triangle", "regions", "--checkpoint", "-"], ["needs a file"]),
])
def test_reproducers_are_user_errors(argv, words, capsys):
    assert_user_error(argv, capsys, *words)


@pytest.mark.parametrize("name, words", [
    ("adir", ["is a folder"]), ("..", ["names a folder"]), (".", ["names a folder"]),
    ("n" * 300, ["too long"]), ("nodir/x.json", ["does not exist"]), ("afile/x.json", ["not a folder"]),
])
@pytest.mark.parametrize("cmd", [
    ["noisy", "nim", "3", "--eps", "1/2", "--json"], ["verify", "--claim", "floyd", "--json"],
    ["triangle", "--side", "3", "--at", "1,1,1", "--json"], ["table", "ju24.dk", "-o"],
    ["plot", "ju24.fig1", "-o"], ["report", "-o"],
])
def test_bad_output_paths_refused_before_the_work(cmd, name, words, tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("x")

    def no_work(*a, **k):  # the destination is checked before any claim is run
        raise AssertionError("work started before the output path was checked")

    monkeypatch.setattr("exactcube.claims.run_claims", no_work)
    assert_user_error(cmd + [name], capsys, *words)
    assert sorted(os.listdir(tmp_path)) == ["adir", "afile"]


def test_json_onto_a_device_node_is_refused(tmp_path, capsys):
    node = tmp_path / "null-copy"
    try:
        os.mknod(node, 0o666 | stat.S_IFCHR, os.stat("/dev/null").st_rdev)
    except OSError as exc:
        pytest.skip(f"cannot make a device node here: {exc}")
    for argv in (["noisy", "nim", "3", "--eps", "1/2", "--json", str(node)],
                 ["table", "ju24.dk", "--size", "2", "-o", str(node)]):
        assert_user_error(argv, capsys, "is a device")
        assert stat.S_ISCHR(os.lstat(node).st_mode)


def test_json_onto_a_fifo_is_refused(tmp_path, capsys):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    assert_user_error(["noisy", "nim", "3", "--eps", "1/2", "--json", str(fifo)], capsys, "is a FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


def test_json_through_a_symlink_keeps_link_and_mode(tmp_path, capsys):
    real = tmp_path / "real.json"
    real.write_text("{}\n")
    os.chmod(real, 0o664)
    link = tmp_path / "link.json"
    link.symlink_to(real)
    code, _, err = run(["noisy", "nim", "3", "--eps", "1/2", "--json", str(link)], capsys)
    assert code == 0, err
    assert link.is_symlink() and stat.S_IMODE(os.stat(real).st_mode) == 0o664
    data = json.loads(real.read_text())
    assert data["eps"] == "1/2" and len(data["p"]) == 4  # heaps 0..3 written through the link


def test_dash_means_standard_output(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    code, _, err = run(["noisy", "nim", "2", "--eps", "1/2", "--json", "-"], capsys)
    assert code == 0, err
    assert not (tmp_path / "-").exists()
    code, text, err = run(["table", "ju24.dk", "--size", "2", "--exact", "--format", "csv", "-o", "-"], capsys)
    assert code == 0 and "13/16" in text and not (tmp_path / "-").exists()


def test_table_writes_a_file(tmp_path, capsys):
    out = tmp_path / "dk.csv"
    code, text, err = run(["table", "ju24.dk", "--size", "3", "--exact", "--format", "csv", "-o", str(out)], capsys)
    assert code == 0, err
    rows = out.read_text().splitlines()
    assert rows[0] == "k,d_k,a_k,d_k − 4/5" and "13/16" in out.read_text()  # d_2 = 13/16 (ju24 (1.1))


def test_resume_file_that_is_not_ours_is_refused_untouched(tmp_path, capsys):
    for content in ("notjson\n", "[1, 2]\n", '{"kind": "something else"}\n', "\x00\xff\xfe binary"):
        f = tmp_path / "r.jsonl"
        f.write_bytes(content.encode("latin-1"))
        assert_user_error(["conjecture", "9", "--n-max", "4", "--eps-step", "1/4", "--resume", str(f)], capsys,
                          "results file")
        assert f.read_bytes() == content.encode("latin-1")


def test_no_color_is_honoured_on_a_terminal(monkeypatch):
    class TTY(io.StringIO):
        def isatty(self):
            return True

    monkeypatch.setenv("TERM", "xterm-256color")
    for env, coloured in ((None, True), ("1", False)):
        if env is None:
            monkeypatch.delenv("NO_COLOR", raising=False)
        else:
            monkeypatch.setenv("NO_COLOR", env)
        f = TTY()
        Output(f).print("[red]refuted[/red]", markup=True)
        assert ("\x1b[31m" in f.getvalue()) == coloured, f.getvalue()


# -- bounds and estimates -----------------------------------------------------------------------

def test_absurd_run_refused_unless_forced(capsys):
    from exactcube.cli.common import REFUSE_SECONDS, announce

    with pytest.raises(TooLarge, match="--force"):
        announce(10 * REFUSE_SECONDS, "many points")
    assert announce(100.0, "100 points x 1 s") == 100.0
    assert "estimate: about 100 s (100 points x 1 s)" in capsys.readouterr().err
    # issue 45, row 9: said from 5 s on (it was 20 s): a run of 10 s says it, one of 4 s does not
    assert announce(10.0, "10 points") == 10.0 and "about 10 s (10 points)" in capsys.readouterr().err
    assert announce(4.0, "4 points") == 4.0 and capsys.readouterr().err == ""
    assert announce(10 * REFUSE_SECONDS, "many points", force=True) == 10 * REFUSE_SECONDS
    assert "about 10.0 h" in capsys.readouterr().err


def test_conjecture_estimate_uses_the_measured_cost(capsys, monkeypatch):
    # a grid of 499999 points at a (pretended) 10 ms each is about 83 minutes: refused without --force (heaps over
    # 128, so the cost is extrapolated from smaller heaps: the measurement the test pretends)
    monkeypatch.setattr("exactcube.cli.conjecture.measure_seconds", lambda *a, **k: 0.01)
    assert_user_error(["conjecture", "9", "--n-max", "256", "--eps-step", "1/999999"], capsys,
                      "estimated at about 83 min", "499999 grid points", "--force")


def test_measure_seconds_extrapolates():
    from exactcube.cli.common import measure_seconds

    seen = []
    assert measure_seconds(seen.append, 40, start=8) >= 0
    assert seen == [4, 8, 16, 32]  # warm-up at start/2, then doubling while below the target
    seen.clear()
    assert measure_seconds(seen.append, 8, start=8) == 0.0 and seen == []  # small: nothing measured

    def cubic(n):  # a cost of n**3 nanoseconds, slept: the estimate must follow the measured growth
        import time

        time.sleep(n ** 3 * 1e-9)

    # timed at 50..800 (0.5 s at 800 > budget); exponent 3 measured between 400 and 800, not the floor 1
    est = measure_seconds(cubic, 1600, start=50, budget=0.3, growth=1.0)
    assert 0.5 * 1600 ** 3 * 1e-9 < est < 2 * 1600 ** 3 * 1e-9


def test_workers_capped_at_the_cores(capsys):
    from exactcube.processes import cap_workers, cores

    n = cores()
    assert cap_workers(n) == (n, None)
    w, note = cap_workers(n + 38)
    assert w == n and "--force" in note
    assert cap_workers(n + 38, force=True) == (n + 38, None)
    code, text, err = run(["conjecture", "9", "--n-max", "4", "--eps-step", "1/4", "--workers", str(n + 38)], capsys)
    assert code == 0 and f"cut to {n}" in err and "verified" in text


# -- processes ----------------------------------------------------------------------------------

def _gone(pid):
    try:
        with open(f"/proc/{pid}/status") as f:
            return any(line.split()[1] == "Z" for line in f if line.startswith("State:"))
    except FileNotFoundError:
        return True


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_workers_die_with_their_parent(tmp_path):
    script = textwrap.dedent("""
        import os, signal, sys, time
        from concurrent.futures import ProcessPoolExecutor
        from exactcube.processes import worker_init
        pool = ProcessPoolExecutor(2, initializer=worker_init, initargs=(os.getpid(), 0.1))
        pids = {pool.submit(os.getpid).result() for _ in range(4)}
        pool.submit(time.sleep, 600)
        print(" ".join(map(str, sorted(pids))), flush=True)
        os.kill(os.getpid(), signal.SIGKILL)
    """)
    r = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=60)
    assert r.returncode == -signal.SIGKILL, r.stderr
    pids = [int(p) for p in r.stdout.split()]
    assert pids
    import time

    for _ in range(100):  # the watchdog polls every 0.1 s here; the kernel's SIGTERM is immediate
        if all(_gone(p) for p in pids):
            break
        time.sleep(0.1)
    alive = [p for p in pids if not _gone(p)]
    for p in alive:  # do not leave them behind if the test fails
        os.kill(p, signal.SIGKILL)
    assert not alive


def _deaf_to_sigterm(parent, marks):
    from exactcube.processes import worker_init

    worker_init(parent)
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    open(os.path.join(marks, str(os.getpid())), "w").close()  # ready: SIGTERM is ignored from here on


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_stop_pool_kills_a_worker_that_ignores_sigterm(tmp_path):
    # A forked worker can defer SIGTERM (an inherited handler, a lock held at fork): stop_pool must still end it.
    import multiprocessing
    import time
    from concurrent.futures import ProcessPoolExecutor

    from exactcube.processes import stop_pool

    pool = ProcessPoolExecutor(2, mp_context=multiprocessing.get_context("fork"), initializer=_deaf_to_sigterm,
                               initargs=(os.getpid(), str(tmp_path)))
    [pool.submit(time.sleep, 600) for _ in range(2)]
    procs = list(pool._processes.values())
    for _ in range(3000):  # both workers have set SIGTERM to be ignored (at most 30 s)
        if len(os.listdir(tmp_path)) == 2:
            break
        time.sleep(0.01)
    assert len(os.listdir(tmp_path)) == 2
    pids = [p.pid for p in procs]
    stop_pool(pool, grace=0.5)
    # asked of the kernel (multiprocessing's own record of an exit can lag when two threads reap one child)
    alive = [p for p in pids if not _gone(p)]
    for p in alive:  # do not leave them behind if the test fails
        os.kill(p, signal.SIGKILL)
    assert not alive


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads /proc")
def test_interrupted_pool_sweep_leaves_a_consistent_file(tmp_path):
    import multiprocessing

    from exactcube.noisy.conjectures import grid
    from exactcube.noisy.scale.sweep import read_results, run_sweep
    from exactcube.numbers import mpq

    path = str(tmp_path / "r.jsonl")
    eps = grid(mpq(1, 16))
    seen = []

    def stop(rec):
        seen.append(rec)
        if len(seen) == 3:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run_sweep(6, eps, path, workers=2, on_record=stop)
    header, records = read_results(path)
    assert header["n_max"] == 6 and len(records) == 3
    # no worker process is left running.  Asked of the kernel, not of multiprocessing's bookkeeping: when another
    # part of the process reaps children (an asyncio child watcher left by an earlier Dask test), a reaped worker
    # can still look alive to active_children()
    assert all(_gone(p.pid) for p in multiprocessing.active_children())
    res = run_sweep(6, eps, path, workers=2)
    assert res.resumed == 3 and res.complete


# -- fuzz: generated command lines through the real entry point ------------------------------

_BAD_NUMBERS = ["x", "", " ", "1/0", "0/0", "nan", "inf", "-inf", "1e", "e5", "--", "1.2.3", "3/4/5", "0x10",
                "1_000", "١٢", "½", "-0", "+-1", "1e1001", "1e-1001", "9" * 1200, "1/" + "3" * 1200, "\n1",
                "1\n2", "'; rm -rf /", "$(id)", "é", "\x00", "1 2", "-1", "-1/4", "0", "10**9", "1e9", "1e30",
                "99999999999999999999", "4294967296", "-99999999999"]
_PATHS = ["adir", "..", ".", "nodir/x.json", "afile/x", "n" * 300, "fifo", "-", "ok.json", "link", "é/x",
          "", "/", "ro/x.json", "loop"]
_WORDS = ["centred", "mine", "theirs", "dead", "centre", "both", "one", "liable", "settled", "cash", "walk",
          "lemma", "plain", "backgammon", "5:1/2,10:1/2", "2x3", "0x0", "9x9", "1,1,1", "2,2,2", "1,1",
          "fast", "rich", "csv", "latex", "json", "bogus", "--help-table", "ju24.dk", "floyd.f", ","]

_small = st.integers(0, 12).map(str)
_value = st.one_of(_small, _small, st.sampled_from(_BAD_NUMBERS), st.sampled_from(_WORDS), st.sampled_from(_WORDS),
                   st.fractions(min_value=-2, max_value=2, max_denominator=9).map(str),
                   st.text(max_size=6))
_opt = {
    "cube": ["--doubles", "--x", "--y", "--p", "--cube", "--digits"],
    "race": ["--cube", "--dice", "--digits", "--json", "--max", "--min", "--band"],
    "noisy nim": ["--eps", "--method", "--only", "--digits", "--exact", "--json"],
    "noisy chomp": ["--eps", "--neighbours", "--digits", "--exact", "--json"],
    "table": ["--format", "--digits", "--exact", "-o", "--size", "--x", "--y", "--a", "--b", "--list"],
    "triangle": ["--side", "--at", "--doubles", "--rule", "--ejected", "--policy", "--games", "--seed",
                 "--edges", "--level", "--digits", "--json", "--checkpoint"],
    "conjecture": ["--n-max", "--eps-step", "--rigorous", "--workers", "--resume", "--digits", "--force"],
    "verify": ["--paper", "--json", "--list", "--details"],  # runs no claim: '--claim no-such-claim' is added
    "plot": ["--list", "-o"],
}
_FLAGS = {"--exact", "--list", "--rigorous", "--force", "--details", "--help-table"}
_PATH_OPTS = {"--json", "-o", "--checkpoint", "--resume"}
_HEADS = {
    "cube": st.just([]), "race": st.lists(st.one_of(_small, st.sampled_from(_BAD_NUMBERS)), max_size=3),
    "noisy nim": st.lists(_value, min_size=1, max_size=1), "noisy chomp": st.sampled_from([["2x3"], ["1x2"], ["x"],
                                                                                           ["99x99"], ["0x3"]]),
    "table": st.sampled_from([["ju24.dk"], ["floyd.f"], ["ks69.table1"], ["nope"], []]),
    "triangle": st.sampled_from([[], ["eval"], ["simulate"], ["regions"], ["bogus"]]),
    "conjecture": st.sampled_from([["9"], ["10"], ["11"], []]),
    "verify": st.just([]), "plot": st.sampled_from([["nope"], []]),
}
# keep every generated case to milliseconds: small sizes where a size would be computed
_CAPS = {"--size": 4, "--n-max": 6, "--side": 9, "--games": 200, "--doubles": 2, "--max": 20, "--band": 5,
         "--workers": 1}


@st.composite
def command_lines(draw):
    cmd = draw(st.sampled_from(sorted(_opt)))
    argv = cmd.split() + draw(_HEADS[cmd])
    for _ in range(draw(st.integers(0, 4))):
        opt = draw(st.sampled_from(_opt[cmd]))
        if opt in _FLAGS:
            argv.append(opt)
            continue
        val = draw(st.sampled_from(_PATHS) if opt in _PATH_OPTS else _value)
        if opt in _CAPS and val.isdigit() and int(val) > _CAPS[opt]:
            val = str(_CAPS[opt])
        if cmd == "conjecture" and opt == "--eps-step" and val not in _BAD_NUMBERS:
            val = "1/4"
        argv += [opt, val] if draw(st.booleans()) else [f"{opt}={val}"]
    if cmd == "conjecture" and "--n-max" not in argv:
        argv += ["--n-max", "4", "--eps-step", "1/4"]
    if cmd == "verify":
        argv += ["--claim", "no-such-claim"]
    if cmd == "triangle" and "--side" not in argv:
        argv += ["--side", "6"]
    return argv


class _Hang(BaseException):
    pass


@pytest.fixture
def sandbox(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    (tmp_path / "adir").mkdir()
    (tmp_path / "afile").write_text("x")
    (tmp_path / "ro").mkdir(mode=0o555)
    os.mkfifo(tmp_path / "fifo")
    (tmp_path / "link").symlink_to(tmp_path / "ok.json")
    (tmp_path / "loop").symlink_to(tmp_path / "loop")
    return tmp_path


def _check(argv, capsys, seconds=20):
    def hang(*_):
        raise _Hang(f"{argv} ran more than {seconds} s")

    old = signal.signal(signal.SIGALRM, hang)
    signal.alarm(seconds)
    try:
        code = main(list(argv), Output(io.StringIO(), force_plain=True))
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
    err = capsys.readouterr().err
    assert code in (0, 2), (argv, code, err)
    assert "internal error" not in err and "Traceback" not in err, (argv, err)
    if code == 2:
        lines = err.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith("exactcube: error: "), (argv, err)
        assert len(lines[0]) < 600, (argv, err)


_FUZZ = dict(deadline=None, derandomize=True, database=None,
             suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture,
                                    HealthCheck.data_too_large])


#: Issue 24's reproducers (the command line half), run first by the fuzz test: each is one line and exit 2, or
#: a correct run, within the time limit and with no traceback (the runs that are estimated and then take minutes,
#: 'noisy nim 300 --eps 1/3 --method plain' and 'plot ju24.fig6 --doubles 2 --side 40', are tested apart in
#: tests/test_conventions.py, with the run itself stopped).
ISSUE24 = [
    ["noisy", "nim", "1000000000", "--eps", "1", "--method", "plain"],
    ["noisy", "nim", "2000", "--eps", "1e-3", "--method", "plain"],
    ["noisy", "nim", "8193", "--eps", "1e-3"],
    ["triangle", "--side", "6", "--workers", "64"],
    ["verify", "--workers", "2"],
    ["verify", "--claim", ""],
    [],
    ["new-document", "ju24", "--title", "T"],
    ["bearoff", "0 0 1 0 0 0", "0 1 0 0 0 0", "--cube", "centre"],
    ["cube", "--cube", "center", "--doubles", "2", "--p", "1/2"],
    ["table", "ju24.dk", "--size", "2", "--format", "csv", "-o", "ok.json"],
    ["table", "ju24.dk", "--size", "2", "-o", "ok.json"],
    ["noisy", "nim", "3", "--eps", "1/2", "--json", "-"],
    ["race", "5", "6", "--json"],
    ["cube", "--doubles", "1000000"],
    ["plot", "ju24.fig6", "--side", "61"],
]


def _with_examples(test):
    for argv in ISSUE24:
        test = example(argv=argv)(test)
    return test


@settings(max_examples=300, **_FUZZ)
@given(argv=command_lines())
@_with_examples
def test_fuzz_command_lines(argv, sandbox, capsys):
    _check(argv, capsys)


@pytest.mark.slow
@settings(max_examples=5000, **{**_FUZZ, "derandomize": False})
@given(argv=command_lines())
def test_fuzz_command_lines_long(argv, sandbox, capsys):
    _check(argv, capsys)


def test_report_sweeps_build_folders_of_killed_runs(tmp_path):
    from exactcube.cli.report import BUILD_PREFIX, sweep_stale_builds

    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True,
                          text=True, check=True)
    dead_pid = int(dead.stdout)
    stale = tmp_path / f"{BUILD_PREFIX}{dead_pid}-abc123"
    stale.mkdir()
    (stale / "report.tex").write_text("half a build")
    mine = tmp_path / f"{BUILD_PREFIX}{os.getpid()}-xyz"  # a live process: kept
    mine.mkdir()
    other = tmp_path / ".exactcube-report-notapid"      # not our pattern: kept
    other.mkdir()
    target = tmp_path / "elsewhere"
    target.mkdir()
    link = tmp_path / f"{BUILD_PREFIX}{dead_pid}-link"  # a symlink is never followed or removed
    link.symlink_to(target)
    gone = sweep_stale_builds(str(tmp_path))
    assert gone == [str(stale)]
    assert not stale.exists() and mine.is_dir() and other.is_dir() and link.is_symlink() and target.is_dir()

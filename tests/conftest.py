"""Shared fixtures: the CLI runner, the verdicts of every default claim (computed once per
test run), and numeric state reset around every test (mpmath's and flint's precision)."""

import io

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Groups for pytest-xdist (``--dist loadgroup``, pyproject.toml): the tests of one file run in one worker, so a
    module's fixtures are built once, and every test that takes :func:`verdicts` runs in one worker, so the
    default claims (about 90 s of CPU) are checked once per run, not once per worker."""
    for item in items:
        group = "verdicts" if "verdicts" in getattr(item, "fixturenames", ()) else item.nodeid.split("::")[0]
        item.add_marker(pytest.mark.xdist_group(group))


@pytest.fixture
def cli():
    """Run the command line in-process: ``code, text = cli(["verify", "--list"])`` (plain output)."""
    from exactcube.cli import Output, main

    def run(argv):
        buf = io.StringIO()
        code = main(list(argv), Output(buf, force_plain=True))
        return code, buf.getvalue()

    return run


@pytest.fixture(scope="session")
def verdicts():
    """Every registered non-slow claim checked once for the whole run: ``{claim id: ClaimResult}``."""
    from exactcube import catalog
    from exactcube.claims import REGISTRY, run_claims

    errors = catalog.load()
    assert errors == [], errors
    return {r.claim.id: r for r in run_claims(sorted((c for c in REGISTRY.values() if not c.slow),
                                                     key=lambda c: c.id))}


@pytest.fixture(autouse=True, scope="session")
def _formal_off():
    """The formal checks (exactcube.formal, issue 43) compile formal/ with coqc (about 15-30 s of CPU per
    process): off for the suite, whose tests/test_formal.py compiles it on purpose."""
    mp = pytest.MonkeyPatch()
    mp.setenv("EXACTCUBE_FORMAL", "off")
    yield
    mp.undo()


@pytest.fixture(autouse=True, scope="session")
def _cache_home(tmp_path_factory):
    """Tests never write the user's cache folder (exactcube.race.bearoff.cache): $XDG_CACHE_HOME is a temporary one."""
    mp = pytest.MonkeyPatch()
    mp.setenv("XDG_CACHE_HOME", str(tmp_path_factory.mktemp("xdg-cache")))
    yield
    mp.undo()


@pytest.fixture(autouse=True)
def _precision():
    """Numeric state never leaks between tests (mpmath's habit: restore globals in ``finally``)."""
    import flint
    import mpmath

    prec, fprec = mpmath.mp.prec, flint.ctx.prec
    try:
        yield
    finally:
        mpmath.mp.prec = prec
        flint.ctx.prec = fprec

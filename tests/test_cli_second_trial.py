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

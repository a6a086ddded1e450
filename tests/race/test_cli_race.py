"""``exactcube race``: answers, formats and bad input (one line on stderr, exit 2)."""

import json

import pytest


def test_cubeless_pair(cli):
    code, text = cli(["race", "70", "80"])
    # zk77 Table 1 prints 77.9% for 70 vs 80
    assert code == 0 and "(0.779" in text


def test_cubeful_six_six(cli):
    code, text = cli(["race", "6", "6", "--cube", "centred"])
    # by hand (tests/race/test_cubeful.py): p = 13/16, hold 1/2, double/take = 1
    assert code == 0 and "13/16" in text and "double, take" in text and "exactly equal" in text


def test_cube_theirs_and_json(cli):
    code, text = cli(["race", "20", "21", "--cube", "theirs"])
    assert code == 0 and "cannot double" in text
    code, text = cli(["race", "20", "20", "--cube", "mine", "--json"])
    d = json.loads(text)
    assert d["cube"] == "mine" and d["opponent"] in ("take", "pass") and "/" in d["equity"]


def test_long_fractions_summarised_unless_exact(cli):
    # 70 vs 80 with the cube: 64-digit numerators and denominators, summarised unless --exact (docs/cli.md)
    code, text = cli(["race", "70", "80", "--cube", "centred"])
    eq = json.loads(cli(["race", "70", "80", "--cube", "centred", "--json"])[1])["equity"]
    num, den = eq.split("/")
    assert code == 0 and len(eq) > 60 and eq not in text and f"<{len(num)}-digit>/<{len(den)}-digit>" in text
    assert max(len(line) for line in text.splitlines()) < 100
    code, text = cli(["race", "70", "80", "--cube", "centred", "--exact"])
    assert code == 0 and f"cubeful equity          = {eq}  (" in text


def test_plain_dice_floyd(cli):
    code, text = cli(["race", "25", "25", "--dice", "plain", "--json"])
    # Floyd's f(25, 25): the same fraction as proofs/floyd (two methods agree there)
    assert code == 0 and json.loads(text)["win_decimal"].startswith("0.6988")


def test_rules_small(cli):
    code, text = cli(["race", "rules", "--max", "40", "--band", "20"])
    assert code == 0 and "8-9-12" in text and "Kleinman" in text and "Thorp" in text and "Janowski" in text


def test_tables(cli):
    code, text = cli(["table", "zk77.table3"])
    assert code == 0 and "+5½" in text
    code, text = cli(["table", "floyd.f", "--size", "3", "--exact"])
    assert code == 0 and "35/36" in text  # f(3, 1) = 1 - 1/36 by hand


@pytest.mark.parametrize("argv, fragment", [
    (["race", "0", "5"], "at least 1"),
    (["race", "-3", "5"], "at least 1"),
    (["race", "2.5", "5"], "whole number"),
    (["race", "abc", "5"], "cannot read"),
    (["race", "5"], "two counts"),
    (["race", "5", "6", "7"], "two counts"),
    (["race", "5", "6", "--cube", "sideways"], "centred, mine or theirs"),
    (["race", "5", "6", "--dice", "5:1/2,10:1/3"], "sum to"),
    (["race", "5", "6", "--dice", "3:-1,4:2"], "negative"),
    (["race", "rules", "7"], "no counts"),
    (["race", "rules", "--max", "9999"], "too large"),
    (["race", "700", "5", "--cube", "centred"], "pips"),
])
def test_bad_input_one_line_exit_2(argv, fragment, capsys, cli):
    code, _ = cli(argv)
    err = capsys.readouterr().err
    assert code == 2, err
    assert err.count("\n") == 1 and err.startswith("exactcube: error:"), err
    assert fragment in err


def test_the_cube_answer_names_its_model_first(cli):
    """Issue 45, item 20: ``race 70 80 --cube centred`` named its model only at the action line, under the numbers;
    the first line says it is the pip-count race model."""
    code, text = cli(["race", "70", "80", "--cube", "centred"])
    assert code == 0 and "pip-count race model" in text.splitlines()[0]

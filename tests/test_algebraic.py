"""Real algebraic numbers and exact root isolation (exactcube.algebraic), on polynomials whose roots are known
by hand."""

import pytest
from flint import fmpz_poly

from exactcube.algebraic import AlgebraicNumber, has_no_root_in, real_roots_in
from exactcube.numbers import mpq


def test_algebraic_number_decimal():
    # 1/sqrt(2) = 0.70710678118654752440084436210485 (known constant), root of 2x^2 - 1
    (r,) = real_roots_in(fmpz_poly([-1, 0, 2]), AlgebraicNumber.rational(0), AlgebraicNumber.rational(1))
    assert r.decimal(30) == "0.707106781186547524400844362105"
    assert r > AlgebraicNumber.rational(mpq(7, 10)) and r < AlgebraicNumber.rational(mpq(71, 100))


@pytest.mark.parametrize(
    "coeffs, a, b, none",
    [
        pytest.param([-1, 0, 2], 0, mpq(1, 2), True, id="no-root-below-0.5"),
        pytest.param([-1, 0, 2], mpq(1, 2), 1, False, id="root-0.707"),
        pytest.param([1, -3, 2], mpq(1, 2), 1, True, id="roots-at-the-ends-only"),
    ],
)
def test_descartes(coeffs, a, b, none):
    assert has_no_root_in(fmpz_poly(coeffs), a, b) is none


def test_an_algebraic_number_reads_as_a_number():
    """Issue 45, item 31: the noisy-Nim notebook showed ``AlgebraicNumber(poly=..., lo=..., hi=...)`` reprs.  A
    rational prints as its fraction; an irrational as its polynomial, interval and decimals (by hand: the root of
    2x^2 - 1 in (0, 1) is 1/sqrt(2) = 0.70710678118654..., 0.707106781187 at 12 places)."""
    from flint import fmpz_poly

    from exactcube import models
    from exactcube.algebraic import AlgebraicNumber
    from exactcube.numbers import mpq

    assert str(AlgebraicNumber.rational(mpq(1, 2))) == "1/2"
    assert str(AlgebraicNumber(fmpz_poly([-1, 0, 2]), mpq(0), mpq(1))) == \
        "the root of 2x^2 − 1 in (0, 1), 0.707106781187"
    # the notebook's cell
    d = models.noisy.phase_diagram(4)
    shown = [(str(lo), str(hi), moves) for lo, hi, moves in d.heap(4).move_intervals()]
    assert shown == [("0", "1/2", (0,)), ("1/2", "1", (3,))]


def test_the_readme_names_the_command_that_runs_a_notebook():
    """Issue 45, item 31: the README said the notebooks run with the test extras, which install nbclient (its
    ``jupyter-execute``) but not ``jupyter nbconvert``."""
    import pathlib
    import shutil

    import pytest

    readme = (pathlib.Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    assert "jupyter execute notebooks/" in readme
    pytest.importorskip("nbclient")
    assert shutil.which("jupyter-execute")

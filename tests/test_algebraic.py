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

"""The one judge of printed numbers (exactcube.printed.read_printed): each form, its rule, its mutants.

Expectations are worked out here, by hand or with fractions.Fraction, never by the code under test."""

import pickle
import re
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from exactcube import api
from exactcube.errors import BadInput
from exactcube.numbers import mpq
from exactcube.printed import (DOUBLE_15, TRUNCATION, Form, PrintedNumber, Sampled, agrees_with_printed, cell,
                               erratum_kind, printed, read_printed, substituting)
from exactcube.results import ErratumKind
from exactcube.tables import Table

Q316 = mpq(3, 16)


# -- the defect of issue 40: a printed fraction was judged as a decimal with no places -----------------------------


@pytest.mark.parametrize("judge", [api, __import__("exactcube.printed", fromlist=["x"])], ids=["api", "printed"])
def test_the_fraction_examples_judge_correctly(judge):
    assert judge.agrees_with_printed(Q316, "3/16") is True
    assert judge.agrees_with_printed(Q316, "0.1875") is True  # 3/16 = 0.1875 exactly
    assert judge.agrees_with_printed(Q316, "0/1") is False    # 0 is not 3/16 (the old judge: within 1/2)
    assert judge.agrees_with_printed(Q316, "3/17") is False
    assert judge.agrees_with_printed(Q316, "1/3") is False
    # 3/17 is 3/16 with one digit changed; 1/3 and 0/1 are no slip of 3/16
    assert judge.erratum_kind("3/17", Q316).kind is ErratumKind.MISPRINT
    assert judge.erratum_kind("1/3", Q316).kind is ErratumKind.SUBSTANTIVE
    assert judge.erratum_kind("0/1", Q316).kind is ErratumKind.SUBSTANTIVE
    assert judge.erratum_kind("3/16", Q316) is None and judge.erratum_kind("0.1875", Q316) is None


def test_the_fraction_examples_through_a_table():
    t = Table("t.frac", "fractions", ["1", "2", "3", "4"], ["x"])
    for r in t.rows:
        t.set(r, "x", Q316)
    for r, p in zip(t.rows, ["3/17", "0/1", "3/16", "0.1875"], strict=True):
        t.publish(r, "x", p)
    got = {c.row: c.agrees for c in t.compare()}
    assert got == {"1": False, "2": False, "3": True, "4": True}
    errs = {e.where: (e.printed, e.kind) for e in t.errata()}
    assert errs == {"t.frac row 1, column x": ("3/17", ErratumKind.MISPRINT),
                    "t.frac row 2, column x": ("0/1", ErratumKind.SUBSTANTIVE)}
    # the correction offered is the exact fraction, in the printed form
    assert {c.row: c.true_rounded for c in t.compare()}["1"] == "3/16"


def test_an_unreadable_text_is_refused_at_registration():
    t = Table("t.bad", "bad", ["1"], ["x"])
    t.set("1", "x", Q316)
    with pytest.raises(BadInput, match=r"t\.bad row 1, column x: .*cannot read '3/1X'"):
        t.publish("1", "x", "3/1X")
    assert t.published == {}
    with pytest.raises(BadInput, match="zero denominator"):
        t.publish("1", "x", "3/0")
    with pytest.raises(BadInput, match="§1.*cannot read"):
        printed("§1", "0.2S", number=True)
    for text in ["3/1X", "0.2.5", "abc", "", "1/2/3", "≈ 1/3", "[0.3, 0.2]", "1,5", "--1"]:
        with pytest.raises(BadInput):
            read_printed(text)
    # a refusal is one short line
    with pytest.raises(BadInput) as info:
        read_printed("3/1X", "Table 1, row 2")
    assert "\n" not in str(info.value) and len(str(info.value)) < 250


def test_a_fraction_has_no_decimal_places():
    from exactcube.numbers import printed_places

    with pytest.raises(BadInput, match="fraction"):
        printed_places("3/17")  # it said 0, the root of the defect
    assert read_printed("3/17").places is None


def test_a_text_cell_keeps_its_text():
    t = Table("t.text", "moves", ["1"], ["opt."])
    t.set("1", "opt.", "0 - 2")
    t.publish("1", "opt.", "0 - 2")
    assert t.compare()[0].agrees is True and not isinstance(t.published[("1", "opt.")], PrintedNumber)


def test_a_percentage_carries_its_scale():
    assert read_printed("12.5%").number == Fraction(1, 8)
    assert agrees_with_printed(mpq(1, 8), "12.5%") and not agrees_with_printed(mpq(1, 8), "12.6%")
    t = Table("t.pct", "percent", ["1"], ["x"], scale=100)
    t.set("1", "x", mpq(1, 8))
    with pytest.raises(BadInput, match="percentage"):
        t.publish("1", "x", "12.5%")
    t.publish("1", "x", "12.5")  # a table printed as bare percentages: the scale says so
    assert t.compare()[0].agrees is True


# -- each form -----------------------------------------------------------------------------------------------------


@pytest.mark.parametrize("text, form, number, signed", [
    (".8125", Form.DECIMAL, Fraction(13, 16), False),
    ("+.430", Form.DECIMAL, Fraction(43, 100), True),
    ("\u22120.25", Form.DECIMAL, Fraction(-1, 4), True),  # the minus sign papers print
    ("79", Form.DECIMAL, Fraction(79), False),
    ("12.5%", Form.PERCENT, Fraction(1, 8), False),
    ("1.2e-5", Form.SCIENTIFIC, Fraction(12, 10 ** 6), False),
    ("1.2 \u00d7 10^{-5}", Form.SCIENTIFIC, Fraction(12, 10 ** 6), False),
    ("3/16", Form.FRACTION, Fraction(3, 16), False),
    ("-1/4", Form.FRACTION, Fraction(-1, 4), True),
    ("1 3/4", Form.MIXED, Fraction(7, 4), False),
    ("-2 1/2", Form.MIXED, Fraction(-5, 2), True),
    ("+5½", Form.MIXED, Fraction(11, 2), True),  # zk77 Table 3's half pips
    ("−1½", Form.MIXED, Fraction(-3, 2), True),
    ("¾", Form.FRACTION, Fraction(3, 4), False),
    ("\u2248 0.43", Form.APPROX, Fraction(43, 100), False),
    ("[0.20, 0.25]", Form.INTERVAL, None, False),
    ("1/4 \u2013 1/3", Form.INTERVAL, None, False),
])
def test_each_form_is_read(text, form, number, signed):
    p = read_printed(text)
    assert p == text and isinstance(p, str) and p.form is form and p.signed is signed
    assert (p.number is None) if number is None else (Fraction(int(p.number.numerator), int(p.number.denominator))
                                                      == number)
    assert read_printed(p) is p  # read once: a printed number is never read again
    back = pickle.loads(pickle.dumps(p))
    assert back == text and back.form is form


def test_a_decimal_keeps_its_old_rule():
    # 13/16 = .8125: .813 and .812 are both half a unit away (a rounding rule explains either)
    assert [agrees_with_printed(mpq(13, 16), p) for p in (".8125", ".8126", ".813", ".812", ".811")] == \
        [True, False, True, True, False]
    # 51/64 = .796875: .7970 is one of the two nearest, which no stated arithmetic explains
    assert erratum_kind(".7970", mpq(51, 64)).kind is ErratumKind.SUBSTANTIVE
    assert erratum_kind(".7968", mpq(51, 64), arithmetic=TRUNCATION).kind is ErratumKind.ROUNDING
    assert erratum_kind("0.78", mpq(3, 4)).kind is ErratumKind.MISPRINT  # 0.75 with one digit changed


def test_a_fraction_is_never_rounding():
    # 1/3 printed as 33/100 is off by 1/300: as a decimal .33 it would agree, as a fraction it is wrong
    assert agrees_with_printed(mpq(1, 3), ".33") and not agrees_with_printed(mpq(1, 3), "33/100")
    for arithmetic in (None, TRUNCATION, DOUBLE_15):
        assert erratum_kind("33/100", mpq(1, 3), arithmetic=arithmetic).kind is not ErratumKind.ROUNDING
    assert erratum_kind("33/100", mpq(1, 3), method="a truncated series").kind is ErratumKind.SUBSTANTIVE
    assert erratum_kind("6/33", Q316).kind is ErratumKind.MISPRINT    # 6/32 = 3/16 with one digit changed
    assert erratum_kind("-3/16", Q316).kind is ErratumKind.MISPRINT   # the sign flipped
    assert erratum_kind("3/61", Q316).kind is ErratumKind.MISPRINT    # two adjacent digits swapped
    assert erratum_kind("6/32", Q316) is None                         # equal, though not in lowest terms


def test_a_fraction_against_a_ball():
    from flint import arb

    third = arb(1) / 3  # a ball around 1/3: it cannot show equality, only exclude
    assert read_printed("1/3").agrees(third) is None
    assert read_printed("1/4").agrees(third) is False
    assert read_printed("1/2").agrees((mpq(1, 3), mpq(2, 3))) is None
    assert agrees_with_printed(third, "1/3") is False  # not decided is not agreed


def test_a_mixed_number():
    assert agrees_with_printed(mpq(7, 4), "1 3/4") and not agrees_with_printed(mpq(7, 4), "1 3/5")
    assert erratum_kind("1 3/5", mpq(7, 4)).kind is ErratumKind.MISPRINT   # one digit of 1 3/4 changed
    assert erratum_kind("2 1/3", mpq(7, 4)).kind is ErratumKind.SUBSTANTIVE
    assert read_printed("1 3/4").correct(mpq(9, 4)) == "2 1/4"


def test_a_fraction_character():
    assert agrees_with_printed(mpq(11, 2), "+5½") and not agrees_with_printed(mpq(13, 2), "+5½")
    assert erratum_kind("+5½", mpq(13, 2)).kind is ErratumKind.MISPRINT      # +6½ with one digit changed
    assert erratum_kind("+5½", mpq(21, 4)).kind is ErratumKind.SUBSTANTIVE   # 5¼: no digit of ½ to mistype
    assert read_printed("2¾").correct(mpq(7, 3)) == "2⅓"
    assert [m for _, m in read_printed("+5½").mutants()][:2] == ["+6½", "+4½"]


def test_scientific_notation_is_a_decimal_in_units_of_its_exponent():
    # 1/81000 = 1.2345...e-5: 1.2e-5 agrees at one decimal of the mantissa, 1.3e-5 does not
    assert agrees_with_printed(mpq(1, 81000), "1.2e-5") and not agrees_with_printed(mpq(1, 81000), "1.3e-5")
    assert erratum_kind("1.3e-5", mpq(1, 81000)).kind is ErratumKind.SUBSTANTIVE  # a nearest one, unexplained
    assert erratum_kind("1.5e-5", mpq(1, 81000)).kind is ErratumKind.MISPRINT     # 1.2e-5, one digit changed
    assert erratum_kind("1.2e-6", mpq(1, 81000)).kind is ErratumKind.MISPRINT     # 1.2e-5, its exponent mistyped
    assert erratum_kind("4.2e-6", mpq(1, 81000)).kind is ErratumKind.SUBSTANTIVE
    assert read_printed("1.2e-5").places == 6


def test_an_interval():
    # [0.20, 0.25] stands for [0.195, 0.255]: 1/4 is in it, 0.254 too, 0.26 and 0.19 are not
    assert agrees_with_printed(mpq(1, 4), "[0.20, 0.25]") and agrees_with_printed(mpq(254, 1000), "[0.20, 0.25]")
    assert not agrees_with_printed(mpq(26, 100), "[0.20, 0.25]")
    # a miss is substantive: a slip of an end could excuse any value ([0.20, 1.25] holds 0.9)
    assert erratum_kind("[0.20, 0.25]", mpq(26, 100)).kind is ErratumKind.SUBSTANTIVE
    assert erratum_kind("[0.20, 0.25]", mpq(9, 10)).kind is ErratumKind.SUBSTANTIVE
    assert erratum_kind("[0.20, 0.25]", mpq(26, 100), arithmetic=TRUNCATION).kind is ErratumKind.SUBSTANTIVE
    assert agrees_with_printed(mpq(3, 10), "1/4 to 1/3") and not agrees_with_printed(mpq(1, 5), "1/4 to 1/3")
    assert read_printed("[0.20, 0.25]").agrees(Sampled.spread(mpq(1, 10), mpq(21, 100), "a range")) is True


def test_approximately():
    assert agrees_with_printed(mpq(3, 7), "\u2248 0.43") and not agrees_with_printed(mpq(3, 7), "\u2248 0.42")
    assert erratum_kind("\u2248 0.42", mpq(3, 7)).kind is ErratumKind.SUBSTANTIVE


def test_a_printed_item_is_read_once_at_registration():
    item = printed("§1", "3/16")
    assert isinstance(item.value, PrintedNumber) and item.value.form is Form.FRACTION
    words = printed("§2", "doubling is preferable")  # a text that is no number stays a text
    assert not isinstance(words.value, PrintedNumber)
    pair = printed("§3", ("80", "20"))
    assert all(isinstance(x, PrintedNumber) for x in pair.value)
    with substituting(item, "3/17"):
        assert item.value == "3/17"


def test_a_cell_read_through_the_door():
    t = Table("t.door", "door", ["1"], ["x"])
    t.set("1", "x", Q316)
    t.publish("1", "x", "3/16")
    with substituting(("cell", "t.door", "1", "x"), "3/17"):
        assert t.compare()[0].agrees is False
    assert cell("t.door", "1", "x", "3/16") == "3/16"


# -- mutants by form ------------------------------------------------------------------------------------------------


def test_mutants_by_form():
    from exactcube.mutate import mutants_of

    assert [m for _, m in mutants_of("3/17")] == ["4/17", "2/17", "3/18", "3/16", "-3/17"]
    assert [m for _, m in mutants_of("0/1")] == ["1/1", "-1/1"]  # 0/2 is still 0: not a mutant
    assert [m for _, m in mutants_of("1 3/4")] == ["2 3/4", "0 3/4", "1 4/4", "1 2/4", "1 3/5", "-1 3/4"]
    assert [m for _, m in mutants_of("12.5%")] == ["12.6%", "12.4%", "-12.5%"]
    assert [m for _, m in mutants_of("1.2e-5")] == ["1.3e-5", "1.1e-5", "-1.2e-5", "1.2e-4", "1.2e-6"]
    assert [m for _, m in mutants_of("\u2248 0.43")] == ["\u2248 0.44", "\u2248 0.42", "\u2248 -0.43"]
    # an interval: each end moved inward (a wider interval holds whatever the printed one held)
    assert [m for _, m in mutants_of("[0.20, 0.25]")] == ["[0.21, 0.25]", "[0.20, 0.24]"]
    # 1/4 moved in: 1/3 (2/4 passes the upper end); 1/3 moved in: 1/4 (0/3 passes the lower end)
    assert [m for _, m in mutants_of("1/4 to 1/3")] == ["1/3 to 1/3", "1/4 to 1/4"]
    # rationals: the numerator and the denominator moved by one, and the sign (1/2 -> 2/2 and 1/1 once)
    assert [m for _, m in mutants_of(mpq(1, 2))] == [1, 0, mpq(1, 3), mpq(-1, 2)]


def test_a_fraction_table_catches_every_mutant():
    from exactcube.claims import Claim, erratum, verified
    from exactcube.mutate import mutate_claim

    def check():
        t = Table("t.mut", "fractions", ["1", "2"], ["x"])
        t.set("1", "x", Q316)
        t.set("2", "x", mpq(7, 4))
        t.publish("1", "x", "3/16")
        t.publish("2", "x", "1 3/4")
        errs = t.errata()
        return erratum("exact", "differs", errs) if errs else verified("exact", "agrees")

    rep = mutate_claim(Claim("t.mut", "here", "fractions", check, False, ""))
    assert rep.items == 2 and rep.tried == 5 + 6 and rep.caught == rep.tried, rep.as_dict()

    def wrong():
        t = Table("t.mut", "fractions", ["1"], ["x"])
        t.set("1", "x", Q316)
        t.publish("1", "x", "3/17")
        errs = t.errata()
        return erratum("exact", "differs", errs) if errs else verified("exact", "agrees")

    rep = mutate_claim(Claim("t.wrong", "here", "a wrong fraction", wrong, False, ""))
    assert (rep.tried, rep.caught) == (1, 1)  # the correction 3/16 clears the erratum


# -- properties, with expectations computed here in fractions.Fraction ----------------------------------------------


def _round_half_away(x: Fraction, places: int) -> int:
    """x * 10^places rounded to an integer, ties away from zero (worked here, independently)."""
    s = x * 10 ** places
    n, r = divmod(abs(s.numerator), s.denominator)
    if 2 * r >= s.denominator:
        n += 1
    return n if s >= 0 else -n


def _decimal_text(n: int, places: int) -> str:
    t = str(abs(n)).rjust(places + 1, "0")
    body = f"{t[:-places]}.{t[-places:]}" if places else t
    return ("-" if n < 0 else "") + body


def _q(x: Fraction):
    return mpq(x.numerator, x.denominator)


fractions_ = st.fractions(min_value=-50, max_value=50, max_denominator=10 ** 6)


@settings(max_examples=300, deadline=None)
@given(p=st.integers(-10 ** 4, 10 ** 4), q=st.integers(1, 10 ** 4), true=fractions_)
def test_a_fraction_agrees_only_when_equal(p, q, true):
    text = f"{p}/{q}"
    equal = Fraction(p, q) == true
    assert agrees_with_printed(_q(true), text) is equal
    ruling = erratum_kind(text, _q(true))
    assert (ruling is None) is equal
    if ruling is not None:
        assert ruling.kind in (ErratumKind.MISPRINT, ErratumKind.SUBSTANTIVE)
    assert agrees_with_printed(_q(Fraction(p, q)), text)


@settings(max_examples=300, deadline=None)
@given(true=st.fractions(min_value=Fraction(1, 10 ** 4), max_value=100, max_denominator=10 ** 4),
       data=st.data())
def test_one_digit_of_a_fraction_changed_is_a_misprint(true, data):
    p, q = true.numerator, true.denominator
    text = f"{p}/{q}"
    i = data.draw(st.integers(0, len(text) - 1).filter(lambda i: text[i] != "/"))
    d = data.draw(st.sampled_from([c for c in "0123456789" if c != text[i]]))
    slipped = text[:i] + d + text[i + 1:]
    num, den = slipped.split("/")
    if int(den) == 0 or (len(num) > 1 and num[0] == "0") or (len(den) > 1 and den[0] == "0"):
        return  # no printed fraction: a zero denominator, a leading zero
    assert Fraction(int(num), int(den)) != true  # one digit changed always changes the value
    assert erratum_kind(slipped, _q(true)).kind is ErratumKind.MISPRINT


@settings(max_examples=400, deadline=None)
@given(true=fractions_, places=st.integers(0, 6), shift=st.integers(-3, 3))
def test_a_decimal_agrees_within_half_a_unit(true, places, shift):
    n = _round_half_away(true, places) + shift
    text = _decimal_text(n, places)
    unit = Fraction(1, 10 ** places)
    expected = abs(true - n * unit) <= unit / 2
    assert agrees_with_printed(_q(true), text) is expected
    assert (erratum_kind(text, _q(true)) is None) is expected
    if shift == 0:
        assert expected  # the correctly rounded decimal always agrees


@settings(max_examples=300, deadline=None)
@given(true=st.fractions(min_value=-2, max_value=2, max_denominator=10 ** 6), places=st.integers(0, 4),
       shift=st.integers(-2, 2))
def test_a_percentage_agrees_within_half_a_unit_of_a_percent(true, places, shift):
    n = _round_half_away(100 * true, places) + shift
    text = _decimal_text(n, places) + "%"
    unit = Fraction(1, 10 ** places) / 100  # of one
    expected = abs(true - n * unit) <= unit / 2
    assert agrees_with_printed(_q(true), text) is expected
    # the same as the decimal of the same value with two more places
    assert agrees_with_printed(_q(true), _decimal_text(n, places + 2)) is expected


@settings(max_examples=300, deadline=None)
@given(kind=st.sampled_from(["fraction", "decimal", "percentage", "mixed"]), a=st.integers(-999, 999),
       b=st.integers(1, 999), places=st.integers(0, 5))
def test_every_mutant_of_a_right_value_is_caught(kind, a, b, places):
    """Each mutant denotes another value than the printed one (worked out here from its text), and the judge
    finds it wrong against the value the original text denotes exactly."""
    from exactcube.mutate import mutants_of

    if kind == "fraction":
        text, value = f"{a}/{b}", Fraction(a, b)
    elif kind == "mixed":
        text, value = f"{abs(a)} {b % 7}/{b}", abs(a) + Fraction(b % 7, b)
    else:
        text, value = _decimal_text(a, places), Fraction(a, 10 ** places)
        if kind == "percentage":
            text, value = text + "%", value / 100
    assert agrees_with_printed(_q(value), text)
    for label, m in mutants_of(text):
        assert _denotes(m) != value, (text, label, m)
        assert not agrees_with_printed(_q(value), m), (text, label, m)


def _denotes(text: str) -> Fraction:
    """The value a printed decimal, percentage, fraction or mixed number denotes, read here."""
    t = re.sub(r"\s*/\s*", "/", text.strip())  # "0/ 1" and "3 / 16" print the fractions 0/1 and 3/16
    pct = t.endswith("%")
    t = t.rstrip("%")
    sign = -1 if t.startswith("-") else 1
    t = t.lstrip("+-")
    if "/" in t:
        whole, _, frac = t.rpartition(" ")
        num, den = frac.split("/")
        v = (int(whole) if whole else 0) + Fraction(int(num), int(den))
    else:
        v = Fraction(t)
    return sign * v / (100 if pct else 1)


@settings(max_examples=200, deadline=None)
@given(text=st.text(alphabet="0123456789./%-+ eE[],≈x", min_size=1, max_size=12))
def test_a_text_is_read_or_refused_never_misread(text):
    """Any text is read into a form whose number is what the text says, or refused with BadInput."""
    try:
        p = read_printed(text)
    except BadInput:
        return
    if p.form in (Form.DECIMAL, Form.PERCENT, Form.FRACTION, Form.MIXED):
        assert _denotes(p) == Fraction(int(p.number.numerator), int(p.number.denominator))

"""One vocabulary for the cube's place (exactcube.owner), read the same way by every model and option."""

import argparse

import pytest

from exactcube.brownian import alternating as alt
from exactcube.cli.common import add_cube
from exactcube.errors import BadInput
from exactcube.match import continuous as cm
from exactcube.owner import ALIASES, Owner
from exactcube.race.cubeful import Cube

# every spelling, by the place it must mean (written out here, not read from ALIASES)
SPELLINGS = {
    Owner.CENTRED: ["centred", "Centre", "center", "CENTERED", "middle", "c"],
    Owner.MINE: ["mine", "me", "my", "own", "owned", "o", "A"],
    Owner.THEIRS: ["theirs", "them", "their", "opponent", "opp", "t", "B"],
}


@pytest.mark.parametrize("owner,text", [pytest.param(o, t, id=t) for o, ts in SPELLINGS.items() for t in ts])
def test_every_reader_agrees(owner, text):
    assert Owner.parse(text) is owner
    assert Cube.parse(text) is owner  # the race and bearoff models
    assert alt.Cube is Owner  # the continuous game reads the same vocabulary
    # One double left, p = 7/8: when A may double (centred, or A owns the cube) 7/8 is past A's doubling point
    # d_1 = 3/4 (ju24 (2.3)), a pass, equity 1.  When B owns it, B doubles at p = 1/4 and A takes, after which the
    # dead cube at 2 is worth 2(2p - 1) = -1 to A; between the ends (1/4, -1) and (1, 1) the equity is linear:
    # -1 + 2 (7/8 - 1/4)/(3/4) = 2/3.
    want = {"centred": 1, "mine": 1, "theirs": alt.mpq(2, 3)}[owner.value]
    assert alt.equity(alt.mpq(7, 8), text, 1).value == want
    p = argparse.ArgumentParser()
    add_cube(p)
    assert p.parse_args(["--cube", text]).cube == owner.value
    # the continuous game at a score names its players A (mine) and B (theirs)
    assert cm.cube_points(3, 5, 1, text).owner == {"centred": "centred", "mine": "A", "theirs": "B"}[owner.value]


def test_aliases_cover_exactly_the_listed_spellings():
    listed = {t.lower() for ts in SPELLINGS.values() for t in ts} | {"dead"}
    assert set(ALIASES) == listed


@pytest.mark.parametrize("text", ["dead", "nobody", "", "centred!", "2"])
def test_live_readers_refuse(text):
    with pytest.raises(BadInput):
        Cube.parse(text)


def test_dead_only_where_allowed():
    assert alt.equity(alt.mpq(7, 8), "dead").value == alt.mpq(3, 4)  # no doubling: 2p - 1
    assert Owner.parse("dead", ("centred", "dead")) is Owner.DEAD
    with pytest.raises(BadInput):
        Owner.parse("dead")


def test_other_side():
    assert [o.other for o in Owner] == [Owner.CENTRED, Owner.THEIRS, Owner.MINE, Owner.DEAD]

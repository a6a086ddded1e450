"""One vocabulary for the cube's place (exactcube.owner), read the same way by every model and option."""

import argparse

import pytest

from exactcube.brownian import alternating as alt
from exactcube.cli._common import add_cube
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
    assert alt.Cube.parse(text).name == {"centred": "CENTRE", "mine": "MINE", "theirs": "THEIRS"}[owner.value]
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
    assert alt.Cube.parse("dead") is alt.Cube.DEAD
    assert Owner.parse("dead", ("centred", "dead")) is Owner.DEAD
    with pytest.raises(BadInput):
        Owner.parse("dead")


def test_other_side():
    assert [o.other for o in Owner] == [Owner.CENTRED, Owner.THEIRS, Owner.MINE, Owner.DEAD]

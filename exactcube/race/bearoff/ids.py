r"""Bearoff positions as players paste them: GNU Backgammon position IDs and XGIDs.

**gnubg position ID** (positionid.c ``PositionKey``, ``PositionIDFromKey``).  The key is a
string of 80 bits: for each of the two sides in turn, for its points 1..24 and then its bar,
as many 1 bits as it has checkers there followed by one 0; then 0s up to 80 bits.  Bit
:math:`b` of the string is bit :math:`b \bmod 8` of byte :math:`\lfloor b/8 \rfloor` (least
significant first).  The ten bytes are written in base64 (``A-Z a-z 0-9 + /``) without
padding: 14 characters.  **Order of the sides**: gnubg 1.07 writes first the side *not*
on roll and second the side on roll (``anBoard[0]`` then ``anBoard[1]``; checked with
``gnubg -t``: the ID ``AQAAcAAAAAAAAA`` shows the side to roll with three checkers on its
3 point against one on the ace point).  The starting position is ``4HPwATDgc/ABMA``.

**XGID** (eXtreme Gammon): ``XGID=`` then colon-separated fields.  The first is 26
characters: character 0 the top player's bar, characters 1..24 the points 1..24 counted
from the bottom player's side, character 25 the bottom player's bar; ``-`` is an empty
point, ``A``.. ``O`` 1..15 checkers of the bottom player, ``a``.. ``o`` of the top player
(the top player's own point :math:`p` is character :math:`25 - p`).  Then the cube value
(its base-2 logarithm), the cube position (1 bottom owns, 0 centred, -1 top owns), the side
on turn (1 bottom, -1 top), the dice (``00``: to roll), the two scores, a rules field, the
match length (0 for money) and the largest cube.  In a match the scores are the bottom
player's and the top player's points, and the rules field is 1 in the Crawford game.

**gnubg match ID** (matchid.c ``MatchID``, ``MatchFromKey``): 12 base64 characters holding
9 bytes, read as bits like the position ID (bit :math:`b` is bit :math:`b \bmod 8` of byte
:math:`\lfloor b/8 \rfloor`).  Bits 0-3 the cube's base-2 logarithm; 4-5 its owner (0 or 1
a player, 3 centred); 6 the player on roll; 7 the Crawford flag; 8-10 the game state (1:
playing); 11 the player to decide; 12 a double offered; 13-14 a resignation offered; 15-17
and 18-20 the dice (0: not rolled); 21-35 the match length (0: money); 36-50 and 51-65 the
scores of players 0 and 1.  A pair is written as gnubg's ``set gnubgid`` reads it: the
position ID, a colon, the match ID (``3/cBAAAgAAAAAA:cAngADAAKAAE``).  Read against
``gnubg -t`` in tests/race/test_match_ids.py.

A bearoff position here is a pair of six counts (points 1..6 of each side, the side on
roll first); any checker elsewhere, on the bar, or more than 15 a side is refused.

Reference: GNU Backgammon 1.07 positionid.c, and its manual ("A technical description of
the Position ID"); eXtreme Gammon's XGID as documented by its users.
"""

from __future__ import annotations

from ...errors import BadInput
from .positions import MAX_CHECKERS, POINTS

__all__ = ["gnubg_id", "parse_gnubg_id", "parse_match_id", "xgid", "parse_xgid", "parse_pair", "looks_like_id"]

_B64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"


def _base64(text: str, length: int, what: str) -> int:
    """The ``length`` base64 characters of a gnubg ID as one integer (6 bits each, the first highest)."""
    if len(text) != length or any(ch not in _B64 for ch in text):
        raise BadInput(f"a gnubg {what} is {length} characters of A-Z a-z 0-9 + /; got {text!r}")
    six = 0
    for ch in text:
        six = (six << 6) | _B64.index(ch)
    return six


def _check_side(counts, what: str) -> tuple[int, ...]:
    counts = tuple(int(c) for c in counts)
    if len(counts) != POINTS or min(counts) < 0 or sum(counts) > MAX_CHECKERS:
        raise BadInput(f"{what}: a bearoff side is six counts of at most {MAX_CHECKERS} checkers in all")
    return counts


def gnubg_id(on_roll, opponent) -> str:
    """The 14-character gnubg position ID of a bearoff pair (module docstring: the side not
    on roll is written first)."""
    bits: list[int] = []
    for side in (_check_side(opponent, "gnubg ID"), _check_side(on_roll, "gnubg ID")):
        for c in list(side) + [0] * (25 - POINTS):
            bits += [1] * c + [0]
    key = 0
    for b, v in enumerate(bits):
        key |= v << b
    data = key.to_bytes(10, "little")
    six = int.from_bytes(data, "big") << 4  # 80 bits + 4 zero bits = 14 sextets
    return "".join(_B64[(six >> (6 * (13 - i))) & 63] for i in range(14))


def parse_gnubg_id(text: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Read a gnubg position ID; returns (side on roll, opponent), each six counts.
    BadInput if malformed or not a bearoff (module docstring)."""
    t = text.strip()
    six = _base64(t, 14, "position ID")
    if six & 15:
        raise BadInput(f"gnubg position ID {t}: malformed (its last character carries stray bits)")
    key = int.from_bytes((six >> 4).to_bytes(10, "big"), "little")
    sides = []
    b = 0
    for _side in range(2):
        points = []
        for _p in range(25):
            n = 0
            while b < 80 and key >> b & 1:
                n, b = n + 1, b + 1
            b += 1
            points.append(n)
        sides.append(points)
    if b < 80 and key >> b:
        raise BadInput(f"gnubg position ID {t}: malformed (bits set after both sides)")
    for points in sides:
        if sum(points) > MAX_CHECKERS:
            raise BadInput(f"gnubg position ID {t}: a side has {sum(points)} checkers (at most 15)")
        if any(points[POINTS:]):
            raise BadInput(f"gnubg position ID {t} is not a bearoff: a side has checkers outside its home board")
    return tuple(sides[1][:POINTS]), tuple(sides[0][:POINTS])


def xgid(on_roll, opponent, cube: str = "centred", cube_value: int = 1) -> str:
    """An XGID for a bearoff pair, money game before the roll: the side on roll is the
    bottom player and on turn; the cube ``centred``/``mine``/``theirs`` (seen from the side on
    roll) at ``cube_value`` (a power of 2, default a centred cube at 1), no Jacoby, largest cube 2^10."""
    me, them = _check_side(on_roll, "XGID"), _check_side(opponent, "XGID")
    log = int(cube_value).bit_length() - 1
    if cube_value < 1 or 2**log != cube_value or log > 15:
        raise BadInput(f"XGID: the cube value is a power of 2 up to 2^15 (got {cube_value})")
    position = {"centred": 0, "mine": 1, "theirs": -1}[cube]
    cells = ["-"] * 26
    for p in range(POINTS):
        if me[p]:
            cells[p + 1] = chr(ord("A") + me[p] - 1)
        if them[p]:
            cells[25 - (p + 1)] = chr(ord("a") + them[p] - 1)
    return "XGID=" + "".join(cells) + f":{log}:{position}:1:00:0:0:0:0:10"


def parse_xgid(text: str) -> tuple[tuple[int, ...], tuple[int, ...], dict]:
    """Read an XGID; returns (side on turn, opponent, fields) where ``fields`` has the cube
    value, the cube state seen from the side on turn (``centred``/``mine``/``theirs``) and
    the match length, and the dice when they are rolled (``dice``: high, low).  BadInput if
    malformed, not a bearoff, or a double is offered."""
    t = text.strip()
    body = t[5:] if t[:5].upper() == "XGID=" else t
    f = body.split(":")
    if len(f) < 5 or len(f[0]) != 26:
        raise BadInput(f"an XGID is XGID= then 26 board characters and colon-separated fields; got {text!r}")
    bottom, top = [0] * 26, [0] * 26
    for i, ch in enumerate(f[0]):
        if ch == "-":
            continue
        if "A" <= ch <= "O":
            bottom[i] = ord(ch) - ord("A") + 1
        elif "a" <= ch <= "o":
            top[i] = ord(ch) - ord("a") + 1
        else:
            raise BadInput(f"XGID: board character {ch!r} is not '-', A-O or a-o")
    try:
        cube_log, cube_pos, turn = int(f[1]), int(f[2]), int(f[3])
        bottom_score, top_score, rules, length = (int(v) for v in (f[5:9] + ["0"] * 4)[:4])
    except ValueError:
        raise BadInput(f"XGID: cube, cube position, turn, scores, rules and match length are whole numbers; "
                       f"got {text!r}") from None
    if turn not in (1, -1) or cube_pos not in (1, 0, -1) or not 0 <= cube_log <= 15:
        raise BadInput("XGID: turn is 1 or -1, cube position 1, 0 or -1, cube 0..15")
    if length < 0 or (length and not (0 <= bottom_score < length and 0 <= top_score < length)):
        raise BadInput(f"XGID: scores {bottom_score} and {top_score} in a match to {length}: each is 0..{length - 1}")
    dice = None
    if f[4] != "00":
        if len(f[4]) != 2 or not all(c in "123456" for c in f[4]):
            raise BadInput(f"XGID: dice {f[4]!r}; only positions before the roll (00) or with two dice rolled "
                           "(like 52) are answered")
        dice = (max(int(f[4][0]), int(f[4][1])), min(int(f[4][0]), int(f[4][1])))
    if sum(bottom) > MAX_CHECKERS or sum(top) > MAX_CHECKERS:
        raise BadInput("XGID: a side has more than 15 checkers")
    if any(bottom[7:]) or bottom[0] or any(top[:19]) or top[25]:
        raise BadInput("XGID is not a bearoff: a side has checkers outside its home board or on the bar")
    me = tuple(bottom[1:7])
    them = tuple(top[25 - p] for p in range(1, 7))
    if turn == -1:
        me, them = them, me
    state = {0: "centred", turn: "mine", -turn: "theirs"}[cube_pos]
    fields = {"cube_value": 2 ** cube_log, "cube": state, "match_length": length}
    if length:  # the side on turn's score first; the rules field is the Crawford flag in a match
        fields.update(score=(bottom_score, top_score)[::turn], crawford=rules == 1)
    return me, them, ({**fields, "dice": dice} if dice else fields)


def parse_match_id(text: str) -> dict:
    """Read a gnubg match ID (module docstring): the cube value, its owner and the player on roll
    as gnubg numbers them, the score and match length, the Crawford flag and the dice.  BadInput
    if malformed, or when it is not a position to be played (a double or resignation pending, the
    game not in play)."""
    t = text.strip()
    key = int.from_bytes(_base64(t, 12, "match ID").to_bytes(9, "big"), "little")

    def bits(pos: int, n: int) -> int:
        return key >> pos & ((1 << n) - 1)

    owner, move, length = bits(4, 2), bits(6, 1), bits(21, 15)
    score, dice = (bits(36, 15), bits(51, 15)), (bits(15, 3), bits(18, 3))
    if owner == 2 or bits(8, 3) != 1 or bits(12, 1) or bits(13, 2) or bits(11, 1) != move:
        raise BadInput(f"gnubg match ID {t}: not a position to be played (cube owner {owner}, game state "
                       f"{bits(8, 3)}, double offered {bits(12, 1)}, resignation {bits(13, 2)})")
    if length and max(score) >= length or not length and (any(score) or bits(7, 1)):
        raise BadInput(f"gnubg match ID {t}: score {score[0]}-{score[1]} in a match to {length} is not in play")
    if (0 in dice) != (dice == (0, 0)) or max(dice) > 6:
        raise BadInput(f"gnubg match ID {t}: dice {dice[0]}-{dice[1]}")
    fields = {"cube_value": 2 ** bits(0, 4), "cube": "centred" if owner == 3 else ("mine" if owner == move else "theirs"),
              "match_length": length}
    if length:  # the player on roll's score first
        fields.update(score=(score[move], score[1 - move]), crawford=bool(bits(7, 1)))
    if dice != (0, 0):
        fields["dice"] = (max(dice), min(dice))
    return fields


def looks_like_id(text: str) -> bool:
    """True for text that is meant as an ID (``XGID=...``, 14 characters without blanks, or a gnubg
    position ID and match ID joined by a colon) rather than six counts."""
    t = text.strip()
    return (t[:5].upper() == "XGID=" or (len(t) in (14, 27) and " " not in t and "," not in t)
            or t.count(":") >= 4)


def parse_pair(text: str) -> tuple[tuple[int, ...], tuple[int, ...], dict]:
    """Either kind of ID: (side on roll, opponent, fields); fields name the format."""
    t = text.strip()
    if t[:5].upper() == "XGID=" or t.count(":") >= 4:
        me, them, fields = parse_xgid(t)
        return me, them, {"format": "XGID", **fields}
    if ":" in t:  # gnubg's "position ID:match ID"
        pos, _, mid = t.partition(":")
        me, them = parse_gnubg_id(pos)
        return me, them, {"format": "gnubg ID", **parse_match_id(mid)}
    me, them = parse_gnubg_id(t)
    return me, them, {"format": "gnubg position ID"}

"""Issue 40: every result class of exactcube.noisy says its evidence from the arithmetic that ran, never by a guess."""

import dataclasses
import importlib
import inspect
import pkgutil
import re

import pytest

import exactcube.noisy
from exactcube.results import Evidence, Result

#: words of a method that runs in balls, floats or samples: such a result is never exact
INEXACT_WORDS = re.compile(r"\b(ball|balls|binary64|float|floating|outward|Monte Carlo|sampled|arb|MPFR)\b", re.I)


def _noisy_result_classes():
    out = {}
    for info in pkgutil.walk_packages(exactcube.noisy.__path__, "exactcube.noisy."):
        mod = importlib.import_module(info.name)
        for _, cls in inspect.getmembers(mod, inspect.isclass):
            if issubclass(cls, Result) and cls.__module__.startswith("exactcube.noisy"):
                out[f"{cls.__module__}.{cls.__qualname__}"] = cls
    return out


CLASSES = _noisy_result_classes()


def test_the_walk_finds_the_classes():
    names = {n.rsplit(".", 1)[1] for n in CLASSES}
    assert {"EpsCheck", "GridVerdict", "SweepResult", "NimSolution", "BallSolution", "Piece"} <= names


@pytest.mark.parametrize("name", sorted(CLASSES))
def test_every_noisy_result_class_declares_its_evidence(name):
    cls = CLASSES[name]
    fields = {f.name: f for f in dataclasses.fields(cls)} if dataclasses.is_dataclass(cls) else {}
    assert cls.EVIDENCE or "evidence" in fields, f"{name} declares no evidence"
    assert "exact" not in fields, f"{name}: an 'exact' field is a guess from a field name"
    if cls.EVIDENCE:
        Evidence(cls.EVIDENCE)
        method = cls.METHOD + " " + str(getattr(fields.get("method"), "default", ""))
        if INEXACT_WORDS.search(method):
            assert Evidence(cls.EVIDENCE) is not Evidence.EXACT, f"{name}: {method!r} reports exact"

"""scripts/bench_bearoff.py's judgement of the issue's target (at most 1x makebearoff's CPU and 2x its peak
memory), tested at the boundary: equal is met, a hair over is not, and each missed part is named."""

import importlib.util
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def _bench():
    spec = importlib.util.spec_from_file_location("bench_bearoff", ROOT / "scripts" / "bench_bearoff.py")
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def test_target_is_judged_at_its_boundary():
    target = _bench().target
    mb = (300.0, 500.0, 60.0)  # makebearoff's CPU s, peak MB, wall s
    assert target((300.0, 1000.0, 9.0), mb).endswith(" met")  # exactly 1x CPU and 2x memory
    assert target((240.0, 600.0, 900.0), mb).endswith(" met")  # the wall time is no part of the target
    over_cpu = target((300.5, 400.0, 9.0), mb)
    assert "NOT met: CPU 1.002x" in over_cpu and "memory" not in over_cpu.split("NOT met")[1]
    assert target((100.0, 1001.0, 9.0), mb).endswith("NOT met: memory 2.002x")
    assert target((301.0, 1001.0, 9.0), mb).endswith("NOT met: CPU 1.003x, memory 2.002x")

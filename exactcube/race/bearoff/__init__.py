"""Real bearoffs, exactly: one-sided and two-sided bearoff databases (docs/bearoff.md)."""

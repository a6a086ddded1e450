"""Races with real dice: zk77 and Floyd."""

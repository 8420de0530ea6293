"""How games end, measured from the engine: ``measure`` (the facts of one game, read from the
match state and its log while it is played) and ``tally`` (those facts summed per agent, and
the side-by-side table ``scripts/match_endings.py`` prints)."""

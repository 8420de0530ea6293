"""The rules: state, decisions, events, effects, battles, victory — what a match is, played by
any agent through ``decisions.Agent``."""

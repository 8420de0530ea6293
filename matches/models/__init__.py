"""The one app's models, by feature: tournaments (with their batches, pairings and matches),
games against the AI, games between two people and tuning runs. Every model is importable
from here, as before the split."""

from matches.models.card_tallies import CardTally
from matches.models.friends import AwayClock, FriendGame, FriendGameStatus
from matches.models.play import HumanMatch, HumanMatchStatus
from matches.models.tournaments import (
    Batch,
    Entry,
    Format,
    Match,
    Pairing,
    Problem,
    Status,
    Tournament,
    WorkerSeen,
)
from matches.models.tuning import TuningRun, TuningState

__all__ = [
    "AwayClock",
    "Batch",
    "CardTally",
    "Entry",
    "Format",
    "FriendGame",
    "FriendGameStatus",
    "HumanMatch",
    "HumanMatchStatus",
    "Match",
    "Pairing",
    "Problem",
    "Status",
    "Tournament",
    "TuningRun",
    "TuningState",
    "WorkerSeen",
]

"""A printed card as a test proposes it. Test data only: nothing here is shipped content."""

from __future__ import annotations

import io

from proposals.services import ProposalData
from tests.proposals import photos

# A made-up ship for the tests (not a printed card): stats in the catalogue's shape.
SHIP = {
    "kind": "ship",
    "name": "Фрегат класса «Тестовый»",
    "cost": 4,
    "rarity": "common",
    "size": "SK",
    "ship_class": "фрегат",
    "strength": 7,
    "critical": 4,
    "shield": {"type": "B", "power": 2},
    "armor": 2,
    "speed": 5,
    "weapons": {"plasma": {"power": 5}},
    "crew": {"level": "V", "size": 3},
}
# One effect of the language: at the start of each battle round, +2 speed to own light ships.
EFFECT = {
    "when": "round_start",
    "targets": {"side": "own", "kind": "ship", "size": "LK"},
    "actions": [{"do": "modify", "stat": "speed", "by": 2, "until": "round"}],
}
PRINTED = "В начале каждого раунда боя ваши ЛК получают +2 к скорости до конца раунда."


def ship(**changes) -> dict:
    return {**SHIP, "effects": [EFFECT], **changes}


def proposal_data(**changes) -> ProposalData:
    values = {"attributes": ship(), "printed_text": PRINTED, **changes}
    return ProposalData(**values)


def photo(data: bytes | None = None) -> io.BytesIO:
    return io.BytesIO(data if data is not None else photos.jpeg())

"""Time the deck validator in process on a 100-card deck: median and p95 of many runs.

    .venv/bin/python scripts/bench/deck_validate.py [runs]

Pure Python, no database: the validator takes plain values.
"""

import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from komandor.rules.deck_rules import CardFacts, DeckDraft, validate_deck
from komandor.rules.rules import DECK_MAX_CARDS, MAX_COPIES_PER_NAME

KINDS = ("ship", "space_object", "tactical", "upgrade", "ability")


def hundred_card_deck() -> DeckDraft:
    names = DECK_MAX_CARDS // MAX_COPIES_PER_NAME
    cards = [
        CardFacts(id=n, name=f"Линкор класса «Химера» {n}", kind=KINDS[n % len(KINDS)], cost=n % 12)
        for n in range(1, names + 1)
    ]
    abilities = [card for card in cards if card.kind == "ability"][:3]
    return DeckDraft(
        commander=CardFacts(id=0, name="Адмирал", kind="commander"),
        entries=tuple((card, MAX_COPIES_PER_NAME) for card in cards),
        setup_abilities=tuple((card, 1) for card in abilities),
    )


def main(runs: int = 5000) -> None:
    draft = hundred_card_deck()
    assert draft.card_count == DECK_MAX_CARDS
    for _ in range(200):
        validate_deck(draft)
    timings = []
    for _ in range(runs):
        start = time.perf_counter_ns()
        validate_deck(draft)
        timings.append(time.perf_counter_ns() - start)
    timings.sort()
    median = statistics.median(timings) / 1000
    p95 = timings[int(len(timings) * 0.95) - 1] / 1000
    print(f"validate_deck, {DECK_MAX_CARDS}-card deck, {runs} runs")
    print(f"median {median:.1f} µs   p95 {p95:.1f} µs   max {timings[-1] / 1000:.1f} µs")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 5000)

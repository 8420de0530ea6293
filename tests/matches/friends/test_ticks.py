"""A seat's socket settles the game's time every tick; one failed settle (the database busy a
moment) does not stop the ticks, or a clock running out would go unnoticed while both
players wait."""

from __future__ import annotations

import asyncio
from concurrent.futures import ThreadPoolExecutor

from matches.friends import consumers


def test_the_ticks_go_on_after_a_failed_settle(monkeypatch, settings):
    settings.FRIEND_GAME_TICK_SECONDS = 0.01
    calls: list[int] = []

    def settle(game_id: int) -> None:
        calls.append(game_id)
        if len(calls) == 1:
            raise RuntimeError("canceling statement due to statement timeout")

    monkeypatch.setattr(consumers, "_settle", settle)
    consumer = consumers.FriendGameConsumer()
    consumer.game_id = 7

    async def run() -> None:
        ticker = asyncio.create_task(consumer.tick())
        for _ in range(500):
            if len(calls) >= 3:
                break
            await asyncio.sleep(0.01)
        ticker.cancel()
        await asyncio.gather(ticker, return_exceptions=True)

    # In a thread of its own: an earlier test's loop (Playwright's) may still be set on this one.
    with ThreadPoolExecutor(1) as pool:
        pool.submit(asyncio.run, run()).result(timeout=30)
    assert calls[:3] == [7, 7, 7]

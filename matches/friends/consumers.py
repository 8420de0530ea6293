"""The WebSocket of a game between two people: ``/ws/friend-games/{id}/``.

On the session login: a seat's socket gets that seat's view, anyone else's (where the table
allows spectators) the spectator's view — the viewer is fixed when the socket opens and each
message is built for it, never copied from another socket. Every change of the game reaches
the table's group through the channel layer; each socket then reads the game and sends its
own view. A seat's socket also marks him present (his last one closing starts his grace
period), and every ``FRIEND_GAME_TICK_SECONDS`` a socket settles the game's time, so a clock
running out or a grace period passing ends the game while someone watches.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncJsonWebsocketConsumer
from django.conf import settings
from django.core.serializers.json import DjangoJSONEncoder
from django.utils import translation

from matches.friends.selectors import friend_game_detail, friend_game_viewable
from matches.friends.services import (
    FriendGameError,
    friend_game_connected,
    friend_game_disconnected,
    friend_game_settle,
    group_name,
)
from matches.models import FriendGame

logger = logging.getLogger(__name__)
NOT_FOUND = 4404  # the close code of a game one may not see
# The spectators' view of the latest positions, by (game, version, status, last change,
# language): built once for all the spectators a process holds (its clock figures are those of
# when it was built; the page counts down from them). Written on the one thread
# ``database_sync_to_async`` runs on, read there and on the event loop (a dict's get and set
# are atomic).
SPECTATOR_VIEWS: dict[tuple[Any, ...], dict[str, Any]] = {}
SPECTATOR_VIEWS_KEPT = 256
# The spectators' views being built now, by the same key (on the event loop only).
BUILDING: dict[tuple[Any, ...], asyncio.Future[dict[str, Any] | None]] = {}


class FriendGameConsumer(AsyncJsonWebsocketConsumer):
    game_id: int
    seat: int | None
    sent_version: int | None
    sent_status: str

    async def connect(self) -> None:
        self.game_id = int(self.scope["url_route"]["kwargs"]["game_id"])
        self.language = self.scope.get("cookies", {}).get(settings.LANGUAGE_COOKIE_NAME) or ""
        self.ticker: asyncio.Task[None] | None = None
        self.sent_version, self.sent_status = None, ""
        self.joined = False
        user = self.scope["user"]
        if not getattr(user, "is_authenticated", False):  # the pages' login, as the API's
            await self.close(code=NOT_FOUND)
            return
        try:
            _game, self.seat = await database_sync_to_async(friend_game_viewable)(
                user, self.game_id
            )
        except FriendGameError:
            await self.close(code=NOT_FOUND)
            return
        await self.channel_layer.group_add(group_name(self.game_id), self.channel_name)
        self.joined = True
        await self.accept()
        if self.seat is not None:
            await database_sync_to_async(friend_game_connected)(self.game_id, self.seat)
            await self.channel_layer.group_send(
                group_name(self.game_id), {"type": "game.changed", "presence": True}
            )
        await self.send_view(force=True)
        if self.seat is not None:  # the seats' sockets keep the time; spectators only listen
            self.ticker = asyncio.create_task(self.tick())

    async def disconnect(self, code: int) -> None:
        if self.ticker is not None:
            self.ticker.cancel()
        if not self.joined:
            return
        await self.channel_layer.group_discard(group_name(self.game_id), self.channel_name)
        if self.seat is not None:
            await database_sync_to_async(friend_game_disconnected)(self.game_id, self.seat)
            await self.channel_layer.group_send(
                group_name(self.game_id), {"type": "game.changed", "presence": True}
            )

    async def receive_json(self, content: Any, **kwargs: Any) -> None:
        """A client asks for the whole state again (``{"type": "resync"}``); actions go by
        HTTP, which answers each with its status."""
        if isinstance(content, dict) and content.get("type") == "resync":
            await self.send_view(force=True)

    async def game_changed(self, event: dict[str, Any]) -> None:
        if self.seat is None and "version" in event:
            await self.send_spectator_view(event)
            return
        await self.send_view(force=bool(event.get("presence")))

    async def send_spectator_view(self, event: dict[str, Any]) -> None:
        """The spectators' view of the position ``event`` names, built once per process: the
        first spectator builds it, the others of this process wait for it (no query each)."""
        key = (
            self.game_id,
            event["version"],
            event["status"],
            event.get("changed", ""),
            self._language(),
        )
        view = SPECTATOR_VIEWS.get(key)
        if view is None:
            building = BUILDING.get(key)
            if building is None:
                building = BUILDING[key] = asyncio.get_running_loop().create_future()
                try:
                    building.set_result(await database_sync_to_async(self._view)())
                except Exception as error:  # the waiting sockets fail as this one does
                    building.set_exception(error)
                    raise
                finally:
                    BUILDING.pop(key, None)
            view = await asyncio.shield(building)
        if view is None:
            return
        if (view["version"], view["status"]) != (self.sent_version, self.sent_status):
            self.sent_version, self.sent_status = view["version"], view["status"]
            await self.send_json({"type": "state", "game": view})

    def _language(self) -> str:
        return self.language or settings.LANGUAGE_CODE

    async def tick(self) -> None:
        """Settle the game's time every tick while the socket is open; a failed settle (the
        database busy or away a moment) is logged and the next tick tries again, so the
        clocks keep being kept."""
        interval = float(settings.FRIEND_GAME_TICK_SECONDS)
        with contextlib.suppress(asyncio.CancelledError):
            while True:
                await asyncio.sleep(interval)
                try:
                    await database_sync_to_async(_settle)(self.game_id)
                except Exception:
                    logger.warning(
                        "friend game %s: settling its time failed", self.game_id, exc_info=True
                    )

    async def send_view(self, *, force: bool = False) -> None:
        view = await database_sync_to_async(self._view)()
        if view is None:
            return
        if not force and (view["version"], view["status"]) == (
            self.sent_version,
            self.sent_status,
        ):
            return
        self.sent_version, self.sent_status = view["version"], view["status"]
        await self.send_json({"type": "state", "game": view})

    def _view(self) -> dict[str, Any] | None:
        game = (
            FriendGame.objects.select_related(
                "creator", "guest", "creator_deck__deck", "guest_deck__deck"
            )
            .filter(pk=self.game_id)
            .first()
        )
        if game is None:
            return None
        with translation.override(self.language or settings.LANGUAGE_CODE):
            return friend_game_detail(game, self.seat)

    @classmethod
    async def encode_json(cls, content: Any) -> str:
        import json

        return json.dumps(content, cls=DjangoJSONEncoder)


def _settle(game_id: int) -> None:
    game = FriendGame.objects.filter(pk=game_id).first()
    if game is not None:
        friend_game_settle(game)

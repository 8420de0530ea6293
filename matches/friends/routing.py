"""The WebSocket routes of games between two people."""

from django.urls import path

from matches.friends.consumers import FriendGameConsumer

websocket_urlpatterns = [
    path("ws/friend-games/<int:game_id>/", FriendGameConsumer.as_asgi()),
]

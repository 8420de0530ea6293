"""The ASGI application: every HTTP request as the WSGI one, and the WebSockets of games
between two people (``/ws/friend-games/{id}/``, on the session login)."""

import os

from django.core.asgi import get_asgi_application

# An ASGI server is production: the debug settings only when named (as config.wsgi).
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings.production")
http = get_asgi_application()  # sets Django up before the consumers are imported

from channels.auth import AuthMiddlewareStack  # noqa: E402
from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from channels.security.websocket import AllowedHostsOriginValidator  # noqa: E402

from matches.friends.routing import websocket_urlpatterns  # noqa: E402

application = ProtocolTypeRouter(
    {
        "http": http,
        "websocket": AllowedHostsOriginValidator(
            AuthMiddlewareStack(URLRouter(websocket_urlpatterns))
        ),
    }
)

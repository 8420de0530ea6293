from django.contrib import admin
from django.urls import include, path, re_path

from accounts.views import SignInView
from cardbase.editorial.admin import completeness_view
from config.views import api_not_found, api_root, health, ready

urlpatterns = [
    path(
        "admin/completeness/",
        admin.site.admin_view(completeness_view),
        name="admin-completeness",
    ),
    path("admin/", admin.site.urls),
    path("i18n/", include("django.conf.urls.i18n")),
    path("accounts/", include("accounts.urls")),
    path("accounts/", include("decks.account_urls")),
    # Django's login view with a form that bounds wrong passwords per address and per account
    # before hashing (accounts/views.py).
    path("accounts/login/", SignInView.as_view(), name="login"),
    path("accounts/", include("django.contrib.auth.urls")),
    path("api/", api_root, name="api-root"),
    path("api/health/", health, name="health"),
    path("api/health/ready/", ready, name="health-ready"),
    path("api/", include("cardbase.api.urls")),
    path("api/", include("decks.api.urls")),
    path("api/", include("matches.api.urls")),
    path("api/", include("accounts.api.urls")),
    path("api/", include("proposals.api.urls")),
    # Last under /api/: an address no API view takes gets the JSON 404. Only paths ending in
    # "/", so CommonMiddleware still adds a missing slash to an API address first; any
    # character, a line break included (an HTML 404 otherwise).
    re_path(r"^api/(?:[\s\S]*/)?$", api_not_found, name="api-not-found"),
    path("decks/", include("decks.urls")),
    path("", include("proposals.urls")),
    path("", include("matches.urls")),
    path("", include("cardbase.urls")),
]

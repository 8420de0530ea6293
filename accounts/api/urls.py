from django.urls import path

from accounts.api import views

urlpatterns = [
    path("account/", views.AccountView.as_view(), name="account"),
    path("account/tokens/", views.TokenListCreateView.as_view(), name="account-token-list"),
    path(
        "account/tokens/<int:token_id>/",
        views.TokenDetailView.as_view(),
        name="account-token-detail",
    ),
]

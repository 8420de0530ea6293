from django.urls import path

from accounts import views

app_name = "accounts"
urlpatterns = [
    path("", views.account_home, name="home"),
    path("tokens/", views.token_list, name="tokens"),
    path("tokens/<int:token_id>/revoke/", views.token_revoke, name="token-revoke"),
    path("export/", views.data_export, name="export"),
    path("delete/", views.account_delete_page, name="delete"),
]

from django.urls import path

from proposals import views

app_name = "proposals"
urlpatterns = [
    path("cards/propose/", views.propose, name="propose"),
    path("cards/propose/effects-text/", views.effects_text, name="effects-text"),
    path("cards/proposals/", views.proposals_mine, name="mine"),
    path("cards/proposals/waiting/", views.proposals_waiting, name="waiting"),
    path("cards/proposals/<int:proposal_id>/", views.proposal_detail, name="detail"),
    path("cards/proposals/<int:proposal_id>/edit/", views.proposal_edit, name="edit"),
    path("cards/proposals/<int:proposal_id>/decide/", views.proposal_decide, name="decide"),
]

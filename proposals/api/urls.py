from django.urls import path

from proposals.api import views

urlpatterns = [
    path("card-proposals/", views.ProposalListCreateView.as_view(), name="card-proposal-list"),
    path(
        "card-proposals/<int:proposal_id>/",
        views.ProposalDetailView.as_view(),
        name="card-proposal-detail",
    ),
    path(
        "card-proposals/<int:proposal_id>/publish/",
        views.ProposalPublishView.as_view(),
        name="card-proposal-publish",
    ),
    path(
        "card-proposals/<int:proposal_id>/reject/",
        views.ProposalRejectView.as_view(),
        name="card-proposal-reject",
    ),
    path(
        "card-proposals/<int:proposal_id>/request-changes/",
        views.ProposalReturnView.as_view(),
        name="card-proposal-request-changes",
    ),
]

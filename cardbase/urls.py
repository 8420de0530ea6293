from django.urls import path
from django.views.generic import TemplateView

app_name = "cardbase"
urlpatterns = [
    path("", TemplateView.as_view(template_name="cardbase/home.html"), name="home"),
]

from django.urls import path

from seasons import views

app_name = "seasons"
urlpatterns = [
    path("", views.seasons, name="list"),
]

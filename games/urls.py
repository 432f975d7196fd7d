from django.urls import path

app_name = "games"
urlpatterns: list = []

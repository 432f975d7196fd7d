from django.urls import path

from nights import views

app_name = "nights"
# "new/" comes before "<code>/".
urlpatterns = [
    path("new/", views.new_night, name="new"),
    path("<str:code>/", views.night_page, name="night"),
    path("<str:code>/screen/", views.screen, name="screen"),
    # Staff: move a player before the first save, add a table late.
    path("<str:code>/move/", views.move, name="move"),
    path("<str:code>/tables/", views.new_table, name="new_table"),
]

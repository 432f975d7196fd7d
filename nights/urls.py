from django.urls import path

from nights import views

app_name = "nights"
# "new/" comes before "<code>/".
urlpatterns = [
    path("new/", views.new_night, name="new"),
    path("<code:code>/", views.night_page, name="night"),
    path("<code:code>/screen/", views.screen, name="screen"),
    # Staff: move a player before the first save, add a table late.
    path("<code:code>/move/", views.move, name="move"),
    path("<code:code>/tables/", views.new_table, name="new_table"),
]

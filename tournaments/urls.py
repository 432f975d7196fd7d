from django.urls import path

from tournaments import views

app_name = "tournaments"
# "new/" comes before "<code>/".
urlpatterns = [
    path("new/", views.new_tournament, name="new"),
    path("<code:code>/", views.overview, name="overview"),
    path("<code:code>/screen/", views.screen, name="screen"),
    path("<code:code>/stages/<int:number>/cards/", views.cards, name="cards"),
    path("<code:code>/stages/<int:number>/cards/keys/", views.cards_keys, name="cards_keys"),
    path("<code:code>/results/", views.results, name="results"),
    path("<code:code>/games/<code:game>/after/", views.after_the_game, name="after_the_game"),
    # Staff: seat the next stage, start a stage's clock, late entrants, withdrawals.
    path("<code:code>/next/", views.next_stage, name="next_stage"),
    path("<code:code>/stages/<int:number>/clock/", views.start_clock, name="clock"),
    path("<code:code>/entrants/", views.late_entrant, name="late_entrant"),
    path("<code:code>/withdrawals/", views.withdrawal, name="withdrawal"),
    path(
        "<code:code>/withdrawals/<int:player>/reinstate/",
        views.reinstatement,
        name="reinstatement",
    ),
]

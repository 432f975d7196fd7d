from django.urls import path

from games import keeper_views, screen, views

app_name = "games"
# "new/" comes before "<code>/".
urlpatterns = [
    path("new/", views.new_game, name="new"),
    # The shared scoreboard, its big-screen view and the bare board live.js
    # fetches while its socket is down.
    path("<code:code>/", views.game_page, name="board"),
    path("<code:code>/screen/", screen.screen, name="screen"),
    path("<code:code>/board/", screen.board_fragment, name="board_fragment"),
    # Scorekeeping: the key link, the form posts, and the panel keeper.js refreshes.
    path("<code:code>/keep/<str:key>/", views.keep, name="keep"),
    path("<code:code>/panel/", views.panel, name="panel"),
    path("<code:code>/rounds/", keeper_views.save_round, name="save_round"),
    path("<code:code>/undo/", keeper_views.undo, name="undo"),
    path("<code:code>/redo/", keeper_views.redo, name="redo"),
    path("<code:code>/end/", keeper_views.end, name="end"),
    path("<code:code>/reopen/", keeper_views.reopen, name="reopen"),
    path("<code:code>/new-key/", views.new_key, name="new_key"),
]

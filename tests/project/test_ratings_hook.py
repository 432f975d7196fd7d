"""games/ knows ratings through one after-commit call, as it knows live/ through one."""

import ast

from tests.project.test_layout import imported_from
from tests.servers import ROOT


def test_games_knows_ratings_only_through_the_after_commit_catch_up():
    assert imported_from("games", "ratings") == {
        "games.scorekeeping": {"ratings", "ratings.updating"}
    }
    tree = ast.parse((ROOT / "games" / "scorekeeping.py").read_text())
    used = {
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and isinstance(node.value, ast.Name)
        and node.value.id == "ratings"
    }
    assert used == {"ratings.catch_up"}
    calls = [
        ast.unparse(node)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call) and "ratings.catch_up" in ast.unparse(node)
    ]
    assert calls and all(call == "transaction.on_commit(ratings.catch_up)" for call in calls)

"""What the tournament tests share: playing a table with each player's scores by name
(the seats of a drawn stage are not known in advance), reading the API, and thirty
entrants of long names in three bands."""

from games.models import Game
from tests.factories import play_out, seated_names, stage_games


def play_by_name(game: Game, scores: dict[str, list[int]], *, end: bool = True) -> Game:
    """Save each round with these players' scores (by name, whatever their seats), then
    end the game unless told not to."""
    names = seated_names(game)
    assert sorted(names) == sorted(scores), (names, scores)
    rounds = zip(*(scores[name] for name in names), strict=True)
    return play_out(game, *rounds, end=end)


def play_stage(stage, scores: dict[str, list[int]]) -> None:
    """Every table of the stage, each player's scores by name."""
    for game in stage_games(stage):
        play_by_name(game, {name: scores[name] for name in seated_names(game)})


def read(client, code: str) -> dict:
    answer = client.get(f"/api/tournaments/{code}")
    assert answer.status_code == 200, answer.content
    return answer.json()


def lines_of(answer: dict) -> list[tuple]:
    """(name, place, points, rounds, average, rounds won, status) per standing."""
    return [
        (
            s["player"]["name"],
            s["place"],
            s["points"],
            s["rounds"],
            s["average"],
            s["rounds_won"],
            s["status"],
        )
        for s in answer["standings"]
    ]


def medals_of(answer: dict) -> list[tuple]:
    return [(m["band"], m["place"], m["player"]["name"]) for m in answer["medals"]]


# Thirty entrants of long names (the walls' and the printed results' tests), in three bands.
THIRTY = [
    "Konstantinopoulos", "María-José Fernández", "Bartholomew Fairweather-Smythe",
    "Bartholomew", "Siobhán Ní Mhaonaigh", "Ngozi Adeyemi", "Dolores Castañeda",
    "Ólafur Arnalds", "Zoë Konstantinidou", "Evangelina Featherstonehaugh",
    "Maximiliana Vandenberghe", "Christopher Oyelaran-Smith", "Gwendolyn Montmorency",
    "Alexandrina Szczepanski", "Francesca Castellanos", "Konstantinos Wolfeschlegel",
    "Jean-Baptiste Delacroix-Dubois", "Aleksandra Wiśniewska", "Bartholomew Fairbanks",
    "Mhairi MacGillivray", "Oluwaseun Adebayo-Johnson", "Anastasia Papadimitriou",
    "Guillermo Domínguez-Ortega", "Wilhelmina Rosencrantz", "Thorsteinn Guðmundsson",
    "Seraphina Blackwood-Hughes", "Kristóf Szabó-Nagy", "Émilie Beauchamp-Laurent",
    "Przemysław Kowalczyk", "Ifeoluwa Okonkwo-Bello",
]  # fmt: skip
BANDS = ["Under 60", "60 to 74", "75 and over"]

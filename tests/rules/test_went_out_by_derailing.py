"""Derailing: who pays when a player goes out by derailing a train."""

import pytest

from rules.scoring import COMMUNITY_TRAIN, InvalidTurn, went_out_by_derailing

TABLE = ["Ann", "Bob", "Cy", "Dee"]


def test_it_charges_the_owner_of_the_derailed_train_the_last_tiles_pips():
    extra = went_out_by_derailing(TABLE, went_out="Ann", derailed="Cy", last_tile=(6, 6))
    assert extra == {"Cy": 12}


def test_it_charges_everyone_but_the_player_who_went_out_for_the_community_train():
    extra = went_out_by_derailing(TABLE, went_out="Bob", derailed=COMMUNITY_TRAIN, last_tile=(4, 4))
    assert extra == {"Ann": 8, "Cy": 8, "Dee": 8}


def test_it_charges_a_player_who_derails_their_own_train_to_go_out():
    extra = went_out_by_derailing(TABLE, went_out="Dee", derailed="Dee", last_tile=(9, 9))
    assert extra == {"Dee": 18}


def test_it_charges_nobody_when_the_player_doubled_out():
    for derailed in ("Cy", COMMUNITY_TRAIN, "Ann"):
        extra = went_out_by_derailing(
            TABLE, went_out="Ann", derailed=derailed, last_tile=(7, 7), doubled_out=True
        )
        assert extra == {}


def test_it_charges_nothing_for_the_double_blank():
    extra = went_out_by_derailing(TABLE, went_out="Ann", derailed="Bob", last_tile=(0, 0))
    assert extra == {"Bob": 0}


def test_it_works_with_player_ids():
    extra = went_out_by_derailing([11, 12, 13], went_out=12, derailed=13, last_tile=(12, 12))
    assert extra == {13: 24}


def test_it_refuses_a_last_tile_that_is_not_a_double():
    with pytest.raises(InvalidTurn) as caught:
        went_out_by_derailing(TABLE, went_out="Ann", derailed="Bob", last_tile=(3, 4))
    assert str(caught.value) == (
        "Only a double can derail a train, and the 3|4 is not a double; "
        "score this round from the hands alone."
    )


def test_it_refuses_players_who_are_not_at_the_table():
    with pytest.raises(InvalidTurn, match="went out must be one of the players"):
        went_out_by_derailing(TABLE, went_out="Eve", derailed="Bob", last_tile=(2, 2))
    with pytest.raises(InvalidTurn, match="derailed train must belong"):
        went_out_by_derailing(TABLE, went_out="Ann", derailed="Eve", last_tile=(2, 2))

"""The site's word table counts as a notice board does: "1 uitslag", "3 uitslagen", never "uitslag(en)"."""

from __future__ import annotations

import numpy as np
import pytest

from keizer.web import words
from keizer.web.words import say


@pytest.mark.parametrize(("key", "lang", "one", "three"), [
    ("provisional", "nl", "nog 1 uitslag open", "nog 3 uitslagen open"),
    ("provisional", "en", "PROVISIONAL: 1 result still", "PROVISIONAL: 3 results still"),
    ("prizes_provisional_missing", "nl", "Voorlopig: nog 1 uitslag open.", "Voorlopig: nog 3 uitslagen open."),
    ("prizes_provisional_missing", "en", "Provisional: 1 result still missing.",
     "Provisional: 3 results still missing."),
    ("to_come", "nl", "1 externe uitslag volgt nog: Jan", "3 externe uitslagen volgen nog: Jan"),
    ("to_come", "en", "1 team result is still to come: Jan", "3 team results are still to come: Jan"),
    ("state_playing", "nl", "Nog 1 groepspartij te spelen.", "Nog 3 groepspartijen te spelen."),
    ("state_playing", "en", "1 group game still to play.", "3 group games still to play."),
    ("state_champion_early", "nl", "(1 groepspartij nog te spelen)", "(3 groepspartijen nog te spelen)"),
    ("state_champion_early", "en", "(1 group game still to play)", "(3 group games still to play)"),
])
def test_a_count_takes_the_singular_for_one_and_the_plural_else(key: str, lang: str, one: str, three: str) -> None:
    fill = {"name": "Jan", "names": "Jan en Piet"}
    assert one in say(key, lang, n=1, **fill)
    assert three in say(key, lang, n=3, **fill)
    assert three.replace("3", "0") in say(key, lang, n=0, **fill)  # none is counted in the plural
    assert three in say(key, lang, n=np.int64(3), **fill)  # a count straight from a polars/numpy table


def test_no_sentence_hedges_its_plural() -> None:
    hedged = [key for key, pair in words._WORDS.items() for text in pair if "(en)" in text or "(s)" in text]
    assert hedged == []


def test_a_number_without_nouns_is_written_as_before() -> None:
    assert say("results_of", "nl", k=1) == "Uitslagen ronde 1"
    assert say("prizes_provisional", "en", k=1, n=1) == "Provisional: the season is not finished (round 1 of 1)."
    assert say("place_points", "en", rank=1, score="3½", value=80) == "Place 1, 3½ points, value 80."

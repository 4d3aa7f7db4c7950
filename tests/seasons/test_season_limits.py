"""The corpus of hostile season files: each is refused by the parser with one InputError naming its path."""

from __future__ import annotations

import copy
import json
import time
from typing import Any, Callable

import pytest

from keizer.seasons.errors import InputError
from keizer.seasons.ruleset.parse import parse_ruleset
from keizer.seasons.season_json.read import parse_season_text, season_from_json
from tests.seasons.test_season_json import MINIMAL

Mutate = Callable[[dict[str, Any]], None]


def text_of(mutate: Mutate) -> str:
    obj = copy.deepcopy(MINIMAL)
    mutate(obj)
    # json.dumps refuses ints past 4,300 digits, so a huge number is put into the text as text.
    return json.dumps(obj).replace('"BIG"', "1" + "0" * 4999)


BIG = "BIG"
"""Stands for a number of 5,000 digits in the file's text."""


def refused(text: str) -> str:
    with pytest.raises(InputError) as info:
        parse_season_text(text, source="s.json")
    message = str(info.value)
    assert "\n" not in message and len(message) < 400  # one line, never the whole value echoed
    return message


def player(key: str, value: Any) -> Mutate:
    return lambda o: o["players"][0].__setitem__(key, value)


def ruleset(*path_and_value: Any) -> Mutate:
    *path, value = path_and_value

    def mutate(obj: dict[str, Any]) -> None:
        spec: dict[str, Any] = {"preset": "kijk-uit"}
        node = spec
        for key in path[:-1]:
            node = node.setdefault(key, {})
        node[path[-1]] = value
        obj["ruleset"] = spec
    return mutate


CASES: list[tuple[str, Mutate, str]] = [
    ("rating 2^63", player("rating", 2 ** 63), "players[0].rating: a number of 19 digits (at most 18)"),
    ("rating 10^17", player("rating", 10 ** 17), "players[0].rating: expected a whole number from 0 to 4000"),
    ("rating negative", player("rating", -1), "players[0].rating"),
    ("rating of 5000 digits", player("rating", BIG), "players[0].rating: a number of 5000 digits"),
    ("rating true", player("rating", True), "players[0].rating: expected a whole number, got True"),
    ("group 10^30", player("group", 10 ** 30), "players[0].group: a number of 31 digits"),
    ("group 10^17", player("group", 10 ** 17), "players[0].group: expected a whole number from 1 to 1000"),
    ("joined 10^9", player("joined", 10 ** 9), "players[0].joined: expected a round number from 1 to 1000"),
    ("name with ESC", player("name", "Jan\x1b]0;owned\x07"), "players[0].name: character 4 is a control"),
    ("name with newline", player("name", "Jan\nkeizer: fine"), "players[0].name: character 4 is a control"),
    ("name with bidi override", player("name", "Jan\u202eseirV"), "players[0].name: character 4 is a control"),
    ("name too long", player("name", "J" * 101), "players[0].name: longer than 100 characters"),
    ("id with a tab", player("id", "de\tkker"), "players[0].id: character 3 is a control"),
    ("id not composed", player("id", "e\u0301"), "not in Unicode's composed form"),
    ("class as a list", player("class", ["A"]), "players[0].class: expected one of A, B, C, D, got ['A']"),
    ("season name with BEL", lambda o: o.__setitem__("name", "x\x07"), "name: character 2 is a control"),
    ("rounds_planned huge", lambda o: o.__setitem__("rounds_planned", 10 ** 12),
     "rounds_planned: expected a positive whole number from 1 to 1000"),
    ("rounds_planned 1.0", lambda o: o.__setitem__("rounds_planned", 1.0), "rounds_planned: expected a positive"),
    ("round 1.0", lambda o: o["rounds"][0].__setitem__("round", 1.0), "rounds[0].round: expected 1"),
    ("round true", lambda o: o["rounds"][0].__setitem__("round", True), "rounds[0].round: expected 1"),
    ("result []", lambda o: o["rounds"][0]["games"][0].__setitem__("result", []),
     "rounds[0].games[0].result: unknown result []"),
    ("result {}", lambda o: o["rounds"][0]["games"][0].__setitem__("result", {}),
     "rounds[0].games[0].result: unknown result {}"),
    ("entry a list", lambda o: o["rounds"][0]["entries"].__setitem__("kruijff", ["bye"]),
     "rounds[0].entries.kruijff: unknown entry"),
    ("entry an object", lambda o: o["rounds"][0]["entries"].__setitem__("kruijff", {"a": 1}),
     "rounds[0].entries.kruijff: unknown entry"),
    ("date with ESC", lambda o: o["rounds"][0].__setitem__("date", "\x1b[2J"), "rounds[0].date: character 1"),
    ("before_round 10^30", lambda o: o["withdrawals"][0].__setitem__("before_round", 10 ** 30),
     "withdrawals[0].before_round: a number of 31 digits"),
    ("before_round 10^6", lambda o: o["withdrawals"][0].__setitem__("before_round", 10 ** 6),
     "withdrawals[0].before_round: expected a round number from 1 to 1000"),
    ("2,000 rounds", lambda o: o.__setitem__("rounds", [{"round": i + 1} for i in range(2000)]),
     "rounds: more than 1000 rounds (2000)"),
    ("decimals 100000", ruleset("value", {"ladder": "range", "decimals": 100000}),
     "ruleset.value.decimals: must be at most 6"),
    ("decimals 10^9", ruleset("value", {"ladder": "range", "decimals": 10 ** 9}), "ruleset.value.decimals"),
    ("top of 5,000 digits", ruleset("value", "top", BIG), "ruleset.value.top: a number of 5000 digits"),
    ("top 10^12", ruleset("value", "top", 10 ** 12), "ruleset.value.top: must be at most 1000000"),
    ("top N+ many digits", ruleset("value", "top", "N+" + "9" * 5000), "ruleset.value.top: expected a number"),
    ("distance 10^9", ruleset("pairing", "opening", {"rounds": [1], "distance": 10 ** 9}),
     "ruleset.pairing.opening.distance: must be at most 1000"),
    ("seed 2^40", ruleset("pairing", "seed", 2 ** 40), "ruleset.pairing.seed: must be at most 2147483647"),
    ("fraction of many digits", ruleset("factors", "win", "1/" + "3" * 40), "ruleset.factors.win: expected a"),
    ("fraction with a big denominator", ruleset("factors", "win", "1/30000000000"), "more digits than a ruleset"),
    ("fraction int huge", ruleset("factors", "win", 10 ** 15), "ruleset.factors.win: expected a whole number"),
    ("fraction a float", ruleset("factors", "win", 0.5), "write fractions as strings"),
    ("iterate round 10^6", ruleset("iterate", [10 ** 6]), "ruleset.iterate[0]: must be at most 1000"),
    ("iterate a long list", ruleset("iterate", [1] * 1001), "ruleset.iterate: more than 1000 items"),
    ("deep override", ruleset("pairing", "bye", json.loads("[" * 400 + "]" * 400)), "nested more than 32 deep"),
    ("choice a dict", ruleset("valuation", {"x": 1}), "ruleset.valuation: expected one of"),
]


@pytest.mark.parametrize("mutate, expected", [(m, e) for _, m, e in CASES], ids=[c[0] for c in CASES])
def test_a_hostile_value_is_refused_with_its_path(mutate: Mutate, expected: str) -> None:
    assert expected in refused(text_of(mutate))


RAW: list[tuple[str, str, str]] = [
    ("duplicate entry key", '{"format": "keizer-season/1", "players": [{"id": "a"}], "rounds": [{"round": 1, '
     '"entries": {"a": "bye", "a": "excused"}}]}', "s.json: rounds[0].entries: the key 'a' appears twice"),
    ("duplicate top key", '{"format": "keizer-season/1", "players": [], "players": []}',
     "s.json: the key 'players' appears twice"),
    ("nested 100,000 deep", "[" * 100_000 + "]" * 100_000, "nested more than 32 deep"),
    ("nested 900 deep", "[" * 900 + "]" * 900, "nested more than 32 deep"),
    ("NaN", '{"format": "keizer-season/1", "players": [], "rounds_planned": NaN}',
     "s.json: rounds_planned: NaN is not a number JSON allows"),
    ("Infinity", '{"format": "keizer-season/1", "players": [{"id": "a", "rating": -Infinity}]}',
     "players[0].rating: -Infinity is not a number JSON allows"),
    ("a float of many digits", '{"format": "keizer-season/1", "players": [], "rounds_planned": 1.' + "0" * 5000 + "}",
     "rounds_planned: a number of 5001 digits"),
    ("lone surrogate in a name", '{"format": "keizer-season/1", "players": [{"id": "a", "name": "\\ud800"}]}',
     "players[0].name: character 1 is a lone surrogate"),
    ("control character in a key", '{"format": "keizer-season/1", "players": [], "x\\u001b": 1}',
     "s.json: the key 'x\\x1b' has a control character"),
    ("not JSON", "{", "s.json: line 1 column 2: not valid JSON"),
    ("a key of a million characters", '{"format": "keizer-season/1", "players": [], "' + "k" * 10 ** 6 + '": 1}',
     "s.json: a key of 1000000 characters (at most 100)"),
    ("an entry of a million items", '{"format": "keizer-season/1", "players": [{"id": "a"}], "rounds": [{"round": '
     '1, "entries": {"a": [' + "1," * 10 ** 6 + '1]}}]}', "rounds[0].entries.a: unknown entry [1, 1, 1, 1, 1, 1, ...]"),
    ("a format of a million characters", '{"format": "' + "x" * 10 ** 6 + '"}', "format: expected"),
]


@pytest.mark.parametrize("text, expected", [(t, e) for _, t, e in RAW], ids=[c[0] for c in RAW])
def test_a_hostile_text_is_refused_in_one_line(text: str, expected: str) -> None:
    assert expected in refused(text)


def test_a_name_is_kept_in_composed_form() -> None:
    obj = copy.deepcopy(MINIMAL)
    obj["players"][1]["name"] = "Ame\u0301lie"  # e + combining acute, as some editors write it
    assert season_from_json(obj).players[1].name == "Am\u00e9lie"


def test_the_limits_themselves_are_allowed() -> None:
    obj = copy.deepcopy(MINIMAL)
    obj.update(rounds_planned=1000, name="S" * 200)
    obj["players"][0].update(rating=4000, group=1000, name="N" * 100)
    obj["players"][1].update(rating=0)
    obj["ruleset"] = {"preset": "kijk-uit", "value": {"ladder": "range", "decimals": 6},
                      "pairing": {"opening": {"rounds": [1], "distance": 1000}, "seed": 2 ** 31 - 1}}
    assert season_from_json(json.loads(json.dumps(obj))).rounds_planned == 1000


def test_a_ruleset_built_in_code_is_held_to_the_same_depth() -> None:
    deep: Any = 1
    for _ in range(5000):
        deep = {"a": deep}
    with pytest.raises(InputError, match="ruleset.pairing.*nested more than 32 deep"):
        parse_ruleset({"preset": "kijk-uit", "pairing": deep})


def test_many_players_and_withdrawals_parse_in_linear_time() -> None:
    # Each withdrawal was checked against every earlier one: 30,000 took most of a minute.
    n = 30_000
    obj = {"format": "keizer-season/1", "players": [{"id": f"p{i}"} for i in range(n)],
           "withdrawals": [{"player": f"p{i}", "before_round": 2} for i in range(n)]}
    start = time.monotonic()
    season = parse_season_text(json.dumps(obj))
    assert len(season.withdrawals) == n and time.monotonic() - start < 10


@pytest.mark.parametrize("place", ["top", "game", "entry", "ruleset"])
def test_a_key_with_a_newline_in_an_object_built_in_code_stays_one_line(place: str) -> None:
    obj = copy.deepcopy(MINIMAL)
    key = "x\nkeizer: everything is fine"
    if place == "top":
        obj[key] = 1
    elif place == "game":
        obj["rounds"][0]["games"][0][key] = 1
    elif place == "entry":
        obj["rounds"][0]["entries"][key] = "bye"
    else:
        obj["ruleset"] = {"preset": "kijk-uit", "factors": {key: "1"}}
    with pytest.raises(InputError) as info:
        season_from_json(obj)
    assert "\n" not in str(info.value) and "x\\nkeizer" in str(info.value)

"""Make the bundled demo season: a 44-player club under the D rules, simulated by keizer's own engine.

Run from the repository root: `python tools/make_demo.py` (writes seasons/samples/demo.json). The season is
simulated by `pairing.simulate` (the Keizer ranking from scoring, the optimal pairing, Elo results,
absences); this script only gives the players made-up Dutch names and the rounds weekly dates."""

from __future__ import annotations

import datetime
import random
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from keizer.pairing.simulate import simulate_season  # noqa: E402
from keizer.seasons.atomic import write_text_atomic  # noqa: E402
from keizer.seasons.season_json.read import season_from_json
from keizer.seasons.season_json.write import dump_season, season_to_json

PLAYERS, ROUNDS, PLAYED, SEED = 44, 36, 33, 2019
FIRST = ["Anna", "Bas", "Carla", "Daan", "Eva", "Frank", "Gerda", "Hans", "Ilse", "Jan", "Karin", "Lars",
         "Mila", "Niels", "Olga", "Piet", "Quinten", "Rosa", "Sem", "Tessa", "Ugo", "Vera", "Wim", "Xandra",
         "Yusuf", "Zoë", "Bram", "Femke", "Joost", "Lotte", "Maarten", "Noor", "Ruud", "Sanne", "Thijs",
         "Willemijn", "Arjen", "Inge", "Kees", "Marloes", "Okke", "Pien", "Roel", "Wietske"]
LAST = ["de Vries", "Jansen", "Bakker", "Visser", "Smit", "Meijer", "de Boer", "Mulder", "de Groot", "Bos",
        "Vos", "Peters", "Hendriks", "van Dijk", "Dekker", "Brouwer", "de Wit", "Dijkstra", "Smits",
        "de Graaf", "van der Meer", "Kok", "Jacobs", "de Haan", "Vermeulen", "van den Berg", "van der Linden",
        "Kuipers", "Schouten", "Willems", "Hoekstra", "Koster", "Verhoeven", "Prins", "Post", "Leeuwen",
        "Maas", "Huisman", "Kramer", "Wolters", "Timmermans", "Groen", "Gerritsen", "Boer"]


def slug(name: str) -> str:
    return name.lower().replace("ë", "e").replace(" ", "-")


def main() -> None:
    season = simulate_season(PLAYERS, ROUNDS, "doorn-driebergen-2019", SEED, played=PLAYED)
    obj = season_to_json(season)
    rng = random.Random(SEED)
    first, last = FIRST[:], LAST[:]
    rng.shuffle(first)
    rng.shuffle(last)
    rename = {}
    for i, player in enumerate(obj["players"]):
        name = f"{first[i]} {last[i]}"
        rename[player["id"]] = slug(name)
        player["id"], player["name"] = slug(name), name
    obj["name"] = "Demo club internal competition 2019-2020"
    day = datetime.date(2019, 9, 12)
    for rnd in obj["rounds"]:
        while datetime.date(day.year, 12, 20) <= day <= datetime.date(day.year, 12, 31) or \
                (day.month == 1 and day.day < 3):
            day += datetime.timedelta(days=7)  # no club evenings over Christmas
        rnd["date"] = day.isoformat()
        day += datetime.timedelta(days=7)
        for game in rnd["games"]:
            game["white"], game["black"] = rename[game["white"]], rename[game["black"]]
        rnd["entries"] = {rename[pid]: kind for pid, kind in rnd["entries"].items()}
    out = Path(__file__).resolve().parent.parent / "seasons" / "samples" / "demo.json"
    write_text_atomic(out, dump_season(season_from_json(obj)))
    print(f"wrote {out}")


if __name__ == "__main__":
    main()

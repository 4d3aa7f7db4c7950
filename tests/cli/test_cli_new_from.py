"""`keizer new --from`: the next season from the last one's final ranking (docs/rules.md §1, §9)."""

from __future__ import annotations

from dataclasses import replace

from keizer.scoring.replay import replay
from keizer.seasons.classes import class_in_round
from keizer.seasons.load import load_season
from keizer.seasons.model import PlayerId, SeasonOrigin, Withdrawal
from keizer.seasons.roster import slot_by_rating
from keizer.seasons.season_json.write import dump_season
from tests.conftest import EVENING, real_season_paths
from keizer.tui.cli.main import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_the_final_ranking_with_its_classes_and_without_who_left(tmp_path, capsys):
    last_store = tmp_path / "last.keizer"
    assert run(capsys, "import", str(EVENING), str(last_store))[0] == 0
    assert run(capsys, "classes", str(last_store), "--start", "--save")[0] == 0
    assert run(capsys, "classes", str(last_store), "--accept", "--round", "20")[0] == 0
    last = load_season(last_store)
    # one player withdrew after the last round played (stays ranked, but does not come back)
    leaver = last.players[5].id
    last_file = tmp_path / "last.json"
    last_file.write_text(dump_season(replace(last, withdrawals=(Withdrawal(leaver, 33),))))
    last = load_season(last_file)
    newcomers = tmp_path / "new.txt"
    newcomers.write_text("Nieuw Sterk; 2150\nNieuw Midden; 1700\nOnbekend\n")

    target = tmp_path / "next.keizer"
    code, out, _ = run(capsys, "new", str(target), "--from", str(last_file), "--players", str(newcomers),
                       "--name", "Club 2020-21")
    assert code == 0 and "after round 32" in out and "3 new" in out
    new = load_season(target)
    assert new.name == "Club 2020-21" and new.ruleset_spec == last.ruleset_spec
    assert new.rounds_planned == last.rounds_planned and new.rounds == ()
    assert new.started_from == SeasonOrigin(last.name, 32)
    final = [r.player for r in replay(last, 32).standings(32).rows if r.player != leaver]
    staying = [p.id for p in new.players if last.has_player(p.id)]
    assert staying == final and leaver not in staying
    for pid in staying:  # the classes the moves after round 20 left
        assert new.player(pid).klass == class_in_round(last, pid, 33)
    names = [p.name for p in new.players]
    assert names[-1] == "Onbekend" and new.players[-1].klass == "D"  # unrated: last, the last class
    sterk = next(p for p in new.players if p.name == "Nieuw Sterk")
    assert names.index("Nieuw Sterk") == 0 and sterk.klass == "A"  # rated above everyone: first
    midden = names.index("Nieuw Midden")
    without = replace(new, players=tuple(p for p in new.players if p.name not in ("Nieuw Midden", "Onbekend")))
    assert midden + 1 == slot_by_rating(without, 1700)


def test_mistakes(tmp_path, capsys):
    empty = tmp_path / "empty.keizer"
    assert run(capsys, "new", str(empty))[0] == 0
    code, _, err = run(capsys, "new", str(tmp_path / "n.keizer"), "--from", str(empty))
    assert code == 2 and "no results yet" in err
    code, _, err = run(capsys, "new", str(tmp_path / "n.keizer"), "--from", str(EVENING), "--by-rating")
    assert code == 2 and "--by-rating" in err
    code, _, err = run(capsys, "new", str(tmp_path / "n.keizer"), "--from", str(tmp_path / "missing.json"))
    assert code == 2 and not (tmp_path / "n.keizer").exists()


def test_the_real_seasons_carry_over(tmp_path, capsys):
    for path in real_season_paths():
        last = load_season(path)
        target = tmp_path / f"{path.stem}-next.keizer"
        assert run(capsys, "new", str(target), "--from", str(path))[0] == 0
        new = load_season(target)
        gone = {w.player for w in last.withdrawals}
        k = last.last_scored_round
        assert [p.id for p in new.players] == [r.player for r in replay(last, k).standings(k).rows
                                               if r.player not in gone]
        assert new.started_from == SeasonOrigin(last.name, k)
        assert run(capsys, "standings", str(target))[0] == 0  # a season ready for its round 1


def test_newcomers_from_the_rating_list_keep_their_member_numbers(tmp_path, capsys):
    last_store = tmp_path / "last.keizer"
    assert run(capsys, "import", str(EVENING), str(last_store))[0] == 0
    knsb = tmp_path / "knsb.csv"
    knsb.write_bytes(("relatienummer;naam;titel;FED;rating;partijen;geboortejaar;sexe\r\n"
                      "8012345;Vries, Jan de;;NED;1850;120;1970;M\r\n").encode("latin-1"))
    target = tmp_path / "next.keizer"
    code, _, err = run(capsys, "new", str(target), "--from", str(last_store), "--players", str(knsb),
                       "--pick", "8012345")
    assert code == 0, err
    # the test evening stops after round 32 of 36: allowed, and said
    assert "keizer: note: 'Demo club" in err and "is not finished: its ranking after round 32 of 36" in err
    new = load_season(target)
    jan = next(p for p in new.players if p.knsb_id == 8012345)
    assert jan.rating == 1850 and not load_season(last_store).has_player(jan.id)


def test_k_starts_from_k_s_final_ranking_the_champion_first(tmp_path, capsys):
    """K: the starting ranking "is gelijk aan de eindranglijst van de vorige competitie", and "de winnaar van
    de finalegroep is de clubkampioen": the final group in its own order, the champion first (not the
    round-20 order it is held in), then the rest, those under the 33% rule after the others (issue 31)."""
    from tests.scoring.scoring_builders import ids, round_json

    spec = {"preset": "keizer-classic", "valuation": "frozen", "iterate": "never", "participation": "1/3",
            "championship": {"after_round": 2, "size": 2, "mode": "separate"}}
    rounds = ("p1-p8 1-0, p2-p7 1-0, p3-p6 0-1, p4-p5 1/2-1/2; p9 excused",
              "p6-p5 1-0, p2-p4 0-1, p1-p3 1-0, p7-p8 1/2-1/2; p9 excused",
              "p1-p5 1-0, p2-p8 0-1, p7-p3 1-0; p9 excused",
              "p1-p8 0-1, p5-p2 1-0, p7-p3 0-1; p9 excused")
    obj = {"format": "keizer-season/1", "name": "K", "ruleset": spec, "rounds_planned": 4,
           "players": [{"id": p, "name": p.upper()} for p in ["p9"] + ids(8)],
           "rounds": [round_json(i + 1, text) for i, text in enumerate(rounds)],
           "championship": {"formed_after": 2, "members": ["p6", "p4"],
                            "schedule": [{"round": 3, "white": "p6", "black": "p4", "result": "0-1"},
                                         {"round": 4, "white": "p4", "black": "p6", "result": "1/2-1/2"}]}}
    import json

    last_file = tmp_path / "k.json"
    last_file.write_text(json.dumps(obj))
    last = load_season(last_file)
    keizer = [r.player for r in replay(last, 4).standings(4).rows]
    assert keizer[:2] == ["p6", "p4"] and keizer[-1] != "p9"  # held in the round-20 order; p9 not last
    target = tmp_path / "next.keizer"
    assert run(capsys, "new", str(target), "--from", str(last_file))[0] == 0
    order = [p.id for p in load_season(target).players]
    rest = [p for p in keizer[2:] if p != "p9"]
    assert order == ["p4", "p6"] + rest + ["p9"]  # the champion first; under the 33% rule: after the others

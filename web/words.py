"""Every published sentence in Dutch and English (the column legend is in evening/words/legend.py)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from numbers import Integral

from keizer.seasons.model import EntryKind, Result
from keizer.seasons.numbers import counted, game_points_text

_WORDS: dict[str, tuple[str, str]] = {
    # key: (Dutch, English); {k}, {n}, {name} are filled in; {n:uitslag|uitslagen} writes the count n with
    # its noun, singular for one ("1 uitslag", "3 uitslagen"; `_Count`), and so does a `GamePoints`
    "standings_after": ("Ranglijst na ronde {k}", "Standings after round {k}"),
    "start_ranking": ("Startranglijst", "Starting ranking"),
    "results_of": ("Uitslagen ronde {k}", "Results of round {k}"),
    "pairing_of": ("Indeling ronde {k}", "Pairing of round {k}"),
    "provisional": ("VOORLOPIG: nog {n:uitslag|uitslagen} open; een open partij telt 0 tot de uitslag bekend is.",
                    "PROVISIONAL: {n:result|results} still missing; a game without a result scores 0 until "
                    "it is entered."),
    # whose team result keeps the table provisional (docs/rules.md §13): {names} is a list of "to_come_who"
    "to_come": ("{n:externe uitslag volgt|externe uitslagen volgen} nog: {names}.",
                "{n:team result is|team results are} still to come: {names}."),
    "to_come_who": ("{name} (ronde {k})", "{name} (round {k})"),
    # `keizer standings` (text): how a team result is entered, where there are none to list
    "to_come_how": ("`keizer attend SEASON SPELER external-won|external-drawn|external-lost --round K` voert er een "
                    "in.", "`keizer attend SEASON PLAYER external-won|external-drawn|external-lost --round K` enters "
                    "one."),
    "no_prizes": ("Geen klasse- of groepsprijzen: de ruleset van dit seizoen heeft geen van beide (ruleset-sleutels "
                  "`classes`, `cups`)", "No class or group prizes: this season's ruleset has neither (ruleset keys "
                  "`classes`, `cups`)"),
    "no_classes_yet": ("Klasseprijzen: nog niemand heeft een klasse (`keizer classes SEASON --start --save` geeft de "
                       "startklassen)", "Class prizes: nobody has a class yet (`keizer classes SEASON --start "
                       "--save` gives the starting classes)"),
    "legend": ("Verklaring van de kolommen", "What the columns mean"),
    "board": ("Bord", "Board"),
    "white": ("Wit", "White"),
    "black": ("Zwart", "Black"),
    "result": ("Uitslag", "Result"),
    "bye": ("Vrijgeloot", "Bye"),
    "absent": ("Afwezig", "Not playing"),
    "no_pairing": ("Ronde {k} is nog niet ingedeeld.", "Round {k} is not paired yet."),
    "scroll_hint": ("Schuif de tabel opzij voor de andere kolommen; de plaats en de naam blijven staan.",
                    "Swipe the table sideways for the other columns; the place and the name stay put."),
    "cross_table": ("Kruistabel", "Cross table"),
    "cross_note": ("Per ronde: de tegenstander (plaats in deze ranglijst), w/z de kleur, 1 ½ 0 de uitslag.",
                   "Per round: the opponent (place in these standings), w/b the colour, 1 ½ 0 the result."),
    "cross_withdrawn": ("tr", "wd"),
    "withdrawn": ("teruggetrokken", "withdrawn"),
    "cross_withdrawn_note": ("tr: de tegenstander heeft zich teruggetrokken en staat in geen ranglijst meer.",
                             "wd: the opponent withdrew and is in no standings any more."),
    "final_standings": ("Eindstand", "Final standings"),
    "rounds": ("Rondes", "Rounds"),
    "archive": ("Archief", "Archive"),
    "round": ("Ronde", "Round"),
    "home": ("Ranglijst", "Standings"),
    "opponent": ("Tegenstander", "Opponent"),
    "colour": ("Kleur", "Colour"),
    "points": ("Punten", "Points"),
    "total": ("Totaal", "Total"),
    "rank": ("Plaats", "Place"),
    "chart": ("Plaats en punten per ronde", "Place and points by round"),
    "chart_rank": ("plaats", "place"),
    "chart_score": ("punten", "points"),
    "chart_published": ("zoals gepubliceerd na elke ronde", "as published after each round"),
    "chart_today": ("zoals nu geteld (Totaal)", "as counted today (Total)"),
    "player_after": ("{name} na ronde {k}", "{name} after round {k}"),
    "place_points": ("Plaats {rank}, {score} punten, waarde {value}.", "Place {rank}, {score} points, value {value}."),
    "not_ranked": ("Niet (meer) in de ranglijst.", "Not (or no longer) in the standings."),
    "made_with": ("Gemaakt met keizer.", "Made with keizer."),
    "moved": ("Deze pagina staat nu op:", "This page is now at:"),
    "after_round": ("Na ronde", "After round"),
    # a player's rounds: short headers, so that the table reads whole on a phone, each said in the legend
    "col_round": ("Rd", "Rd"),
    "col_colour": ("Kl", "Col"),
    "col_result": ("Res", "Res"),
    "col_points": ("Punten", "Points"),
    "col_total": ("Totaal", "Total"),
    "col_place": ("Pl", "Pl"),
    "col_keizer": ("Keizer", "Rank"),
    "legend_round": ("ronde", "round"),
    "legend_colour": ("kleur: w wit, z zwart", "colour: w white, b black"),
    "legend_result": ("uitslag: 1 winst, ½ remise, 0 verlies, + en - reglementair",
                      "result: 1 a win, ½ a draw, 0 a loss, + and - by forfeit"),
    "legend_points": ("wat de ronde telt in de stand na ronde {k}", "what the round counts in the standings after "
                      "round {k}"),
    "legend_total": ("de punten tot en met die ronde: Punten opgeteld", "the points up to that round: Points added "
                     "up"),
    "legend_place": ("de plaats direct na die ronde, zoals toen gepubliceerd", "the place right after that round, "
                     "as published then"),
    "start_bonus": ("startbonus (over na ronde {k})", "starting bonus (left after round {k})"),
    "own_value": ("eigen waarde (één keer)", "own value (once)"),
    "points_vs_total": ("Punten is wat elke ronde telt in de ranglijst na ronde {k}; Totaal telt ze op tot de punten "
                        "van nu. Wat een ronde oplevert hangt af van de waarden van de spelers, en die veranderen: een "
                        "ronde kan later opnieuw geprijsd worden. Pl toont de plaats zoals die direct na elke ronde "
                        "gepubliceerd werd; de grafiek toont de punten op beide manieren.",
                        "Points is what each round counts in the standings after round {k}; Total adds them up to "
                        "the points of now. What a round earns depends on the players' values, and these change: a "
                        "round may be priced again later. Pl shows the place as published right after each round; "
                        "the chart shows the points both ways."),
    "print_pairing": ("Indeling om af te drukken", "Pairing to print"),
    "board_code": ("Code", "Code"),  # a board's code on the printed sheet of a live evening (keizer pairing --codes)
    "yes": ("ja", "yes"),
    "no": ("nee", "no"),
    # the classes and cups pages (web/site/prizes.py)
    "name": ("Naam", "Name"),
    "classes_after": ("Klassen na ronde {k}", "Classes after round {k}"),
    "classes_intro": ("Per klasse de stand na ronde {k}, afgelezen van de ranglijst: wie in ronde {k} in de klasse "
                      "speelde, in de volgorde van de Keizer-ranglijst.",
                      "Each class's standing after round {k}, read off the Keizer ranking: who played round {k} "
                      "in the class, in the order of the Keizer ranking."),
    "class_name": ("Klasse {name}", "Class {name}"),
    "unclassed": ("Zonder klasse (in geen tabel)", "Without a class (in no table)"),
    "moves": ("Promotie en degradatie", "Promotion and relegation"),
    "moves_after": ("Na ronde {k}", "After round {k}"),
    "moves_none": ("Nog geen verschuivingen vastgesteld.", "No moves accepted yet."),
    "moves_nobody": ("Niemand verschuift.", "Nobody moves."),
    "moves_proposed": ("Voorstel, nog niet vastgesteld door de wedstrijdleider:",
                       "Proposed, not yet accepted by the director:"),
    "moves_from_next": ("Vastgesteld; de nieuwe klassen gelden vanaf ronde {k}.",
                        "Accepted; the new classes hold from round {k} on."),
    "move_from": ("Van", "From"),
    "move_to": ("Naar", "To"),
    "move_why": ("Waarom", "Why"),
    "move_promotion": ("promotie", "promotion"),
    "move_relegation": ("degradatie", "relegation"),
    "move_balance": ("extra verschuiving: klassen even groot", "extra move: classes of equal size"),
    "move_director": ("besluit van de wedstrijdleider", "the director's decision"),
    "move_kept": ("blijft: besluit van de wedstrijdleider (voorstel: {why} naar {target})",
                  "stays: the director's decision (proposed: {why} to {target})"),
    "class_prizes": ("Prijslijst per klasse", "Prize list by class"),
    "prizes_provisional": ("Voorlopig: het seizoen is nog niet af (ronde {k} van {n}).",
                           "Provisional: the season is not finished (round {k} of {n})."),
    "prizes_provisional_missing": ("Voorlopig: nog {n:uitslag|uitslagen} open.",
                                   "Provisional: {n:result|results} still missing."),
    "legend_place_class": ("plaats in de klasse", "place in the class"),
    "legend_place_group": ("plaats in de groep", "place in the group"),
    "legend_keizer": ("plaats in de Keizer-ranglijst", "place in the Keizer ranking"),
    "legend_share": ("meegedaan aan minstens {share} van de rondes (telt mee voor de prijzen)",
                     "took part in at least {share} of the rounds (counts for the prizes)"),
    "cups_after": ("Groepsbekers na ronde {k}", "Group cups after round {k}"),
    "cups_rule": ("Per groep de ranglijst; de eerste {top} van elke groep winnen de beker.",
                  "Each group's ranking; the first {top} of each group win the cup."),
    "cups_rule_share": ("Per groep de ranglijst; de eerste {top} van elke groep winnen de beker. Wie aan minder "
                        "dan {share} van de rondes meedeed, staat onderaan en wint geen beker.",
                        "Each group's ranking; the first {top} of each group win the cup. Who took part in "
                        "fewer than {share} of the rounds is listed last and wins no cup."),
    "group_name": ("Groep {group}", "Group {group}"),
    "cup": ("Beker", "Cup"),
    "cup_mark": ("beker", "cup"),
    "cup_winners": ("De beker: {names}.", "The cup: {names}."),
    "cup_nobody": ("Niemand in deze groep wint (nog) een beker.", "Nobody in this group wins a cup (yet)."),
    "cup_under_share": ("{name} deed mee aan {n} van de {k:ronde|rondes}, minder dan {share} (nodig: {need}): geen beker.",
                        "{name} took part in {n} of the {k:round|rounds}, fewer than {share} (needed: {need}): no cup."),
    "cups_excluded": ("Niet in de bekers (finalegroep)", "Not in the cups (final group)"),
    # the championship group page (web/site/championship.py)
    "group_after": ("Kampioensgroep na ronde {k}", "Championship group after round {k}"),
    "group_rule_inside": ("De beste {size} van de ranglijst na ronde {after} spelen om het clubkampioenschap een "
                          "dubbele competitie binnen de Keizer: hun onderlinge partijen uit ronde 1–{after} tellen "
                          "mee, in ronde {first}–{last} spelen ze de rest volgens het schema.",
                          "The best {size} of the ranking after round {after} play a double round robin for the "
                          "club title within the Keizer: their games against each other in rounds 1–{after} "
                          "count, the rest they play by the schedule in rounds {first}–{last}."),
    "group_rule_separate": ("De beste {size} van de ranglijst na ronde {after} spelen om het clubkampioenschap een "
                            "eigen dubbele competitie in ronde {first}–{last}.",
                            "The best {size} of the ranking after round {after} play a double round robin of "
                            "their own for the club title in rounds {first}–{last}."),
    "group_proposed": ("Nog niet vastgesteld. Voorstel uit de ranglijst na ronde {after}:",
                       "Not fixed yet. Proposed from the ranking after round {after}:"),
    "group_members": ("Deelnemers", "Members"),
    "group_declined": ("Bedankt", "Declined"),
    "group_state": ("Stand van zaken", "Where it stands"),
    "group_table": ("Tabel", "Table"),
    "group_points": ("Pt", "Pts"),
    "group_played": ("Gesp", "Pld"),
    "group_to_play": ("Te sp", "Left"),
    "legend_group_place": ("plaats in de groep (gelijk bij gelijke punten)", "place in the group (shared on equal "
                           "points)"),
    "legend_group_points": ("partijpunten: winst 1, remise ½, verlies 0", "game points: 1 a win, ½ a draw, 0 a loss"),
    "legend_group_played": ("gespeelde groepspartijen (met uitslag)", "group games played (with a result)"),
    "legend_group_to_play": ("groepspartijen nog te spelen", "group games still to play"),
    "group_schedule": ("Schema", "Schedule"),
    "group_game": ("kampioensgroep", "championship group"),  # a board of the printout that is a group game
    "group_no_schedule": ("Het schema is nog niet vastgesteld.", "The schedule is not fixed yet."),
    "group_schedule_note": ("Kleuren zoals gespeeld; partijen uit ronde 1–{after} staan niet in het schema maar "
                            "tellen mee in de tabel.",
                            "Colours as played; games from rounds 1–{after} are not in the schedule but count "
                            "in the table."),
    "game_to_play": ("nog te spelen", "to play"),
    "game_on_board": ("wordt gespeeld", "being played"),
    "game_missed": ("niet gespeeld: wordt opnieuw ingepland", "not played: to be rescheduled"),
    "game_withdrawn": ("niet gespeeld: teruggetrokken", "not played: withdrawn"),
    "group_withdrawn_counted": ("{name} trok zich terug vóór ronde {r}, na {played} van de {total} groepspartijen: "
                                "die uitslagen blijven staan en elke partij die niet meer gespeeld wordt, is voor "
                                "de tegenstander.",
                                "{name} withdrew before round {r}, after {played} of the {total} group games: those "
                                "results stand, and each game not played is won by the opponent."),
    "group_withdrawn_struck": ("{name} trok zich terug vóór ronde {r}, na {played} van de {total} groepspartijen, "
                               "minder dan de helft: geen van die partijen telt mee.",
                               "{name} withdrew before round {r}, after {played} of the {total} group games, fewer "
                               "than half: none of those games count."),
    "group_passed_over": ("Teruggetrokken, dus niet voorgesteld", "Withdrawn, so not proposed"),
    "group_passed_under": ("Onder de deelnamegrens, dus niet voorgesteld",
                           "Under the participation threshold, so not proposed"),
    "group_decision": ("Beslissingspartijen", "Decision games"),
    "state_playing": ("Nog {n:groepspartij|groepspartijen} te spelen. Kunnen nog kampioen worden: {names}.",
                      "{n:group game|group games} still to play. Can still become champion: {names}."),
    "state_champion_early": ("{name} is clubkampioen: niemand kan nog inlopen ({n:groepspartij|groepspartijen} "
                             "nog te spelen).",
                             "{name} is club champion: nobody can catch up any more ({n:group game|group games} "
                             "still to play)."),
    "state_champion": ("{name} is clubkampioen.", "{name} is club champion."),
    "state_champion_decision": ("{name} is clubkampioen na de beslissingspartijen.",
                                "{name} is club champion after the decision games."),
    "state_decision": ("{names} eindigen gelijk met {points:punt|punten}: twee beslissingspartijen, ieder een keer "
                       "met wit.",
                       "{names} finish level on {points:point|points}: two decision games, each with white once."),
    "state_playoff": ("{names} eindigen gelijk met {points:punt|punten}: een dubbele competitie onderling beslist.",
                      "{names} finish level on {points:point|points}: a double round robin among them decides."),
    "state_needed": ("Nog te spelen:", "Still to play:"),
    "state_shared": ("Ook na de beslissingspartijen gelijk: {names} delen de titel.",
                     "Still level after the decision games: {names} share the title."),
    "and": ("en", "and"),
}

_ENTRIES: dict[EntryKind, tuple[str, str]] = {
    EntryKind.BYE: ("vrijgeloot", "bye"),
    EntryKind.EXCUSED: ("afgemeld", "excused"),
    EntryKind.UNEXCUSED: ("zonder bericht afwezig", "absent without notice"),
    EntryKind.DUTY: ("clubtaak", "club duty"),
    EntryKind.LATE: ("nog niet ingestroomd", "not yet joined"),
    EntryKind.EXTERNAL_WIN: ("externe partij gewonnen", "external game won"),
    EntryKind.EXTERNAL_DRAW: ("externe partij remise", "external game drawn"),
    EntryKind.EXTERNAL_LOSS: ("externe partij verloren", "external game lost"),
    EntryKind.EXTERNAL_PENDING: ("externe partij, uitslag volgt", "external game, result to come"),
}

_SHORT_ENTRIES: dict[EntryKind, tuple[str, str]] = {
    EntryKind.BYE: ("vrij", "bye"), EntryKind.EXCUSED: ("afg", "exc"), EntryKind.UNEXCUSED: ("zk", "abs"),
    EntryKind.DUTY: ("taak", "duty"), EntryKind.LATE: ("", ""), EntryKind.EXTERNAL_WIN: ("ext", "ext"),
    EntryKind.EXTERNAL_DRAW: ("ext", "ext"), EntryKind.EXTERNAL_LOSS: ("ext", "ext"),
    EntryKind.EXTERNAL_PENDING: ("ext", "ext"),
}



def say(key: str, lang: str, **fill: object) -> str:
    """The sentence `key` in `lang` ("nl" or "en"), with its blanks filled; a whole number filled in may
    take its noun's two forms (`{n:result|results}`)."""
    return filled(_WORDS[key], lang, **fill)


def filled(sentence: tuple[str, str], lang: str, **fill: object) -> str:
    """A (Dutch, English) sentence in `lang` with its blanks filled, as `say` fills them (the live pages' own
    sentences, `web/live/words.py`, are filled the same way)."""
    nl, en = sentence
    counts = {name: _Count(value) for name, value in fill.items()
              if isinstance(value, Integral) and not isinstance(value, bool)}
    return (nl if lang == "nl" else en).format(**(fill | counts))


class _Count(int):
    """A whole number in a sentence: `{n}` writes it, `{n:uitslag|uitslagen}` writes it with the noun's
    singular for one and its plural for any other count ("0 uitslagen"), which is the rule of Dutch and
    English alike. No "(en)" or "(s)" on a notice board."""

    def __format__(self, spec: str) -> str:
        if "|" not in spec:
            return super().__format__(spec)
        one, more = spec.split("|", 1)
        return counted(int(self), one, more)


@dataclass(frozen=True, slots=True)
class GamePoints:
    """Game points in a sentence: `{p}` writes them as a club does ("3½"), `{p:punt|punten}` with the noun,
    singular for at most one point ("½ point", "1 point", "1½ points", "0 points")."""

    value: Fraction
    """The exact game points (whole or halves)."""

    def __format__(self, spec: str) -> str:
        text = game_points_text(self.value)
        if "|" not in spec:
            return text
        one, more = spec.split("|", 1)
        return f"{text} {one if 0 < self.value <= 1 else more}"


def entry_word(kind: EntryKind, lang: str) -> str:
    """What a player without a game did, in `lang` ("afgemeld", "external game drawn")."""
    nl, en = _ENTRIES[kind]
    return nl if lang == "nl" else en


def entry_short(kind: EntryKind, lang: str) -> str:
    """An entry in a cross table's cell: "vrij", "afg", "zk", "taak", "ext" (the long word in its title)."""
    nl, en = _SHORT_ENTRIES[kind]
    return nl if lang == "nl" else en


def colour_letter(white: bool, lang: str) -> str:
    """"w" or "z" (Dutch: wit, zwart), "w" or "b" (English)."""
    return "w" if white else ("z" if lang == "nl" else "b")


def own_result(result: Result, white: bool) -> str:
    """A game's result from one player's side: "1", "½", "0", "+" and "-" for a forfeit, "" while pending."""
    if result is Result.PENDING:
        return ""
    if result is Result.DRAW:
        return "½"
    won = result in ((Result.WHITE_WINS, Result.WHITE_FORFEIT_WIN) if white
                     else (Result.BLACK_WINS, Result.BLACK_FORFEIT_WIN))
    if result.is_forfeit:
        return "+" if won else "-"
    return "1" if won else "0"

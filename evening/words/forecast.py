"""A season forecast in words, Dutch and English: chances as people read them, the lines that name who is sure."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from keizer.seasons.forecasts import CONDITIONS, Forecast, Outcome, PlayerNeeds, margin, shown_step
from keizer.seasons.model import PlayerId
from keizer.evening.words.localised import number

_WORDS: dict[str, tuple[str, str]] = {
    # key: (Dutch, English)
    "heading": ("Vooruitblik na ronde {k}", "Forecast after round {k}"),
    "runs": ("{runs} keer ronde {first}–{last} gespeeld (zaadgetal {seed})",
             "rounds {first}–{last} played {runs} times (seed {seed})"),
    "title_group": ("titel: de kampioensgroep winnen", "title: winning the championship group"),
    "title_first": ("titel: eerste in de eindstand", "title: first in the final standings"),
    "col_title": ("Titel", "Title"),
    "col_group": ("Groep", "Group"),
    "col_place": ("Eindplaats", "Final place"),
    "col_up": ("Omhoog", "Up"),
    "col_down": ("Omlaag", "Down"),
    "col_cup": ("Beker", "Cup"),
    "col_eligible": ("33%", "33%"),
    "legend_title": ("kans op de titel", "chance of the title"),
    "legend_group": ("kans op een plaats in de kampioensgroep na ronde {k}", "chance of a place in the championship "
                     "group after round {k}"),
    "legend_place": ("middelste eindplaats (in 8 van de 10 simulaties tussen de twee tussen haakjes)",
                     "median final place (in 8 simulations of 10 between the two in brackets)"),
    "legend_up": ("kans om na ronde {k} een klasse te stijgen", "chance of moving up a class after round {k}"),
    "legend_down": ("kans om na ronde {k} een klasse te dalen", "chance of moving down a class after round {k}"),
    "legend_cup": ("kans op een groepsbeker", "chance of a group cup"),
    "legend_eligible": ("kans om aan het eind aan de 33%-regel te voldoen", "chance of meeting the 33% rule at the end"),
    "every_title": ("In elke simulatie kampioen: {names}.", "Champion in every simulation: {names}."),
    "none_title": ("In elke simulatie buiten de titelstrijd: {names}.",
                   "Out of the title race in every simulation: {names}."),
    "every_group": ("In elke simulatie in de kampioensgroep: {names}.",
                    "In the championship group in every simulation: {names}."),
    "none_group": ("In elke simulatie buiten de kampioensgroep: {names}.",
                   "Out of the championship group in every simulation: {names}."),
    "players": ("{n} spelers", "{n} players"),
    "every_cup": ("In elke simulatie een beker: {names}.", "A cup in every simulation: {names}."),
    "honest": ("Een simulatie, geen bewijs: ‘in elke simulatie’ zegt dat geen van de {runs} simulaties anders "
               "afliep.", "A simulation, not a proof: “in every simulation” means that none of the {runs} "
               "simulations ended otherwise."),
    "model": ("Uitslagen uit de ratings (Elo) met {draws} remises tussen gelijken, opkomst per speler (club: "
              "{attendance}).", "Results from the ratings (Elo) with {draws} draws between equals, attendance "
              "per player (club: {attendance})."),
    "contenders": ("Titelkansen na ronde {k}: {list}.", "Title chances after round {k}: {list}."),
    "race": ("Titelkansen per ronde", "Title chances by round"),
    "race_note": ("Uit de vooruitblikken die bij elke publicatie zijn bewaard.",
                  "From the forecasts kept with each publication."),
    "chance": ("kans", "chance"),
    "given": ("{what} na ronde {k} — {list}.", "{what} after round {k} — {list}."),
    "given_known": ("{what}: {name} speelt ronde {k} niet (bekend) — {chance}.",
                    "{what}: {name} does not play round {k} (known) — {chance}."),
    "won": ("winst", "win"),
    "drawn": ("remise", "draw"),
    "lost": ("verlies", "lose"),
    "absent": ("afwezig", "stay away"),
    "need": ("{name} heeft {least} uit de volgende {n} nodig voor een kans op {what} (ronde {first}–{last}: winst 1, "
             "remise ½, verlies of afwezig 0): met minder eindigde geen simulatie zo.",
             "{name} needs {least} of the next {n} for a chance of {what} (rounds {first}–{last}: a win 1, a draw ½, "
             "a loss or an absence 0): no simulation with less ended so."),
    "need_any": ("{name} houdt een kans op {what}, wat de volgende {n} ook brengen (ronde {first}–{last}).",
                 "{name} keeps a chance of {what} whatever the next {n} bring (rounds {first}–{last})."),
    "by_points": ("Kans op {what} per score in ronde {first}–{last}: {list}.",
                  "Chance of {what} by points from rounds {first}–{last}: {list}."),
    "what_title": ("de titel", "the title"),
    "what_group": ("de kampioensgroep", "the championship group"),
    "what_up": ("een klasse omhoog", "moving up a class"),
    "what_down": ("een klasse omlaag", "moving down a class"),
    "what_cup": ("een beker", "a cup"),
    "what_eligible": ("de 33%-regel", "the 33% rule"),
    "needs_heading": ("Wat heb ik nodig?", "What do I need?"),
    "needs_of": ("Wat heeft {name} nodig?", "What does {name} need?"),
    "needs_none": ("Wat ronde {k} ook brengt: {name} heeft in geen simulatie een kans op {what}.",
                   "Whatever round {k} brings, {name} has no chance of {what} in any simulation."),
    "margins": ("Elke kans ± de marge waarbinnen de echte kans met 95% zekerheid ligt, na {runs} simulaties; "
                "zonder ± verandert meer simuleren de getoonde kans niet meer.",
                "Each chance ± the margin the true chance lies within (95% sure) after {runs} simulations; one "
                "without ± would read the same after more."),
}

COLUMN_OUTCOMES: tuple[Outcome, ...] = ("title", "group", "up", "down", "cup", "eligible")
"""The outcome columns, in the order they are shown (each only when the forecast has it)."""


def say(key: str, lang: str, **fill: object) -> str:
    """The forecast's sentence `key` in `lang` ("nl" or "en")."""
    nl, en = _WORDS[key]
    return (nl if lang == "nl" else en).format(**fill)


def chance(p: float | None, lang: str = "en") -> str:
    """A chance as a person reads it: "38%", "4.5%"; "" for none at all (no run), "100%" only when every run
    agreed; a chance short of certain never reads as certain ("<0.1%", ">99.9%")."""
    if p is None or p <= 0:
        return ""
    if p >= 1:
        return "100%"
    pct = 100 * p
    if pct < 0.1:
        return "<" + number("0.1", lang) + "%"
    if pct > 99.9:
        return ">" + number("99.9", lang) + "%"
    text = f"{pct:.1f}" if pct < 10 or pct > 90 else f"{pct:.0f}"
    if text == "100":
        text = "99.9"  # 99.95% rounded whole would read as certain
    return number(text, lang) + "%"


def with_margin(p: float | None, runs: int, lang: str = "en") -> str:
    """A chance with how sure it is, as a member reads it: "38% ± 4" (the margin in percentage points, shown
    as the chance is: whole or to a tenth); the chance alone when more runs would not change how it reads
    (`seasons.forecasts.sharp`: every run agreed, or the runs are enough), "" for none at all."""
    return "" if p is None else give_or_take(p, margin(p, runs), lang, none="")


def give_or_take(p: float, spread: float, lang: str, none: str = "0%") -> str:
    """The chance `p` with its margin `spread` ("38% ± 4"); the chance alone when the margin is under half the
    step it is shown in; `none` for no chance at all."""
    shown = chance(p, lang) or none
    if p <= 0 or p >= 1 or spread < shown_step(p) / 2:
        return shown
    points = 100 * spread
    text = f"{points:.0f}" if shown_step(p) >= 0.01 else f"{points:.1f}"
    return f"{shown} ± {number(text, lang)}"


def needs_lines(forecast: Forecast, needs: PlayerNeeds, name: str, lang: str) -> tuple[str, ...]:
    """What a player needs, in words: per outcome, the chance given the next round won, drawn, lost or missed
    ("Title after round 33 — win: 41% ± 3; draw: 22% ± 3; lose: 9% ± 2; stay away: 12% ± 2."), and the points
    of the next rounds that keep a chance of the title (and of the group while it is to form) alive."""
    lines = []
    k = needs.first
    for outcome in forecast.outcomes:
        label = say(f"col_{outcome}", lang)
        given = [(c, got) for c in CONDITIONS if (got := needs.given(c).chance(outcome)) is not None]
        if given and all(p == 0 for _, (p, _) in given):  # nothing to gain: one short line, the title's only
            if outcome == "title":
                lines.append(say("needs_none", lang, k=k, name=name, what=say("what_title", lang)))
        elif [c for c, _ in given] == ["absent"]:  # absent for sure: an absence reported, a suspension
            lines.append(say("given_known", lang, what=label, name=name, k=k,
                             chance=give_or_take(*given[0][1], lang)))
        elif given:
            listed = "; ".join(f"{say(c, lang)}: {give_or_take(p, m, lang)}" for c, (p, m) in given)
            lines.append(say("given", lang, what=label, k=k, list=listed))
    n = needs.last - needs.first + 1
    for outcome in ("title", "group"):
        if outcome not in forecast.outcomes or not needs.points:
            continue
        least = needs.needed(outcome)
        if least is None:
            continue  # no run ended so: said where the certainties are ("out of the title race …")
        fill = {"name": name, "n": n, "first": needs.first, "last": needs.last, "what": say(f"what_{outcome}", lang)}
        lines.append(say("need", lang, least=_points(least, lang), **fill) if least > 0
                     else say("need_any", lang, **fill))
        listed = " · ".join(f"{_points(row.points, lang)}: {give_or_take(*got, lang)}" for row in needs.points
                            if (got := row.chance(outcome)) is not None)
        lines.append(say("by_points", lang, list=listed, **fill))
    return tuple(lines)


def _points(value: Fraction, lang: str) -> str:
    """Points of games as a club writes them: "2", "2½", "½"."""
    whole, half = divmod(value * 2, 2)
    if not half:
        return str(int(whole))
    return ("" if whole == 0 else str(int(whole))) + "½"


def player_line(forecast: Forecast, pid: PlayerId, name: str, lang: str) -> str:
    """One player's chances in one line: "Ann: Title 31% ± 3 · Final place 2 (1–4)"."""
    p = forecast.player(pid)
    if p is None:
        return name
    parts = [f"{say(f'col_{o}', lang)} {with_margin(p.chance(o), forecast.runs, lang) or '0%'}"
             for o in COLUMN_OUTCOMES if o in forecast.outcomes]
    parts.append(f"{say('col_place', lang)} {place_band(p.best, p.median, p.worst)}")
    return f"{name}: {' · '.join(parts)}"


def margin_note(forecast: Forecast, lang: str) -> str:
    """What "±" means, in one sentence."""
    return say("margins", lang, runs=f"{forecast.runs:,}".replace(",", "." if lang == "nl" else ","))


def place_band(best: int, median: int, worst: int) -> str:
    """"3 (2–5)": the median place and the 10–90% band; "1" when every run agrees."""
    if best == worst:
        return str(median)
    return f"{median} ({best}–{worst})"


def certain_lines(forecast: Forecast, name: Callable[[PlayerId], str], lang: str,
                  most: int | None = None) -> tuple[str, ...]:
    """The outcomes every run agreed on, each a line: "Champion in every simulation: Ann.", "Out of the title
    race in every simulation: …". Only where all runs agree. `most`: more names than this are counted
    instead ("38 players"), where a screen has no room for them."""

    def names(pids: tuple[PlayerId, ...]) -> str:
        if most is not None and len(pids) > most:
            return say("players", lang, n=len(pids))
        return ", ".join(map(name, pids))

    lines = []
    sure: tuple[Outcome, ...] = ("title", "group", "cup")
    for outcome in sure:
        if outcome not in forecast.outcomes:
            continue
        every, none = forecast.certain(outcome)
        if every:
            lines.append(say(f"every_{outcome}", lang, names=names(every)))
        if none and outcome != "cup" and len(none) < len(forecast.players):
            lines.append(say(f"none_{outcome}", lang, names=names(none)))
    return tuple(lines)


def contenders_line(forecast: Forecast, name: Callable[[PlayerId], str], lang: str, top: int = 3) -> str:
    """One line with the likeliest champions: "Title chances after round 20: Ann 62%, Bob 21%, Cor 9%."."""
    listed = ", ".join(f"{name(p.player)} {chance(p.title, lang)}" for p in forecast.contenders(top))
    return say("contenders", lang, k=forecast.round, list=listed)


def model_line(forecast: Forecast, lang: str) -> str:
    """What the forecast assumed, in one sentence."""
    return say("model", lang, draws=chance(forecast.draw_share, lang) or "0%",
               attendance=chance(forecast.attendance, lang) or "0%")


def legend(forecast: Forecast, lang: str) -> tuple[tuple[str, str], ...]:
    """(column header, what it means) for each column the forecast shows."""
    out = [(say("col_title", lang), say("legend_title", lang))]
    for outcome in COLUMN_OUTCOMES[1:]:
        if outcome in forecast.outcomes:
            k = forecast.group_after if outcome == "group" else forecast.reading
            out.append((say(f"col_{outcome}", lang), say(f"legend_{outcome}", lang, k=k)))
    out.append((say("col_place", lang), say("legend_place", lang)))
    return tuple(out)


def table_rows(forecast: Forecast, name: Callable[[PlayerId], str], lang: str,
               margins: bool = False) -> tuple[tuple[str, tuple[str, ...]], ...]:
    """(header cells, then per player (name, cells)) in the forecast's order: # now, name, each outcome's chance
    (`margins`: with its margin, "38% ± 4"), the final place with its band."""
    rows = []
    for p in forecast.players:
        cells = [str(p.rank) if p.rank else "", name(p.player)]
        cells += [with_margin(p.chance(o), forecast.runs, lang) if margins else chance(p.chance(o), lang)
                  for o in COLUMN_OUTCOMES if o in forecast.outcomes]
        cells.append(place_band(p.best, p.median, p.worst))
        rows.append((p.player, tuple(cells)))
    return tuple(rows)


def headers(forecast: Forecast, lang: str) -> tuple[str, ...]:
    """The table's column headers (`table_rows`)."""
    return ("#", "Naam" if lang == "nl" else "Name",
            *(say(f"col_{o}", lang) for o in COLUMN_OUTCOMES if o in forecast.outcomes), say("col_place", lang))

"""Every sentence of the live evening's own pages in Dutch and English; the rest is the published site's
(`web/words.py`), filled the same way (`{n:uitslag|uitslagen}`)."""

from __future__ import annotations

from keizer.evening.live.boards import Reported
from keizer.evening.live.door import Arrived
from keizer.evening.live.refusals import Why
from keizer.web.words import filled
from keizer.web.words import say as site_say

_LIVE: dict[str, tuple[str, str]] = {
    "tonight": ("Vanavond", "Tonight"),
    "pairing_tonight": ("Indeling", "Pairing"),
    "standings": ("Ranglijst", "Standings"),
    "wall": ("Scherm", "Wall"),
    "live_note": ("Deze pagina werkt zichzelf bij.", "This page updates itself."),
    "round_tonight": ("Ronde {k}", "Round {k}"),
    "no_evening": ("Vanavond wordt er niet gespeeld.", "There is no club evening tonight."),
    # the phone's first lines: where do I sit, whom do I play, with which colour
    "me_board": ("Bord {board}", "Board {board}"),
    "me_with": ("met {colour} tegen", "with {colour} against"),
    "white_word": ("wit", "white"),
    "black_word": ("zwart", "black"),
    "me_bye": ("Je bent vrijgeloot in ronde {k}.", "You have the bye in round {k}."),
    "me_out": ("Je speelt niet in ronde {k}: {entry}.", "You are not playing in round {k}: {entry}."),
    "me_present": ("Ronde {k} is nog niet ingedeeld: je staat erbij.", "Round {k} is not paired yet: you are on the list."),
    "me_result": ("Uitslag: {result}", "Result: {result}"),
    "me_pick": ("Wie ben je? Kies je naam; deze telefoon onthoudt hem.",
                "Who are you? Pick your name; this phone remembers it."),
    "me_choose": ("Dat ben ik", "That's me"),
    "me_other": ("Iemand anders kiezen", "Pick someone else"),
    "me_forget": ("Vergeet mij", "Forget me"),
    "report_link": ("Uitslag van bord {board} doorgeven", "Report the result of board {board}"),
    # the wall: pairing, results, standings in turn
    "code": ("Code", "Code"),
    "wall_codes": ("Geef je uitslag door met de code van je bord.", "Report your result with your board's code."),
    # the kiosk at the door
    "kiosk": ("Aanmelden", "Check in"),
    "kiosk_pair_intro": ("Deze tablet is nog niet gekoppeld. Typ de code die de wedstrijdleider ziet.",
                         "This tablet is not paired yet. Type the code the director sees."),
    "kiosk_code": ("Code van de wedstrijdleider", "The director's code"),
    "kiosk_pair": ("Koppel deze tablet", "Pair this tablet"),
    "kiosk_paired": ("Gekoppeld: deze tablet meldt vanavond leden aan.", "Paired: this tablet checks members in tonight."),
    "kiosk_search": ("Typ een paar letters van je naam", "Type a few letters of your name"),
    "kiosk_find": ("Zoek", "Find"),
    "kiosk_none": ("Geen naam gevonden met “{text}”.", "No name found for “{text}”."),
    "kiosk_confirm": ("Ben jij {name}?", "Are you {name}?"),
    "kiosk_yes": ("Ja, meld mij aan", "Yes, check me in"),
    "kiosk_no": ("Nee, terug", "No, back"),
    "kiosk_next": ("Volgende", "Next"),
    "arrived_PRESENT": ("Welkom, {name}: je bent aangemeld en speelt mee in ronde {k}.",
                        "Welcome, {name}: you are checked in and play in round {k}."),
    "arrived_ALREADY": ("{name}, je was al aangemeld.", "{name}, you were checked in already."),
    "arrived_ON_BOARD": ("Welkom, {name}: je bent aangemeld. Je staat op de indeling.",
                         "Welcome, {name}: you are checked in. You are on the pairing."),
    "arrived_LATE": ("Welkom, {name}: je bent aangemeld na de indeling. De wedstrijdleider deelt je in als het kan.",
                     "Welcome, {name}: you checked in after the pairing. The director pairs you if possible."),
    "arrived_SEE_DIRECTOR": ("Welkom, {name}: je bent aangemeld. Meld je even bij de wedstrijdleider.",
                             "Welcome, {name}: you are checked in. Please see the director."),
    # the board's phone page
    "board_page": ("Bord {board}", "Board {board}"),
    "board_code_label": ("Code van het bord (op de indeling en het scherm)", "The board's code (on the pairing sheet and the wall)"),
    "board_open": ("Verder", "Go on"),
    "board_who": ("Ik speel met", "I play"),
    "board_result": ("De uitslag", "The result"),
    "board_send": ("Doorgeven", "Report"),
    "board_reported": ("{side} gaf door: {result}", "{side} reported: {result}"),
    "board_nothing": ("Nog niets doorgegeven.", "Nothing reported yet."),
    "board_entered": ("De wedstrijdleider heeft de uitslag ingevoerd: {result}.",
                      "The director entered the result: {result}."),
    "reported_REPORTED": ("Doorgegeven. De wedstrijdleider voert de uitslag in.",
                          "Reported. The director enters the result."),
    "reported_ALREADY": ("Dat was al doorgegeven.", "That was reported already."),
    "reported_AGREED": ("Jullie gaven allebei hetzelfde door. De wedstrijdleider voert het in.",
                        "You both reported the same. The director enters it."),
    "reported_ENTERED": ("Jullie gaven allebei hetzelfde door: de uitslag staat.", "You both reported the same: the "
                         "result is in."),
    "reported_DISAGREE": ("Jullie gaven iets anders door. De wedstrijdleider beslist.",
                          "You reported different results. The director decides."),
    # refusals, said to a member (never a token, a time or a reason of the director's)
    "why_NOT_TONIGHT": ("Vanavond wordt er niet gespeeld.", "There is no club evening tonight."),
    "why_NOT_OPEN": ("Dat kan hier vanavond niet.", "That is not taken here tonight."),
    "why_NO_TOKEN": ("Eerst de code, alsjeblieft.", "The code first, please."),
    "why_WRONG_CODE": ("Die code klopt niet.", "That code is not right."),
    "why_SLOWED": ("Te veel verkeerde codes: probeer het over {seconds} seconden weer.",
                   "Too many wrong codes: try again in {seconds} seconds."),
    "why_CLOSED": ("Te veel verkeerde codes: dat kan vanavond niet meer. Meld je bij de wedstrijdleider.",
                   "Too many wrong codes: not any more tonight. Please see the director."),
    "why_ENDED": ("Die code geldt niet (meer). Vraag de wedstrijdleider.", "That code does not hold (any more). "
                  "Ask the director."),
    "why_USED": ("Die code is al gebruikt. Vraag de wedstrijdleider om een nieuwe.",
                 "That code was used already. Ask the director for a new one."),
    "why_NOT_PLAYING": ("Die naam speelt niet mee in deze ronde.", "That name does not play in this round."),
    "why_NOT_PAIRED": ("De ronde is nog niet ingedeeld.", "The round is not paired yet."),
    "why_NO_GAME": ("Dat bord is er vanavond niet.", "There is no such board tonight."),
    "why_HAS_RESULT": ("De wedstrijdleider heeft de uitslag al ingevoerd: {result}. Klopt die niet? Meld het bij de "
                       "wedstrijdleider.", "The director entered the result already: {result}. Is it wrong? Tell "
                       "the director."),
    "why_NOT_REPORTABLE": ("Alleen een gespeelde partij wordt hier doorgegeven.", "Only a game played is reported "
                           "here."),
    "why_OVER": ("Alle uitslagen van vanavond zijn binnen.", "Every result of tonight is in."),
    "form_stale": ("Dit formulier is verlopen of al verstuurd. Probeer het nog eens.",
                   "This form expired or was sent already. Please try again."),
    "not_found": ("Deze pagina bestaat niet.", "There is no such page."),
    "too_many": ("Te veel verkeerde codes van dit apparaat. Meld je bij de wedstrijdleider.",
                 "Too many wrong codes from this device. Please see the director."),
}


def say(key: str, lang: str, **fill: object) -> str:
    """A sentence of the live pages in `lang`, or of the published site where it is its."""
    if key in _LIVE:
        return filled(_LIVE[key], lang, **fill)
    return site_say(key, lang, **fill)


def refusal_key(why: Why) -> str:
    return f"why_{why.name}"


def arrived_key(arrived: Arrived) -> str:
    return f"arrived_{arrived.name}"


def reported_key(reported: Reported) -> str:
    return f"reported_{reported.name}"


def keys() -> frozenset[str]:
    """Every sentence of the live pages (a test holds that none takes a published sentence's key, and that every
    Why and outcome has one)."""
    return frozenset(_LIVE)

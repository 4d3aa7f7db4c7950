"""How the command line says a way forward the evening layer names (`evening.ways.Way`): the command to type.
SEASON stands for the season's path where a refusal does not know it (a command that does, says it whole)."""

from __future__ import annotations

from keizer.evening.ways import Way, WayOut

COMMANDS: dict[Way, str] = {
    Way.RESOLVE: "`keizer pair SEASON` pairs it from the season as it is now",
    Way.REPAIR_KEEPING: "`keizer pair SEASON --keep-accepted --save` re-pairs it keeping the accepted boards",
    Way.ACCEPT: "`keizer pair SEASON --save` saves the best pairing",
    Way.CLEAR_PAIRING: "`keizer pair SEASON --round K --save --replace` pairs it again",
    Way.PAIR: "`keizer pair SEASON --save` pairs it",
    Way.PAIR_ANYWAY: "`keizer pair SEASON` pairs it anyway",
    Way.ENTER_RESULTS: "`keizer result SEASON BOARD RESULT` enters them",
    Way.CORRECT_RESULT: "`keizer result SEASON BOARD RESULT --change` corrects that game's result",
    Way.NO_SHOW: "`keizer result SEASON BOARD --no-show white|black` records a no-show",
    Way.PLAN_MORE: "`keizer season SEASON --rounds R` plans more",
    Way.ADD_PLAYERS: "add the players on the Players screen of `keizer open`, F6",
    Way.GROUP_GAMES: "`keizer group SEASON` shows their games",
    Way.REPLACE_RESULT: "--change replaces it",
    Way.FILL_GROUP: "`keizer group fill SEASON --save` takes them in",
}
"""Every way, as a command (a test holds that none is missing)."""


def commanded(refusal: WayOut) -> str:
    """A refusal as the command line says it: the fact, then each way as a command."""
    return f"{refusal.fact}: {'; '.join(COMMANDS[w] for w in refusal.ways)}" if refusal.ways else refusal.fact

"""A pairing made elsewhere (by hand, another program's) checked against the rules and priced like keizer's own
(`keizer check-pairing`): its breaches, the rules it made give way, and how it compares with the optimum."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from keizer.seasons.model import PlayerId, Season

if TYPE_CHECKING:
    from keizer.scoring.replay import Replay
    from keizer.pairing.checker import CheckReport
    from keizer.pairing.compare import Comparison
    from keizer.pairing.proposal import Proposal


@dataclass(frozen=True, slots=True)
class CheckedPairing:
    """A pairing of one round as the checker found it, beside the optimal pairing of the same round."""

    round: int
    report: CheckReport
    best: Proposal
    versus: Comparison
    avoidable: bool
    """The pairing made a hard rule give way although a pairing that keeps every hard rule exists (the optimum
    shows it): then it is not valid."""

    @property
    def valid(self) -> bool:
        return self.report.valid and not self.avoidable

    def json(self) -> dict[str, Any]:
        """The report as `keizer check-pairing --json` writes it (docs/format.md)."""
        report, best = self.report, self.best
        violations = [{"rule": v.rule, "players": list(v.players), "message": v.message} for v in report.violations]
        if self.avoidable:
            violations += [{"rule": v.rule, "players": list(v.players),
                            "message": f"{v.message}, although a pairing that keeps every hard rule exists"}
                           for v in report.relaxed]
        return {
            "round": self.round, "valid": self.valid, "objective": report.objective,
            "real_cost": report.real_cost, "optimal_objective": best.objective, "optimal_real_cost": best.real_cost,
            "optimal_bye": best.bye, "tiers": list(report.tiers), "optimal_tiers": list(best.tiers),
            "criteria": dict(report.criteria), "violations": violations,
            "relaxed": [] if self.avoidable else [{"rule": v.rule, "players": list(v.players), "message": v.message}
                                                  for v in report.relaxed],
        }

    def cost_words(self) -> str:
        """"Cost: …" of the pairing checked, as the Pairing screen words a cost."""
        from keizer.pairing.compare import cost_words

        return "Cost: " + cost_words(self.report.real_cost, self.report.criteria).removeprefix("cost ")

    def against_the_optimum(self, bye_name: str | None) -> str:
        """How the pairing compares with the optimal one, tier by tier (the order the solver decides in);
        `bye_name`: the name of the optimum's bye."""
        return self.versus.against_the_optimum(bye_name)


def check_pairing(season: Season, played: Replay, k: int, games: tuple[tuple[PlayerId, PlayerId], ...],
                  bye: PlayerId | None) -> CheckedPairing:
    """`games` and `bye` as round k's pairing of `season`, checked and priced from the ranking after round
    k − 1 (`played`, its replay), beside the optimal pairing of the round."""
    from keizer.pairing.checker import check_pairing as check
    from keizer.pairing.compare import Comparison
    from keizer.pairing.instance import build_instance
    from keizer.pairing.proposer import propose

    ranking, values = played.entry_ranking(k)
    inst = build_instance(season, k, ranking, values, slots=played.slots)
    report = check(inst, games, bye)
    best = propose(inst)
    versus = Comparison.of(report, best)
    # A hard rule may give way only when no pairing keeps them all: the optimum shows whether one does.
    return CheckedPairing(k, report, best, versus, report.valid and versus.hard_rules_give_way)

"""Pairing: one Keizer round as a min-cost perfect matching, solved exactly and explained."""

from pairing.alternatives import Alternative, alternatives
from pairing.checker import CheckReport, Pairing, Violation, check_pairing
from pairing.costs import CompiledCosts, compile_costs
from pairing.criteria import CostContext
from pairing.explain import RoundExplanation, explain
from pairing.export import costs_json, proposal_json
from pairing.greedy import greedy_pairing
from pairing.instance import PlayerState, RoundInstance, build_instance
from pairing.proposal import BandReport, Board, Proposal, Relaxation
from pairing.proposer import propose
from pairing.ranking import Ranked, keizer_ranked, keizer_ranking, provisional_ranking

__all__ = [
    "Alternative",
    "BandReport",
    "Board",
    "CheckReport",
    "CompiledCosts",
    "CostContext",
    "Pairing",
    "PlayerState",
    "Proposal",
    "Relaxation",
    "Ranked",
    "RoundExplanation",
    "RoundInstance",
    "Violation",
    "alternatives",
    "build_instance",
    "check_pairing",
    "compile_costs",
    "costs_json",
    "explain",
    "greedy_pairing",
    "keizer_ranked",
    "keizer_ranking",
    "proposal_json",
    "propose",
    "provisional_ranking",
]

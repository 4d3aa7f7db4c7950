"""Pairing: one Keizer round as a min-cost perfect matching, solved exactly and explained."""

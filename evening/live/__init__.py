"""The live club evening: check-in at the door, results reported from the boards, tonight's codes (docs/live.md)."""

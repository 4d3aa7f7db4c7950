"""The criteria: one small module per rule, each computing its integer cost for a pair or a bye."""

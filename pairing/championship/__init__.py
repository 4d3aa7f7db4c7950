"""The championship group's schedule: what to place, its CP-SAT model, its checker, a round paired around it, its benchmark."""

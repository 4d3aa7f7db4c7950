"""Two exact solvers behind one interface, on the same compiled costs: CP-SAT and blossom matching."""

"""FIDE TRF-16: the rating report written, keizer's own lines in it, and a TRF file read as a season."""

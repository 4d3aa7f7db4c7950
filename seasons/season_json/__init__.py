"""The `keizer-season/1` JSON format (docs/format.md): strict import with JSON-path errors, lossless export."""

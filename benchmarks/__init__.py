"""Benchmarks of aerodrome: run with `nox -s bench` (or `python -m benchmarks [NAME...]`)."""

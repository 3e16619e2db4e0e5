"""The victoriana ruleset for aerodrome."""

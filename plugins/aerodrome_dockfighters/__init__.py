"""The dockfighters ruleset for aerodrome."""

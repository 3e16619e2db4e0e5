"""The Dockfighters campaign (issue 10): squadrons, fame, personal files, the scenario set-up
procedure, the squadron leader, the ace challenges, a bot squadron leader, and a journal from
which every squadron file is rebuilt byte for byte.

The mission itself is played by the Dockfighters engine through the public Game API; only
:mod:`.bridge` knows the engine's set-up options and state. Modules, bottom up:
``specs`` (the campaign's tables), ``sheet`` (the squadron sheet and personal files),
``ledger`` and ``journal`` (the books), ``files`` (atomic, checked files), ``personal``
(experience and ace abilities), ``economy`` (buying), ``leadership`` (the squadron
leader), ``procedure`` (scenario set-up steps 1-9), ``bridge`` (the engine), ``aftermath``
(step 11), ``challenges`` (the League's challenges), ``botleader`` (a bot squadron leader),
``campaign`` (playing and replaying journal entries), ``simulate`` and ``cli``.
"""

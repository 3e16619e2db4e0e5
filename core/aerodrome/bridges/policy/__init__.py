"""The ``policy`` agent's registration: ``--agents policy:PATH`` plays a trained policy file
(``aerodrome train``) in any command that names agents. Registered through the ``aerodrome``
entry-point group like any plugin, and light: NumPy and the learning bridge
(:mod:`aerodrome.bridges.rl.policy`) are imported only when a policy is named.
"""

"""The players: the heuristic, the search and the random agent, and the agent names the service
stores (``heuristic.make_agent``)."""

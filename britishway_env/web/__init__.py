"""The page where a person plays against a bot (``britishway serve``): server.py and static/."""

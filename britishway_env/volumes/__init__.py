"""The COIN volumes of The British Way: each one data + rules behind one interface.

Shared boards live in ``boards/`` (the Palestine board serves both Palestine
and Arab Revolt).
"""

"""Network play: a documented, versioned line protocol (docs/network.md) over asyncio streams,
discovery with zeroconf, and a thread that talks to the window through queues.

No pygame here: the window drives :class:`game.net.link.NetLink` and reads its events.
"""

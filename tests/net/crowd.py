"""How often a real player gets a seat while a crowd of addresses holds silent connections to the
host, each connecting again the moment it is dropped (docs/reliability.md, "A crowd at the door").

Run it only inside a network namespace of its own, where every 127.x.y.z is this machine's own
loopback and nothing reaches a real network:

    unshare --net sh -c 'ip link set lo up; .venv/bin/python tests/net/crowd.py 200 1000'

For each crowd size it starts a host (announcing off), a crowd process with that many addresses
(127.0.x.y), lets the crowd fill the handshake slots, then has a real player join ``--tries``
times in a row from 127.0.0.1, each given ``--wait`` seconds, and prints how many got their offer.
"""

from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import time

from game.net import events as ev
from game.net.connection import Limits
from game.net.link import NetLink


def crowd_address(i: int) -> str:
    return f"127.0.{1 + i // 250}.{1 + i % 250}"


async def _hold(address: str, port: int, stop: float, counts) -> None:
    """One address: a silent connection, made again at once whenever it ends."""
    while time.monotonic() < stop:
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(address, 0))
        except OSError:
            await asyncio.sleep(0.01)
            continue
        counts.value += 1
        try:
            while await asyncio.wait_for(reader.read(4096), max(0.01, stop - time.monotonic())):
                pass                      # the host's hello and its "busy" are read and ignored
        except (OSError, TimeoutError):
            pass
        writer.close()


def _crowd(size: int, port: int, seconds: float, started, counts) -> None:
    async def run() -> None:
        stop = time.monotonic() + seconds
        tasks = [asyncio.create_task(_hold(crowd_address(i), port, stop, counts)) for i in range(size)]
        while counts.value < size and time.monotonic() < stop:
            await asyncio.sleep(0.05)
        started.set()
        await asyncio.gather(*tasks, return_exceptions=True)

    asyncio.run(run())


def measure(size: int, tries: int, wait: float) -> int:
    limits = Limits()           # the game's own limits: 5 s for a hello, 32 handshake slots
    host = NetLink("Host", limits=limits)
    host.host(0, 1, bind="127.0.0.1", advertise=False)
    listening = host.events.get(timeout=10)
    assert isinstance(listening, ev.Listening), listening
    port = listening.port
    started, counts = multiprocessing.Event(), multiprocessing.Value("q", 0, lock=False)
    crowd = multiprocessing.Process(target=_crowd, args=(size, port, tries * (wait + 1) + 10, started, counts),
                                    daemon=True)
    crowd.start()
    started.wait(20)
    time.sleep(1.0)
    seated, made, began = 0, counts.value, time.monotonic()
    for attempt in range(tries):
        player = NetLink(f"Real {attempt}", limits=limits)
        player.join("127.0.0.1", port)
        deadline = time.monotonic() + wait
        got = None
        while got is None and time.monotonic() < deadline:
            got = next((e for e in player.poll() if isinstance(e, (ev.Connected, ev.Failed))), None)
            time.sleep(0.005)
        seated += isinstance(got, ev.Connected)
        if not isinstance(got, ev.Connected):
            print(f"  try {attempt + 1}: {got.reason if got is not None else f'nothing within {wait:g} s'}", flush=True)
        player.close(wait=1.0)
        if isinstance(got, ev.Connected):        # the next try once the host has seen this player go
            gone = time.monotonic() + 10.0
            while not any(isinstance(e, ev.Dropped) for e in host.poll()) and time.monotonic() < gone:
                time.sleep(0.01)
    rate = (counts.value - made) / (time.monotonic() - began)
    print(f"  the crowd connected {rate:.0f} times a second during the tries", flush=True)
    crowd.terminate()
    crowd.join(5)
    host.close(wait=2.0)
    return seated


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("sizes", type=int, nargs="+", help="crowd sizes (addresses), at most 62500")
    parser.add_argument("--tries", type=int, default=20)
    parser.add_argument("--wait", type=float, default=3.0, help="seconds each try is given")
    args = parser.parse_args()
    if not all(1 <= size <= 62_500 for size in args.sizes) or args.tries < 1 or args.wait <= 0:
        parser.error("sizes from 1 to 62500, a positive number of tries and a positive wait")
    for size in args.sizes:
        seated = measure(size, args.tries, args.wait)
        print(f"{size} addresses: a real player seated in {seated} of {args.tries} tries", flush=True)


if __name__ == "__main__":
    main()

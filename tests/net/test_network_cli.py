"""connect4 --host [PORT] and --join ADDRESS[:PORT]: parsed, checked, and refused clearly."""

from __future__ import annotations

import pytest

from game.cli import parse_args, resolve_network
from game.config.values import DEFAULTS


def network(argv):
    parser, args = parse_args(argv)
    return resolve_network(parser, args, DEFAULTS)


def test_host_and_join_forms():
    assert network([]) == (None, None)
    assert network(["--host"]) == (DEFAULTS.network_port, None)
    assert network(["--host", "9000"]) == (9000, None)
    assert network(["--join", "192.168.1.20"]) == (None, "192.168.1.20")
    assert network(["--join", "[::1]:9000"]) == (None, "[::1]:9000")


@pytest.mark.parametrize("argv, words", [
    (["--host", "80"], "port number from 1024"),
    (["--host", "x\x1b"], "port number"),
    (["--join", "a b"], "not an IP address or a host name"),
    (["--join", "host:99999"], "port must be"),
    (["--host", "--join", "x"], "not allowed with"),
    (["--host", "--red", "Hard"], "cannot be combined"),
])
def test_bad_network_arguments_exit_2_with_a_message(argv, words, capsys):
    with pytest.raises(SystemExit) as info:
        network(argv)
    assert info.value.code == 2
    err = capsys.readouterr().err
    assert words in err and "\x1b" not in err

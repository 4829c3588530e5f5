"""``python -m game.review`` in the player's language: the system's (LANGUAGE=fr) words the
verdicts, values, explanations and summaries; the fixed fields and the JSON's keys stay English."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
THROWN_WIN = "15253575"     # as in test_review_cli: every move proved whatever the budget


def review(language: str, *args: str, home: Path) -> subprocess.CompletedProcess:
    env = {**os.environ, "CONNECT4_HOME": str(home), "PYTHONPATH": str(ROOT), "LANGUAGE": language}
    return subprocess.run([sys.executable, "-m", "game.review", "--time", "0.05", *args], input=THROWN_WIN + "\n",
                          capture_output=True, text=True, env=env, cwd=ROOT, timeout=300)


def test_language_fr_prints_french_verdicts_and_explanations(tmp_path: Path) -> None:
    result = review("fr", home=tmp_path)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    seventh = next(i for i, line in enumerate(lines) if line.startswith("7 7 "))
    assert lines[seventh] == ("7 7 blunder red [victoire manquée] meilleur : colonne 4 — gagne immédiatement ; "
                              "joué : perd au prochain coup de Jaune")
    assert lines[seventh + 1] == ("    pourquoi (victoire lâchée) : Rouge pouvait gagner immédiatement en colonne 4, "
                                  "rangée du bas. Jaune gagne immédiatement en colonne 5, quatrième rangée en partant "
                                  "du bas.")
    assert lines[seventh + 2] == "    suite : 5"
    assert lines[-2].startswith("# red: erreurs dont tirer une leçon : coup 7 (colonne 7, victoire manquée); "
                                "profond : coups 1, 3, 5; 0 meilleur coup, 0 bon coup, 0 imprécision, 3 erreurs, "
                                "1 gaffe, premier coup qui change le résultat : 1 (colonne 1, erreur)")
    assert lines[-2].endswith("ensuite : 1 victoire en un coup manquée : avant chaque coup, cherche ton propre "
                              "alignement de quatre")


def test_the_json_keeps_english_keys_and_words_its_texts_in_the_language(tmp_path: Path) -> None:
    result = review("de", "--json", home=tmp_path)
    assert result.returncode == 0, result.stderr
    doc = json.loads(result.stdout)
    seventh = doc["reviews"][6]
    assert (seventh["class"], seventh["grade"], seventh["verdict"], seventh["player"]) == \
        ("blunder", "blunder", "missed win", "red")
    assert seventh["explanation"]["kind"] == "gave up"
    assert seventh["explanation"]["text"].startswith("Rot hätte sofort auf Spalte 4, unterste Reihe gewinnen können.")
    assert seventh["best_words"] == "Spalte 4 — gewinnt sofort"
    assert doc["summary"]["red"]["advice"].startswith("1 Sieg in einem Zug verpasst: ")


def test_an_unknown_system_language_is_english(tmp_path: Path) -> None:
    result = review("sv_SE.UTF-8", home=tmp_path)
    assert result.returncode == 0, result.stderr
    assert "7 7 blunder red [missed win] best: column 4 — wins at once; played: loses to Yellow's next move" \
        in result.stdout

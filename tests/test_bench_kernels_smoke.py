"""Smoke test of benchmarks/bench_kernels.py: it runs on a few games of one
volume (the drivers are one file bound to each volume's kernels; the full run
covers all three), and its tables have every part and add up. No timed assertions."""

import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
SCRIPT = REPO / "benchmarks" / "bench_kernels.py"
HEADING = "# Benchmarks: where a random game's time goes"
PARTS = ("legal mask", "random choice", "apply", "&nbsp;&nbsp;of which the switch",
         "&nbsp;&nbsp;of which the automatic steps", "new game (per game)",
         "the loop's own work (the whole less the parts)", "**whole random game**",
         "restoring a position (taken off each part; not in a game)",
         "the observation (not in random play; the vector env makes one at each decision it hands out)")


def rows(block: str) -> dict:
    """``label: [numbers]`` of the markdown table rows in ``block``."""
    out = {}
    for line in block.splitlines():
        if line.startswith("| ") and not line.startswith("| part") and not line.startswith("| replayed"):
            cells = [c.strip() for c in line.strip("|").split("|")]
            out[cells[0]] = [float(c.replace(",", "").rstrip("%")) for c in cells[1:]]
    return out


def test_bench_kernels_quick_reports_each_part_of_each_volume_and_they_add_up(tmp_path):
    report = tmp_path / "report.md"
    report.write_text("# Other section\n\nkept\n\n" + HEADING + "\n\nold tables\n\n"
                      "## Observations (by hand)\n\nnotes kept\n\n# Next section\n\nkept too\n")
    proc = subprocess.run([sys.executable, str(SCRIPT), "--quick", "--volumes", "cyprus", "--write", str(report)], cwd=REPO,
                          capture_output=True, text=True, timeout=900)
    assert proc.returncode == 0, proc.stderr[-4000:]
    out = proc.stdout
    assert out.startswith(HEADING)
    assert "Command: `" in out and "load average" in out
    assert "## Palestine" not in out
    for title in ("Cyprus",):
        block = out.split(f"## {title}\n", 1)[1].split("\n## ", 1)[0]
        assert re.search(r"3 games, [\d.]+ decisions a game", block)
        assert "decisions/s** on one core" in block
        parts_table, replay_table = block.split("| replayed game |")
        replay_table, kinds_table = replay_table.split("By the decision pending", 1)
        assert "| decision | per game | legal mask µs / decision |" in kinds_table
        assert re.search(r"All \d+ kinds together: [-\d.]+ µs a game", kinds_table)
        table = rows(parts_table)
        assert tuple(table) == PARTS
        us_game = {label: nums[1] for label, nums in table.items()}
        whole = us_game["**whole random game**"]
        assert whole > 0
        # the parts and the loop's own work add up to the whole (to the table's rounding)
        total = sum(us_game[k] for k in ("legal mask", "random choice", "apply", "new game (per game)",
                                         "the loop's own work (the whole less the parts)"))
        assert abs(total - whole) <= 0.3
        shares = sum(table[k][2] for k in ("legal mask", "random choice", "apply", "new game (per game)",
                                           "the loop's own work (the whole less the parts)"))
        assert abs(shares - 100.0) <= 0.3
        # µs per game = µs per decision x decisions per game
        dpg = float(re.search(r"([\d.]+) decisions a game", block).group(1))
        for label, (per_decision, per_game, _share) in table.items():
            assert abs(per_decision * dpg - per_game) <= 0.0005 * dpg + 0.05 + 0.001 * abs(per_game), label
        # the replay's increments add up to the whole random game
        replay = rows("| replayed game |" + replay_table)
        assert len(replay) == 4
        assert abs(sum(r[1] for r in replay.values()) - whole) <= 0.3
        assert list(replay.values())[-1][0] == whole
    assert "## All volumes (shares of the whole random game)" in out
    assert "`settle` after the switch alone leaves the state `apply` leaves, bit for bit" in out
    written = report.read_text()
    assert "# Other section\n\nkept" in written and written.count(HEADING) == 1
    assert "old tables" not in written and "## All volumes (shares of the whole random game)" in written
    # the hand-written observations stay at the end of the section, the next section after them
    assert written.index("## All volumes") < written.index("## Observations (by hand)\n\nnotes kept\n\n# Next section")
    assert written.endswith("# Next section\n\nkept too\n")

"""The complexity ratchet: no new function over the bar, no listed one growing.

    python scripts/complexity.py           # exit 1 when a function is new over the bar or grew
    python scripts/complexity.py --update  # rewrite the baseline from the tree as it is

The bar is ruff's C901 (McCabe) at 10, the usual default and the median of the codebases we
compare ourselves with (docs/style.md). The functions already over it when the ratchet came
in are listed with their complexity in ``scripts/complexity-baseline.json``; each may shrink,
none may grow, and no other function may cross the bar. When one shrinks or goes, ``--update``
lowers the ceiling so it cannot grow back. The list is keyed by file and function name, not
line, so an edit above a function does not move it.
"""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BASELINE = REPO / "scripts" / "complexity-baseline.json"
BAR = 10
_MESSAGE = re.compile(r"`(?P<name>[^`]+)` is too complex \((?P<value>\d+) > \d+\)")


def measure() -> dict[str, int]:
    """Every function of the package over the bar, as ``path::name`` -> complexity."""
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "ruff",
            "check",
            "intake",
            "--select",
            "C901",
            "--config",
            f"lint.mccabe.max-complexity={BAR}",
            "--output-format",
            "json",
            "--exit-zero",
            "--no-cache",
        ],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    found: dict[str, int] = {}
    for item in json.loads(done.stdout):
        match = _MESSAGE.search(item["message"])
        if match is None:
            continue
        path = Path(item["filename"]).resolve().relative_to(REPO).as_posix()
        key = f"{path}::{match['name']}"
        found[key] = max(found.get(key, 0), int(match["value"]))
    return found


def main(argv: list[str]) -> int:
    found = measure()
    if argv[1:] == ["--update"]:
        BASELINE.write_text(json.dumps(found, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"complexity baseline: {len(found)} functions over {BAR}")
        return 0
    allowed: dict[str, int] = json.loads(BASELINE.read_text(encoding="utf-8"))
    worse = [
        f"{key}: {value} (new over {BAR})"
        if key not in allowed
        else f"{key}: {value} (was {allowed[key]})"
        for key, value in sorted(found.items())
        if value > allowed.get(key, BAR)
    ]
    for line in worse:
        print(f"error: complexity ratchet: {line}", file=sys.stderr)
    shrunk = [key for key, value in allowed.items() if found.get(key, 0) < value]
    if shrunk and not worse:
        print(
            f"complexity: {len(shrunk)} listed functions shrank; run "
            "`python scripts/complexity.py --update` to lower their ceiling"
        )
    print(f"complexity: {len(found)} functions over {BAR} (ceiling {len(allowed)})")
    return 1 if worse else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))

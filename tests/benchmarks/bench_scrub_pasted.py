"""The scrubber on what people paste: ``python tests/benchmarks/bench_scrub_pasted.py``.

The corpus is ``tests/outside_corpus/pasted.py`` (tracebacks, ``conda info``, npm logs, prompts,
``.gitconfig``, curl, kubeconfig... in the shapes of public threads, private values replaced by
same-shaped substitutes and labelled). Each document is scrubbed as ``intake scrub`` scrubs a
text file (``scrub_file_text``). Printed per part (``tune``, ``held-out``: a third of the
documents by the hash of their names, kept aside while the rules were changed) and per class:

* recall: labelled private values (user and login names, e-mails, credentials) of which no
  occurrence is left in the output (names compared without case);
* damage: ``keep`` spans (a library tail after a home, a documented placeholder, a role
  address, public base64) that no longer appear as often as they did;
* clean documents touched (no private label, output differs), idempotence (a second scrub
  changes nothing), ``--check`` on the output (findings left), and two originals sharing a
  fixture (a clash).

``--show NAME`` prints one document before and after. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import sys
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from intake.scrub import Scrubber, get_scrubber  # noqa: E402
from intake.scrub.files import scrub_file_text  # noqa: E402
from tests.outside_corpus.pasted import Document, documents  # noqa: E402


@dataclass
class Score:
    found: Counter[str] = field(default_factory=Counter)
    total: Counter[str] = field(default_factory=Counter)
    damage: list[str] = field(default_factory=list)
    missed: list[str] = field(default_factory=list)
    keeps: int = 0
    clean_docs: int = 0
    clean_touched: int = 0
    not_idempotent: int = 0
    check_findings: int = 0
    docs: int = 0


SUFFIX = {"kubeconfig-ca": ".yaml", "token-list": ".yaml", "json-escaped-home": ".json"}
"""Documents scrubbed as the format they are (the rest as text)."""


def scrub_as(engine: Scrubber, name: str, text: str) -> str:
    return scrub_file_text(Path(name + SUFFIX.get(name, ".txt")), text, scrubber=engine).text


def scrub(engine: Scrubber, doc: Document) -> str:
    return scrub_as(engine, doc.name, doc.text)


def score_document(engine: Scrubber, doc: Document, score: Score) -> str:
    out = scrub(engine, doc)
    score.docs += 1
    low = out.lower()
    for lb in doc.private:
        score.total[lb.cls] += 1
        left = lb.value.lower() in low if lb.cls == "user" else lb.value in out
        if left:
            score.missed.append(f"{doc.name}: {lb.cls} {lb.value!r}")
        else:
            score.found[lb.cls] += 1
    for lb in doc.labels:
        if lb.cls == "keep":
            score.keeps += 1
            if out.count(lb.value) < doc.text.count(lb.value):
                score.damage.append(f"{doc.name}: {lb.value!r}")
    if not doc.private:
        score.clean_docs += 1
        score.clean_touched += out != doc.text
    if scrub_as(engine, doc.name, out) != out:
        score.not_idempotent += 1
    score.check_findings += len(engine.find(out))
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--show", default=None)
    ap.add_argument("--part", choices=("tune", "held-out", "all"), default="all")
    args = ap.parse_args(argv)
    engine = get_scrubber()
    docs = documents()
    if args.show:
        doc = next(d for d in docs if d.name == args.show)
        print(doc.text)
        print("---")
        print(scrub(engine, doc))
        return 0
    parts = ("tune", "held-out") if args.part == "all" else (args.part,)
    print("| part | class | recall | damage (keep spans) |")
    print("| --- | --- | --- | --- |")
    scores: dict[str, Score] = {}
    for part in parts:
        score = Score()
        for doc in docs:
            if (part == "held-out") == doc.held_out:
                score_document(engine, doc, score)
        scores[part] = score
        for cls in ("user", "email", "secret"):
            print(f"| {part} | {cls} | {score.found[cls]}/{score.total[cls]} | |")
        print(f"| {part} | keep | | {len(score.damage)}/{score.keeps} |")
    print()
    print("| part | documents | clean touched | not idempotent | --check findings on output |")
    print("| --- | --- | --- | --- | --- |")
    for part, s in scores.items():
        print(
            f"| {part} | {s.docs} | {s.clean_touched} of {s.clean_docs} | {s.not_idempotent}"
            f" | {s.check_findings} |"
        )
    for part, s in scores.items():
        if part == "tune":
            for line in s.missed:
                print(f"missed ({part}): {line}")
            for line in s.damage:
                print(f"damaged ({part}): {line}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

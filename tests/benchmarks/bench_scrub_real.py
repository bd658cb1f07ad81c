"""The scrubber on real pasted text: ``python tests/benchmarks/bench_scrub_real.py``.

The corpus is ``tests/outside_corpus/real_threads.py``: excerpts of what people really pasted
into public GitHub threads (tracebacks, ``conda info``, npm/pip logs, prompts, ``.gitconfig``,
curl, ``kubectl``/``docker`` output, CI and SLURM logs, GAIA's own issues), each private value
replaced by a same-shaped substitute and labelled. Each document is scrubbed as ``intake scrub``
scrubs a file of its suffix (``scrub_file_text``). Printed per part (``tune``; ``held-out``: the
documents whose source URL's SHA-256 is 0 modulo 3, kept aside while the rules were changed)
and per class:

* recall: labelled private values of which no occurrence is left in the output; user names are
  split into names in a path (the label follows ``/`` or ``\\``) and elsewhere (prompts,
  ``git config``, prose), compared without case and from a word start;
* damage: ``keep`` spans (library tails, placeholders, role addresses, public ids, masked
  values) that no longer appear as often as they did; library tails: the ``keep`` spans that
  follow a user's name in a path, kept whole;
* clean documents touched (no private label, output differs); JSON/YAML still parsing; a
  second scrub changing nothing; ``scrub --check`` (``scan_paths``) on the output finding
  nothing; two originals sharing a fixture in one document (a clash).

``--part`` picks a part (default both), ``--batch`` a collection (``40``: the stop-40 excerpts
the rules were written from; ``42``, ``43``, ``44``: excerpts collected at that stop, after the
rules before it; ``44`` was scored blind, with no rule changed after; ``45`` was scored blind,
both parts, before the stop-45 fixes; ``46`` likewise, before the stop-46 fixes; ``47`` was
scored blind, whole, before the stop-47 fixes; ``48`` likewise, before the stop-48 fixes;
``49`` likewise, before the stop-49 fixes; ``50`` likewise, before the stop-50 fixes;
``51`` to ``59`` likewise, before their stop's fixes; ``60`` scored blind, per part, with
no rule changed after it; ``61``, files committed in public repositories rather than
threads, scored blind, per part, with no rule changed; ``62`` likewise, under scrubber
1.27.0; ``63``, tool output the earlier
collections had little of (crash reports, Event Viewer, journalctl, Electron apps', AI
agents' and IDEs' logs, ``flutter doctor``, ``brew``, ``dotnet``, ``rustup``, cloud CLIs),
scored blind, per part, under scrubber 1.27.0, with no rule changed; ``64``, files
committed in public repositories again (IDE and build files, Maven reports, credentials and
dotfiles), likewise; ``65`` (threads from machines not in English) likewise; ``66``
(threads) and ``67`` (committed dotfiles and credential files) likewise, under 1.28.0;
``68`` (threads aimed at names elsewhere than in paths and at damage) likewise, under 1.29.0;
``69`` (the same aim, other tools and threads) likewise, under 1.30.0;
``70`` (committed gh, hub, Docker, Jupyter and R configuration) likewise, under 1.30.0;
``71`` (threads, the aim of 68) likewise, under 1.31.0; ``72`` (threads: environment reports),
``73`` (threads: LLM agent frameworks, MCP and local model servers) and ``74`` (committed
config.log, .my.cnf, .odbc.ini, zsh history, .mailmap, tnsnames.ora and autostart launchers)
likewise, under 1.32.0; ``75`` (threads: Windows administration output), ``76`` (Linux system
logs: SELinux AVC denials, AppArmor lines, coredumpctl, gnome-shell journal lines, snap,
flatpak, Steam runtime and Lutris logs) and ``77`` (threads: Apple and mobile crash and build
reports) likewise, under 1.32.0 plus 1e55f1d's unversioned rules; ``78`` (threads: data
engineering tools' output, HDFS, Spark, Airflow, dbt, Databricks, Snowflake, Jupyter) and ``79``
(threads: CI runners on people's own machines, cloud identity answers) likewise, under 1.33.0
plus 1e55f1d's rules; ``80`` (threads: editors' and their extensions' diagnostics, Neovim's
``:checkhealth``, Vim's ``--startuptime``, Emacs backtraces, VS Code's Pylance and LSP logs,
Sublime Text's console, Zed and Helix) and ``81`` (threads: other ecosystems' package
managers, verbose) likewise; ``82`` (threads: VPN and remote-access clients' logs) and ``83``
(threads: creative and game-development tools' logs and crash reports) likewise, under 1.35.0;
``84`` (threads: browsers' and Electron desktop apps' logs), ``85`` (threads: desktop container
and VM tools' diagnostics), ``86`` (threads: self-hosted home servers' logs and configuration),
``87`` (threads: mail and messaging command-line tools' configs and logs), ``88`` (threads:
embedded and maker tools' logs) and ``89`` (threads: game launchers' and mod loaders' logs and
crash reports) likewise, under 1.37.0; ``90`` (threads: notebooks and data-science sessions,
R's sessionInfo(), JupyterHub logs, conda, jupyter --paths, Spyder, MATLAB), ``91`` (threads:
file-transfer and remote-shell clients' logs) and ``92`` (threads: sync and backup tools' logs
and configs) likewise, under 1.41.0; ``93`` (threads: web hosting and PHP applications'
logs), ``94`` (threads: HPC clusters' job schedulers and sessions, Slurm, PBS, LSF, Lmod,
Apptainer, Open MPI), ``95`` (threads: version control other than git, signing identities)
and ``96`` (threads: password managers, secret stores and their errors) likewise, under
1.44.0; ``97`` (threads: JVM applications' system properties and build daemons'
diagnostics), ``98`` (threads: Linux desktop sessions, printing and process listings),
``99`` (threads: chat networks' clients, servers and bots) and ``100`` (threads:
configuration management and deployment runs) likewise, under 1.48.0; ``101`` to ``107``
(threads: directory, identity and single-sign-on tools, network devices, database servers and
clients, virtualisation and storage hosts, monitoring agents, local AI image and ML experiment
tools, web app servers and process managers) under 1.52.0; ``108`` to ``110`` (threads: host
security tools, remote IDEs and cloud development environments, Windows installers and package
managers) under 1.57.0; ``111`` to ``116`` (threads: robotics and drone software, geospatial
tools, bioinformatics pipelines, TeX and document tools, trading bots and crypto nodes,
printing, scanning, audio and Bluetooth stacks) and ``117`` to ``120`` (threads: game servers,
telephony and VoIP, SMTP clients' debug transcripts, browser test automation) under 1.63.0;
``121`` to ``123`` (threads: home-automation device stacks, package registries' login and
publish runs, self-hosted git services) under 1.69.0; ``184`` (threads: scientific imaging and
lab instrument software), ``185`` (threads: Linux desktop sessions and compositors), ``186``
(threads: JVM application servers and JVM diagnostics), ``187`` (threads: note-taking, reading
and flashcard apps) and ``188`` (threads: penetration-testing and network-scanning tools) under
1.159.0 (``all``, the default, is every collection).
``--show NAME`` prints one document before and after, ``--misses`` lists each miss and damage
of the parts printed. Not collected by pytest.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path

import regex
from ruamel.yaml import YAML

ROOT = Path(__file__).resolve().parents[2]
sys.path.insert(0, str(ROOT))

from intake.scrub import Scrubber, get_scrubber  # noqa: E402
from intake.scrub.files import scan_paths, scrub_file_text  # noqa: E402
from intake.scrub.fixtures import FixtureMap  # noqa: E402
from tests.outside_corpus.real_threads import RealDocument, documents  # noqa: E402

CLASSES = ("user (path)", "user (elsewhere)", "email", "secret")


@dataclass
class Score:
    found: Counter[str] = field(default_factory=Counter)
    total: Counter[str] = field(default_factory=Counter)
    missed: list[str] = field(default_factory=list)
    damage: list[str] = field(default_factory=list)
    keeps: int = 0
    tails: int = 0
    tails_kept: int = 0
    docs: int = 0
    clean_docs: int = 0
    clean_touched: list[str] = field(default_factory=list)
    structured: int = 0
    parses: int = 0
    not_idempotent: list[str] = field(default_factory=list)
    check_findings: list[str] = field(default_factory=list)
    clashes: list[str] = field(default_factory=list)


def label_class(doc: RealDocument, cls: str, start: int) -> str:
    if cls != "user":
        return cls
    return "user (path)" if start and doc.doc.text[start - 1] in "/\\" else "user (elsewhere)"


def left(value: str, out: str, cls: str) -> bool:
    """Whether an occurrence of the labelled value is left in the output."""
    if cls.startswith("user"):
        return regex.search(r"(?<![\p{L}\p{N}])" + regex.escape(value), out, regex.I) is not None
    return value in out


def parses(suffix: str, text: str) -> bool:
    try:
        if suffix == ".json":
            json.loads(text)
        else:
            YAML(typ="safe").load(text)
    except Exception:  # noqa: BLE001 - any parse failure counts
        return False
    return True


def scrub(engine: Scrubber, doc: RealDocument, text: str, folder: Path) -> str:
    return scrub_file_text(folder / f"doc{doc.suffix}", text, scrubber=engine).text


def score_document(
    engine: Scrubber, doc: RealDocument, score: Score, folder: Path, *, final: bool = True
) -> str:
    """Score one document's first pass (what was found, kept and parsed) into ``score``; with
    ``final`` also whether that pass is final: a rescrub changes nothing, ``scrub --check`` on
    the output finds nothing, no two originals share a fixture (three more passes)."""
    d = doc.doc
    out = scrub(engine, doc, d.text, folder)
    score.docs += 1
    for lb in d.private:
        cls = label_class(doc, lb.cls, lb.start)
        score.total[cls] += 1
        if left(lb.value, out, cls):
            score.missed.append(f"{d.name}: {cls} {lb.value!r}")
        else:
            score.found[cls] += 1
    user_ends = {lb.end for lb in d.labels if lb.cls == "user"}
    for lb in d.labels:
        if lb.cls != "keep":
            continue
        score.keeps += 1
        kept = out.count(lb.value) >= d.text.count(lb.value)
        if not kept:
            score.damage.append(f"{d.name}: {lb.value!r}")
        if lb.start in user_ends and lb.value[:1] in "/\\":
            score.tails += 1
            score.tails_kept += kept
    if not d.private:
        score.clean_docs += 1
        if out != d.text:
            score.clean_touched.append(d.name)
    if doc.suffix in (".json", ".yaml"):
        score.structured += 1
        score.parses += parses(doc.suffix, out)
    if final:
        final_pass(engine, doc, out, score, folder)
    return out


def final_pass(engine: Scrubber, doc: RealDocument, out: str, score: Score, folder: Path) -> None:
    """Whether scrubbing ``doc`` into ``out`` was final (``score_document``'s ``final``)."""
    d = doc.doc
    if scrub(engine, doc, out, folder) != out:
        score.not_idempotent.append(d.name)
    path = folder / f"check{doc.suffix}"
    path.write_text(out, encoding="utf-8", newline="")
    found = scan_paths([path], scrubber=engine)
    if found:
        score.check_findings.append(f"{d.name}: {len(found)}")
    mapping = FixtureMap()
    mapping.reserve([d.text])
    engine.scrub_text(d.text, mapping=mapping)
    by_fixture: dict[str, str] = {}
    for original in mapping.originals():
        fixture = mapping.get(original, lambda m: "")
        if by_fixture.setdefault(fixture, original) != original:
            score.clashes.append(d.name)
            break


def run(engine: Scrubber, part: str, batch: int | None = None) -> Score:
    score = Score()
    with tempfile.TemporaryDirectory() as tmp:
        for doc in documents(batch):
            if (part == "held-out") == doc.held_out:
                score_document(engine, doc, score, Path(tmp))
    return score


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--part", choices=("tune", "held-out", "all"), default="all")
    ap.add_argument("--show", default=None)
    ap.add_argument("--misses", action="store_true")
    ap.add_argument(
        "--batch",
        choices=(
            "40",
            "42",
            "43",
            "44",
            "45",
            "46",
            "47",
            "48",
            "49",
            "50",
            "51",
            "52",
            "53",
            "54",
            "55",
            "56",
            "57",
            "58",
            "59",
            "60",
            "61",
            "62",
            "63",
            "64",
            "65",
            "66",
            "67",
            "68",
            "69",
            "70",
            "71",
            "72",
            "73",
            "74",
            "75",
            "76",
            "77",
            "78",
            "79",
            "80",
            "81",
            "82",
            "83",
            "84",
            "85",
            "86",
            "87",
            "88",
            "89",
            "90",
            "91",
            "92",
            "93",
            "94",
            "95",
            "96",
            "97",
            "98",
            "99",
            "100",
            "101",
            "102",
            "103",
            "104",
            "105",
            "106",
            "107",
            "108",
            "109",
            "110",
            "111",
            "112",
            "113",
            "114",
            "115",
            "116",
            "117",
            "118",
            "119",
            "120",
            "121",
            "122",
            "123",
            "124",
            "125",
            "126",
            "127",
            "128",
            "129",
            "130",
            "131",
            "132",
            "133",
            "134",
            "135",
            "136",
            "137",
            "138",
            "139",
            "140",
            "141",
            "142",
            "143",
            "144",
            "145",
            "146",
            "147",
            "148",
            "149",
            "150",
            "151",
            "152",
            "153",
            "154",
            "155",
            "156",
            "157",
            "158",
            "159",
            "160",
            "161",
            "162",
            "163",
            "164",
            "165",
            "166",
            "167",
            "168",
            "169",
            "170",
            "171",
            "172",
            "173",
            "174",
            "175",
            "176",
            "177",
            "178",
            "179",
            "180",
            "181",
            "182",
            "183",
            "184",
            "185",
            "186",
            "187",
            "188",
            "all",
        ),
        default="all",
        help="the collection: 40 (stop 40's), 42, 43 or 44 (collected at that stop, after the"
        " rules before it)",
    )
    args = ap.parse_args(argv)
    batch = None if args.batch == "all" else int(args.batch)
    engine = get_scrubber()
    if args.show:
        doc = next(d for d in documents() if d.doc.name == args.show)
        with tempfile.TemporaryDirectory() as tmp:
            print(doc.doc.text, "---", scrub(engine, doc, doc.doc.text, Path(tmp)), sep="\n")
        return 0
    parts = ("tune", "held-out") if args.part == "all" else (args.part,)
    scores = {part: run(engine, part, batch) for part in parts}
    print("| part | " + " | ".join(CLASSES) + " | damage (keep spans) | library tails kept |")
    print("| --- " * (len(CLASSES) + 3) + "|")
    for part, s in scores.items():
        cells = [f"{s.found[c]}/{s.total[c]}" for c in CLASSES]
        print(
            f"| {part} | " + " | ".join(cells) + f" | {len(s.damage)} of {s.keeps}"
            f" | {s.tails_kept}/{s.tails} |"
        )
    print()
    print(
        "| part | documents | clean touched | JSON/YAML parse | not idempotent"
        " | --check findings on output | clashes |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for part, s in scores.items():
        print(
            f"| {part} | {s.docs} | {len(s.clean_touched)} of {s.clean_docs}"
            f" | {s.parses}/{s.structured} | {len(s.not_idempotent)}"
            f" | {len(s.check_findings)} | {len(s.clashes)} |"
        )
    if args.misses:
        for part, s in scores.items():
            for kind, items in (
                ("missed", s.missed),
                ("damaged", s.damage),
                ("clean touched", s.clean_touched),
                ("not idempotent", s.not_idempotent),
                ("--check finds", s.check_findings),
                ("clash", s.clashes),
            ):
                for item in items:
                    print(f"{kind} ({part}): {item}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""The gate judges the commit, not a working tree the commit shapes (docs/trust.md).

A checkout is a projection of the commit that the commit itself controls: ``.gitattributes``
can expand ``$Id$`` (``ident``), run a ``filter``, re-encode (``working-tree-encoding``) or
convert line ends (``eol``) on the way out, and a folder committed as a symbolic link puts
other files where the suite's lie. With a base known (the gate), ``commit_problems`` lists:

* each suite folder (scenarios, drafts, history, retired, the baseline's), or a folder above
  one, that is a link in the commit or in the working tree, and every other link the commit
  holds below them (a linked scenario, draft or record is the ``links`` check's);
* each suite file on which the commit's own ``.gitattributes`` set a transforming attribute
  (read through a temporary index of the commit, never the working tree's);
* each file of the commit under any ``.intake/`` folder (journals, keys and the ledger are
  the machine's own: a committed ``drafts/.intake/scrub-salt`` is refused, never read);
* each suite file whose working-tree bytes differ from the commit's blob (line ends aside)
  where git reports no local edit of it, and, in CI, any such difference at all: what is read
  is then exactly what is committed, and "written here" exists only outside CI, where git's
  own status says the path was edited on this machine.
"""

from __future__ import annotations

from pathlib import Path

from intake.check.result import Finding
from intake.config import Settings
from intake.gitutil import (
    LINK_MODE,
    linked_folders,
    local_edits,
    transforming_attributes,
    tree_entries,
    worktree_ids,
)
from intake.lifecycle.authority import Base
from intake.paths import repo_path
from intake.store.records import RECORD_SUFFIX
from intake.userconfig import Environ


def suite_folders(settings: Settings) -> list[Path]:
    """Every folder the gate reads suite files from."""
    from intake.store.trust import history_dir

    return [
        settings.scenarios,
        settings.drafts,
        history_dir(settings),
        settings.retired,
        settings.path(settings.baseline_path).parent,
    ]


def _covered(rel: str) -> bool:
    """A linked scenario, draft or record: reported by the ``links`` check already."""
    return rel.endswith((".yaml", RECORD_SUFFIX))


def commit_problems(settings: Settings, base: Base | None) -> list[Finding]:
    """How the working tree fails to be the commit judged (none without a base): errors, each
    at line 1 of its file (top-relative)."""
    if base is None:
        return []
    top = base.top
    folders = [
        r
        for r in dict.fromkeys(repo_path(top, f, contained=False) for f in suite_folders(settings))
        if r is not None and r not in ("", ".")
    ]
    linked = set(linked_folders(top, "HEAD", folders))
    for folder in folders:
        parts = folder.split("/")
        for i in range(len(parts)):
            prefix = "/".join(parts[: i + 1])
            if (top / prefix).is_symlink():
                linked.add(prefix)
    found = [Finding.about(rel, "linked-folder") for rel in sorted(linked)]
    entries = tree_entries(top, "HEAD", [f + "/" for f in folders])
    baseline = repo_path(top, settings.path(settings.baseline_path), contained=False)
    if baseline is not None:
        entries.update(tree_entries(top, "HEAD", [baseline], recursive=False))
    found += [
        Finding.about(rel, "linked-file")
        for rel, (mode, _) in sorted(entries.items())
        if mode == LINK_MODE and not _covered(rel)
    ]
    found += [Finding.about(rel, "tracked-intake-file") for rel in _under_intake(top)]
    blobs = {rel: sha for rel, (mode, sha) in entries.items() if mode != LINK_MODE}
    for rel, attributes in sorted(transforming_attributes(top, "HEAD", sorted(blobs)).items()):
        found.append(
            Finding(
                rel,
                1,
                "transforming-attribute",
                f"the commit's .gitattributes set {', '.join(attributes)} on a suite file: the "
                "checkout would not be what is committed; remove the attribute for suite paths",
            )
        )
    found += _drift(top, blobs, base, ci=Environ.of().in_ci)
    return found


def _under_intake(top: Path) -> list[str]:
    """Every file of the commit under a folder named ``.intake``, at any depth."""
    names = tree_entries(top, "HEAD", ["."], timeout=120)
    return sorted(n for n in names if n.startswith(".intake/") or "/.intake/" in n)


def _drift(top: Path, blobs: dict[str, str], base: Base, *, ci: bool) -> list[Finding]:
    """Suite files whose working-tree bytes are not the committed blob's."""
    now = worktree_ids(top, sorted(blobs))
    differ = [rel for rel, sha in blobs.items() if rel in now and now[rel] != sha]
    if not differ:
        return []
    edited = local_edits(top) or set()
    out = []
    for rel in sorted(differ):
        if not ci and (rel in edited or any(rel.startswith(e) for e in edited if e.endswith("/"))):
            continue  # edited on this machine: git says so
        committed = base.blobs.read("HEAD", rel)
        try:
            held = (top / rel).read_bytes()
        except OSError:
            held = None
        if (
            committed is not None
            and held is not None
            and (committed.replace(b"\r\n", b"\n") == held.replace(b"\r\n", b"\n"))
        ):
            continue  # line ends only (core.autocrlf on Windows): the same document
        why = (
            "in CI the checkout must be the commit"
            if ci
            else "git reports no edit of it (an attribute, filter or hook transformed it)"
        )
        out.append(
            Finding(
                rel,
                1,
                "not-the-commit",
                f"the working tree's bytes differ from the commit's and {why}: the gate judges "
                "what is committed; check out the commit afresh",
            )
        )
    return out

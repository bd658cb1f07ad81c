# ruff: noqa: E501  (stack frames and logs are kept whole, as they are written)
"""Gecko (SpiderMonkey) JavaScript stack frames read as ``user@host`` (stop 62, scrubber 1.164.0;
batch 187's tune change, issue 35).

Firefox, Thunderbird, Zotero and every other Gecko application print a JS error's ``stack`` one
frame a line as ``<function>@<script URL>:<line>:<column>`` (MDN, ``Error.prototype.stack``:
"each line starting with the function name (if it's not a call from the global scope), then by
the ``@`` symbol, the file location […], a colon, and […] the line number" and, since Firefox 30,
the column: ``trace@file:///C:/example.html:9:17``; a global frame begins with ``@``; an eval'd
script's URL ends ``… line <n> > eval``). The script URL is a URL with a scheme: ``chrome://``,
``resource://``, ``moz-extension://``, ``file://``, ``jar:file://``, ``http(s)://``. The
``prompt`` rule of ``user_names.yaml`` read ``load@chrome://…`` as Debian's ``\\u@\\h:\\w``, a
login ``load`` at the host ``chrome`` in the folder ``//…``, learned it and replaced the word
wherever the text had it (``FileStore.load cache.json`` -> ``FileStore.user1 cache.json``).

``NOBODY`` is the harm hunt: frames whose function name is a word, an identifier or nothing,
at every scheme, and the debug lines beside them, which must stay byte for byte. ``GO``: real
logins in the same texts (a prompt above the frames, a home inside a frame's ``file://`` URL, a
``user@host`` prompt, an ``ssh://user@host`` URL) which must still go, with the frame's function
name kept.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

ZOTERO = (
    "(3)(+0000283): {better-bibtex} FileStore.loadDatabase: loading cache\n\n"
    "(3)(+0000000): {better-bibtex} FileStore.load cache.json\n\n"
    "(1)(+0000002): Error: Data directory not initialized get\n"
    "dir@chrome://zotero/content/xpcom/dataDirectory.js:33:10\n"
    'Zotero.BetterBibTeX<["./create-file.ts"]/module.exports@chrome://zotero-better-bibtex/content/BetterBibTeX.js:2377:11\n'
    "load@chrome://zotero-better-bibtex/content/BetterBibTeX.js:2521:20\n"
    "loadDatabase@chrome://zotero-better-bibtex/content/BetterBibTeX.js:2551:18\n"
)

NOBODY = [
    # the batch's shape: Better BibTeX's debug log, a word frame learned as a login before
    ZOTERO,
    # one word frames at each scheme Gecko prints (MDN; Firefox's own chrome and resource
    # modules, a WebExtension's moz-extension:// page, omni.ja's jar:file://, a web page)
    "init@chrome://zotero/content/xpcom/zotero.js:512:3\n",
    "get@chrome://zotero/content/xpcom/dataDirectory.js:33:10\n",
    "trace@file:///C:/example.html:9:17\nb@file:///C:/example.html:16:13\na@file:///C:/example.html:19:13\n@file:///C:/example.html:21:9\n",
    "notify@resource://gre/modules/AsyncShutdown.jsm:123:5\n",
    "setup@resource://devtools/server/main.js:77:1\n",
    "_initDB@resource://zotero/db.js:88:12\n",
    "onload@moz-extension://5f4b2c1e-9a6d-4b0e-8a51-2c3d4e5f6a7b/background.js:42:7\n",
    "handle@jar:file:///usr/lib/firefox/omni.ja!/components/nsBrowserGlue.js:88:9\n",
    "render@https://example.com/static/app.min.js:1:48213\n",
    "start@http://localhost:8080/main.js:12:5\n",
    # Firefox 14-29 (no column), an eval'd script's frames, async and generator frames
    "trace@file:///C:/example.html:9\n",
    "baz@http://localhost:8080/file.js line 26 > eval line 2 > eval:1:30\n",
    "run@chrome://browser/content/browser.js line 412 > Function:3:7\n",
    "async*load@chrome://zotero/content/xpcom/schema.js:140:9\n",
    "sync@resource://services-sync/engines.js:1023:13\nasync*_sync@resource://services-sync/stages/enginesync.js:211:13\n",
    # identifier frames and anonymous ones (kept before this rule too)
    "loadDatabase@chrome://zotero-better-bibtex/content/BetterBibTeX.js:2551:18\n",
    "Loki.prototype.loadDatabaseInternal@chrome://zotero-better-bibtex/content/common.js:24883:9\n",
    "PatternFormatter<@chrome://zotero-better-bibtex/content/better-bibtex.js:261549:24\n",
    "@chrome://zotero-better-bibtex/content/better-bibtex.js:3:1\n",
    # the frames with the lines a debug log prints around them
    "JavaScript error: chrome://zotero/content/xpcom/zotero.js, line 512: TypeError: x is undefined\ninit@chrome://zotero/content/xpcom/zotero.js:512:3\ninit is called once per window\n",
    "(1)(+0000002): Error: Data directory not initialized\nload@chrome://zotero/content/xpcom/schema.js:88:1\n(3)(+0000001): Zotero.Schema.load: retrying\n",
    'console.error: (new Error("boom", "resource://gre/modules/Foo.jsm", 12))\nstart@resource://gre/modules/Foo.jsm:12:3\nthe start script failed\n',
    # a frame URL in one line (JSON, a Stack: line): no prompt reads them
    '{"message":"boom","stack":"init@chrome://zotero/content/xpcom/zotero.js:512:3\\nload@chrome://zotero/content/a.js:88:1\\n"}\n',
    "Stack: init@chrome://zotero/content/xpcom/zotero.js:512:3 load@chrome://zotero/content/a.js:1:1\n",
    # prompts and URLs naming a default account beside frames
    "root@localhost:~# firefox --headless\ninit@chrome://browser/content/browser.js:512:3\n",
    "ssh://git@github.com/mozilla/gecko-dev.git\n",
]

GO = [
    # (text, the login that must go, context that must stay)
    (
        "kvorlund@devbox:~$ zotero -ZoteroDebugText\ninit@chrome://zotero/content/xpcom/zotero.js:512:3\n",
        "kvorlund",
        "init@chrome://zotero/content/xpcom/zotero.js:512:3",
    ),
    (
        "trace@file:///home/kvorlund/example.html:9:17\nb@file:///home/kvorlund/example.html:16:13\n",
        "kvorlund",
        "trace@file:///home/",
    ),
    (
        "load@file:///Users/tmerrow/Library/Application%20Support/Zotero/Profiles/a1b2.default/extensions/bbt.xpi!/content/x.js:12:3\n",
        "tmerrow",
        "load@file:///Users/",
    ),
    (
        "handle@jar:file:///C:/Users/kvorlund/AppData/Roaming/Mozilla/Firefox/Profiles/x.default/extensions/a.xpi!/b.js:88:9\n",
        "kvorlund",
        "handle@jar:file:///C:/Users/",
    ),
    ("kvorlund@devbox:~$ ls\n", "kvorlund", "@devbox:~$ ls"),
    ("kvorlund@chrome:/srv/app$ ls\n", "kvorlund", "@chrome:/srv/app$ ls"),
    ("[kvorlund@file ~]$ ls\n", "kvorlund", "@file ~]$ ls"),
    (
        "git clone ssh://kvorlund@devbox.example.org:2222/srv/git/app.git\n",
        "kvorlund",
        "@devbox.example.org:2222",
    ),
]


@pytest.mark.parametrize("text", NOBODY)
def test_gecko_frames_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "login", "kept"), GO)
def test_a_login_beside_gecko_frames_goes(
    engine: Scrubber, text: str, login: str, kept: str
) -> None:
    gone_and_kept(engine, text, login, kept)


def test_a_prompt_login_learned_goes_elsewhere_but_the_frame_word_stays(engine: Scrubber) -> None:
    out = gone_and_kept(
        engine,
        "kvorlund@devbox:~$ zotero\n" + ZOTERO + "kvorlund's profile\n",
        "kvorlund",
        ("FileStore.load cache.json", "\nload@chrome://", "\ndir@chrome://"),
    )
    assert "'s profile" in out

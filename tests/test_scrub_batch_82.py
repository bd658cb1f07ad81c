"""Batch 82 of the real-threads corpus (stop 51): its tune part held to what was measured, and
texts of the shapes of its tune misses and damage that name nobody, kept as they are.

Batch 82 (``tests/outside_corpus/real_threads.py``, ``_RAW_STOP82``) is a collection of threads
of VPN and remote-access clients' logs as people paste them (``wg-quick``, ``tailscale status``,
openconnect, ``gpclient``, openfortivpn, Pritunl, OpenVPN GUI, ProtonVPN, FreeRDP). It was scored
blind under scrubber 1.35.0 (``docs/benchmarks.md``, "Stop 51, batch 82, blind") and no rule was
changed for it. Its tune part's misses and damage (``tests/outside_corpus/SOURCE.md``, "The
stop-82 collection") are four classes:

* a login as the owner column of ``tailscale status``, cut at its ``@`` (``100.77.140.60
  <machine>  <login>@  macOS  -``): no address follows the ``@``, so no e-mail or login rule reads
  it (1 label);
* a person's full name in capitals as openfortivpn's ``DEBUG:  Config username = "<FIRST SECOND
  THIRD FOURTH>"`` (1 label); the login at the prompt above it is found, the name is not;
* as damage, an upper-case placeholder at openconnect's ``Username:`` prompt
  (``Username: VPN_USERNAME``) learned as a login, so it becomes ``user1`` there and in the
  form body's ``user=VPN_USERNAME`` (2 spans; a clean document changes);
* as damage, a masked public key under ``"PublicKey"`` in ``tailscale status --json``
  (``L+V9o0fNYkMVKNxxxxxxSvxM/C7ZCZX1jLO3Q=``, an ``x`` run inside base64) replaced as a
  credential (a fixture ``FAKE0…``), so the ``xxxxxx`` inside it is gone too (2 spans by the
  bench's occurrence count; a clean document changes).

A rule for each would have to keep the texts below, the same shapes naming nobody (1.35.0 keeps
every one). Not among them, as 1.35.0 changes them (more of the same harms, not kept here):
``Username: VPN_USERNAME`` and ``Username: USER_NAME`` alone, and WireGuard's and Tailscale's
public keys in full (``PublicKey = <44 base64 characters>``, also commented out), which are
public by design.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import CLASSES, scrubbed, tune_score

SAME_SHAPES_THAT_NAME_NOBODY = [
    # tailscale status lines whose owner column names nobody
    "100.108.1.2  machinename  tagged-devices  linux  offline\n",
    "100.77.140.60  laptop1  userid:51197  macOS  -\n",
    "100.64.0.1  myhost  user@  linux  -\n",
    "100.64.0.2  myhost  username@  linux  -\n",
    "100.64.0.3  server1  ubuntu@  linux  active; direct 192.168.1.10:41641\n",
    "100.64.0.4  gateway  root@  linux  idle, tx 1234 rx 5678\n",
    "100.64.0.5  nas  -  linux  offline\n",
    '                ("tsdev")            -            linux   -\n',
    "# Health check:\n#     - Tailscale can't reach the configured DNS servers.\n",
    "Logged out.\nLog in at: https://login.tailscale.com/a/xxxxxx\n",
    # openfortivpn's config lines with placeholder, empty and masked values
    'DEBUG:  Config username = "USER"\n',
    'DEBUG:  Config username = "notused"\n',
    'DEBUG:  Config username = "someone"\n',
    'DEBUG:  Config username = ""\n',
    'DEBUG:  Config username = "username"\n',
    'DEBUG:  Config username = "<username>"\n',
    'DEBUG:  Config username = "John Doe"\n',
    'DEBUG:  Config username = "JOHN DOE"\n',
    'DEBUG:  Config realm = ""\n',
    'DEBUG:  Config host = "vpn.example.com"\n',
    'DEBUG:  Config password = "********"\n',
    # placeholders at a Username: prompt and in a GlobalProtect login form
    "Username: USERNAME\n",
    "Username: <username>\n",
    "Username: your_username\n",
    "Username: VPN_USER\n",
    "Username: MY_USERNAME\n",
    "Username: YOUR_USERNAME\nuser=YOUR_USERNAME\n",
    "Username: $VPN_USER\n",
    "Username: \nPassword: \n",
    "> jnlpReady=jnlpReady&ok=Login&direct=yes&server=VPN_SERVER_HOSTNAME"
    "&computer=MY_LOCAL_HOSTNAME&user=VPN_USERNAME&passwd=VPN_PASSWORD\n",
    "Set-Cookie: PHPSESSID=SESSION_ID; secure; HttpOnly\n",
    # masked, empty and placeholder public keys
    '  "PublicKey": "",\n',
    '  "PublicKey": "[REDACTED]",\n',
    '  "PublicKey": "<public key>",\n',
    '  "PublicKey": "****",\n',
    '    "PublicKey": "nodekey:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx",\n',
    "PublicKey = xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx=\n",
    "PublicKey = <your public key here>\n",
    '  "AuthURL": "https://login.tailscale.com/a/xxxxxx",\n',
]


@pytest.mark.parametrize("text", SAME_SHAPES_THAT_NAME_NOBODY)
def test_texts_of_the_tune_misses_shapes_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


def test_batch_82_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 82's tune part: under scrubber 1.35.0, blind, paths 2/2, elsewhere 5/7, no e-mail,
    secrets 1/1, 4 of 31 keep spans damaged, 2/2 library tails, 2 of 7 clean changed, no JSON or
    YAML; since 1.37.0 (stop 51) elsewhere 7/7, none damaged, no clean document changed."""
    score = tune_score(engine, 82, tmp_path)
    assert score.docs == 14
    assert [score.total[c] for c in CLASSES] == [2, 7, 0, 1]
    # elsewhere 5/7 under 1.35.0; since 1.37.0 (stop 51) 7/7: tailscale status's owner column
    # cut at its @ (tailscale_status_owner) and a full name in capitals as openfortivpn's Config
    # username (openfortivpn_config_username) are found
    assert [score.found[c] for c in CLASSES] == [2, 7, 0, 1]
    assert score.missed == []
    assert score.keeps == 31
    # damage fixed by 1.37.0 (stop 51; tests/test_scrub_vpn_keys_and_owner_columns.py): the
    # masked public key under "PublicKey" (wireguard_public_key) and the upper-case placeholder
    # VPN_USERNAME at a Username: prompt (placeholder_name) stay, so no clean document changes;
    # under 1.35.0 these were 4 damaged spans and 2 clean documents changed
    assert score.damage == []
    assert score.clean_touched == []
    assert score.clean_docs == 7
    assert score.tails_kept == score.tails == 2
    assert score.parses == score.structured == 0
    assert score.not_idempotent == [] and score.check_findings == [] and score.clashes == []

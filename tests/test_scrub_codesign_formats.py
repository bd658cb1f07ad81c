# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""macOS code signing and notarization output (stop 61, scrubber 1.146.0; issue 35).

The misses and damage of batch 178's tune part (``tests/outside_corpus/SOURCE.md``, "The
stop-178 collection"), each fixed by a rule read from the tools' documented formats:

* ``codesign_identity_name`` (``scrubbers/user_names.yaml``): a person's name as an Apple
  code-signing identity's common name, ``<type>: <First Last> (<Team ID>)`` (Apple's
  certificate types ``Developer ID Application``, ``Developer ID Installer``, ``Apple
  Development``, ``Apple Distribution``, ``Mac Developer``, ``iPhone Developer``, …) wherever a
  tool prints it: ``security find-identity``, electron-builder's ``allIdentities=``,
  ``codesign -dvvv``'s ``Authority=``, ``spctl``'s ``origin=``, ``pkgutil --check-signature``,
  ``codesign -s`` and the ``signingIdentity``/``identity``/``CSC_NAME`` settings. A company's
  (a legal suffix or an organisation's word in it, a comma, a dot, a digit) or a placeholder's
  name stays; the learned name also takes the self-signed identity named by the same person's
  address (``"<first.last>@mycompany.com"``), the e-mail class of the batch;
* ``altool_credential_reference`` (``scrubbers/allow.yaml``): altool's ``@keychain:<item>`` and
  ``@env:<VAR>`` password references stay;
* ``hyphen_split_withheld_word``: a poster's mask ``re-da-ct-ed`` stays;
* ``developer_role_address``: an organisation's developer-account address
  (``developer@<org>.org``) stays;
* ``mac_host`` no longer reads the CI servers ``Jenkins``/``Travis`` as ``<First>s-<Mac>``.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was kept: texts of
the same shape that name nobody (or hold only public material), which must stay as they are;
``STILL_GO`` holds the private values beside them, each gone from the whole text.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import scrubbed

IDENTITY_NOBODY = [
    '  1) 3F60B8D9578EAEF1E13A7EEC1394D4CE34139555 "Developer ID Application: App Inc (FR57J8KL90)"\n',
    "Authority=Developer ID Application: Google LLC (EQHXZ8M8AV)\nAuthority=Developer ID Certification Authority\nAuthority=Apple Root CA\n",
    "origin=Developer ID Application: Brave Software, Inc. (KL8N8XSYF4)\n",
    "    1. Developer ID Installer: Microsoft Corporation (UBF8T346G9)\n",
    '  2) FAC6726A0A4AFC4C06D46A46834279BB3EB25844 "3rd Party Mac Developer Installer: Foo.io Inc (EHV7XZLAHA)"\n',
    '  1) 68307094FC5A34F9222D288F9ECAA8303C6B037E "Mac Developer: Acme Corp (F7GHKUXZFV)"\n',
    '  1) 9329179B548A4FBC4AD392E11AD7C0F41DB1DE9D "Apple Distribution: Silicon Laboratories Inc (52444FG85C)" (CSSMERR_TP_CERT_EXPIRED)\n',
    '"signingIdentity": "Developer ID Application: Nano 3 Labs Ltd (HN6T5KD4ND)",\n',
    '"signingIdentity": "Developer ID Application: Company Name (TEAMID)",\n',
    " Common Name     : Developer ID Application: UserName (TeamId)\n",
    '1) "Developer ID Application: Name (ID)"\n2) "Apple Development: Name (ID)"\n',
    "Developer ID Application: Your Name (XXXXXXXXXX)\n",
    "Developer ID Application: John Doe (ABCDE12345)\n",
    "Developer ID Application: First Last (TEAMID)\n",
    "Developer ID Application: Firstname Lastname (TEAMID)\n",
    "Developer ID Application: Your Company (TEAMID)\n",
    "productsign: error: Could not find appropriate signing identity for “Developer ID Installer: University of Gothenburg”.\n",
    'codesign --force -s "Developer ID Application: Mozilla Corporation (43AQ936H96)" --options runtime Firefox.app\n',
    "Authority=Developer ID Application: Zoom Video Communications, Inc. (BJ4HAAB9B3)\n",
    "Authority=Developer ID Application: Docker Inc (9BNSXJN65R)\n",
    "Authority=Developer ID Application: Spotify (2FNC3A47ZF)\n",
    "Authority=Developer ID Application: Signal Messenger, LLC (U68MSDN6DR)\n",
    "Authority=Developer ID Application: Valve Corporation (MXGJJ98X76)\n",
    "Authority=Developer ID Application: Slack Technologies, Inc. (BQR82RBBHL)\n",
    "Authority=Developer ID Application: Electron Community (ABCDE12345)\n",
    "Authority=Developer ID Application: Brave Browser (KL8N8XSYF4)\n",
    "Authority=Developer ID Application: The Document Foundation (7P5S3ZLCN7)\n",
    "Authority=Developer ID Application: Open Whisper Systems (U68MSDN6DR)\n",
    "Authority=Developer ID Application: Mullvad VPN AB (CKG9MXH72F)\n",
    "Authority=Developer ID Application: Python Software Foundation (BMM5U3QVKW)\n",
    "Authority=Developer ID Application: Sublime Hq Pty Ltd (Z6D26JE4Y4)\n",
    "Authority=Apple Mac OS Application Signing\nAuthority=Apple Worldwide Developer Relations Certification Authority\n",
    "Authority=Apple Development: Created via API (ABCDE12345)\n",
    '"identity": "Developer ID Application: Example Corp (ABCDE12345)"\n',
    "identityName=Developer ID Application: <snip> identityHash=<snip> provisioningProfile=none\n",
    '"signingIdentity": null,\n',
    '  1) 15437472F847556CAE0A699CDA57EAF3CCB1A929 "firstname.lastname@mycompany.com" (CSSMERR_TP_NOT_TRUSTED)\n',
    '  1) 15437472F847556CAE0A699CDA57EAF3CCB1A929 "john.doe@mycompany.com" (CSSMERR_TP_NOT_TRUSTED)\n',
    '  1) 9XXXXX304D7307XXXX981678FAXXXX50AA5XXX08 "iPhone Developer: johndoe@example.com (T5X7XXXXMX)"\n',
]

NOTARIZATION_NOBODY = [
    '"--apple-id" "redacted" "--password" "re-da-ct-ed" "--team-id" "REDACTED"\n',
    '"--password" "red-act-ed"\n',
    '"--password" "r-e-m-o-v-e-d"\n',
    'xcrun altool --notarize-app --primary-bundle-id "com.x.app" --username "AC_USERNAME" --password "@keychain:AC_PASSWORD" --asc-provider ProviderShortname\n',
    'xcrun altool --notarize-app -u "AC_USERNAME" -p "@env:AC_PASSWORD" -f app.zip\n',
    'xcrun altool --validate-app -f app.ipa -u "$APPLE_ID" -p "@keychain:altool"\n',
    "password: '@keychain:Application Loader: dev@example.com'\n",
    "Error: Failed to get authorization for username 'developer@alephium.org' and password.\n",
    "altool: Failed to get authorization for username 'apps@acme-games.io' and password.\n",
    "xcrun altool --upload-app -f App.ipa -u ios@studio.example.net -p @env:ASC_PASS\n",
    "/Users/builder/PAServer/scratch-dir/Jenkins-MacMini/Boxoffice.app\n",
    "Jenkins-Mac-mini:~ jenkins$ ls\n",
    "Travis-MacBook-Pro:~ travis$ ls\n",
]

STILL_GO = [
    (
        '    2) 3F60B8D9578EAEF1E13A7EEC1394D4CE34139555 "Developer ID Application: Dennis Hartley (FR57J8KL90)"\n',
        "Hartley",
    ),
    (
        '    3) 68307094FC5A34F9222D288F9ECAA8303C6B037E "Mac Developer: Dennis Hartley (F7GHKUXZFV)"\n',
        "Dennis",
    ),
    (
        '    1) 15437472F847556CAE0A699CDA57EAF3CCB1A929 "dennis.hartley@mycompany.com" (CSSMERR_TP_NOT_TRUSTED)\n'
        '    2) 3F60B8D9578EAEF1E13A7EEC1394D4CE34139555 "Developer ID Application: Dennis Hartley (FR57J8KL90)"\n',
        "dennis.hartley",
    ),
    (
        "    1. Developer ID Installer: Oscar Hartwell (UBF8T346G9)\n       SHA1 fingerprint: AE D0 A7\n",
        "Hartwell",
    ),
    (
        '"signingIdentity": "Developer ID Application: Ümit Can Karaoglu (HN6T5KD4ND)",\n',
        "Karaoglu",
    ),
    ("Authority=Apple Development: Jane Miller (ABCDE12345)\n", "Miller"),
    (
        '  1) 9329179B548A4FBC4AD392E11AD7C0F41DB1DE9D "Apple Distribution: Maria van Dijk (52444FG85C)"\n',
        "Dijk",
    ),
    (
        'codesign --force -s "Developer ID Application: Sam Ortega (43AQ936H96)" --options runtime X.app\n',
        "Ortega",
    ),
    ('export CSC_NAME="Developer ID Application: Sam Ortega (43AQ936H96)"\n', "Ortega"),
    ("origin=Developer ID Application: Sam Ortega (43AQ936H96)\n", "Ortega"),
    ('codesign -s "iPhone Developer: Priya Raman" App.app\n', "Raman"),
    ('"--password" "re-da-ct-ed-9f3k"\n', "re-da-ct-ed-9f3k"),
    (
        "Error: Failed to get authorization for username 'anna.kowal@alephium.org' and password.\n",
        "anna.kowal",
    ),
    (
        "Error: Failed to get authorization for username 'developer@gmail.com' and password.\n",
        "developer@gmail.com",
    ),
    ("Annas-Mac-mini:~ anna$ ls\n", "Anna"),
]


@pytest.mark.parametrize("text", IDENTITY_NOBODY + NOTARIZATION_NOBODY)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value"), STILL_GO)
def test_private_values_beside_them_still_go(engine: Scrubber, text: str, value: str) -> None:
    out = scrubbed(engine, text)
    assert value not in out, out

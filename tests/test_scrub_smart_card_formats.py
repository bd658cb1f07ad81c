# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Hardware security keys and smart cards as their tools print them (stop 59, scrubber 1.121.0;
issue 35).

The tune misses and damage of batch 166 (``tests/outside_corpus/SOURCE.md``, "The stop-166
collection"), fixed by rules for the tools' documented formats:

* ``openpgp_card_holder`` (``scrubbers/user_names.yaml``): an OpenPGP card's cardholder name,
  login data and the key's user id as ``gpg --card-status`` (and ``gpg-card list``) print them
  (GnuPG's ``g10/card-util.c``: ``Name of cardholder: ``, ``Login data .......: ``,
  ``General key info..: `` then ``print_pubkey_info``'s ``pub|sub  <algo>/<keyid> <date> <uid>``),
  and the same data objects as scdaemon's ``LEARN`` status lines (``S DISP-NAME Last<<First``,
  ``S LOGIN-DATA <login>``: ``scd/app-openpgp.c``); ``[not set]``, ``[nicht gesetzt]``,
  ``[none]``, placeholders, role accounts and ``%00`` stay;
* ``pkcs11_token_label_name`` (the same file): a PKCS#11 token label (``pkcs11-tool -L``'s
  ``token label        : …``) that reads as a person's name, two or three capitalised words
  and nothing else; a product's or a role's label stays;
* PKCS#11 URIs (RFC 7512): a path attribute (``token``, ``manufacturer``, ``model``,
  ``serial``, ``object``, ``id``, ``type``, ``slot-*``, ``library-*``) is a label, never a
  secret (``context._pkcs11_uri_label``); only the query's ``pin-value`` is a credential
  (``recognizers.yaml``'s ``pkcs11_pin_value``); ``pin-source`` names where the PIN is and
  stays; a learned name goes also after ``%20`` (a percent-encoded space);
* ``unc``'s look-behind (``scrubbers/recognizers.yaml``): a doubled backslash after a path's
  segment (``C:\\\\Users\\\\****\\\\AppData``, a Python repr of a masked home) is an escaped
  separator, not a UNC path's root.

``*_NOBODY`` are the harm hunts the rules were attacked with before they were kept: texts of
the same shapes that name nobody, which must keep what they hold.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

_CARD_HEAD = (
    "Reader ...........: Yubico YubiKey OTP FIDO CCID 00 00\n"
    "Application ID ...: D2760001240102010006055532110000\n"
    "Application type .: OpenPGP\n"
    "Version ..........: 3.4\n"
    "Manufacturer .....: Yubico\n"
    "Serial number ....: 05553211\n"
)
_CARD_TAIL = (
    "Signature PIN ....: not forced\n"
    "Key attributes ...: rsa4096 rsa4096 rsa4096\n"
    "Max. PIN lengths .: 127 127 127\n"
    "PIN retry counter : 3 0 3\n"
    "Signature counter : 0\n"
)

CARD_NOBODY = [
    _CARD_HEAD
    + "Name of cardholder: [not set]\nLanguage prefs ...: [not set]\nSalutation .......: \nURL of public key : [not set]\nLogin data .......: [not set]\n"
    + _CARD_TAIL
    + "Signature key ....: [none]\nEncryption key....: [none]\nAuthentication key: [none]\nGeneral key info..: [none]\n",
    "Name of cardholder: [nicht gesetzt]\nSprachpräferenzen: [nicht gesetzt]\nLogin data .......: [nicht gesetzt]\nGeneral key info..: [none]\n",
    _CARD_HEAD + "Name of cardholder: John Doe\nLogin data .......: [not set]\n" + _CARD_TAIL,
    "Name of cardholder: Max Mustermann\nLanguage prefs ...: de\nLogin data .......: [nicht gesetzt]\n",
    "Name of cardholder: YubiKey User\nLogin data .......: yubikey@example.com\n",
    "Name of cardholder: YubiKey User\nLogin data .......: root\n",
    "Login data .......: root\nURL of public key : https://keys.openpgp.org/vks/v1/by-fingerprint/ABCD\n",
    "Login data .......: admin\n",
    "Login data .......: user\n",
    "General key info..: pub  rsa4096/0xFF3E7D88647EBCDB 2017-10-09 YubiKey User <yubikey@example.com>\nsec>  rsa4096/0xFF3E7D88647EBCDB  created: 2017-10-09  expires: never\n                                card-no: 0006 05553211\n",
    "General key info..: sub  rsa2048/F66444E5 2015-03-19 John Doe (work) <john.doe@example.com>\n",
    "General key info..: pub  ed25519/0x1234ABCD5678EF90 2021-01-01 Debian Archive Automatic Signing Key (11/bullseye) <ftpmaster@debian.org>\n",
    "General key info..: pub  rsa4096/0x7721F63BD38B4796 2016-04-12 Release Signing Key <release@example.org>\n",
    "Name of cardholder: Test Card\nLogin data .......: test\n",
    "Name of cardholder: OpenPGP Card\n",
    "S SERIALNO D2760001240102010006055532110000\nS DISP-NAME \nS LOGIN-DATA %00\nS DISP-SEX 9\nOK\n",
    "S DISP-NAME Doe<<John\nS LOGIN-DATA %00\nOK\n",
    "S DISP-NAME Mustermann<<Max\nS LOGIN-DATA root\n",
    "The card's Login data field holds an account name (gpg --card-edit, then login).\n",
    "gpg/card> name\nCardholder's surname: \nCardholder's given name: \n",
    # the key's uid at a documentation domain (since 1.136.0)
    "General key info..: pub  rsa2048/0xC51E07B9A2F90C35 2020-01-01 Douglas Harlan <doug@example.com>\n",
]

CARD_GO = [
    (
        _CARD_HEAD
        + "Name of cardholder: Orlaith Venkov\nLanguage prefs ...: en\nSex ..............: female\nLogin data .......: ovenkov\n"
        + _CARD_TAIL,
        ["Orlaith", "Venkov", "ovenkov"],
        ["Name of cardholder: ", "Login data .......: ", "Serial number ....: 05553211"],
    ),
    (
        "Name of cardholder: Bertram Quillfeather\nLogin data .......: bquill\n",
        ["Bertram", "Quillfeather", "bquill"],
        "Login data .......: ",
    ),
    (
        "General key info..: sub  rsa2048/F66444E5 2015-03-19 Ivo K. Sandhaven (Personal) <ivo@sandhaven.net>\nsec#  rsa4096/36C8AAA9  created: 2009-05-09  expires: never\n",
        ["Ivo K. Sandhaven", "Sandhaven", "ivo@"],
        ["General key info..: sub  rsa2048/F66444E5 2015-03-19 ", "(Personal)"],
    ),
    (
        "General key info..: pub  rsa4096/0xAB12CD34EF567890 2020-02-02 Meret Oppenholm <meret.oppenholm@posteo.de>\n",
        ["Meret", "Oppenholm"],
        "General key info..: pub  rsa4096/0xAB12CD34EF567890 2020-02-02 ",
    ),
    ("Name of cardholder: Jean-Luc Marchetti\n", ["Jean-Luc", "Marchetti"], "Name of cardholder: "),
    (
        "S SERIALNO D2760001240102010006055532110000\nS LOGIN-DATA shalvorsen\nOK\n",
        "shalvorsen",
        ["S SERIALNO D2760001240102010006055532110000", "S LOGIN-DATA "],
    ),
    ("S LOGIN-DATA tkerrigan+<tkerrigan@kerrigan.cc>\n", ["tkerrigan"], "S LOGIN-DATA "),
]


@pytest.mark.parametrize("text", CARD_NOBODY)
def test_card_status_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), CARD_GO)
def test_card_status_holder_goes(
    engine: Scrubber, text: str, gone: list[str], kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)


# pkcs11-tool -L (OpenSC's src/tools/pkcs11-tool.c: "  token label        : %.32s") and the
# slot's PKCS#11 URI (RFC 7512), and the same URIs as p11tool, p11-kit and OpenSSL take them.
PKCS11_NOBODY = [
    "Slot 0 (0x0): Yubico YubiKey OTP+FIDO+CCID 00 00\n  token label        : YubiKey PIV #4942750\n  token manufacturer : Yubico (www.yubico.com)\n  token model        : YubiKey YK5\n  uri                : pkcs11:model=YubiKey%20YK5;manufacturer=Yubico%20%28www.yubico.com%29;serial=4942750;token=YubiKey%20PIV%20%234942750\n",
    "  token label        : PIV_II (PIV Card Holder pin)\n  uri                : pkcs11:model=PKCS%2315%20emulated;manufacturer=piv_II;serial=a1b2c3d4e5f60708;token=PIV_II\n",
    "  token label        : OpenPGP card (User PIN)\n  uri                : pkcs11:model=PKCS%2315%20emulated;manufacturer=OpenPGP%20project;serial=000605553211;token=OpenPGP%20card%20%28User%20PIN%29\n",
    "  token label        : SoftHSM\n  uri                : pkcs11:model=SoftHSM%20v2;manufacturer=SoftHSM%20project;serial=9a2f3e1c5b7d4e60;token=SoftHSM%20Token\n",
    "  token label        : John Doe\n",
    "  token label        : My Token\n  token manufacturer : SoftHSM project\n",
    "  token label        : Test Token\n",
    "  token label        : Smart Card\n",
    "  token label        : ePass2003\n  token label        : ECC Token\n",
    "  token label        : IDPrime MD\n  token label        : Token Label\n",
    "tang/clevis: pkcs11:token=clevis;id=%01;object=clevis-key\n",
    "pkcs11:token=zdns;object=zsk;type=private\n",
    "p11tool --list-privkeys 'pkcs11:model=SoftHSM%20v2;manufacturer=SoftHSM%20project;token=SoftHSM%20Token'\n",
    "openssl req -new -engine pkcs11 -keyform engine -key 'pkcs11:token=MyToken;object=signing-key;type=private' -out req.csr\n",
    "p11tool --login --list-all 'pkcs11:token=Foo;pin-source=file:/etc/pki/token.pin'\n",
    "pkcs11:library-manufacturer=OpenSC%20Project;library-description=OpenSC%20smartcard%20framework;slot-description=Virtual%20hotplug%20slot;slot-id=2\n",
    "label: Certificate for PIV Authentication\nsubject: CN=JOHN.DOE.A.1234567890, OU=PKI, OU=DoD, O=U.S. Government, C=US\n",
    "<token> label is shown by pkcs11-tool -L; token=<label> in a URI\n",
]

PKCS11_GO = [
    (
        "Slot 0 (0x0): SCM Microsystems Inc. SCR 335 [CCID Interface] (21120844307...\n  token label        : Ilaria Fenwick\n  token manufacturer : IC: STMicroelectronics; mask:...\n  token model        : PKCS#15 emulated\n  serial num         : 7430010015656659\n  uri                : pkcs11:model=PKCS%2315%20emulated;manufacturer=IC%3a%20STMicroelectronics%3b%20mask%3a...;serial=7430010015656659;token=Ilaria%20Fenwick\n",
        ["Ilaria", "Fenwick"],
        [
            "token label        : ",
            "serial=7430010015656659;token=",
            "token model        : PKCS#15 emulated",
        ],
    ),
    (
        "  token label        : Ottavio Brambilla\n",
        ["Ottavio", "Brambilla"],
        "token label        : ",
    ),
    (
        "p11tool --login 'pkcs11:token=Foo;object=key?pin-value=84729163'\n",
        "84729163",
        ["pkcs11:token=Foo;object=key?pin-value="],
    ),
    (
        'openssl pkeyutl -engine pkcs11 -keyform engine -inkey "pkcs11:object=SIGN%20key;type=private?module-path=/usr/lib/opensc-pkcs11.so&pin-value=Zq7t3Lm9"\n',
        "Zq7t3Lm9",
        "pkcs11:object=SIGN%20key;type=private?module-path=/usr/lib/opensc-pkcs11.so&pin-value=",
    ),
]


@pytest.mark.parametrize("text", PKCS11_NOBODY)
def test_pkcs11_naming_nobody_stays(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), PKCS11_GO)
def test_pkcs11_holder_and_pin_go(
    engine: Scrubber, text: str, gone: str | list[str], kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)


# A Windows path written with doubled (a Python repr, JSON) or quadrupled (JSON in a JSON
# string) backslashes: a doubled backslash after a path's segment is an escaped separator, not
# a UNC path's root (``\\\\server\\share``), whatever the segment ends with (a mask's ``*``, a
# ``c++`` or ``C#`` folder, ``Notepad++``).
REPR_PATH_NOBODY = [
    "PermissionError: [Errno 13] Permission denied: 'C:\\\\Users\\\\****\\\\AppData\\\\Local\\\\Temp\\\\nitrokey-app2.mbl8hnhq.log'\n",
    "PermissionError: [Errno 13] Permission denied: 'C:\\\\Users\\\\***\\\\AppData\\\\Local\\\\Temp\\\\x.log'\n",
    "PermissionError: [Errno 13] Permission denied: 'C:\\Users\\****\\AppData\\Local\\Temp\\x.log'\n",
    '{"log": "C:\\\\\\\\Users\\\\\\\\****\\\\\\\\AppData\\\\\\\\Local\\\\\\\\Temp\\\\\\\\x.log"}\n',
    "FileNotFoundError: [Errno 2] No such file or directory: 'C:\\\\Users\\\\<user>\\\\AppData\\\\Local\\\\Temp\\\\x.log'\n",
    "FileNotFoundError: [Errno 2] No such file or directory: 'C:\\\\Users\\\\USERNAME\\\\AppData\\\\Local\\\\Temp\\\\x.log'\n",
    "FileNotFoundError: [Errno 2] No such file or directory: 'C:\\\\ProgramData\\\\Nitrokey\\\\logs\\\\x.log'\n",
    "OSError: [WinError 5] Access is denied: 'D:\\\\work\\\\c++\\\\build\\\\Release\\\\app.exe'\n",
    "OSError: [WinError 2] 'C:\\\\Program Files\\\\Notepad++\\\\plugins\\\\x.dll'\n",
    "'C:\\\\src\\\\C#\\\\Projects\\\\Demo\\\\bin'\n",
    '"D:\\\\\\\\work\\\\\\\\c++\\\\\\\\build\\\\\\\\Release"\n',
    "D:\\work\\c++\\build\\Release\\app.exe\n",
]

REPR_PATH_GO = [
    (
        "PermissionError: [Errno 13] Permission denied: '\\\\\\\\corp-fs01\\\\home$\\\\jvaldric\\\\notes.txt'\n",
        ["corp-fs01", "jvaldric"],
        "PermissionError: [Errno 13] Permission denied: '",
    ),
    ("copy x.txt \\\\corp-fs01\\deploy\\x.txt\n", "corp-fs01", "copy x.txt "),
    ("--share=\\\\corp-fs01\\deploy\\x\n", "corp-fs01", "--share="),
    (
        "PermissionError: [Errno 13] Permission denied: 'C:\\\\Users\\\\jvaldric\\\\AppData\\\\Local\\\\Temp\\\\x.log'\n",
        "jvaldric",
        "\\\\AppData\\\\Local\\\\Temp\\\\x.log",
    ),
]


@pytest.mark.parametrize("text", REPR_PATH_NOBODY)
def test_escaped_path_after_a_segment_is_no_unc_path(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "gone", "kept"), REPR_PATH_GO)
def test_unc_path_still_goes(
    engine: Scrubber, text: str, gone: str | list[str], kept: str | list[str]
) -> None:
    gone_and_kept(engine, text, gone, kept, any_case=True)

"""The scrubber on what people really pasted into public threads (issue 35).

Each rule class added from the tune part of ``tests/outside_corpus/real_threads.py`` has its
test here (``docs/scrubber.md``, "Found on real threads"), on lines of the shape the threads
hold, and the tune part is held to its measured figures. The held-out part is measured only by
``tests/benchmarks/bench_scrub_real.py``.
"""

from __future__ import annotations

from pathlib import Path

import pytest
import regex

from intake.scrub import Scrubber
from intake.scrub.engine import _a_name
from intake.scrub.files import scrub_file_text
from tests.outside_corpus.real_threads import documents, held_out
from tests.support.scrubbing import gone_and_kept, scrubbed, tune_score


@pytest.mark.parametrize(
    "text",
    [
        "package cache : C:\\Users\\xxx\\AppData\\Local\\conda\\conda\\pkgs\n",
        "like `C:\\Users\\firstname second\\AppData\\Roaming`\n",
        'My user director is "C:/Users/First_Name Last_Name" where\n',
        "C:\\Users\\My Name\\AppData\\Local\\Temp\\ScriptOutput>python x.py\n",
    ],
)
def test_placeholder_names_in_homes_stay(engine: Scrubber, text: str) -> None:
    assert engine.scrub_text(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "C:\\Users\\John Doe  >> doesn't work\nC:\\Users\\John          >> works.\n",
        'In windows, my user is "First Last" and the folder is `c:\\Users\\First Last\\`\n',
        'git config --global user.name "John Doe"\n'
        "git config --global user.email johndoe@example.com\n",
        "error in C:\\Users\\Jane Doe\\AppData\\Local\\gaia\\rag.py\n",
    ],
)
def test_placeholder_person_names_stay(engine: Scrubber, text: str) -> None:
    """``John Doe``, ``Jane Doe`` and ``First Last`` are the names documentation gives an
    unknown person: nobody is called that, so keeping one leaks no one (a person who writes one
    for their own name has withheld it already), and replacing one damages the example."""
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize("name", ["Johan Dorn", "Fiona Lasky", "Jane Dowd"])
def test_a_real_name_beside_a_placeholder_shape_is_replaced(engine: Scrubber, name: str) -> None:
    """Names one letter off a placeholder are people: replaced, surname and all."""
    out = scrubbed(engine, f"error in C:\\Users\\{name}\n")
    assert name.split()[0] not in out and name.split()[1] not in out


def test_a_credential_helper_list_names_its_logins(engine: Scrubber) -> None:
    """``docker-credential-<x> list`` prints a JSON object mapping registry URLs to the login
    stored for each: the logins are learned (and replaced everywhere), the URLs, an e-mail's
    host and the ``<token>`` and default-account values stay as they are."""
    text = (
        "$ docker-credential-osxkeychain list\n"
        '{"http://192.168.24.128":"admin","http://192.168.99.100":"\\u003ctoken\\u003e",'
        '"https://index.docker.io/v1/":"wendal7","http://registry.dev.docker.com":"wendal7"}\n'
        "$ ls /home/wendal7\n"
    )
    out = scrubbed(engine, text)
    assert "wendal7" not in out
    assert '"http://192.168.24.128":"admin"' in out and "\\u003ctoken\\u003e" in out
    assert '"https://index.docker.io/v1/":"user1"' in out
    pretty = '{\n  "https://ghcr.io": "qorvan",\n  "https://quay.io": "qorvan"\n}\n'
    assert "qorvan" not in scrubbed(engine, pretty)


@pytest.mark.parametrize(
    "text",
    [
        '{"http": "http://proxy:3128", "https": "http://proxy:3128"}\n',
        '{"https://pypi.org/simple": "https://mirror.example/simple"}\n',
        '"homepage": "https://example.org", "name": "demo"\n',
    ],
)
def test_urls_and_values_that_are_no_credential_list_stay(engine: Scrubber, text: str) -> None:
    """A URL as a value, or a URL key whose value is another URL, names no one."""
    assert scrubbed(engine, text) == text


def test_a_documented_default_password_in_a_header_stays(engine: Scrubber) -> None:
    """RESTFullYii's README sends ``X_REST_PASSWORD: admin@Access`` in every sample request
    (``documented_examples``); another password in the same header is replaced."""
    text = 'curl -H "X_REST_USERNAME: admin@restuser" -H "X_REST_PASSWORD: admin@Access" http://h/api\n'
    assert scrubbed(engine, text) == text
    other = text.replace("admin@Access", "Kq7!vRt29xLm")
    assert "Kq7!vRt29xLm" not in scrubbed(engine, other)


@pytest.mark.parametrize(
    "text",
    [
        'log_info "git config --global user.email <your@email.com>"\n',
        "user@domain.com: Permission denied (publickey,password).\n",
        "Send it to your.name@company.org\n",
    ],
)
def test_placeholder_addresses_stay(engine: Scrubber, text: str) -> None:
    assert engine.scrub_text(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "curl https://lookups.twilio.com/v1/x -u 'account-SID:account-token'\n",
        "aws_access_key_id = AKIAIOSFODNN7EXAMPLE\n",
        "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY\n",
    ],
)
def test_documented_and_word_only_credentials_stay(engine: Scrubber, text: str) -> None:
    assert engine.scrub_text(text).text == text


def test_sigv4_scope_keeps_all_but_its_key_id(engine: Scrubber) -> None:
    scope = "/20170424/us-east-1/s3/aws4_request"
    text = f"Authorization: AWS4-HMAC-SHA256 Credential=AKIAZ7QW3ERT5YUI2OPL{scope}, x=1\n"
    out = scrubbed(engine, text)
    assert "AKIAZ7QW3ERT5YUI2OPL" not in out
    assert "Credential=AKIA" in out and scope in out


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("meihua@meihuadeMacBook-Pro ~ % python3 get-pip.py\n", "meihua"),
        ('* git config user.name "tarvelbo"\n', "tarvelbo"),
        ("Signed-off-by: henrikdal <henrik.dalgaard@intel.com>\n", "henrikdal"),
        ("Containers: 12\nUsername: tovalek\nRegistry: https://index.docker.io/v1\n", "tovalek"),
        ("Name                : job_1\nUser                : sorenj\n", "sorenj"),
        ("(.venv) brodwick in ~/Code/example-project ● λ pip install x\n", "brodwick"),
    ],
)
def test_logins_from_more_shapes(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, f"{text}later {login} again\n")
    assert login not in out.lower()


@pytest.mark.parametrize(
    "text",
    [
        "Co-authored-by: Claude <noreply@anthropic.com>\nClaude wrote it\n",
        "  WARNING: installed in ~/.local/bin which is not on PATH\ninstalled\n",
    ],
)
def test_bots_and_words_are_no_logins(engine: Scrubber, text: str) -> None:
    """A trailer with a no-reply address is a tool's; a word before `` in ~/`` without a
    prompt's mark after the path is prose."""
    assert engine.scrub_text(text).text == text


def test_a_two_letter_login_on_two_pieces_of_evidence(engine: Scrubber) -> None:
    """``[jq@host ~]$`` and ``/home/jq/…`` together make ``jq`` a login; either alone does
    not, so the word stays where it is the tool."""
    text = "[jq@bruno ~]$ scp /home/jq/.ssh/id_rsa.pub nas:./\nowner: jq\n"
    out = scrubbed(engine, text)
    assert "jq" not in out and "/.ssh/id_rsa.pub" in out
    for alone in ("[jq@bruno ~]$ ls\nuse jq to parse\n", "cat notes.json | jq .\n"):
        assert engine.scrub_text(alone).text == alone


def test_the_words_of_a_name_with_spaces_are_learned(engine: Scrubber) -> None:
    """A log cut at the space keeps the surname alone (amd/gaia#40's install log)."""
    text = (
        'Python: "C:\\Users\\Oskar Bellweth\\AppData\\Local\\GAIA\\python.exe"'
        '  Bellweth\\AppData\\Local\\GAIA"\\gaia_install.log"\n'
    )
    out = scrubbed(engine, text)
    assert "Bellweth" not in out and "Oskar" not in out
    assert "\\AppData\\Local\\GAIA\\python.exe" in out


def test_a_windows_path_after_markdown_underscore(engine: Scrubber) -> None:
    text = "picking up _C:\\Users\\marckj\\AppData\\Local\\WindowsApps\\python.exe_ which\n"
    gone_and_kept(engine, text, "marckj", "\\AppData\\Local\\WindowsApps\\python.exe_ which")


@pytest.mark.parametrize("text", ["-v $HOME/kf2:/home/steam/kf2server\n", "/home/files:/x\n"])
def test_container_accounts_are_no_one(engine: Scrubber, text: str) -> None:
    assert engine.scrub_text(text).text == text


# After the blind run on the held-out third (classes it showed; its figures in
# docs/benchmarks.md are those of the blind run, before these):


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("  user.name=王明远\n  user.email=x@example.com\n", "王明远"),
        ("user.name=李明\n", "李明"),
        ("Cc: tkwondel; Author\nSubject: Re: [o/r] log (#154)\n", "tkwondel"),
        ('ssh.exe -T -D 65523 "kqt4481@kqt4481@gle-3159.nx.rit.edu" sh\n', "kqt4481"),
        ("ssh 'bob7@host.example.net' ls\n", "bob7"),
    ],
)
def test_logins_found_after_the_blind_run(engine: Scrubber, text: str, login: str) -> None:
    out = scrubbed(engine, f"{text}later {login} again\n")
    assert login not in out.lower()


@pytest.mark.parametrize(
    "text",
    [
        "or email support@openai.com if you have any questions.\n",
        "stellarmate@stellarmate:~ $ ls /home/stellarmate/venv/lib/python3.11/site-packages\n",
        "kali@kali:~$ ls /home/kali/.cache\n",
        'ssh-keygen -t ed25519 -C "botname@tasks" -f ~/.ssh/tasks_deploy -N ""\nbotname\n',
    ],
)
def test_role_addresses_and_default_accounts_stay(engine: Scrubber, text: str) -> None:
    assert engine.scrub_text(text).text == text


@pytest.mark.parametrize(
    ("text", "user"),
    [
        ("No such file: '/proj/aholmq/git/practical-omnitigs/.snakemake/conda/3ef'\n", "aholmq"),
        ("cloned into /projects/jdoe42/repos/tool/src\n", "jdoe42"),
        ("envs: /projects/rmaddoxe/Analysis/envs/.conda/pkgs\n", "rmaddoxe"),
        ("cache at /gpfs/kmurphy/work/x/.cargo/registry\n", "kmurphy"),
    ],
)
def test_a_share_folder_with_home_evidence_deeper_down(
    engine: Scrubber, text: str, user: str
) -> None:
    """A folder under a cluster share (``/proj``, ``/projects``, ``/gpfs``…) is a home when it
    holds a home's layout (``git/``, ``repos/``) or, up to three folders deeper, a home's own
    dot-folder (``.conda``, ``.cargo``): its user is replaced and the rest of the path kept."""
    out = scrubbed(engine, text)
    assert user not in out
    assert out.replace("user1", user) == text


@pytest.mark.parametrize(
    "text",
    [
        "/data/imagenet/train/n01440764/x.JPEG\n",
        "/scratch/gaia/src/gaia/cli.py\n",
        "/opt/conda/envs/x/.conda/y\n",
        "/data/models/llama/config.json\n",
        "/projects/gaia/docs/index.md\n",
    ],
)
def test_share_folders_without_home_evidence_stay(engine: Scrubber, text: str) -> None:
    assert engine.scrub_text(text).text == text


@pytest.mark.parametrize(
    "text",
    [
        "C:\\Users\\My Name\\AppData\\Local\\Temp>python x.py\n"
        "python: can't open file 'C:\\\\Users\\\\My': [Errno 2] No such file or directory\n",
    ],
)
def test_a_placeholder_cut_at_its_space_stays(engine: Scrubber, text: str) -> None:
    """A path whose user is the first word of a placeholder name in the same text
    (``'C:\\\\Users\\\\My'`` cut at the space of ``My Name``) is that placeholder: kept."""
    assert engine.scrub_text(text).text == text


def test_a_real_first_name_beside_a_placeholder_is_still_replaced(engine: Scrubber) -> None:
    out = scrubbed(engine, "C:\\Users\\My Name\nC:\\Users\\Mylene\\x.py\n")
    assert "Mylene" not in out and "My Name" in out


@pytest.mark.parametrize(
    "text",
    [
        "[user]\n\tname = user\n\tsigningkey = ASD123A\n",
        "git config --global user.signingkey <your-key-id>\n",
        '"user.signingkey": "YOUR_KEY_ID"\n',
        "git config --global user.signingkey ~/.ssh/id_ed25519.pub\n",
    ],
)
def test_a_signing_key_placeholder_stays(engine: Scrubber, text: str) -> None:
    """Git's ``signingkey`` holds a key id, which is no secret: a value without a key id's
    shape (``ASD123A``, ``<your-key-id>``) is a placeholder and stays."""
    assert engine.scrub_text(text).text == text


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("[user]\n\tsigningkey = 3AA5C34371567BD2\n", "3AA5C34371567BD2"),
        ("git config --global user.signingkey 4AEE18F8\n", "4AEE18F8"),
        ("user.signingkey=0x3AA5C34371567BD2!\n", "3AA5C34371567BD2"),
        ("signingkey = 9F1CE3A8B5D2C4E7F6A1B0C9D8E7F6A5B4C3D2E1\n", "B4C3D2E1"),
        ('SIGNING_KEY = "hunter2abc"\n', "hunter2abc"),
        ('signingKey: "mysecretvalue"\n', "mysecretvalue"),
    ],
)
def test_a_signing_key_id_by_its_shape(engine: Scrubber, text: str, key: str) -> None:
    """A key id's shape (8, 16 or 40 hex digits, ``0x`` and ``!`` allowed) under git's
    ``signingkey`` is replaced: it names its owner on a keyserver. ``SIGNING_KEY`` and
    ``signingKey`` in code name a signing secret, replaced whatever its shape."""
    assert key not in scrubbed(engine, text)


@pytest.mark.parametrize(
    ("text", "user"),
    [
        (
            "default environment : /projects/rmaddoxe/MarketStructureAnalysis/envs/default\n"
            "envs directories : /projects/rmaddoxe/MarketStructureAnalysis/DEFAULTS\n",
            "rmaddoxe",
        ),
        ("/projects/jdoe42/miniconda3/envs/x/lib/python3.9/site-packages/torch/a.py\n", "jdoe42"),
        ("/scratch/kmurphy/proj/envs/py39/bin/python\n", "kmurphy"),
    ],
)
def test_a_project_conda_env_under_a_share_is_a_home(
    engine: Scrubber, text: str, user: str
) -> None:
    """A share folder holding a project's conda envs (``/projects/<u>/<project>/envs/<env>``)
    or a conda install is a home: its user is replaced, everything else stays (also in the
    line that names the same folder without the evidence)."""
    out = scrubbed(engine, text)
    assert user not in out
    assert out.replace("user1", user) == text


@pytest.mark.parametrize(
    "text",
    ["/scratch/myproject/envs/dev/bin/python\n", "/data/imagenet/envs\n"],
)
def test_a_project_env_without_a_user_folder_stays(engine: Scrubber, text: str) -> None:
    """``envs/`` right under the share's first folder is a project's, not a user's."""
    assert engine.scrub_text(text).text == text


def test_a_learned_login_inside_a_job_name(engine: Scrubber) -> None:
    """A login learned anywhere in the text is replaced inside job and pod names too
    (``train-<u>-123``, ``jptr_<u>_1579249988``), which ``-`` and ``_`` join to it."""
    text = (
        "$ squeue -u jdoe42\nUser : jdoe42\nName : train-jdoe42-123\n"
        "job jptr_jdoe42_1579249988 pod/train-jdoe42-7f9c\n"
    )
    out = scrubbed(engine, text)
    assert "jdoe42" not in out
    assert out.replace("user1", "jdoe42") == text


def test_a_home_path_holding_a_login_keeps_its_tail(engine: Scrubber) -> None:
    """A VS Code temp file under a user folder, named after a login learned elsewhere: the
    folder's name and the login are each replaced, the folders and the rest of the file name
    stay."""
    text = (
        'ssh.exe -T "kqt4481@gle-3159-ws29"\n'
        'type "C:\\Users\\kqtan\\AppData\\Local\\Temp\\vscode-linux-multi-line-command-'
        'kqt4481-gle-3159-ws29-488652610.sh"\n'
    )
    out = scrubbed(engine, text)
    assert "kqt4481" not in out and "kqtan" not in out
    assert "\\AppData\\Local\\Temp\\vscode-linux-multi-line-command-user" in out
    assert "-gle-3159-ws29-488652610.sh" in out


@pytest.mark.parametrize(
    "text",
    [
        "A complete log of this run can be found in: "
        "/tmp/_cacache/_logs/2025-09-29T10_22_38_654Z-debug-0.log\n",
        "/var/log/app/2025-09-29T10_22_38_654Z-Xdebug0ab/run.log\n",
    ],
)
def test_a_system_path_with_a_random_looking_folder_stays(engine: Scrubber, text: str) -> None:
    """A run that starts at a system root (``/tmp/``, ``/var/``…) and goes two folders down is
    a path, not a base64 secret that starts with ``/``."""
    assert engine.scrub_text(text).text == text


@pytest.mark.parametrize(
    ("text", "logins"),
    [
        (
            "KAVRi@DESKTOP-O83BMJU MINGW64 /c/Users/kavdev/projects/site (main)\n$ ls\n",
            ["KAVRi", "kavdev"],
        ),
        ("see /cygdrive/c/Users/jmarsh/AppData/Local/x.log\n", ["jmarsh"]),
        (
            "Username for 'https://github.com': Lorenzo1987\n"
            "$ git push -u origin Lorenzo1987-add-page\n",
            ["Lorenzo1987"],
        ),
        ("qmlo:~/workspace/hello-world (master) $ git push origin master\n", ["qmlo"]),
        ("MireyadeMacBook-Pro:~ mlund$ brew list\n", ["Mireya", "mlund"]),
        (
            "On Mon, Oct 29, 2018 Nils Hartwell <notifications@github.com> wrote:\n"
            "> Nils said so\n",
            ["Nils", "Hartwell"],
        ),
    ],
)
def test_logins_from_stop_42_shapes(engine: Scrubber, text: str, logins: list[str]) -> None:
    """Git Bash's ``u@HOST MINGW64 /c/Users/u`` (and Cygwin's ``/cygdrive/c/Users/u``), git's
    credential prompt ``Username for '…': u``, a host-less ``u:~/dir $`` prompt, a Mac host in
    a French or Chinese locale (``<Name>deMacBook-Pro``) and the sender of a reply to a GitHub
    notification e-mail: each name goes everywhere in the text, and the rest stays."""
    out = scrubbed(engine, text)
    for login in logins:
        assert login.lower() not in out.lower()


@pytest.mark.parametrize(
    "text",
    [
        "On Mon, GitHub Actions <notifications@github.com> wrote:\n",
        "dependabot[bot] <notifications@github.com>\n",
        "Username for 'https://github.com': \n",
        "key:~/.ssh/id_rsa is missing\n",
        "/c/Program Files/Git/usr/bin/bash.exe\n",
    ],
)
def test_bots_and_bare_prompts_are_no_logins(engine: Scrubber, text: str) -> None:
    assert engine.scrub_text(text).text == text


def test_a_login_in_a_client_config(engine: Scrubber) -> None:
    """After the stop-42 blind run: ``login: 'X'`` (a GitHub client's configuration) names its
    user, replaced there and in the repository URLs that hold it."""
    text = (
        "user:\n  login: 'GabrielMohr'\n"
        "GET https://api.github.com/repos/GabrielMohr/github_api/readme: 401\n"
    )
    out = scrubbed(engine, text)
    assert "GabrielMohr" not in out and "/github_api/readme: 401" in out


@pytest.mark.parametrize(
    "text",
    [
        "login: true\n",
        "username: string\n",
        "  login: 'anonymous'\n",
        "login: admin\n",
        "kind: Secret\ndata:\n  username: YXBw\n",
    ],
)
def test_switches_and_types_are_no_logins(engine: Scrubber, text: str) -> None:
    """Not logins: switches, types, role accounts, and base64 of text (a Kubernetes Secret's
    ``username: YXBw`` is ``app`` encoded)."""
    assert engine.scrub_text(text).text == text


@pytest.mark.parametrize("name", ["Pisu", "Sisi", "Ziko"])
def test_a_name_that_decodes_to_punctuation_is_still_a_name(engine: Scrubber, name: str) -> None:
    """Four letters are valid base64 of three bytes; ``Pisu`` decodes to ``>+.``, printable but
    no text, so the nickname is learned like any other (the matrix's property test found it)."""
    text = f"uid           [ultimate] {name}na Pegozo ({name}) <musid@kestrel-mail.com>\n"
    assert f"({name})" not in scrubbed(engine, text)


@pytest.mark.parametrize(
    "text",
    [
        "GET https://api.github.com/repos/a/b?access_token=censored: 401 Bad credentials\n",
        "user:\n  token: 'long_string'\n",
        "password=removed\n",
        "api_key: random_string\n",
    ],
)
def test_withheld_and_type_word_values_stay(engine: Scrubber, text: str) -> None:
    """After the stop-42 blind run: a value that says it was withheld (``censored``,
    ``removed``, ``hidden``, ``omitted``, ``masked``) or names its type (``long_string``,
    ``random_string``) is a placeholder, as ``redacted`` and ``your_token`` are."""
    assert engine.scrub_text(text).text == text


@pytest.mark.parametrize(
    ("text", "secret"),
    [("password=hiddenValue9\n", "hiddenValue9"), ("token: stringent8Q\n", "stringent8Q")],
)
def test_a_placeholder_word_inside_a_value_is_no_placeholder(
    engine: Scrubber, text: str, secret: str
) -> None:
    assert secret not in scrubbed(engine, text)


def test_the_split_is_by_url() -> None:
    """Every excerpt of one thread is on the same side; a third of the threads are held out."""
    docs = documents()
    assert all(d.held_out == held_out(d.doc.source) for d in docs)
    assert 0.25 < sum(d.held_out for d in docs) / len(docs) < 0.42


TUNE_PARTS = [
    # batch, documents, names in paths, names elsewhere, e-mails, secrets, keep spans, library
    # tails, clean documents (changed, of); each measured and then held: none may fall.
    # Batch 40 (stop 40): paths 46/48 then; the share's conda envs at stop 42; elsewhere 25/26
    # until 1.12 (a Jupyter job name); 5 keep spans damaged until stop 43 (John Doe, a header's
    # demo password); two clean documents keep a change it made before (SOURCE.md).
    pytest.param(40, 80, 48, 26, 8, 4, 96, 38, (2, 47), id="batch-40"),
    # Batch 42: elsewhere 18/20 until a Docker credential helper's list output (stop 43).
    pytest.param(42, 26, 39, 20, 1, 1, 56, 30, (0, 7), id="batch-42"),
    pytest.param(43, 27, 28, 8, 1, 3, 41, 25, (0, 6), id="batch-43"),
    # Batch 44, blind under 1.10.0: elsewhere 0/2, 7 of 34 damaged, tails 21/22.
    pytest.param(44, 19, 30, 2, 1, 7, 34, 22, (0, 5), id="batch-44"),
    # Batch 45, blind under 1.11.0: paths 31/32, elsewhere 2/7, 4 of 59 damaged, 2 of 8 changed.
    pytest.param(45, 21, 32, 7, 0, 1, 59, 25, (0, 8), id="batch-45"),
    # Batch 46, blind under 1.12.0: paths 20/22, elsewhere 4/21, 8 of 47 damaged, 2 of 9 changed;
    # elsewhere 20/21 under 1.13 (the e2e cluster name came with 1.14).
    pytest.param(46, 32, 22, 21, 3, 5, 47, 20, (0, 9), id="batch-46"),
    # Batch 47, blind under 1.13.0 (the whole batch): elsewhere 7/12, 8 of 86 damaged.
    pytest.param(47, 24, 15, 11, 0, 0, 56, 13, (0, 13), id="batch-47"),
    # Batch 49, blind under 1.15.0 (the whole batch): paths 17/19, elsewhere 10/11, 7 of 78
    # damaged, 5 of 16 changed (tune part).
    pytest.param(49, 32, 19, 11, 1, 0, 78, 16, (0, 16), id="batch-49"),
]


@pytest.mark.parametrize(
    ("batch", "docs", "paths", "elsewhere", "emails", "secrets", "keeps", "tails", "clean"),
    TUNE_PARTS,
)
def test_real_threads_tune_parts_hold_what_was_measured(
    engine: Scrubber,
    tmp_path: Path,
    batch: int,
    docs: int,
    paths: int,
    elsewhere: int,
    emails: int,
    secrets: int,
    keeps: int,
    tails: int,
    clean: tuple[int, int],
) -> None:
    """The tune part of each real collection (``tests/outside_corpus/SOURCE.md``), held to what
    was measured after its fixes (its blind figures: docs/benchmarks.md): every name, e-mail
    and secret found, no keep span damaged, every library tail kept, JSON/YAML parsing (that
    the pass is final is ``test_scrub_final.py``'s, in the slow tier)."""
    score = tune_score(engine, batch, tmp_path)
    assert score.docs == docs
    assert score.found["user (path)"] == score.total["user (path)"] == paths
    assert score.found["user (elsewhere)"] == score.total["user (elsewhere)"] == elsewhere
    assert score.found["email"] == score.total["email"] == emails
    assert score.found["secret"] == score.total["secret"] == secrets
    assert score.damage == [] and score.keeps == keeps
    assert score.tails_kept == score.tails == tails
    assert (len(score.clean_touched), score.clean_docs) == clean
    assert score.parses == score.structured


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "Cannot find module '\\\\wsl.localhost\\Arch\\mnt\\c\\Users\\gavel\\scoop\\apps"
            "\\node_modules\\npm\\bin\\npm-cli.js'\n",
            "Cannot find module '\\\\wsl.localhost\\Arch\\mnt\\c\\Users\\user1\\scoop\\apps"
            "\\node_modules\\npm\\bin\\npm-cli.js'\n",
        ),
        (
            "open \\\\wsl$\\Ubuntu-20.04\\home\\gavel\\.nvm\\nvm.sh\n",
            "open \\\\wsl$\\Ubuntu-20.04\\home\\user1\\.nvm\\nvm.sh\n",
        ),
    ],
)
def test_a_home_under_a_wsl_unc_root_keeps_its_tail(
    engine: Scrubber, text: str, expected: str, tmp_path: Path
) -> None:
    """``\\\\wsl.localhost\\<distro>\\`` and ``\\\\wsl$\\<distro>\\`` name Windows' share of a WSL
    distribution, not a host: a home under them keeps all but its user's name, and the output
    re-scans clean as a file (``scrub_file_text`` settles nothing to a last-resort fixture)."""
    assert scrubbed(engine, text) == expected
    assert scrub_file_text(tmp_path / "d.txt", text, scrubber=engine).text == expected


def test_a_unc_path_on_a_host_and_a_wsl_path_without_a_home(engine: Scrubber) -> None:
    """A UNC path on a server is still replaced as before (its folders, not only the name); a
    WSL path that names no home (``\\mnt\\d\\a.js``) names no one and stays."""
    host = "open \\\\fileserver\\share\\Users\\gavel\\x.txt\n"
    out = scrubbed(engine, host)
    assert "gavel" not in out and "Users" not in out
    bare = "Error: Cannot find module '\\\\wsl$\\Ubuntu-16.04\\mnt\\d\\a.js'\n"
    assert scrubbed(engine, bare) == bare


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("$ twine upload dist/*\nEnter your username: KarlyMB\nEnter your password: \n", "KarlyMB"),
        ("[pypi]\n  username = ivar\n  password = pypi-AgEIc[redacted]\n", "ivar"),
        ("[server-login]\nusername = tamsin.k\r\npassword = hunter2x\r\n", "tamsin.k"),
    ],
)
def test_logins_from_stop_43_shapes(engine: Scrubber, text: str, login: str) -> None:
    """twine's ``Enter your username:`` prompt, and any word as ``username`` right above its
    ``password`` (a ``.pypirc`` section), name the user."""
    assert login not in scrubbed(engine, text)


@pytest.mark.parametrize(
    "text",
    [
        "[pypi]\n  username = rdiff-backup-new-version\n  password = pypi-AgEIc[redacted]\n",
        "username: string\npassword: string\n",
        "username = admin\npassword = admin\n",
    ],
)
def test_project_names_and_types_above_a_password_stay(engine: Scrubber, text: str) -> None:
    """A name of four or more words, a type word and a default account above a password are
    no login."""
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        (
            "NewFileAsset: /scratch/weiping/.minikube/cache/linux/v1.18.3/kubectl -> /var/lib/x\n",
            "NewFileAsset: /scratch/user1/.minikube/cache/linux/v1.18.3/kubectl -> /var/lib/x\n",
        ),
        (
            "certificate-authority: /gpfs/projects/weiping/.kube/certs/ca.crt\n",
            "certificate-authority: /gpfs/projects/user1/.kube/certs/ca.crt\n",
        ),
    ],
)
def test_minikube_and_kube_folders_are_home_evidence(
    engine: Scrubber, text: str, expected: str
) -> None:
    """After the stop-43 blind run: ``.minikube`` and ``.kube`` (kubectl's and minikube's
    per-user folders) are a home's dot-folders, under the root or a share, like ``.conda``."""
    assert scrubbed(engine, text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "debug1: Reading configuration data /home/MyLaptopUser/.ssh/config\n",
        "C:\\Users\\YourPcUser\\AppData\\Local\\Temp\\x.log\n",
        "/Users/your_mac_user/Library/Logs/x.log\n",
    ],
)
def test_a_placeholder_with_a_word_inside_stays(engine: Scrubber, text: str) -> None:
    """After the stop-43 blind run: ``My``/``Your`` + a capitalised or separated word +
    ``User``/``Name`` is written where a name goes (``MyLaptopUser``): a placeholder."""
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize("name", ["Myrnauser", "Mylesname", "Myron"])
def test_a_name_that_starts_like_a_placeholder_is_a_name(engine: Scrubber, name: str) -> None:
    assert name not in scrubbed(engine, f"open /home/{name}/.ssh/config\n")


def test_cargo_home_glued_to_its_dot_folder_keeps_the_dot_folder(engine: Scrubber) -> None:
    """Issue 35, batch 44 (after the blind run, not blind): an ``strace`` of cargo writes its
    home without the slash (``/home/<u>.cargo/…``): only the name is replaced, ``.cargo`` and
    the rest stay, and the login is learned for the rest of the text."""
    text = (
        'mkdir("/home/qvn.cargo/registry/index", 0777) = -1 ENOENT\n'
        'mkdir("/home/qvn.cargo", 0777) = -1 EACCES\n'
        "whoami: qvn\n"
    )
    out = scrubbed(engine, text)
    assert "qvn" not in out
    assert '"/home/user1.cargo/registry/index"' in out and '"/home/user1.cargo"' in out
    assert "bob.smith" not in scrubbed(engine, "open /home/bob.smith/x\n")


@pytest.mark.parametrize(
    ("text", "login"),
    [
        ("- Has saved token ?: True\n- Who am I ?: ravindpatil\n", "ravindpatil"),
        ("Who am I?: RPatil42\n", "RPatil42"),
    ],
)
def test_a_tools_who_am_i_line_teaches_a_login(engine: Scrubber, text: str, login: str) -> None:
    """``huggingface-cli env`` prints ``- Who am I ?: <login>`` (after the blind run)."""
    out = scrubbed(engine, text + f"see {login}'s cache\n")
    assert login not in out and "Who am I" in out


def test_a_git_log_author_and_a_pushers_login_are_learned(engine: Scrubber) -> None:
    """A ``git log`` author line (``Author: First Last <e-mail>``): the name is replaced beside
    the e-mail, consistently everywhere; the login in GitHub's ``<login> pushed a commit`` is
    learned too (after the blind run, not blind)."""
    text = (
        "jdupont42 pushed a commit to branch master\n"
        "commit d16ac490b99bca1a88df115af2b1004f76941b2d\n"
        "Author: Bastien Roux <Bastien.Roux@imag.fr>\n"
        "Commit: Bastien Roux <Bastien.Roux@imag.fr>\n"
        "thanks Bastien Roux; cc jdupont42\n"
    )
    out = gone_and_kept(
        engine,
        text,
        ("jdupont42", "Bastien", "Roux", "imag.fr"),
        "d16ac490b99bca1a88df115af2b1004f76941b2d",
    )
    names = {line.split(" <")[0].split(": ")[1] for line in out.splitlines() if " <" in line}
    assert len(names) == 1  # one fixture for one person
    bot = "Author: dependabot[bot] <noreply@github.com>\n"
    assert scrubbed(engine, bot) == bot


@pytest.mark.parametrize(
    "text",
    [
        "-fdebug-prefix-map=/var/folders/gh/ts3cxwpd7l9cwb2n5z8j51980000gn/T/go-build2061=/tmp\n",
        "lock: /var/folders/j8/2nzz29zn0439c37m5klxf9mh0000gn/T/vscode-remote-ssh.lock\n",
        "File /home/jovyan/work/nb.ipynb not found\n",
        "fatal: Authentication failed for 'https://{password}@github.com/org/x/'\n",
        "git clone https://oauth2:<password>@example.com/r.git\n",
        'python -m jupyterlab --ServerApp.token="abcde" --ServerApp.port=8888\n',
        'python -m jupyterlab --ServerApp.token="123456789" --ServerApp.port=8888\n',
    ],
)
def test_batch_44_placeholders_and_temp_folders_stay(engine: Scrubber, text: str) -> None:
    """Do no harm (after the blind run, not blind): a macOS temp folder is no home, ``jovyan``
    (Jupyter docker-stacks' account) is a default like ``root``, and a credential place holding
    a placeholder (``{password}``, ``<password>``, an alphabet or digit run) keeps it."""
    assert scrubbed(engine, text) == text


def test_a_real_password_beside_a_placeholder_still_goes(engine: Scrubber) -> None:
    out = scrubbed(engine, 'jupyterlab --ServerApp.token="abcdeXq9Zt" --x=1\n')
    assert "abcdeXq9Zt" not in out
    out = scrubbed(engine, "fatal: failed for 'https://alice:{password}@github.com/alice/x/'\n")
    assert "alice" not in out and "{password}" in out


# Issue 35, batch 45 (after the blind run, not blind) and the stop-44 known misses: each shape
# teaches its login or name, replaced wherever it recurs.
LOGINS_45: list[tuple[str, str]] = [
    # zsh's default prompt %n@%m %1~ %#: the folder's last name, no slash (in backticks)
    ("`brauneck@K7RTMXB2Q9 react_step_form % p10k configure\n", "brauneck"),
    ("mhollis@mbp-2 ~ % brew doctor\n", "mhollis"),
    # Jenkins: the build's starter, also glued to Jenkins' serialized console note
    ("Started by user Desmond Kirby\nRunning as SYSTEM\n", "Desmond Kirby"),
    ("[2023-01-26T14:58:57.851Z] Started by user ha:////4HPFAAAA==Michele Dorado\n", "Dorado"),
    ("Started by user okafor-j\nBuilding in workspace /var/lib/jenkins/x\n", "okafor-j"),
    # slurm-jupyter's job name jptr_<login>_<epoch>
    ("Name                : jptr_sjakobsen_1579249988\nUser : sorenj\n", "sjakobsen"),
    # a Powerline prompt: its glyphs lost in the paste, or kept
    (" paulk  \u22ef  jenkins  deployments  test-pipeline  kubectl version\n", "paulk"),
    ("tkerrigan \ue0b0 ~/src/app \ue0b0 git status\n", "tkerrigan"),
]


# No harm: Jenkins' system and anonymous starters, a table's columns and a placeholder prompt
# teach nothing, so the text stays as written.
NOBODY_45: list[str] = [
    "Started by user SYSTEM\nRunning as SYSTEM\n",
    "Started by user anonymous\nanonymous access\n",
    "Started by timer\nsystem check\n",
    # a table's columns are no Powerline prompt
    " nginx  1/1  Running  0  2d\nnginx is up\n",
    "NAME   READY   STATUS\n web-0  \u2026  pending\n",
    # a zsh prompt of a placeholder account
    "user@host dir % ls\nuser is a placeholder\n",
]


def test_logins_made_of_a_learned_name(engine: Scrubber) -> None:
    """Issue 35, batch 45: a learned ``First Last`` also teaches the logins people make of it
    (``dkirby``, ``desmondk``, ``desmond.kirby``, ``desmondkirby``), so a login seen only inside
    an id (``using credential dkirby-gitlab``) goes with the name; a placeholder name
    (``John Doe``) teaches none (``jdoe`` stays)."""
    text = (
        "Started by user Desmond Kirby\n"
        "using credential dkirby-gitlab\n"
        "mail desmond.kirby and desmondk\n"
    )
    out = scrubbed(engine, text)
    for login in ("dkirby", "desmond", "kirby"):
        assert login not in out.lower()
    assert "-gitlab" in out and "using credential " in out
    kept = "Author: John Doe <jdoe@example.com>\nssh jdoe-admin\n"
    assert "jdoe-admin" in scrubbed(engine, kept)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # a path the shell cut with "...": the name ends at the dots
        (
            "+ CategoryInfo : ResourceUnavailable: (C:\\Users\\Tove...orce-mkdir.psm1:String)\n",
            "(C:\\Users\\user1...orce-mkdir.psm1:String)",
        ),
        (
            "at /home/qmvx\u2026/site-packages/x.py\n",
            "/home/user1\u2026/site-packages/x.py",
        ),
    ],
)
def test_a_user_folder_cut_by_an_ellipsis(engine: Scrubber, text: str, expected: str) -> None:
    """Issue 35, batch 45: a user folder the shell or a log cut with ``...`` (``…``) ends at the
    dots, so only the name is replaced and the rest of the cut path stays."""
    assert expected in scrubbed(engine, text)


# Issue 35, batch 45: a shell variable as a URL's password is no e-mail (the host stays), and a
# ``Basic`` header of one repeated letter (``bbbbb:bbbbb``, ``xxxx:xxxx``) is an example's, kept
# as written.
PLACEHOLDERS_45: list[str] = [
    "git clone https://gitlab+deploy-token-497024:$TOKEN@gitlab.com/p/x.git\n",
    "git clone https://oauth2:${CI_JOB_TOKEN}@gitlab.example.com/p/x.git\n",
    "authorization: Basic YmJiYmI6YmJiYmI=\n",
    "curl -H 'Authorization: Basic eHh4eDp4eHh4' https://api.example.com\n",
]


def test_a_real_basic_credential_still_goes(engine: Scrubber) -> None:
    """The ``Basic`` placeholder rule keeps only repeated letters: ``alice:s3cr3tPass`` goes."""
    out = scrubbed(engine, "authorization: Basic YWxpY2U6czNjcjN0UGFzcw==\n")
    assert "YWxpY2U6czNjcjN0UGFzcw==" not in out


def test_a_json_escaped_wsl_path_in_text_keeps_its_escaping(engine: Scrubber) -> None:
    """Issue 35, the stop-43 known miss: a WSL UNC path JSON-escaped inside plain text
    (``\\\\\\\\wsl$\\\\Ubuntu\\\\home\\\\<u>``) is written back escaped once, as it came, with
    only the name replaced; a system path under it stays."""
    text = 'open "\\\\\\\\wsl$\\\\Ubuntu\\\\home\\\\kolya\\\\proj\\\\x.py" failed\n'
    out = scrubbed(engine, text)
    assert out == 'open "\\\\\\\\wsl$\\\\Ubuntu\\\\home\\\\user1\\\\proj\\\\x.py" failed\n'
    system = 'open "\\\\\\\\wsl.localhost\\\\Ubuntu\\\\usr\\\\lib\\\\x.py"\n'
    assert scrubbed(engine, system) == system


# Issue 35, batch 46 and batch 45's known misses (after the blind runs, not blind): each shape
# teaches its login or name, replaced wherever it recurs.
LOGINS_46: list[tuple[str, str]] = [
    # a fetch banner's title beside ASCII art: the underline or the OS row below it
    (
        "  .o+`          ethanwolf@meowixlinux      0ms\n"
        "  `ooo/         ---------------------      1ms\n",
        "ethanwolf",
    ),
    (
        ".%;888:8898898:              mahmoud@mahmoud-arudag\n"
        "x;XxXB%89b8:b8%b88:            ----------------------\n",
        "mahmoud",
    ),
    ("   .',;:cc;,'.    dovrak@tengri-pi\n   ,ooolcloooo:   OS: Raspbian\n", "dovrak"),
    ("ubuntuq@vf2\n-----------\nOS: Ubuntu oracular 24.10 riscv64\n", "ubuntuq"),
    # identity commands
    ("  ✓ Logged in to github.com as qrbnty (oauth_token)\n", "qrbnty"),
    ("✓ token valid for github.com as wexlorm\n", "wexlorm"),
    ("npm http 200 https://registry.npmjs.org/-/whoami\n{ username: 'pmaro' }\n", "pmaro"),
    # a Windows account: whoami /all's user row, Event Viewer's User: field
    ("mews-windows10\\ravindra S-1-5-21-2844616881-3790560454-3287765183-1002\n", "ravindra"),
    ("Keywords:\nUser:          PEPDOWN\\cobrax\nComputer:      Pepdown\n", "cobrax"),
    # git config --list --show-origin: the origin column before user.name=
    ("file:/home/qarul/.gitconfig     user.name=Oleksa Bondarets\n", "Bondarets"),
    ("file:C:/Users/x/.gitconfig\tuser.name=Maren Oduya\n", "Oduya"),
]


# No harm: banners, accounts and addresses that are nobody's teach nothing.
NOBODY_46: list[str] = [
    # fetch banners of default or placeholder accounts, and a@b in prose with dashes below
    "root@pve\n--------\nOS: Proxmox VE bookworm 8.2.2 x86_64\n",
    " user@PC\n OS: Ubuntu 20.04 LTS (Focal Fossa)\n",
    "                     ./o.                   XXXXXX@XXXXX\n"
    "                   ./sssso-                 -----------------\n",
    # Windows' own accounts
    "User:          NT AUTHORITY\\SYSTEM\nComputer:      Pepdown\n",
    "BUILTIN\\Administrators  Alias  S-1-5-32-544  Group used for deny only\n",
    # a local test registry's account and address
    "Email: (this IS public) (test4@t.com)\nLogged in as test4 on http://xxx/.\n",
]


# Do no harm (after the blind run, not blind): Slack webhook placeholders (a repeated filler,
# words, a run ending in ``here``) and a group's EasyBuild prefix stay.
PLACEHOLDERS_46: list[str] = [
    "<webhookUri>https://hooks.slack.com/services/T00000000/B00000000/"
    "XXXXXXXXXXXXXXXXXXXXXXXX</webhookUri>\n",
    "https://hooks.slack.com/services/webhook_hash_hash?channel=datascience-ops&username=x\n",
    "https://hooks.slack.com/services/T05Z3C4KT/B02V6Z0NN/randomcharactershere\n",
    "https://yoursubdomain.slack.com/services/hooks/incoming-webhook?token=token123here\n",
    # EasyBuild's install prefix under a group share is no one's home
    "root environment : /scratch/gencore/.local/easybuild/software/gencore_anaconda2/4.2.0\n",
]


def test_a_real_slack_webhook_and_a_real_home_still_go(engine: Scrubber) -> None:
    secret = "Xk29fQmB7rTz4LpW8sNd3VaC"
    out = scrubbed(engine, f"url: https://hooks.slack.com/services/T05Z3C4KT/B02V6Z0NN/{secret}\n")
    assert secret not in out and "hooks.slack.com/services/" in out
    out = scrubbed(engine, "envs directories : /scratch/kpw715/.conda/envs\n")
    assert "kpw715" not in out and "/.conda/envs" in out


def test_an_email_as_a_user_folder_keeps_its_tail(engine: Scrubber) -> None:
    """Azure's profile under a user folder named by an e-mail: the address goes, the tail stays,
    and the output (``C:\\Users\\user1@example.com\\…``, a fixture) re-scans clean."""
    text = (
        '"name": "leonardo.verhas@cegeka.com",\n'
        "args: C:\\Users\\leonardo.verhas@cegeka.com\\.azure\\azureProfile.json\n"
    )
    out = scrubbed(engine, text)
    assert "verhas" not in out and "\\.azure\\azureProfile.json" in out


def test_an_address_above_a_markdown_rule_is_no_banner(engine: Scrubber) -> None:
    """A role address above a ``----`` rule is no fetch banner: ``support`` is not learned, so
    the word stays elsewhere."""
    out = scrubbed(engine, "Contact: support@example.com\n-----\nAsk support for help.\n")
    assert "Ask support for help." in out


# Issue 35, batch 47's tune part and batch 46's known misses (after the blind runs, not blind):
# each shape teaches its login, replaced wherever it recurs.
LOGINS_47: list[tuple[str, str]] = [
    # the owner column of a long listing (batch 46 known miss), also in ISO dates
    (
        "drwxr-xr-x   7 qhwak  staff   238 Dec 30 13:46:46 2016 .\n"
        "-rw-r--r--   1 qhwak  staff   117 Dec 30 13:46:46 2016 README.md\n",
        "qhwak",
    ),
    ("-rw-r--r--@ 1 obinnae  staff  3571 Oct 26 09:50 .zshrc\n", "obinnae"),
    ("-rw-rw-r-- 1 tkarsk devs 4.0K 2023-01-05 10:11 notes.txt\n", "tkarsk"),
    # ps aux's user column and sshd's process title
    (
        "USER       PID  %CPU %MEM  VSZ RSS     TTY   STAT START   TIME COMMAND\n"
        "marvek  29217  0.0  0.0 11916 4560 pts/21   S+   08:15   0:00 pine\n",
        "marvek",
    ),
    (
        "root     29505  0.0  0.0 38196 2728 ?        Ss   Mar07   0:00 sshd: dovan [priv]\n",
        "dovan",
    ),
    ("0:00 sshd: qelmo@pts/0\n", "qelmo"),
    # az account show (batch 46 known miss): a login at a placeholder domain
    (
        '"user": {\n    "object_id": "8fdc6358",\n    "name": "quill2047@mydomain",\n'
        '    "type": "user"\n  }\n',
        "quill2047",
    ),
    # kube-up's test cluster: <project>_e2e-test-${USER} (stop 46 known miss)
    ("current-context: kubernetes-sanjor_e2e-test-sanjor\n", "sanjor"),
]


# No harm: system and service accounts in listings and process tables, role logins, Google's
# service agents and a table that is no process table teach nothing.
NOBODY_47: list[str] = [
    # listings and process tables of system and service accounts
    "drwxr-xr-x   4 root  wheel   128 Mar 21 15:13 .\n",
    "drwxr-xr-x 3 www-data www-data 4.0K Feb 10 01:32 html\n",
    "drwxr-xr-x 3 nobody nogroup 4.0K Feb 10 01:32 x\n",
    "-rw-------   1 _windowserver  _windowserver  512 Mar 21 15:13 prefs\n",
    "drwxr-xr-x 2 1001 1001 4.0K Feb 10 01:32 .\n",
    "-rw-r--r-- 1 circleci circleci 220 Feb 10 01:32 .bash_logout\n",
    "-rw-r--r-- 1 systemd-network systemd-network 12 Mar 21 15:13 lease\n",
    "syslog     612  0.0  0.1 224344  4484 ?        Ssl  Mar07   0:01 /usr/sbin/rsyslogd\n",
    "jenkins  13553  0.0  0.0 114644   988 ?        S    Mar08   0:00 rsync -l scylla-test\n",
    # a role login in an ssh target
    "rsync -az a.yml scylla-test@10.240.0.18:/var/tmp/a.yml\n",
    # not a process table: a results table of words and numbers
    "epoch  10  0.5  0.3\nloss  12  1.5  2.0\n",
    # Google's service agents
    "account: 123456789-compute@developer.gserviceaccount.com\n",
    "service-123456789@gcp-sa-pubsub.iam.gserviceaccount.com\n",
    # a kube-up cluster of a default account
    "name: kubernetes-root_e2e-test-root\n",
]


def test_a_person_made_service_account_still_goes(engine: Scrubber) -> None:
    """Only Google's own agents are kept: a person's address, and a user-made account of a
    named project, still go."""
    text = (
        "account: alexei.morv@gmail.com\naccount: builder@acme-prod-4411.iam.gserviceaccount.com\n"
    )
    out = scrubbed(engine, text)
    assert "alexei.morv" not in out and "acme-prod-4411" not in out


@pytest.mark.parametrize(("text", "login"), [*LOGINS_45, *LOGINS_46, *LOGINS_47])
def test_a_pasted_shape_teaches_its_login(engine: Scrubber, text: str, login: str) -> None:
    """Issue 35, batches 45-47 and the known misses before each (after the blind runs, not
    blind): each shape teaches its login or name (its last word), replaced wherever it recurs."""
    last = login.split()[-1].lower()
    out = scrubbed(engine, text + f"cd /srv/{last}-notes\n")
    assert last not in out.lower()


@pytest.mark.parametrize(
    "text", [*NOBODY_45, *PLACEHOLDERS_45, *NOBODY_46, *PLACEHOLDERS_46, *NOBODY_47]
)
def test_text_that_names_nobody_stays(engine: Scrubber, text: str) -> None:
    """Do no harm (batches 45-47): system, service and default accounts, banners, table columns,
    placeholder prompts, URLs and credentials teach nothing and stay as written."""
    assert scrubbed(engine, text) == text


# Issue 35, batch 48's tune part and batch 47's known misses (after the blind run, not blind):
# each shape teaches its login, replaced wherever it recurs.
LOGINS_48: list[tuple[str, str]] = [
    # login records: last, who, w, wtmpdb last
    ("vrenko   pts/0        10.9.5.80        Fri Aug 14 15:43 - crash  (00:08)\n", "vrenko"),
    ("pildan    tty7         2017-11-10 15:09 (:0)\n", "pildan"),
    (
        "USER     TTY      FROM    LOGIN@   IDLE   JCPU   PCPU WHAT\n"
        "qorvik   pts/1    dev-db  23:01    2:53   0.01s  0.01s -bash\n",
        "qorvik",
    ),
    ("tamsel :0.0      12:10   ?xdm?  16.45s  0.02s /bin/sh /etc/X11/Sessions/Xfce4\n", "tamsel"),
    ("brolin   ssh          2003:dd:f0b:d000 Sat Dec 14 07:43 - 07:45  (00:01)\n", "brolin"),
    # crontab -l for a user who has none (batch 47 known miss)
    ("$ crontab -l\nno crontab for velmar\n", "velmar"),
    # the auth log: pam's session line, sudo's log line, sshd's accepted login (the brief's
    # classes for stop 48, not in the collection's tune part)
    (
        "Aug 08 10:16:35 box sshd[583]: pam_unix(sshd:session): session opened for user "
        "harvik(uid=1000) by (uid=0)\n",
        "harvik",
    ),
    (
        "Mar  3 09:12:01 box sudo:   teolin : TTY=pts/0 ; PWD=/srv/app ; USER=root ; "
        "COMMAND=/usr/bin/apt update\n",
        "teolin",
    ),
    ("sshd[912]: Accepted publickey for morvane from 10.0.0.5 port 50522 ssh2\n", "morvane"),
    # a cloud identity's resource name: AWS IAM, with a path or masked account; Alibaba RAM
    ('    "Arn": "arn:aws:iam::518273640192:user/kestrov"\n', "kestrov"),
    ("arn:aws:iam::xxxxxxxxxxxx:user/division/dormek\n", "dormek"),
    ('    "Arn": "acs:ram::1140635653649189:user/yuhanl",\n', "yuhanl"),
    # the column shapes 1.15.1 asks for: w's FROM '-', macOS last without a host, tabs
    ("kevlar    tty1     -                10:00    1:00m  0.05s  0.01s -bash\n", "kevlar"),
    ("dunmore   ttys000                   Fri Aug 14 15:43   still logged in\n", "dunmore"),
    ("pellow\tpts/0\t10.0.0.5\tFri Aug 14 15:43 - 16:00  (00:17)\n", "pellow"),
]


# No harm (batch 48's tune part and batch 47's known misses): system accounts in login
# records, DevStack's account, a build robot's commits, assumed roles, placeholder addresses
# by their local part, placeholder and typed-over passwords.
NOBODY_48: list[str] = [
    "reboot   system boot  6.11.10-amd64    Fri Dec 13 20:02 - still running\n",
    "sddm     tty2         :0               Mon Dec  9 20:32 - crash\n",
    "root     pts/1        10.9.5.80        Fri Aug 14 15:43 - crash  (00:08)\n",
    "USER     TTY      FROM              LOGIN@   IDLE   JCPU   PCPU WHAT\n",
    "no crontab for root\n",
    "no crontab for ubuntu - using an empty one\n",
    "pam_unix(sshd:session): session opened for user root(uid=0) by (uid=0)\n",
    "pam_unix(sshd:session): session opened for user debian by (uid=0)\n",
    "sshd[912]: Invalid user oracle from 203.0.113.9 port 50522\n",
    "stack@cssosbe03-b04:~ docker ps -a\n",
    "Author: gsfbuildbot <support@gridprotectionalliance.org>\nDate:   Sat Apr 15 00:01:28 2023\n",
    "arn:aws:sts::123456789012:assumed-role/Admin/botocore-session-1701516435\n",
    'curl --data "username=user1@customer1.com&password=123" http://localhost:8000/tasks\n',
    "$ gcloud auth list\nACTIVE  ACCOUNT\n        foo@bar.com\n*       some.user@gmail.com\n",
    "ssh-copy-id -i ~/.ssh/id_rsa.pub user01@www.servidor.com\n",
    'curl -d "username=XXXX&password=YYYY&action=login" -c cookies.txt http://yourzmip/zm/\n',
    "index-url = https://some:auth@private_internal/index\n",
    """-d '{"username":"Test1","password":"adada"}' http://127.0.0.1:5000/api/users\n""",
    # a test account in a login record (batch 48's held-out part, after the rules were final)
    "testuser        pts/0           00:00   Nov 15 11:35:30\npasswd: password for testuser\n",
    # prose that names a terminal and a time is no login record (1.15.1, a review of 1.15.0)
    "The console output at 14:02 showed nothing unusual.\nRestart the server and check the logs.\n",
    "Use ssh to connect to the box, then at 10:30 check the logs again.\n",
    "Open console and wait until 12:00 before you retry.\n",
    "Connect ttyUSB0 at 115200 baud; boot finishes by 00:42 usually.\n",
    "Python :0 display opened at 3:15 pm.\nIs python on the path?\n",
    "Login ssh 10.0.0.5 Fri Aug 14 15:43 still logged in\nLogin again later.\n",
    "The meeting is at 10:00; bring the console cables and the ssh keys.\n",
    "2026-11-03 10:30:12,441 ERROR worker pts/3 stalled at 10:30\n",
]


@pytest.mark.parametrize(("text", "login"), LOGINS_48)
def test_a_login_record_or_identity_teaches_its_login(
    engine: Scrubber, text: str, login: str
) -> None:
    """Issue 35, batch 48 (after the blind run, not blind): a login record, ``crontab``'s
    answer and a cloud identity's resource name each teach the login, replaced wherever it
    recurs."""
    out = scrubbed(engine, text + f"cd /srv/{login}-notes\n")
    assert login not in out.lower()


@pytest.mark.parametrize("text", NOBODY_48)
def test_login_records_and_placeholders_that_name_nobody_stay(engine: Scrubber, text: str) -> None:
    """Do no harm (batch 48): system accounts, default and robot accounts, assumed roles,
    placeholder addresses and typed-over passwords stay as written."""
    assert scrubbed(engine, text) == text


def test_a_login_cut_by_a_pager_goes_with_the_login(engine: Scrubber) -> None:
    """journalctl cuts a long line with ``>``: the login's first letters there go too (batch
    48, home-manager's journal); a short line's ``<div>`` stays."""
    text = (
        "Cleaning up orphan links from /home/kevlund/.config\n"
        "Aug 08 10:16:35 nixos hm-activate-kevlund[583]: Activating configuration for kev>\n"
        "<div>\n"
    )
    out = scrubbed(engine, text)
    assert out.splitlines()[1].endswith(" for user1>") and out.endswith("<div>\n")
    assert "/home/user1/.config" in out
    html = "see /home/divyash/.config\nthe page renders a long list of items inside one <div>\n"
    assert scrubbed(engine, html).endswith("<div>\n")


def test_a_pager_cut_is_a_word_of_four_letters_with_the_logins_fixture(engine: Scrubber) -> None:
    """1.15.1 (a review of 1.15.0): a cut is a word after a space, of 4 letters or more (3 on
    a line that names the login), and takes the login's own fixture; an address's or a URL's
    ``.com>``/``.edu>`` stays."""
    pad = "Aug 08 10:16:35 nixos systemd[1]: Starting the long running unit of "
    text = f"cd /home/kevin/work\n{pad}User kevi>\n{pad}User kev>\n"
    assert scrubbed(engine, text).splitlines()[1:] == [f"{pad}User user1>", f"{pad}User kev>"]
    for home, tail in [
        ("cd /home/compton/work", "<maintainers@lists.example.com>"),
        ("PS C:\\Users\\eduardo>", "<https://cs.stanford.edu>"),
    ]:
        line = f"{pad}see {tail}"
        assert scrubbed(engine, f"{home}\n{line}\n").splitlines()[1] == line


@pytest.mark.parametrize(
    "text",
    [
        "postgresql://appuser:123123@db.prod.internal:5432/app\n",
        "postgresql://appuser:abcabc@db.prod.internal:5432/app\n",
        *(f"password={p}\n" for p in ("123123", "1212", "2525", "abcabc", "mama", "zzzz1")),
    ],
)
def test_a_repeated_password_is_still_a_password(engine: Scrubber, text: str) -> None:
    """1.15.1: only a placeholder character typed over (``XXXX``, ``****``) and the listed
    syllables (``adada``) are kept; another repeat is a password people choose."""
    password = text.split(":")[-2].split("@")[0] if "://" in text else text[9:-1]
    assert password not in scrubbed(engine, text)


def test_an_arn_word_user_is_replaced_in_the_arn_only(engine: Scrubber) -> None:
    """1.15.1: an IAM user named by a role word (``user/developer``) is replaced in its ARN and
    not learned for the document; a login there still is."""
    text = "arn:aws:iam::123456789012:user/developer\nThe developer fixed it.\n"
    assert scrubbed(engine, text) == text.replace("user/developer", "user/user1")
    out = scrubbed(engine, "arn:aws:iam::123456789012:user/kestrov\nask kestrov\n")
    assert "kestrov" not in out


def test_a_person_at_a_role_address_is_still_a_person(engine: Scrubber) -> None:
    """1.15.1: a git author's two-word name goes although the address is a role's; a build
    robot's glued name (``releasebot``, ``gsfbuildbot``) is a role login and stays."""
    text = "Author: Marta Kowalczyk <help@kowalczyk.dev>\nthanks Marta Kowalczyk\n"
    assert "Marta" not in scrubbed(engine, text) and "Kowalczyk" not in scrubbed(engine, text)
    assert not any(_a_name(b) for b in ("releasebot", "gsfbuildbot", "buildbot", "mergebot"))
    robot = "Author: releasebot <ci@acme.dev>\nreleasebot tagged v2\n"
    assert scrubbed(engine, robot).endswith("\nreleasebot tagged v2\n")
    team = "Author: GitHub Support <support@github.com>\nGitHub Support answered\n"
    assert scrubbed(engine, team) == team


def test_a_form_body_password_ends_at_the_next_field(engine: Scrubber) -> None:
    """``password=<value>&action=login``: the value is replaced, the next field stays."""
    out = scrubbed(engine, 'curl -d "username=XXXX&password=Kq7vT2mXbN9p&action=login" x\n')
    assert "Kq7vT2mXbN9p" not in out and "&action=login" in out


BATCH_48_TUNE_LEFT = [
    # known misses (tests/outside_corpus/SOURCE.md, "The stop-48 collection"); the two-letter
    # login of one prompt is found since 1.17.0 (it is nowhere else in its excerpt)
    "conda-conda-issues-5566: user (elsewhere) 'svc_riskcalc_prd'",
    "conda-conda-issues-5566: user (path) 'svc_riskcalc_prd'",
    "conda-conda-issues-5566: user (path) 'svc_riskcalc_prd'",
]


def test_batch_48_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 48's tune part after scrubber 1.15.0 (blind under 1.14.0: paths 14/21, elsewhere
    13/32, 9 of 44 damaged, 4 of 9 clean changed): exactly its known miss left (a service
    account's home, a labelling judgement); since 1.17.0 the two-letter login of one prompt is
    found and the placeholder address ``john@smith.com`` kept; everything else found and
    kept."""
    score = tune_score(engine, 48, tmp_path)
    assert score.docs == 30
    assert score.missed == BATCH_48_TUNE_LEFT
    assert [score.total[c] for c in ("user (path)", "user (elsewhere)", "email", "secret")] == [
        21,
        32,
        2,
        2,
    ]
    assert score.damage == []
    assert score.keeps == 44 and score.tails_kept == score.tails == 14
    assert (score.clean_touched, score.clean_docs) == ([], 9)


# Issue 35, batch 49's tune part and batch 48's known misses (after the blind run, not blind):
# each shape teaches its login, replaced wherever it recurs.
LOGINS_49: list[tuple[str, str]] = [
    # a Linux home inside a Windows path: WSL's rootfs and the old lxss folder
    ("C:\\Users\\pavlo\\AppData\\Local\\lxss\\home\\q82c\\.wsl\n", "q82c"),
    (
        "%localappdata%\\Packages\\CanonicalGroupLimited.UbuntuonWindows_79rhkp1fndgsc"
        "\\LocalState\\rootfs\\home\\tervik\\.bashrc\n",
        "tervik",
    ),
    # a record's user field written key="value" (mondoo, osquery, logfmt)
    ('  0: user name="marvok" uid=501 gid=20\n', "marvok"),
    ('time=12:01 level=info user="selvan" msg="job done"\n', "selvan"),
    # the brief's classes, not in the collection: a who-am-I answer at a prompt, net user,
    # Get-ChildItem C:\\Users
    ("$ whoami\nvostrik\n", "vostrik"),
    ("PS C:\\> whoami\ndesktop-7q2\\tamrel\n", "tamrel"),
    ("$ huggingface-cli whoami\nmerandi\norgs:  acme\n", "merandi"),
    ("User name                    pelmora\nFull Name                    \nComment\n", "pelmora"),
    (
        "    Directory: C:\\Users\n\nMode                 LastWriteTime         Length Name\n"
        "----                 -------------         ------ ----\n"
        "d-----        12/3/2021   9:05 AM                korvani\n"
        "d-r---        12/3/2021   9:05 AM                Public\n",
        "korvani",
    ),
    # a fork's owner in a log of merges (batch 48 known miss)
    (
        "Merge pull request #86 from q-optimize/binder-installs\n"
        "Merge pull request #75 from q-optimize/cut_by_photon_number\n"
        "Merge pull request #34 from dravik/further_fixes\n",
        "dravik",
    ),
]


@pytest.mark.parametrize(("text", "login"), LOGINS_49)
def test_a_nested_home_a_record_field_or_a_fork_teaches_its_login(
    engine: Scrubber, text: str, login: str
) -> None:
    """Issue 35, batch 49 (after the blind run, not blind): a WSL home under a Windows home, a
    record's ``user name="<login>"`` and a fork's owner in a log of merges each teach the
    login, replaced wherever it recurs."""
    out = scrubbed(engine, text + f"cd /srv/{login}-notes\n")
    assert login not in out.lower()


def test_a_pretty_git_log_line_names_its_author(engine: Scrubber) -> None:
    """``git log --pretty="%h %aN %ar %s"`` (batch 48's held-out known miss): the name between
    the short hash and the relative date is the author's, replaced; the subject stays."""
    text = (
        "95722ed Orlan Vessik 7 days ago             Merge pull request #86 from acme/x\n"
        "39ae727 Tamsin Dorel    2 months ago           Merge pull request #34 from acme/y\n"
    )
    out = scrubbed(engine, text)
    assert not any(n in out for n in ("Orlan", "Vessik", "Tamsin", "Dorel"))
    assert out.count("Merge pull request #") == 2 and "from acme/x" in out


# No harm (batch 49's tune part and batch 48's known misses): placeholder user folders,
# dot-folders, services' homes, placeholder tokens and passwords, system accounts in records.
NOBODY_49: list[str] = [
    "USERPROFILE=C:\\Users\\Foo\nDocuments location: C:\\Users\\Foo\\Documents\n",
    "$ python -c 'import site; site.getuserbase()'\n/boot/home/.local\n",
    "cat /var/lib/elkarbackup/.ssh/id_rsa.pub\n",
    "//npm.xyzcom/:_authToken=ABCDEF\n",
    "    token: 12345678ABCDEFG\n",
    "X-Auth-Token: abcdef123ghi4j5k67m8910n12op3qrs\n",
    """-d '{"email": "---------", "password": "password123"}'\n""",
    'user="root" host=db1 login="true"\n',
    "Merge pull request #1 from acme/a\nMerge pull request #2 from umbra/b\n",
    "#!/bin/sh\nwhoami\nhostname\n",
    "$ whoami\nroot\n",
    (
        "    Directory: C:\\Users\n\nMode                 LastWriteTime         Length Name\n"
        "d-----        1/14/2022  10:11 AM                defaultuser0\n"
        "d-r---        12/3/2021   9:05 AM                Public\n"
    ),
]


@pytest.mark.parametrize("text", NOBODY_49)
def test_placeholders_dot_folders_and_service_homes_stay(engine: Scrubber, text: str) -> None:
    """Do no harm (batch 49): ``C:\\Users\\Foo``, Haiku's ``/boot/home/.local`` (a dot-folder is
    nobody's name), a service's home under ``/var/lib``, the alphabet typed out as a token, a
    default word counted (``password123``), system accounts and switches in a record, and two
    merge sources that cannot be told apart stay as written."""
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(
    "text",
    [
        "//registry.npmjs.org/:_authToken=Qm7xZ2vK9pL4tR8wBn3c\n",
        "password: sunflower\n",
        "password: almost\n",
        "api_key=sqa_12345678ABCDEFHIJKLMNOPQRSTUV\n",
        "    token: 8fk2LmQ9zXcV7bN3pRta\n",
    ],
)
def test_a_random_or_dictionary_value_is_still_a_secret(engine: Scrubber, text: str) -> None:
    """The placeholder shapes of batch 49 are narrow: a random token, dictionary passwords (also
    one whose letters are in alphabetical order, ``almost``) and a provider's consecutive-body
    example (``sqa_12345678ABCDEF…``) are still replaced."""
    value = text.split("=", 1)[-1].split(": ", 1)[-1].strip()
    assert value not in scrubbed(engine, text)


# Issue 35, batch 50's tune part and the earlier known misses (after the blind run, not blind):
# each shape teaches its login or name, replaced wherever it recurs.
@pytest.mark.parametrize(
    ("text", "names"),
    [
        (  # ls -lia: an inode column before the mode, a month in the locale's word
            "$ ls -lia lefthook.yml\n"
            "39372773 -rw-rw-r-- 1 gravecode gravecode 285 dic 24 15:33 lefthook.yml\n",
            ["gravecode"],
        ),
        (  # sudo's refusal, after a tool's prefix and in quotes
            "error : rovi7 is not in the sudoers file. This incident will be reported.\n"
            '"rochi7 is not in the sudoers file. This incident will be reported."\n',
            ["rovi7", "rochi7"],
        ),
        ("[sudo] password for kevo: \nSorry, try again.\n", ["kevo"]),
        (  # /etc/passwd: a person's account by its number, its login and full name
            "[tkral@localhost ~]$ grep tkral /etc/passwd\n"
            "tkral:x:1000:1000:Tomas Kral,,,:/home/tkral:/bin/bash\n"
            "Tomas wrote this.\n",
            ["tkral", "Tomas Kral", "Tomas"],
        ),
        (  # macOS system_profiler SPSoftwareDataType (batch 49 known miss)
            "      System Version: macOS 10.15.7 (19H2)\n"
            "      User Name: Miroslav Kovalenko (jek)\n",
            ["Miroslav", "Kovalenko", "jek"],
        ),
        (  # a theme's exit status and mark before the prompt (batch 49 known miss)
            "0 ✓ dragan@hostname ~/project/tmp $ huggingface-cli login\n"
            "1 ✗ dragan@hostname ~/project/tmp $ ls\n",
            ["dragan"],
        ),
        (  # a two-letter login in one prompt, named nowhere else (batch 48 known miss)
            "rb@ATMS-DEV MINGW64 /c/GPA/gsf.g (master)\n$ git log\n",
            ["rb"],
        ),
        (  # a login as the argument of a look-up command (batch 49 known miss)
            "$ npx github-email jude\nEmail on GitHub: \n",
            ["jude"],
        ),
        ("$ id kevo\nuid=1000(kevo) gid=1000(kevo)\n", ["kevo"]),
    ],
)
def test_logins_and_names_from_stop_50_shapes(
    engine: Scrubber, text: str, names: list[str]
) -> None:
    """The shapes batch 50's tune part and the earlier known misses showed: an ``ls -li``
    owner, sudo's refusal and prompt, a ``passwd`` line's login and full name, macOS's
    ``User Name: First Last (login)``, a status-prefixed prompt, a two-letter login of a prompt
    that the text names nowhere else, a login typed as a look-up command's argument."""
    out = scrubbed(engine, text)
    for name in names:
        assert not regex.search(rf"(?i)(?<![A-Za-z0-9]){regex.escape(name)}(?![A-Za-z0-9])", out)


def test_a_user_folder_glued_to_its_dot_folder_keeps_the_dot_folder(
    engine: Scrubber, tmp_path: Path
) -> None:
    """``C:\\Users\\<u>.copaw\\models\\…`` (an agent UI's log, a separator lost) beside the same
    user's ``C:\\Users\\<u>\\AppData``: only the name is replaced, the dot-folder and the model
    path stay, also scrubbed as a file (the output re-scans clean). A dotted login with no such
    evidence is one name, also beside its first name as a home under another root."""
    text = (
        "Failed to load model from file: C:\\Users\\dwkpp.copaw\\models\\Qwen3-Q4_K_M.gguf "
        "(Details: C:\\Users\\dwkpp\\AppData\\Local\\Temp\\copaw_query_error.json)\n"
    )
    expected = (
        "Failed to load model from file: C:\\Users\\user1.copaw\\models\\Qwen3-Q4_K_M.gguf "
        "(Details: C:\\Users\\user1\\AppData\\Local\\Temp\\copaw_query_error.json)\n"
    )
    assert scrubbed(engine, text) == expected
    assert scrub_file_text(tmp_path / "log.txt", text, scrubber=engine).text == expected
    dotted = 'if exist "C:\\Users\\tiago.b.ferreira\\mavenrc_post.bat" call x\n'
    assert scrubbed(engine, dotted) == 'if exist "C:\\Users\\user1\\mavenrc_post.bat" call x\n'
    # a dotted Windows login beside the same first name as a Linux login (two machines, two
    # roots): the dotted name is one name, its surname goes with it
    two = "open C:\\Users\\john.smith\\proj\\a.py\nssh john@srv\n/home/john/.ssh/id_rsa\n"
    out = scrubbed(engine, two)
    assert "smith" not in out and "john" not in out
    assert out.startswith("open C:\\Users\\user1\\proj\\a.py\n")


@pytest.mark.parametrize(
    "text",
    [
        "[sudo] password for admin: \nadmin is not in the sudoers file.  This incident will be"
        " reported.\n",
        "[Save as Root] exit code 1: <user> is not in the sudoers file.\n",
        "root:x:0:0:root:/root:/bin/bash\nsshd:x:110:65534::/run/sshd:/usr/sbin/nologin\n"
        "nobody:x:65534:65534:Kernel Overflow User:/:/sbin/nologin\n",
        "tar.exe: Couldn't open C:/Users/runneradmin/.gradle/caches/transforms-2/x.lock\n",
        "Contact: john@smith.com or jane@doe.com\n",
        "rb@ATMS-DEV MINGW64 /c/x\n$ python -c \"open(f, 'rb')\"\n",
        "$ id -u\n1000\n$ su - root\n$ su - postgres\n",
        "ec2-user:x:1000:1000:EC2 Default User:/home/ec2-user:/bin/bash\n"
        "vagrant:x:1000:1000:vagrant,,,:/home/vagrant:/bin/bash\nUse EC2 here.\n",
        "drwxr-xr-x  2 root root 4096 dic 24 15:33 etc\n",
    ],
)
def test_stop_50_accounts_and_placeholders_stay(engine: Scrubber, text: str) -> None:
    """No harm: sudo's role account and placeholder, system accounts' ``passwd`` lines, GitHub's
    Windows runner account, documentation's unknown person split across the ``@``
    (``john@smith.com``), a two-letter prompt login that is also a word of the text (``"rb"``,
    Python's mode), ``id``'s switches, ``root`` and ``postgres``, and the ``passwd`` lines of
    cloud and Vagrant images' default accounts, whose comment field is no person's name (``EC2
    Default User``: ``EC2`` elsewhere stays)."""
    assert scrubbed(engine, text) == text


def test_batch_50_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 50's tune part after scrubber 1.17.0 (blind under 1.16.2: paths 57/58, elsewhere
    23/28, 3 of 66 damaged, 1 of 8 clean changed): exactly its known miss left (a GitHub login
    as a folder under ``~/code``, no evidence it is one: ``tests/outside_corpus/SOURCE.md``);
    everything else found, every keep span and library tail kept."""
    score = tune_score(engine, 50, tmp_path)
    assert score.docs == 32
    assert score.missed == ["mscdex-ssh2-issues-1045: user (path) 'OmgImDorian'"]
    totals = [score.total[c] for c in ("user (path)", "user (elsewhere)", "email", "secret")]
    assert totals == [58, 28, 0, 1]
    assert score.damage == [] and score.keeps == 66
    assert score.tails_kept == score.tails == 49
    assert (score.clean_touched, score.clean_docs) == ([], 8)


def test_batch_51_tune_part_holds_what_was_measured(engine: Scrubber, tmp_path: Path) -> None:
    """Batch 51's tune part after scrubber 1.17.2 (blind under 1.17.1: paths 24/29, elsewhere
    4/6, 0 of 36 damaged, 0 of 11 clean changed): the login under ``/hdd1/users/<u>/`` found
    (``tests/test_scrub_home_under_a_mount.py``); exactly its known misses left (a folder under
    ``/scratch`` beside a learned user's with no home's evidence, a letter's recipient's surname
    in a file name: ``tests/outside_corpus/SOURCE.md``); every keep span and library tail kept."""
    score = tune_score(engine, 51, tmp_path)
    assert score.docs == 22
    assert score.missed == [
        "jupyter-jupyter_core-issues-138: user (path) 'vuong'",
        "msiniscalchi-atom-latextools-issues-24: user (elsewhere) 'Ostkamp'",
        "msiniscalchi-atom-latextools-issues-24: user (elsewhere) 'Ostkamp'",
    ]
    totals = [score.total[c] for c in ("user (path)", "user (elsewhere)", "email", "secret")]
    assert totals == [29, 6, 0, 1]
    assert score.damage == [] and score.keeps == 36
    assert score.tails_kept == score.tails == 20
    assert (score.clean_touched, score.clean_docs) == ([], 11)

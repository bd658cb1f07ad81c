# ruff: noqa: E501, W291, W293  (pasted lines are kept as they were: long, trailing blanks)
"""The real-threads corpus: excerpts of what people pasted into public GitHub issues (issue 35).

Unlike ``pasted.py`` (written anew in the shape of public threads), every document here is an
excerpt of machine output or configuration that a person really pasted into the public thread
its ``source`` names (tracebacks, ``conda info``, npm and pip logs, shell, zsh, macOS, Git Bash
and PowerShell prompts, ``.gitconfig``, ``git config --list``, curl with headers, ``kubectl``
and ``docker`` output, CI and SLURM logs, GAIA's own issues at amd/gaia). They were found
through the ``issues`` corpus of public GitHub threads on 2026-12-03. Only short excerpts of
tool output are kept, not the people's prose, and every private value in them (a user or login
name, a person's name, an e-mail address, a credential) was replaced by a same-shaped
substitute: a different invented name of the same shape (a space stays a space, a dot a dot,
digits stay digits), a fake token of the same format. Public material is left as pasted:
library paths, role and placeholder names (``root``, ``Admin``, ``John Doe``, ``xxx``,
``YOUR_ACCESS_TOKEN``), documented example keys, masked values (``***``), public ids.

Labels are inline, as in ``pasted.py``: ``[[user:NAME]]`` (a user or login name, or a person's
name), ``[[email:ADDR]]``, ``[[secret:VALUE]]``, ``{{keep:TEXT}}`` (public text that must come
out unchanged: a library tail after a home, a placeholder, a public id).

The split was fixed before the scrubber ran on any of it: a document is HELD OUT when the
SHA-256 of its source URL, read as an integer, is 0 modulo 3 (``held_out``), so the excerpts of
one thread are all on one side. The tune part was used to find and fix rule misses; the
held-out part was scored once, at the end (``tests/benchmarks/bench_scrub_real.py``).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from tests.outside_corpus.pasted import Document, parse


@dataclass(frozen=True)
class RealDocument:
    doc: Document
    suffix: str
    """The file suffix it is scrubbed as (``.txt`` unless the excerpt is a whole YAML/JSON)."""
    batch: int = 40
    """The collection: 40 (the stop that wrote the rules from its tune part), 42 or 43 (each
    collected after the rules before it, its held-out part measured once when that stop's code
    was done), 44 (collected after the stop-43 rules and scored once, both parts, with no rule
    changed afterwards), 45 (collected after scrubber 1.11.0 and scored once, both parts, blind,
    before the stop-45 fixes), 46 (collected after scrubber 1.12.0 and scored once, both parts,
    blind, before the stop-46 fixes), 47 (collected after scrubber 1.13.0 and scored once, whole,
    blind, before the stop-47 fixes), 48 (collected after scrubber 1.14.0 and scored once, whole,
    blind, before the stop-48 fixes), 49 (collected after scrubber 1.15.0 and scored once,
    whole, blind, before the stop-49 fixes), 50 (collected after scrubber 1.16.2 and scored once,
    whole, blind, before the stop-50 fixes), 51 (collected after scrubber 1.17.1 and scored once,
    whole, blind, before the stop-51 fixes), 52 (collected after scrubber 1.17.2 and scored
    once, whole, blind, before the stop-52 fixes), 53 (collected after scrubber 1.18.0 and scored
    once, whole, blind, before the stop-53 fixes), 54 (collected after scrubber 1.19.0 and scored
    once, per part, blind, before the stop-54 fixes), 55 (collected after scrubber 1.21.0 and
    scored once, per part, blind, before the stop-55 fixes), 56 (collected after scrubber 1.22.0
    and scored once, per part, blind, before the stop-56 fixes), 57 (collected after scrubber
    1.23.0 and scored once, per part, blind, before the stop-57 fixes), 58 (collected after
    scrubber 1.24.0 and scored once, per part, blind, before the stop-58 fixes), 59 (collected after
    scrubber 1.26.0 and scored once, per part, blind, before any stop-59 fix), 60 (collected
    after scrubber 1.26.0, aimed at user names elsewhere than in paths, and scored once, per
    part, blind, with no rule changed after it), 61 (excerpts of files committed in public
    repositories, not of threads, collected at stop 50 and scored once, per part, blind, under
    scrubber 1.26.0, no rule changed), 62 (files committed in public repositories, like 61),
    63 (threads), 64 (files committed in public repositories: IDE, build and dotfiles) and 65
    (threads from machines not in English), all collected at stop 50 after scrubber 1.27.0, and
    66 (threads) and 67 (committed dotfiles and credential files), collected after 1.28.0, and 68
    (threads aimed at names elsewhere than in paths and at damage), collected after 1.29.0, and 69
    (threads, the same aim) and 70 (committed gh, hub, Docker, Jupyter, R and other tool
    configuration), collected after 1.30.0, and 71 (threads, the aim of 68), collected after
    1.31.0, and 72 (threads: the environment reports bug templates ask for) and 73 (threads of
    LLM agent frameworks, MCP servers and local model servers) and 74 (committed database client,
    autoconf, shell history, mailmap and launcher files), collected after 1.32.0, and 75 (threads:
    Windows administration output), 76 (threads: Linux system logs) and 77 (threads: Apple and
    mobile crash and build reports), collected at stop 51 after 1.32.0 and 1e55f1d's rules, and
    78 (threads: data engineering tools' output) and 79 (threads: CI runners on people's own
    machines and cloud identity answers), collected after 1.33.0, and 80 (threads: editors' and
    their extensions' diagnostics) and 81 (threads: other ecosystems' package managers,
    verbose), collected after 1.33.0 too, and 82 (threads: VPN and remote-access clients' logs)
    and 83 (threads: creative and game-development tools' logs and crash reports), collected
    after 1.35.0, and 84 (threads: browsers' and Electron desktop apps' logs), collected after
    1.37.0;
    each scored once, per part, blind, no rule changed after them."""

    @property
    def held_out(self) -> bool:
        return held_out(self.doc.source)


def held_out(url: str) -> bool:
    return int(hashlib.sha256(url.encode()).hexdigest(), 16) % 3 == 0


_RAW: list[tuple[str, str, str]] = [
    # ---- conda info -------------------------------------------------------------------------
    (
        "https://github.com/conda/conda/issues/3794",
        ".txt",
        r"""(c:\testenv) C:\>conda info
Current conda install:

               platform : win-64
          conda version : 4.2.12
       root environment : C:\Anaconda3  (writable)
    default environment : c:\testenv
       envs directories : C:\Anaconda3\envs
          package cache : C:\Anaconda3\pkgs
            config file : C:\Users\[[user:tkorsan]]{{keep:\.condarc}}
           offline mode : False
""",
    ),
    (
        "https://github.com/conda/conda/pull/5269",
        ".txt",
        """$ python -m conda info
Current conda install:

               platform : osx-64
       envs directories : /usr/local/Cellar/python3/3.5.2_1/Frameworks/Python.framework/Versions/3.5/envs
                          /Users/[[user:lbrandt]]{{keep:/.conda/envs}}
          package cache : /usr/local/Cellar/python3/3.5.2_1/Frameworks/Python.framework/Versions/3.5/pkgs
                          /Users/[[user:lbrandt]]{{keep:/.conda/pkgs}}
            config file : /Users/[[user:lbrandt]]{{keep:/.condarc}}
""",
    ),
    (
        "https://github.com/microsoft/vscode-python/issues/16596",
        ".txt",
        """Info 2021-07-07 14:09:44: Found conda via filesystem probing: conda
Info 2021-07-07 14:09:45: conda info --json: {
  "active_prefix": "/opt/anaconda3/2021.05",
  "av_data_dir": "/opt/anaconda3/2021.05/etc/conda",
  "conda_location": "/opt/anaconda3/2021.05/lib/python3.8/site-packages/conda",
  "env_vars": {
    "CONDA_PROMPT_MODIFIER": "(base) ",
    "FTP_PROXY": "<set>",
    "HTTPS_PROXY": "<set>",
""",
    ),
    (
        "https://github.com/conda/conda/issues/7823",
        ".txt",
        """     active environment : bugreport
    active env location : /opt/miniconda/envs/bugreport
       user config file : /Users/[[user:pelgrave]]{{keep:/.condarc}}
 populated config files : /opt/miniconda/.condarc
          package cache : /opt/miniconda/pkgs
                          /Users/[[user:pelgrave]]{{keep:/.conda/pkgs}}
       envs directories : /opt/miniconda/envs
                          /Users/[[user:pelgrave]]{{keep:/.conda/envs}}
             user-agent : conda/4.5.11 requests/2.18.4 CPython/3.6.5 Darwin/15.6.0 OSX/10.11.6
""",
    ),
    (
        "https://github.com/conda/conda/issues/5147",
        ".txt",
        """$ conda info -a
Current conda install:
               platform : linux-64
       root environment : /opt/wakari/anaconda  (read only)
    default environment : /projects/[[user:rmaddoxe]]{{keep:/MarketStructureAnalysis/envs/default}}
       envs directories : /projects/[[user:rmaddoxe]]{{keep:/MarketStructureAnalysis/DEFAULTS}}
""",
    ),
    (
        "https://github.com/conda/conda/issues/8047",
        ".txt",
        r"""     active environment : base
    active env location : D:\Program Files\Anaconda3
       user config file : D:\Cadence\Cadence\SPB_Data\.condarc
          package cache : D:\Program Files\Anaconda3\pkgs
                          {{keep:C:\Users\xxx\AppData\Local\conda\conda\pkgs}}
       envs directories : D:\Program Files\Anaconda3\envs
                          {{keep:C:\Users\xxx\AppData\Local\conda\conda\envs}}
""",
    ),
    (
        "https://github.com/Liquidmantis/PSCondaEnvs/issues/9",
        ".txt",
        r"""       active environment : None
       user config file : C:\Users\[[user:josef]]{{keep:\.condarc}}
       populated config files : C:\Users\[[user:josef]]{{keep:\.condarc}}
       base environment : C:\Users\[[user:josef]]{{keep:\Anaconda3}}  (writable)
          package cache : C:\Users\[[user:josef]]{{keep:\Anaconda3\pkgs}}
                          C:\Users\[[user:josef]]{{keep:\AppData\Local\conda\conda\pkgs}}
""",
    ),
    (
        "https://github.com/conda/conda/issues/6010",
        ".txt",
        """               platform : osx-64
          conda version : 4.3.23
       root environment : /Users/[[user:bquillon]]{{keep:/anaconda}}  (writable)
    default environment : /Users/[[user:bquillon]]{{keep:/anaconda}}
       envs directories : /Users/[[user:bquillon]]{{keep:/anaconda/envs}}
                          /Users/[[user:bquillon]]{{keep:/.conda/envs}}
""",
    ),
    (
        "https://github.com/conda/conda/issues/7230",
        ".txt",
        r"""(chemistry) C:\Users\[[user:ravik]]>conda info

     active environment : chemistry
    active env location : C:\Anaconda3\envs\chemistry
       user config file : C:\Users\[[user:ravik]]{{keep:\.condarc}}
 populated config files : C:\Users\[[user:ravik]]{{keep:\.condarc}}
""",
    ),
    # ---- npm --------------------------------------------------------------------------------
    (
        "https://github.com/NodeOS/NodeOS/issues/462",
        ".txt",
        r"""npm error npm error A complete log of this run can be found in: C:\Users\[[user:mirv7]]{{keep:\AppData\Local\npm-cache\_logs\2026-05-05T}}
17_48_32_618Z-debug-0.log
npm error A complete log of this run can be found in: C:\Users\[[user:mirv7]]{{keep:\AppData\Local\npm-cache\_logs\2026-05-05T17_47_06_4}}
71Z-debug-0.log
""",
    ),
    (
        "https://github.com/react/create-react-app/issues/9962",
        ".txt",
        r"""npm ERR! A complete log of this run can be found in:
npm ERR!     {{keep:C:\Users\Admin\AppData\Roaming\npm-cache\_logs\2020-10-30T08_53_53_213Z-debug.log}}

Aborting installation.
""",
    ),
    (
        "https://github.com/npm/npm/issues/19723",
        ".txt",
        r"""npm ERR!     C:\Users\[[user:Vaszo]]{{keep:\AppData\Roaming\npm-cache\_logs\2018-02-01T11_36_20_643Z-debug.log}}
""",
    ),
    (
        "https://github.com/wonday/react-native-live-stream/issues/27",
        ".txt",
        """**npm ERR! A complete log of this run can be found in:**
{{keep:user/.npm/_logs/2020-04-29T11_11_21_418Z-debug.log}}
""",
    ),
    (
        "https://github.com/Hujjat/laravStart/issues/8",
        ".txt",
        r"""npm ERR! A complete log of this run can be found in:
npm ERR!     C:\Users\[[user:Ptech]]{{keep:\AppData\Roaming\npm-cache\_logs\2018-12-28T00_39_00_413Z-debug.log}}
""",
    ),
    (
        "https://github.com/ampache/ampache/issues/4286",
        ".txt",
        """34 error A complete log of this run can be found in: /tmp/_cacache/_logs/2025-09-29T10_22_38_654Z-debug-0.log
""",
    ),
    (
        "https://github.com/npm/npm/issues/7289",
        ".txt",
        """6 error System Linux 3.13.0-37-generic
7 error command "/usr/bin/nodejs" "/usr/bin/npm" "completion"
8 error cwd /home/[[user:velmar]]
9 error node -v v0.10.25
""",
    ),
    (
        "https://github.com/safex/safex_wallet/issues/49",
        ".txt",
        """[[user:QuilP]]s-MacBook-Pro:harborview.ny.gov [[user:quilp]]$ npm install
up to date in 9.265s
[[user:QuilP]]s-MacBook-Pro:harborview.ny.gov [[user:quilp]]$ npm run dev
npm ERR! missing script: dev

npm ERR! A complete log of this run can be found in:
npm ERR!     /Users/[[user:quilp]]{{keep:/.npm/_logs/2019-02-25T16_13_58_775Z-debug.log}}
""",
    ),
    (
        "https://github.com/wombats-writing-code/xoces/issues/1",
        ".txt",
        r"""Error: Cannot find module 'npmlog'
    at Function.Module._resolveFilename (module.js:325:15)
    at C:\Users\[[user:zz-kbarlow]]{{keep:\AppData\Roaming\npm\node_modules\npm\bin\npm-cli.js}}:19:13
    at Object.<anonymous> (C:\Users\[[user:zz-kbarlow]]{{keep:\AppData\Roaming\npm\node_modules\npm\bin\npm-cli.js}}:75:3)
""",
    ),
    (
        "https://github.com/npm/npm/issues/18309",
        ".txt",
        r"""[[user:marsh.keldon]]@IFB730251 MINGW64 /c/temp/npm-test
$ npm info --verbose
npm info it worked if it ends with ok
npm verb cli [ 'C:\\Program Files\\nodejs\\node.exe',
npm verb cli   'C:\\Users\\[[user:marsh.keldon]]{{keep:\\AppData\\Roaming\\npm\\node_modules\\npm\\bin\\npm-cli.js}}',
npm verb request uri https://nexusrepo.myrepo.com:8443/repository/group/npm-test
npm verb request using bearer token for auth
""",
    ),
    (
        "https://github.com/npm/npm/issues/12758",
        ".txt",
        """53 verbose stack     at Request.self.callback (/Users/[[user:brindleoak]]{{keep:/.nvm/versions/node/v6.1.0/lib/node_modules/npm/node_modules/request/request.js}}:199:22)
56 verbose cwd /Users/[[user:brindleoak]]{{keep:/Projects/my-project}}
58 error argv "/Users/[[user:brindleoak]]{{keep:/.nvm/versions/node/v6.1.0/bin/node}}" "/Users/[[user:brindleoak]]{{keep:/.nvm/versions/node/v6.1.0/bin/npm}}" "install"
62 error Registry returned 401 for GET on https://registry.npmjs.org/rxjs-fetch
""",
    ),
    (
        "https://github.com/wit-ai/node-wit/issues/45",
        ".txt",
        """WI0035947P:node-wit [[user:rpellin]]$ npm install node-wit 
npm ERR! Darwin 15.0.0
npm ERR! code E401
npm ERR! Please include the following file with any support request:
npm ERR!     /Users/[[user:rpellin]]{{keep:/Documents/projects_node/node-wit/npm-debug.log}}
""",
    ),
    (
        "https://github.com/npm/npm/issues/17577",
        ".txt",
        """npm info it worked if it ends with ok
npm verb cli [ '/Users/[[user:jmalvarez]]{{keep:/.nvm/versions/node/v8.1.3/bin/node}}',
npm verb cli   '/Users/[[user:jmalvarez]]{{keep:/.nvm/versions/node/v8.1.3/bin/npm}}',
npm http fetch GET 401 {{keep:https://(URL redacted)/chakram}} 912ms
""",
    ),
    (
        "https://github.com/npm/npm-registry-client/issues/23",
        ".txt",
        """1. edit your `.npmrc` file, changing the line:
   `_auth = {{keep:$REAL_AUTH_TOKEN}}`
   to
   `_auth = {{keep:$SOMETHING_ELSE}}`
""",
    ),
    # ---- Python tracebacks and pip -----------------------------------------------------------
    (
        "https://github.com/openai/go-vncdriver/issues/33",
        ".txt",
        """{{keep:root}}@kali2025:~# python
Traceback (most recent call last):
  File "/usr/lib/python2.7/site.py", line 563, in <module>
    main()
IOError: invalid Python installation: unable to open /usr/lib/python2.7/config/Makefile (No such file or directory)
""",
    ),
    (
        "https://github.com/skorokithakis/catt/issues/182",
        ".txt",
        """Traceback (most recent call last):
  File "/usr/local/bin/catt", line 6, in <module>
    from catt.cli import main
  File "/usr/local/lib/python2.7/dist-packages/catt/cli.py", line 7, in <module>
    from pathlib import Path
ImportError: No module named pathlib
""",
    ),
    (
        "https://github.com/vors/jupyter-powershell/issues/36",
        ".txt",
        r"""Traceback (most recent call last):
  File "C:\Python38\lib\site-packages\powershell_kernel\kernel.py", line 62, in do_execute
    self.__createProxy()
  File "C:\Python38\lib\subprocess.py", line 1307, in _execute_child
FileNotFoundError: [WinError 2] The system cannot find the file specified
""",
    ),
    (
        "https://github.com/pypa/pip/issues/10831",
        ".txt",
        r""" WARNING: The script f2py.exe is installed in 'C:\Users\[[user:lixue]]{{keep:\AppData\Roaming\Python\Python310\Scripts}}' which is not on PATH.
 C:\Users\[[user:lixue]]>pip install numpy
Defaulting to user installation because normal site-packages is not writeable
Collecting numpy
  Using cached numpy-1.22.1-cp310-cp310-win_amd64.whl (14.7 MB)
""",
    ),
    (
        "https://github.com/neolee/wop-community/issues/302",
        ".txt",
        """[[user:meihua]]@[[user:meihua]]deMacBook-Pro ~ % python3 get-pip.py
Defaulting to user installation because normal site-packages is not writeable
Collecting pip
  WARNING: The scripts pip, pip3 and pip3.8 are installed in '/Users/[[user:meihua]]{{keep:/Library/Python/3.8/bin}}' which is not on PATH.
""",
    ),
    (
        "https://github.com/pypa/pip/issues/2985",
        ".txt",
        """Installing collected packages: requests, httpie
Exception:
Traceback (most recent call last):
  File "/home/[[user:tarquinel]]{{keep:/.local/lib/python2.7/site-packages/pip/basecommand.py}}", line 223, in main
    status = self.run(options, args)
  File "/home/[[user:tarquinel]]{{keep:/.local/lib/python2.7/site-packages/pip/commands/install.py}}", line 299, in run
""",
    ),
    (
        "https://github.com/pypa/pip/issues/5379",
        ".txt",
        """Installing collected packages: pip, setuptools, wheel
  WARNING: The script wheel is installed in '/root/.local/bin' which is not on PATH.
Successfully installed pip-19.2.1 setuptools-41.0.1 wheel-0.33.4
""",
    ),
    (
        "https://github.com/scriptorron/indi_pylibcamera/issues/105",
        ".txt",
        """{{keep:stellarmate}}@stellarmate:~ $ sudo python3 -m venv --system-site-packages ~/venv_indi_pylibcamera
Defaulting to user installation because normal site-packages is not writeable
ERROR: Will not install to the user site because it will lack sys.path precedence to pip in {{keep:/home/stellarmate/venv_indi_pylibcamera/lib/python3.11/site-packages}}
""",
    ),
    (
        "https://github.com/nkarasiak/MuseoToolBox/issues/27",
        ".txt",
        """> WARNING: The scripts f2py, f2py3 and f2py3.7 are installed in '{{keep:/home/[user]/.local/bin}}' which is not on PATH.
""",
    ),
    (
        "https://github.com/pypa/pip/issues/198",
        ".txt",
        """    error: can't combine user with with prefix/exec_prefix/home or install_(plat)base
    Complete output from command /usr/bin/python -c "import setuptools; __file__='/home/[[user:olav]]{{keep:/projects/build/colorama/setup.py}}'; execfile('/home/[[user:olav]]{{keep:/projects/build/colorama/setup.py}}')" install --single-version-externally-managed --record /tmp/pip-gr5_JV-record/install-record.txt --user:
""",
    ),
    (
        "https://github.com/pytorch/pytorch/issues/79407",
        ".txt",
        """Traceback (most recent call last):
  File "/data1/[[user:qlm]]{{keep:/.conda/envs/opt/bin/opt-baselines}}", line 33, in <module>
  File "/data1/[[user:qlm]]{{keep:/.conda/envs/opt/lib/python3.7/site-packages/metaseq-0.0.1-py3.7-linux-x86_64.egg/metaseq/launcher/sweep.py}}", line 378, in main
RuntimeError: Where are you running this?! Check DATA_LOCATIONS.
""",
    ),
    (
        "https://github.com/zjhuang22/maskscoring_rcnn/issues/87",
        ".txt",
        """  File "tools/train_net.py", line 32, in train
    model.to(device)
  File "/home/[[user:tvo]]{{keep:/miniconda3/envs/maskrcnn_benchmark/lib/python3.6/site-packages/torch/nn/modules/module.py}}", line 384, in to
    return self._apply(convert)
""",
    ),
    (
        "https://github.com/harsh-99/SCL/issues/32",
        ".txt",
        """File "/home/[[user:wqz]]{{keep:/anaconda3/envs/SWDA/lib/python3.6/site-packages/torch/nn/modules/conv.py}}", line 301, in forward self.padding, self.dilation, self.groups) RuntimeError: cublas runtime error : the GPU p
""",
    ),
    (
        "https://github.com/SkBlaz/san/issues/1",
        ".txt",
        """Traceback (most recent call last):
  File "/Users/[[user:bertil]]{{keep:/git/Feature-Importance-SAN/san/__init__.py}}", line 157, in fit
    for i, (features, labels) in enumerate(dataloader):
  File "/opt/anaconda3/envs/py3.7/lib/python3.7/site-packages/torch/utils/data/dataloader.py", line 819, in __next__
""",
    ),
    (
        "https://github.com/volume-em/empanada-napari/issues/35",
        ".txt",
        """    Local variables:
       f = '/Users/[[user:fabiolemaire]]{{keep:/.empanada/MitoNet_v1_quantized.pth}}'
       map_location = device(type='cpu')
Platform: macOS-14.6.1-arm64-arm-64bit
""",
    ),
    (
        "https://github.com/MediaCrush/MediaCrush/issues/167",
        ".txt",
        """~/service/webapps/mediacrush$ python /home/[[user:briskel]]{{keep:/service/webapps/mediacrush/app.py}}
Traceback (most recent call last):
  File "/home/[[user:briskel]]{{keep:/service/webapps/mediacrush/app.py}}", line 6, in <module>
IOError: [Errno 2] No such file or directory: 'config.ini'
""",
    ),
    (
        "https://github.com/ideascube/ideascube/issues/727",
        ".txt",
        """{{keep:root}}@idc-import:~/Literatura# sudo ideascube import_medias --dry-run literatura2.csv 
Traceback (most recent call last):
  File "/usr/share/python/ideascube/bin/django-admin", line 9, in <module>
""",
    ),
    (
        "https://github.com/DIGITALCRIMINAL/ArchivedUltimaScraper/issues/36",
        ".txt",
        r"""Traceback (most recent call last):
  File "C:\Users\[[user:mbrkic]]{{keep:\OneDrive\Bureaublad\OnlyFans-7.5\start_ofd.py}}", line 16, in <module>
    import datascraper.main_datascraper as main_datascraper
SyntaxError: invalid syntax
""",
    ),
    (
        "https://github.com/mistralai/mistral-finetune/issues/93",
        ".txt",
        """Processing user site-packages
Adding directory: '/home/[[user:corvinus]]{{keep:/.local/lib/python3.10/site-packages}}'
Processing global site-packages
Adding directory: '/usr/local/lib/python3.10/dist-packages'
""",
    ),
    (
        "https://github.com/pytorch/examples/issues/1241",
        ".txt",
        """that is in miniconda3/lib/python3.12/site-packages/torch/utils/data/_utils/signal_handling.py
""",
    ),
    (
        "https://github.com/aws/aws-cli/issues/6175",
        ".txt",
        """2021-05-17 12:00:26,357 - MainThread - botocore.loaders - DEBUG - Loading JSON file: /Users/[[user:mdevar]]{{keep:/.pyenv/versions/miniconda3-latest/lib/python3.8/site-packages/botocore/data/s3/2006-03-01/paginators-1.json}}
""",
    ),
    # ---- Windows prompts, PowerShell, names with spaces --------------------------------------
    (
        "https://github.com/microsoft/nni/pull/2754",
        ".txt",
        r"""cmd.exe : Python was not found but can be installed from the Microsoft Store: https://go.microsoft.com/fwlink?linkID=2082640
所在位置 C:\Users\[[user:zhanl]]{{keep:\nni\experiments\sVPyAII6\trials\Ik1oq\run.ps1}}:11 字符: 1
    + FullyQualifiedErrorId : NativeCommandError
""",
    ),
    (
        "https://github.com/PowerShell/PowerShell/issues/11977",
        ".txt",
        r"""PS C:\Users\[[user:evaskil]]> python
PS C:\Users\[[user:evaskil]]>

picking up _C:\Users\[[user:marckj]]{{keep:\AppData\Local\Microsoft\WindowsApps\python.exe}}_ which is supposed to launch the Microsoft Store
""",
    ),
    (
        "https://github.com/kohya-ss/sd-scripts/issues/296",
        ".txt",
        """cd : The 'Set-Location' command was found in the module 'Microsoft.PowerShell.Management', but the module could not be
loaded. For more information, run 'Import-Module Microsoft.PowerShell.Management'.
At line:2 char:1
    + FullyQualifiedErrorId : CouldNotAutoloadMatchingModule
""",
    ),
    (
        "https://github.com/amd/gaia/issues/40",
        ".txt",
        r"""GAIA Installation Log  [[user:Bellweth]]\AppData\Local\GAIA"\gaia_install.log"
Python: "C:\Users\[[user:Oskar Bellweth]]{{keep:\AppData\Local\GAIA\gaia_env\python.exe}}"  [[user:Bellweth]]\AppData\Local\GAIA"\gaia_install.log"
Install Dir: "C:\Users\[[user:Oskar Bellweth]]{{keep:\AppData\Local\GAIA}}"  [[user:Bellweth]]\AppData\Local\GAIA"\gaia_install.log"
'""C:\Users\[[user:Oskar]]' is not recognized as an internal or external command,
ERROR: Failed to update pip and dependencies  [[user:Bellweth]]\AppData\Local\GAIA"\gaia_install.log"
""",
    ),
    (
        "https://github.com/mintty/wsltty/issues/230",
        ".txt",
        r"""`C:\Users\[[user:Dario Venkatesh]]\`

Some of the errors look to be complaining about incomplete paths such as:
`C:\Users\[[user:Dario]]`
or
`[[user:Venkatesh]]\AppData\Local\wsltty`
""",
    ),
    (
        "https://github.com/mandiant/flare-vm/issues/445",
        ".txt",
        r"""My username was "[[user:Rashed Talukdar]]" and when the FlareVM installer was trying to install tools or required packages it was only using "[[user:Rashed]]" in path like this ``` C:\Users\[[user:Rashed]]``` but the path should be ``` C:\Users\[[user:Rashed Talukdar]]```
""",
    ),
    (
        "https://github.com/mintty/wsltty/issues/106",
        ".txt",
        r"""{{keep:C:\Users\John Doe}}  >> doesn't work
{{keep:C:\Users\John}}          >> works.
""",
    ),
    (
        "https://github.com/spyder-ide/spyder/issues/24471",
        ".txt",
        r"""In windows, my user is "{{keep:First Last}}" and this is the folder under `{{keep:c:\Users\First Last\}}`
I tried with using sysname assigned to the folder (when you run `dir /x` ) `{{keep:~FIRSLA1}}`
""",
    ),
    (
        "https://github.com/ETS2LA/ETS2LA/issues/188",
        ".txt",
        r"""{{keep:C:\Users\My Name\AppData\Local\Temp\ScriptOutput}}>python {{keep:C:\Users\My Name\AppData\Local\Temp\ScriptOutput\installer.py}}
python: can't open file '{{keep:C:\\Users\\My}}': [Errno 2] No such file or directory
""",
    ),
    (
        "https://github.com/nvm-windows/nvm/issues/195",
        ".txt",
        r"""I have found little error when someone has a space in username and so has path to default dir like `{{keep:C:\Users\firstname second\AppData\Roaming}}`
""",
    ),
    (
        "https://github.com/ubports/ubports-installer/issues/1451",
        ".txt",
        """My user director is "{{keep:C:/Users/First_Name Last_Name}}" where First and Last name are my actual name.
""",
    ),
    # ---- git config, .gitconfig, e-mails ------------------------------------------------------
    (
        "https://github.com/tapaswenipathak/GitGIFs/pull/77",
        ".txt",
        """[user]                                                                             
  name = [[user:Varsha Kelkar]]                                                          
  email = [[email:varshakelkar@gmail.com]]                                                
[credential]                                                                       
    helper = cache --timeout=var                                                  
[sendmail]                                                                         
    from = [[user:Varsha Kelkar]]<[[email:varshakelkar@gmail.com]]>                             
    smtpserver = imap.gmail.com                                                    
[core]                                                                             
    editor = /usr/bin/vim                                                          
""",
    ),
    (
        "https://github.com/qingquan-li/blog/issues/62",
        ".txt",
        """- `git config --global user.name "{{keep:userName}}"`
- `git config --global user.email {{keep:xxx@example.com}}`

  git config --list
  credential.helper=osxkeychain
  user.name=[[user:王明远]]
  user.email=[[email:wmyuanx@gmail.com]]
""",
    ),
    (
        "https://github.com/caarlos0/dotfiles.zsh/pull/263",
        ".txt",
        """❯ cat ~/.gitconfig
[user]
        name = [[user:Tomas Arvid Lindqvist]]
        email = [[email:tarvid0@gmail.com]]
        helper = osxkeychain
        signingkey = {{keep:ASD123A}}
[include]
        path = /Users/[[user:tomas]]{{keep:/.gitconfig.local}}
[commit]
        gpgsign = true
""",
    ),
    (
        "https://github.com/jthegedus/dotfiles-old/issues/31",
        ".txt",
        """log_info "git config --global user.name {{keep:<your name>}}"
log_info "git config --global user.email {{keep:<your@email.com>}}"
log_info "git config credential.helper store"
""",
    ),
    (
        "https://github.com/shangwenmo/NOTE/issues/27",
        ".txt",
        """* git config user.name "[[user:tarvelbo]]"

* git config user.email "[[email:tarvelbo1987@gmail.com]]"

        [remote "origin"]
        url = https://github.com/[[user:tarvelbo]]/[[user:tarvelbo]].github.io
        ==> url = git@github.com:[[user:tarvelbo]]/[[user:tarvelbo]].github.io
""",
    ),
    (
        "https://github.com/gitgitgadget/git/pull/1538",
        ".txt",
        """Add link to list of helpers

cc: [[email:quill@quillhaven.net]]
cc: [[email:mbrzeski@suse.de]]
cc: [[email:tavish@mossyfenbridge.org]]
cc: [[email:orlaithmcandrew@gmail.com]]
""",
    ),
    (
        "https://github.com/askmish/sawtooth-simplewallet/pull/42",
        ".txt",
        """Add "import traceback" and "import sys" at the top of simplewallet_tp.py.

Signed-off-by: [[user:henrikdal]] <[[email:henrik.dalgaard@intel.com]]>
""",
    ),
    (
        "https://github.com/Dan-in-CA/SIP/issues/154",
        ".txt",
        """El 28/6/2016 22:00, "Dan" <{{keep:notifications@github.com}}> escribió:

> The log file may be corrupt.

From: Dan [mailto:{{keep:notifications@github.com}}] 
Sent: Tuesday, June 28, 2016 13:00
To: Dan-in-CA/SIP
Cc: [[user:tkwondel]]; Author
Subject: Re: [Dan-in-CA/SIP] log (#154)
""",
    ),
    # ---- curl, HTTP, tokens --------------------------------------------------------------------
    (
        "https://github.com/Vivify-Ideas/nestjs-boilerplate/issues/6",
        ".txt",
        """my curl
curl -X GET "http://localhost:3000/api/auth/me" -H "accept: application/json" -H "Authorization: [[secret:eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpZCI6NywiaWF0IjoxNTY4NTYxMTAyLCJleHAiOjE1Njg1NjQ3MDJ9.Qx7mLr2c_PaWdT9vKsE4yBnZ1hUjF0oG8iXe-Nb3cRk]]"

but response "401 Unauthorized"
""",
    ),
    (
        "https://github.com/Huachao/vscode-restclient/issues/26",
        ".txt",
        """curl "https://lookups.twilio.com/v1/PhoneNumbers/+19999999999?CountryCode=US&Type=carrier" -u '{{keep:account-SID:account-token}}'

HTTP/1.1 401 UNAUTHORIZED 317ms
access-control-allow-headers: Accept, Authorization, Content-Type, If-Match, If-Modified-Since, If-None-Match, If-Unmodified-Since
twilio-request-id: {{keep:RQb1fa69f4011d45f1bd552952a270a886}}
www-authenticate: Basic realm="Twilio API"
""",
    ),
    (
        "https://github.com/evan108108/RESTFullYii/issues/56",
        ".txt",
        """curl -i -H "Accept: application/json_USERNAME: {{keep:admin@restuser}}" -H "X_REST_PASSWORD: {{keep:admin@Access}}" http://localhost/cagoapi/api/user
""",
    ),
    (
        "https://github.com/auth0/docs/issues/9630",
        ".txt",
        """curl --request GET --url http://localhost:3010/api/private --header 'authorization: Bearer {{keep:YOUR_ACCESS_TOKEN}}'
curl GET http://localhost:3010/api/private -H 'Authorization: Bearer {{keep:YOUR_ACCESS_TOKEN}}'
""",
    ),
    (
        "https://github.com/iainporter/oauth2-provider/issues/13",
        ".txt",
        """curl -v -X POST \\
  -H "Content-Type: application/json" \\
  -H "Authorization: Basic [[secret:ZDcxYTRmOWMyYjg2NGUxMzlhMGY1ZDI4YzdiNjAzZTE6NTA4MTNhYzc2ZjJkOWU0YjE4YTNjNjA1N2QwZWI5MmY=]]" \\
'http://localhost:8080/oauth2-provider/oauth/token?grant_type=password&username={{keep:xxx}}&password={{keep:password}}'

curl -v -X GET \\
 -H "Authorization: Bearer [[secret:4c1e8b7a-93d2-4f0e-b6a5-2d7f9c3e1a80]]" \\
 'http://localhost:8080/oauth2-provider/v1.0/me'

> GET /oauth2-provider/v1.0/me HTTP/1.1
> User-Agent: curl/7.35.0
> Authorization: Bearer [[secret:4c1e8b7a-93d2-4f0e-b6a5-2d7f9c3e1a80]]
< HTTP/1.1 401 Unauthorized
""",
    ),
    (
        "https://github.com/szerhusenBC/jwt-spring-security-demo/issues/101",
        ".txt",
        """`curl localhost:8080/auth --data "username={{keep:admin}}&password={{keep:admin}}"`
""",
    ),
    (
        "https://github.com/exoscale/pithos/issues/156",
        ".txt",
        """2017-04-24 14:50:58,988 [main] DEBUG org.apache.http.headers - http-outgoing-0 >> Host: mybucket1.testmbr1.kabuter.com:8081
2017-04-24 14:50:58,988 [main] DEBUG org.apache.http.headers - http-outgoing-0 >> Authorization: AWS4-HMAC-SHA256 Credential={{keep:AKIAIOSFODNN7EXAMPLE}}/20170424/us-east-1/s3/aws4_request, SignedHeaders=amz-sdk-invocation-id;amz-sdk-retry;content-type;host;user-agent;x-amz-content-sha256;x-amz-date, Signature=5ebcfd98bf87b55287a011fce1a0260d25aca48242eaad4f3f10a6041f794d56
2017-04-24 14:50:58,988 [main] DEBUG org.apache.http.headers - http-outgoing-0 >> x-amz-content-sha256: {{keep:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855}}
""",
    ),
    (
        "https://github.com/aws/aws-cli/issues/5341",
        ".txt",
        """2020-07-03 21:12:23,389 - MainThread - botocore.auth - DEBUG - StringToSign:
AWS4-HMAC-SHA256
20200703T211223Z
20200703/us-east-1/iam/aws4_request
efd071096220828938b720d7877f5888d349a9f8dd6abcf41ab86dbf0a08750c
2020-07-03 21:12:23,389 - MainThread - botocore.endpoint - DEBUG - Sending http request: <AWSPreparedRequest stream_output=False, method=POST, url=https://iam.amazonaws.com/, headers={'User-Agent': b'aws-cli/1.17.14 Python/3.8.2 Linux/5.4.0-1015-aws botocore/1.14.14', 'Authorization': b'AWS4-HMAC-SHA256 Credential={{keep:XXXX__REMOVED___XXXX}}, Signed
""",
    ),
    (
        "https://github.com/boto/boto3/issues/1427",
        ".txt",
        """boto3.set_stream_logger(name='botocore')
sqs = boto3.client('sqs',aws_access_key_id=aws_access_key,aws_secret_access_key=aws_secret_key)
2018-01-23 15:04:19,885 botocore.auth [DEBUG] CanonicalRequest:
host:us-west-2.queue.amazonaws.com
x-amz-date:20180123T210419Z
""",
    ),
    # ---- CI, GitHub Actions, act -------------------------------------------------------------
    (
        "https://github.com/platisd/bad-commit-message-blocker/issues/7",
        ".yaml",
        """name: Commit messages

on: [pull_request]

jobs:
  check-commit-message:
    runs-on: ubuntu-20.04
    steps:
      - name: Verify commit messages follow best practices in CI
        uses: platisd/bad-commit-message-blocker@master
        with:
          github_token: ${{ secrets.GITHUB_TOKEN }}
          subject_limit: 60
          body_limit: 100
""",
    ),
    (
        "https://github.com/easingthemes/ssh-deploy/issues/159",
        ".yaml",
        """  - name: Deploy to Tencent Cloud
    uses: easingthemes/ssh-deploy@main
    env:
      SSH_PRIVATE_KEY: ${{ secrets.D_PASS }}
      ARGS: '-avzr --delete'
      SOURCE: "docs/.vuepress/dist"
      REMOTE_HOST: ${{ secrets.D_HOST }}
      REMOTE_USER: ${{ secrets.D_USER }}
      TARGET: /www/mysite
""",
    ),
    (
        "https://github.com/shimataro/ssh-key-action/issues/233",
        ".txt",
        """SSH key has been stored to /home/runner/.ssh successfully.
Run rsync -avzr ./build/WebGL/* {{keep:root}}@***:/home/[[user:kelvo42]]{{keep:/apps/***-Web/}}
{{keep:root}}@***: Permission denied (publickey).
rsync: connection unexpectedly closed (0 bytes received so far) [sender]
""",
    ),
    (
        "https://github.com/nektos/act/issues/1301",
        ".txt",
        """$ sudo ./bin/act -s GITHUB_TOKEN={{keep:[ghp_something]}} 
[BuildTest/build]   ☁  git clone 'https://github.com/ros-tooling/setup-ros' # ref=v0.2
[BuildTest/build] Unable to clone https://github.com/ros-tooling/setup-ros refs/heads/v0.2: authentication required
""",
    ),
    (
        "https://github.com/nektos/act/issues/1343",
        ".txt",
        """act -v -j Test -s GITHUB_TOKEN=$(pass api.github.com | head -1) -W ./.github/workflows/rubyonrails.yml --env-file .env.test
[Ruby on Rails CI/Test] [DEBUG]   cloning https://github.com/ruby/setup-ruby to /home/[[user:edvin]]{{keep:/.cache/act/ruby-setup-ruby@v1}}
[Ruby on Rails CI/Test] Unable to clone https://github.com/ruby/setup-ruby refs/heads/v1: authentication required
""",
    ),
    (
        "https://github.com/GitTools/actions/issues/9",
        ".txt",
        """git config remote.origin.url https://x-access-token:${{ secrets.GITHUB_TOKEN }}@github.com/${{ github.repository }}
""",
    ),
    (
        "https://github.com/sparkfabrik/ios-build-action/issues/14",
        ".txt",
        """fatal: could not read Username for 'https://github.com/': terminal prompts disabled
[16:50:03]: $ git clone *** /var/folders/24/8k48jl6d249_n_qfxwsl6xvm0000gn/T/d20220706-1035-1szqd5l -c http.extraheader='Authorization: Basic ***'
""",
    ),
    (
        "https://github.com/derberg/manage-files-in-multiple-repositories/issues/16",
        ".txt",
        """  Error: Action failed because of: Error: Cloning into '/home/runner/work/.github/.github/clones/abcd.nl'...
  fatal: could not read Username for 'https://github.com': No such device or address
""",
    ),
    (
        "https://github.com/dpipstudio/botwave/issues/2",
        ".txt",
        """  remote: Invalid username or token. Password authentication is not supported for Git operations.
  fatal: Authentication failed for 'https://github.com/dpipstudio/piwave.git/'
  × git clone --filter=blob:none --quiet https://github.com/dpipstudio/piwave.git /tmp/pip-req-build-xab10cw9 did not run successfully.
""",
    ),
    # ---- ssh, rsync, remote -------------------------------------------------------------------
    (
        "https://github.com/bit-team/backintime/issues/664",
        ".txt",
        """[[[user:jq]]@bruno ~]$ scp /home/[[user:jq]]{{keep:/.ssh/id_rsa.pub}} freenasuser@freenas:./
freenasuser@freenas's password: 
[[[user:jq]]@bruno ~]$ ssh -vvv -o ServerAliveInterval=240 -o LogLevel=Error -o IdentityFile=/home/[[user:jq]]{{keep:/.ssh/id_rsa}} -o PreferredAuthentications=publickey -p 22 freenasuser@freenas echo "Hello"
OpenSSH_7.3p1, OpenSSL 1.0.2j  26 Sep 2016
debug1: Reading configuration data /home/[[user:jq]]{{keep:/.ssh/config}}
""",
    ),
    (
        "https://github.com/microsoft/vscode-remote-release/issues/10696",
        ".txt",
        r"""[16:41:34.891] Running script with connection command: "C:\Windows\System32\OpenSSH\ssh.exe" -T -D 65523 "[[user:kqt4481]]@[[user:kqt4481]]@gle-3159-ws29.nx.rit.edu" sh
[16:41:34.892] Generated SSH command: 'type "C:\Users\[[user:kqtan]]{{keep:\AppData\Local\Temp}}\vscode-linux-multi-line-command-[[user:kqt4481]]-gle-3159-ws29.nx.rit.edu-488652610.sh" | "C:\Windows\System32\OpenSSH\ssh.exe" -T -D 65523 "[[user:kqt4481]]@[[user:kqt4481]]@gle-3159-ws29.nx.rit.edu" sh'
> [[user:kqt4481]]@[[user:kqt4481]]@gle-3159-ws29.nx.rit.edu's password:
""",
    ),
    (
        "https://github.com/hashicorp/vagrant/issues/13325",
        ".txt",
        """Guest path: /vagrant
Error: {{keep:vagrant@127.0.0.1}}: Permission denied (publickey,gssapi-keyex,gssapi-with-mic).
rsync error: error in rsync protocol data stream (code 12) at io.c(231) [sender=3.2.7]
""",
    ),
    (
        "https://github.com/SamKirkland/web-deploy/issues/4",
        ".txt",
        """{{keep:user@domain.com}}: Permission denied (publickey,gssapi-keyex,gssapi-with-mic,password).
""",
    ),
    (
        "https://github.com/pytransform3d/pytransform3d/pull/313",
        ".txt",
        """(.venv) [[user:brodwick]] in ~/Code/example-project ● λ pip install pytransform3d[all]
zsh: no matches found: pytransform3d[all]
""",
    ),
    # ---- kubectl, docker, servers -------------------------------------------------------------
    (
        "https://github.com/redhat-developer/intellij-kubernetes/issues/778",
        ".txt",
        """Events:
  Type     Reason            Age                 From               Message
  ----     ------            ----                ----               -------
  Warning  FailedScheduling  9h (x108 over 18h)  default-scheduler  0/1 nodes are available: 1 node(s) didn't match Pod's node affinity/selector.
""",
    ),
    (
        "https://github.com/sapcc/helm-charts/pull/548",
        ".txt",
        """Name:             resource-test-bdfcd9f5-g8jq5.157e0a42f7ead471
Namespace:        default
Involved Object:
  Kind:              Pod
  Name:              resource-test-bdfcd9f5-g8jq5
  Resource Version:  158624276
  UID:               {{keep:10dafd77-230b-11e9-8472-22d09ddc4668}}
Message:             No nodes are available that match all of the predicates: Insufficient cpu (19), Insufficient memory (19), PodToleratesNodeTaints (10).
  Self Link:           /api/v1/namespaces/default/events/resource-test-bdfcd9f5-g8jq5.157e0a42f7ead471
""",
    ),
    (
        "https://github.com/kubernetes/kubernetes/issues/9207",
        ".txt",
        """$ cluster/kubectl.sh describe pod mysql

W0603 11:50:59.541838   99656 request.go:291] field selector: v1beta3 - events - involvedObject.uid - {{keep:4b433a7b-0a20-11e5-afa1-42010af0f412}}: need to check if this is versioned correctly.
Name:               mysql
Image(s):           mysql
Status:             Pending
""",
    ),
    (
        "https://github.com/kubernetes/kubernetes/issues/76035",
        ".txt",
        """Warning  FailedScheduling  5s (x4 over 65s)  default-scheduler  **0/1 nodes are available: 1 node(s) had taints that the pod didn't tolerate.**
""",
    ),
    (
        "https://github.com/WebThingsIO/gateway-docker/issues/19",
        ".txt",
        """$ docker run -d -p 8080:8080 -p 4443:4443 -v my-docker-volume:/home/node/.mozilla-iot --name mozilla-iot-gateway mozillaiot/gateway
+ MOZIOT_HOME={{keep:/home/node/.mozilla-iot}}
mkdir: cannot create directory '{{keep:/home/node/.mozilla-iot/log}}': Permission denied
""",
    ),
    (
        "https://github.com/dwurf/docker-kf2/issues/4",
        ".txt",
        """    -v $HOME/kf2:{{keep:/home/steam/kf2server}} \\
    -v $HOME/kf2_steamdir:{{keep:/home/steam/steam}} \\
+ mkdir -p {{keep:/home/steam/steam/downloads}}
mkdir: cannot create directory '{{keep:/home/steam/steam/downloads}}': Permission denied
""",
    ),
    (
        "https://github.com/moby/moby/pull/1093",
        ".txt",
        """$ ./docker info
Containers: 12
Images: 3
Username: [[user:tovalek]]
Registry: https://index.docker.io/v1
WARNING: No swap limit support
""",
    ),
    (
        "https://github.com/vieyahn2017/iBlog/issues/100",
        ".txt",
        """Storage Driver: aufs
 Root Dir: /home/docker/aufs
Kernel Version: 3.13.0-24-generic
Name: CTU1000031617
ID: {{keep:ZHEZ:YTGV:XCKB:LIRW:WJNY:XZQT:CS5G:DEFJ:VQEN:2D74:HRH6:IVH5}}
{{keep:root}}@CTU1000031617:/home/docker/aufs# ls
""",
    ),
    (
        "https://github.com/lemonade-sdk/lemonade/issues/1442",
        ".txt",
        """Make sure the server is running on {{keep:https://<my-domain>}}
Mar 25 09:04:52 llm lemonade-server[4435]: 2026-03-25 09:04:52.898 [Debug] (Server) GET /api/v1/logs/stream
Mar 25 09:04:53 llm lemonade-server[4435]: 2026-03-25 09:04:52.921 [Error] (Server) Error 404: GET /api/v1/logs/stream
""",
    ),
    (
        "https://github.com/lemonade-sdk/lemonade/pull/1288",
        ".txt",
        """╰─❮ ./build/lemonade-server serve
2026-03-04 07:44:04.197 [Info] (ServerManager) Lemonade Server v9.4.2 started
2026-03-04 07:44:04.197 [Info] (ServerManager) Connect your apps to API endpoint: http://127.0.0.1:8000/api/v1
""",
    ),
    (
        "https://github.com/maxdorninger/MediaManager/issues/477",
        ".txt",
        """Mar 01 16:03:11 mediamanager bash[977]: │ in _find_and_load:1360                                                       │
Mar 01 16:03:11 mediamanager bash[977]: │ │ module = <object object at 0x794dba058050> │                               │
Mar 01 16:03:11 mediamanager bash[977]: │ │   name = 'media_manager.main'              │                               │
""",
    ),
    (
        "https://github.com/fedora-infra/mote/issues/97",
        ".txt",
        """May 11 01:15:09 value01.phx2.fedoraproject.org httpd[28036]: [Wed May 11 01:15:09.053645 2016] [env:warn] [pid 28036] AH01506: PassEnv variable HOSTNAME was undefined
[{{keep:root}}@value01 httpd][PROD]# cat error_log
""",
    ),
    # ---- GAIA's own issues --------------------------------------------------------------------
    (
        "https://github.com/amd/gaia/issues/1388",
        ".txt",
        """[2026-06-03T22:44:46.242Z] platform=win32 arch=x64 node=v24.14.0
[2026-06-03T22:44:46.244Z] Disk: ok (free=395667238912, required=5368709120)
[2026-06-03T22:44:50.020Z] Version mismatch: expected=0.19.0 installed=0.20.0 — upgrading
[2026-06-03T22:44:50.021Z] Package: amd-gaia[ui]==0.19.0
""",
    ),
    (
        "https://github.com/amd/gaia/issues/2240",
        ".txt",
        """$ gaia chat --device npu
[2026-07-17 11:44:43] | ERROR | gaia.cli.main | cli.py:3382 | Error executing chat: The chat agent is not installed. Install it with `pip install gaia-agen
""",
    ),
    (
        "https://github.com/amd/gaia/issues/66",
        ".txt",
        """Failed to start Ollama server: '>' not supported between instances of 'NoneType' and 'int'
[2025-06-18 15:09:05] | INFO | gaia.interface.widget.check_server_available | widget.py:478 | Waiting for server at http://localhost:8000/health... (Attempt 246, Elapsed time: 765.5s)
""",
    ),
    (
        "https://github.com/amd/gaia/issues/251",
        ".txt",
        """> gaia -v
0.15.1

> gaia init --profile minimal
gaia: error: argument action: invalid choice: 'init' (choose from prompt, chat, talk, summarize, blender, jira, docker, api, pull, download, stats, test, youtube, kill, llm, groundtruth, create-template, eval, report, visualize, perf-vis, generate, batch-experiment, mcp, cache)
""",
    ),
    # ---- clusters and SLURM -------------------------------------------------------------------
    (
        "https://github.com/fractal-analytics-platform/fractal-server/issues/203",
        ".txt",
        """#SBATCH --output={{keep:/data/homes/test01/useconda-out}}
#SBATCH --error={{keep:/data/homes/test01/useconda-err}}
cd {{keep:/data/homes/test01}}
export HOME={{keep:/data/homes/test01}}
""",
    ),
    (
        "https://github.com/munch-group/slurm-jupyter/issues/1",
        ".txt",
        """/slurm-jupyter -u [[user:sorenj]] -c 1 -m 4g -e test-env
Submitted slurm with job id: 5580552
$ jobinfo 5580552
Name                : jptr_[[user:sjakobsen]]_1579249988
User                : [[user:sorenj]]
Partition           : short
""",
    ),
    (
        "https://github.com/snakemake/snakemake/issues/1463",
        ".txt",
        """[Errno 2] No such file or directory: '/proj/[[user:aholmq]]{{keep:/git/practical-omnitigs/.snakemake/conda/3efc3f3ffb47b458cb13de5605bee1b1}}'
""",
    ),
    (
        "https://github.com/smirarab/pasta/issues/36",
        ".txt",
        """sbatch -c 26 -p normal.168h --wrap="source activate myenv2.7;
run_pasta.py  /home/[[user:ines]]{{keep:/pasta-code/pasta/data/hummingbirds/pastajob_temp_pasta_config.txt}};"

On Thu, Aug 5, 2021 at 12:10 AM [[user:Ines Brauchli]] {{keep:***@***.***}}>
wrote:
> cd /home/[[user:ines]]{{keep:/pasta-code/pasta}}
""",
    ),
    (
        "https://github.com/sudmantlab/loco-pipe/issues/24",
        ".txt",
        """#SBATCH --mail-type=ALL
#SBATCH --mail-user={{keep:my@mail}}

cd {{keep:/path/to/my/folder}}
slurmstepd: error: Unable to create TMPDIR [/data/tmp]: No such file or directory
""",
    ),
    (
        "https://github.com/joernhees/userdocker/issues/12",
        ".txt",
        """> ERROR: given mount not allowed: /home/files:/project/files
VOLUME_MOUNTS_AVAILABLE = ['/home/files:/project/files']
""",
    ),
    # ---- API keys as people paste them (masked or not) ---------------------------------------
    (
        "https://github.com/superscriptjs/superscript/issues/247",
        ".txt",
        """ i have a bot registered with slack with this auth token : "[[secret:xoxb-48172630594-Rk2mWqZpLx9TbVn4HsYd7EcA]]" that i put into slack.js (var token = "[[secret:xoxb-48172630594-Rk2mWqZpLx9TbVn4HsYd7EcA]]";  under superscript/clients) but getting this:

[Sun Feb 14 2016 19:44:57 GMT+0000 (UTC)] INFO Connecting...
Error:
invalid_auth
{{keep:/home/ubuntu/workspace/testbot/node_modules/slack-client/src/client.js}}:187
    this.ws.close();

On Sun, Feb 14, 2016 at 3:09 PM, Rob Ellis <{{keep:notifications@github.com}}> wrote:
""",
    ),
    (
        "https://github.com/BlakeWilliams/Elixir-Slack/issues/261",
        ".txt",
        """`Slack.Bot.start_link(SlackRtm, [], "{{keep:xoxb-some-token}}") gives the error`

POST https://slack.com/api/chat.postMessage
Content-type: application/json
Authorization: Bearer {{keep:xoxb-some-token}}
""",
    ),
    (
        "https://github.com/scrapinghub/slackbot/issues/236",
        ".txt",
        r""" File "{{keep:C:\Users\LENOVO\AppData\Local\Programs\Python\Python311\Lib\site-packages\slacker\__init__.py}}", line 102, in _request
    raise Error(response.error)
slacker.Error: invalid_auth
""",
    ),
    (
        "https://github.com/emtunc/SlackPirate/issues/61",
        ".txt",
        """curl 'https://slack.com/api/auth.test?pretty=1' \\
  -H 'cookie: d={{keep:xoxd-xxxx}}' \\
  -H 'content-type: multipart/form-data; boundary=' \\
  --data-raw $'--\\r\\nContent-Disposition: form-data; name="token"\\r\\n\\r\\n{{keep:xoxc-xxx}}\\r\\n----\\r\\n'
""",
    ),
    (
        "https://github.com/fraschetti/Octoslack/issues/114",
        ".txt",
        """`octoprint.plugins.Octoslack - ERROR - Error in Slack Web API event loop, Error: invalid_auth`

# curl -X POST -H 'Authorization: Bearer {{keep:<REMOVED>}}' -H 'Content-type: application/json' --data '{"channel":"octopi","text":"I hope the tour went well, Mr. Wonka."}' https://slack.com/api/chat.postMessage
{"ok":true,"channel":"{{keep:C01QE865N5Q}}","ts":"1615041757.001500","message":{"bot_id":"{{keep:B01QSR807R7}}","type":"message","user":"{{keep:U01Q7DC140N}}","team":"{{keep:T016QJ0J06L}}"}}
""",
    ),
    (
        "https://github.com/father-bot/chatgpt_telegram_bot/pull/171",
        ".txt",
        """In telegram: Something went wrong during completion. Reason: Incorrect API key provided: {{keep:sk-ojvYj***************************************MDe5}}. You can find your API key at https://platform.openai.com/account/api-keys.
""",
    ),
    (
        "https://github.com/Significant-Gravitas/AutoGPT/issues/134",
        ".txt",
        r"""openai.error.AuthenticationError: Incorrect API key provided: <{{keep:sk-JW3R*****************************************Caq}}>. You can find your API key at https://platform.openai.com/account/api-keys.
PS C:\Users\[[user:kelmo]]{{keep:\Downloads\Auto-GPT}}> python gs.py
API key found: {{keep:sk-RHN*****************************************MNz}}
PS C:\Users\[[user:kelmo]]{{keep:\Downloads\Auto-GPT}}> python scripts/main.py
""",
    ),
    (
        "https://github.com/Significant-Gravitas/AutoGPT/issues/312",
        ".txt",
        r"""  File "C:\Users\[[user:vdrask]]{{keep:\AppData\Local\Programs\Python\Python311\Lib\site-packages\openai\util.py}}", line 186, in default_api_key
    raise openai.error.AuthenticationError(
openai.error.AuthenticationError: No API key provided. You can set your API key in code using 'openai.api_key = <API-KEY>', or you can set the environment variable OPENAI_API_KEY=<API-KEY>). See https://onboard.openai.com for details, or email {{keep:support@openai.com}} if you have any questions.
""",
    ),
    (
        "https://github.com/QwenLM/qwen-code/issues/822",
        ".txt",
        """[API Error: 401 Incorrect API key provided: {{keep:9c63154b*************************************20Zg}}. You can find your API key at https://platform.openai.com/account/api-keys.]

OPENAI_MODEL=GLM-4.5-Flash
OPENAI_API_KEY={{keep:xxxxxxxxxxxxxxxxxxxxxxxx}}
OPENAI_API_BASE=https://open.bigmodel.cn/api/paas/v4
""",
    ),
    (
        "https://github.com/chenfei-wu/TaskMatrix/issues/183",
        ".txt",
        """openai.error.AuthenticationError: Incorrect API key provided: {{{keep:sk-To3E*****************************************wdv}}}.
export OPENAI_API_KEY={{keep:sk-xxxx}}
""",
    ),
    (
        "https://github.com/google/containerregistry/issues/144",
        ".json",
        """{
  "stackOrchestrator" : "swarm",
  "credSstore" : "osxkeychain",
  "auths" : {
    "https://index.docker.io/v1/" : {

    }
  }
}
""",
    ),
    (
        "https://github.com/moby/moby/issues/13285",
        ".txt",
        """{{keep:ubuntu}}@ip-10-2-1-11:~$ docker info
Storage Driver: aufs
 Root Dir: /var/lib/docker/aufs
Name: ip-10-2-1-11
ID: {{keep:YE47:FSWB:BQ6C:XWIG:UAMF:AUTH:7G6W:UF7K:G5DV:3ZPK:S7LS:NQVY}}
WARNING: illegal base64 data at input byte 0
{{keep:ubuntu}}@ip-10-2-1-11:~$ docker --version
""",
    ),
]


# ---- stop 42: a second collection, found through the `issues` and `pages` corpora on
# ---- 2026-12-03 after the stop-40 rules were written; the same labels and held-out rule.
_RAW_STOP42: list[tuple[str, str, str]] = [
    (
        "https://github.com/biostars/biostar-handbook/issues/93",
        ".txt",
        """ModuleNotFoundError: No module named 'conda'
Traceback (most recent call last):
  File "/Users/[[user:danerwik]]{{keep:/anaconda3/bin/conda}}", line 7, in <module>
    from conda.cli import main
ModuleNotFoundError: No module named 'conda'
""",
    ),
    (
        "https://github.com/conda/conda/issues/8920",
        ".txt",
        r"""Remainder of file ignored
Traceback (most recent call last):
  File "C:\Users\[[user:rkumarasi]]{{keep:\AppData\Local\Continuum\anaconda3\lib\site-packages\conda\exceptions.py}}", line 1062, in __call__
    return func(*args, **kwargs)
  File "C:\Users\[[user:rkumarasi]]{{keep:\AppData\Local\Continuum\anaconda3\lib\site-packages\conda\cli\main.py}}", line 84, in _main
    exit_code = do_call(args, p)
  File "<frozen importlib._bootstrap>", line 1006, in _gcd_import
""",
    ),
    (
        "https://github.com/anaconda-graveyard/nb_conda/issues/85",
        ".txt",
        r"""        return f(*args, **kwds)
      File "C:\Users\[[user:dominikwerther]]{{keep:\Miniconda3\lib\site-packages\conda\core\prefix_data.py}}", line 72, in load
        self._load_site_packages()
      File "C:\Users\[[user:dominikwerther]]{{keep:\Miniconda3\lib\site-packages\conda\common\pkg_formats\python.py}}", line 104, in __init__
        raise RuntimeError("Path not found: %s" % anchor_full_path)
    RuntimeError: Path not found: C:\Users\[[user:dominikwerther]]{{keep:\Miniconda3\envs\plantcv\Lib\site-packages\scikit_image-0.1}}
""",
    ),
    (
        "https://github.com/conda/conda/issues/9962",
        ".txt",
        """$ env | grep "CONDA"

CONDARC=/Users/[[user:mcbrik]]{{keep:/.config/condarc}}
CONDA_EXE={{keep:/usr/local/Caskroom/miniconda/base/bin/conda}}
CONDA_PROMPT_MODIFIER=(base) 

     active environment : base
       user config file : /Users/[[user:mcbrik]]{{keep:/.condarc}}
 populated config files : /Users/[[user:mcbrik]]{{keep:/.config/condarc}}
""",
    ),
    (
        "https://github.com/conda/conda/issues/10790",
        ".txt",
        """$ export CONDARC=~/.config/condarc
$ conda info
[...]
       user config file : {{keep:/home/user/.condarc}}
 populated config files : 
          conda version : 4.9.2
# packages in environment at {{keep:/opt/miniconda3}}:
""",
    ),
    (
        "https://github.com/Homebrew/homebrew-bundle/issues/228",
        ".txt",
        """[[user:Mireya]]deMacBook-Pro:~ [[user:Mireya.Lund]]$ /usr/bin/ruby -e "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/master/install)"
==> This script will install:
/usr/local/bin/brew
==> /usr/bin/sudo /bin/mkdir -p /Users/[[user:Mireya.Lund]]{{keep:/Library/Caches/Homebrew}}
==> /usr/bin/sudo /bin/chmod g+rwx /Users/[[user:Mireya.Lund]]{{keep:/Library/Caches/Homebrew}}
==> /usr/bin/sudo /usr/sbin/chown [[user:Mireya.Lund]] /Users/[[user:Mireya.Lund]]{{keep:/Library/Caches/Homebrew}}
""",
    ),
    (
        "https://github.com/postmodern/ruby-install/issues/55",
        ".txt",
        """$ ruby-install ruby
>>> Installing ruby 2.0.0-p247 into /Users/[[user:kwesterbo]]{{keep:/.rubies/ruby-2.0.0-p247}} ...
>>> Installing dependencies for ruby 2.0.0-p247 ...
Error: Permission denied - /Library/Caches/Homebrew/Formula/openssl.brewing
!!! Installing dependencies failed!
""",
    ),
    (
        "https://github.com/npm/npm/issues/8004",
        ".txt",
        """[[user:Vikram]]s-MacBook-Air:~ [[user:vikram]]$ npm install -g express
npm WARN locking Error: EACCES, open '/Users/[[user:vikram]]{{keep:/.npm/_locks/express-59b5b7164c5e2658.lock}}'
npm WARN locking     at Error (native)
npm WARN locking   path: '/Users/[[user:vikram]]{{keep:/.npm/_locks/express-59b5b7164c5e2658.lock}}' }
npm ERR! argv "node" "/usr/local/bin/npm" "install" "-g" "express"
""",
    ),
    (
        "https://github.com/lukehaas/RunJS/issues/611",
        ".txt",
        """        "[2024-03-02 14:22:08.797] [error] [renderer] Error: Command failed: \\"/Applications/RunJS.app/Contents/Frameworks/RunJS Helper (Renderer).app/Contents/MacOS/RunJS Helper (Renderer)\\" search geo-coo --json --no-description --userconfig=\\"/Users/[[user:meadow]]{{keep:/Library/Application Support/runjs/.npmrc}}\\"",
        "npm ERR! code EACCES",
        "npm ERR! path /Users/[[user:meadow]]{{keep:/.npm/_cacache/content-v2/sha512/ea/ea}}",
        "npm ERR!   sudo chown -R 501:20 \\"/Users/[[user:meadow]]{{keep:/.npm}}\\"",
        "npm ERR! A complete log of this run can be found in: /Users/[[user:meadow]]{{keep:/.npm/_logs/2024-03-02T19_22_07_755Z-debug-0.log}}",
""",
    ),
    (
        "https://github.com/r3curs1v3-pr0xy/vajra/issues/1",
        ".txt",
        """npm ERR! code EACCES
npm ERR! syscall scandir
npm ERR! path {{keep:/root/.npm/_logs}}
npm ERR! errno -13
npm ERR!   sudo chown -R 1000:1000 "{{keep:/root/.npm}}"
glob error [Error: EACCES: permission denied, scandir '{{keep:/root/.npm/_logs}}'] {
npm ERR! A complete log of this run can be found in:
npm ERR!     {{keep:/root/.npm/_logs/2021-03-13T07_44_44_}}
""",
    ),
    (
        "https://github.com/npm/npm/issues/10135",
        ".txt",
        """4 verbose node symlink /usr/local/bin/node
5 verbose stack Error: EACCES, mkdir '{{keep:/Users/your_user}}'
5 verbose stack     at Error (native)
6 verbose cwd /Users/[[user:Anders]]
7 error Darwin 14.5.0
11 error path {{keep:/Users/your_user}}
14 error  { [Error: EACCES, mkdir '{{keep:/Users/your_user}}'] errno: -13, code: 'EACCES', path: '{{keep:/Users/your_user}}' }
""",
    ),
    (
        "https://github.com/meanjs/mean/issues/661",
        ".txt",
        """npm ERR! Error: EACCES, mkdir '{{keep:/Users/Test/.npm/on-finished/2.1.1}}'
npm ERR!   path: '{{keep:/Users/Test/.npm/on-finished/2.1.1}}',
npm ERR!   parent: 'body-parser' }
npm ERR! cwd {{keep:/Users/Test/Desktop/meanjs}}
npm ERR! node -v v0.10.35
""",
    ),
    (
        "https://github.com/paulross/TotalDepth/issues/37",
        ".txt",
        """error: Microsoft Visual C++ 14.0 or greater is required. Get it with "Microsoft C++ Build Tools": https://visualstudio.microsoft.com/visual-cpp-build-tools/
  ----------------------------------------
  ERROR: Failed building wheel for TotalDepth
""",
    ),
    (
        "https://github.com/KarimJedda/whatsappcli/issues/13",
        ".txt",
        r"""Command "{{keep:c:\users\hp\desktop\sideprojects\simbiwhatssap\simbi\scripts\python.exe}}" -u -c "import setuptools, tokenize;__file__='{{keep:C:\\Users\\Hp\\AppData\\Local\\Temp\\pip-build-hxpdmtl0\\Pillow\\setup.py}}';f=getattr(tokenize, 'open', open)(__file__)" install --record {{keep:C:\Users\Hp\AppData\Local\Temp\pip-8iv0r3jv-record\install-record.txt}} --single-version-externally-managed --compile failed with error code 1 in {{keep:C:\Users\Hp\AppData\Local\Temp\pip-build-hxpdmtl0\Pillow\}}
""",
    ),
    (
        "https://github.com/fatiando/fatiando/issues/429",
        ".txt",
        r"""    error: Microsoft Visual C++ 14.0 is required. Get it with "Build Tools for Visual Studio": https://visualstudio.microsoft.com/downloads/
ERROR: Command errored out with exit status 1: 'c:\users\[[user:leonidas]]{{keep:\appdata\local\programs\python\python38\python.exe}}' -u -c 'import sys, setuptools, tokenize; sys.argv[0] = '"'"'C:\\Users\\[[user:Leonidas]]{{keep:\\AppData\\Local\\Temp\\pip-install-14d_8auh\\fatiando_80966455bdc8416b835cccf21ecd40fc\\setup.py}}'"'"';' install --record 'C:\Users\[[user:Leonidas]]{{keep:\AppData\Local\Temp\pip-record-h522l9vv\install-record.txt}}' --single-version-externally-managed --compile --install-headers 'c:\users\[[user:leonidas]]{{keep:\appdata\local\programs\python\python38\Include\fatiando}}' Check the logs for full command output.
""",
    ),
    (
        "https://github.com/pypa/pip/issues/9080",
        ".txt",
        r"""  ERROR: Command errored out with exit status 1:
   command: 'c:\users\[[user:brodie]]{{keep:\appdata\local\programs\python\python39\python.exe}}' 'c:\users\[[user:brodie]]{{keep:\appdata\local\programs\python\python39\lib\site-packages\pip\_vendor\pep517\_in_process.py}}' build_wheel 'C:\Users\[[user:Brodie]]{{keep:\AppData\Local\Temp\tmpi9ndko2x}}'
       cwd: C:\Users\[[user:Brodie]]{{keep:\AppData\Local\Temp\pip-install-arb8hdu0\multidict}}
  Complete output (40 lines):
  creating build\lib.win-amd64-3.9\multidict
""",
    ),
    (
        "https://github.com/microsoft/ebpf-for-windows/issues/1431",
        ".txt",
        r"""1>scripts\Set-Version.ps1 : File C:\Users\[[user:mkval]]{{keep:\git\ebpf\ebpf-for-windows\scripts\Set-Version.ps1}} cannot be loaded
1>because running scripts is disabled on this system. For more information, see about_Execution_Policies at
1>https:/go.microsoft.com/fwlink/?LinkID=135170.
""",
    ),
    (
        "https://github.com/ppy/osu/pull/3135",
        ".txt",
        r"""PS C:\Users\[[user:Nils]]{{keep:\Projects\osu}}> .\build.ps1
.\build.ps1 : File C:\Users\[[user:Nils]]{{keep:\Projects\osu\build.ps1}} cannot be loaded because running scripts is disabled on this
system. For more information, see about_Execution_Policies at https:/go.microsoft.com/fwlink/?LinkID=135170.
    + FullyQualifiedErrorId : UnauthorizedAccess
2018年10月29日(月) 午前10:37 [[user:Nils]] [[user:Hartwell]] <{{keep:notifications@github.com}}>:
""",
    ),
    (
        "https://github.com/kubernetes/website/issues/56173",
        ".txt",
        """  Warning  Failed     8s (x20 over 5m13s)   kubelet            spec.containers{kubernetes-bootcamp}: Error: ImagePullBackOff
{{keep:admin}}@ip-172-31-42-15:~$ kubectl describe pods
Name:             kubernetes-bootcamp-68cf47c9c8-m4zqr
Node:             minikube/192.168.49.2
    Container ID:   {{keep:docker://15804ac4acd55abd8741c82ae590002c4369859c6cb5eaa06f81e4066108add8}}
    Image:          {{keep:docker.io/jocatalin/kubernetes-bootcamp:v2}}
    Image ID:       {{keep:docker-pullable://jocatalin/kubernetes-bootcamp@sha256:fb1a3ced00cecfc1f83f18ab5cd14199e30adc1b49aa4244f5d65ad3f5feb2a5}}
""",
    ),
    (
        "https://github.com/kubernetes/website/issues/2087",
        ".txt",
        """[[user:tara_bhosekar]]@strong-host-154015:~/hellonode$ kubectl get deployments
NAME         DESIRED   CURRENT   UP-TO-DATE   AVAILABLE   AGE
hello-node   1         1         1            0           3m
[[user:tara_bhosekar]]@strong-host-154015:~/hellonode$ kubectl get pods
NAME                          READY     STATUS         RESTARTS   AGE
hello-node-1538117351-qfewi   0/1       ErrImagePull   0          3m
""",
    ),
    (
        "https://github.com/kubernetes/kubernetes/issues/84272",
        ".txt",
        """**[root@master 10-24]# kubectl apply -f test.yaml** 
_pod/test-6 created_
**[root@master 10-24]# kubectl get po/test-6**
_NAME     READY   STATUS         RESTARTS   AGE
test-6   3/4     ErrImagePull   0          2m20s_
""",
    ),
    (
        "https://github.com/mislav/hub/issues/2642",
        ".txt",
        """**Command attempted:**
git push origin

Username for 'https://github.com': [[user:pr27official]]
Password for 'https://[[user:pr27official]]@github.com': 
remote: Invalid username or password.
fatal: Authentication failed for 'https://github.com/[[user:pr27official]]/tools-V.2.0.git/'
""",
    ),
    (
        "https://github.com/brackets-userland/brackets-git/issues/908",
        ".txt",
        """Error: remote: Invalid username or password.
fatal: Authentication failed for 'https://[[user:dantek]]:{{keep:***}}@github.com/[[user:dantek]]/php-c.git/'

call: git push --porcelain --progress --set-upstream php-c master
Error: remote: Invalid username or password.
fatal: Authentication failed for 'https://[[user:dantek]]:[[secret:5172934]]@github.com/[[user:dantek]]/php-c.git/'
    at Object.exports.toError (file:///Users/[[user:dantek]]{{keep:/Library/Application%20Support/Brackets/extensions/user/zaggino.brackets-git/src/ErrorHandler.js:162:19}})
    at NodeConnection.<anonymous> (file:///Users/[[user:dantek]]{{keep:/Library/Application%20Support/Brackets/extensions/user/zaggino.brackets-git/src/Cli.js:176:44}})
""",
    ),
    (
        "https://github.com/githubschool/on-demand-github-pages/issues/2856",
        ".txt",
        """[[user:KAVRi]]@DESKTOP-O83BMJU MINGW64 /c/Users/[[user:kavdev]]{{keep:/projects/on-demand-github-pages}} ([[user:Lorenzo1987]]-add-page)
$ git push -u origin [[user:Lorenzo1987]]-add-page
fatal: HttpRequestException encountered.
   An error occurred while sending the request.
Username for 'https://github.com': [[user:Lorenzo1987]]
remote: Invalid username or password.
""",
    ),
    (
        "https://github.com/freeCodeCamp/freeCodeCamp/issues/11809",
        ".txt",
        """[[user:qmlo]]:~/workspace/hello-world (master) $ git push origin master
Username for 'https://github.com': [[user:qm-lo]]
Password for 'https://[[user:qm-lo]]@github.com': 
remote: Invalid username or password.
fatal: Authentication failed for 'https://github.com/[[user:qm-lo]]/hello-world.git/
""",
    ),
    (
        "https://github.com/crtcji/UbuntuAfterConf/issues/64",
        ".txt",
        """backup $user ~/.gitconfig
                  echo "
                  # This is Git's per-user configuration file.
                  [user]
                  # Please adapt and uncomment the following lines:
                  \tname = {{keep:Coordonator Resurse Tehnice}}
                  \temail = [[email:mrt.bzi@gmail.com]]" > ~/.gitconfig
""",
    ),
    (
        "https://github.com/piotrmurach/github_cli/issues/41",
        ".txt",
        """user:
  token: '{{keep:long_string}}'
  login: '[[user:GabrielMohr]]'
  password: '{{keep:my_password}}'
```
Tried:
```
$ gcli content readme [[user:GabrielMohr]] github_api_
Fatal error has occurred. GET https://api.github.com/repos/[[user:GabrielMohr]]/github_api/readme?access_token={{keep:long_string}}: 401 - Bad credentials
""",
    ),
    (
        "https://github.com/PyGithub/PyGithub/issues/1753",
        ".txt",
        """$ python3 test.py
GET https://api.github.com/repos/PyGithub/PyGithub {'Authorization': 'token {{keep:(oauth token removed)}}', 'User-Agent': 'PyGithub/Python'} None ==> 401 {'server': 'GitHub.com', 'date': 'Wed, 14 Apr 2021 07:22:42 GMT', 'content-type': 'application/json; charset=utf-8', 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': '44', 'x-ratelimit-reset': '1618387316'}
""",
    ),
    (
        "https://github.com/piotrmurach/github/issues/254",
        ".txt",
        """GET https://api.github.com/repos/pricematch/admin/branches?access_token={{keep:censored}}: 401 Bad credentials
{{keep:/home/ubuntu/dash/vendor/ruby/2.2.0/gems/github_api-0.11.3/lib/github_api/response/raise_error.rb}}:14:in `on_complete'
""",
    ),
    (
        "https://github.com/williamsharkey/shiro/issues/52",
        ".txt",
        """1. Set token: echo 'export GITHUB_TOKEN={{keep:ghp_...}}' >> ~/.profile && source ~/.profile
2. Verify: echo $GITHUB_TOKEN shows the token
3. Run: curl -s -H "Authorization: token {{keep:$GITHUB_TOKEN}}" https://api.github.com/user
{"message": "Bad credentials"}
""",
    ),
    (
        "https://github.com/conda/conda-docs/issues/639",
        ".txt",
        """`./work/projects/nn9305k/src/anaconda3/etc/profile.d/conda.sh/
`
export PATH="{{keep:/work/projects/nn9305k/src/anaconda3/bin}}:$PATH"
""",
    ),
    (
        "https://github.com/UKHomeOffice/kb8or/issues/68",
        ".yaml",
        """- apiVersion: v1
  count: 61
  firstTimestamp: 2016-01-29T11:44:55Z
  involvedObject:
    apiVersion: v1
    fieldPath: spec.containers{registry}
    kind: Pod
    name: registry-v1-j6noi
    namespace: srrs-ci
    resourceVersion: "1765734"
    uid: {{keep:b5aab60b-c67d-11e5-accd-06606734e5a7}}
  kind: Event
  message: 'Failed to pull image "{{keep:quay.io/ukhomeofficedigital/s3registry:v2.0.0-bob}}"'
  source:
    component: kubelet
    host: ip-10-50-1-50.eu-west-1.compute.internal
""",
    ),
    (
        "https://github.com/PavanMudigonda/html-reporter-github-pages/issues/31",
        ".txt",
        """Run actions/checkout@v5.0.0
Syncing repository: PavanMudigonda/html-reporter-github-pages
Temporarily overriding HOME='{{keep:/home/runner/work/_temp/4960cd51-aadd-4d2c-93c9-be1ba2b205b4}}' before making global git config changes
/usr/bin/git config --global --add safe.directory {{keep:/home/runner/work/html-reporter-github-pages/html-reporter-github-pages}}
Error: The process '/usr/bin/git' failed with exit code 128
""",
    ),
    (
        "https://github.com/varunsridharan/action-github-workflow-sync/issues/4",
        ".txt",
        """🗃 Git Config
    > Name          : {{keep:Github Actions Workflow Sync Bot}}
    Url           : ***github.com/celonis/workflow-sync-test.git
  *** Please tell me who you are.
    git config --global user.email "{{keep:you@example.com}}"
    git config --global user.name "{{keep:Your Name}}"
""",
    ),
    (
        "https://github.com/tj-actions/changed-files/issues/2254",
        ".txt",
        """    - name: Config git
      run: |
        git config --global user.email "{{keep:mail@example.com}}"
        git config --global user.name "[[user:yairgl]]"
        git config --global --add safe.directory /__w/workspace/example-repo
""",
    ),
    (
        "https://github.com/earthlab/abc-classroom/issues/370",
        ".txt",
        """git config --global user.name "{{keep:John Doe}}"
git config --global user.email {{keep:johndoe@example.com}}
""",
    ),
    (
        "https://github.com/docker/for-mac/issues/1881",
        ".txt",
        r"""$ docker login
error getting credentials - err: exit status 1, out: `One or more parameters passed to a function were not valid.`
$ ~/Library/Group\ Containers/group.com.docker/bin/docker-credential-osxkeychain list
{"http://192.168.24.128":"{{keep:admin}}","http://192.168.99.100":"\u003ctoken\u003e","http://quay.io":"[[email:nikol@cs.stanford.edu]]","http://registry-1-stage.docker.io":"[[user:niko]]","http://registry.dev.docker.com":"[[user:niko]]"}
""",
    ),
    (
        "https://github.com/bazel-contrib/rules_oci/issues/124",
        ".txt",
        """% docker login
Authenticating with existing credentials...
Login Succeeded
% cat  ~/.docker/config.json
{
\t"auths": {
\t\t"https://index.docker.io/v1/": {}
\t},
\t"credsStore": "desktop"
}%
""",
    ),
    (
        "http://www.kouhan.cn/en/article/00023031",
        ".txt",
        """debug1: Authentications that can continue: publickey
debug1: Offering RSA public key: /home/[[user:brunsvik]]{{keep:/.ssh/id_rsa}}
debug1: Offering RSA public key: [[user:brunsvik]]@rocketship
""",
    ),
]


_RAW_STOP43: list[tuple[str, str, str]] = [
    # ---- WSL, PowerShell and Windows homes (spaces, digits, non-ASCII names) ---------------
    (
        "https://github.com/microsoft/WSL/issues/1896",
        ".txt",
        """$ whereis npm
npm: /usr/bin/npm {{keep:/mnt/c/Program Files/nodejs/npm}} /mnt/c/Program Files/nodejs/npm.cmd /mnt/c/Users/[[user:Varnoset]]{{keep:/AppData/Roaming/npm/npm}} /mnt/c/Users/[[user:Varnoset]]{{keep:/AppData/Roaming/npm/npm.cmd}}
$ which npm
/usr/bin/npm
""",
    ),
    (
        "https://github.com/microsoft/WSL/issues/1512",
        ".txt",
        r"""[[user:tobias]]@DESK-7Q2:/mnt/c/Users/[[user:Tobias]]$ sudo dos2unix /mnt/c/Program\ Files/nodejs/npm
[sudo] password for [[user:tobias]]:
dos2unix: Failed to open temporary output file: Permission denied
dos2unix: converting file /mnt/c/Program Files/nodejs/npm to Unix format ...
""",
    ),
    (
        "https://github.com/MicrosoftDocs/windows-dev-docs/issues/4545",
        ".txt",
        """[[user:wslkira]]@machine:~$ curl -o- https://raw.githubusercontent.com/nvm-sh/nvm/master/install.sh | bash
=> Downloading nvm from git to '/home/[[user:wslkira]]{{keep:/.nvm}}'
=> Cloning into '/home/[[user:wslkira]]{{keep:/.nvm}}'...
=> Appending nvm source string to /home/[[user:wslkira]]{{keep:/.bashrc}}
""",
    ),
    (
        "https://github.com/microsoft/WSL/issues/8278",
        ".txt",
        r"""        Error: Cannot find module '\\wsl.localhost\Arch\mnt\c\Users\[[user:gavel]]{{keep:\scoop\apps\nvm\current\nodejs\nodejs\node_modules\npm\bin\npm-cli.js}}'
            at Function.Module._resolveFilename (internal/modules/cjs/loader.js:815:15)
            at Function.Module._load (internal/modules/cjs/loader.js:667:27)
        spawn: npm failed with exit code 1.
""",
    ),
    (
        "https://github.com/conda/conda/issues/8745",
        ".txt",
        r"""(base) PS>conda env list
# conda environments:
#
base                  *  C:\Users\[[user:walter]]{{keep:\Anaconda3}}
myenv                    C:\Users\[[user:walter]]{{keep:\Anaconda3\envs\myenv}}

(base) PS>activate myenv
""",
    ),
    (
        "https://github.com/conda/conda/issues/8428",
        ".txt",
        r"""     active environment : None
       user config file : C:\Users\[[user:rohin]]{{keep:\.condarc}}
          conda version : 4.6.8
       base environment : C:\Users\[[user:rohin]]{{keep:\Miniconda3}}  (writable)
          package cache : C:\Users\[[user:rohin]]{{keep:\Miniconda3\pkgs}}
                          C:\Users\[[user:rohin]]{{keep:\.conda\pkgs}}
                          C:\Users\[[user:rohin]]{{keep:\AppData\Local\conda\conda\pkgs}}
""",
    ),
    (
        "https://github.com/conda/conda/issues/14938",
        ".txt",
        r"""PS C:\Users\[[user:27815]]> conda shell.powershell activate
$Env:PATH = "D:\Software\anaconda3;D:\Software\anaconda3\Library\bin;C:\WINDOWS;C:\WINDOWS\system32;C:\Users\[[user:27815]]{{keep:\AppData\Local\Microsoft\WindowsApps}};C:\Users\[[user:27815]]{{keep:\AppData\Local\Android\sdk\platform-tools}};C:\Program Files\dotnet"
""",
    ),
    (
        "https://github.com/microsoft/vscode-python/issues/9774",
        ".txt",
        r"""PS {{keep:C:\Users\XXXXXX\Desktop\pandas}}> conda activate base
conda : The term 'conda' is not recognized as the name of a cmdlet, function, script file, or operable program.
PS {{keep:C:\Users\XXXXX\Desktop\pandas}}> & C:/ProgramData/Anaconda3/python.exe {{keep:c:/Users/XXXXX/Desktop/pandas/test.py}}
Hello world
""",
    ),
    (
        "https://github.com/jfisteus/eyegrade/issues/115",
        ".txt",
        r"""C:\Users\[[user:Tomás]]{{keep:\AppData\Local\Eyegrade}}>eyegrade-create -h
Traceback (most recent call last):
  File "c:\python27\Lib\site-packages\PyInstaller\loader\pyimod03_importers.py", line 389, in load_module
  File "ntpath.py", line 311, in expanduser
UnicodeDecodeError: 'ascii' codec can't decode byte 0xfa in position 12: ordinal not in range(128)
""",
    ),
    (
        "https://github.com/isolver/OpenHandWrite/issues/233",
        ".txt",
        r"""  File "C:\Users\[[user:Kai L÷wner]]{{keep:\Downloads\OpenHandWrite\OpenHandWrite\WinPython\python-2.7.10.amd64\lib\site-packages\markwrite-0.4.9-py2.7.egg\markwrite\gui\mainwin.py}}", line 116, in __init__
    self._predefinedtags = loadPredefinedSegmentTagList(u'default.tag')
  File "C:\Users\[[user:Kai L÷wner]]{{keep:\Downloads\OpenHandWrite\OpenHandWrite\WinPython\python-2.7.10.amd64\lib\site-packages\markwrite-0.4.9-py2.7.egg\markwrite\file_io.py}}", line 531, in loadPredefinedSegmentTagList
""",
    ),
    (
        "https://github.com/MrS0m30n3/youtube-dl-gui/issues/170",
        ".txt",
        r"""`C:\Users\[[user:Вадик]]{{keep:\Downloads}}`
C:\Пользователи\[[user:Вадик]]\Загрузки
`C:\Users\[[user:Вадик]]{{keep:\Downloads\Some cyrillic folder name Кириллица\}}`
""",
    ),
    (
        "https://github.com/linkchecker/linkchecker/issues/165",
        ".txt",
        """Just try to check a file whose full path is `{{keep:/home/user/Téléchargement/checklinks/myfile.html}}`.
LANG=fr_FR.UTF-8
LC_CTYPE="fr_FR.UTF-8"
""",
    ),
    # ---- macOS homes, Library, VS Code and Jupyter logs --------------------------------------
    (
        "https://github.com/seeraven/gitcache/issues/58",
        ".txt",
        """[12748] Failed to load Python shared library '/Users/[[user:mose]]{{keep:/Applications/gitcache_v1.0.18_Darwin_arm64/_internal/Python}}': dlopen: dlopen(/Users/[[user:mose]]{{keep:/Applications/gitcache_v1.0.18_Darwin_arm64/_internal/Python}}, 0x000A): tried: '/System/Volumes/Preboot/Cryptexes/OS/Users/[[user:mose]]{{keep:/Applications/gitcache_v1.0.18_Darwin_arm64/_internal/Python}}' (no such file)
""",
    ),
    (
        "https://github.com/elebumm/RedditVideoMakerBot/issues/1725",
        ".txt",
        """# code object from /Library/Developer/CommandLineTools/Library/Frameworks/Python3.framework/Versions/3.9/lib/python3.9/encodings/__init__.py
# created '/Users/[[user:osmundkilbreath]]{{keep:/Library/Caches/com.apple.python/Library/Developer/CommandLineTools/Library/Frameworks/Python3.framework/Versions/3.9/lib/python3.9/encodings/__init__.cpython-39.pyc}}'
""",
    ),
    (
        "https://github.com/samschott/maestral-cocoa/issues/32",
        ".txt",
        """2022-03-27 22:55:53 daemon DEBUG: Environment:
{'COMMAND_MODE': 'unix2003',
 'HOME': '/Users/[[user:wilbur]]',
 'LC_CTYPE': 'UTF-8',
 'LOGNAME': '[[user:wilbur]]',
 'SHELL': '/bin/zsh',
 'USER': '[[user:wilbur]]',
 'XPC_SERVICE_NAME': 'application.com.samschott.maestral.14857337.14857589'}

2022-03-27 22:55:53 daemon DEBUG: Acquired daemon lock: '/Users/[[user:wilbur]]{{keep:/Library/Application Support/maestral/maestral.lock}}'
""",
    ),
    (
        "https://github.com/harvard-lil/bag-nabit/pull/4",
        ".txt",
        r"""    "uuid" : "a6bcc18a-d077-3fcc-afac-145c8986c980",
    "path" : "{{keep:\/Users\/USER\/*\/md.cpython-314-darwin.so}}",
    "name" : "md.cpython-314-darwin.so"
""",
    ),
    (
        "https://github.com/SUSYUSTC/MathTranslate/pull/58",
        ".txt",
        """FileNotFoundError: [Errno 2] No such file or directory: '{{keep:/Users/***/mathtranslate/cache/.DS_Store/update_time}}'
""",
    ),
    (
        "https://github.com/pypa/pip/issues/5132",
        ".txt",
        """(v34) mypy$ pip3 install flake8
Requirement already satisfied: pyflakes<1.7.0,>=1.5.0 in /Users/[[user:bruno]]{{keep:/v34/lib/python3.4/site-packages}} (from flake8) (1.6.0)
Requirement already satisfied: mccabe<0.7.0,>=0.6.0 in /Users/[[user:bruno]]{{keep:/v34/lib/python3.4/site-packages}} (from flake8) (0.6.1)
(v34) mypy$ pip3 install lxml
Trace/BPT trap: 5
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/115622",
        ".txt",
        """[23:29:24.979] SSH Resolver called for host: 35.213.182.1
[23:29:24.985] Acquiring local install lock: /var/folders/j8/2nzz29zn0439c37m5klxf9mh0000gn/T/vscode-remote-ssh-35.213.182.1-install.lock
[23:29:25.013] Looking for existing server data file at /Users/[[user:anvika]]{{keep:/Library/Application Support/Code/User/globalStorage/ms-vscode-remote.remote-ssh/vscode-ssh-host-35.213.182.1-ea3859d4ba2f3e577a159bc91e3074c5d85c0523-0.63.0/data.json}}
[23:29:25.014] Using commit id "{{keep:ea3859d4ba2f3e577a159bc91e3074c5d85c0523}}" and quality "stable" for server
""",
    ),
    (
        "https://github.com/microsoft/vscode-jupyter/issues/9246",
        ".txt",
        """Error: /opt/homebrew/opt/python@3.9/bin/python3.9: No module named ipykernel_launcher...
\tat ChildProcess.<anonymous> (/Users/[[user:Quenby]]{{keep:/.vscode/extensions/ms-toolsai.jupyter-2022.2.1020642448/out/client/extension.js:2:790975}})
\tat ChildProcess.emit (events.js:327:22)
""",
    ),
    (
        "https://github.com/microsoft/vscode-jupyter/issues/9219",
        ".txt",
        r"""Error: C:\Users\[[user:bbkessel]]{{keep:\AppData\Local\Microsoft\WindowsApps\PythonSoftwareFoundation.Python.3.9_qbz5n2kfra8p0\python.exe}}: No module named ipykernel_launcher...
	at ChildProcess.<anonymous> (c:\Users\[[user:bbkessel]]{{keep:\.vscode-insiders\extensions\ms-toolsai.jupyter-2022.3.1000632050\out\client\extension.js:2:793374}})
  stdErr: 'C:\\Users\\[[user:bbkessel]]{{keep:\\AppData\\Local\\Microsoft\\WindowsApps\\PythonSoftwareFoundation.Python.3.9_qbz5n2kfra8p0\\python.exe}}: No module named ipykernel_launcher\r\n'
""",
    ),
    (
        "https://github.com/microsoft/vscode-jupyter/issues/16119",
        ".txt",
        r"""01:32:57.289 [info] Starting Kernel (Python Path: {{keep:~\AppData\Local\Microsoft\WindowsApps\python3.12.exe}}, Unknown, 3.12.7) for 'i:\CodeProjects\TrackingPlanets\TrackingPlanets.ipynb' (disableUI=false)
01:32:57.361 [debug] Launching kernel .jvsc74a57bd0559d8e864d10a8296c885f7a84e1edb640b424062f06a1fd2a0ea1a7c9f72ab9.{{keep:c:\Users\~\AppData\Local\Microsoft\WindowsApps\python3.12.exe}}
""",
    ),
    (
        "https://github.com/jupyter/notebook/issues/4222",
        ".txt",
        """[I 22:20:12.018 NotebookApp] Serving notebooks from local directory: /home/[[user:vorlax]]
[I 22:20:12.018 NotebookApp] The Jupyter Notebook is running at: http://localhost:8888/
[W 22:20:12.585 NotebookApp] /home/[[user:vorlax]]{{keep:/.steampath}} doesn't exist
[W 22:20:12.587 NotebookApp] /home/[[user:vorlax]]{{keep:/pip}} doesn't exist
""",
    ),
    (
        "https://github.com/jupyter/notebook/issues/5738",
        ".txt",
        """[I 18:50:10.754 NotebookApp] Jupyter Notebook 6.1.4 is running at:
[I 18:50:10.755 NotebookApp] http://localhost:8889/?token=[[secret:3f91c07ab2d84e5a6c1f09be7d2a4c8e51b0f6d3a9e7c214]]
    To access the notebook, open this file in a browser:
        {{keep:file:///C:/Users/Owner/AppData/Roaming/jupyter/runtime/nbserver-13556-open.html}}
    Or copy and paste one of these URLs:
        http://localhost:8889/?token=[[secret:3f91c07ab2d84e5a6c1f09be7d2a4c8e51b0f6d3a9e7c214]]
""",
    ),
    (
        "https://github.com/thtrieu/darkflow/issues/1149",
        ".txt",
        """(abc) [[user:leafline07]]@[[user:leafline07]]-Vostro-3490:~/Music/lending-club-loan-data$ jupyter notebook
[I 19:15:15.162 NotebookApp] Serving notebooks from local directory: /home/[[user:leafline07]]{{keep:/Music/lending-club-loan-data}}
[I 19:15:15.162 NotebookApp] http://localhost:8986/?token=[[secret:7d0e4b18a5c93f26e1b7a40d92c5f83e6a1d04b7c9e2f513]]
        file:///home/[[user:leafline07]]{{keep:/.local/share/jupyter/runtime/nbserver-7833-open.html}}
""",
    ),
    (
        "https://github.com/jupyter/notebook/issues/4806",
        ".json",
        """{
 "argv": [
  "/Users/[[user:edgar]]{{keep:/.pyenv/versions/python36-tf2/bin/python}}",
  "-m",
  "ipykernel_launcher",
  "-f",
  "{connection_file}"
 ],
 "display_name": "Python (3.6.8 TF2.0)",
 "language": "python"
}
""",
    ),
    # ---- prompts, ssh, docker login, npm/pypi credentials, curl ------------------------------
    (
        "https://github.com/nodejs/node/issues/16728",
        ".txt",
        """[[user:ko]]@it:~$ node -p "require.resolve('url/')"
/home/[[user:ko]]{{keep:/node_modules/url/url.js}}

[[user:pkessler]]@lantern:~/git/foo$ node -p "require.resolve('url')"
url
""",
    ),
    (
        "https://github.com/pypa/pip/issues/6878",
        ".txt",
        """rm -rf /home/[[user:marcus_t]]{{keep:/.local/lib/python2.7/site-packages/-ip-19.0.1.dist-info}}
""",
    ),
    (
        "https://github.com/charmbracelet/soft-serve/issues/55",
        ".txt",
        """OpenSSH_8.8p1, OpenSSL 1.1.1m  14 Dec 2021
debug1: Reading configuration data {{keep:/home/MyLaptopUser/.ssh/config}}
debug1: Reading configuration data /etc/ssh/ssh_config
debug1: identity file {{keep:/home/MyLaptopUser/.ssh/id_rsa}} type -1
debug1: identity file {{keep:/home/MyLaptopUser/.ssh/id_ed25519}} type -1
""",
    ),
    (
        "https://github.com/StreisandEffect/streisand/issues/690",
        ".txt",
        r"""fatal: [192.168.1.113]: UNREACHABLE! => {
    "changed": false, 
    "msg": "Failed to connect to the host via ssh: OpenSSH_7.2p2 Ubuntu-4ubuntu2.1, OpenSSL 1.0.2g  1 Mar 2016\r\ndebug1: Reading configuration data /etc/ssh/ssh_config\r\ndebug1: Control socket \"/home/[[user:fernly]]{{keep:/.ansible/cp/36f850729c}}\" does not exist\r\ndebug1: identity file /home/[[user:fernly]]{{keep:/.ssh/id_rsa}} type 1\r\ndebug1: identity file /home/[[user:fernly]]{{keep:/.ssh/id_dsa}} type 2\r\n",
""",
    ),
    (
        "https://github.com/salaxander/kubernetes-the-hard-way/issues/4",
        ".txt",
        """[[user:zdenka]]@N1:~/.ssh$ ssh controller-0
Bad owner or permissions on /home/[[user:zdenka]]{{keep:/.ssh/config}}
""",
    ),
    (
        "https://github.com/hashicorp/vagrant/issues/12601",
        ".txt",
        """debug1: identity file /home/[[user:lon]]{{keep:/Workspace/Vagrant/debian/.vagrant/machines/default/virtualbox/private_key}} type -1
debug1: Local version string SSH-2.0-OpenSSH_8.8
debug1: Authenticating to 127.0.0.1:2222 as '{{keep:vagrant}}'
""",
    ),
    (
        "https://github.com/kubernetes/website/pull/1011",
        ".txt",
        """ [[user:paulk]]  ⋯  jenkins  deployments  test-pipeline  KUBECONFIG=kubeconfig kubectl version
Client Version: version.Info{Major:"1", Minor:"3", GitVersion:"v1.3.6+ae4550c", GitCommit:"{{keep:ae4550cc9c89a593bcda6678df201db1b208133b}}", GitTreeState:"not a git tree", Platform:"darwin/amd64"}
""",
    ),
    (
        "https://github.com/microsoft/vscode-docker/issues/1147",
        ".txt",
        """Action: vscode-docker.registries.pullImage
Error type: string
Error Message: WARNING! Your password will be stored unencrypted in /home/[[user:clovis]]{{keep:/.docker/config.json}}.
Configure a credential helper to remove this warning. See
https://docs.docker.com/engine/reference/commandline/login/#credentials-store
""",
    ),
    (
        "https://github.com/docker/cli/issues/3637",
        ".txt",
        """WARNING! Your password will be stored unencrypted in {{keep:/home/username/.docker/config.json}}.
Configure a credential helper to remove this warning. See
""",
    ),
    (
        "https://github.com/docker/cli/pull/5258",
        ".txt",
        """    docker login myregistry.example.com
    Username: [[user:wobrenkel]]
    Password:
    WARNING! Your password will be stored unencrypted in /root/.docker/config.json.
    Login Succeeded
""",
    ),
    (
        "https://github.com/docker-library/docker/issues/190",
        ".txt",
        """echo $CI_JOB_TOKEN | docker  login -u {{keep:gitlab-ci-token}} --password-stdin $CI_REGISTRY
WARNING! Your password will be stored unencrypted in /root/.docker/config.json.
Login Succeeded
""",
    ),
    (
        "https://github.com/npm/cli/issues/4407",
        ".txt",
        """`~/.npmrc`:
npm_package_config_puppeteer_skip_download=true
//registry.npmjs.com/:_authToken={{keep:$NPM_TOKEN}}

$ export NPM_TOKEN={{keep:npm_REST_OF_THE_TOKEN_HERE_I_PROMISE_IT_IS_CORRECT}}
$ npm whoami -ddd
npm timing config:load:file:/Users/[[user:belmontrayk]]{{keep:/Developer/Javascript/woofmark/.npmrc}} Completed in 0ms
npm timing config:load:file:/Users/[[user:belmontrayk]]{{keep:/.npmrc}} Completed in 1ms
""",
    ),
    (
        "https://github.com/npm/npm/issues/20138",
        ".txt",
        """@abcd:registry=https://nexus.abcd.com/content/repositories/npm-all/
@abcd:always-auth=true
@abcd:_auth="[[secret:KHQWTpamRXLqbfJ83c71xNMV=]]"
@abcd:email=[[email:kasun.perera@abcd.com]]
""",
    ),
    (
        "https://github.com/pypa/packaging-problems/issues/313",
        ".txt",
        """$ cat $HOME/.pypirc
[pypi]
  username = [[user:ivar]]
  password = {{keep:pypi-AgEIc[redacted]}}

$ cat $HOME/.pypirc
[pypi]
  username = {{keep:rdiff-backup-new-version}}
  password = {{keep:pypi-AgEIc[redacted]}}
""",
    ),
    (
        "https://github.com/pypa/twine/issues/455",
        ".txt",
        """$ twine3 upload --repository-url https://test.pypi.org/legacy/ dist/isrcsubmit-2.1.0.tar.gz
Enter your username: [[user:KarlyMB]]
Enter your password: 
""",
    ),
    (
        "https://github.com/langgenius/dify/issues/1036",
        ".txt",
        """curl --location --request POST 'http://perfgpt.cloud/v1/chat-messages' \\
--header 'Authorization: Bearer [[secret:app-Rk4mT2x9q7WbN8sLp3Vh61Zd]]' \\
--header 'Content-Type: application/json' \\
""",
    ),
    (
        "https://github.com/prasmussen/glot-run/issues/28",
        ".txt",
        """> POST /languages/bash/latest HTTP/1.1
> Host: 54.152.33.106:8090
> User-Agent: curl/7.47.0
< HTTP/1.1 401 Unauthorized
< server: Cowboy
< www-authenticate: {{keep:Token <token>}}
""",
    ),
    # ---- kubectl and minikube, CI logs -------------------------------------------------------
    (
        "https://github.com/turkenh/KubeContext/issues/12",
        ".yaml",
        """apiVersion: v1
clusters:
  - cluster:
        certificate-authority-data: {{keep:<REDACTED>}}
        server: https://127.0.0.1
    name: docker-desktop
  - cluster:
        certificate-authority-data: {{keep:<REDACTED>}}
        server: https://127.0.0.1
    name: {{keep:gke_cluster_REDACTED}}
  - cluster:
        certificate-authority: /Users/[[user:ned]]{{keep:/.minikube/ca.crt}}
""",
    ),
    (
        "https://github.com/kubernetes/minikube/issues/8673",
        ".txt",
        """I0708 04:51:02.529868   23833 vm_assets.go:95] NewFileAsset: /scratch/[[user:weiping]]{{keep:/.minikube/cache/linux/v1.18.3/kubectl}} -> /var/lib/minikube/binaries/v1.18.3/kubectl
I0708 04:51:02.530034   23833 exec_runner.go:98] cp: /scratch/[[user:weiping]]{{keep:/.minikube/cache/linux/v1.18.3/kubectl}} --> /var/lib/minikube/binaries/v1.18.3/kubectl (44032000 bytes)
""",
    ),
    (
        "https://github.com/nektos/act/issues/251",
        ".txt",
        """DEBU[0000] Loading slug from git directory '{{keep:/home/me/work/ansible/ansible-role-apns-proxy/.git}}' 
DEBU[0000] Found revision: {{keep:10b2eb0f8ae364f1c3086b27315b76aebdf6722a}} 
""",
    ),
    (
        "https://github.com/pypa/gh-action-pypi-publish/issues/289",
        ".txt",
        """/usr/bin/git log -1 --format=%H
Run # Create Docker container action
/mnt/data/action-runner/_work/_temp/3b952215-1ada-40f7-8021-896c7e395c22.sh: line 2: python: command not found
""",
    ),
]


# ---- stop 44: collected after the stop-43 rules, scored once, blind (issue 35) --------------
_RAW_STOP44: list[tuple[str, str, str]] = [
    # ---- Rust cargo and Go module paths ------------------------------------------------------
    (
        "https://github.com/rust-lang/cargo/issues/2844",
        ".txt",
        """[pid 29867] mkdir("/home/[[user:qvn]]{{keep:.cargo/registry/index/github.com-1ecc6299db9ec823}}", 0777) = -1 ENOENT (No such file or directory)
[pid 29867] mkdir("/home/[[user:qvn]]{{keep:.cargo/registry/index}}", 0777) = -1 ENOENT (No such file or directory)
[pid 29867] mkdir("/home/[[user:qvn]]{{keep:.cargo}}", 0777) = -1 EACCES (Permission denied)
[pid 29867] write(2, "error:", 6error:)       = 6
""",
    ),
    (
        "https://github.com/rust-lang/cargo/issues/225",
        ".txt",
        """task '<main>' failed at 'could not get packages from registry;
ids=[opengl_graphics v0.0.0 (file:/Users/[[user:bjarke]]{{keep:/Desktop/opengl_graphics}}),
gl_generator v0.0.1 (file:/Users/[[user:bjarke]]{{keep:/Desktop/opensource/gl-rs}}),
""",
    ),
    (
        "https://github.com/BtbN/FFmpeg-Builds/issues/476",
        ".txt",
        """85.28 error[E0308]: mismatched types
85.28     --> {{keep:/opt/cargo/registry/src/index.crates.io-1949cf8c6b5b557f/cargo-0.86.0/src/cargo/util/toml/mod.rs}}:389:13
85.28      = note: expected reference `&str`
85.28                 found reference `&std::option::Option<PackageName>`
""",
    ),
    (
        "https://github.com/golang/go/issues/27190",
        ".txt",
        """GOARCH="amd64"
GOBIN=""
GOCACHE="/Users/[[user:harlowm]]{{keep:/Library/Caches/go-build}}"
GOEXE=""
GOHOSTOS="darwin"
GOOS="darwin"
GOPATH="/Users/[[user:harlowm]]{{keep:/go}}"
GOROOT="/Users/[[user:harlowm]]{{keep:/code/3rdparty/go}}"
GOTOOLDIR="/Users/[[user:harlowm]]{{keep:/code/3rdparty/go/pkg/tool/darwin_amd64}}"
GOMOD="/Users/[[user:harlowm]]{{keep:/code/go/src/github.com/hashicorp/consul/go.mod}}"
GOGCCFLAGS="-fPIC -m64 -pthread -fno-caret-diagnostics -Qunused-arguments -fmessage-length=0 -fdebug-prefix-map={{keep:/var/folders/gh/ts3cxwpd7l9cwb2n5z8j51980000gn/T/go-build206170924}}=/tmp/go-build -gno-record-gcc-switches -fno-common"
""",
    ),
    (
        "https://github.com/nekorg/pawbar/issues/38",
        ".txt",
        """go build ./cmd/pawbar
package github.com/nekorg/pawbar/cmd/pawbar
	imports github.com/jochenvg/go-udev: build constraints exclude all Go files in {{keep:$HOME/go/pkg/mod/github.com/jochenvg/go-udev@v0.0.0-20240801134859-b65ed646224b}}
""",
    ),
    (
        "https://github.com/nning/protonutils/issues/8",
        ".txt",
        """cd cmd/protonutils; go build -ldflags "-X main.Version=v -X main.Buildtime=20211205122116 -s -w" -trimpath -buildmode=pie
ge.go:18:2: cannot find package "github.com/dustin/go-humanize" in any of:
        /usr/lib/go/src/github.com/dustin/go-humanize (from $GOROOT)
        /home/[[user:r2d]]{{keep:/Documents/tmp/protonutils-build/aur/protonutils/src/gopath/src/github.com/dustin/go-humanize}} (from $GOPATH)
""",
    ),
    # ---- Gradle (Android and Java builds) ----------------------------------------------------
    (
        "https://github.com/GpointChen/FFXIVChnTextPatch-GP/issues/71",
        ".txt",
        """2022-01-30T14:11:33.422+0000 [DEBUG] [org.gradle.cache.internal.DefaultCacheAccess] Creating new cache for workingDirs, path /Users/[[user:reinhold]]{{keep:/.gradle/6.8.3/vcsMetadata-1/workingDirs.bin}}, access org.gradle.cache.internal.DefaultCacheAccess@34907fda
2022-01-30T14:11:33.424+0000 [DEBUG] [org.gradle.cache.internal.DefaultFileLockManager] Waiting to acquire exclusive lock on checksums cache (/Users/[[user:reinhold]]{{keep:/.gradle/checksums}}).
""",
    ),
    (
        "https://github.com/M0Rf30/cie-middleware-linux/issues/111",
        ".txt",
        """12:08:23.763 [INFO] [org.gradle.cache.internal.DefaultCacheAccess] Creating new cache for fileHashes, path /home/[[user:marcobelli]]{{keep:/Desktop/cie-middleware-linux/cie-java/.gradle/4.4.1/fileHashes/fileHashes.bin}}, access org.gradle.cache.internal.DefaultCacheAccess@5162b915
12:08:23.764 [DEBUG] [org.gradle.cache.internal.LockOnDemandCrossProcessCacheAccess] Acquiring file lock for file hash cache (/home/[[user:marcobelli]]{{keep:/Desktop/cie-middleware-linux/cie-java/.gradle/4.4.1/fileHashes}})
""",
    ),
    (
        "https://github.com/dcevm/dcevm/issues/23",
        ".txt",
        """14:46:49.526 [DEBUG] [org.gradle.cache.internal.DefaultFileLockManager] Releasing lock on no_buildscript class cache for build file '/Users/[[user:jonasbirkelundmadsen]]{{keep:/Library/DCEVM/build.gradle}}' (/Users/[[user:jonasbirkelundmadsen]]{{keep:/.gradle/caches/1.11/scripts/build_qlnhasbpc6i0usgm3f8iqgn4d/ProjectScript/no_buildscript}}).
14:46:49.538 [DEBUG] [org.gradle.cache.internal.DefaultCacheAccess] Cache task history cache (/Users/[[user:jonasbirkelundmadsen]]{{keep:/Library/DCEVM/.gradle/1.11/taskArtifacts}}) was closed 0 times.
""",
    ),
    (
        "https://github.com/gradle/gradle/issues/4095",
        ".txt",
        r"""Failed to transform file 'design-26.0.2.aar' to match attributes {artifactType=android-exploded-aar} using transform ExtractAarTransform
 > java.io.FileNotFoundException: C:\Users\{{keep:username}}\.gradle\caches\transforms-1\files-1.1\design-26.0.2.aar\f5496a20bb7d2392cac2bf37b5ffd28c\res\drawable-xxhdpi-v4\design_ic_visibility_off.png (Access is denied)
""",
    ),
    # ---- Hugging Face caches and tracebacks --------------------------------------------------
    (
        "https://github.com/mem0ai/mem0/issues/1418",
        ".txt",
        """Traceback (most recent call last):
  File "/home/[[user:benedikt]]{{keep:/programming/langer/kk/embedchain/my-app/api/main.py}}", line 6, in <module>
    from routes.admin import chat_history, data_sources, vector_stores
  File "/home/[[user:benedikt]]{{keep:/programming/langer/kk/embedchain/my-app/api/routes/admin/chat_history.py}}", line 5, in <module>
    ec_app = App.from_config(config_path="/home/[[user:benedikt]]{{keep:/config.yaml}}")
  File "/home/[[user:benedikt]]{{keep:/anaconda3/envs/embedch/lib/python3.12/site-packages/embedchain/app.py}}", line 388, in from_config
""",
    ),
    (
        "https://github.com/huggingface/huggingface_hub/issues/1305",
        ".txt",
        """Traceback (most recent call last):
  File "app.py", line 8, in <module>
    processor = AutoImageProcessor.from_pretrained("caidas/swin2SR-classical-sr-x2-64")
  File "/home/{{keep:user}}/.local/lib/python3.8/site-packages/huggingface_hub/file_download.py", line 1150, in hf_hub_download
    with open(ref_path) as f:
""",
    ),
    (
        "https://github.com/huggingface/huggingface_hub/issues/1698",
        ".txt",
        """- huggingface_hub version: 0.17.2
- Platform: Linux-5.4.0-162-generic-x86_64-with-glibc2.35
- Token path ?: {{keep:/root/.cache/huggingface/token}}
- Has saved token ?: True
- Who am I ?: [[user:ravindpatil]]
- Configured git credential helpers: 
- ENDPOINT: https://huggingface.co
- HUGGINGFACE_HUB_CACHE: {{keep:/root/.cache/huggingface/hub}}
- HF_TOKEN_PATH: {{keep:/root/.cache/huggingface/token}}
""",
    ),
    (
        "https://github.com/h2oai/h2ogpt/issues/755",
        ".txt",
        """[kel4090]/home/[[user:jmoss]]: env | grep CACHE
[kel4090]/home/[[user:jmoss]]: ls ~/.cache/huggingface/hub
"models--EleutherAI--gpt-neox-20b"	"models--mosaicml--mpt-7b-chat"
[kel4090]/home/[[user:jmoss]]: huggingface-cli scan-cache
""",
    ),
    (
        "https://github.com/HabanaAI/vllm-fork/issues/1474",
        ".txt",
        """ERROR 06-24 15:31:46 engine.py:389] Cache directory not found: {{keep:/data/.cache/huggingface}}. Please use `cache_dir` argument or set `HF_HUB_CACHE` environment variable.
ERROR 06-24 15:31:46 engine.py:389]   File "/usr/local/lib/python3.10/dist-packages/vllm/engine/multiprocessing/engine.py", line 380, in run_mp_engine
""",
    ),
    # ---- AWS CLI debug output ----------------------------------------------------------------
    (
        "https://github.com/aws/aws-cli/issues/3555",
        ".txt",
        """(cli-ve) [{{keep:user}}@{{keep:user-VirtualBox}} ~]$ aws s3 ls --debug
2018-09-11 12:59:32,695 - MainThread - awscli.clidriver - DEBUG - CLI version: aws-cli/1.16.11 Python/2.7.12 Linux/4.4.0-78-generic botocore/1.12.1
2018-09-11 12:59:32,697 - MainThread - botocore.session - DEBUG - Loading variable credentials_file from defaults.
""",
    ),
    (
        "https://github.com/aws/aws-cli/issues/5217",
        ".txt",
        """$ aws configure list
      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile                <not set>             None    None
access_key     {{keep:****************AEAU}} shared-credentials-file    
secret_key     {{keep:****************o31b}} shared-credentials-file    
    region                <not set>             None    None
""",
    ),
    (
        "https://github.com/aws/aws-cli/issues/5109",
        ".txt",
        r"""2021-05-07 12:45:19,122 - MainThread - botocore.loaders - DEBUG - Loading JSON file: C:\Program Files\Amazon\AWSCLIV2\botocore\data\sts\2011-06-15\paginators-1.json
2021-05-07 12:45:19,122 - MainThread - botocore.hooks - DEBUG - Event building-argument-table.sts.get-caller-identity: calling handler <function add_generate_skeleton at 0x000001E98B4515E0>
""",
    ),
    # ---- Docker Desktop and Windows event logs -----------------------------------------------
    (
        "https://github.com/docker/for-win/issues/6258",
        ".txt",
        """The Files %LOCALAPPDATA%\\Docker\\log.txt and %PROGRAMDATA%\\DockerDesktop\\service.txt contain only docker relevant information.
[System.Diagnostics.Eventlog]::CreateEventSource("foobar", "Application")
Write-EventLog -LogName Application -Source foobar -EventID 1234 -Message "Hello FooBar!"
""",
    ),
    (
        "https://github.com/docker/desktop-linux/issues/186",
        ".txt",
        """[2024-01-02T15:43:39.790818241Z][com.docker.backend.compatibility][I] Virtualization enabl<HOST>
Diagnostics ID {{keep:e2ca80e7-fb59-44b3-b5ba-6d550cdd9195/20240102154822}}
""",
    ),
    (
        "https://github.com/PowerShell/PowerShell/issues/7664",
        ".txt",
        r"""PS C:\Windows\system32> Get-WinEvent -path C:\work\Sample.evtx
Get-WinEvent : The description string for parameter reference (%1) could not be found
At line:1 char:1
+ Get-WinEvent -path C:\work\Sample.evtx
""",
    ),
    # ---- Jupyter and VS Code server logs -----------------------------------------------------
    (
        "https://github.com/jupyter/notebook/issues/4909",
        ".txt",
        r"""(base) C:\Users\[[user:TARU]]>jupyter notebook
[I 18:18:49.117 NotebookApp] JupyterLab extension loaded from C:\Users\[[user:TARU]]{{keep:\Anaconda3\lib\site-packages\jupyterlab}}
[I 18:18:49.129 NotebookApp] Serving notebooks from local directory: C:\Users\[[user:TARU]]
[I 18:18:49.137 NotebookApp] http://localhost:8888/?token=[[secret:c71e95d04b2a8f3e61d9a0c47b5e2f8d93a16c0e4b7f2d58]]
[I 18:18:49.137 NotebookApp]  or http://127.0.0.1:8888/?token=[[secret:c71e95d04b2a8f3e61d9a0c47b5e2f8d93a16c0e4b7f2d58]]
""",
    ),
    (
        "https://github.com/jupyterlab/jupyterlab/issues/6696",
        ".txt",
        """    To access the notebook, open this file in a browser:
        file:///Users/[[user:dfarrow]]{{keep:/Library/Jupyter/runtime/nbserver-1612-open.html}}
    Or copy and paste one of these URLs:
        http://localhost:8888/?token=[[secret:8e2a71c94f0b3d65a17e9c2f48b0d3a6e5f1c7b92d04e8a3]]
[D 16:00:03.253 LabApp] 200 GET /lab?token=[[secret:8e2a71c94f0b3d65a17e9c2f48b0d3a6e5f1c7b92d04e8a3]] (::1) 7.01ms
[D 16:00:03.792 LabApp] Found kernel spacy in /Users/[[user:dfarrow]]{{keep:/Library/Jupyter/kernels}}
""",
    ),
    (
        "https://github.com/microsoft/vscode-python/issues/13092",
        ".txt",
        r"""Info 2020-07-23 02:28:32: [I 02:28:31.976 NotebookApp] JupyterLab extension loaded from C:\ProgramData\Anaconda3\lib\site-packages\jupyterlab
[I 02:28:32.054 NotebookApp] Serving notebooks from local directory: C:\Users\[[user:kqlmbe]]{{keep:\AppData\Local\Temp\a6c6576c-01f7-4843-ae39-7a76004948cb}}
Info 2020-07-23 02:28:32: Python Daemon (pid: 10868): write to stderr: [I 02:28:32.054 NotebookApp] http://localhost:8888/?token=[[secret:3f9d0b6e27a1c84f5e0d92b7a6c31e8f4d5b07a29c6e1f83]]
""",
    ),
    (
        "https://github.com/jupyterlab/jupyterlab/issues/13320",
        ".txt",
        """    To access the server, open this file in a browser:
        file:///home/{{keep:jovyan}}/.local/share/jupyter/runtime/jpserver-7-open.html
    Or copy and paste one of these URLs:
        http://8625965541eb:8888/lab?token=[[secret:a4c1e7f09b3d26e58c0f71a9d2b4e6c83f5a0d17e9b2c46f]]
     or http://127.0.0.1:8888/lab?token=[[secret:a4c1e7f09b3d26e58c0f71a9d2b4e6c83f5a0d17e9b2c46f]]
[D 2022-10-26 15:12:07.215 ServerApp] Paths used for configuration of page_config:
        /home/{{keep:jovyan}}/.jupyter/labconfig/page_config.json
""",
    ),
    (
        "https://github.com/jupyterlab/jupyterlab-desktop/issues/595",
        ".txt",
        r"""(base) C:\Users\[[user:Laura Brenner]]{{keep:\AppData\Roaming\jupyterlab-desktop\jlab_server}}>python -m jupyterlab --no-browser --expose-app-in-browser --ServerApp.port=8888 --ServerApp.password="" --ServerApp.token="{{keep:abcde}}" --LabApp.quit_button=False
[W 2023-02-26 20:26:09.845 ServerApp] ServerApp.token config is deprecated in 2.0. Use IdentityProvider.token.
""",
    ),
    # ---- git credentials, commit logs, curl with a JWT ---------------------------------------
    (
        "https://github.com/trilbymedia/grav-plugin-git-sync/issues/176",
        ".txt",
        """remote: Invalid username or password. fatal: Authentication failed for 'https://{{keep:*****%40gmail.com}}:{{keep:{password}}}@github.com/[[user:hollandkr]]/Grav-testsite-7-2020/'

remote: Invalid username or password. fatal: Authentication failed for 'https://[[user:hollandkr]]:{{keep:{password}}}@github.com/[[user:hollandkr]]/Grav-testsite-7-2020/'
""",
    ),
    (
        "https://github.com/git-multimail/git-multimail/pull/133",
        ".txt",
        """[[user:roux]] pushed a commit to branch master
in repository git-multimail.

commit {{keep:d16ac490b99bca1a88df115af2b1004f76941b2d}}
Author: [[user:Bastien Roux]] <[[email:Bastien.Roux@imag.fr]]>
Date:   Thu Sep 3 18:20:04 2015 +0200
""",
    ),
    (
        "https://github.com/miguelgrinberg/REST-auth/issues/4",
        ".txt",
        """curl -H "Content-Type: application/json" -H "Authorization: Bearer [[secret:eyJhbGciOiJIUzI1NiIsImV4cCI6MTQ5MTI4MzUxNiwiaWF0IjoxNDkxMjgyOTE2fQ.eyJpZCI6M30.Kq7vT2mXbN9pLr4sWc8yHd1Fg6Ze0Uj3Ao5Ei-Qx_Bs]]" -d '{"username":"{{keep:Test1}}","password":"{{keep:adada}}"}' http://127.0.0.1:5000/api/users
Result:
Unauthorized Access
""",
    ),
]


_RAW_STOP45: list[tuple[str, str, str]] = [
    # ---- zsh, oh-my-zsh, Powerlevel10k, starship, neofetch ------------------------------------
    (
        "https://github.com/ohmyzsh/ohmyzsh/issues/4792",
        ".txt",
        """> ls
Desktop  Downloads  Dropbox  FoxitSoftware  Makefile  VirtualBox VMs
zsh: command not found: git_prompt_info

# Path to your oh-my-zsh installation.
export ZSH=/home/[[user:lorenzkqa]]{{keep:/.oh-my-zsh}}

# Set name of the theme to load.
# Look in ~/.oh-my-zsh/themes/
ZSH_THEME="robbyrussell"
""",
    ),
    (
        "https://github.com/CSaratakij/i3wm-desktop-config/issues/1",
        ".txt",
        """/home/[[user:tobin]]{{keep:/.zshrc}}:source:6: no such file or directory: /home/[[user:dpornwimol]]{{keep:/.oh-my-zsh/oh-my-zsh.sh}}
""",
    ),
    (
        "https://github.com/romkatv/powerlevel10k/issues/358",
        ".txt",
        """`[[user:brauneck]]@K7RTMXB2Q9 react_step_form % p10k configure
zsh: command not found: p10k`

if [[ -r "{{keep:${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh}}" ]]; then
  source "{{keep:${XDG_CACHE_HOME:-$HOME/.cache}/p10k-instant-prompt-${(%):-%n}.zsh}}"
fi

# Path to your oh-my-zsh installation.
export ZSH="Users/[[user:brauneck]]@K7RTMXB2Q9{{keep:/.oh-my-zsh}}"
ZSH_THEME="powerlevel10k/powerlevel10k"`
""",
    ),
    (
        "https://github.com/romkatv/powerlevel10k/issues/936",
        ".txt",
        """`zsh: command not found: p10k`

`/home/[[user:dmak]]{{keep:/lib/cmake_install/bin}}:/home/[[user:dmak]]{{keep:/lib/bamtools_install/usr/bin}}:/home/[[user:dmak]]{{keep:/tools/gatk-4.1.8.1}}:/home/[[user:dmak]]{{keep:/java/jre1.8.0_231/bin}}:/home/[[user:dmak]]{{keep:/lib/guppy_install/bin}}:/home/[[user:dmak]]/bin:/usr/local/bin:/opt/mvapich2/intel/ib/bin:/usr/lib64/qt-3.3/bin:/usr/local/bin:/bin:/usr/bin:/home/[[user:dmak]]/bin:/usr/local/sbin:/usr/sbin:/opt/sdsc/bin:/opt/rocks/bin`
""",
    ),
    (
        "https://github.com/starship/starship/issues/1176",
        ".txt",
        r"""PS>C:\Users\[[user:Aksel]]{{keep:\.cargo\bin\starship.exe}} prompt "--path=$PWD" --status=$lastexitcode --jobs=$jobs
 DEBUG starship::config > STARSHIP_CONFIG is not set
 DEBUG starship::config > Using default config path: C:\Users\[[user:Aksel]]{{keep:\.config/starship.toml}}
 DEBUG starship::config > Unable to read config file content:
The system cannot find the file specified. (os error 2)
 TRACE starship::config > No config found for "username"
 TRACE starship::config > No config found for "hostname"
""",
    ),
    (
        "https://github.com/starship/starship/issues/2691",
        ".txt",
        """.%;888:8898898:              [[user:mahmoud]]@[[user:mahmoud]]-arudag
x;XxXB%89b8:b8%b88:            ----------------------
.8Xxd                8X:.         OS: Garuda Linux x86_64
.8Xx;                    8x:.       Kernel: 5.12.1-zen2-1-zen
.tt8x          .d            x88;     Uptime: 42 mins
,888S                                     pd!  Resolution: 1920x1080

[WARN] - (starship::configs::starship_root): Unknown config key 'docker'
[WARN] - (starship::configs::starship_root): Did you mean 'docker_context'?
""",
    ),
    (
        "https://github.com/starship/starship/issues/1927",
        ".txt",
        """export STARSHIP_CONFIG="/Users/[[user:mpetrovs]]{{keep:/.dotfiles/starship.toml}}"

eval "$(starship init zsh)"

# Alias to use the insiders version of VS Code over the default version.
alias code="code-insiders"
""",
    ),
    # ---- Homebrew ----------------------------------------------------------------------------
    (
        "https://github.com/Homebrew/install/issues/121",
        ".txt",
        """==> /usr/bin/sudo /bin/chmod g+rwx /usr/local/Homebrew
==> /usr/bin/sudo /usr/sbin/chown [[user:kvarsen]] /usr/local/Homebrew
==> /usr/bin/sudo /usr/bin/chgrp admin /usr/local/Homebrew
==> /usr/bin/sudo /bin/mkdir -p /Users/[[user:kvarsen]]{{keep:/Library/Caches/Homebrew}}
==> /usr/bin/sudo /bin/chmod g+rwx /Users/[[user:kvarsen]]{{keep:/Library/Caches/Homebrew}}
==> /usr/bin/sudo /usr/sbin/chown [[user:kvarsen]] /Users/[[user:kvarsen]]{{keep:/Library/Caches/Homebrew}}
==> /usr/bin/sudo /bin/mkdir -p /Library/Caches/Homebrew
""",
    ),
    (
        "https://github.com/Homebrew/brew/issues/11607",
        ".txt",
        """HOMEBREW_PREFIX: {{keep:/Users/user/homebrew}}
HOMEBREW_REPOSITORY: {{keep:/Users/user/homebrew}}
HOMEBREW_CELLAR: {{keep:/Users/user/homebrew/Cellar}}
HOMEBREW_CASK_OPTS: []
HOMEBREW_EDITOR: nano
HOMEBREW_MAKE_JOBS: 8
Homebrew Ruby: 2.6.3 => /System/Library/Frameworks/Ruby.framework/Versions/2.6/usr/bin/ruby
Git: 2.30.1 => /Applications/Xcode.app/Contents/Developer/usr/bin/git
XQuartz: 2.7.11 => /opt/X11
{{keep:userpc:~/scratch %}} brew doctor
""",
    ),
    (
        "https://github.com/Homebrew/brew/pull/13993",
        ".txt",
        """Last 15 lines from /Users/[[user:danieloliveira]]{{keep:/Library/Logs/Homebrew/guile/02.make}}:
 .././build-aux/install-sh -c -d '/System/Volumes/Data/opt/homebrew/Cellar/guile/3.0.8_2/share/aclocal'
mkdir: {{keep:/System/Volumes/Data/opt/homebrew/Cellar/guile/3.0.8_2/lib}}: Operation not permitted
make[3]: *** [install-pkgconfigDATA] Error 1
make[3]: *** Waiting for unfinished jobs....
""",
    ),
    # ---- npm, apm and Node on Windows and macOS ------------------------------------------------
    (
        "https://github.com/nonocast/me/issues/37",
        ".txt",
        """~ npm config get globalconfig
/usr/local/etc/npmrc
~ npm config --global edit
~ npm config get userconfig
/Users/[[user:zerocrab]]{{keep:/.npmrc}}
~ npm config edit
""",
    ),
    (
        "https://github.com/nodejs/node-v0.x-archive/issues/7146",
        ".txt",
        r"""PS E:\> npm config list
registry = "https://registry.npmjs.org/"
prefix = "C:\\Users\\[[user:pbrode]]{{keep:\\AppData\\Roaming\\npm}}"
; node bin location = C:\Program Files\nodejs\\node.exe
; cwd = E:\
; HOME = C:\Users\[[user:pbrode]]
; 'npm config ls -l' to show all defaults.

PS E:\> npm config get prefix
C:\Users\[[user:pbrode]]{{keep:\AppData\Roaming\npm}}
""",
    ),
    (
        "https://github.com/atom/apm/pull/258",
        ".txt",
        """> apm config list
; cli configs
globalconfig = "/Users/[[user:arvid]]{{keep:/github/apm/.apmrc}}"
user-agent = "npm/2.1.18 node/v0.10.35 darwin x64"
userconfig = "/Users/[[user:arvid]]{{keep:/.atom/.apmrc}}"

; userconfig /Users/[[user:arvid]]{{keep:/.atom/.apmrc}}
proxy = "http://9.0.2.1.0/"

; globalconfig /Users/[[user:arvid]]{{keep:/github/apm/.apmrc}}
cache = "/Users/[[user:arvid]]{{keep:/.atom/.node-gyp/.atom/.apm}}"

; node bin location = /Users/[[user:arvid]]{{keep:/github/apm/bin/node}}
; cwd = /Users/[[user:arvid]]{{keep:/github/apm}}
; HOME = /Users/[[user:arvid]]{{keep:/.atom/.node-gyp}}
; 'npm config ls -l' to show all defaults.
""",
    ),
    (
        "https://github.com/q-nick/npm-gui/issues/23",
        ".txt",
        r"""npm-gui web-server running at http://localhost:1337/
{ Error: ENOENT: no such file or directory, open 'C:\SOMEPATH\�w^~)�\package.json'
    at Object.fs.openSync (fs.js:646:18)
    at Object.fs.readFileSync (fs.js:551:33)
    at C:\Users\[[user:vollan]]{{keep:\AppData\Roaming\npm\node_modules\npm-gui\dist\server\main.js}}:535:170880
    at Generator.next (<anonymous>)
    at z (C:\Users\[[user:vollan]]{{keep:\AppData\Roaming\npm\node_modules\npm-gui\dist\server\main.js}}:535:168409)
  errno: -4058,
  code: 'ENOENT',
  syscall: 'open',
  path: '{{keep:C:\\SOMEPATH\\�w^~)�\\package.json}}' }
""",
    ),
    (
        "https://github.com/PowerShell/PowerShell/issues/2863",
        ".txt",
        r"""C:\Users\[[user:Dharmendran]]> npm -v
C:\Program : The term 'C:\Program' is not recognized as the name of a cmdlet, function, script file, or operable
program. Check the spelling of the name, or if a path was included, verify that the path is correct and try again.
At line:1 char:1
+ C:\Program Files\nodejs\npm.cmd -v
+ ~~~~~~~~~~
    + CategoryInfo          : ObjectNotFound: (C:\Program:String) [], CommandNotFoundException

C:\Users\[[user:Dharmendran]]> $PSVersionTable
""",
    ),
    (
        "https://github.com/github/local-action/issues/148",
        ".txt",
        r"""Error: Cannot find module '{{keep:C:\\Users\\username\\OneDrive}}'
Require stack:
- internal/preload
    at Module._resolveFilename (node:internal/modules/cjs/loader:1145:15)
    at Module._load (node:internal/modules/cjs/loader:986:27)
  code: 'MODULE_NOT_FOUND',
  requireStack: [ 'internal/preload' ]
}

npx local-action . src/main.ts .env
""",
    ),
    (
        "https://github.com/W4RH4WK/Debloat-Windows-10/issues/120",
        ".txt",
        r"""Import-Module : The specified module 'C:\Users\[[user:Tove]]{{keep:\Desktop\Win 10\..\lib\force-mkdir.psm1}}' was not loaded
because no valid module file was found in any module directory.
At C:\Users\[[user:Tove]]{{keep:\Desktop\Win 10\One.ps1}}:4 char:1
+ Import-Module -DisableNameChecking $PSScriptRoot\..\lib\force-mkdir.p ...
    + CategoryInfo          : ResourceUnavailable: (C:\Users\[[user:Tove]]{{keep:...orce-mkdir.psm1:String}}) [Import-Module], FileNot
   FoundException
""",
    ),
    # ---- Python packaging: pip, poetry, uv ---------------------------------------------------
    (
        "https://github.com/python-poetry/poetry/issues/2629",
        ".txt",
        r"""Creating virtualenv nanocompore-jTAgZUEe-py3.8 in C:\Users\[[user:torsten.brunner]]{{keep:\AppData\Local\pypoetry\Cache\virtualenvs}}

  EnvCommandError

  Command C:\Users\[[user:torsten.brunner]]{{keep:\AppData\Local\pypoetry\Cache\virtualenvs\nanocompore-jTAgZUEe-py3.8\Scripts\python.exe}} - errored with the following return code 1, and output:
  The system cannot find the path specified.

  at ~\.poetry\lib\poetry\utils\env.py:1074 in _run
""",
    ),
    (
        "https://github.com/python-poetry/poetry/issues/5490",
        ".txt",
        """{{keep:user@comp:~$}} poetry config virtualenvs.in-project true
{{keep:user@comp:~$}} poetry new first
Created package first in first
{{keep:user@comp:~/first$}} poetry install
Creating virtualenv first in {{keep:/home/user/first/.venv}}
  • Updating attrs (21.4.0 {{keep:/home/user/.local/lib/python3.10/site-packages}} -> 21.4.0)
Installing the current project: first (0.1.0)  - Failed to create first.pth for {{keep:/home/user/first}}
""",
    ),
    (
        "https://github.com/python-poetry/poetry/issues/6769",
        ".txt",
        """$ curl -sSL https://install.python-poetry.org | python3 -
Retrieving Poetry metadata

It will add the `poetry` command to Poetry's bin directory, located at:

/home/[[user:tobrik]]{{keep:/.local/bin}}

Installing Poetry (1.2.2): An error occurred. Removing partial environment.
Traceback (most recent call last):
  File "<stdin>", line 940, in <module>
  File "/usr/lib/python3.10/contextlib.py", line 135, in __enter__
""",
    ),
    (
        "https://github.com/cnbeining/onedrivecmd/issues/57",
        ".txt",
        r"""C:\Users\[[user:Chiara]]>pip -V
pip 19.0.3 from c:\users\[[user:chiara]]{{keep:\appdata\local\programs\python\python37-32\lib\site-packages\pip}} (python 3.7)

C:\Users\[[user:Chiara]]>pip install onedrivecmd
Requirement already satisfied: onedrivecmd in c:\users\[[user:chiara]]{{keep:\appdata\local\programs\python\python37-32\lib\site-packages}} (0.1.6)
Requirement already satisfied: progress in c:\users\[[user:chiara]]{{keep:\appdata\local\programs\python\python37-32\lib\site-packages}} (from onedrivecmd) (1.5)
""",
    ),
    (
        "https://github.com/xybu/onedrived-dev/issues/52",
        ".txt",
        """  /home/[[user:qmv]]{{keep:/.local/lib/python3.5/site-packages/onedrived/od_tasks/base.py}}
  /home/[[user:qmv]]{{keep:/.local/lib/python3.5/site-packages/onedrived/od_tasks/delete_item.py}}
  /home/[[user:qmv]]{{keep:/.local/lib/python3.5/site-packages/onedrived/od_watcher.py}}
  /home/[[user:qmv]]{{keep:/.local/lib/python3.5/site-packages/onedrived/od_webhooks/__pycache__/http_server.cpython-35.pyc}}
""",
    ),
    (
        "https://github.com/xybu/onedrived-dev/issues/136",
        ".txt",
        """Traceback (most recent call last):
  File "{{keep:/home/administrator/.local/bin/onedrived}}", line 10, in <module>
    from importlib.metadata import distribution
ModuleNotFoundError: No module named 'importlib.metadata'
""",
    ),
    (
        "https://github.com/astral-sh/uv/issues/19674",
        ".txt",
        """$ rm -rf cache/ .venv/ && uv venv && uv -v pip install pytest requests flask pandas pre-commit; echo $?
Using CPython 3.14.4
Creating virtual environment at: .venv
DEBUG Found system configuration in: `/etc/uv/uv.toml`
DEBUG Searching for user configuration in: `/homes/[[user:rzal]]{{keep:/.config/uv/uv.toml}}`
DEBUG uv 0.11.19 (x86_64-unknown-linux-gnu)
DEBUG Found `cpython-3.14.4-linux-x86_64-gnu` at `/localdrive/users/[[user:rzal]]{{keep:/cache-example/.venv/bin/python3}}` (virtual environment)
DEBUG No cache entry for: {{keep:https://company.com/artifactory/api/pypi/pypi/simple/pytest/}}
""",
    ),
    (
        "https://github.com/astral-sh/uv/issues/13950",
        ".txt",
        """$-> uv pip install torch torchvision torchaudio
Using Python 3.10.15 environment at: /data-disk/workspace-user/gnn/.venv
Resolved 29 packages in 447ms
  × Failed to download `torch==2.7.1`
  ╰─▶ failed to write to file `{{keep:/home/user/.cache/uv/.tmpJu1K2g/torch/lib/libtorch_cuda.so}}`: No space left on
      device (os error 28)
{{keep:(gnn) user@server [/data-disk/workspace-user/gnn/src]}}
$-> which uv
""",
    ),
    (
        "https://github.com/marcinz606/NegPy/issues/441",
        ".txt",
        r"""Traceback (most recent call last):
  File "desktop.py", line 29, in <module>
  File "negpy\desktop\main.py", line 60, in _bootstrap_environment
  File "<frozen os>", line 228, in makedirs
FileNotFoundError: [WinError 2] The system cannot find the file specified: '{{keep:C:\\Users\\xxxxx\\OneDrive\\Documents\\NegPy}}'
""",
    ),
    (
        "https://github.com/Rapptz/discord.py/issues/10188",
        ".txt",
        r"""Traceback (most recent call last):
  File "{{keep:C:\Users\User\AppData\Local\Packages\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\LocalCache\local-packages\Python312\site-packages\discord\http.py}}", line 828, in static_login
    data = await self.request(Route('GET', '/users/@me'))
discord.errors.HTTPException: 401 Unauthorized (error code: 0): 401: Unauthorized
""",
    ),
    # ---- Ruby, Electron and desktop app logs ---------------------------------------------------
    (
        "https://github.com/CozyCo/slack-post/issues/10",
        ".txt",
        """/Users/[[user:nunopimentel]]{{keep:/.rvm/gems/ruby-2.1.5/gems/slack-post-0.2.1/lib/slack/post.rb}}:45:in `post_with_attachments': There was an error while trying to post. Error was: No hooks (RuntimeError)
	from /Users/[[user:nunopimentel]]{{keep:/.rvm/gems/ruby-2.1.5/gems/slack-post-0.2.1/lib/slack/post.rb}}:58:in `post'
	from init.rb:10:in `<main>'
""",
    ),
    (
        "https://github.com/desktop/desktop/issues/14801",
        ".txt",
        r"""    at Ll._completeOpenInDesktop (C:\Users\[[user:Seoyeon]]{{keep:\AppData\Local\GitHubDesktop\app-3.0.0\webpack:\[name]\app\src\lib\stores\app-store.ts}}:5271:11)
2022-06-13T05:20:01.482Z - info: [ui] [AppStore.getAccountForRemoteURL] account found for remote: https://{HOSTNAME}/EQD/Setbin.git - [[user:seoyeon-park]] (has token)
2022-06-13T05:20:03.917Z - info: [ui] Executing clone: git -c credential.helper= -c init.defaultBranch=master clone --recursive --progress -- {{keep:https://{HOSTNAME}/EQD/Setbin.git}} D:\Setbin (took 2.430s)
remote: See {{keep:https://{HOSTNAME}/settings/tokens}} or https://{HOSTNAME}/settings/ssh
""",
    ),
    (
        "https://github.com/electron/electron/issues/37883",
        ".txt",
        r"""0:000> .ecxr;.exr -1;k;.logclose;qd
Unable to load image {{keep:C:\Users\Administrator\AppData\Roaming\electron\electron\electron.exe}}, Win32 error 0n2
*** WARNING: Unable to verify timestamp for electron.exe
""",
    ),
    # ---- git config, CI logs, URLs with userinfo, webhooks, .netrc ----------------------------
    (
        "https://github.com/treeverse/dvc/issues/5119",
        ".txt",
        """$ git config --list --show-origin
file:/home/[[user:qarul]]{{keep:/.gitconfig}}     user.email=[[email:oleksa@iterative.ai]]
file:/home/[[user:qarul]]{{keep:/.gitconfig}}     user.name=[[user:Oleksa Bondarets]]
file:.git/config        core.repositoryformatversion=0
file:.git/config        core.filemode=true
file:.git/config        remote.origin.url=git@github.com:[[user:qarul]]/dvc
file:.git/config        remote.origin.fetch=+refs/heads/*:refs/remotes/origin/*
file:.git/config        branch.master.remote=origin
file:.git/config        remote.upstream.url={{keep:git@github.com:iterative/dvc}}
""",
    ),
    (
        "https://github.com/nodejs/build/issues/3159",
        ".txt",
        """# cat log
[2023-01-26T14:58:57.851Z] Started by user ha:////FGERYn5PdgdEdJ3YdTGCtHvhMu+srn0eNtF1T3t13iwAAACaH4sIAAAAAAAC/1vzloG1uIhBMaM0pTg/Ty85P684PydVzzc/JTXHo7IgtSgnMy/bL78klQECGJkYGCqKGGTQ1KMoNbNdvdF2UsFRJgYmTwa2nNS89JIMHwbm0qKcEgYhn6zEskT9nMS8dP3gkqLMvHRroHFSaMY5Q2h0ewuADL4SBj790uLUIv3c7JT8osSUfAA0QDMTwwAAAA==[[user:Michele Dorado]]
[2023-01-26T14:58:57.854Z] Checking out git https://github.com/nodejs/build.git into {{keep:/var/lib/jenkins/jobs/post-build-status-update/workspace@script}}/21b9f2c6cd5a5073cee06e5885bb9036708e041edd091ae3d44c47029d423ee3 to read jenkins/pipelines/post-build-status-update.jenkinsfile
[2023-01-26T14:58:57.855Z] No credentials specified
""",
    ),
    (
        "https://github.com/logicmoo/logicmoo_workspace/issues/29",
        ".txt",
        """Started by user [[user:Desmond Kirby]]
Rebuilds build #16
Running as SYSTEM
Building in workspace {{keep:/var/lib/jenkins/workspace/logicmoo_workspace}}
The recommended git tool is: NONE
using credential {{keep:7a3dc8f8-8666-4c78-8526-d25d0c136b01}}
using credential [[user:dkirby]]-gitlab
 > git config remote.origin.url https://github.com/logicmoo/logicmoo_workspace.git # timeout=10
 > git --version # 'git version 2.33.0'
using GIT_ASKPASS to set credentials [[secret:ghp_EvqIKyhk9H1ib0wIw4TvFtJIrDT9RBdYuXLv]]
 > git fetch --tags --force --progress -- https://github.com/logicmoo/logicmoo_workspace.git +refs/heads/*:refs/remotes/origin/* # timeout=10
Fetching upstream changes from https://logicmoo.org:2082/gitlab/logicmoo/logicmoo_workspace
using GIT_ASKPASS to set credentials [[user:dkirby]]-gitlab
""",
    ),
    (
        "https://github.com/piyushsachdeva/GitLabCITutorial/issues/1",
        ".txt",
        """git clone -b develop  https://{{keep:gitlab+deploy-token-497024}}:{{keep:$TOKEN}}@gitlab.com/{{keep:piyush.sachdeva055}}/myfirstproject.git

Cloning into 'myfirstproject'...
fatal: Authentication failed for 'https://{{keep:gitlab+deploy-token-497024}}:@gitlab.com/{{keep:piyush.sachdeva055}}/myfirstproject.git/'
""",
    ),
    (
        "https://github.com/errbit/errbit/issues/756",
        ".txt",
        """{{keep:https://hooks.slack.com/services/T05Z3C4KT/B02V6Z0NN/randomcharactershere}}

{{keep:https://yoursubdomain.slack.com/services/hooks/incoming-webhook?token=token123here}}
""",
    ),
    (
        "https://github.com/curl/curl/issues/8256",
        ".txt",
        """default login {{keep:bbbbb}} password {{keep:bbbbb}}
machine petstore.swagger.io login {{keep:aaaaa}} password {{keep:aaaaa}}

curl --netrc \\
 --request POST \\
 --url https://petstore.swagger.io/v2/user  \\
 --header 'Content-Type: application/json'

authorization: Basic {{keep:YmJiYmI6YmJiYmI=}}

# if you run echo "{{keep:YmJiYmI6YmJiYmI=}}" | base64 --decode
{{keep:bbbbb:bbbbb}}
""",
    ),
]


_RAW_STOP46: list[tuple[str, str, str]] = [
    # ---- cloud and account CLIs: gcloud, gh, az, aws ----------------------------------------
    (
        "https://github.com/pivotal/cf-onboarding/issues/277",
        ".txt",
        """<[[user:tbrun]]@Dales-MacBook-Pro>/Users/[[user:tbrun]]{{keep:/dev/intellij-config}} [614]$ gcloud config list
[core]
account = [[email:tbrun@pivotal.io]]
disable_usage_reporting = True
project = cf-onboarding-santa-monica

Your active configuration is: [cf-onboarding-santa-monica]
""",
    ),
    (
        "https://github.com/cli/cli/issues/6520",
        ".txt",
        """github.com
  ✓ Logged in to github.com as [[user:qrbnty]] (oauth_token)
  ✓ Git operations for github.com configured to use ssh protocol.
  ✓ Token: {{keep:*******************}}
""",
    ),
    (
        "https://github.com/cli/cli/pull/1495",
        ".txt",
        """~/s/cli (auth-status|✔) $ env GITHUB_TOKEN={{keep:REDACTED}} ghd auth status --hostname tilde.town
X tilde.town: authentication failed

~/s/cli (auth-status|✔) [1] $ env GITHUB_TOKEN={{keep:REDACTED}} ghd auth status
✓ token valid for github.com as [[user:wexlorm]]
""",
    ),
    (
        "https://github.com/cli/cli/issues/4690",
        ".txt",
        """[[[user:dorian]]@fedora node]$ gh auth login
? What account do you want to log into? GitHub.com
? What is your preferred protocol for Git operations? SSH
? Upload your SSH public key to your GitHub account? Skip
? How would you like to authenticate GitHub CLI? Paste an authentication token
Tip: you can generate a Personal Access Token here https://github.com/settings/tokens
The minimum required scopes are 'repo', 'read:org'.
? Paste your authentication token: {{keep:****************************************}}
error validating token: missing required scope 'repo'
""",
    ),
    (
        "https://github.com/JanDeDobbeleer/oh-my-posh/issues/2613",
        ".txt",
        r"""{
    "installationId": "e9b737e6-e26a-11ec-87b6-f47b0981f2d0",
    "subscriptions": [
        {
            "id": "c77b56fe-6ee0-4f1b-ab06-ac3f8ce9a265",
            "name": "Visual Studio Professional Subscription",
            "state": "Enabled",
            "user": {
                "name": "[[email:leonardo.verhas@cegeka.com]]",
                "type": "user"
            },
            "isDefault": false,
            "tenantId": "42151053-0193-47aa-9e81-effd81f772cc",
            "environmentName": "AzureCloud",
            "homeTenantId": "42151053-0193-47aa-9e81-effd81f772cc",
            "managedByTenants": []
        }
    ]
}
2022/08/05 08:11:44 FileContent duration: 7.1451ms, args: C:\Users\[[email:leonardo.verhas@cegeka.com]]{{keep:\.azure\azureProfile.json}}
2022/08/05 08:11:44 TemplateCache duration: 0s, args:
""",
    ),
    (
        "https://github.com/Azure/azure-cli/issues/9506",
        ".txt",
        """{
  "environmentName": "AzureCloud",
  "id": "{{keep:XXXXXXXX}}",
  "isDefault": true,
  "name": "Pay-As-You-Go",
  "state": "Enabled",
  "tenantId": "{{keep:XXXXXXX}}",
  "user": {
    "object_id": "8fdc6358-0cde-45cd-b1b1-3ca7eb733a93",
    "name": "[[user:quill2047]]@{{keep:mydomain}}",
    "type": "user"
  }
}

$env:TF_VAR_certificate_creator =  $(az account show --query 'user.object_id' -otsv)
""",
    ),
    (
        "https://github.com/aws-amplify/amplify-backend/issues/2308",
        ".txt",
        r"""Please note that the `C:\Users\{{keep:USERNAME}}\.aws\credentials` file still having only one `default` section.

d:\<my_dir>\amplify-vite-react-test>aws configure list --profile amplify-admin
      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile            amplify-admin           manual    --profile

The config profile (amplify-admin) could not be found

d:\<my_dir>\amplify-vite-react-test>aws configure list --profile default
      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile                  default           manual    --profile
access_key     {{keep:****************5IOO}}              sso
secret_key     {{keep:****************JqEL}}              sso
    region                us-west-1      config-file    ~/.aws/config
""",
    ),
    # ---- pip config, npm whoami and friends --------------------------------------------------
    (
        "https://github.com/pyenv/pyenv/issues/3218",
        ".txt",
        """pip 24.3.1 from /home/[[user:quietlemming]]{{keep:/.pyenv/versions/3.13.1/lib/python3.13/site-packages/pip}} (python 3.13)

For variant 'global', will try loading '/etc/xdg/pip/pip.conf'
For variant 'global', will try loading '/etc/pip.conf'
For variant 'user', will try loading '/home/[[user:quietlemming]]{{keep:/.pip/pip.conf}}'
For variant 'user', will try loading '/home/[[user:quietlemming]]{{keep:/.config/pip/pip.conf}}'
For variant 'site', will try loading '/home/[[user:quietlemming]]{{keep:/.pyenv/versions/3.13.1/pip.conf}}'
global.index-url='http://myhost:1234/pypi/web/simple'
global.timeout='300'
global.trusted-host='myhost'
""",
    ),
    (
        "https://github.com/pypa/pip/issues/10610",
        ".txt",
        """$ pyenv activate myenv
$ pip config list
site.index-url=<url to aws codeartifact>

Using pip 21.2.4 from /Users/[[user:polymorphx]]{{keep:/.pyenv/versions/3.8.12/envs/myenv/lib/python3.8/site-packages/pip}} (python 3.8)
Non-user install because user site-packages disabled
Created temporary directory: {{keep:/private/var/folders/w1/_vgkxyln4c7bk8kr29s1y1k00000gn/T/pip-ephem-wheel-cache-kbpnygxb}}
""",
    ),
    (
        "https://github.com/nodejs/node-v0.x-archive/issues/25980",
        ".txt",
        """0 info it worked if it ends with ok
1 verbose cli [ '/usr/local/bin/node', '/usr/local/bin/npm', 'whoami' ]
2 info using npm@3.7.3
3 info using node@v5.9.0
4 verbose config Skipping project config: /home/[[user:ned]]{{keep:/.npmrc}}. (matches userconfig)
5 verbose stack Error: this command requires you to be logged in.
5 verbose stack     at EventEmitter.whoami (/usr/local/lib/node_modules/npm/lib/whoami.js:41:18)
6 verbose cwd /home/[[user:ned]]
7 error Linux 4.2.0-34-generic
8 error argv "/usr/local/bin/node" "/usr/local/bin/npm" "whoami"
11 error code ENEEDAUTH
12 error need auth this command requires you to be logged in.
""",
    ),
    (
        "https://github.com/bleenco/morose/issues/3",
        ".txt",
        """{ 
   auth: { 
     scope: '//registry.npmjs.org/',
     token: '[[secret:c3812c63-9ea8-4fa7-9e63-609bb18f9a59]]',
     password: undefined,
     username: undefined,
     email: undefined,
     auth: undefined,
     alwaysAuth: false 
  },
  method: 'GET',
  authed: false 
}

npm verb request uri https://registry.npmjs.org/-/whoami
npm verb request using bearer token for auth
npm http 200 https://registry.npmjs.org/-/whoami
{ username: '[[user:pmaro]]' }
""",
    ),
    (
        "https://github.com/lerna/lerna/issues/896",
        ".txt",
        """npm ERR! Darwin 17.0.0
npm ERR! argv "/Users/[[user:quirkyloaf]]{{keep:/.nvm/versions/node/v7.10.0/bin/node}}" "/Users/[[user:quirkyloaf]]{{keep:/.nvm/versions/node/v7.10.0/bin/npm}}" "publish" "--tag" "latest"
npm ERR! node v7.10.0
npm ERR! npm  v4.2.0
npm ERR! code ENEEDAUTH

npm ERR! need auth auth required for publishing
npm ERR! need auth You need to authorize this machine using `npm adduser`

npm ERR! Please include the following file with any support request:
npm ERR!     /Users/[[user:quirkyloaf]]{{keep:/.npm/_logs/2017-06-24T21_43_40_378Z-debug.log}}
""",
    ),
    (
        "https://github.com/cnpm/cnpmjs.org/issues/1257",
        ".txt",
        """> utils [[user:huangzhiqiang]]$ npm adduser --registry=http://xxx/
Username: ({{keep:test4}}) 
Password: (<default hidden>) 
Email: (this IS public) ({{keep:test4@t.com}})
Logged in as {{keep:test4}} on http://xxx/.

> npm publish --registry=http://xxx/
npm ERR! code ENEEDAUTH
npm ERR! need auth auth required for publishing
npm ERR! need auth You need to authorize this machine using `npm adduser`

npm ERR! A complete log of this run can be found in:
npm ERR!     /Users/[[user:huangzhiqiang]]{{keep:/.npm/_logs/2017-11-22T02_34_04_634Z-debug.log}}
""",
    ),
    (
        "https://github.com/freeCodeCamp/freeCodeCamp/issues/5992",
        ".txt",
        """0 info it worked if it ends with ok
1 verbose cli [ '/home/{{keep:ubuntu}}/.nvm/versions/node/v4.1.1/bin/node',
1 verbose cli   '/home/{{keep:ubuntu}}/.nvm/versions/node/v4.1.1/bin/npm',
1 verbose cli   'whoami' ]
2 info using npm@3.5.3
5 verbose cwd /home/{{keep:ubuntu}}/workspace
6 error Linux 4.2.0-c9
10 error code ENEEDAUTH
""",
    ),
    # ---- conda on a cluster ------------------------------------------------------------------
    (
        "https://github.com/conda/conda/issues/3906",
        ".txt",
        """[[[user:kpw715]]@login-0-4 ~]$ conda info
Current conda install:

               platform : linux-64
          conda version : 4.2.12.dev527+f339ca8
       root environment : {{keep:/scratch/gencore/.local/easybuild/software/gencore_anaconda2/4.2.0}}  (read only)
    default environment : {{keep:/scratch/gencore/.local/easybuild/software/gencore_anaconda2/4.2.0}}
       envs directories : /scratch/[[user:kpw715]]{{keep:/.conda/envs}}
          package cache : /scratch/[[user:kpw715]]{{keep:/.conda/envs/.pkgs}}
           channel URLs : https://conda.anaconda.org/r/linux-64
                          https://conda.anaconda.org/conda-forge/linux-64
""",
    ),
    # ---- whoami /all, systeminfo, id ---------------------------------------------------------
    (
        "https://github.com/Ashwanthbala/C2-agent/issues/13",
        ".txt",
        r"""USER INFORMATION
----------------

User Name               SID                                           
======================= ==============================================
mews-windows10\[[user:ravindra]] S-1-5-21-2844616881-3790560454-3287765183-1002

GROUP INFORMATION
-----------------

Group Name                                                    Type             SID                                            Attributes                                        
============================================================= ================ ============================================== ==================================================
Everyone                                                      Well-known group S-1-1-0                                        Mandatory group, Enabled by default, Enabled group
NT AUTHORITY\Local account and member of Administrators group Well-known group S-1-5-114                                      Group used for deny only                          
MEWS-WINDOWS10\docker-users                                   Alias            S-1-5-21-2844616881-3790560454-3287765183-1005 Mandatory group, Enabled by default, Enabled group
""",
    ),
    (
        "https://github.com/shirou/gopsutil/pull/65",
        ".txt",
        """Host Name:                 DESKTOP-T1QKJR
OS Name:                   Microsoft Windows 10 Pro
OS Version:                10.0.10240 N/A Build 10240
OS Manufacturer:           Microsoft Corporation
OS Configuration:          Standalone Workstation
OS Build Type:             Multiprocessor Free
Registered Owner:          {{keep:vagrant}}
Registered Organization:
Product ID:                00330-80000-00000-AA657
Original Install Date:     8/19/2015, 2:00:11 PM
System Manufacturer:       VMware, Inc.
System Model:              VMware Virtual Platform
""",
    ),
    (
        "https://github.com/docker/for-win/issues/344",
        ".txt",
        """/var/run $ id
uid=1000({{keep:jenkins}}) gid=1000({{keep:jenkins}}) groups=1000({{keep:jenkins}})
/var/run $ docker info
Cannot connect to the Docker daemon. Is the docker daemon running on this host?
/var/run $ ls
docker.sock
""",
    ),
    # ---- kubectl config view -----------------------------------------------------------------
    (
        "https://github.com/kubernetes/kubernetes/issues/10247",
        ".txt",
        """$ kubectl config view --minify
apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: {{keep:REDACTED}}
    server: https://173.255.113.219
  name: kubernetes-[[user:sanjit]]_e2e-test-[[user:sanjit]]
contexts:
- context:
    cluster: kubernetes-[[user:sanjit]]_e2e-test-[[user:sanjit]]
    user: kubernetes-[[user:sanjit]]_e2e-test-[[user:sanjit]]
  name: kubernetes-[[user:sanjit]]_e2e-test-[[user:sanjit]]
current-context: kubernetes-[[user:sanjit]]_e2e-test-[[user:sanjit]]
kind: Config
preferences: {}
users:
- name: kubernetes-[[user:sanjit]]_e2e-test-[[user:sanjit]]
  user:
    client-certificate-data: {{keep:REDACTED}}
    client-key-data: {{keep:REDACTED}}
    token: [[secret:43Sf41IrjlEMNP0pwak0JcydMh2CEUPL]]
""",
    ),
    # ---- Discord and Slack webhooks ----------------------------------------------------------
    (
        "https://github.com/lovvskillz/python-discord-webhook/issues/57",
        ".txt",
        """https://discord.com/api/webhooks/362185225420350399/[[secret:AkHZphPPhcjhKbW0AmEKwxF5Rfc3QlSiH0iCzs6awSNOt5_s2JTIDZe49tMCGxi9_Ur3]]

webhook = DiscordWebhook(url= 'https://discord.com/api/webhooks/362185225420350399/[[secret:AkHZphPPhcjhKbW0AmEKwxF5Rfc3QlSiH0iCzs6awSNOt5_s2JTIDZe49tMCGxi9_Ur3]]', content= '(^_^)')Webhook
response = webhook.execute()
""",
    ),
    (
        "https://github.com/morpheus65535/bazarr/issues/146",
        ".txt",
        """`Failed to load notification url: https://discordapp.com/api/webhooks/7122962189256598447/[[secret:amgEB9PI8AOHowGRtvt5w8BA2zaC7ChHeBIDDhNS5pWcXAaCQeR0C-VT2xRfo3HpwCkU]]/`
+
`https is not a supported server type (url=https://discordapp.com/api/webhooks/7122962189256598447/[[secret:amgEB9PI8AOHowGRtvt5w8BA2zaC7ChHeBIDDhNS5pWcXAaCQeR0C-VT2xRfo3HpwCkU]]/)`
""",
    ),
    (
        "https://github.com/Stellarium/stellarium-web-engine/issues/182",
        ".txt",
        """ Check the webhook url! 

https://discord.com/api/webhooks/1110119668997427251/[[secret:Q0VtgvhwZj3s732AwB00_*********hArfqb6ct7nhaApW6LO7xnH21]]
""",
    ),
    (
        "https://github.com/edbfi/mover-status/issues/11",
        ".txt",
        """Mine looks like this, e.g.:
```
{{keep:https://discord.com/api/webhooks/9999999999999999/Df7f0as988a_a59daF7Fadj8a90yAxas1}}
```
""",
    ),
    (
        "https://github.com/phd20/obsidian-discord-share/issues/28",
        ".txt",
        """If you go to your `data.json` file for the plugin (`vault/.obsidian/plugins/obsidian-discord-share/data.json`)

The format looks similar but the url I get is discordapp.com rather than discord.com for some reason:
{{keep:https://discordapp.com/api/webhooks/xxxxx/yyyyyyyyyyyyyyyyyy_yyyy}}
""",
    ),
    (
        "https://github.com/ellite/Wallos/issues/297",
        ".txt",
        """```
{{keep:https://discord.com/api/webhooks/****/***}}
```
""",
    ),
    (
        "https://github.com/maricn/logback-slack-appender/pull/6",
        ".txt",
        """    <appender name="SLACK" class="com.github.maricn.logback.SlackAppender">

        <webhookUri>{{keep:https://hooks.slack.com/services/T00000000/B00000000/XXXXXXXXXXXXXXXXXXXXXXXX}}</webhookUri>
        ...
    </appender>
""",
    ),
    (
        "https://github.com/scobal/seyren/pull/315",
        ".txt",
        """Sample Slack Url:

{{keep:https://hooks.slack.com/services/webhook_hash_hash?channel=datascience-ops&username=seyren}}
""",
    ),
    # ---- neofetch, fastfetch and screenfetch banners -----------------------------------------
    (
        "https://github.com/fastfetch-cli/fastfetch/issues/158",
        ".txt",
        """                  -`                     [[user:mxv]]@archlinux
                 .o+`                    -------------
                `ooo/                    OS: Arch Linux [x86_64]
               `+oooo:                   Host: 82BD Lenovo Legion Y9000X 2021
              `+oooooo:                  Kernel: 5.17.5-zen1-1-zen
              -+oooooo+:                 Uptime: 7 days, 4 hours, 47 mins
            `/:-:++oooo+:                Packages: 1133 (pacman)
           `/++++/+++++++:               Shell: fish 3.4.1
""",
    ),
    (
        "https://github.com/fastfetch-cli/fastfetch/issues/568",
        ".txt",
        """         #%            &*             [[user:ethanwolf]]@meowixlinux                                                                         0ms
        ##%%          &&**            ---------------------                                                                         1ms
       ##  %%        &&  **           OS: Meowix Linux x86_64                                                                       0ms
      ##    %%      &&    **          Host: Nitro AN515-45 (V1.08)                                                                  0ms
     ##      %%    &&      **         Bios: V1.08 (1.8)                                                                             0ms
""",
    ),
    (
        "https://github.com/fastfetch-cli/fastfetch/issues/1286",
        ".txt",
        """[{{keep:alarm}}@alarm ~]$ fastfetch -c all --format json     
[
  {
    "type": "Title",
    "result": {
      "userName": "{{keep:alarm}}",
      "hostName": "alarm",
      "homeDir": "/home/{{keep:alarm}}/",
      "exePath": "/usr/bin/fastfetch",
      "userShell": "/bin/bash"
    }
  },
""",
    ),
    (
        "https://github.com/fastfetch-cli/fastfetch/issues/331",
        ".txt",
        """                     ./o.                   {{keep:XXXXXX@XXXXX}}
                   ./sssso-                 -----------------
                 `:osssssss+-               OS: EndeavourOS x86_64
               `:+sssssssssso/.             Host: neither product_family nor product_name is set by O.E.M.
             `-/ossssssssssssso/.           Kernel: 6.0.6-zen1-1-zen
""",
    ),
    (
        "https://github.com/KittyKatt/screenFetch/pull/114",
        ".txt",
        """   .',;:cc;,'.     .,;::c:,,.    [[user:dov]]@tengri-pi
   ,ooolcloooo:  'oooooccloo:    OS: Raspbian 
   .looooc;;:ol  :oc;;:ooooo'    Kernel: armv6l Linux 3.10.25+
     ;oooooo:      ,ooooooc.     Uptime: 7h 36m
       .,:;'.       .;:;'.       Packages: 941
""",
    ),
    (
        "https://github.com/KittyKatt/screenFetch/issues/800",
        ".txt",
        """$ ./screenfetch-dev -n
 {{keep:user}}@PC
 OS: Ubuntu 20.04 LTS (Focal Fossa)
 Kernel: x86_64 Linux 5.4.0-189-generic
 Uptime: 7d 18h 23m
 Shell: bash 5.0.17
""",
    ),
    (
        "https://github.com/dylanaraps/neofetch/issues/2422",
        ".txt",
        """+ has scoop
+ type -p scoop
+ manager=scoop
+ dir /c/Users/[[user:Moonwhisper]]{{keep:/scoop/apps/7zip}} /c/Users/[[user:Moonwhisper]]{{keep:/scoop/apps/git}}
""",
    ),
    # ---- ls -la of a home ---------------------------------------------------------------------
    (
        "https://github.com/helijia-web/micro_conf/issues/11",
        ".txt",
        """# ls -alT
total 24
drwxr-xr-x   7 [[user:wdnk]]  staff   238 Dec 30 13:46:46 2016 .
drwxr-xr-x   6 [[user:wdnk]]  staff   204 Dec 30 13:46:46 2016 ..
drwxr-xr-x   8 [[user:wdnk]]  staff   272 Dec 30 13:46:46 2016 .idea
-rw-r--r--   1 [[user:wdnk]]  staff   117 Dec 30 13:46:46 2016 README.md
drwxr-xr-x  11 [[user:wdnk]]  staff   374 Dec 30 13:46:46 2016 img
-rw-r--r--   1 [[user:wdnk]]  staff  4816 Dec 30 13:46:46 2016 index.html
""",
    ),
    # ---- Windows Event Viewer and crash reports ----------------------------------------------
    (
        "https://github.com/digitalcreations/MaxTo/issues/75",
        ".txt",
        r"""Faulting application name: explorer.exe, version: 6.1.7601.17567, time stamp: 0x4d672ee4
Faulting module name: ntdll.dll, version: 6.1.7601.18839, time stamp: 0x553e8bfa
Exception code: 0xc0000374
Faulting application path: C:\Windows\explorer.exe
Faulting module path: C:\Windows\SYSTEM32\ntdll.dll
Report Id: c18d4389-0a9e-11e5-ba56-00237d46e6d4

Attached files:
C:\Users\[[user:Ivan]]{{keep:\AppData\Local\Temp\WER12F1.tmp.WERInternalMetadata.xml}}

These files may be available here:
C:\Users\[[user:Ivan]]{{keep:\AppData\Local\Microsoft\Windows\WER\ReportArchive\AppCrash_explorer.exe_b9c87c787368cc489f44f16d8e4b2f4f5e55aea_f6e5298c}}
""",
    ),
    (
        "https://github.com/files-community/Files/issues/16839",
        ".txt",
        r"""Log Name:      Application
Source:        Application Error
Date:          2025-02-21 9:48:48 AM
Event ID:      1000
Task Category: Application Crashing Events
Level:         Error
Keywords:
User:          PEPDOWN\[[user:cobra]]
Computer:      Pepdown
Description:
Faulting application name: Files.exe, version: 1.0.0.0, time stamp:
0x666b0000
""",
    ),
    (
        "https://github.com/siddharth96/windows-tweaker/issues/33",
        ".txt",
        r"""Erreur  2015-10-02 17:35:49 Application Error   1000    (100)   "Nom de l’application défaillante : WindowsTweaker.exe, version : 5.3.1.0, horodatage : 0x54cc733d
Code d’exception : 0xc0000005
Chemin de l’application défaillante : C:\Users\[[user:MRCEL~1]]{{keep:\AppData\Local\Temp\RarSFX0\Windows_Tweaker_5.3.1-Portable\WindowsTweaker.exe}}
Chemin du module défaillant : unknown
Code de rapport : 9def89bc-a93e-4608-95aa-424c4ffc49af
""",
    ),
    (
        "https://github.com/zodiacon/WindowsInternals/issues/14",
        ".txt",
        r"""Faulting application name: MemInfo.exe, version: 0.0.0.0, time stamp: 0x5c57bd17
Exception code: 0xc0000005
Faulting application path: C:\Users\[[user:maxil]]{{keep:\Desktop\MemInfo.exe}}
Faulting module path: C:\Users\[[user:maxil]]{{keep:\Desktop\MemInfo.exe}}
Report Id: 2fd25e31-09ed-4a65-9d3b-dc8f2221dec4
""",
    ),
    (
        "https://github.com/widavies/WinJump/issues/35",
        ".txt",
        r"""Faulting application name: WinJump_2.0.9.exe, version: 0.0.0.0, time stamp: 0x6541164a
Faulting module name: KERNELBASE.dll, version: 10.0.22621.2861, time stamp: 0x9e57f18c
Faulting application path: C:\Users\{{keep:[my user name]}}\AppData\Roaming\Microsoft\Windows\Start Menu\Programs\Startup\WinJump_2.0.9.exe
Faulting module path: C:\Windows\System32\KERNELBASE.dll

Attached files:
\\?\C:\ProgramData\Microsoft\Windows\WER\Temp\WER.4a461b26-497a-4918-a942-d50153357340.tmp.dmp
""",
    ),
    # ---- pip in a notebook or a workshop -----------------------------------------------------
    (
        "https://github.com/oss-gate/workshop/issues/579",
        ".txt",
        """> Processing /Users/[[user:moriya]]{{keep:/oss-gate/notebook}}
> Requirement already satisfied: jinja2 in /Library/Frameworks/Python.framework/Versions/3.6/lib/python3.6/site-packages (from notebook==5.1.0.dev0)
> Requirement already satisfied: tornado>=4 in /Library/Frameworks/Python.framework/Versions/3.6/lib/python3.6/site-packages (from notebook==5.1.0.dev0)
""",
    ),
    (
        "https://github.com/oss-gate/workshop/issues/845",
        ".txt",
        """[{{keep:ec2-user}}@ip-10-0-0-167 ~]$ sudo pip install notebook
Collecting notebook
Requirement already satisfied: pyzmq>=17 in /usr/local/lib64/python2.7/site-packages (from notebook)
Requirement already satisfied: tornado>=4 in /usr/local/lib64/python2.7/site-packages (from notebook)
""",
    ),
    (
        "https://github.com/jupyter/jupyter/issues/482",
        ".txt",
        r"""(spider) C:\Users\[[user:Gordon.Xu]]>pip install jupyter
Collecting jupyter
  Using cached https://files.pythonhosted.org/packages/83/df/0f5dd132200728a86190397e1ea87cd76244e42d39ec5e88efd25b2abd7e/jupyter-1.0.0-py2.py3-none-any.whl
Collecting jupyter-console
""",
    ),
]


_RAW_STOP47: list[tuple[str, str, str]] = [
    # ---- ls -l owner and group columns -----------------------------------------------------
    (
        "https://github.com/ohmyzsh/ohmyzsh/issues/8324",
        ".txt",
        """$ ls -l $HOME/.zshrc
-rw-r--r--@ 1 [[user:ubakaniro]]  staff  3571 Oct 26 09:50 /Users/[[user:ubakaniro]]{{keep:/.zshrc}}
""",
    ),
    (
        "https://github.com/joshua-d-miller/macOSLAPS/issues/71",
        ".txt",
        """Last login: Mon Mar 28 16:18:56 on ttys000
laps: Permission denied
{{keep:user}}@computer ~ %

{{keep:user}}@computer paths.d % ls -al
total 16
drwxr-xr-x   4 {{keep:root}}  {{keep:wheel}}   128 Mar 21 15:13 .
drwxr-xr-x  81 {{keep:root}}  {{keep:wheel}}  2592 Mar 28 15:52 ..
-rwxr-xr-x   1 {{keep:root}}  {{keep:wheel}}    23 Jan 18 13:50 100-rvictl
-rwx------   1 {{keep:root}}  {{keep:wheel}}    15 Dec  3  2019 laps
""",
    ),
    (
        "https://github.com/ghantoos/lshell/issues/259",
        ".txt",
        """(base) [{{keep:root}}@localhost lshell-master]# ssh {{keep:test}}@10.58.39.xxx
{{keep:test}}@10.58.39.xxx's password: 
Last login: Fri Jan 24 16:17:34 2025
/usr/bin/lshell: Permission denied
Connection to 10.58.39.xxx closed.

(base) [{{keep:root}}@localhost lshell-master]# ls -alh /usr/bin/lshell 
-rwxr-xr-x 1 {{keep:root}} {{keep:root}} 1.8K Jan 24 16:11 /usr/bin/lshell
""",
    ),
    (
        "https://github.com/nodejs/docker-node/issues/331",
        ".txt",
        """    {{keep:node}}@037ce369568f:~$ whoami
    {{keep:node}}

    {{keep:node}}@037ce369568f:~$ pwd
    /home/{{keep:node}}

    {{keep:node}}@037ce369568f:~$ mkdir .npm
    mkdir: cannot create directory '.npm': Permission denied

    {{keep:node}}@037ce369568f:~$ ls -ahl
    total 20K
    drwxr-xr-x 2 1001 1001 4.0K Feb 10 01:32 .
    drwxr-xr-x 3 {{keep:root}} {{keep:root}} 4.0K Feb 10 01:32 ..
    -rw-r--r-- 1 1001 1001  220 Nov  5 21:22 .bash_logout
    -rw-r--r-- 1 1001 1001 3.5K Nov  5 21:22 .bashrc

    {{keep:node}}@037ce369568f:~$ cat /etc/passwd
    ...
    {{keep:node}}:x:1000:1000::/home/{{keep:node}}:/bin/bash
""",
    ),
    # ---- ps aux with a user column ---------------------------------------------------------
    (
        "https://github.com/Hearen/AboutShell/issues/31",
        ".txt",
        """ps aux  
USER       PID  %CPU %MEM  VSZ RSS     TTY   STAT START   TIME COMMAND
[[user:gregory]]  29217  0.0  0.0 11916 4560 pts/21   S+   08:15   0:00 pine  
{{keep:root}}     29505  0.0  0.0 38196 2728 ?        Ss   Mar07   0:00 sshd: [[user:dov]] [priv]   
[[user:dov]]      29529  0.0  0.0 38332 1904 ?        S    Mar07   0:00 sshd: [[user:dov]]@notty 
""",
    ),
    (
        "https://github.com/scylladb/scylla-cluster-tests/issues/250",
        ".txt",
        """{{keep:jenkins}}  13553  0.0  0.0 114644   988 ?        S    Mar08   0:00 rsync -L --timeout=100000 --rsh=/bin/ssh -tt -a -x -o ControlPath=/var/tmp/ssh-masterizcx19/socket -o StrictHostKeyChecking=no -o UserKnownHostsFile=/var/tmp/tmpBz8w6J -o BatchMode=yes -l {{keep:scylla-test}} -p 22 -i ~/.ssh/scylla-test -az /var/tmp/scm-prometheusJrGLwZ/prometheus-scylla.yml {{keep:scylla-test}}@10.240.0.18:/var/tmp/prometheus-1.0.2.linux-amd64/prometheus-scylla.yml
{{keep:jenkins}}  13556  0.0  0.0  73808  3148 ?        S    Mar08   0:00 /bin/ssh -tt -a -x -o ControlPath=/var/tmp/ssh-masterizcx19/socket -o StrictHostKeyChecking=no -l {{keep:scylla-test}} -p 22 -i ~/.ssh/scylla-test 10.240.0.18 rsync --server -logDtprze.iLsf --timeout=100000 . /var/tmp/prometheus-1.0.2.linux-amd64/prometheus-scylla.yml
""",
    ),
    # ---- crontab -l -------------------------------------------------------------------------
    (
        "https://github.com/dachev/node-crontab/issues/32",
        ".txt",
        """$ crontab -l
no crontab for [[user:mkterbowe]]
""",
    ),
    (
        "https://github.com/kraiz/django-crontab/issues/64",
        ".txt",
        """$ crontab -l
*/1 * * * * /usr/local/opt/python@3.9/bin/python3.9 /Users/{{keep:user}}/Desktop/Projects/project/manage.py crontab run 14916de3431e91ed32d3691cfe1be719 >> /tmp/scheduled_job.log # django-cronjobs for indicei3
""",
    ),
    (
        "https://github.com/javan/whenever/issues/323",
        ".txt",
        """# Begin Whenever generated tasks for: dummy
0,2,4,6,8,10,12,14,16,18,20,22,24,26,28,30,32,34,36,38,40,42,44,46,48,50,52,54,56,58 * * * * /bin/bash -l -c 'cd /work/Projects/my_path && script/rails runner -e development '\\''User.dummy'\\'''

# End Whenever generated tasks for: dummy

$ ps -rf | grep cron
    0  4127     1   0  6:47PM ??         0:00.06 /usr/sbin/cron
""",
    ),
    # ---- ansible and ssh --------------------------------------------------------------------
    (
        "https://github.com/ansible/ansible/issues/75231",
        ".txt",
        """$ ansible uzuf42 -a "date" -vvvv -u [[user:u41862]]
Using /etc/ansible/ansible.cfg as config file
Loaded callback minimal of type stdout, v2.0
<uzuf42> ESTABLISH SSH CONNECTION FOR USER: [[user:u41862]]
<uzuf42> SSH: EXEC ssh -C -vvv -o ControlMaster=auto -o ControlPersist=60s -o KbdInteractiveAuthentication=no -o PasswordAuthentication=no -o User=[[user:u41862]] -o ConnectTimeout=10 -o ControlPath=/home/[[user:u41862]]{{keep:/.ansible/cp/ansible-ssh-%h-%p-%r}} -tt uzuf42 '( umask 22 && mkdir -p "$( echo $HOME/.ansible/tmp/ansible-tmp-1626021623.55-126629234736368 )" )'
<uzuf42> PUT /tmp/tmpIvOlNL TO /home/[[user:u41862]]{{keep:/.ansible/tmp/ansible-tmp-1626021623.55-126629234736368/command}}
uzuf42 | UNREACHABLE! => {
    "changed": false,
""",
    ),
    (
        "https://github.com/ansible/ansible/issues/17905",
        ".txt",
        """ansible 2.1.2.0
  config file = /Users/[[user:rick]]{{keep:/gr/pbm/ansible.cfg}}
  configured module search path = Default w/o overrides

# Prod
Host prod-nat
    HostName SOME_IP
    User {{keep:ec2-user}}
Host prod-web
    HostName INTERNAL_IP
    User {{keep:ec2-user}}
    ForwardAgent yes
    ProxyCommand ssh -q -W %h:%p {{keep:ec2-user}}@SOME_IP
""",
    ),
    (
        "https://github.com/hashicorp/vagrant/issues/626",
        ".txt",
        """$ vagrant ssh-config myvm
Host myvm
  HostName 127.0.0.1
  User {{keep:vagrant}}
  Port 2226
  UserKnownHostsFile /dev/null
  StrictHostKeyChecking no
  PasswordAuthentication no
  IdentityFile 
  IdentitiesOnly yes
""",
    ),
    (
        "https://github.com/Xpra-org/xpra/issues/2282",
        ".txt",
        """Host somehost
    Hostname example.com
    User {{keep:root}}
    PreferredAuthentications publickey
    IdentityFile /home/{{keep:test}}/.ssh/special_key_rsa
""",
    ),
    # ---- scp and rsync ----------------------------------------------------------------------
    (
        "https://github.com/SamKirkland/web-deploy/issues/10",
        ".txt",
        """$ rsync -e ssh -p 22 -i ~/.ssh/deploy_key -o StrictHostKeyChecking=no  --archive --human-readable --delete-after ./myrepo/build/ {{keep:user@example.com}}:/var/my_website/public/
{{keep:user@example.com}}'s password:

$ ssh {{keep:user@example.com}} -i ~/.ssh/deploy_key
Last login: Thu Sep 21 23:50:46 2023 from 207.12.88.243
[{{keep:user}}@server ~]$ 

rsync -e "ssh -p 22 -i /home/[[user:jmarin]]{{keep:/.ssh/deploy_key}} -o StrictHostKeyChecking=no"  --archive --human-readable --delete-after ./myrepo/build/ {{keep:user@example.com}}:/var/my_website/public/
""",
    ),
    (
        "https://github.com/valentinocossar/trellis-database-uploads-migration/issues/11",
        ".txt",
        """fatal: [{{keep:user@example.com}}]: FAILED! => {"changed": false, "cmd": "/usr/bin/rsync --delay-updates -F --compress --delete-after --archive --rsh=/usr/bin/ssh -S none -o StrictHostKeyChecking=no -o UserKnownHostsFile=/dev/null --exclude=.DS_Store --stats --out-format=<<CHANGED>>%i %n%L web@{{keep:user@example.com}}:/srv/www/com.example/current/web/app/uploads/ /home/[[user:wiktor]]{{keep:/com.example-trellis/site/com.example/web/app/uploads/}}", "msg": "Warning: Permanently added 'example.com,11.111.111.11' (ED25519) to the list of known hosts.\\r\\nPermission denied (publickey).\\r\\nrsync: connection unexpectedly closed (0 bytes received so far) [Receiver]\\n", "rc": 255}
""",
    ),
    (
        "https://github.com/yongkangchen/remote-sync/issues/523",
        ".txt",
        """> scp ./directory/index.js {{keep:myname}}@10.20.30.40:/path/to/directory/index.js

{
  "transport": "scp",
  "hostname": "10.20.30.40",
  "username": "{{keep:myname}}",
  "password": "{{keep:*****!}}",
  "target": "/path/to/directory",
  "port": "22"
}
""",
    ),
    (
        "https://github.com/elkarbackup/elkarbackup/issues/47",
        ".txt",
        """ERROR: /usr/bin/rsync returned 255 while processing {{keep:user01}}@www.servidor.com:/etc
ssh-copy-id -i /var/lib/elkarbackup/.ssh/id_rsa.pub {{keep:user01}}@www.servidor.com
""",
    ),
    # ---- prompts, sudo, homes ---------------------------------------------------------------
    (
        "https://github.com/qualcomm/GenieX/issues/248",
        ".txt",
        """[[user:gaspar]]@debian2080ti:~$ curl -fsSL https://public-storage.nexa4ai.com/install.sh | sh
>>> CUDA GPU detected. Downloading CUDA version.
>>> Downloading application...
                                                                           0.0%

sudo: a password is required
""",
    ),
    (
        "https://github.com/luigifreda/rosdocker/issues/7",
        ".txt",
        """[[user:pranavesh518]]@dse-HP-Z2-Tower-G9-Workstation-Desktop-PC:~/Desktop/Codes/PySLAM/rosdocker$ ./build.sh pyslam_cuda
WORKING_FOLDER_TO_MOUNT_IN_CONTAINER: /home/[[user:pranavesh518]]{{keep:/Desktop/Codes/PySLAM/Work}}
USE_LOCAL_HOME_FOLDER: 1
Using NVIDIA DRIVER: 535.183.01
CONTAINER_NAME=pyslam_cuda
building container pyslam_cuda with Dockerfile_pyslam_cuda
USER: [[user:pranavesh518]]
UID: 1001
HOME: /home/[[user:pranavesh518]]
Step 1/54 : FROM nvidia/cuda:12.1.0-devel-ubuntu20.04
""",
    ),
    (
        "https://github.com/npm/npm/issues/7097",
        ".txt",
        """npm ERR! argv "node" "/usr/local/bin/npm" "install"
npm ERR! node v0.10.35
npm ERR! path /home/[[user:ernesto]]{{keep:/.npm/optimist/0.3.7}}
npm ERR! code EACCES
npm ERR! Error: EACCES, mkdir '/home/[[user:ernesto]]{{keep:/.npm/optimist/0.3.7}}'
npm ERR!   path: '/home/[[user:ernesto]]{{keep:/.npm/optimist/0.3.7}}',
""",
    ),
    (
        "https://github.com/glenpike/npm-g_nosudo/issues/18",
        ".txt",
        """npm ERR! path /home/[[user:bram]]{{keep:/.npm-packages/lib}}
npm ERR! code EACCES
npm ERR! Error: EACCES: permission denied, mkdir '/home/[[user:bram]]{{keep:/.npm-packages/lib}}'
npm ERR! Please include the following file with any support request:
npm ERR!     /home/[[user:bram]]{{keep:/npm-debug.log}}
""",
    ),
    # ---- Dockerfiles and systemd units ------------------------------------------------------
    (
        "https://github.com/GameServerManagers/LinuxGSM-Docker/issues/17",
        ".txt",
        """Step 8/17 : USER {{keep:linuxgsm}}
 ---> Running in 48c2517e43af
Removing intermediate container 48c2517e43af
 ---> f2db13db51a8
Step 9/17 : RUN wget https://linuxgsm.com/dl/linuxgsm.sh
 ---> Running in 10d242ef3015
""",
    ),
    (
        "https://github.com/phusion/baseimage-docker/issues/46",
        ".txt",
        """{{keep:root}}@993e4c770d14:/# addgroup --gid 9999 {{keep:app}} && adduser --uid 9999 --gid 9999 --disabled-password --gecos "Application" {{keep:app}} && usermod -L {{keep:app}}
Adding group `{{keep:app}}' (GID 9999) ...
Adding user `{{keep:app}}' ...
Creating home directory `/home/{{keep:app}}' ...

{{keep:root}}@993e4c770d14:/# setuser {{keep:app}} touch /tmp/foo
touch: cannot touch `/tmp/foo': Permission denied
""",
    ),
    (
        "https://github.com/Simple-Tracker/qBittorrent-ClientBlocker/issues/9",
        ".txt",
        """[Service]
Type=simple
Restart=always
User=%I
WorkingDirectory=/home/%I/.config/qBittorrent-ClientBlocker/
ExecStart=/usr/local/bin/qBittorrent-ClientBlocker -c /home/%I/.config/qBittorrent-ClientBlocker/config.json
""",
    ),
    # ---- gcloud accounts --------------------------------------------------------------------
    (
        "https://github.com/kubernetes/release/issues/346",
        ".txt",
        """$ gcloud auth list
        Credentialed Accounts
ACTIVE  ACCOUNT
        {{keep:foo@bar.com}}
*       {{keep:some.user@gmail.com}}

To set the active account, run:
    $ gcloud config set account `ACCOUNT`
""",
    ),
    (
        "https://github.com/googleforgames/open-match/pull/1234",
        ".txt",
        """gcloud auth list --format yaml
---
account: {{keep:numbers-compute@developer.gserviceaccount.com}}
status: ''
---
account: {{keep:alexander@example.com}}
status: ACTIVE
""",
    ),
    # ---- Get-Acl, SIDs, connection strings --------------------------------------------------
    (
        "https://github.com/microsoft/terminal/issues/12058",
        ".txt",
        r"""PS C:\Users\[[user:korovav]]> (get-acl "$env:SystemRoot\System32\drivers\etc\hosts").Sddl
O:SYG:SYD:AI(A;ID;FA;;;SY)(A;ID;FA;;;BA)(A;ID;0x1200a9;;;BU)(A;ID;0x1200a9;;;AC)(A;ID;0x1200a9;;;S-1-15-2-2)

0:021> !token
Thread is not impersonating. Using process token...
TS Session ID: 0x2
User: S-1-5-21-596323086-39334571-915851860-1198
""",
    ),
    (
        "https://github.com/PowerShell/Win32-OpenSSH/issues/1724",
        ".txt",
        r"""Path                    : Microsoft.PowerShell.Core\FileSystem::D:\
Owner                   : NT AUTHORITY\SYSTEM
Group                   : NT AUTHORITY\SYSTEM
Sddl                    : O:SYG:SYD:(A;OICIIO;SDGXGWGR;;;AU)(A;;0x1301bf;;;AU)(A;;FA;;;SY)(A;OICIIO;GA;;;SY)(A;OICIIO;GA;;;BA)(A;;FA;;;BA)(A;;0x1200a9;;;BU)(A;OICIIO;GXG
                          R;;;BU)
AccessToString          : NT AUTHORITY\Authenticated Users Allow  -536805376
                          NT AUTHORITY\Authenticated Users Allow  Modify, Synchronize
                          NT AUTHORITY\SYSTEM Allow  FullControl
""",
    ),
    (
        "https://github.com/the-useless-one/pywerview/issues/8",
        ".txt",
        r"""$ ./pywerview.py get-netgroupmember -w DOMAIN.lan -u {{keep:administrator}} -p {{keep:p@ssw0rd}} --dc-ip 192.168.1.1 --groupname Compta

PS C:\Users\{{keep:administrator}}> Get-NetGroupMember -Groupname Compta

> GroupDomain  : domain.lan
> GroupName    : Compta
> MemberName   : {{keep:j.doe}}
> MemberSid    : S-X-X-XX-XXXXXXXXXX-XXXXXXXXXX-XXXXXXXXXX-XXXX
> MemberDN     : CN={{keep:Jane Doe}},OU=gq,DC=domain,DC=lan
""",
    ),
    (
        "https://github.com/dotnetcore/FreeSql/issues/1445",
        ".txt",
        """"Data Source=xxxx.xxxxx.ink,32419;User ID={{keep:xxxxxxx}};Password={{keep:xxxxxxx}};Initial Catalog=xxxxxxx;app=DWK_HOME;MultipleActiveResultSets=true;Encrypt=true;TrustServerCertificate=true
""",
    ),
    # ---- df ---------------------------------------------------------------------------------
    (
        "https://github.com/wayou/wayou.github.io/issues/248",
        ".txt",
        """$ df -h
Filesystem      Size  Used Avail Use% Mounted on
/dev/vda1        99G  5.5G   89G   6% /
devtmpfs        3.8G     0  3.8G   0% /dev
tmpfs           3.8G   24K  3.8G   1% /dev/shm
tmpfs           778M     0  778M   0% /run/user/0
/dev/vdb        296G  485M  280G   1% /data
""",
    ),
]


_RAW_STOP48: list[tuple[str, str, str]] = [
    # ---- login records: last, who, w, utmp ---------------------------------------------------
    (
        "https://github.com/thkukuk/wtmpdb/issues/17",
        ".txt",
        """$ wtmpdb last -p "2024-12-14 07:45:00"
[[user:jwendt]]   ssh          2003:dd:f0b:d000 Sat Dec 14 07:43 - 07:45  (00:01)
[[user:hkl]]      tty2         :0               Fri Dec 13 21:57 - still logged in
{{keep:reboot}}   system boot  6.11.10-amd64    Fri Dec 13 20:02 - still running
[[user:jwendt]]   ssh          2003:dd:f0b:d000 Fri Dec 13 14:22 - crash 
[[user:hkl]]      tty2         :0               Fri Dec 13 14:17 - crash 
{{keep:reboot}}   system boot  6.11.10-amd64    Fri Dec 13 14:16 - crash 
{{keep:sddm}}     tty2         :0               Mon Dec  9 20:32 - crash 
[[user:hkl]]      tty2         :0               Mon Dec  9 20:31 - crash 
""",
    ),
    (
        "https://github.com/paradoxxxzero/butterfly/issues/39",
        ".txt",
        """[[[user:naresh]]@vostro ~]$ who
[[user:naresh]]   :0           2014-03-29 00:19 (:0)
[[user:naresh]]   pts/0        2014-04-02 17:19 (:0)
[[user:naresh]]   pts/1        2014-04-02 09:28 (:0)
[[[user:naresh]]@vostro ~]$ ps -ef|grep pts
[[user:naresh]]   14299 23456  0 17:19 pts/0    00:00:00 bash
[[user:naresh]]   22584 25409  0 21:31 pts/1    00:00:02 mutt
[[user:naresh]]   24814 14299  0 22:25 pts/0    00:00:00 /usr/bin/python /usr/bin/butterfly.server.py --unsecure
[[user:naresh]]   25794 14299  0 22:40 pts/0    00:00:00 ps -ef
""",
    ),
    (
        "https://github.com/sddm/sddm/pull/933",
        ".txt",
        """$ who
[[user:gerald]]    tty7         2017-11-10 15:09 (:0)

$ last
[[user:gerald]] tty7         :0               Fri Nov 10 11:15 - 11:17  (00:01)
[[user:gerald]] tty7         :0               Fri Nov 10 11:04 - 11:06  (00:01)
[[user:gerald]] tty8         :1               Fri Nov 10 10:18 - 10:20  (00:02)
""",
    ),
    (
        "https://github.com/util-linux/util-linux/issues/2364",
        ".txt",
        """[7] [1082994] [ts/2] [{{keep:foo}}     ] [pts/2       ] [146.95.214.131      ] [146.95.214.131 ] [2023-05-09T21:33:06,489736+00:00]
[8] [1082994] [    ] [        ] [pts/2       ] [                    ] [0.0.0.0        ] [2023-05-09T21:35:17,243363+00:00]
""",
    ),
    (
        "https://github.com/Wang-Kai/cherish-today/issues/129",
        ".txt",
        """$ last

{{keep:root}}     pts/1        10.9.5.80        Fri Aug 14 15:43 - crash  (00:08)
{{keep:root}}     pts/0        106.75.220.2     Fri Aug 14 15:42 - crash  (00:09)
{{keep:reboot}}   system boot  3.10.0-1062.7.1. Fri Aug 14 15:42 - 12:05  (20:23)
{{keep:root}}     pts/0        10.9.5.80        Fri Aug 14 15:29 - crash  (00:12)

wtmp begins Wed Aug 12 21:13:15 2020
""",
    ),
    (
        "https://github.com/zhangyachen/zhangyachen.github.io/issues/7",
        ".txt",
        """$ w
 23:04:27 up 29 days,  7:51,  3 users,  load average: 0.04, 0.06, 0.02
USER     TTY      FROM              LOGIN@   IDLE   JCPU   PCPU WHAT
[[user:dinesh]]   pts/0    dev-db-server        22:57    8.00s  0.05s  0.01s sshd: [[user:dinesh]] [priv]
[[user:kevin]]    pts/1    dev-db-server        23:01    2:53   0.01s  0.01s -bash
[[user:mark]]     pts/2    dev-db-server        23:04    0.00s  0.00s  0.00s w
""",
    ),
    (
        "https://github.com/mirror/busybox/issues/78",
        ".txt",
        """        [host]:~ # w
        USER            TTY             IDLE    TIME             HOST
        {{keep:root}}            pts/0           00:00   Nov 15 11:35:09  10.249.3.187
        [host]:~ # adduser {{keep:testuser}}
        Changing password for {{keep:testuser}}
        passwd: password for {{keep:testuser}} changed by {{keep:root}}
        [host]:~ # login {{keep:testuser}}
        [host]:~ # w
        USER            TTY             IDLE    TIME             HOST
        {{keep:root}}            pts/0           00:00   Nov 15 11:35:09  10.249.3.187
        {{keep:testuser}}        pts/0           00:00   Nov 15 11:35:30
""",
    ),
    (
        "https://github.com/uutils/procps/issues/183",
        ".txt",
        """$ w
 16:31:58 up  9:03,  2 users,  load average: 0.26, 0.24, 0.20
USER     TTY       LOGIN@   IDLE   JCPU   PCPU  WHAT
[[user:kvl]]      tty1      07:29    9:03m  0.08s  0.08s /usr/bin/startplasma-wayland
[[user:kvl]]                07:29    8:59m  0.00s  0.95s {{keep:/usr/lib/systemd/systemd --user}}

     Running `target/debug/procps w`
USER     TTY      LOGIN@   IDLE   JCPU   PCPU WHAT
[[user:mirafune]] tty2     Sun23    10:18m 0.22   0.2  /usr/bin/startplasma-wayland
[[user:mirafune]] pts/0    Sun23    10:18m 1303.853.35 /usr/bin/kded6
""",
    ),
    (
        "https://github.com/netblue30/firejail/issues/184",
        ".txt",
        """$ w
12:12:42 up 8 min,  1 user,  load average: 0,15, 0,20, 0,14
USER     TTY        LOGIN@   IDLE   JCPU   PCPU WHAT
[[user:jens]] :0.0      12:10   ?xdm?  16.45s  0.02s /bin/sh /etc/X11/Sessions/Xfce4

$w | grep :0.0 | head -n 1 | awl '{print $1}'
[[user:jens]]
""",
    ),
    (
        "https://github.com/vinmittal/SecurityTrainingPub/issues/5",
        ".txt",
        """[[user:Devayanira]]    pts/3        :0.0             Thu Oct 29 00:46   still logged in
[[user:Devayanira]]    pts/0        :0.0             Wed Oct 28 23:14   still logged in
[[user:Devayanira]]    pts/2        :0.0             Wed Oct 28 22:12 - 23:11  (00:58)
""",
    ),
    # ---- auth logs, journald, systemd units ------------------------------------------------
    (
        "https://github.com/linux-pam/linux-pam/issues/126",
        ".txt",
        """pam_unix(sshd:session): session opened for user {{keep:debian}} by (uid=0) 
pam_unix(sshd:session): session opened for user {{keep:debian}}(uid=1000) by {{keep:root}}(uid=0)
""",
    ),
    (
        "https://github.com/systemd/systemd/issues/2489",
        ".txt",
        """$ journalctl -o json-pretty /usr/bin/pulseaudio
{
        "_UID" : "1000",
        "_GID" : "1000",
        "_COMM" : "pulseaudio",
        "_EXE" : "/usr/bin/pulseaudio",
        "_CMDLINE" : "/usr/bin/pulseaudio --daemonize=no",
        "_SYSTEMD_CGROUP" : "/user.slice/user-1000.slice/{{keep:user@1000.service}}/pulseau
        "_SYSTEMD_OWNER_UID" : "1000",
        "_SYSTEMD_UNIT" : "{{keep:user@1000.service}}",
        "_SYSTEMD_USER_UNIT" : "pulseaudio.service",
        "_SYSTEMD_SLICE" : "user-1000.slice",
        "_HOSTNAME" : "tomo-desktop",
        "MESSAGE" : "W: [pulseaudio] pid.c: Stale PID file, overwriting.",
        "_PID" : "2625"
}
""",
    ),
    (
        "https://github.com/redhat-plumbers/systemd-rhel8/pull/475",
        ".txt",
        """$ build/test-sd-login |& rg 'get_(owner_uid|cgroup|session)' sd_pid_get_session(0) → No data available
sd_pid_get_owner_uid(0) → 1000
sd_pid_get_cgroup(0) → /user.slice/user-1000.slice/{{keep:user@1000.service}}/app.slice/app-ghostty-transient-5088.scope/surfaces/556FAF50BA40.scope
""",
    ),
    (
        "https://github.com/nix-community/home-manager/issues/2252",
        ".txt",
        """~
❯ whoami
[[user:kevlund]]

~
❮ journalctl -b -u home-manager-[[user:kevlund]].service
-- Journal begins at Sat 2021-07-03 10:23:56 BST, ends at Sun 2021-08-08 10:17:36 BST. --
Aug 08 10:16:35 nixos systemd[1]: Starting Home Manager environment for [[user:kevlund]]...
Aug 08 10:16:35 nixos hm-activate-[[user:kevlund]][583]: Activating home-manager configuration for [[user:kev]]>
Aug 08 10:16:35 nixos hm-activate-[[user:kevlund]][583]: Starting home manager activation
Aug 08 10:16:35 nixos hm-activate-[[user:kevlund]][583]: Cleaning up orphan links from /home/[[user:kevlund]]
Aug 08 10:16:35 nixos hm-activate-[[user:kevlund]][583]: Creating home file links in /home/[[user:kevlund]]
""",
    ),
    (
        "https://github.com/saltnpepper97/stasis/issues/26",
        ".txt",
        """[[user:ravin]]@[[user:ravin]]-desktop:~$ systemctl --user status stasis.service

● stasis.service - Stasis Wayland Idle Manager
     Loaded: loaded (/home/[[user:ravin]]{{keep:/.config/systemd/user/stasis.service}}; enabled; preset: enabled)
     Active: activating (auto-restart) (Result: exit-code) since Mon 2025-11-24 07:08:30 JST; 3s ago
 Invocation: e8fe30f2fef24f63829eff1819cd191c
    Process: 38202 ExecStart=/home/[[user:ravin]]{{keep:/.local/bin/stasis}} (code=exited, status=1/FAILURE)
   Main PID: 38202 (code=exited, status=1/FAILURE)
""",
    ),
    (
        "https://github.com/gdraheim/docker-systemctl-replacement/issues/142",
        ".txt",
        """{{keep:vagrant}}@cb9578505fac:/$ systemctl status apache2
apache2.service - The Apache HTTP Server
    Loaded: loaded (/usr/lib/systemd/system/apache2.service, disabled)
    Active: inactive (dead)
{{keep:vagrant}}@cb9578505fac:/$ sudo systemctl start apache2
""",
    ),
    # ---- crontab ---------------------------------------------------------------------------
    (
        "https://github.com/behnambagheri/fake-traffic/issues/2",
        ".txt",
        """{{keep:root}}@ir5:~# { crontab -l; echo "0 */3 * * * fake-traffic run &>> ~/.fake-traffic.log"; } | crontab -

no crontab for {{keep:root}}
""",
    ),
    (
        "https://github.com/ArrowJustDoIt/crontab/issues/6",
        ".txt",
        """$ crontab -l
no crontab for {{keep:ubuntu}}
$ crontab -e
no crontab for {{keep:ubuntu}} - using an empty one
""",
    ),
    # ---- cloud identities ------------------------------------------------------------------
    (
        "https://github.com/turbot/steampipe-plugin-aws/pull/1746",
        ".txt",
        """> select * from aws_sts_caller_identity
+---------------------------------------+-----------------------+-----------------------+-------------------------------------------+-----------+--------------+---------------------------+
| arn                                   | user_id               | title                 | akas                                      | partition | account_id   | _ctx                      |
+---------------------------------------+-----------------------+-----------------------+-------------------------------------------+-----------+--------------+---------------------------+
| arn:aws:iam::112233445566:user/[[user:ranjit]] | AIDAQKW3PLMFXCBZ7E2RT | AIDAQKW3PLMFXCBZ7E2RT | ["arn:aws:iam::112233445566:user/[[user:ranjit]]"] | aws       | 112233445566 | {"connection_name":"aws"} |
+---------------------------------------+-----------------------+-----------------------+-------------------------------------------+-----------+--------------+---------------------------+
""",
    ),
    (
        "https://github.com/simonw/s3-credentials/issues/33",
        ".txt",
        """% s3-credentials whoami
{
    "UserId": "AIDAPRZQXJKOEVM4T8N2B",
    "Account": "518273640192",
    "Arn": "arn:aws:iam::518273640192:user/[[user:derek-administrator]]"
}
""",
    ),
    (
        "https://github.com/aws-cloudformation/rain/pull/217",
        ".txt",
        """$ aws sts get-caller-identity
{
    "UserId": "xxxxxxxxxxxxxxxxxxxxx",
    "Account": "xxxxxxxxxxxx",
    "Arn": "arn:aws:iam::xxxxxxxxxxxx:user/[[user:tbqwenlo]]"
}

$ aws sts get-caller-identity
{
    "UserId": "xxxxxxxxxxxxxxxxxxxxx:{{keep:botocore-session-1701516435}}",
    "Account": "xxxxxxxxxxxx",
    "Arn": "arn:aws:sts::xxxxxxxxxxxx:assumed-role/Admin/{{keep:botocore-session-1701516435}}"
}
""",
    ),
    (
        "https://github.com/aliyun-UED/aliyun-sdk-js/pull/76",
        ".txt",
        """{
    "AccountId": "1140635653649189",
    "Arn": "acs:ram::1140635653649189:user/[[user:haotan]]",
    "RequestId": "9A684E30-5AF8-4CE7-9B8D-4BD237282CF2",
    "UserId": "222806035655679708"
}
""",
    ),
    (
        "https://github.com/apigee/registry/pull/968",
        ".txt",
        """$ gcloud config get account
$ Your active configuration is: [api-registry]
$ {{keep:john@smith.com}}

$ gcloud config list account --format "value(core.account)"
$ {{keep:john@smith.com}}
""",
    ),
    # ---- Jupyter, VS Code, Ollama ----------------------------------------------------------
    (
        "https://github.com/microsoft/vscode-python/issues/9089",
        ".txt",
        r"""console.ts:137 [Extension Host] Info Python Extension: 2019-12-12 16:38:05: [I 16:38:05.765 NotebookApp] Serving notebooks from local directory: C:\Users\[[user:rovak]]{{keep:\AppData\Local\Temp\93a2357c-3cec-44bc-af19-d952cca02f9f}}
console.ts:137 [Extension Host] Info Python Extension: 2019-12-12 16:38:05: Python Daemon: write to stderr: [I 16:38:05.766 NotebookApp] The Jupyter Notebook is running at:
""",
    ),
    (
        "https://github.com/microsoft/vscode-jupyter/issues/3794",
        ".txt",
        r"""console.ts:134 [Extension Host] Python Extension: [W 22:42:55.354 NotebookApp] WARNING: The notebook server is listening on all IP addresses and not using encryption. This is not recommended.

console.ts:134 [Extension Host] Python Extension: [I 22:42:55.419 NotebookApp] Serving notebooks from local directory: C:\Users\[[user:MARCOS~1]]{{keep:\AppData\Local\Temp}}
""",
    ),
    (
        "https://github.com/jupyter/notebook/issues/3724",
        ".txt",
        r"""    Copy/paste this URL into your browser when you connect for the first time,
    to login with a token:
        http://localhost:8888/?token=[[secret:7c41f0be92d3a56e18b4c07f9a2e6d35b18c4f70e9d2a6b3]]&token=[[secret:7c41f0be92d3a56e18b4c07f9a2e6d35b18c4f70e9d2a6b3]]
[I 15:22:11.918 NotebookApp] Accepting one-time-token-authenticated connection from ::1
[D 15:22:12.059 NotebookApp] Path base/images/favicon.ico served from {{keep:C:\ProgramData\Anaconda3\lib\site-packages\notebook\static\base\images\favicon.ico}}
""",
    ),
    (
        "https://github.com/jupyter/notebook/issues/7316",
        ".txt",
        """[D 2024-04-04 10:45:35.687 ServerApp] Extension package notebook_shim took 0.0000s to import
[D 2024-04-04 10:45:35.690 ServerApp] Config changed: {'ServerApp': {'log_level': 'DEBUG', 'root_dir': '/home/[[user:conor]]{{keep:/Documents/School/Research/parameter-neutral/jupyter}}', 'jpserver_extensions': <LazyConfigValue value={'notebook': True, 'jupyter_lsp': True}>}, 'ExtensionApp': {'log_level': 'DEBUG'}}
""",
    ),
    (
        "https://github.com/ollama/ollama/issues/6725",
        ".txt",
        r"""time=2024-09-10T05:45:41.564-05:00 level=INFO source=store.go:96 msg="wrote store: C:\\Users\\[[user:varno]]{{keep:\\AppData\\Local\\Ollama\\config.json}}"
time=2024-09-10T05:45:41.963-05:00 level=INFO source=server.go:123 msg="ollama server logs C:\\Users\\[[user:varno]]{{keep:\\AppData\\Local\\Ollama\\server.log}}"
time=2024-09-10T05:45:43.695-05:00 level=WARN source=lifecycle.go:51 msg="Failed to launch getting started shell: getting started banner script error CreateFile C:\\Users\\[[user:varno]]{{keep:\\AppData\\Local\\Programs\\Ollama\\ollama_welcome.ps1}}: The system cannot find the path specified."
""",
    ),
    (
        "https://github.com/ollama/ollama/issues/11556",
        ".txt",
        r"""time=2025-07-28T08:45:48.766+01:00 level=INFO source=app_windows.go:307 msg="starting Ollama" app=C:\Users\[[user:k]]{{keep:\AppData\Local\Programs\Ollama}} version=0.9.6 OS=Windows/10.0.26100
""",
    ),
    (
        "https://github.com/ollama/ollama/issues/5795",
        ".txt",
        r""">ollama list
Error: could not connect to ollama app, is it running?

C:\Users\[[user:Tavik]]{{keep:\AppData\Local\Ollama\server.log}}
Error: listen tcp 127.0.0.1:11434: bind: An attempt was made to access a socket in a way forbidden by its access permissions.
""",
    ),
    (
        "https://github.com/ollama/ollama/issues/18061",
        ".txt",
        r"""- OLLAMA_MODELS: `D:\ollama-models`
App log (`C:\Users\[[user:qimen]]{{keep:\AppData\Local\Ollama\app.log}}`) when launching the app:
16:02:43 starting ollama server           # app.go:251
""",
    ),
    # ---- git log, sign-offs, prompts -------------------------------------------------------
    (
        "https://github.com/GridProtectionAlliance/gsf/issues/124",
        ".txt",
        """[[user:rb]]@ATMS-DEV MINGW64 /c/GPA/gsf.g (master)
$ git log
commit a9daabed0b883a45f0fc4f57d9411a6cb33cb20d (HEAD -> master, origin/master, origin/HEAD)
Author: [[user:MarcusDFlint]] <[[email:mflint@gridprotectionalliance.org]]>
Date:   Wed Apr 5 11:24:57 2023 -0400

commit e8675a9a5b265d3038d8cfe933a67aa1641305c9
Author: {{keep:gsfbuildbot}} <{{keep:support@gridprotectionalliance.org}}>
Date:   Sat Apr 15 00:01:28 2023 -0400

commit 48cc30266c817080869d5ab11b2bc0d3bad4cfd0
Author: [[user:R. Weston Pryor]] <[[email:westonpryor@gmail.com]]>
Date:   Fri Apr 14 11:08:16 2023 -0500
""",
    ),
    (
        "https://github.com/lazyoracle/linux-cheatsheet/pull/4",
        ".txt",
        """~/dev/c3 $ git log --merges --first-parent dev --pretty=format:"%h %C(blue)%<(15,trunc)%aN %C(white)%<(22)%ar%Creset %C(green)%s"
95722ed [[user:Vikram Dutta Sen]] 7 days ago             Merge pull request #86 from q-optimize/binder-installs
9a0a25a [[user:Lukas Brenner]] 5 weeks ago            Merge pull request #75 from q-optimize/cut_by_photon_number
39ae727 [[user:Matteo Sen]]    2 months ago           Merge pull request #34 from [[user:BrandtK]]/further_fixes
""",
    ),
    (
        "https://github.com/tldr-pages/tldr/pull/7150",
        ".txt",
        """Signed-off-by: [[user:Tariq Hamid S Mir]] <[[email:hamidmirt@gmail.com]]>
""",
    ),
    (
        "https://github.com/hpe-storage/python-hpedockerplugin/issues/422",
        ".txt",
        """{{keep:stack}}@cssosbe03-b04:~ docker ps -a
CONTAINER ID        IMAGE                        COMMAND                  CREATED              STATUS                         PORTS                                                                NAMES
7deb461866ef        busybox                      "/bin/sh"                About a minute ago   Up About a minute                                                                                   elated_lichterman
{{keep:stack}}@cssosbe03-b04:~ docker inspect 7deb461866ef
""",
    ),
    # ---- CI, pip, conda --------------------------------------------------------------------
    (
        "https://github.com/google-github-actions/auth/issues/223",
        ".txt",
        """  🐳  docker cp src=/home/{{keep:vscode}}/.cache/act/google-github-actions-auth@v0.8.0/ dst=/var/run/act/actions/google-github-actions-auth@v0.8.0/
  💬  ::debug::Creating credentials file
  | Created credentials file at "/Users/[[user:tallgren]]{{keep:/projects/***/gha-creds-8d20268900c10f53.json}}"
""",
    ),
    (
        "https://github.com/conda/conda/issues/5566",
        ".txt",
        """[[[user:svc_riskcalc_prd]]@XXXX conda]$ conda config --show-sources
==> /home/[[user:svc_riskcalc_prd]]{{keep:/conda/condarc}} <==
channels:
  - defaults
envs_dirs:
  - /home/[[user:svc_riskcalc_prd]]{{keep:/conda/envs}}
  - /apps/conda/miniconda2/envs
""",
    ),
    (
        "https://github.com/pypa/pipenv/issues/1379",
        ".txt",
        """$ cat ~/.pip/pip.conf
[global]
disable-pip-version-check = yes
extra-index-url = https://public_internal/pypi/simple https://pypi.python.org/simple
index-url = https://{{keep:some:auth}}@private_internal/index
timeout = 60

New python executable in /Users/[[user:marcusd]]{{keep:/.virtualenvs/env-14nofN5B/bin/python2.7}}
Virtualenv location: /Users/[[user:marcusd]]{{keep:/.virtualenvs/env-14nofN5B}}
""",
    ),
    (
        "https://github.com/wolever/pip2pi/issues/64",
        ".txt",
        """[easy_install]
# Windows
# index-url = file:///C:/pip2pi/simple/

# Linux
# index-url = file:///home/{{keep:myusername}}/.pip2pi/simple/

# Mac
index-url = file:///Users/{{keep:myusername}}/.pip2pi/simple/
""",
    ),
    # ---- tutorials with example credentials (kept) -----------------------------------------
    (
        "https://github.com/agendor/sample-hapi-rest-api/issues/4",
        ".txt",
        """curl --data "username={{keep:user1@customer1.com}}&password={{keep:123}}" http://localhost:8000/tasks
curl -u "{{keep:user1@customer1.com}}:{{keep:123}}" http://localhost:8000/tasks
""",
    ),
    (
        "https://github.com/dabeaz-course/practical-python/issues/184",
        ".txt",
        """curl -X POST http://------- \\
-H "Content-Type: application/json" \\
-d '{"email": "---------", "password": "{{keep:password123}}"}'
""",
    ),
    (
        "https://github.com/ZoneMinder/zoneminder/pull/1062",
        ".txt",
        """curl -d "username={{keep:XXXX}}&password={{keep:YYYY}}&action=login&view=console" -c cookies.txt  http://yourzmip/zm/index.php
""",
    ),
]


_RAW_STOP49: list[tuple[str, str, str]] = [
    # ---- PowerShell profiles and %USERPROFILE% ------------------------------------------------
    (
        "https://github.com/ChrisTitusTech/winutil/issues/3251",
        ".txt",
        r"""Profile is up to date.
Out-File: E:\OneDrive\Dokumente\PowerShell\Microsoft.PowerShell_profile.ps1:88
Line |
  88 |      $currentTime | Out-File -FilePath $timeFilePath
     |                     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
     | Could not find a part of the path 'C:\Users\[[user:Matthias]]{{keep:\Documents\PowerShell\LastExecutionTime.txt}}'.
Checking for PowerShell updates...
Your PowerShell is up to date.
Out-File: E:\OneDrive\Dokumente\PowerShell\Microsoft.PowerShell_profile.ps1:129
Line |
 129 |      $currentTime | Out-File -FilePath $timeFilePath
     |                     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
     | Could not find a part of the path 'C:\Users\[[user:Matthias]]{{keep:\Documents\PowerShell\LastExecutionTime.txt}}'.
Use 'Show-Help' to display help
""",
    ),
    (
        "https://github.com/ChrisTitusTech/winutil/issues/3191",
        ".txt",
        r"""Profile is up to date.
Out-File: H:\Documents\PowerShell\Microsoft.PowerShell_profile.ps1:88
Line |
  88 |      $currentTime | Out-File -FilePath $timeFilePath
     |                     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
     | Could not find a part of the path 'C:\Users\{{keep:<<username>>}}\Documents\PowerShell\LastExecutionTime.txt'.
Checking for PowerShell updates...
Your PowerShell is up to date.
""",
    ),
    (
        "https://github.com/ChrisTitusTech/powershell-profile/issues/131",
        ".txt",
        r"""# Define the path to the file that stores the last execution time
$timeFilePath = "{{keep:$env:USERPROFILE\Documents\PowerShell\LastExecutionTime.txt}}"

Out-File: C:\Users\[[user:Volodymyr]]{{keep:\OneDrive\Documents\PowerShell\Microsoft.PowerShell_profile.ps1}}:88
Line |
  88 |      $currentTime | Out-File -FilePath $timeFilePath
     |                     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
     | Could not find a part of the path 'C:\Users\[[user:Volodymyr]]{{keep:\Documents\PowerShell\LastExecutionTime.txt}}'.
Checking for PowerShell updates...
Your PowerShell is up to date.
""",
    ),
    (
        "https://github.com/PowerShell/PowerShell/issues/11763",
        ".txt",
        r"""# Expected behavior

$PROFILE is updated to C:\Users\{{keep:me}}\Documents\PowerShell\Profile.ps1

# Actual behavior

C:\Users\{{keep:me}}\Documents\PowerShell\Microsoft.PowerShell_profile.ps1 (location and file does not exist and unable to edit $PROFILE)

PS ~ > $PSVersionTable

Name                           Value
----                           -----
PSVersion                      6.2.3
PSEdition                      Core
GitCommitId                    6.2.3
OS                             Microsoft Windows 10.0.19035
Platform                       Win32NT
""",
    ),
    (
        "https://github.com/RubyMetric/rbenv-for-windows/issues/9",
        ".txt",
        r"""$profile
# C:\Users\[[user:qqlinwei]]{{keep:\Documents\PowerShell\Microsoft.PowerShell_profile.ps}}
""",
    ),
    (
        "https://github.com/springcomp/my-box/issues/4",
        ".txt",
        r""" `C:\Users\{{keep:MyUser}}\Documents\PowerShell`
 `C:\Users\{{keep:MyUser}}\Documents\WindowsPowerShell`
- PowerShell Core (pwsh 7.x) installs its profiles in `{{keep:$Env:USERPROFILE\PowerShell}}`
- Windows PowerShell (5.x) installs its profiles in `{{keep:$Env:USERPROFILE\WindowsPowerShell}}`
""",
    ),
    (
        "https://github.com/microsoft/AirSim/issues/84",
        ".txt",
        r"""> set USERPROFILE
USERPROFILE=C:\Users\{{keep:Foo}}
Documents location: C:\Users\{{keep:Foo}}\Documents
""",
    ),
    (
        "https://github.com/danielgtaylor/nesh/pull/23",
        ".txt",
        r"""%HOMEPATH%   -> \Users\{{keep:Jdoe}}
%USERPROFILE% -> C:\Users\{{keep:Jdoe}}
""",
    ),
    # ---- WSL paths from Windows ---------------------------------------------------------------
    (
        "https://github.com/microsoft/WSL/issues/7308",
        ".txt",
        r"""Error 0x8007010b: Could not access starting direcotry "\\wsl$\Ubuntu\home\[[user:thebobwalker]]"

{
  "guid": "{75def201-4efb-5e32-93a0-c5647120c025}",
  "hidden": false,
  "name": "ubuntu",
  "tabTitle": "UbuntuWSL",
  "source": "Windows.Terminal.Wsl",
  "commandline": "wsl ~ -d ubuntu"
  // "startingDirectory": "\\\\wsl$\\ubuntu\\home\\[[user:mlindgren]]"
}
""",
    ),
    (
        "https://github.com/leongrdic/wsl-alias/issues/1",
        ".txt",
        r"""C:\Users\[[user:pavel]]{{keep:\AppData\Local\lxss\home}}\[[user:k71b]]{{keep:\.wsl}}
%localappdata%\Packages\CanonicalGroupLimited.UbuntuonWindows_79rhkp1fndgsc\LocalState\rootfs\home\[[user:k71b]]{{keep:\.wsl}}
""",
    ),
    (
        "https://github.com/laurent22/wslpath/issues/5",
        ".txt",
        r"""> C:\Users\\{{keep:{name}\AppData\Local\Local\Packages\CanonicalGroupLimited.UbuntuonWindows_79rhkp1fndgsc\LocalState\}}

$lxssPath_ = trim(exec('cmd.exe /c "echo %LOCALAPPDATA%" 2> /dev/null')) . "\\\\Packages\\\\CanonicalGroupLimited.UbuntuonWindows_79rhkp1fndgsc\\\\LocalState\\\\rootfs";
""",
    ),
    (
        "https://github.com/Eugeny/tabby/issues/2287",
        ".txt",
        r"""/mnt/c/Users/{{keep:<username>}}
C:\Users\{{keep:<username>}}\AppData\Local\Packages\CanonicalGroupLimited.UbuntuonWindows_79rhkp1fndgsc\LocalState\rootfs\home\{{keep:<wsl username>}}
""",
    ),
    # ---- macOS: system_profiler, scutil, osquery, mondoo ---------------------------------------
    (
        "https://github.com/ReproNim/containers/issues/24",
        ".txt",
        """bash-3.2$ system_profiler SPSoftwareDataType
Software:

    System Software Overview:

      System Version: OS X 10.10.5 (14F2511)
      Kernel Version: Darwin 14.5.0
      Boot Volume: Macintosh HD
      Boot Mode: Normal
      Computer Name: {{keep:DataLad's imac}}
      User Name: [[user:Miroslav Kovalenko]] ([[user:jek]])
      Secure Virtual Memory: Enabled
      Time since boot: 87 days 6:17
""",
    ),
    (
        "https://github.com/osquery/osquery/issues/1546",
        ".txt",
        """odmit47:~ [[user:cvance]]$ scutil --get ComputerName
{{keep:bar}}
odmit47:~ [[user:cvance]]$ scutil --get LocalHostName
{{keep:foo}}

[tavolin-mbp] ~ osqueryi
osquery> .mode line
osquery> .all system_info
          hostname = tavolin-mbp.dhcp.thefacebook.com
              uuid = {{keep:XXXXX}}
        cpu_serial = {{keep:XXXXXX}}
          cpu_type = x86_64h
    hardware_model = MacBookPro11,2
osquery> .exit
""",
    ),
    (
        "https://github.com/mondoohq/cnquery-packs/pull/80",
        ".txt",
        """Retrieve regular users:
users.where.list: [
  0: user name="[[user:rjones]]" uid=501 gid=20
]

Retrieve the amount of physical memory:
parse.json.params[SPHardwareDataType].first[physical_memory]: "16 GB"

Retrieve the hostname:
os.hostname: "Rob-Jones.localdomain"

Retrieve the system serial number:
parse.json.params[SPHardwareDataType].first[serial_number]: "GGJXG58317"

Summary (1 assets)
==================

Target:     Rob-Jones.localdomain
Datapoints: 13
""",
    ),
    # ---- npm: whoami, login, .npmrc ----------------------------------------------------------
    (
        "https://github.com/local-npm/local-npm/issues/114",
        ".txt",
        """➜  react-youtube-player git:(master) ✗ npm whoami
npm ERR! Darwin 15.3.0
npm ERR! argv "/Users/[[user:darek]]{{keep:/.nvm/versions/node/v5.10.0/bin/node}}" "/Users/[[user:darek]]{{keep:/.nvm/versions/node/v5.10.0/bin/npm}}" "whoami"
npm ERR! node v5.10.0
npm ERR! npm  v3.8.3
npm ERR! code E401

npm ERR! Registry returned 401 for GET on http://127.0.0.1:5080/-/whoami
npm ERR!
npm ERR! If you need help, you may report this error at:
npm ERR!     <https://github.com/npm/npm/issues>

npm ERR! Please include the following file with any support request:
npm ERR!     /Users/[[user:darek]]/Documents/dev/[[user:darek]]{{keep:/react-youtube-player/npm-debug.log}}
""",
    ),
    (
        "https://github.com/npm/cli/issues/4407",
        ".txt",
        """`~/.npmrc`:
npm_package_config_puppeteer_skip_download=true
puppeteer_skip_download=true
//registry.npmjs.com/:_authToken={{keep:$NPM_TOKEN}}

$ export NPM_TOKEN={{keep:npm_REST_OF_THE_TOKEN_HERE_I_PROMISE_IT_IS_CORRECT}}
$ npm whoami -ddd
npm verb cli [
npm verb cli   '/usr/local/Cellar/node/17.4.0/bin/node',
npm verb cli   '/usr/local/bin/npm',
npm verb cli   'whoami',
npm verb cli   '-ddd'
npm verb cli ]
npm info using npm@8.5.0
npm timing config:load:file:/usr/local/lib/node_modules/npm/npmrc Completed in 2ms
npm timing config:load:file:/Users/[[user:loganbrecht]]{{keep:/Developer/Javascript/woofmark/.npmrc}} Completed in 0ms
npm timing config:load:project Completed in 4ms
npm timing config:load:file:/Users/[[user:loganbrecht]]{{keep:/.npmrc}} Completed in 1ms
npm timing config:load:user Completed in 1ms
""",
    ),
    (
        "https://github.com/npm/npm/issues/16448",
        ".txt",
        """➜  studio-web git:(add/membership-fields) npm login
Username: [[user:keiva]]
Password:
Email: (this IS public) [[email:ckeiva@gmail.com]]
Logged in as [[user:keiva]] on https://registry.npmjs.org/.
➜  studio-web git:(add/membership-fields) npm whoami
npm ERR! Darwin 16.6.0
""",
    ),
    (
        "https://github.com/npm/cli/issues/5657",
        ".txt",
        """.npmrc
`%scope%:registry=%artifactoryurl%`
`%artifactoryurl%:_auth={{keep:%auth_token%}}`
`%artifactoryurl%:always-auth=true`
> npm whomai
npm ERR! code ENEEDAUTH npm ERR! need auth This command requires you to be logged in.
""",
    ),
    (
        "https://github.com/npm/cli/issues/7819",
        ".txt",
        """@*******:registry=https://npm.pkg.github.com
//npm.pkg.github.com/:_authToken={{keep:${GITHUB_NPM_PAT}}}

Step #0: npm error Bearer {{keep:ghs_xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}}
                                   ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
Step #0: npm error is not a legal HTTP header value
""",
    ),
    (
        "https://github.com/mixu/npm_lazy/issues/82",
        ".txt",
        """@anamespace:registry=https://npm.xyz.com/
//npm.xyzcom/:_authToken={{keep:ABCDEF}}
""",
    ),
    (
        "https://github.com/rexxars/registry-auth-token/issues/22",
        ".txt",
        """registry=https://my.private.registry.com/foo/bar/npm/
_auth={{keep:myAuthToken}}
email={{keep:user@host.com}}
always-auth=true
""",
    ),
    # ---- Python: site, .pypirc, twine --------------------------------------------------------
    (
        "https://github.com/b-e-p/bep/issues/6",
        ".txt",
        """sys.path:  ['/tmp', '/usr/lib/python2.7', '/usr/lib/python2.7/plat-x86_64-linux-gnu', '/usr/local/lib/python2.7/dist-packages', '/usr/lib/python2.7/dist-packages']
ENABLE_USER_SITE: True
PREFIXES: ['/usr', '/usr']
USER_BASE: /home/[[user:qim]]{{keep:/.local}}
USER_SITE: /home/[[user:qim]]{{keep:/.local/lib/python2.7/site-packages}}
abs__file__: None
check_enableusersite: True
""",
    ),
    (
        "https://github.com/haikuports/haikuports/issues/3075",
        ".txt",
        """$ python -c 'import site; site.getuserbase()'
{{keep:/boot/home/.local}}
$ python3 -c 'import site; site.getuserbase()'
{{keep:/boot/home/.local}}
""",
    ),
    (
        "https://github.com/pypa/twine/issues/61",
        ".txt",
        """[server-login]
username:{{keep:name}}
password:{{keep:password}}
""",
    ),
    (
        "https://github.com/pypa/twine/issues/17",
        ".txt",
        """$ twine upload -u {{keep:[username]}} -p {{keep:[password]}} -r pypi dist/*
KeyError: u"Missing 'pypi' section from the configuration file"

[pypi]
repository = https://pypi.python.org/pypi
username = {{keep:[username]}}
password = {{keep:[password]}}
""",
    ),
    (
        "https://github.com/pypi/warehouse/issues/4192",
        ".txt",
        """$ python3 -m twine upload --repository-url https://test.pypi.org/legacy/ dist/*
Enter your username: [[user:benhardy]]
Enter your password: 
Uploading distributions to https://test.pypi.org/legacy/
Uploading scalaps-0.0.1-py3-none-any.whl
""",
    ),
    (
        "https://github.com/pypa/packaging-problems/issues/300",
        ".txt",
        r"""D:\Corpus\Gersyll\packaging_tutorial>python -m twine upload dist/*
Uploading distributions to https://upload.pypi.org/legacy/
Enter your username: [[user:tevordane]]
Enter your password:
Uploading gersyll-Alpha.release-py3-none-any.whl
NOTE: Try --verbose to see response content.
HTTPError: 403 Client Error: Invalid or non-existent authentication information. for url: https://upload.pypi.org/legacy/

Password for '{{keep:your-username}}' in 'https://upload.pypi.org/legacy/':
""",
    ),
    (
        "https://github.com/patrickfuchs/buildH/issues/17",
        ".txt",
        """$ make upload-to-pypi
python -m twine upload dist/*
Uploading distributions to https://upload.pypi.org/legacy/
Enter your username: [[user:martinkohler]]
/home/[[user:hofer]]{{keep:/software/miniconda3/envs/buildh/lib/python3.9/site-packages/twine/auth.py}}:75: UserWarning: No recommended backend was available.
  warnings.warn(str(exc))
Enter your password:
HTTPError: 403 Forbidden from https://upload.pypi.org/legacy/
""",
    ),
    # ---- Hugging Face: cache paths, env, tokens ----------------------------------------------
    (
        "https://github.com/huggingface/huggingface_hub/issues/1388",
        ".txt",
        """0 ✓ [[user:dragan]]@velebit ~/project/tmp $ tree
.
└── xlmrb
    └── models--xlm-roberta-base
        ├── blobs
        │   └── 1960141250d189366dfb76630ba794a9c104ec07
        └── snapshots
            └── 42f548f32366559214515ec137cdd16002968bf6
                └── config.json -> tmp/xlmrb/models--xlm-roberta-base/blobs/1960141250d189366dfb76630ba794a9c104ec07

0 ✓ [[user:dragan]]@velebit ~/project/tmp $
""",
    ),
    (
        "https://github.com/huggingface/huggingface_hub/issues/4144",
        ".txt",
        """- huggingface_hub version: 1.12.0
- Platform: Linux-6.19.11-x64v3-xanmod1-x86_64-with-glibc2.39
- Python version: 3.11.14
- Token path ?: /home/[[user:tpalmeri]]{{keep:/.cache/huggingface/token}}
- Has saved token ?: True
- Who am I ?: [[user:tpalmeri]]
- Configured git credential helpers: cache
- ENDPOINT: https://huggingface.co
- HF_HUB_CACHE: /home/[[user:tpalmeri]]{{keep:/.cache/huggingface/hub}}
- HF_TOKEN_PATH: /home/[[user:tpalmeri]]{{keep:/.cache/huggingface/token}}
- HF_STORED_TOKENS_PATH: /home/[[user:tpalmeri]]{{keep:/.cache/huggingface/stored_tokens}}
""",
    ),
    (
        "https://github.com/instructlab/instructlab/pull/2970",
        ".txt",
        """>>> huggingface-cli login --token $HF_TOKEN --add-to-git-credential
Token is valid (permission: write).
The token `{{keep:token_name}}` has been saved to /home/[[user:rousell]]{{keep:/.cache/huggingface/stored_tokens}}
Your token has been saved in your configured git credential helpers (store).
Your token has been saved to /home/[[user:rousell]]{{keep:/.cache/huggingface/token}}
Login successful
The current active token is: `{{keep:token_name}}`
""",
    ),
    (
        "https://github.com/huggingface/huggingface_hub/issues/2765",
        ".txt",
        """echo $HF_TOKEN is empty

cat /home/[[user:codeinabox]]{{keep:/.cache/huggingface/token}}
cat: /home/[[user:codeinabox]]{{keep:/.cache/huggingface/token}}: No such file or directory
""",
    ),
    # ---- Ansible and Terraform ---------------------------------------------------------------
    (
        "https://github.com/ansible/ansible/issues/15321",
        ".txt",
        """Host raspberrypi.local
StrictHostKeyChecking no

**file: hosts**
[test]
91.121.103.38 ansible_ssh_user={{keep:root}}

[test:vars]
ansible_password={{keep:MustBeTheRealPassword}}

ansible-playbook -vvvv preciousbook.yml -c paramiko -u {{keep:root}} --ask-become-pass
""",
    ),
    (
        "https://github.com/hashicorp/terraform/issues/2563",
        ".txt",
        """variable "key_path" {
    default = "{{keep:~/.ssh/my_private_key}}"
}

aws_instance.sentry (remote-exec): Connecting to remote host via SSH...
aws_instance.sentry (remote-exec):   Host: x.x.x.x
aws_instance.sentry (remote-exec):   User: {{keep:custom_user}}
aws_instance.sentry (remote-exec):   Password: false
aws_instance.sentry (remote-exec):   Private key: true
aws_instance.sentry (remote-exec):   SSH Agent: true
""",
    ),
    (
        "https://github.com/hashicorp/terraform/issues/4062",
        ".txt",
        """connection {
  user = "{{keep:centos}}"
  private_key = "${"file(/users/[[user:robin]]{{keep:/.ssh/xxxxx}}")"
}

aws_instance.management-master (remote-exec):   Private key: false

connection {
  user = "{{keep:centos}}"
  key_file = "/users/[[user:robin]]{{keep:/.ssh/xxx}}"
}
""",
    ),
    (
        "https://github.com/josenk/terraform-provider-esxi/issues/84",
        ".txt",
        """  connection {
    host     = "${self.ip_address}"
    type     = "ssh"
    user     = "{{keep:core}}"
    # private_key = "${file("~/.ssh/id_rsa")}"
    pass/password = "{{keep:my-little-secret-here}}"
    timeout = "60s"
  }
""",
    ),
    # ---- identity commands, CI and container logs ----------------------------------------------
    (
        "https://github.com/hdresearch/vers-cli/issues/182",
        ".txt",
        """$ vers whoami
User:    [[user:corin]]
Org:     {{keep:hdresearch}}
API Key: {{keep:vers_...4f2b}} (valid)
API URL: https://api.vers.dev

$ vers whoami --format json
{
  "user": "[[user:corin]]",
  "org": "{{keep:hdresearch}}",
  "api_key_prefix": "{{keep:vers_...4f2b}}",
  "api_url": "https://api.vers.dev"
}
""",
    ),
    (
        "https://github.com/togethercomputer/together-py/pull/414",
        ".txt",
        """$ tg whoami
     Project: My Project ({{keep:proj_xxxxxxxxxxxxxxxx}})
Organization: Acme, Inc. ({{keep:org_xxxxxxxxxxxxxxxx}})
""",
    ),
    (
        "https://github.com/paulirish/github-email/issues/27",
        ".txt",
        """$ echo $GH_EMAIL_TOKEN 
{{keep:ghp_{REDACTED}}}

$ npx github-email [[user:jude]]

Email on GitHub
   Github requires authenticated API requests to retrieve the email. See: https://git.io/vxctz
       export GH_EMAIL_TOKEN={{keep:<token>}}
   You'll also want to add that line to your shell configuration (e.g. .bashrc)
""",
    ),
    (
        "https://github.com/kubernetes/kubectl/issues/667",
        ".yaml",
        """apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: {{keep:REDACTED}}
    server: https://urlgoeshere:443
  name: k8scluster
contexts:
- context:
    cluster: k8scluster
    namespace: default
    user: {{keep:clusterUser_k8scluster_k8scluster}}
  name: k8scluster
current-context: k8scluster
kind: Config
preferences: {}
users:
- name: {{keep:clusterUser_k8scluster_k8scluster}}
  user:
    client-certificate-data: {{keep:REDACTED}}
    client-key-data: {{keep:REDACTED}}
    token: {{keep:12345678ABCDEFG}}
""",
    ),
    (
        "https://github.com/actions/runner/issues/1445",
        ".txt",
        """[2021-10-28 14:51:22Z INFO ScriptHandler] Which: 'bash'
[2021-10-28 14:51:22Z INFO ScriptHandler] Location: '/usr/bin/bash'
[2021-10-28 14:51:22Z INFO ProcessInvokerWrapper] Starting process:
[2021-10-28 14:51:22Z INFO ProcessInvokerWrapper]   File name: '/usr/bin/bash'
[2021-10-28 14:51:22Z INFO ProcessInvokerWrapper]   Arguments: '-e {{keep:/home/ubuntu/actions-runner/_work/_temp/8832112a-0fc7-446f-a56d-a23f73497356.sh}}'
""",
    ),
    (
        "https://github.com/nektos/act/pull/1011",
        ".txt",
        """[test.yml/job1] Working directory '{{keep:/home/ubuntu/act-test}}'
DEBU[0000] Writing tarball /tmp/act1081849562 from {{keep:/home/ubuntu/act-test/.}} 
DEBU[0000] Stripping prefix:{{keep:/home/ubuntu/act-test/}} src:{{keep:/home/ubuntu/act-test/.}} 
DEBU[0000] Loading slug from git directory '{{keep:/home/ubuntu/act-test/.git}}' 
DEBU[0000] using github ref: refs/heads/secrets-testing 
""",
    ),
    (
        "https://github.com/docker/for-win/issues/14172",
        ".txt",
        r"""[2024-07-05T01:16:21.157647700Z][com.docker.diagnose.exe] Gathering: {{keep:<HOME>\AppData\Local\Docker\log\host\electron-2024-07-05-03.log}}
[2024-07-05T01:16:21.168646700Z][com.docker.diagnose.exe] Gathering {{keep:<HOME>\AppData\Roaming\Docker/**}}
[2024-07-05T01:16:21.178645900Z][com.docker.diagnose.exe][W] Could not read {{keep:<HOME>\AppData\Local\Docker\log.txt}}: open {{keep:<HOME>\AppData\Local\Docker\log.txt}}: El sistema no puede encontrar el archivo especificado.
""",
    ),
    # ---- documentation pages with example credentials ------------------------------------------
    (
        "https://developer.rackspace.com/docs/style-guide/style/cloud-account-info/",
        ".txt",
        """Information | Use | Don't use |
---|---|---|
Account or tenant ID | {{keep:yourAccountId}} {{keep:yourTenantId}} | {{keep:658405}} |
Username | {{keep:yourUsername}} | {{keep:robb4554}} |
Password | {{keep:yourPassword}} | {{keep:J$12345*}} |
API key | {{keep:yourApiKey}} | {{keep:of938go4915e114f7ff5448910fee68c}} |
Authentication token | {{keep:xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx}} | {{keep:2e356864f39831523c184to646b1997b}} |

X-Auth-Token: {{keep:abcdef123ghi4j5k67m8910n12op3qrs}}
""",
    ),
    (
        "https://docs.nextgendevstudios.dev/docs/access-and-security/api-tokens-and-secrets",
        ".txt",
        """Username: [[user:alwaysbuildinon]]
Password: GitHub personal access token

GITHUB_TOKEN={{keep:replace-with-your-token}}
DISCORD_BOT_TOKEN={{keep:replace-with-your-token}}
API_KEY={{keep:replace-with-your-api-key}}
""",
    ),
]


_RAW_STOP50: list[tuple[str, str, str]] = [
    # ---- pytest output and Python tracebacks (rootdir, cachedir, pytest-of-<u>) ---------------
    (
        "https://github.com/pyodide/pyodide-build/issues/157",
        ".txt",
        r"""  File "/Users/[[user:kyvox]]/Desktop/[[user:Noah]]{{keep:/coding/hypothesis/.venv-pyodide/lib/python3.12/site-packages/pluggy/_hooks.py}}", line 513, in __call__
    return self._hookexec(self.name, self._hookimpls.copy(), kwargs, firstresult)
           ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^
  File "/Users/[[user:kyvox]]/Desktop/[[user:Noah]]{{keep:/coding/hypothesis/.venv-pyodide/lib/python3.12/site-packages/_pytest/logging.py}}", line 868, in pytest_sessionfinish
    return (yield)
            ^^^^^
""",
    ),
    (
        "https://github.com/pytest-dev/pytest/issues/1115",
        ".txt",
        r"""platform win32 -- Python 3.4.3, pytest-2.8.2, py-1.4.30, pluggy-0.3.1
rootdir: C:\Users\[[user:gregor]], inifile: 
collected 0 items

self = <test_terminal.TestCollectonly object at 0x0000000002E70A20>
testdir = <Testdir local('C:\\Users\\[[user:gregor]]{{keep:\\AppData\\Local\\Temp\\}}pytest-of-[[user:gregor]]{{keep:\\pytest-0\\testdir\\test_collectonly_basic0}}')>

..\..\..\..\devpi-test0\targz\pytest-2.8.2\testing\test_terminal.py:215: Failed
---------------------------- Captured stdout call -----------------------------
platform win32 -- Python 3.4.3, pytest-2.8.2, py-1.4.30, pluggy-0.3.1
rootdir: C:\Users\[[user:gregor]], inifile: 
collected 1 items
<Module 'AppData/Local/Temp/pytest-of-[[user:gregor]]{{keep:/pytest-0/testdir/test_collectonly_basic0/test_collectonly_basic.py}}'>
""",
    ),
    (
        "https://github.com/dask/distributed/issues/4902",
        ".txt",
        r"""$ py.test --rootdir=/datasets/[[user:kvoronsky]]{{keep:/src/distributed}} --cache-clear -vs `python -c "import distributed.comm.tests.test_ucx as m;print(m.__file__)"`
============================= test session starts ==============================
platform linux -- Python 3.8.10, pytest-6.2.4, py-1.10.0, pluggy-0.13.1 -- /datasets/[[user:kvoronsky]]{{keep:/miniconda3/envs/ucx-master-112-21.08.210608/bin/python}}
cachedir: .pytest_cache
rootdir: /datasets/[[user:kvoronsky]]{{keep:/src/distributed}}
plugins: asyncio-0.15.1, anyio-3.1.0
collected 0 items / 1 error
INTERNALERROR> Traceback (most recent call last):
INTERNALERROR>   File "/datasets/[[user:kvoronsky]]{{keep:/miniconda3/envs/ucx-master-112-21.08.210608/lib/python3.8/site-packages/_pytest/config/__init__.py}}", line 1463, in getoption
INTERNALERROR>     val = getattr(self.option, name)
INTERNALERROR> AttributeError: 'Namespace' object has no attribute 'runslow'
""",
    ),
    (
        "https://github.com/labgrid-project/labgrid/issues/182",
        ".txt",
        r"""(labgrid-venv) [[user:rbo]]@ingvar-Latitude-5580:/userdata/labgridtools/remotetests/remotetest$ pytest  --capture=sys -rs --lg-log /tmp/labgrid-log --lg-env local.yaml 
============================= test session starts ==============================
platform linux -- Python 3.5.2, pytest-3.3.2, py-1.5.2, pluggy-0.6.0
rootdir: /, inifile:

(labgrid-venv) [[user:rbo]]@ingvar-Latitude-5580:/userdata/labgridtools/remotetests/remotetest$ pytest  --capture=sys -rs --lg-log /userdata/labgridtools/remotetests/log --lg-env local.yaml 
platform linux -- Python 3.5.2, pytest-3.3.2, py-1.5.2, pluggy-0.6.0
rootdir: /userdata/labgridtools/remotetests, inifile:
""",
    ),
    (
        "https://github.com/django-components/django-components/issues/1597",
        ".txt",
        r"""  File "/Users/[[user:jeremiah]]{{keep:/projects/clients/3tablets/rugela-web/venv/lib/python3.13/site-packages/django/core/handlers/exception.py}}", line 57, in inner
    response = response_for_exception(request, exc)
  File "/Users/[[user:jeremiah]]{{keep:/projects/clients/3tablets/rugela-web/venv/lib/python3.13/site-packages/django/core/handlers/exception.py}}", line 141, in response_for_exception
    response = handle_uncaught_exception(
        request, get_resolver(get_urlconf()), sys.exc_info()
    )
  File "/Users/[[user:jeremiah]]{{keep:/projects/clients/3tablets/rugela-web/venv/lib/python3.13/site-packages/django/utils/deprecation.py}}", line 120, in __call__
    response = response or self.get_response(request)
""",
    ),
    # ---- Jupyter / IPython / conda tracebacks ---------------------------------------------------
    (
        "https://github.com/conda/conda/issues/9298",
        ".txt",
        r"""Failed to import the site module
Traceback (most recent call last):
  File "/Users/[[user:eskolnik]]{{keep:/miniconda3/envs/python365/lib/python3.6/site.py}}", line 541, in <module>
    main()
  File "/Users/[[user:eskolnik]]{{keep:/miniconda3/envs/python365/lib/python3.6/site.py}}", line 522, in main
    known_paths = addusersitepackages(known_paths)
  File "/Users/[[user:eskolnik]]{{keep:/miniconda3/envs/python365/lib/python3.6/sysconfig.py}}", line 608, in get_config_var
    return get_config_vars().get(name)
""",
    ),
    (
        "https://github.com/ipython/ipython/issues/11084",
        ".txt",
        r"""> $ ~/anaconda2/bin/python
> Python 2.7.14 |Anaconda custom (64-bit)| (default, Dec  7 2017, 11:07:58) 
> [GCC 4.2.1 Compatible Clang 4.0.1 (tags/RELEASE_401/final)] on darwin
> >>> import traitlets
> >>> print(traitlets)
> <module 'traitlets' from '/Users/[[user:wardell]]{{keep:/.local/lib/python2.7/site-packages/traitlets/__init__.pyc}}'>

/Users/[[user:wardell]]{{keep:/.local/lib/python2.7}}
/Users/[[user:wardell]]{{keep:/.local/lib/python2.7_ancient}}

> In [4]: print(traitlets)
> <module 'traitlets' from '/Users/[[user:wardell]]{{keep:/anaconda2/lib/python2.7/site-packages/traitlets/__init__.pyc}}'>
""",
    ),
    (
        "https://github.com/ContinuumIO/anaconda-issues/issues/7199",
        ".txt",
        r"""Traceback (most recent call last): File "C:\Users\[[user:KOV]]{{keep:\Anaconda3\Scripts\jupyter-notebook-script.py}}", line 3, in import notebook.notebookapp File "C:\Users\[[user:KOV]]{{keep:\Anaconda3\lib\site-packages\notebook\note}}
""",
    ),
    (
        "https://github.com/ipython/ipython/issues/9978",
        ".txt",
        r"""In [6]: b
ERROR:root:Internal Python error in the inspect module.
Below is the traceback from this internal error.

Traceback (most recent call last):
  File "C:\Users\[[user:tkemp]]{{keep:\AppData\Local\Continuum\miniconda3\lib\site-packages\IPython\core\interactiveshell.py}}", line 2862, in run_code
    exec(code_obj, self.user_global_ns, self.user_ns)
  File "<ipython-input-6-3b5d5c371295>", line 1, in <module>
    b
NameError: name 'b' is not defined
  File "C:\Users\[[user:tkemp]]{{keep:\AppData\Local\Continuum\miniconda3\lib\site-packages\IPython\core\ultratb.py}}", line 1090, in get_records
    return _fixed_getinnerframes(etb, number_of_lines_of_context, tb_offset)
""",
    ),
    (
        "https://github.com/Stability-AI/stable-fast-3d/issues/58",
        ".txt",
        r"""    To log in, `huggingface_hub` requires a token generated from https://huggingface.co/settings/tokens .
Token can be pasted using 'Right-Click'.
Enter your token (input will not be visible):
Add token as git credential? (Y/n)
Traceback (most recent call last):
  File "c:\Users\[[user:spali]]{{keep:\Downloads\stable-fast-3d-main\.venv\Lib\site-packages\huggingface_hub\utils\_http.py}}", line 406, in hf_raise_for_status
    response.raise_for_status()
  File "c:\Users\[[user:spali]]{{keep:\Downloads\stable-fast-3d-main\.venv\Lib\site-packages\requests\models.py}}", line 1024, in raise_for_status        
    raise HTTPError(http_error_msg, response=self)
requests.exceptions.HTTPError: 400 Client Error: Bad Request for url: https://huggingface.co/api/whoami-v2
""",
    ),
    # ---- Java: Maven and Gradle ------------------------------------------------------------------
    (
        "https://github.com/AmadeusITGroup/HttpSessionReplacer/issues/33",
        ".txt",
        r"""[ERROR] For more information about the errors and possible solutions, please read the following articles:
[ERROR] [Help 1] http://cwiki.apache.org/confluence/display/MAVEN/DependencyResolutionException

C:\Temp\HttpSessionReplacer-master\session-replacement>if ERRORLEVEL 1 goto error 

C:\Temp\HttpSessionReplacer-master\session-replacement>set ERROR_CODE=1 

C:\Temp\HttpSessionReplacer-master\session-replacement>if exist "C:\Users\[[user:tiago.b.ferreira]]{{keep:\mavenrc_post.bat}}" call "C:\Users\[[user:tiago.b.ferreira]]{{keep:\mavenrc_post.bat}}" 

C:\Temp\HttpSessionReplacer-master\session-replacement>if exist "C:\Users\[[user:tiago.b.ferreira]]{{keep:\mavenrc_post.cmd}}" call "C:\Users\[[user:tiago.b.ferreira]]{{keep:\mavenrc_post.cmd}}" 
""",
    ),
    (
        "https://github.com/apache/maven/issues/4455",
        ".txt",
        r"""[[user:marcel]]@localhost ~/sources/maven/components $ mvn install
[INFO] Scanning for projects...
Downloading: http://amserver/m2repo/org/apache/maven/maven/1/maven-1.pom
[WARNING] Unable to get resource from repository activemind (http://amserver/m2repo)
Downloading: http://repo1.maven.org/maven2/org/apache/maven/maven/1/maven-1.pom
[WARNING] Unable to get resource from repository central (http://repo1.maven.org/maven2)
[ERROR] FATAL ERROR
[INFO] Failed to resolve artifact.
""",
    ),
    (
        "https://github.com/gradle/gradle/issues/6952",
        ".txt",
        r"""E=[[user:qox]], READNULLCMD=less, PWD=/srv/src/pcgen/pcgen, XZ_OPT=-9eM 90%, GOARCH=amd64, PYTHONFAULTHANDLER=1, SHELL=/usr/local/bin/zsh, PAGER=less, FORTUNE_PATH=/usr/share/games/fortune:/usr/local/share/games/fortune:/home/[[user:qox]]{{keep:/.fortune}}, __SHELLRC_FIRST_RUN=ready, OLDPWD=/srv/src/pcgen/pcgen, SHLVL=1, CONF_PATH=/home/[[user:qox]]{{keep:/.conf/}}, RUST_BACKTRACE=1, TMUX_PANE=%0, MYSQL_PS1=\c \u@\h:\p [\d]>, BLOCKSIZE=K, CCACHE_DIR=/srv/obj/ccache, JAVA_HOME=/usr/local/linux-oracle-jdk10/, TERM=screen-256color, ENV=/home/[[user:qox]]{{keep:/.shrc}}, LANG=en_US.UTF-8, CVS_RSH=ssh, SSH_TTY=/dev/pts/0, SSH_CLIENT=192.168.200.7 50468 22, P4DIFF=diff -u, NANO_NOCATCH=1, USER=[[user:qox]], GOOS=freebsd, GOROOT=/usr/local/go, SSH_AUTH_SOCK=/tmp/ssh-RPj9nVPB85/agent.95434, EDITOR=vim, CHARSET=UTF-8, TMUX=/tmp/tmux-1001/default,39145,0, GZIP=-9, _confpath=/home/[[user:qox]]{{keep:/.conf/common_shell}}, HOME=/home/[[user:qox]]}
15:02:53.283 [DEBUG] [org.gradle.process.internal.DefaultExecHandle] Changing state to: STARTING
15:02:53.285 [DEBUG] [org.gradle.process.internal.DefaultExecHandle] Waiting until process started: Gradle build daemon.
""",
    ),
    (
        "https://github.com/crossecore/crossecore-generator/issues/39",
        ".txt",
        r"""2022-02-19T09:50:41.407+1300 [DEBUG] [org.gradle.launcher.daemon.client.DaemonClient] Connected to daemon DaemonInfo{pid=675047, address=[b01c78da-5992-4789-b8ad-41f50443605b port:43317, addresses:[/127.0.0.1]], state=Idle, lastBusy=1645217413348, context=DefaultDaemonContext[uid=49b26167-6dce-4a0e-a061-e380772a4bbf,javaHome=/home/[[user:oskar]]{{keep:/.sdkman/candidates/java/17.0.1-tem}},daemonRegistryDir=/home/[[user:oskar]]{{keep:/.gradle/daemon}},pid=675047,idleTimeout=10800000,priority=NORMAL,daemonOpts=--add-opens,java.base/java.util=ALL-UNNAMED,-XX:MaxMetaspaceSize=256m,-XX:+HeapDumpOnOutOfMemoryError,-Xms256m,-Xmx512m,-Dfile.encoding=UTF-8,-Duser.country=NZ,-Duser.language=en,-Duser.variant]}. Dispatching request Build{id=14adda87-4afb-48ce-93d6-e6b8902f9ba4, currentDir=/home/[[user:oskar]]{{keep:/git/crossecore-generator}}}.
2022-02-19T09:50:41.407+1300 [DEBUG] [org.gradle.launcher.daemon.client.DaemonClientConnection] thread 1: dispatching class org.gradle.launcher.daemon.protocol.Build
""",
    ),
    (
        "https://github.com/gradle/gradle/issues/26516",
        ".txt",
        r"""11:02:35.992 [DEBUG] [org.gradle.launcher.daemon.client.DefaultDaemonStarter] Gradle daemon process is now detached.
11:02:35.994 [INFO] [org.gradle.launcher.daemon.client.DefaultDaemonStarter] An attempt to start the daemon took 0.599 secs.
11:02:35.995 [DEBUG] [org.gradle.launcher.daemon.client.DefaultDaemonConnector] Started Gradle daemon DaemonStartupInfo{pid=865174, uid=33931857-08ff-40f9-bdb1-7b6280d0839b, address=[95ec12ea-9376-4a70-8b8b-d6a325ed8a8b port:37041, addresses:[/0:0:0:0:0:0:0:1, /127.0.0.1]], diagnostics={pid=865174, daemonLog=/home/[[user:tmarel]]{{keep:/.gradle/daemon/4.4.1/daemon-865174.out.log}}}}
11:02:35.995 [DEBUG] [org.gradle.cache.internal.DefaultFileLockManager] Waiting to acquire shared lock on daemon addresses registry.
""",
    ),
    (
        "https://github.com/actions/cache/issues/454",
        ".txt",
        r"""Post job cleanup.
C:\windows\System32\tar.exe --posix -z -cf cache.tgz -P -C D:/a/ItemistEvolved/ItemistEvolved --files-from manifest.txt
tar.exe: Couldn't open C:/Users/{{keep:runneradmin}}/.gradle/caches/transforms-2/transforms-2.lock: Permission denied
tar.exe: Error exit delayed from previous errors.
Warning: Tar failed with error: The process 'C:\windows\System32\tar.exe' failed with exit code 1
""",
    ),
    (
        "https://github.com/gradle/gradle-build-action/issues/234",
        ".txt",
        r"""2022-04-08T10:34:03.8338409Z 2022-04-08T10:34:03.818+0000 [DEBUG] [org.gradle.cache.internal.DefaultCacheAccess] Creating new cache for resourceHashesCache, path /home/{{keep:runner}}/.gradle/caches/7.4.1/fileHashes/resourceHashesCache.bin, access org.gradle.cache.internal.DefaultCacheAccess@6017e561
2022-04-08T10:34:04.2331602Z 2022-04-08T10:34:04.134+0000 [DEBUG] [org.gradle.cache.internal.DefaultCacheAccess] Creating new cache for fileHashes, path /home/{{keep:runner}}/work/app-android/app-android/.gradle/7.4.1/fileHashes/fileHashes.bin, access org.gradle.cache.internal.DefaultCacheAccess@10afd1f2
""",
    ),
    # ---- ssh -v and sudo ---------------------------------------------------------------------------
    (
        "https://github.com/mscdex/ssh2/issues/1045",
        ".txt",
        r"""[[user:zq]]@DORIAN-TOWER:~/code/[[user:OmgImDorian]]{{keep:/deploy}}$ ssh ip172-18-0-26-c47h5kvnjsv00099psm0@direct.labs.play-with-docker.com -v
OpenSSH_8.2p1 Ubuntu-4ubuntu0.2, OpenSSL 1.1.1f  31 Mar 2020
debug1: Reading configuration data /etc/ssh/ssh_config
debug1: /etc/ssh/ssh_config line 19: include /etc/ssh/ssh_config.d/*.conf matched no files
debug1: Connecting to direct.labs.play-with-docker.com [40.76.55.146] port 22.

debug1: Connection established.
debug1: identity file /home/[[user:zq]]{{keep:/.ssh/id_rsa}} type 0
debug1: identity file /home/[[user:zq]]{{keep:/.ssh/id_rsa-cert}} type -1
debug1: identity file /home/[[user:zq]]{{keep:/.ssh/id_ed25519}} type -1
debug1: Local version string SSH-2.0-OpenSSH_8.2p1 Ubuntu-4ubuntu0.2
""",
    ),
    (
        "https://github.com/mscdex/ssh2/issues/989",
        ".txt",
        r"""debug3: hostkeys_foreach: reading file "/Users/[[user:walterpryce]]{{keep:/.ssh/known_hosts}}"
debug3: record_hostkey: found key type ECDSA in file /Users/[[user:walterpryce]]{{keep:/.ssh/known_hosts}}:47
debug3: load_hostkeys: loaded 1 keys from 3.83.41.154
debug1: Host 'datastation.multiprocess.io' is known and matches the ECDSA host key.
debug1: Found key in /Users/[[user:walterpryce]]{{keep:/.ssh/known_hosts}}:47
debug3: send packet: type 21
debug1: SSH2_MSG_NEWKEYS sent
""",
    ),
    (
        "https://github.com/moose-team/friends/issues/91",
        ".txt",
        r"""debug2: key: /home/[[user:veranoth]]{{keep:/.ssh/id_rsa}} (0x7f6382197b10),
debug2: key: /home/[[user:veranoth]]{{keep:/.ssh/id_dsa}} ((nil)),
debug1: Authentications that can continue: publickey
debug1: Next authentication method: publickey
debug1: Offering RSA public key: /home/[[user:veranoth]]{{keep:/.ssh/id_rsa}}
debug2: we sent a publickey packet, wait for reply
debug1: Server accepts key: pkalg ssh-rsa blen 279
debug1: key_parse_private2: missing begin marker
debug1: read PEM private key done: type <unknown>
Enter passphrase for key '/home/[[user:veranoth]]{{keep:/.ssh/id_rsa}}': 
debug2: bad passphrase given, try again...
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/234389",
        ".txt",
        r"""> ssh -v {{keep:<username>}}@{{keep:<hostname>}}
OpenSSH_9.8p1, LibreSSL 3.3.6
debug1: Reading configuration data /Users/{{keep:<username>}}/.ssh/config
debug1: /Users/{{keep:<username>}}/.ssh/config line 5: Applying options for {{keep:<hostname>}}
debug1: Reading configuration data /etc/ssh/ssh_config
debug1: Connecting to {{keep:<hostname>}} port 22.
debug1: Connection established.
debug1: identity file /Users/{{keep:<username>}}/.ssh/id_rsa type 0
debug1: identity file /Users/{{keep:<username>}}/.ssh/id_ed25519 type 3
""",
    ),
    (
        "https://github.com/PowerShell/Win32-OpenSSH/issues/74",
        ".txt",
        r"""C:\Users\[[user:kaurpree]]{{keep:\Documents\Henkel\MyDevTools\OpenSSH-Win32}}>ssh.exe -vvv -i "C:\Users\[[user:kaurpree]]{{keep:\.ssh\id_rsa}}" [[user:kaurpree]]@localhost
OpenSSH_7.1p1 Microsoft_Win32_port_with_VS, OpenSSL 1.0.2d 9 Jul 2015
debug2: ssh_connect: needpriv 0
debug1: Connecting to localhost [::1] port 22.
debug1: Connection established.
debug1: permanently_set_uid: 0/0
debug3: getpwuid: username [[[user:kaurpree]]]
debug3: getpwuid: system dir [C:\Windows\system32]
debug3: gethomedir: pUserName [[[user:kaurpree]]]
debug3: gethomedir: username [[[user:kaurpree]]]
debug3: gethomedir: userprofile [C:\Users\[[user:kaurpree]]]
debug3: getpwuid: homedir [C:\Users\[[user:kaurpree]]]
debug1: identity file C:\Users\[[user:kaurpree]]{{keep:\.ssh\id_rsa}} type 1
""",
    ),
    (
        "https://github.com/Qubinode/qubinode-installer/issues/68",
        ".txt",
        r"""awk: fatal: cannot open file `playbooks/vars/all.yml' for reading (No such file or directory)

We trust you have received the usual lecture from the local System
Administrator. It usually boils down to these three things:

    #1) Respect the privacy of others.
    #2) Think before you type.
    #3) With great power comes great responsibility.

[sudo] password for {{keep:admin}}: 
{{keep:admin}} is not in the sudoers file.  This incident will be reported.
[sudo] password for {{keep:admin}}: 
""",
    ),
    (
        "https://github.com/jamf/MakeMeAnAdmin/issues/9",
        ".txt",
        r"""error : [[user:rovi7]] is not in the sudoers file. This incident will be reported.

"[[user:rochi7]] is not in the sudoers file. This incident will be reported."
""",
    ),
    (
        "https://github.com/yy0931/save-as-root/issues/14",
        ".txt",
        r"""[Save as Root] exit code 1: {{keep:<user>}} is not in the sudoers file. This incident will be reported.
""",
    ),
    # ---- LLM tooling: ollama, llama.cpp, agent UIs, API keys ---------------------------------------
    (
        "https://github.com/ollama/ollama/issues/6157",
        ".txt",
        r"""[Service]
Environment="OLLAMA_HOST=0.0.0.0:11434"
Environment="OLLAMA_KEEP_ALIVE=5m"
Environment="OLLAMA_MODELS={{keep:/users/shared/ollama/.ollama/models}}"

sudo chown ollama:ollama {{keep:/usr/share/ollama}}
Aug 04 07:24:50 node2 systemd[1]: Stopping Ollama Service...
""",
    ),
    (
        "https://github.com/ollama/ollama/issues/2676",
        ".txt",
        r"""(base) {{keep:root}}@x:~# ollama show gemma --modelfile
# Modelfile generated by "ollama show"
# To build a new Modelfile based on this one, replace the FROM line with:
# FROM gemma:latest

FROM {{keep:/usr/share/ollama/.ollama/models/blobs/sha256:2c5f288be750bf8ee4c7d6e9afc9563f9685f570a8c7924d829c773c8401d584}}
""",
    ),
    (
        "https://github.com/ggml-org/llama.cpp/issues/15919",
        ".txt",
        r"""./llama-server -m /home/{{keep:user}}/models/ggml-org/gemma-3-12b-it-qat-q4_0.gguf --host 0.0.0.0 --port 8080
main: HTTP server is listening, hostname: 0.0.0.0, port: 8080, http threads: 23
srv    load_model: loading model '/home/{{keep:user}}/models/ggml-org/gemma-3-12b-it-qat-q4_0.gguf'
gguf_init_from_file: failed to open GGUF file '/home/{{keep:user}}/models/ggml-org/gemma-3-12b-it-qat-q4_0.gguf'
llama_model_load: error loading model: llama_model_loader: failed to load model
""",
    ),
    (
        "https://github.com/agentscope-ai/QwenPaw/issues/425",
        ".txt",
        r"""Unknown agent error: ValueError: Failed to load model from file: C:\Users\[[user:dwkpp]]{{keep:.copaw\models\Qwen--Qwen3-VL-2B-Thinking-GGUF\Qwen3VL-2B-Thinking-Q4_K_M.gguf}} (Details: C:\Users\[[user:dwkpp]]{{keep:\AppData\Local\Temp\copaw_query_error_5hl8525t.json}})

Error in query handler: Failed to load model from file: C:\Users\[[user:dwkpp]]{{keep:.copaw\models\Qwen--Qwen3-VL-2B-Thinking-GGUF\Qwen3VL-2B-Thinking-Q4_K_M.gguf}}
""",
    ),
    (
        "https://github.com/ggml-org/llama.cpp/issues/8516",
        ".txt",
        r"""[[user:zoltan]]@alienware-m17-r3 ~/Downloads/llama.cpp-b3400 $ ./examples/chat.sh
Log start
main: build = 0 (unknown)
main: built with cc (Gentoo Hardened 14.1.1_p20240622 p2) 14.1.1 20240622 for x86_64-pc-linux-gnu
main: seed  = 1721142929
llama_model_load: error loading model: llama_model_loader: failed to load model from ./models/llama-7b/ggml-model-q4_0.gguf
main: error: unable to load model

[[user:zoltan]]@alienware-m17-r3 ~/Downloads/llama.cpp-b3400 $ ls 
""",
    ),
    (
        "https://github.com/continuedev/continue/issues/9634",
        ".txt",
        r"""Model: OpenAI GPT-4.1
Provider: openai
Status Code: 401

401 Incorrect API key provided: {{keep:sk-proj-****************************************************************************************************************************************************************MxYA}}. You can find your API key at https://platform.openai.com/account/api-keys.
""",
    ),
    (
        "https://github.com/popjane/free_chatgpt_api/issues/15",
        ".txt",
        r"""openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: {{keep:sk-gGSeH***************************************7fB1}}.
""",
    ),
    (
        "https://github.com/huggingface/huggingface_hub/issues/4039",
        ".txt",
        r"""HF_TOKEN

'[[secret: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]]'
""",
    ),
    # ---- Node: pnpm --------------------------------------------------------------------------------
    (
        "https://github.com/pnpm/pnpm/issues/4936",
        ".txt",
        r"""pnpm install
 ENOENT  ENOENT: no such file or directory, mkdir '/home/{{keep:vsts}}'

pnpm config set store-dir /path/to/pnpm/store/v3
/home/{{keep:user}}/.local/share/pnpm/store
""",
    ),
    (
        "https://github.com/pnpm/pnpm/issues/5052",
        ".json",
        r"""{
"0 debug pnpm:scope": {
"selected": 3,
"total": 3,
"workspacePrefix": "/Users/[[user:rolando]]{{keep:/Desktop/monorepo-demo}}"
},
"1 error pnpm": {
"errno": -2,
"code": "ENOENT",
"syscall": "mkdir",
"path": "/path",
"err": {
    "name": "pnpm",
    "message": "ENOENT: no such file or directory, mkdir '/path'",
    "code": "ENOENT",
    "stack": "pnpm: ENOENT: no such file or directory, mkdir '/path'"
    }
                }
}
""",
    ),
    (
        "https://github.com/pnpm/pnpm/issues/4964",
        ".txt",
        r"""export PNPM_HOME="/Users/{{keep:xxx}}/Library/pnpm"
export PATH="$PNPM_HOME:$PATH"

 ENOENT  ENOENT: no such file or directory, open 'C:\Users\[[user:tobia]]{{keep:\Documents\heip-monorepo\_tmp_4580_fec72f06e7d137ca05b7e}} ...
""",
    ),
    # ---- ls -l owners, dotfiles, snap --------------------------------------------------------------
    (
        "https://github.com/deadc0de6/dotdrop/issues/209",
        ".txt",
        r"""[DEBUG][dotdrop.dotdrop.cmd_importer] will overwrite: True
[DEBUG][dotdrop.utils.run] exec: mkdir -p /home/[[user:veyrix]]/test/dotfiles/home/[[user:veyrix]]
[DEBUG][dotdrop.utils.run] exec: cp -R -L /home/[[user:veyrix]]{{keep:/.bashrc}} /home/[[user:veyrix]]/test/dotfiles/home/[[user:veyrix]]{{keep:/.bashrc}}
[ERR] "cp -R -L /home/[[user:veyrix]]{{keep:/.bashrc}} /home/[[user:veyrix]]/test/dotfiles/home/[[user:veyrix]]{{keep:/.bashrc}}" returned non zero (1): cp: cannot open '/home/[[user:veyrix]]{{keep:/.bashrc}}' for reading: Permission denied 
[ERR] importing "/home/[[user:veyrix]]{{keep:/.bashrc}}" failed!

User: [[user:veyrix]] (normal user elevated rights just via sudo)
-rw-r--r-- 1 [[user:veyrix]] [[user:veyrix]] 3906 Feb 14 11:52 /home/[[user:veyrix]]{{keep:/.bashrc}}
lrwxrwxrwx 1 {{keep:root}} {{keep:root}} 13 Feb 14 11:44 /snap/bin/dotdrop -> /usr/bin/snap*
""",
    ),
    (
        "https://github.com/evilmartians/lefthook/issues/161",
        ".txt",
        r"""$ lefthook install -v
open lefthook.yml: permission denied

$ ls -lia lefthook.yml 
39372773 -rw-rw-r-- 1 [[user:gravecode]] [[user:gravecode]] 285 dic 24 15:33 lefthook.yml

$ lefthook version
0.6.4
""",
    ),
    # ---- Silverblue and toolbox (/var/home/<u>, ⬢ prompts, /etc/passwd) -----------------------------
    (
        "https://github.com/containers/toolbox/issues/262",
        ".txt",
        r"""⬢[[[user:tkral]]@toolbox [[user:tkral]]]$ pwd
/var/home/[[user:tkral]]
⬢[[[user:tkral]]@toolbox [[user:tkral]]]$ echo $HOME
/home/[[user:tkral]]

[[[user:tkral]]@localhost ~]$ grep [[user:tkral]] /etc/passwd
[[user:tkral]]:x:1000:1000:[[user:Tomas Kral]]:/home/[[user:tkral]]:/bin/bash
[[[user:tkral]]@localhost ~]$ echo $HOME
/home/[[user:tkral]]
""",
    ),
    (
        "https://github.com/fedora-silverblue/issue-tracker/issues/564",
        ".txt",
        r"""[[user:dorit.kammler]]@wmde-103180:~$ toolbox create
Error: failed to get the Podman version
[[user:dorit.kammler]]@wmde-103180:~$ groups
[[user:dorit.kammler]] wheel

wmde@wmde-103180:~$ toolbox create
Image required to create toolbox container.
Download registry.fedoraproject.org/fedora-toolbox:40 (369.1MB)? [y/N]: 
wmde@wmde-103180:~$ groups
wmde wheel
""",
    ),
    (
        "https://github.com/containers/toolbox/issues/215",
        ".txt",
        r"""┬─[[[user:vadim.kolesnikov]]@zipslack:~]─[10:59:20 AM]
╰─>$ rpm -qa|grep toolbox
toolbox-0.0.11-1.fc30.noarch
┬─[[[user:vadim.kolesnikov]]@zipslack:~]─[10:59:25 AM]
╰─>$ rpm -qa|grep podman
podman-manpages-1.4.4-1.fc30.noarch
podman-1.4.4-1.fc30.x86_64
""",
    ),
    # ---- Steam, Proton and game tooling --------------------------------------------------------------
    (
        "https://github.com/DavidoTek/ProtonUp-Qt/issues/378",
        ".txt",
        r"""/home/[[user:kez]]{{keep:/.local/share/Steam/compatibilitytools.d/}}

╭─[[user:kez]]@Mint ~ 
╰─$ ls ~/.local/share/Steam
appcache                     depotcache                     linux32                 steam
bin                          error.log                      linux64                 steamapps
compatibilitytools.d         GameOverlayRenderer64.dll      public                  steam_msg.sh
""",
    ),
    (
        "https://github.com/Matoking/protontricks/issues/393",
        ".txt",
        r"""protontricks (DEBUG): Creating SteamApp from manifest file in /media/[[user:wesley]]{{keep:/Games/SteamLibrary/steamapps/appmanifest_1536610.acf}}
protontricks (DEBUG): Found compatdata directories for app 1536610: []
protontricks (DEBUG): Creating SteamApp from manifest file in /media/[[user:wesley]]{{keep:/Games/SteamLibrary/steamapps/appmanifest_632470.acf}}
protontricks (DEBUG): Found compatdata directories for app 632470: [PosixPath('/media/[[user:wesley]]{{keep:/Games/SteamLibrary/steamapps/compatdata/632470/pfx}}'), PosixPath('/home/[[user:wesley]]{{keep:/.steam/debian-installation/steamapps/compatdata/632470/pfx}}')]
protontricks (INFO): Multiple compatdata directories found for app 632470
""",
    ),
    (
        "https://github.com/sonic2kk/steamtinkerlaunch/issues/1242",
        ".txt",
        r"""<4>pressure-vessel-wrap[74345]: W: Cannot chmod directory/executable "./bin" in "/run/media/[[user:ninaw]]{{keep:/861E6F911E6F7957/SteamLibrary/steamapps/common/SteamLinuxRuntime_sniper/var/tmp-XCWQ72/usr}}" from 0777 (owner: "root", group: "root", non-member) to 0755 (Operation not permitted): assuming R_OK|X_OK is close enough
<4>pressure-vessel-wrap[74345]: W: Unable to set mtime of "./manifest.dpkg" in "/run/media/[[user:ninaw]]{{keep:/861E6F911E6F7957/SteamLibrary/steamapps/common/SteamLinuxRuntime_sniper/var/tmp-XCWQ72/usr}}": Operation not permitted
Traceback (most recent call last):
  File "/run/media/[[user:ninaw]]{{keep:/861E6F911E6F7957/SteamLibrary/steamapps/common/Proton 9.0 (Beta)/proton}}", line 1734, in <module>
    g_proton.do_steampipe_fixups()
""",
    ),
    (
        "https://github.com/anyc/steam-overlay/issues/368",
        ".txt",
        r"""exec ./steamwebhelper -nocrashdialog -lang=en_US -cachedir=/home/[[user:k7]]{{keep:/.local/share/Steam/config/htmlcache}} -steampid=62050 -buildid=1759461205 -steamid=76561198043721590 -logdir=/home/[[user:k7]]{{keep:/.local/share/Steam/logs}} -uimode=7 -startcount=1 -steamuniverse=Public -realm=Global -clientui=/home/[[user:k7]]{{keep:/.local/share/Steam/clientui}} -steampath=/home/[[user:k7]]{{keep:/.local/share/Steam/ubuntu12_32/steam}} -launcher=0
reaping pid: 62051 -- steam
ProtonFixes[63577] WARN: [CONFIG]: Parent directory "/home/[[user:k7]]{{keep:/.config/protonfixes}}" does not exist. Abort.
Proton: Upgrading prefix from 10.0-200 to GE-Proton10-9 (/home/[[user:k7]]{{keep:/.local/share/Steam/steamapps/compatdata/0/}})
""",
    ),
]


_RAW_STOP51: list[tuple[str, str, str]] = [
    # ---- MCP server logs, agent tools (Claude Desktop, Claude Code, Continue, Cursor, Aider) ------
    (
        "https://github.com/anthropics/claude-code/issues/4188",
        ".txt",
        r"""2025-07-23T04:38:45.067Z [filesystem] [info] Initializing server... { metadata: undefined }
2025-07-23T04:38:45.119Z [filesystem] [info] Using MCP server command: C:\WINDOWS\System32\cmd.exe with args and path: {
  metadata: {
    args: [
      '/C',
      'C:\\nvm4w\\nodejs\\npx.cmd',
      '-y',
      '@modelcontextprotocol/server-filesystem',
      'C:\\test',
      '\\\\wsl.localhost\\ubuntu\\home\\[[user:lindsey]]',
      'C:\\Users\\[[user:ria]]{{keep:\\AppData\\Roaming\\Claude}}',
      'C:\\Users\\[[user:ria]]{{keep:\\AppData\\Roaming}}',
      'C:\\Users\\[[user:ria]]{{keep:\\AppData\\Local}}',
      'C:\\Users\\[[user:ria]]{{keep:\\Downloads}}',
      'C:\\Users\\[[user:ria]]',
      'C:\\Users',
      'C:\\git',
      [length]: 13
    ],
    paths: [
      'C:\\Program Files (x86)\\Common Files\\Oracle\\Java\\javapath',
      'C:\\app\\product\\21c\\dbhomeXE\\bin',
      'C:\\app\\[[user:ria]]\\product\\21c\\dbhomeXE\\bin',
      'C:\\WINDOWS\\system32',
""",
    ),
    (
        "https://github.com/rohitg00/kubectl-mcp-server/issues/8",
        ".txt",
        r"""/Users/[[user:zzpelan]]{{keep:/dev/dev_llm_ai/kubectl-mcp-server/.venv/bin/python3}} -m kubectl_mcp_tool.cli.cli serve

2025-03-28T20:42:28.003Z [kubernetes] [info] Initializing server...
2025-03-28T20:42:28.037Z [kubernetes] [info] Server started and connected successfully
2025-03-28T20:42:28.108Z [kubernetes] [info] Message from client: {"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"claude-ai","version":"0.1.0"}},"jsonrpc":"2.0","id":0}
Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "<frozen runpy>", line 88, in _run_code
  File "/Users/[[user:zzpelan]]{{keep:/Dropbox/dev/dev_llm_ai/kubectl-mcp-server/kubectl_mcp_tool/cli/cli.py}}", line 16, in <module>
    os.makedirs(LOG_DIR, exist_ok=True)
  File "<frozen os>", line 225, in makedirs
OSError: [Errno 30] Read-only file system: 'logs'
2025-03-28T20:42:30.509Z [kubernetes] [info] Server transport closed
""",
    ),
    (
        "https://github.com/modelcontextprotocol/servers/issues/267",
        ".json",
        r"""{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": [
        "@modelcontextprotocol/server-filesystem",
        "/Users/{{keep:myusername}}/code/"
      ]
    },
    "mcp-obsidian": {
      "command": "uvx",
      "args": ["mcp-obsidian"],
      "env": {
        "OBSIDIAN_API_KEY": "{{keep:reallylongkey}}"
      }
    }
  }
}
""",
    ),
    (
        "https://github.com/MarcusJellinghaus/mcp-workspace/issues/14",
        ".txt",
        r"""  - mcp_server_filesystem Version: 1.9.3
  - Python Version: 3.12
  - Installation Path: /home/[[user:tomasz-wendling]]{{keep:/mcp-append-test/mcp_server_filesystem/}}

  2025-06-09 21:38:09,942 - src.log_utils - INFO - Logging initialized: console=INFO

  {
    "advanced-filesystem": {
      "command": "/home/[[user:tomasz-wendling]]{{keep:/mcp-append-test/mcp_server_filesystem/venv/bin/python}}",
      "args": [
        "-m",
        "src.main",
        "--project-dir",
        "/workspace/easy",
        "--log-level",
        "INFO"
""",
    ),
    (
        "https://github.com/stabgan/openrouter-mcp-multimodal/issues/5",
        ".txt",
        r""""openrouter": {
      "command": "npx",
      "args": [
        "-y",
        "@stabgan/openrouter-mcp-multimodal"
      ],
      "env": {
        "OPENROUTER_API_KEY": "{{keep:your-api-key-here}}",
        "DEFAULT_MODEL": "openai/gpt-5-chat"
      }
    }

/Users/{{keep:MyUserName}}/Library/Logs/Claude

2025-10-12T11:22:49.293Z [openrouter] [info] Initializing server... { metadata: undefined }
2025-10-12T11:22:49.303Z [openrouter] [info] Using MCP server command: /opt/homebrew/bin/npx with args and path: {
  metadata: {
    args: [ '-y', '@stabgan/openrouter-mcp-multimodal', [length]: 2 ],
""",
    ),
    (
        "https://github.com/aaddrick/claude-desktop-debian/issues/79",
        ".txt",
        r"""2025-04-19T01:35:57.319Z [info] [filesystem] Initializing server...
2025-04-19T01:35:57.342Z [error] [filesystem] spawn mcp-filesystem-server ENOENT
2025-04-19T01:35:57.348Z [info] [filesystem] Server transport closed
2025-04-19T01:35:57.348Z [info] [filesystem] Client transport closed
2025-04-19T01:35:57.349Z [error] [filesystem] Server disconnected. For troubleshooting guidance, please visit our [debugging documentation](https://modelcontextprotocol.io/docs/tools/debugging)
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/401",
        ".txt",
        r"""[[user:jonas]] ~/claude-test  $ env | grep TEST
[[user:jonas]] ~/claude-test  $ cat .env
TEST=test
[[user:jonas]] ~/claude-test  $ claude --debug
[DEBUG] Writing to temp file: /Users/[[user:jonas]]{{keep:/.claude.json.tmp.43730.1753442341131}}
[DEBUG] Preserving file permissions: 100644
[DEBUG] Temp file written successfully, size: 2805369 bytes
[DEBUG] Applied original permissions to temp file
[DEBUG] Renaming /Users/[[user:jonas]]/.claude.json.tmp.43730.1753442341131 to /Users/[[user:jonas]]{{keep:/.claude.json}}
[DEBUG] File /Users/[[user:jonas]]/.claude.json written atomically
[DEBUG] Creating shell snapshot for zsh (/bin/zsh)
[DEBUG] Creating snapshot at: /Users/[[user:jonas]]{{keep:/.claude/shell-snapshots/snapshot-zsh-1753442341163-bdevej.sh}}
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/6631",
        ".txt",
        r"""- **Installation Path**: `/usr/local/bin/claude`
- **Working Directory**: `/hdd1/users/[[user:hslee]]{{keep:/CLionProjects/OpenROAD-flow-scripts/tools/OpenROAD/}}`

    "deny": [
      "Read(/hdd1/users/[[user:hslee]]{{keep:/CLionProjects/OpenROAD-flow-scripts/tools/OpenROAD/src/Main.cc}})",
      "Read(/hdd1/users/[[user:hslee]]/CLionProjects/OpenROAD-flow-scripts/tools/OpenROAD/src/OpenRoad.cc)",
      "Read(/hdd1/users/[[user:hslee]]{{keep:/CLionProjects/OpenROAD-flow-scripts/tools/OpenROAD/include/ord/OpenRoad.hh}})",
""",
    ),
    (
        "https://github.com/continuedev/continue/issues/338",
        ".txt",
        r"""Traceback (most recent call last):

  File "continuedev\src\continuedev\core\sdk.py", line 46, in create
    config = sdk._load_config_dot_py()

  File "continuedev\src\continuedev\libs\util\paths.py", line 39, in getConfigFilePath
    with open(path, 'r') as f:

FileNotFoundError: [Errno 2] No such file or directory: 'C:\\Users\\[[user:40871]]{{keep:\\.continue\\config.py}}'
""",
    ),
    (
        "https://github.com/continuedev/continue/issues/5817",
        ".txt",
        r"""models:
  - name: Gemini-Flash-Chat
    provider: gemini
    model: gemini-2.5-flash-preview-05-06
    apiKey: 
    roles:
      - chat

Failed to parse config.json: Error: ENOENT: no such file or directory, open 'C:\Users\{{keep:user}}\.continue\config.json'
Error: Failed to parse config.json: Error: ENOENT: no such file or directory, open 'C:\Users\{{keep:user}}\.continue\config.json'
""",
    ),
    (
        "https://github.com/continuedev/continue/issues/3534",
        ".txt",
        r"""- OS: win10
- Continue version: v0.9.248
- IDE version: vscode 1.96.2

Cannot open C:%5CUsers%5C{{keep:xxxxx}}%5C.continue%5Cconfig.json. Detail: Unable to resolve resource C:%5CUsers%5C{{keep:xxxxx}}%5C.continue%5Cconfig.json.
""",
    ),
    (
        "https://github.com/continuedev/continue/issues/1370",
        ".txt",
        r"""[Extension Host] Error reading file EntryNotFound (FileSystemError): Error: ENOENT: no such file or directory, stat '/Users/[[user:jussi]]{{keep:/.continue/config.json}}'
	at P.e (c:\Users\[[user:jussi]]{{keep:\AppData\Local\Programs\Microsoft VS Code\resources\app\out\vs\workbench\api\node\extensionHostProcess.js}}:152:6836)
	at Object.stat (c:\Users\[[user:jussi]]\AppData\Local\Programs\Microsoft VS Code\resources\app\out\vs\workbench\api\node\extensionHostProcess.js:152:3894)
	at async _VsCodeIdeUtils.readFile (c:\Users\[[user:jussi]]{{keep:\.vscode\extensions\continue.continue-0.9.156-win32-x64\out\extension.js}}:366888:29)
	at async VsCodeIde.readFile (c:\Users\[[user:jussi]]\.vscode\extensions\continue.continue-0.9.156-win32-x64\out\extension.js:367434:16)
""",
    ),
    (
        "https://github.com/cursor/cursor/issues/2347",
        ".txt",
        r"""Apc Extension failed: Error: EROFS: read-only file system, copyfile '/home/{{keep:<my_user>}}/.cursor/extensions/drcika.apc-extension-0.4.1/resources/bootstrap-amd.js' -> '/tmp/.mount_cursorqRw4LX/resources/app/out/bootstrap-amd.js'
""",
    ),
    (
        "https://github.com/yuaotian/go-cursor-help/issues/29",
        ".txt",
        r"""PS C:\Users\{Name}\AppData\Local\Programs\cursor> dir

    目录: C:\Users\{Name}\AppData\Local\Programs\cursor

| Mode | LastWriteTime | Length | Name |
|------|--------------|---------|------|
| d----- | 2024/12/10 17:22 | | locales |
| -a---- | 2024/12/6 14:05 | 177,057,024 | Cursor.exe |
""",
    ),
    (
        "https://github.com/yuaotian/go-cursor-help/issues/536",
        ".txt",
        r"""A system error occurred (EACCES: permission denied, mkdir '/Users/[[user:robin]]{{keep:/Library/Application Support/Cursor/logs/20250701T172848}}')

Please make sure the following directories are writeable:

~/Library/Application Support/Cursor
~/.cursor/extensions

Last login: Tue Jul  1 17:27:15 on ttys002
/Applications/Cursor.app/Contents/MacOS/Cursor ; exit;                          
[[user:robin]]@RobindeMacBook-Pro ~ % /Applications/Cursor.app/Contents/MacOS/Cursor ; exit;
chrome_crashpad_handler: --database is required
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/4249",
        ".txt",
        r"""# config.txt
API_KEY=openai={{keep:XXXXXXXXX}}
BASE_URL=http://companyplatform.ai/litellm
MODEL=openai/ai-assistant-gpt-4o

aider --openai-api-base %BASE_URL% --api-key %API_KEY% --model %MODEL%
""",
    ),
    # ---- Jupyter paths, LaTeX, R, MATLAB ---------------------------------------------------------
    (
        "https://github.com/jupyterlab/jupyterlab/issues/6215",
        ".txt",
        r"""    export JUPYTER_CONFIG_DIR=/Users/[[user:tjmarks]]{{keep:/hpccloud-trunk/chemistream/chemistream}}
    export JUPYTER_PATH=/Users/[[user:tjmarks]]/hpccloud-trunk/chemistream/chemistream

config:
    /Users/[[user:tjmarks]]/hpccloud-trunk/chemistream/chemistream
    /Users/[[user:tjmarks]]{{keep:/hpccloud-trunk/chemistream/chemistream-env/etc/jupyter}}
    /usr/local/etc/jupyter
    /etc/jupyter
data:
    /Users/[[user:tjmarks]]/hpccloud-trunk/chemistream/chemistream
    /Users/[[user:tjmarks]]{{keep:/Library/Jupyter}}
    /usr/local/share/jupyter
""",
    ),
    (
        "https://github.com/jupyter/jupyter_core/issues/138",
        ".txt",
        r""" $ jupyter --paths
config:[...]
data:
    /home/[[user:kemin4]]{{keep:/.local/share/jupyter}}
    /scratch/[[user:kemin4]]{{keep:/miniconda3/share/jupyter}}
    /usr/local/share/jupyter
    /usr/share/jupyter
$ JUPYTER_PATH=/scratch/[[user:kemin4]]/local/share/jupyter jupyter --paths
config:[...]
data:
    /scratch/[[user:vuong]]/local/share/jupyter
    /home/[[user:kemin4]]{{keep:/.local/share/jupyter}}
$ JUPYTER_PATH=/scratch/[[user:kemin4]]/local/share/jupyter jupyter --data-dir
/home/[[user:kemin4]]{{keep:/.local/share/jupyter}}
""",
    ),
    (
        "https://github.com/jupyter/jupyter_core/issues/46",
        ".txt",
        r"""    {  
       "data":[  
          "/home/{{keep:vagrant}}/.local/share/jupyter",
          "/usr/local/share/jupyter",
          "/usr/share/jupyter"
       ],
""",
    ),
    (
        "https://github.com/thoth-station/jupyterlab-requirements/issues/52",
        ".txt",
        r""" jupyter --path
config:
    /home/{USER}/.jupyter
    /usr/etc/jupyter
data:
    /home/{USER}/.local/share/jupyter
    /usr/share/jupyter
runtime:
    /home/{USER}/.local/share/jupyter/runtime
""",
    ),
    (
        "https://github.com/msiniscalchi/atom-latextools/issues/24",
        ".txt",
        r"""Uncaught Error: ENOENT: no such file or directory, open '/Users/[[user:janwillemse]]/TEX-bestanden/TeX-bestanden/Brief [[user:Ostkamp]]/Brief[[user:Ostkamp]].log'
    at Error (native)
    at Object.fs.openSync (fs.js:549:18)
    at Object.fs.readFileSync (fs.js:397:15)
    at /Users/[[user:janwillemse]]{{keep:/.atom/packages/latextools/lib/builder.coffee}}:155:18
    at ChildProcess.exithandler (child_process.js:222:5)
""",
    ),
    (
        "https://github.com/JuliaInterop/RCall.jl/issues/206",
        ".txt",
        r""""c:/Users/{{keep:username}}/Documents/R/win-library/3.x"
"C:/Users/{{keep:username}}/R/win-library/3.4"
"C:/Program Files/R/R-3.4.2"
"C:/PROGRA~1/R/R-34~1.2"
""",
    ),
    (
        "https://github.com/robotology/wb-toolbox/issues/19",
        ".txt",
        r""">> startup_wbitoolbox

Whole Body Toolbox
Saving paths to /Users/[[user:StefanoMilan]]/Documents/MATLAB/Users/[[user:StefanoMilan]]/matlab/pathdef.m

There was an error generating pathdef.m To proceed please manually add the contents of variables mexDir, shareDir and imgDir to your matlabpath

/Users/[[user:StefanoMilan]]{{keep:/Documents/MATLAB}}:/Users/[[user:StefanoMilan]]{{keep:/matlab}}:
""",
    ),
    (
        "https://github.com/ToolboxHub/ToolboxToolbox/issues/8",
        ".txt",
        r"""/Users/{{keep:myname}}/Documents/MATLAB:

> Warning: Name is nonexistent or not a directory: /Users/[[user:brennan]]{{keep:/Documents/MATLAB/ToolboxRegistry}}
> Warning: Name is nonexistent or not a directory: /Users/[[user:brennan]]/Documents/MATLAB/ToolboxRegistry/.git
> Warning: Name is nonexistent or not a directory: /Users/[[user:brennan]]/Documents/MATLAB/ToolboxRegistry/.git/hooks
> Resetting path to factory state.
> Adding "ToolboxToolbox" to path at "/Users/{{keep:myname}}/Documents/MATLAB/ToolboxToolbox".
""",
    ),
    (
        "https://github.com/petersenpeter/CellExplorer/issues/108",
        ".txt",
        r"""	C:\Users\[[user:khuan]]{{keep:\Documents\MATLAB}}
	C:\Program Files\MATLAB\R2023b\toolbox\matlab\addon_enable_disable_management\matlab
	C:\Program Files\MATLAB\R2023b\toolbox\matlab\addon_updates\matlab
	C:\Program Files\MATLAB\R2023b\toolbox\matlab\addons
""",
    ),
    # ---- browser consoles, crash reports, PowerShell transcripts -----------------------------------
    (
        "https://github.com/skpm/sketch-dev-tools/issues/67",
        ".txt",
        r"""Not allowed to load local resource: file:///Users/{{keep:myname}}/Library/Application%20Support/com.bohemiancoding.sketch3/Plugins/dev-tools.sketchplugin/Contents/Resources/webview.js

Not allowed to load local resource: file:///Users/[[user:wenliqiao]]{{keep:/Library/Application%20Support/com.bohemiancoding.sketch3/Plugins/dev-tools.sketchplugin/Contents/Resources/webview.js}}
""",
    ),
    (
        "https://github.com/quisquous/cactbot/issues/104",
        ".txt",
        r"""17.04.2018 14:05:17: Info: DBM: BrowserConsole: Not allowed to load local resource: file:///C:/Program%20Files%20(x86)/Advanced%20Combat%20Tracker/OverlayPlugin/cactbot/user/raidboss.js (Source: https://quisquous.github.io/cactbot/ui/raidboss/raidboss.html, Line: 0)
""",
    ),
    (
        "https://github.com/nwjs/nw.js/issues/5585",
        ".txt",
        r"""C:\Users\{{keep:<Username>}}\AppData\Local\Chromium\User Data\Crashpad\reports
""",
    ),
    (
        "https://github.com/notepad-plus-plus/notepad-plus-plus/issues/15698",
        ".txt",
        r"""Version=1
EventType=AppHangB1
EventTime=133813746243815383
ReportType=3
Consent=1
ReportIdentifier=624f9914-a5b9-413e-a955-f0c9ce6efc19
IntegratorReportIdentifier=aa2a6cb0-914f-44b4-af02-4a328bb8da4f
NsAppName=explorer.exe
OriginalFilename=EXPLORER.EXE
TargetAppId=W:0000f519feec486de87ed73cb92d3cac802400000000!0000776a9121ead8a5c29a1dc41bee51524a40c33502!explorer.exe
Response.BucketId=a05048394e4624e84dd5c2fcc9ef16d6
Sig[0].Name=Application Name
Sig[0].Value=explorer.exe
""",
    ),
    (
        "https://github.com/PowerShell/PowerShell/issues/2888",
        ".txt",
        r"""New-PSSessionConfigurationFile -Path .\myJeaConfig.pssc -TranscriptDirectory 'C:\temp\transcripts' -SessionType RestrictedRemoteServer
Register-PSSessionConfiguration -Name JEA -Path .\myJeaconfig.pssc
Enter-PSSession -ComputerName Localhost -ConfigurationName JEA

[…]
RunAs User: {{keep:WinRM Virtual Users\WinRM VA_10_PRIV_priv.demo}}
Machine: DC (Microsoft Windows NT 10.0.14393.0)
[…]
""",
    ),
    # ---- .env files and a sample env in a diff ------------------------------------------------------
    (
        "https://github.com/nickscamara/open-deep-research/issues/43",
        ".txt",
        r"""PS C:\Users\[[user:dvorsky]]\Projects\open-deep-research> pnpm db:migrate

> ai-chatbot@0.1.0 db:migrate C:\Users\[[user:dvorsky]]\Projects\open-deep-research
> npx tsx lib/db/migrate.ts

❌ Migration failed
Error: POSTGRES_URL is not defined
    at runMigrate (c:\Users\[[user:dvorsky]]{{keep:\Projects\open-deep-research\lib\db\migrate.ts}}:12:11)
    at Object.transformer (C:\Users\[[user:dvorsky]]{{keep:\Projects\open-deep-research\node_modules\.pnpm\tsx@4.19.2\node_modules\tsx\dist\register-DCnOAxY2.cjs}}:2:1186)
 ELIFECYCLE  Command failed with exit code 1.

# Get your OpenAI API Key here: https://platform.openai.com/account/api-keys
OPENAI_API_KEY={{keep:****}}
""",
    ),
    (
        "https://github.com/hotosm/fAIr/pull/23",
        ".txt",
        r"""@@ -1,11 +1,6 @@
 SECRET_KEY=[[secret:q8rk)v3mzd_pe-7x2)418^6#&t*w!9h2c4^*7a1lu^35_fbyk0]]
-DATABASE_NAME=ai
-DATABASE_USER={{keep:admin}}
-DATABASE_PASSWORD={{keep:admin}}
-DATABASE_HOST=localhost
-DATABASE_PORT=5432
-DATABASE_SCHEMA=public
+export DATABASE_URL=postgis://{{keep:admin:password}}@localhost:5432/ai
""",
    ),
]


_RAW_STOP52: list[tuple[str, str, str]] = [
    # ---- Windows and macOS homes through site-packages, pip, npm debug logs -------------------
    (
        "https://github.com/meanii/Search4/issues/17",
        ".txt",
        r"""     Traceback (most recent call last):
     File "search4.py", line 12, in <module>
         from search4.utils import banner, result
     File "/Users/[[user:samirbouzidi]]{{keep:/Library/Python/2.7/lib/python/site-packages/search4/search4.py}}", line 12, in <module>
         from search4.utils import banner, result
     ImportError: No module named utils

Locations : /Users/{{keep:**_my_user_**}}/Library/Python/2.7/lib/python/site-packages/search4
                   /Users/{{keep:**_my_user_**}}/Library/Python/2.7/search4
""",
    ),
    (
        "https://github.com/KernelWanderers/OCSysInfo/issues/34",
        ".txt",
        r"""Last login: Thu Sep 14 18:01:26 on ttys000
/Applications/OCSysInfo.app/Contents/MacOS/OCSysInfo ; exit;
➜  ~ /Applications/OCSysInfo.app/Contents/MacOS/OCSysInfo ; exit;
[13047] Error loading Python lib '{{keep:/var/folders/xp/8wys6y8s38g1jgc5v_p9nfp00000gn/T/_MEIBxy3R8/libpython3.10.dylib}}': dlopen: dlopen(/var/folders/xp/8wys6y8s38g1jgc5v_p9nfp00000gn/T/_MEIBxy3R8/libpython3.10.dylib, 10): Symbol not found: _preadv
  Referenced from: /var/folders/xp/8wys6y8s38g1jgc5v_p9nfp00000gn/T/_MEIBxy3R8/libpython3.10.dylib (which was built for Mac OS X 11.7)
  Expected in: /usr/lib/libSystem.B.dylib

python3 main.py
Traceback (most recent call last):
  File "/Users/[[user:tkrogue]]{{keep:/dev/os/OCSysInfo/main.py}}", line 5, in <module>
    main()
  File "/Users/[[user:tkrogue]]{{keep:/dev/os/OCSysInfo/src/main.py}}", line 24, in main
    or os.environ.get("DEBUG", "0") == "1"
       ^^
UnboundLocalError: cannot access local variable 'os' where it is not associated with a value
""",
    ),
    (
        "https://github.com/Homebrew/homebrew-core/issues/101987",
        ".txt",
        r"""    TEST FAILED: /Users/[[user:qv]]{{keep:/Library/Python/3.9/lib/python3.9/site-packages}} does NOT support .pth files

❯ /usr/local/opt/python@3.9/bin/python3.9 -c 'import site; print(site.USER_BASE); print(site.USER_SITE)'
/Users/[[user:dak-p]]{{keep:/Library/Python/3.9}}
/Users/[[user:dak-p]]{{keep:/Library/Python/3.9/lib/python/site-packages}}
""",
    ),
    (
        "https://github.com/ranger/ranger/issues/1694",
        ".txt",
        r"""python3 -m site --user-base
/Users/[[user:ines]]{{keep:/Library/Python/3.7}}

ranger
Traceback (most recent call last):
  File "/Users/[[user:tavo]]{{keep:/Library/Python/3.7/bin/ranger}}", line 35, in <module>
    import ranger  # NOQA pylint: disable=import-self,wrong-import-position
ModuleNotFoundError: No module named 'ranger'
""",
    ),
    (
        "https://github.com/pypa/pip/issues/5316",
        ".txt",
        r"""The script django-admin.exe is installed in 'c:\users\[[user:rohan malhotra]]{{keep:\appdata\local\programs\python\python36\Scripts}}' which is not on PATH.
  Consider adding this directory to PATH or, if you prefer to suppress this warning, use --no-warn-script-location
""",
    ),
    (
        "https://github.com/microsoft/coding-pack-for-python/issues/5",
        ".txt",
        r"""Requirement already satisfied: setuptools in c:\users\[[user:milo]]{{keep:\appdata\local\programs\pythoncodingpack\lib\site-packages}} (47.1.0)
Processing c:\users\[[user:milo]]{{keep:\appdata\local\temp\tmpmy7x297_\pip-20.1.1-py2.py3-none-any.whl}}
Installing collected packages: pip
Successfully installed pip-20.1.1 {"timestamp":"2020-11-08T17:54:20.843Z"}
info:   WARNING: The scripts pip.exe, pip3.8.exe and pip3.exe are installed in 'C:\Users\[[user:Milo]]{{keep:\AppData\Local\Programs\PythonCodingPack\Scripts}}' which is not on PATH.
  Consider adding this directory to PATH or, if you prefer to suppress this warning, use --no-warn-script-location. {"timestamp":"2020-11-08T17:54:20.843Z"}
info: Successfully executed command C:\Users\[[user:Milo]]{{keep:\AppData\Local\Programs\PythonCodingPack\python.exe}} -m ensurepip --default-pip. {"timestamp":"2020-11-08T17:54:20.843Z"}
info: Completed installing Python and packages. {"timestamp":"2020-11-08T17:54:20.846Z"}
""",
    ),
    (
        "https://github.com/python/cpython/issues/135375",
        ".txt",
        r"""c:\users\[[user:rolan]]{{keep:\appdata\local\programs\python\python313\lib\site-packages}} and
c:\users\[[user:rolan]]{{keep:\appdata\local\programs\python\python313}}

Pip resides in:
c:\users\[[user:rolan]]{{keep:\appdata\local\programs\python\python313\Scripts}}
""",
    ),
    (
        "https://github.com/araten10/EdgewarePlusPlus/issues/188",
        ".txt",
        r"""C:\Users\[[user:Lorenzo Baldi]]{{keep:\AppData\Local\Programs\Python\Python312\python.exe}} -m pip install --upgrade pip
""",
    ),
    (
        "https://github.com/pypa/pip/issues/86",
        ".txt",
        r"""[[user:paulsk]]@kale:~$ virtualenv ve
New python executable in ve/bin/python
Installing setuptools............done.

[[user:paulsk]]@kale:~$ ./ve/bin/pip install -U pip
Downloading/unpacking pip
  Running setup.py egg_info for package pip
    warning: no previously-included files matching '*.txt' found under directory 'docs/_build'
    no previously-included directories found matching 'docs/_build/_sources'
    warning: no files found matching '*' under directory 'scripts/completion'
Installing collected packages: pip
  Found existing installation: pip 0.6.3
    Uninstalling pip:
      Successfully uninstalled pip
  Running setup.py install for pip
    changing mode of build/scripts-2.6/pip from 664 to 775
    changing mode of /home/[[user:paulsk]]{{keep:/ve/bin/pip}} to 775
Successfully installed pip
""",
    ),
    (
        "https://github.com/npm/npm/issues/7963",
        ".txt",
        r"""0 info it worked if it ends with ok
1 verbose cli [ 'C:\\Program Files (x86)\\nodejs\\node.exe',
1 verbose cli   'C:\\Program Files (x86)\\nodejs\\node_modules\\npm\\bin\\npm-cli.js',
1 verbose cli   'config',
1 verbose cli   'get',
1 verbose cli   'prefix' ]
2 info using npm@1.4.28
3 info using node@v0.10.37
4 error Error: ENOENT, stat 'C:\Users\[[user:bwarf]]{{keep:\AppData\Roaming\npm}}'
5 error If you need help, you may report this *entire* log,
5 error including the npm and node versions, at:
5 error     <http://github.com/npm/npm/issues>
6 error System Windows_NT 6.1.7601
7 error command "C:\\Program Files (x86)\\nodejs\\node.exe" "C:\\Program Files (x86)\\nodejs\\node_modules\\npm\\bin\\npm-cli.js" "config" "get" "prefix"
8 error cwd C:\Users\[[user:bwarf]]{{keep:\Desktop}}
9 error node -v v0.10.37
10 error npm -v 1.4.28
11 error path C:\Users\[[user:bwarf]]{{keep:\AppData\Roaming\npm}}
12 error code ENOENT
13 error errno 34
14 verbose exit [ 34, true ]
""",
    ),
    (
        "https://github.com/npm/cli/issues/4206",
        ".txt",
        r"""0 verbose cli [
0 verbose cli   '/usr/local/Cellar/node/17.3.0/bin/node',
0 verbose cli   '/usr/local/bin/npm',
0 verbose cli   '-v'
0 verbose cli ]
1 info using npm@8.3.0
2 info using node@v17.3.0
3 timing npm:load:whichnode Completed in 0ms
4 timing config:load:defaults Completed in 1ms
5 timing config:load:file:/usr/local/lib/node_modules/npm/npmrc Completed in 3ms
6 timing config:load:builtin Completed in 5ms
7 timing config:load:cli Completed in 3ms
8 timing config:load:env Completed in 0ms
9 timing config:load:project Completed in 3ms
10 timing config:load:file:/Users/{{keep:(protected)}}/.npmrc Completed in 1ms
11 timing config:load:user Completed in 2ms
12 timing config:load:file:/usr/local/etc/npmrc Completed in 0ms
13 timing config:load:global Completed in 0ms
14 timing config:load:validate Completed in 0ms
""",
    ),
    (
        "https://github.com/npm/documentation/issues/1704",
        ".txt",
        r"""C:\Users\{{keep:HP}}>npm -v
'CALL "C:\Program Files\nodejs\\node.exe" "C:\Program Files\nodejs\\node_modules\npm\bin\npm-prefix.js"' is not recognized as an internal or external command,
operable program or batch file.
10.9.3
""",
    ),
    (
        "https://github.com/actions/setup-python/issues/1005",
        ".txt",
        r""">   WARNING: The scripts <> and <> are installed in 'C:\Users\{{keep:runneradmin}}\AppData\Roaming\Python\Python3XX-32\Scripts' which is not on PATH.
>  Consider adding this directory to PATH or, if you prefer to suppress this warning, use --no-warn-script-location.
""",
    ),
    # ---- PowerShell transcript, procmon, macOS sessions, .gitconfig ---------------------------
    (
        "https://github.com/PowerShell/PowerShell/issues/8720",
        ".txt",
        r"""**********************
Windows PowerShell transcript start
Start time: 20190123080857
Username: BK-WINDOWS-V2-1\[[user:oliverstamm]]
RunAs User: BK-WINDOWS-V2-1\[[user:oliverstamm]]
Machine: BK-WINDOWS-V2-1 (Microsoft Windows NT 10.0.14393.0)
Host Application: C:\Windows\System32\WindowsPowerShell\v1.0\powershell.exe
Process ID: 7264
PSVersion: 5.1.14393.2636
PSEdition: Desktop
PSCompatibleVersions: 1.0, 2.0, 3.0, 4.0, 5.0, 5.1.14393.2636
BuildVersion: 10.0.14393.2636
CLRVersion: 4.0.30319.42000
WSManStackVersion: 3.0
PSRemotingProtocolVersion: 2.3
SerializationVersion: 1.1.0.1
**********************
Transcript started, output file is c:/blah\PowerShell_transcript.BK-WINDOWS-V2-1.0zNarV8d.20190123080857.txt
Logging a thing...
Done.
**********************
Command start time: 20190123080945
**********************
""",
    ),
    (
        "https://github.com/Rurik/Noriben/issues/36",
        ".txt",
        r"""C:\Users\{{keep:*****}}\Downloads\Noriben-master2\Noriben-master>Noriben.py --debug

[+] Python module "requests" not found. Internet functionality is disabled.
[+] This is acceptable if you do not wish to upload data to VirusTotal.

[!] Filter file ProcmonConfiguration.PMC not found. Continuing without filters.
[*] Log output directory:
[*] YARA directory:
[+] Features: (Debug: True      Internet: False VirusTotal: False)
[*] Using procmon EXE: procmon.exe
[*] Procmon session saved to: Noriben_24_Mar_20__10_07_544646.pml
[*] Launching Procmon ...
[*] Running cmdline: "procmon.exe" /BackingFile "Noriben_24_Mar_20__10_07_544646
.pml" /Quiet /Minimized
[*] Procmon is running. Run your executable now.
[*] When runtime is complete, press CTRL+C to stop logging.
""",
    ),
    (
        "https://github.com/withfig/fig/issues/2134",
        ".txt",
        r"""[[user:mehdibennani]]@MBA-MB ~ % fig doctor

✘ PATH contains ~/.local/bin: Path does not contain ~/.local/bin

✘ Doctor found errors. Please fix them and try again.

If you are not sure how to fix it, please open an issue with fig issue to let us know!
Or, email us at {{keep:hello@fig.io}}!

[[user:mehdibennani]]@MBA-MB ~ % fig issue
✔ Issue Title · PATH contains ~/.local/bin: Path does not contain ~/.local/bin
Heading over to GitHub...
[[user:mehdibennani]]@MBA-MB ~ %

os-info:
  - macOS 13.0.1 (22A400)
environment:
  - shell: /bin/zsh
  - terminal: iterm
  - cwd: /Users/[[user:mehdibennani]]
  - exe-path: /opt/homebrew/bin/fig
""",
    ),
    (
        "https://github.com/voku/dotfiles/issues/42",
        ".txt",
        r"""✓ ~→ cat .gitconfig.extra                                             [17:39:00]
[user]
	name = [[user:liangwenbo]]
	email = [[email:liangwenbo482@163.com]]
[push]
	default = simple

✓ ~→ git config --global --list
....................
include.path=.gitconfig.extra
""",
    ),
    # ---- kubectl, curl, Docker config -----------------------------------------------------------
    (
        "https://github.com/kubernetes/kubernetes/issues/28288",
        ".txt",
        r"""$ kubectl describe secret robot-token-66z81
Name:		robot-token-66z81
Namespace:	test
Labels:		<none>
Annotations:	kubernetes.io/service-account.name=robot,kubernetes.io/service-account.uid=46a934ee-12ff-11e6-aba6-fa163ec62e19

Type:	kubernetes.io/service-account-token

Data
====
token:		[[secret:eyJhbGciOiJSUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJrdWJlcm5ldGVzL3NlcnZpY2VhY2NvdW50Iiwia3ViZXJuZXRlcy5pby9zZXJ2aWNlYWNjb3VudC9uYW1lc3BhY2UiOiJ0ZXN0Iiwia3ViZXJuZXRlcy5pby9zZXJ2aWNlYWNjb3VudC9zZWNyZXQubmFtZSI6InJvYm90LXRva2VuLTY2ejgxIiwia3ViZXJuZXRlcy5pby9zZXJ2aWNlYWNjb3VudC9zZXJ2aWNlLWFjY291bnQubmFtZSI6InJvYm90Iiwia3ViZXJuZXRlcy5pby9zZXJ2aWNlYWNjb3VudC9zZXJ2aWNlLWFjY291bnQudWlkIjoiNDZhOTM0ZWUtMTJmZi0xMWU2LWFiYTYtZmExNjNlYzYyZTE5Iiwic3ViIjoic3lzdGVtOnNlcnZpY2VhY2NvdW50OnRlc3Q6cm9ib3QifQ.mMmcnEqsgGhHqpQdzu9-aI2y9QXtpn8mvSpKMpKcOPv_CTNnykKxzOU0TQFYn7QiZwdDYYZFh53VrkSuijHhN09C3TBmp2Lu5JdCTWPFKNoSB3PXKgFLNDd4_j1htdmHireflj7ATR2arNJtlfNBJB4bSYo1mjQatqDSUouHtEdJDbapQMQ0LZgmStv4FUei_2e8SOPDlBSnFtcE0JYAtbWLx_KHNjAAlwI4xbXBc_eafcGgVCzqJxerofHN_EBlsTaynie_F1lojojS5D6QcQLJpvJ_Ob8YzN2zPOGSQmrQFikb6RMOwFE0MBsyFhUsmPFOPvnwlUYLLozEZED0-w]]
""",
    ),
    (
        "https://github.com/kubernetes/website/issues/43111",
        ".txt",
        r"""$ kubectl describe sa build-robot
Name:                build-robot
Namespace:           default
Labels:              <none>
Annotations:         <none>
Image pull secrets:  <none>
Mountable secrets:   <none>
Tokens:              build-robot-secret
Events:              <none>

$ kubectl describe sa build-robot -n test2
Name:                build-robot
Namespace:           test2
Labels:              <none>
Annotations:         kubernetes.io/enforce-mountable-secrets: true
Image pull secrets:  <none>
Mountable secrets:   <none>
Tokens:              mysecretname
Events:              <none>

$ kubectl get sa -n test2
NAME          SECRETS   AGE
build-robot   0         52m
""",
    ),
    (
        "https://github.com/router-for-me/CLIProxyAPI/issues/181",
        ".txt",
        r"""curl "http://localhost:8317/v1/messages" \
          -H "Content-Type: application/json" \
          -H "Authorization: Bearer {{keep:sk-dummy}}" \
          -d '{
          "model": "claude-haiku-4-5-20251001",
          "stream": true,
          "messages": [
              {
                  "role": "user",
                  "content": "Are semicolons optional in JavaScript?"
              }
          ]
      }'
{"error":"Invalid API key"}⏎
~ on ☁️
""",
    ),
    (
        "https://github.com/docker/for-win/issues/5314",
        ".json",
        r"""{
	"auths": {
		"https://index.docker.io/v1/": {
		}
	},
	"HttpHeaders": {
		"User-Agent": "Docker-Client/19.03.5 (windows)"
	},
	"credsStore": "desktop",
	"stackOrchestrator": "swarm"
}
""",
    ),
    # ---- agent tools: Claude Code, Claude Desktop, Cursor, Aider, MCP servers ---------------------
    (
        "https://github.com/anthropics/claude-code/issues/182",
        ".json",
        r"""[
  {
    "error": "Connection failed: spawn Unknown system error -8",
    "timestamp": "2025-02-27T06:59:09.346Z",
    "sessionId": "{{keep:0b3dd2be-334f-4e29-9ae3-4eee16b40d53}}",
    "cwd": "/Users/[[user:guillaume]]{{keep:/tests/basalt}}"
  }
]
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/9732",
        ".txt",
        r"""- OS: macOS (Darwin 25.0.0)
- Node version: v22.17.0
- Claude Code installation: /Users/[[user:brendancolby]]{{keep:/.nvm/versions/node/v22.17.0/lib/node_modules/@anthropic-ai/claude-code}}
- Date: 2025-10-17

[ERROR] Failed to save config with lock: Error: ENOENT: no such file or directory, lstat '/Users/[[user:brendancolby]]{{keep:/.claude.json}}'
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/6028",
        ".txt",
        r"""[DEBUG] MCP server "test": Connection failed: Error: spawn echo 'Hello World' ENOENT
[DEBUG] MCP server "test": Error message: spawn echo 'Hello World' ENOENT
[DEBUG] MCP server "test": Error stack: Error: spawn echo 'Hello World' ENOENT
    at ChildProcess._handle.onexit (node:internal/child_process:286:19)
    at onErrorNT (node:internal/child_process:484:16)
    at process.processTicksAndRejections (node:internal/process/task_queues:90:21)

{
  "mcpServers": {
    "test": {
      "type": "stdio",
      "command": "echo 'Hello World'",
      "args": [],
      "env": {}
    }
  }
}
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/38830",
        ".txt",
        r"""App version: 1.1.8629.0 (MSIX/Windows Store install)
OS: Windows
Install path: C:\Users\{{keep:<user>}}\AppData\Local\Packages\{{keep:Claude_pzs8sxrjxfjjc}}\
Plan: Pro

%LOCALAPPDATA%\Packages\Claude_pzs8sxrjxfjjc\LocalCache\Roaming\Claude\claude_desktop_config.json
%APPDATA%\Claude\claude_desktop_config.json
""",
    ),
    (
        "https://github.com/aaddrick/claude-desktop-debian/issues/216",
        ".json",
        r"""{
  "mcpServers": {
    "filesystem": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-filesystem",
        "/home/{{keep:yourusername}}/Desktop",
        "/home/{{keep:yourusername}}/Downloads"
      ]
    },
     "wot": {
      "command": "npx",
      "args": [
        "-y",
        "mcp-remote",
        "http://localhost:3000/mcp",
        "--allow-http"
      ]
    }
  }
}
""",
    ),
    (
        "https://github.com/mark3labs/mcp-filesystem-server/issues/6",
        ".txt",
        r"""2025-03-23T13:42:48.582Z [filesystem] [info] Initializing server...
2025-03-23T13:42:48.591Z [filesystem] [error] spawn mcp-filesystem-server ENOENT {"context":"connection","stack":"Error: spawn mcp-filesystem-server ENOENT\n    at ChildProcess._handle.onexit (node:internal/child_process:285:19)\n    at onErrorNT (node:internal/child_process:483:16)\n    at process.processTicksAndRejections (node:internal/process/task_queues:82:21)"}
2025-03-23T13:42:48.592Z [filesystem] [error] spawn mcp-filesystem-server ENOENT {"stack":"Error: spawn mcp-filesystem-server ENOENT\n    at ChildProcess._handle.onexit (node:internal/child_process:285:19)\n    at onErrorNT (node:internal/child_process:483:16)\n    at process.processTicksAndRejections (node:internal/process/task_queues:82:21)"}
2025-03-23T13:42:48.597Z [filesystem] [info] Server transport closed
2025-03-23T13:42:48.597Z [filesystem] [info] Client transport closed
""",
    ),
    (
        "https://github.com/gdli6177/mcp-prompt-server/issues/5",
        ".txt",
        r"""{
  "mcpServers": {
    "prompt-server": {
      "command": "node",
      "args": ["/Users/{{keep:xxxx}}/Desktop/study/AI/mcp-prompt-server/src/index.js"],
      "env": {}
    }
  }
}
--------
2025-05-24 15:56:39.361 [info] rver: Handling ReloadClient action
2025-05-24 15:56:39.361 [info] rver: Starting new stdio process with command: node /Users/[[user:liuchenxiang]]{{keep:/Desktop/study/AI/mcp-prompt-server/src/index.js}}
2025-05-24 15:56:39.572 [error] rver: Client error for command Unexpected token 'L', "Loaded 8 p"... is not valid JSON
2025-05-24 15:56:39.573 [error] rver: Client error for command Unexpected token 'M', "MCP Prompt"... is not valid JSON

{
  "mcpServers": {
    "Prompt Server": {
      "command": "node",
      "args": [
        "/Users/[[user:huangzeming]]{{keep:/Documents/mcp-prompt-server/src/index.js}}"
      ]
    }
  }
}
""",
    ),
    (
        "https://github.com/GLips/Figma-Context-MCP/issues/77",
        ".txt",
        r"""2025-04-04 18:43:07.671 [info]  MCP: Handling ListOfferings action
2025-04-04 18:43:07.671 [error]  MCP: No server info found
2025-04-04 18:43:07.734 [error]  MCP: Client error for command spawn sse ENOENT
2025-04-04 18:43:07.734 [error]  MCP: Error in MCP: spawn sse ENOENT
2025-04-04 18:43:07.734 [info]  MCP: Client closed for command
2025-04-04 18:43:07.734 [error]  MCP: Error in MCP: Client closed
2025-04-04 18:43:07.734 [error]  MCP: Failed to reload client: MCP error -32000: Connection closed
2025-04-04 18:43:07.736 [info] ools: Handling ListOfferings action
2025-04-04 18:43:07.736 [info] ools: Listing offerings
2025-04-04 18:43:07.736 [info] ools: getOrCreateClient for stdio server.  process.platform: win32 isElectron: true
2025-04-04 18:43:07.736 [info] ools: Reusing existing stdio client
2025-04-04 18:43:07.736 [info] ools: Connected to stdio server, fetching offerings
2025-04-04 18:43:07.737 [info] listOfferings: Found 14 tools
""",
    ),
    (
        "https://github.com/cursor/cursor/issues/3479",
        ".json",
        r"""{
  "mcpServers": {
    "supabase": {
      "command": "npx",
      "args": ["-y", "@supabase/mcp-server-supabase@latest", "--project-ref=oapzygdfiosisxbkqytr"],
      "env": {
        "SUPABASE_ACCESS_TOKEN": "[[secret:sbp_dc03e6332df073beebb11ed36ee85635edaed540]]"
      }
    }
  }
}
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/1901",
        ".txt",
        r"""C:\Users\[[user:tao]]{{keep:\kidstory\kidstory_api}}>aider --model azure/gpt-4o-mini --verbose
Config files search order, if no --config:
  - C:\Users\[[user:tao]]{{keep:\kidstory\kidstory_api\.aider.conf.yml}}
  - C:\Users\[[user:tao]]{{keep:\.aider.conf.yml}}
────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────
Loaded C:\Users\[[user:tao]]{{keep:\.env}}
Loaded C:\Users\[[user:tao]]{{keep:\kidstory\kidstory_api\.env}}
Too soon to check version: 10.4 hours
Command Line Args:   --model azure/gpt-4o-mini --verbose

Environment Variables:
  AIDER_CHAT_LANGUAGE:zh-cn

Defaults:
  --model-settings-file:.aider.model.settings.yml
  --model-metadata-file:.aider.model.metadata.json
  --env-file:        C:\Users\[[user:tao]]{{keep:\kidstory\kidstory_api\.env}}
  --cache-keepalive-pings:0
  --map-refresh:     auto
  --map-multiplier-no-files:2
  --input-history-file:C:\Users\[[user:tao]]{{keep:\kidstory\kidstory_api\.aider.input.history}}
  --chat-history-file:C:\Users\[[user:tao]]{{keep:\kidstory\kidstory_api\.aider.chat.history.md}}
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/449",
        ".txt",
        r"""OS: MacOS (zsh)
Aider v0.21.1
VSCode terminal detected, pretty output has been disabled.
Unable to list available models, proceeding with {main_model.name}
Model: gpt-4-0613 using diff edit format
Git repo: .git with 726 files
Repo-map: using 1024 tokens
""",
    ),
]


_RAW_STOP53: list[tuple[str, str, str]] = [
    # ---- agent tools: Continue, MCP clients (Claude Desktop, Cursor) ------------------------------
    (
        "https://github.com/continuedev/continue/issues/12370",
        ".txt",
        r"""[@continuedev] error: Errors loading config:  {"0":{"fatal":true,"message":"Failed to parse config: models.0: Invalid input\nError: Failed to parse config: models.0: Invalid input\n\tat parseConfigYaml (/Users/[[user:keltovar]]{{keep:/.vscode-oss/extensions/continue.continue-1.2.22-darwin-arm64/out/extension.js}}:298554:13)\n\tat parseYamlOrMarkdownRule (/Users/[[user:keltovar]]{{keep:/.vscode-oss/extensions/continue.continue-1.2.22-darwin-arm64/out/extension.js}}:298967:18)\n\tat parseMarkdownRuleOrConfigYaml (/Users/[[user:keltovar]]/.vscode-oss/extensions/continue.continue-1.2.22-darwin-arm64/out/extension.js:298962:10)\n\tat unrollAssistantFromContent (/Users/[[user:keltovar]]/.vscode-oss/extensions/continue.continue-1.2.22-darwin-arm64/out/extension.js:298675:20)\n\tat async loadConfigYaml (/Users/[[user:keltovar]]{{keep:/.vscode-oss/extensions/continue.continue-1.2.22-darwin-arm64/out/extension.js}}:814309:26)\n
""",
    ),
    (
        "https://github.com/continuedev/continue/issues/9547",
        ".yaml",
        r"""name: Local Config
version: 1.0.0
schema: v1
models:
  - name: explorer
    provider: anthropic
    model: claude-haiku-4-5
    roles: ["subagent"]
    apiKey: {{keep:sk-ant-abc}}
    chatOptions:
      baseSystemMessage: |
        You are a file search specialist. You specialize at navigating and exploring codebases.

        Guidelines:
        - You can skip explain your thought process
        - In your final response, use absolute file paths
""",
    ),
    (
        "https://github.com/tiianhk/MaxMSP-MCP-Server/issues/2",
        ".json",
        r"""{
    "mcpServers": {
        "MaxMSPMCP": {
            "command": "D:/users-data/[[user:tolam]]{{keep:/Git/MaxMSP-MCP-Server/.venv/Scripts/python.exe}}",
            "args": [
                "D:/users-data/[[user:tolam]]{{keep:/Git/MaxMSP-MCP-Server/server.py}}"
            ],
            "env": {
                "PATH": "D:\\users-data\\[[user:tolam]]{{keep:\\Git\\MaxMSP-MCP-Server\\.venv\\Scripts}}"
            }
        }
    }
}
""",
    ),
    (
        "https://github.com/haris-musa/excel-mcp-server/issues/6",
        ".json",
        r"""{
  "mcpServers": {
    "excel": {
      "command": "uv",
      "transport": "sse",
      "env": {
        "EXCEL_FILES_PATH": "{{keep:/Users/xxx/Downloads/excel}}"
      },
      "args": [
        "--directory",
        "{{keep:/Users/xxx/projects/mcp/excel-mcp-server}}",
        "run",
        "excel-mcp-server"
      ]
    }
  }
}
""",
    ),
    (
        "https://github.com/pierrebrunelle/mcp-server-openai/issues/1",
        ".txt",
        r"""python3 server.py --openai-api-key {{keep:sk-XXXXXXnP8eHOYUA}}

{
  "mcpServers": {
    "filesystem": {
    "command": "npx",
    "args": [
      "-y",
      "@modelcontextprotocol/server-filesystem",
      "{{keep:/Users/xxx/Desktop/}}",
      "{{keep:/Users/xxx/Desktop/clients/website/website202408}}"
    ]
    },
    "sqlite": {
    "command": "uvx",
    "args": ["mcp-server-sqlite", "--db-path", "{{keep:/Users/xxx/test.db}}"]
    },
    "openai-server": {
    "command": "python",
    "args": ["-m", "src.mcp_server_openai.server"],
    "env": {
      "PYTHONPATH": "{{keep:/Users/xxx/Desktop/OpenAIClaude-MCP/src/mcp_server_openai}}",
      "OPENAI_API_KEY": "{{keep:sk-GQgX2rRXxxxxxxxxgLl3GDhG0xxxxxxeHOYUA}}"
    }
    }
  }
}
""",
    ),
    (
        "https://github.com/roychri/mcp-server-asana/issues/17",
        ".txt",
        r"""{
  "mcpServers": {
    "asana": {
      "command": "npx",
      "args": ["-y", "@roychri/mcp-server-asana"],
      "env": {
        "ASANA_ACCESS_TOKEN": "{{keep:xxx}}"
      }
    }
  }
}

{{keep:/Users/myname/.cursor/mcp.json}}

MacOS 14.5（23F79）
Apple M1

Cursor
version: 0.48.9
commit: 1.96.2
""",
    ),
    (
        "https://github.com/CodeFreezeAI/xcf/issues/1",
        ".txt",
        r"""2025-05-22T13:53:07.393Z [info] [xcf] Initializing server...
2025-05-22T13:53:07.452Z [error] [xcf] spawn /Applications/xcf.app/Contents/MacOS/xcf server ENOENT
2025-05-22T13:53:07.454Z [info] [xcf] Server transport closed
2025-05-22T13:53:07.454Z [info] [xcf] Client transport closed
2025-05-22T13:53:07.454Z [error] [xcf] Server disconnected. For troubleshooting guidance, please visit our [debugging documentation](https://modelcontextprotocol.io/docs/tools/debugging)
""",
    ),
    (
        "https://github.com/CopilotKit/open-mcp-client/issues/22",
        ".txt",
        r"""ERROR: Error event thrown: The api_key client option must be set either by passing api_key to the client or by setting the OPENAI_API_KEY environment variable
    component: "remote-actions.remote-lg-action.streamEvents"
    endpoint: {
      "deploymentUrl": "http://localhost:8124",
      "langsmithApiKey": "[[secret: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]]",
      "agents": [
        {
          "name": "sample_agent",
          "description": "A helpful LLM agent."
        }
      ],
      "type": "langgraph-platform"
    }
    err: {
      "type": "Error",
      "stack":
          Error: Error event thrown: The api_key client option must be set either by passing api_key to the client or by setting the OPENAI_API_KEY environment variable
              at streamEvents (D:\git-project\open-mcp-client1\.next\server\app\api\copilotkit\route.js:477:655)
              at process.processTicksAndRejections (node:internal/process/task_queues:95:5)
""",
    ),
    # ---- tracebacks and Python paths (Windows, macOS, Linux) ---------------------------------------
    (
        "https://github.com/kevin218/Eureka/issues/596",
        ".txt",
        r"""File "C:\Users\[[user:kenji]]{{keep:\Desktop\jwst\eureka\test_data\JWST\JWST\run_eureka.py}}", line 2, in <module>
    import eureka.lib.plots
ModuleNotFoundError: No module named 'eureka.lib'
""",
    ),
    (
        "https://github.com/marcolardera/chatgpt-cli/pull/37",
        ".txt",
        r"""Traceback (most recent call last):
  File "/home/[[user:aldebrand]]{{keep:/.local/bin/chatgpt-cli}}", line 5, in <module>
    from chatgpt import main
ModuleNotFoundError: No module named 'chatgpt'
""",
    ),
    (
        "https://github.com/3xp10it/xcdn/issues/13",
        ".txt",
        r"""Traceback (most recent call last):
  File "/home/[[user:rk]]{{keep:/xcdn/xcdn.py}}", line 26, in <module>
    from exp10it import figlet2file
ModuleNotFoundError: No module named 'exp10it'
""",
    ),
    (
        "https://github.com/MrYsLab/s3-extend/issues/20",
        ".txt",
        r"""$ s3a
Traceback (most recent call last):
  File "/Library/Frameworks/Python.framework/Versions/3.8/bin/s3a", line 10, in <module>
    sys.exit(s3ax())
  File "/Library/Frameworks/Python.framework/Versions/3.8/lib/python3.8/site-packages/s3_extend/s3a.py", line 242, in s3ax
    S3A(com_port=com_port, arduino_instance_id=args.arduino_instance_id)
  File "/Library/Frameworks/Python.framework/Versions/3.8/lib/python3.8/site-packages/s3_extend/s3a.py", line 57, in __init__
    self.proc_bp = self.start_backplane()
""",
    ),
    (
        "https://github.com/Homebrew/homebrew-core/issues/80567",
        ".txt",
        r"""[
    '',
    '{{keep:/home/linuxbrew/.linuxbrew/Cellar/python@3.9/3.9.6/lib/python39.zip}}',
    '{{keep:/home/linuxbrew/.linuxbrew/Cellar/python@3.9/3.9.6/lib/python3.9}}',               # used
    '{{keep:/home/linuxbrew/.linuxbrew/Cellar/python@3.9/3.9.6/lib/python3.9/lib-dynload}}',
    '/home/[[user:QinMuchen]]{{keep:/.local/lib/python3.9/site-packages}}',                             # not used (usersite)
    '{{keep:/home/linuxbrew/.linuxbrew/Cellar/python@3.9/3.9.6/lib/python3.9/site-packages}}'  # not used
]

$ python3 -m site --user-site
/home/[[user:QinMuchen]]{{keep:/.local/lib/python3.9/site-packages}}
""",
    ),
    (
        "https://tarikbilla.com/how-do-i-find-the-location-of-my-python-site-packages-directory/",
        ".txt",
        r"""$ python -c "import setuptools as _; print(_.__path__)"
['/usr/lib/python2.7/dist-packages/setuptools']

$ pip show pytest
Name: pytest
Version: 3.8.2
Summary: pytest: simple powerful testing with Python
Home-page: https://docs.pytest.org/en/latest/
Author: {{keep:Holger Krekel, Bruno Oliveira, Ronny Pfannschmidt, Floris Bruynooghe, Brianna Laugher, Florian Bruhin and others}}
Author-email: None
License: MIT license
Location: /home/[[user:oskar]]{{keep:/.local/lib/python3.4/site-packages}}
""",
    ),
    (
        "https://link.sov5.org/l/lCQ9YtbT77",
        ".txt",
        r""">>> import site
>>> site.getsitepackages()
['/usr/local/lib/python3.9/site-packages', '/usr/lib/python3/site-packages', '/usr/lib/python3.9/site-packages']
>>> site.getusersitepackages()
'{{keep:/home/xxx/.local/lib/python3.9/site-packages}}'
USER_BASE: '{{keep:/home/xxx/.local}}' (exists)
USER_SITE: '{{keep:/home/xxx/.local/lib/python3.9/site-packages}}' (exists)
ENABLE_USER_SITE: True
""",
    ),
    (
        "https://github.com/python-pillow/Pillow/pull/7818",
        ".txt",
        r"""❯ pip debug
WARNING: This command is only meant for debugging. Do not use this with automation for parsing and getting these details, since the output and options of this command may change without notice.
pip version: pip 24.0 from /Library/Frameworks/Python.framework/Versions/3.12/lib/python3.12/site-packages/pip (python 3.12)
sys.version: 3.12.2 (v3.12.2:6abddd9f6a, Feb  6 2024, 17:02:06) [Clang 13.0.0 (clang-1300.0.29.30)]
sys.executable: /Library/Frameworks/Python.framework/Versions/3.12/bin/python3
sys.getdefaultencoding: utf-8
sys.getfilesystemencoding: utf-8
locale.getpreferredencoding: UTF-8
sys.platform: darwin
sys.implementation:
  name: cpython
'cert' config value: Not specified
REQUESTS_CA_BUNDLE: None
CURL_CA_BUNDLE: None
pip._vendor.certifi.where(): /Library/Frameworks/Python.framework/Versions/3.12/lib/python3.12/site-packages/pip/_vendor/certifi/cacert.pem
pip._vendor.DEBUNDLED: False
""",
    ),
    # ---- conda, ansible --version, brew, PowerShell ----------------------------------------------
    (
        "https://github.com/gforsyth/xonda/issues/10",
        ".txt",
        r"""$ conda info --envs
# conda environments:
#
py35                     /home/[[user:marcus]]{{keep:/anaconda3/envs/py35}}
root                  *  /home/[[user:marcus]]{{keep:/anaconda3}}

$ conda activate py35
No environment 'py35' found

('/home/[[user:marcus]]{{keep:/.conda/envs}}', '/usr/envs')
""",
    ),
    (
        "https://github.com/ansible-collections/community.general/issues/862",
        ".txt",
        r"""TASK [TASK 25: WRITE OUTPUT TO SLACK] *****************************************************
fatal: [host]: FAILED! => changed=false 
  msg: Slack has updated its webhook API.  You need to specify a token of the form XXXX/YYYY/ZZZZ in your playbook

ansible 2.9.12
  config file = /Users/[[user:lukevanhorst]]{{keep:/projects/ansible.cfg}}
  configured module search path = ['/Users/[[user:lukevanhorst]]{{keep:/projects/plugins/modules}}']
  ansible python module location = /Users/[[user:lukevanhorst]]{{keep:/.local/lib/python3.7/site-packages/ansible}}
  executable location = /Users/[[user:lukevanhorst]]{{keep:/.pyenv/versions/3.7.7/bin/ansible}}
  python version = 3.7.7 (default, Jul 25 2020, 20:25:45) [Clang 11.0.0 (clang-1100.0.33.16)]
""",
    ),
    (
        "https://github.com/Homebrew/homebrew-cask/pull/11351",
        ".txt",
        r"""Tests-MacBook-Pro:opt {{keep:test}}$ brew doctor
Please note that these warnings are just used to help the Homebrew maintainers
with debugging if you file an issue. If everything you use Homebrew for is
working fine: please don't worry and just ignore them. Thanks!

Warning: The /usr/local directory is not writable.

Tests-MacBook-Pro:usr {{keep:test}}$ ls -ll
total 8
drwxr-xr-x     5 root  wheel    170 Sep  9  2014 X11
lrwxr-xr-x     1 root  wheel      3 May 22 11:26 X11R6 -> X11
drwxr-xr-x  1053 root  wheel  35802 May 22 11:34 bin
drwxr-xr-x   250 root  wheel   8500 May 22 11:25 lib
""",
    ),
    (
        "https://github.com/PowerShell/PowerShell/issues/8836",
        ".txt",
        r"""Transcript started, output file is C:\temp\2019-02-06_07-13-43_test.log
test line 1 test line 2 test line 3 
Transcript stopped, output file is C:\temp\2019-02-06_07-13-43_test.log

**********************
Windows PowerShell transcript start
Start time: 20190206071343
Username: {{keep:xxx}}
RunAs User: {{keep:xxx}}
Machine: {{keep:xxx}}
Host Application: {{keep:xxx}}
Process ID: 10092
PSVersion: 5.1.14409.1018
PSEdition: Desktop
""",
    ),
    # ---- kubectl --------------------------------------------------------------------------------
    (
        "https://github.com/kubernetes/kubernetes/issues/5957",
        ".txt",
        r"""[[user:raghavt]]@ragh-dev:~/go/src/github.com/GoogleCloudPlatform/heapster$ kubectl.sh describe pods monitoring-heapster-controller-lwqz1
current-context: "[[user:raghavt]]-cloud_kubernetes"
Running: /home/[[user:raghavt]]{{keep:/go/src/github.com/GoogleCloudPlatform/kubernetes/cluster/../cluster/gce/../../cluster/../_output/dockerized/bin/linux/amd64/kubectl}} describe pods monitoring-heapster-controller-lwqz1
Name:                           monitoring-heapster-controller-lwqz1
Image(s):                       kubernetes/heapster:v0.9
Host:                           kubernetes-minion-qhov.c.[[user:raghavt]]-cloud.internal/
Labels:                         name=heapster,uses=monitoring-influxdb
Status:                         Pending
Replication Controllers:        monitoring-heapster-controller (1/1 replicas created)
No events.
""",
    ),
    (
        "https://github.com/kubernetes/kubernetes/issues/22005",
        ".txt",
        r"""% kubectl get pods --all-namespaces
NAMESPACE     NAME                                             READY     STATUS              RESTARTS   AGE
kube-system   fluentd-elasticsearch-e2e-test-[[user:tbk]]-minion-siao   0/1       ImagePullBackOff    0          32m

% kubecetl describe pod fluentd-elasticsearch-e2e-test-[[user:tbk]]-minion-siao --namespace=kube-system
Name:           fluentd-elasticsearch-e2e-test-[[user:tbk]]-minion-siao
Namespace:      kube-system
Image(s):       gcr.io/google_containers/fluentd-elasticsearch:1.14
Node:           e2e-test-[[user:tbk]]-minion-siao/10.240.0.5
Start Time:     Thu, 25 Feb 2016 11:02:53 -0800
Labels:         k8s-app=fluentd-logging
Status:         Pending
""",
    ),
    # ---- git config, git credentials, curl, ssh ----------------------------------------------------
    (
        "https://github.com/ujuc/dotrc/issues/21",
        ".txt",
        r"""git config --global core.editor vim
git config --global user.name "[[user:Taewoon Baek]]"
git config --global user.email [[email:kwon@kwon.kr]]
""",
    ),
    (
        "https://github.com/dminca/dotfiles/issues/59",
        ".txt",
        r"""git config --global user.signingkey {{keep:ED5CDE14}}
git config --global commit.gpgsign true
""",
    ),
    (
        "https://github.com/githubschool/on-demand-github-pages/issues/3835",
        ".txt",
        r"""$ git config --global [[email:t_harlow@brockwayonline.ca]]
error: invalid key: [[email:t_harlow@brockwayonline.ca]]
""",
    ),
    (
        "https://github.com/githubschool/on-demand-github-pages/issues/3419",
        ".txt",
        r"""remote: Invalid username or password.
fatal: Authentication failed for 'https://github.com/[[user:danielkroft]]/[[user:danielkroft]]{{keep:.github.io.git/}}'
""",
    ),
    (
        "https://github.com/stevejenkins/pihole-cloudsync/issues/8",
        ".txt",
        r"""fatal: Authentication failed for 'https://github.com/[[user:RBosco2003]]/my-pihole-lists.git/'
error: Could not fetch origin
Local Pi-hole lists are different than remote Git repo. Updating remote repo...

*** Please tell me who you are.

Run

  git config --global user.email "{{keep:you@example.com}}"
  git config --global user.name "{{keep:Your Name}}"

to set your account's default identity.
Omit --global to set the identity only in this repository.

fatal: unable to auto-detect email address (got '{{keep:root@raspberrypi.(none)}}')
""",
    ),
    (
        "https://github.com/condemil/gist/issues/168",
        ".txt",
        r"""curl -v -u [[user:quaver]] -X POST https://api.github.com/authorizations --data "{\"scopes\":[\"gist\"], \"note\": \"SublimeText 2/3 Gist plugin\"}"
Enter host password for user '[[user:quaver]]':
*   Trying 192.30.252.126...
* Connected to api.github.com (192.30.252.126) port 443 (#0)
* TLS 1.2 connection using TLS_ECDHE_RSA_WITH_AES_128_GCM_SHA256
* Server certificate: *.github.com
* Server auth using Basic with user '[[user:quaver]]'
> POST /authorizations HTTP/1.1
> Host: api.github.com
> Authorization: Basic {{keep:REDACTED}}
> User-Agent: curl/7.43.0
> Accept: */*
> Content-Length: 58
> Content-Type: application/x-www-form-urlencoded
>
* upload completely sent off: 58 out of 58 bytes
< HTTP/1.1 401 Unauthorized
< Server: GitHub.com
< Status: 401 Unauthorized
< X-GitHub-OTP: required; app
""",
    ),
    (
        "https://github.com/jspm/npm/issues/78",
        ".txt",
        r"""[[user:ted]]:hub [[user:ted]]$ jspm registry config npm
Currently using a custom registry. Would you like to reset to npmrc defaults? [no]:yes
npm registry [https://registry.npmjs.org]:
Currently reading credentials from npmrc, configure custom authentication? [no]:yes
Currently using a username and password. Configure token-based authentication? [no]:
Enter your npm username [[[user:swiftmoor]]]:
Enter your npm password:
Would you like to test these credentials? [yes]:
ok   npm authentication is working successfully.
ok   Registry npm configured successfully.
[[user:ted]]:hub [[user:ted]]$ jspm install
     Looking up npm:babel-core
""",
    ),
    (
        "https://github.com/adsr/rw.rs/issues/144",
        ".txt",
        r"""[[user:9ek]]@rw.rs: Permission denied (publickey)
""",
    ),
    (
        "https://github.com/QT-DevOps/DevOpsIssues/issues/1049",
        ".txt",
        r"""/bin/ssh-copy-id: INFO: Source of key(s) to be installed: "{{keep:/home/ansible/.ssh/id_rsa.pub}}"
/bin/ssh-copy-id: INFO: attempting to log in with the new key(s), to filter out any that are already installed
/bin/ssh-copy-id: INFO: 1 key(s) remain to be installed -- if you are prompted now it is to install the new keys
{{keep:ansible@IP}}: Permission denied (publickey,gssapi-keyex,gssapi-with-mic).
""",
    ),
    (
        "https://github.com/trikset/trik-studio/pull/1816",
        ".txt",
        r"""debug1: Trying private key: {{keep:/***/.ssh/id_rsa}}
debug3: no such identity: {{keep:/***/.ssh/id_rsa}}: No such file or directory

debug1: Trying private key: {{keep:/github/home/.ssh/id_rsa}}
debug3: sign_and_send_pubkey: RSA SHA256:EhoxIhUXHeC8McWOcWjMiYJyrPYM151VdjZp/uXxkJA
debug3: sign_and_send_pubkey: signing using rsa-sha2-256
debug3: send packet: type 50
debug2: we sent a publickey packet, wait for reply
debug3: receive packet: type 52
debug1: Authentication succeeded (publickey).
""",
    ),
    # ---- docker ---------------------------------------------------------------------------------
    (
        "https://github.com/microsoft/vscode-docker/issues/1266",
        ".txt",
        r"""Action: vscode-docker.registries.pullImage
Error type: string
Error Message: WARNING! Your password will be stored unencrypted in /home/[[user:gordon]]{{keep:/.docker/config.json}}.
Configure a credential helper to remove this warning. See
https://docs.docker.com/engine/reference/commandline/login/#credentials-store

Version: 0.7.0
OS: linux
Product: Visual Studio Code
Product Version: 1.33.0
Language: en
""",
    ),
]


_RAW_STOP54: list[tuple[str, str, str]] = [
    # ---- agent tools: Claude Code, Claude Desktop, Cursor, Aider, Roo Code, MCP clients ----------
    (
        "https://github.com/firecrawl/firecrawl-mcp-server/issues/26",
        ".txt",
        r"""==> /Users/[[user:marten]]{{keep:/Library/Logs/Claude/mcp-server-mcp-server-firecrawl.log}} <==
2025-04-01T21:23:50.356Z [mcp-server-firecrawl] [info] Initializing server...
2025-04-01T21:23:50.364Z [mcp-server-firecrawl] [info] Server started and connected successfully

==> /Users/[[user:marten]]{{keep:/Library/Logs/Claude/mcp.log}} <==
2025-04-01T21:23:50.364Z [info] [mcp-server-firecrawl] Server started and connected successfully

==> /Users/[[user:marten]]{{keep:/Library/Logs/Claude/mcp-server-mcp-server-firecrawl.log}} <==
2025-04-01T21:23:50.371Z [mcp-server-firecrawl] [info] Message from client: {"method":"initialize","params":{"protocolVersion":"2024-11-05","capabilities":{},"clientInfo":{"name":"claude-ai","version":"0.1.0"}},"jsonrpc":"2.0","id":0}
""",
    ),
    (
        "https://github.com/grahama1970/claude-code-mcp-enhanced/issues/5",
        ".txt",
        r"""MCP error -32603: Claude CLI execution failed: Command failed with exit code 2 Stderr: /Users/[[user:red_fox]]{{keep:/.claude/local/bin/claude}}: claude: line 3: syntax error near unexpected token `c' /Users/[[user:red_fox]]{{keep:/.claude/local/bin/claude}}: claude: line 3: `// (c) Anthropic PBC. All rights reserved. Use is subject to Anthropic's Commercial Terms of Service (https://www.anthropic.com/legal/commercial-terms).' Stdout: (Code -32603)
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/17565",
        ".txt",
        r"""{
  "test": {
    "command": "bash",
    "args": ["-c", "pwd >&2"],
    "cwd": "${CLAUDE_PLUGIN_ROOT}"
  }
}

{
  "test": {
    "command": "bash",
    "args": ["-c", "pwd >&2"],
    "cwd": "{{keep:/Users/username}}"
  }
}
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/56131",
        ".txt",
        r"""- Platform: linux
- Terminal: xterm-256color
- Version: 2.1.126
- Feedback ID: {{keep:587c152f-4f1e-4b3d-8bcc-8187726429c3}}

[{"error":"Error: Plugin MCP server error - mcp-config-invalid: MCP server github invalid: Missing environment variables: GITHUB_PERSONAL_ACCESS_TOKEN\n    at JZH ({{keep:/$bunfs/root/src/entrypoints/cli.js}}:2771:34881)\n    at async V (/$bunfs/root/src/entrypoints/cli.js:6351:11810)\n    at processTicksAndRejections (native:7:39)","timestamp":"2026-05-04T20:28:08.738Z"}]
""",
    ),
    (
        "https://github.com/jagdeepsinghdev/nova-memory/issues/4",
        ".txt",
        r"""[DEBUG] MCP server "mcp-nova": Starting connection attempt
[DEBUG] MCP server "mcp-nova": Connection failed: Error: spawn mcp-nova ENOENT
[DEBUG] MCP server "mcp-nova": Error message: spawn mcp-nova ENOENT
[DEBUG] MCP server "mcp-nova": Error stack: Error: spawn mcp-nova ENOENT
    at ChildProcess._handle.onexit (node:internal/child_process:285:19)
    at onErrorNT (node:internal/child_process:483:16)
    at process.processTicksAndRejections (node:internal/process/task_queues:82:21)

[DEBUG] MCP server "mcp-nova": Connection attempt completed in 45ms - status: failed
[DEBUG] AutoUpdaterWrapper: Installation type: npm-global, using native: false
""",
    ),
    (
        "https://github.com/modelcontextprotocol/servers/issues/112",
        ".json",
        r"""{
  "mcpServers": {
    "github": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-github"
      ],
      "env": {
        "GITHUB_PERSONAL_ACCESS_TOKEN": "{{keep:<my-access-token>}}"
      }
    }
  }
}
""",
    ),
    (
        "https://github.com/chongdashu/unreal-mcp/issues/12",
        ".txt",
        r"""2025-04-19 17:14:11.984 [info] lMCP: Handling ReloadClient action
2025-04-19 17:14:11.984 [info] lMCP: getOrCreateClient for stdio server.  process.platform: win32 isElectron: true
2025-04-19 17:14:11.984 [info] lMCP: Starting new stdio process with command: uv --directory <E:/Unreal Projects/unreal-mcp/Python> run unreal_mcp_server.py
2025-04-19 17:14:12.011 [error] lMCP: Client error for command spawn uv ENOENT
2025-04-19 17:14:12.011 [error] lMCP: Error in MCP: spawn uv ENOENT
2025-04-19 17:14:12.011 [info] lMCP: Client closed for command
2025-04-19 17:14:12.011 [error] lMCP: Failed to reload client: MCP error -32000: Connection closed

{
    "mcpServers": {
      "unrealMCP": {
        "command": "uv",
        "args": [
          "--directory",
          "{{keep:<E:/Unreal Projects/unreal-mcp/Python>}}",
          "run",
          "unreal_mcp_server.py"
        ]
      }
    }
  }
""",
    ),
    (
        "https://github.com/cursor/cursor/issues/3005",
        ".txt",
        r"""cmd /c wsl.exe -e bash -c "{{keep:/home/[username]/.nvm/versions/node/v22.14.0/bin/node}} {{keep:/home/[username]/Code/github.com/[organization]/imagination/scripts/mcp-runner.js}}"
""",
    ),
    (
        "https://github.com/cursor/cursor/issues/1007",
        ".txt",
        r"""C:\Users\[[user:b071823-dev]]{{keep:\AppData\Local\Programs\cursor}}>
[3752:0826/180426.323:ERROR:os_crypt_win.cc(68)] Failed to encrypt: (0x80090345)
[main 2024-08-26T16:04:26.749Z] update#setState disabled
[main 2024-08-26T16:04:26.751Z] update#ctor - updates are disabled as there is no update URL
[main 2024-08-26T16:04:26.788Z] CodeWindow: renderer process gone (reason: launch-failed, code: 18)
""",
    ),
    (
        "https://github.com/RooCodeInc/Roo-Code/issues/2264",
        ".txt",
        r"""npm ERR! code ENOENT npm ERR! syscall lstat npm ERR! path C:\Users\[[user:bram]]{{keep:\AppData\Local\Programs\cursor\${APPDATA}}} npm ERR! errno -4058 npm ERR! enoent ENOENT: no such file or directory, lstat 'C:\Users\[[user:bram]]{{keep:\AppData\Local\Programs\cursor\${APPDATA}}}' npm ERR! enoent This is related to npm not being able to find a file. npm ERR! enoent npm ERR! A complete log of this run can be found in: C:\Users\[[user:bram]]{{keep:\npm-cache\_logs\2025-04-03T16_30_57_686Z-debug-0.log}} MCP error -32000: Connection closed

{
  "mcpServers": {
     "browser-tools": {
      "command": "cmd.exe",
      "args": [
        "/c", "npx", "-y", "@agentdeskai/browser-tools-mcp@1.2.0"
      ],
      "env":{
         "APPDATA":"C:/Users/[[user:bram]]{{keep:/AppData/Roaming}}"
      }
    }
  }
}
""",
    ),
    (
        "https://github.com/zilliztech/claude-context/issues/166",
        ".txt",
        r"""[DEBUG] [BfsFileSearch] Scanning [192/200]: batch of 15
[DEBUG] [BfsFileSearch] Scanning [200/200]: batch of 8
[DEBUG] [MemoryDiscovery] Final ordered QWEN.md paths to read: ["C:\\Users\\[[user:prax71]]{{keep:\\.qwen\\QWEN.md}}"]
[DEBUG] [MemoryDiscovery] Successfully read and processed imports: C:\Users\[[user:prax71]]{{keep:\.qwen\QWEN.md}} (Length: 283)
[DEBUG] [MemoryDiscovery] Combined instructions length: 393
Error connecting to MCP server 'code-context': Connection failed for 'code-context': spawn C:\Windows\system32\cmd.exe ENOENT
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/121",
        ".txt",
        r"""Traceback (most recent call last):
  File "/home/[[user:kt]]{{keep:/miniconda3/bin/aider}}", line 8, in <module>
    sys.exit(main())
  File "/home/[[user:kt]]{{keep:/miniconda3/lib/python3.10/site-packages/aider/main.py}}", line 447, in main
    coder.commit(ask=True, which="repo_files")
  File "/home/[[user:kt]]{{keep:/miniconda3/lib/python3.10/site-packages/aider/coders/base_coder.py}}", line 930, in commit
    repo.git.add(*relative_dirty_fnames)
  File "/home/[[user:kt]]{{keep:/.local/lib/python3.10/site-packages/git/cmd.py}}", line 741, in <lambda>
    return lambda *args, **kwargs: self._call_process(name, *args, **kwargs)
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/5499",
        ".txt",
        r"""Aider version: 0.86.2
Python version: 3.12.13
Platform: Windows-11-10.0.26200-SP0
Python implementation: CPython
Virtual environment: Yes

Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "main.py", line 481, in main
    args, unknown = parser.parse_known_args(argv)
  File "configargparse.py", line 1216, in _open_config_files
    config_files.append(self._config_file_open_func(f))
FileNotFoundError: [Errno 2] No such file or directory: '{{keep:C:\\Users\\USER\\.aider.conf.yml}}'
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/3447",
        ".txt",
        r"""touch ~/.aider.conf.yml
cd repo/
aider

aider: error: The config file doesn't appear to contain 'key: value' pairs (aka. a YAML mapping). yaml.load('{{keep:/home/user/.aider.conf.yml}}') returned type 'NoneType' instead of 'dict'.
""",
    ),
    # ---- npm, tracebacks and conda on Windows, macOS and Linux --------------------------------------
    (
        "https://github.com/npm/npm/issues/10955",
        ".txt",
        r"""0 info it worked if it ends with ok
1 verbose cli [ '/usr/bin/nodejs', '/usr/bin/npm', 'completion' ]
2 info using npm@1.3.10
3 info using node@v0.10.25
4 error Error: ENOENT, open '/usr/share/npm/lib/utils/completion.sh'
6 error System Linux 3.19.0-33-generic
7 error command "/usr/bin/nodejs" "/usr/bin/npm" "completion"
8 error cwd /home/[[user:quorv]]{{keep:/Source Codes/Node}}
9 error node -v v0.10.25
10 error npm -v 1.3.10
""",
    ),
    (
        "https://github.com/marticliment/ElevenClock/issues/899",
        ".txt",
        r"""🔴 Traceback (most recent call last):

🔴   File "\\samba-server\SPTPrograms\ElevenClock\elevenclock\__init__.py", line 126, in updateIfPossible

🔴   File "encodings\__init__.py", line 99, in search_function

🔴   File "C:\Users\[[user:rvandeko]]{{keep:\AppData\Local\Temp\embedded.p95g7h2j.zip\shibokensupport\__feature__.py}}", line 142, in _import

🔴   File "C:\Users\[[user:rvandeko]]{{keep:\AppData\Local\Temp\embedded.p95g7h2j.zip\shibokensupport\__feature__.py}}", line 142, in _import
""",
    ),
    (
        "https://github.com/ContinuumIO/anaconda-issues/issues/10236",
        ".txt",
        r""""11:20:24.3406173 AM","python.exe","15772","QueryDirectory","C:\Users\[[user:ketvol]]{{keep:\Anaconda3}}","SUCCESS","0: DLLs, 1: envs, 2: etc, 3: include, 4: Lib, 5: Library, 6: libs, 7: LICENSE_PYTHON.txt, 8: man, 9: Menu"
"11:20:24.3407762 AM","python.exe","15772","QueryDirectory","C:\Users\[[user:ketvol]]{{keep:\Anaconda3}}","NO MORE FILES",""
"11:20:24.3408316 AM","python.exe","15772","CloseFile","C:\Users\[[user:ketvol]]{{keep:\Anaconda3}}","SUCCESS",""
"11:20:24.3412204 AM","python.exe","15772","CreateFile","C:\Users\[[user:ketvol]]{{keep:\Anaconda3\Lib\site-packages}}","SUCCESS","Desired Access: Read Attributes, Disposition: Open, Options: Open Reparse Point, Attributes: n/a, ShareMode: Read, Write, Delete, AllocationSize: n/a, OpenResult: Opened"
"11:20:24.3412824 AM","python.exe","15772","QueryBasicInformationFile","C:\Users\[[user:ketvol]]\Anaconda3\Lib\site-packages","SUCCESS","CreationTime: 7/3/2018 9:18:22 AM"
""",
    ),
    (
        "https://github.com/conda/conda/issues/9876",
        ".txt",
        r"""==> 2018-09-25 22:58:07 <==
# cmd: constructor -v --platform=osx-64 /tmp/constructor-pkg-osx-64 --output-dir=/Users/[[user:tbrik]]{{keep:/conda/private_conda_recipes}}
+defaults::_ipyw_jlab_nb_ext_conf-0.1.0-py37_0
+defaults::alabaster-0.7.11-py37_0
+defaults::appdirs-1.4.3-py37h28b3542_0
+defaults::appnope-0.1.0-py37_0
""",
    ),
    (
        "https://github.com/ContinuumIO/anaconda-issues/issues/11641",
        ".txt",
        r"""WARNING conda.core.prefix_data:_load_site_packages(291): Problem reading non-conda package record at lib/python3.7/site-packages/et_xmlfile-1.0.1-py3.7.egg-info/PKG-INFO. Please verify that you still need this, and if so, that this is still installed correctly. Reinstalling this package may help.
# packages in environment at /Users/[[user:lorenz]]{{keep:/opt/anaconda3}}:
#
# Name                    Version                   Build  Channel
_anaconda_depends         2019.03                  py37_0    defaults
_ipyw_jlab_nb_ext_conf    0.1.0                    py37_0    defaults
alabaster                 0.7.12                     py_0    conda-forge
""",
    ),
    (
        "https://github.com/TUM-DAML/seml/issues/41",
        ".txt",
        r"""FileNotFoundError: [Errno 2] No such file or directory: '{{keep:<condapath>/miniconda3/lib/python3.8/site-packages/seml/jupyter_template.sh}}'
  - Version: seml 0.3.0
  - Python version: Python 3.8.5
  - Platform: Ubuntu 20.04, GNU/Linux 5.4.0-42-generic x86_64, conda 4.10.0
""",
    ),
    # ---- macOS and zsh sessions, prompts ----------------------------------------------------------
    (
        "https://github.com/randy3k/Terminus/issues/227",
        ".txt",
        r"""The default interactive shell is now zsh.
To update your account to use zsh, please run `chsh -s /bin/zsh`.
For more details, please visit https://support.apple.com/kb/HT208050.
(base) DMH-dGPS-MacBook-Pro:~ [[user:dmholte]]$ ls NAA
ls: NAA: No such file or directory
(base) DMH-dGPS-MacBook-Pro:~ [[user:dmholte]]$ pwwd
bash: pwwd: command not found
(base) DMH-dGPS-MacBook-Pro:~ [[user:dmholte]]$ pwd
/Users/[[user:dmholte]]
(base) DMH-dGPS-MacBook-Pro:~ [[user:dmholte]]$ 
""",
    ),
    (
        "https://github.com/thoughtbot/laptop/issues/204",
        ".txt",
        r"""Last login: Tue Mar  4 13:10:42 on ttys001
/Users/[[user:marianne]]{{keep:/.zshrc}}:4: command not found: n#
Mariannes-iMac% 
""",
    ),
    (
        "https://github.com/rupa/z/issues/60",
        ".txt",
        r""".zshrc:
. /Users/[[user:lukasberg]]{{keep:/z.sh}}
  function precmd () {
    _z --add "$(pwd -P)"
  }

.bashrc:
. /Users/[[user:lukasberg]]{{keep:/z.sh}}
""",
    ),
    (
        "https://github.com/mattmc3/zephyr/issues/23",
        ".txt",
        r"""/home/[[user:marcel]]{{keep:/.cache/antidote/https-COLON--SLASH--SLASH-github.com-SLASH-mattmc3-SLASH-zephyr/plugins/color/color.plugin.zsh}}:61: command not found: is-macos

~/.config/zsh
❯ is-macos

❯
""",
    ),
    (
        "https://github.com/monfresh/laptop/issues/34",
        ".txt",
        r"""Ryans-MacBook-Pro:~ [[user:Dorrance]]$ curl --remote-name https://raw.githubusercontent.com/monfresh/laptop/master/mac
  % Total    % Received % Xferd  Average Speed   Time    Time     Time  Current
                                 Dload  Upload   Total   Spent    Left  Speed
100  4428  100  4428    0     0   5228      0 --:--:-- --:--:-- --:--:--  5227
Ryans-MacBook-Pro:~ [[user:Dorrance]]$ bash mac 2>&1 | tee ~/laptop.log && source ~/.rvm/scripts/rvm

Changing your shell to zsh ...
Changing shell for [[user:Dorrance]].
Password for [[user:Dorrance]]: 

Homebrew already installed. Skipping ...
""",
    ),
    (
        "https://github.com/Homebrew/install/issues/527",
        ".txt",
        r"""The default interactive shell is now zsh.
To update your account to use zsh, please run `chsh -s /bin/zsh`.
For more details, please visit https://support.apple.com/kb/HT208050.
Friedrichs-iMac:~ [[user:Friedrich]]$ /bin/bash -c "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/HEAD/install.sh)"
Password:
==> This script will install:
/usr/local/bin/brew
/usr/local/share/doc/homebrew
/usr/local/share/man/man1/brew.1
""",
    ),
    (
        "https://github.com/timcharper/git_osx_installer/issues/120",
        ".txt",
        r"""Last login: Wed Sep  5 22:50:38 on ttys000
MacBook-Pro-15:~ {{keep:admin}}$ which git
/usr/local/bin/git
MacBook-Pro-15:~ {{keep:admin}}$ git --version
git version 2.18.0
MacBook-Pro-15:~ {{keep:admin}}$ git config -l
core.excludesfile=~/.gitignore
core.legacyheaders=false
core.quotepath=false
push.default=simple
color.ui=auto
""",
    ),
    # ---- git config ---------------------------------------------------------------------------------
    (
        "https://github.com/desktop/desktop/issues/3828",
        ".txt",
        r"""file:"C:\\Users\\[[user:Howard]]{{keep:\\AppData\\Local\\GitHub\\PortableGit_f02737a78695063deace08e96d5042710d3e32db\\mingw32/etc/gitconfig}}"   alias.c=commit
file:"C:\\Users\\[[user:Howard]]{{keep:\\AppData\\Local\\GitHub\\PortableGit_f02737a78695063deace08e96d5042710d3e32db\\mingw32/etc/gitconfig}}"   alias.co=checkout
file:"C:\\Users\\[[user:Howard]]\\AppData\\Local\\GitHub\\PortableGit_f02737a78695063deace08e96d5042710d3e32db\\mingw32/etc/gitconfig"   alias.st=status
""",
    ),
    (
        "https://github.com/desktop/desktop/issues/8210",
        ".txt",
        r"""Microsoft Windows [Version 10.0.17763.107]
(c) 2018 Microsoft Corporation. All rights reserved.

C:\Users\[[user:Talun]]{{keep:\Documents\GitHub\test}}>git config --list --show-origin
file:"C:\\ProgramData/Git/config"       core.symlinks=false
file:"C:\\ProgramData/Git/config"       core.autocrlf=true
file:C:/Program Files/Git/mingw64/etc/gitconfig http.sslcainfo=C:/Program Files/Git/mingw64/ssl/certs/ca-bundle.crt
file:C:/Program Files/Git/mingw64/etc/gitconfig http.sslbackend=openssl
""",
    ),
    (
        "https://github.com/reuteras/remnux-tools/issues/11",
        ".txt",
        r"""  git config --global user.email "{{keep:you@example.com}}"
  git config --global user.name "{{keep:Your Name}}"
""",
    ),
    # ---- curl with headers, kubectl, docker compose -----------------------------------------------
    (
        "https://github.com/IABTechLab/uid2docs/issues/26",
        ".txt",
        r"""curl -L -X GET 'https://integ.uidapi.com/v1/token/generate?email={{keep:username@example.com}}' -H 'Authorization: Bearer {{keep:YourTokenBV3tua4BXNw+HVUFpxLlGy8nWN6mtgMlIk=}}'

Response:
{"status":"unauthorized"}
""",
    ),
    (
        "https://github.com/kubernetes/kubernetes/issues/31768",
        ".txt",
        r"""  4m        2m      2   {kubelet gke-utilicluster-default-pool-2a5b702b-hfyh}           Warning     FailedMount Unable to mount volumes for pod "spartakus-collector-3999054429-atph7_default(95609653-6f30-11e6-8513-42010a800005)": timeout expired waiting for volumes to attach/mount for pod "spartakus-collector-3999054429-atph7"/"default". list of unattached/unmounted volumes=[bigquery]
  4m        2m      2   {kubelet gke-utilicluster-default-pool-2a5b702b-hfyh}           Warning     FailedSync  Error syncing pod, skipping: timeout expired waiting for volumes to attach/mount for pod "spartakus-collector-3999054429-atph7"/"default". list of unattached/unmounted volumes=[bigquery]

E0831 04:12:41.868086    3570 configmap.go:157] Couldn't get configMap default/bigquery: configmaps "bigquery" not found
""",
    ),
    (
        "https://github.com/AppFlowy-IO/AppFlowy-Cloud/pull/901",
        ".yaml",
        r"""name: appflowy-cloud
services:
  appflowy_cloud:
    build:
      context: /Users/[[user:velmorakis]]{{keep:/Dev/AppFlowy-Cloud}}
      dockerfile: Dockerfile
      args:
        FEATURES: ""
    environment:
      APPFLOWY_ACCESS_CONTROL: "true"
      APPFLOWY_AI_SERVER_HOST: ai
      APPFLOWY_AI_SERVER_PORT: "5001"
      APPFLOWY_DATABASE_MAX_CONNECTIONS: "40"
      APPFLOWY_DATABASE_URL: postgres://postgres:{{keep:changepassword}}@postgres:5432/postgres
      APPFLOWY_ENVIRONMENT: production
      APPFLOWY_GOTRUE_ADMIN_EMAIL: {{keep:admin@example.com}}
      APPFLOWY_GOTRUE_ADMIN_PASSWORD: {{keep:password}}
      APPFLOWY_GOTRUE_BASE_URL: http://gotrue:9999
      APPFLOWY_GOTRUE_EXT_URL: http://your-host
      APPFLOWY_GOTRUE_JWT_EXP: "7200"
      APPFLOWY_GOTRUE_JWT_SECRET: {{keep:hello456}}
      APPFLOWY_MAILER_SMTP_HOST: smtp.gmail.com
      APPFLOWY_MAILER_SMTP_PASSWORD: {{keep:email_sender_password}}
      APPFLOWY_MAILER_SMTP_PORT: "465"
""",
    ),
]


_RAW_STOP55: list[tuple[str, str, str]] = [
    # ---- credentials in pasted configs and logs: pip.conf, .npmrc, .env, docker, editor configs ----
    (
        "https://github.com/ali5h/rules_pip/issues/20",
        ".txt",
        r"""My .pip/pip.conf looks like:
[global]
extra-index-url = https://[[user:hammerandtongs]]:{{keep:<secret>}}@repos.example.com/repos/pypi/simple/
""",
    ),
    (
        "https://github.com/pypa/pip/issues/6318",
        ".txt",
        r"""* environment variable `PIP_EXTRA_INDEX_URL=https://{{keep:username}}:{{keep:password}}@pypi.example.com/root/xy`

Looking in indexes: https://pypi.org/simple, https://{{keep:username}}:{{keep:****}}@pypi.example.com/root/xy
Collecting flask
User for pypi.example.com: {{keep:username}}
Password: 
""",
    ),
    (
        "https://github.com/jazzband/pip-tools/issues/1099",
        ".txt",
        r"""[global]
timeout = 60
extra-index-url = https://{{keep:{username}}}:{{keep:{password}}}@private_pypi_registry_url
""",
    ),
    (
        "https://github.com/thenativeweb/node-cqrs-domain/pull/103",
        ".txt",
        r""".npmrc
@@ -0,0 +1 @@
+//registry.npmjs.org/:_authToken=[[secret:f554a540-b905-486a-93e1-c28d1323b748]]
""",
    ),
    (
        "https://github.com/Anil-matcha/AI-Youtube-Shorts-Generator/issues/30",
        ".txt",
        r"""OPENAI_API=[[secret: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]]

OPENAI_API_KEY={{keep:sk-...}}
""",
    ),
    (
        "https://github.com/strnad/CrewAI-Studio/issues/63",
        ".txt",
        r"""ValueError: OpenAI API key not set in .env file
Traceback:
File "/CrewAI-Studio/app/pg_crew_run.py", line 127, in control_buttons
    crew = selected_crew.get_crewai_crew(full_output=True)
File "/CrewAI-Studio/app/llms.py", line 50, in create_openai_llm
    raise ValueError("OpenAI API key not set in .env file")

# OPENAI_API_KEY="{{keep:blah}}"
# OPENAI_API_BASE="https://api.openai.com/v1"
# OPENAI_PROXY_MODELS="openai/gpt4o,openai/gpt4omini,openai/geminiflash,openai/geminipro,openai/claudesonnet35"
# GROQ_API_KEY="{{keep:FILL-IN-YOUR-GROQ_API_KEY}}"
# LMSTUDIO_API_BASE="http://localhost:1234/v1"
# ANTHROPIC_API_KEY="{{keep:FILL-IN-YOUR-ANTHROPIC_API_KEY}}"
""",
    ),
    (
        "https://github.com/redis-developer/ArXivChatGuru/issues/1",
        ".txt",
        r"""openai.error.AuthenticationError: Incorrect API key provided: {{keep:ADD_YOUR*****HERE}}.
""",
    ),
    (
        "https://github.com/crazy-max/undock/pull/186",
        ".txt",
        r"""[[user:moonlark]] @ barge in ~ |18:07:22  
$ cat .docker/config.json 
{
	"auths": {
		"test.registry.ssl:8143": {
			"auth": "{{keep:XXX=}}"
		},
        "172.25.20.161:18443": {
			"auth": "{{keep:XXX=}}"
		}
	},
	"HttpHeaders": {
		"User-Agent": "Docker-Client/18.09.8 (linux)"
	}
}
""",
    ),
    (
        "https://github.com/docker/for-mac/issues/4100",
        ".txt",
        r"""sudo kubectl create secret generic regcred --from-file=.dockerconfigjson=/home/{{keep:sammy}}/.docker/config.json --type=kubernetes.io/dockerconfigjson

{
	"auths": {
		"REGISTRY": {
			"auth": "{{keep:base64(USERNAME:PASSWORD)}}"
		}
	},
""",
    ),
    (
        "https://github.com/broadinstitute/ml4h/pull/546",
        ".txt",
        r"""WARNING! Using --password via the CLI is insecure. Use --password-stdin.
WARNING! Your password will be stored unencrypted in /home/[[user:vane]]{{keep:/.docker/config.json}}.
Configure a credential helper to remove this warning. See
https://docs.docker.com/engine/reference/commandline/login/#credentials-store
""",
    ),
    (
        "https://github.com/cloudfoundry/app-autoscaler-release/issues/228",
        ".txt",
        r"""2019/12/03 07:37:39 failed-to-connection-to-database, dburl:postgres://{{keep:xxx}}:{{keep:xxx}}@autoscalerpostgres.service.cf.internal:5432/autoscaler?sslmode=verify-full&sslrootcert=/var/vcap/jobs/scalingengine/config/certs/scalingengine_db/ca.crt,  err:pq: password authentication failed for user "{{keep:xxx}}"
failed to connect to database:
""",
    ),
    # ---- agent tools and editors: Continue, Cursor, Claude Code, Aider/litellm, perplexity MCP -------
    (
        "https://github.com/continuedev/continue/issues/655",
        ".txt",
        r"""	GGML(
			title="Mistral helmholtz",
			model="Mistral-7B-Instruct-v0.1",
			api_key="{{keep:gitlab_token}}",
			api_base="https://helmholtz-blablador.fz-juelich.de:8000"
		),

    {
      "title": "Mistral helmholtz",
      "provider": "openai-aiohttp",
      "model": "Mistral-7B-Instruct-v0.1",
      "api_key": "[[secret:glpat-IrXPHuO0JOSGb29Of_tM]]",
      "server_url": "https://helmholtz-blablador.fz-juelich.de:8000",
      "api_base=": "https://helmholtz-blablador.fz-juelich.de:8000"
""",
    ),
    (
        "https://github.com/continuedev/continue/issues/9620",
        ".txt",
        r"""Model: GPT-5
Provider: openai
Status Code: 401

{"message":"Incorrect API key provided: {{keep:con-0966***6119}}. You can find your API key at https://platform.openai.com/account/api-keys.","type":"invalid_request_error","param":null,"code":"invalid_api_key"}
""",
    ),
    (
        "https://github.com/continuedev/continue/issues/9418",
        ".txt",
        r"""401 Incorrect API key provided: {{keep:sk-proj-********************************************************************************************************************************************************M2kA}}. You can find your API key at https://platform.openai.com/account/api-keys.
""",
    ),
    (
        "https://github.com/sanshao85/mcp-feedback-collector-web/issues/4",
        ".txt",
        r"""   "mcp-feedback-collector": {
      "command": "node",
      "args": ["D:\\mcp\\mcp-feedback-collector-web-2.0.8\\dist\\cli.js"],
      "env": {
        "MCP_API_KEY": "{{keep:your_api_key_here}}",
        "MCP_API_BASE_URL": "https://api.ssopen.top",
        "MCP_DEFAULT_MODEL": "grok-3",
        "MCP_WEB_PORT": "5050",
        "MCP_DIALOG_TIMEOUT": "60000"
      }
    }
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/1646",
        ".txt",
        r"""- Binary location: `~/.claude/local/claude`

"claude-code": {
  "command": "{{keep:/Users/myuser}}/.claude/local/claude",
  "args": ["mcp", "serve"],
  "env": {
    "CLAUDE_CONFIG_DIR": "{{keep:/Users/myuser}}/.claude"
  }
}

- Platform: macos
- Terminal: cursor
- Version: 1.0.11
- Feedback ID: {{keep:94a65432-c79d-45bd-b4c0-75a00c5f2206}}
""",
    ),
    (
        "https://github.com/jsonallen/perplexity-mcp/issues/4",
        ".txt",
        r"""#!/bin/bash

# Set the your Perplexity API key
export PERPLEXITY_API_KEY="{{keep:pplx-XXXXXXXXXXXX}}"

# Run the command
uv run perplexity-mcp
""",
    ),
    (
        "https://github.com/BerriAI/litellm/pull/1356",
        ".txt",
        r"""Traceback (most recent call last):
  File "/Users/[[user:tomasbrandel]]{{keep:/Github/litellm/litellm/main.py}}", line 210, in acompletion
    response = await init_response
  File "/Users/[[user:tomasbrandel]]{{keep:/Github/litellm/litellm/llms/openai.py}}", line 402, in acompletion
    raise e
  File "/Users/[[user:tomasbrandel]]{{keep:/Github/litellm/litellm/llms/openai.py}}", line 387, in acompletion
    response = await openai_aclient.chat.completions.create(
  File "/Library/Frameworks/Python.framework/Versions/3.10/lib/python3.10/site-packages/openai/resources/chat/completions.py", line 1295, in create
    return await self._post(
  File "/Library/Frameworks/Python.framework/Versions/3.10/lib/python3.10/site-packages/openai/_base_client.py", line 1392, in _request
    raise self._make_status_error_from_response(err.response) from None
openai.AuthenticationError: Error code: 401 - {'error': {'message': 'Incorrect API key provided: {{keep:sk-qnWGU***************************************Rvfb}}. You can find your API key at https://platf
""",
    ),
    (
        "https://github.com/aj47/100x-orchestrator/issues/145",
        ".txt",
        r"""Traceback (most recent call last):
  File "/home/[[user:tamo]]{{keep:/100x-orchestrator/litellm_client.py}}", line 42, in chat_completion
    response = completion(
  File "/home/[[user:tamo]]{{keep:/100x-orchestrator/.venv/lib/python3.10/site-packages/litellm/utils.py}}", line 960, in wrapper
    raise e
  File "/home/[[user:tamo]]{{keep:/100x-orchestrator/.venv/lib/python3.10/site-packages/litellm/main.py}}", line 3059, in completion
    raise exception_type(
  File "/home/[[user:tamo]]{{keep:/100x-orchestrator/.venv/lib/python3.10/site-packages/litellm/litellm_core_utils/exception_mapping_utils.py}}", line 2008, in exception_type
    raise AuthenticationError(
litellm.exceptions.AuthenticationError: litellm.AuthenticationError: AuthenticationError: OpenrouterException - Error code: 401 - {'error': {'message': 'No auth credentials found', 'code': 401}}
2025-02-11 22:04:56,360 - Model type: agent
2025-02-11 22:04:56,360 - Model: openrouter/google/gemini-flash-1.5
""",
    ),
    (
        "https://github.com/Gua-tk/Linux-Auto-Customizer/issues/119",
        ".txt",
        r"""File "/home/[[user:orkan]]{{keep:/.customizer/bin/chatGPT/Content/Python/chatBot/bot.py}}", line
    openai.api_key = os.environ["OPENAI_API_KEY"]
                     ~~~~~~~~~~^^^^^^^^^^^^^^^^^^
  File "<frozen os>", line 679, in __getitem__
KeyError: 'OPENAI_API_KEY'

echo "OPENAI_API_KEY={{keep:your_API_key_value}}" > ~/.customizer/bin/chatGPT/Content/Python/chatBot/.env
""",
    ),
    (
        "https://github.com/Skyvern-AI/skyvern/issues/113",
        ".txt",
        r"""│ │    pool = <sqlalchemy.pool.impl.QueuePool object at 0x7f9fc8bd3490>         │                  │
│ │    self = <sqlalchemy.pool.base._ConnectionRecord object at 0x7f9fca45fee0> │                  │
│ ╰─────────────────────────────────────────────────────────────────────────────╯                  │
│                                                                                                  │
│ /home/[[user:joel]]{{keep:/.cache/pypoetry/virtualenvs/skyvern-ckmzeAJa-py3.11/lib/python3.11/site-packages/sqla}} │
│ lchemy/pool/base.py:900 in __connect                                                             │
""",
    ),
    # ---- git credentials and GitHub Desktop logs ---------------------------------------------------
    (
        "https://github.com/CICE-Consortium/CICE/issues/492",
        ".txt",
        r"""./report_results.csh: writing to Test-Results.wiki/icepack_dev/f6ff8f7c4d.conda.macos.24-02-29.210513.0.md
sed: 1: "Test-Results.wiki/icepa ...": invalid command code T
[master db75771] update f6ff8f7c4d4cb6feabe3651b13204cf43fc948e3 conda
 2 files changed, 29 insertions(+)
 create mode 100644 icepack_dev/f6ff8f7c4d.conda.macos.24-02-29.210513.0.md
Username for 'https://github.com': [[user:torvek42]]
Password for 'https://[[user:torvek42]]@github.com': 
remote: Support for password authentication was removed on August 13, 2021.
""",
    ),
    (
        "https://github.com/enreeco/sf-git/issues/8",
        ".txt",
        r"""REPO_URL: `https://{{keep:username}}:{{keep:password}}@github.com/[[user:corvasti]]/sftest.git`

> remote: Support for password authentication was removed on August 13, 2021. Please use a personal access token instead.
> remote: Please see https://github.blog/2020-12-15-token-authentication-requirements-for-git-operations/ for more information.
> fatal: Authentication failed for 'https://github.com/[[user:corvasti]]/sftest.git/'
""",
    ),
    (
        "https://github.com/desktop/desktop/issues/4524",
        ".txt",
        r"""2019-03-18T11:10:36.845Z - info: [ui] [AppStore] loading 9 repositories from store
2019-03-18T11:10:36.847Z - info: [ui] [AppStore] found account: [[user:hkl5812]] ([[user:Moon Sae Rin]])
2019-03-18T11:10:38.998Z - info: [ui] launching: 1.6.3 (Windows 10.0.17134)
""",
    ),
    (
        "https://github.com/desktop/desktop/issues/8444",
        ".txt",
        r"""2019-10-11T15:02:42.492Z - info: [ui] [AppStore] loading 11 repositories from store
2019-10-11T15:02:42.605Z - info: [ui] [BranchPruner] Last prune took place in an hour - skipping
2019-10-11T15:02:42.775Z - info: [ui] launching: 2.2.1 (Windows 10.0.18362)
2019-10-11T15:02:42.775Z - info: [ui] execPath: 'C:\Users\[[user:haoyun]]{{keep:\AppData\Local\GitHubDesktop\app-2.2.1\GitHubDesktop.exe}}'
2019-10-11T15:02:43.365Z - info: [ui] Current tutorial step is NotApplicable
""",
    ),
    (
        "https://github.com/desktop/desktop/issues/10412",
        ".txt",
        r"""2020-08-20T09:54:12.136Z - info: [ui] [AppStore] loading 2 repositories from store
2020-08-20T09:54:12.137Z - info: [ui] [AppStore] found account: [[user:2107348859]] ([[user:2107348859]])
2020-08-20T09:54:12.441Z - warn: [ui] Error refreshing account '[[user:2107348859]]'
Error: Cannot update an account which doesn't have a token: [[user:2107348859]]
    at Object.n [as fatalError] (C:\Users\[[user:21073]]{{keep:\AppData\Local\GitHubDesktop\app-2.5.3\webpack:\external "path"}}:1:1)
    at o (C:\Users\[[user:21073]]{{keep:\AppData\Local\GitHubDesktop\app-2.5.3\webpack:\app\src\lib\stores\accounts-store.ts}}:215:7)
    at l.tryUpdateAccount (C:\Users\[[user:21073]]{{keep:\AppData\Local\GitHubDesktop\app-2.5.3\webpack:\app\src\lib\stores\accounts-store.ts}}:135:6)
""",
    ),
    (
        "https://github.com/desktop/desktop/issues/9955",
        ".txt",
        r"""2020-06-07T19:00:10.240Z - info: [ui] [AppStore] found account: [[user:hailmeborin404]] ([[user:hailmeborin404]])
2020-06-07T19:00:22.973Z - warn: [ui] fetchAccount: failed with endpoint https://api.github.com
Error: Bad credentials
""",
    ),
    (
        "https://github.com/desktop/desktop/issues/7039",
        ".txt",
        r"""2019-03-13T12:29:49.427Z - info: [ui] [AppStore.withAuthenticatingUser] account found for repository: larathemes - [[user:kemtal]] (has token)
""",
    ),
    (
        "https://github.com/atom/atom/issues/21867",
        ".txt",
        r"""First launch in C:\Users\{{keep:USER}}\AppData\Roaming\GitHub Desktop\logs file:

error: [main] Failed inserting bin path into PATH environment variable
Error: Could not find PATH environment variable
    at q (C:\Users\{{keep:USER}}\AppData\Local\SquirrelTemp\webpack:\app\src\lib\process\win32.ts:26:9)
    at Q (C:\Users\{{keep:USER}}\AppData\Local\SquirrelTemp\webpack:\app\src\main-process\squirrel-updater.ts:54:19)
    at C:\Users\{{keep:USER}}\AppData\Local\SquirrelTemp\webpack:\app\src\main-process\squirrel-updater.ts:39:38
info: [main] Received possible protocol arguments: 2
error: [main] Malformed launch arguments received: C:\Users\{{keep:USER}}\AppData\Local\GitHubDesktop\app-2.6.2\GitHubDesktop.exe,--squirrel-firstrun
""",
    ),
    # ---- PowerShell, conda on Windows, MCP JSON ---------------------------------------------------
    (
        "https://github.com/PowerShell/vscode-powershell/issues/4596",
        ".txt",
        r"""Transcript started, output file is D:\transcripts\PowerShell_transcript.{{keep:MYCOMPUTER}}.B80TStah.20230523172636.txtCommandInvocation(Get-Variable): "Get-Variable"
>> ParameterBinding(Get-Variable): name="Scope"; value="Local"
Transcript started, output file is D:\transcripts\PowerShell_transcript.{{keep:MYCOMPUTER}}.B80TStah.20230523172636.txtCommandInvocation(Get-Variable): "Get-Variable"
>> ParameterBinding(Get-Variable): name="Scope"; value="Local"
""",
    ),
    (
        "https://github.com/conda/conda/issues/1757",
        ".txt",
        r"""Current conda install:

             platform : win-64
        conda version : 3.14.1
  conda-build version : 1.14.1
       python version : 3.4.3.final.0
     requests version : 2.7.0
     root environment : C:\Users\{{keep:[...]}}\AppData\Local\Continuum\Anaconda3  (writable)
  default environment : C:\Users\{{keep:[...]}}\AppData\Local\Continuum\Anaconda3
     envs directories : C:\Users\{{keep:[...]}}\AppData\Local\Continuum\Anaconda3\envs
        package cache : C:\Users\{{keep:[...]}}\AppData\Local\Continuum\Anaconda3\pkgs
         channel URLs : https://repo.continuum.io/pkgs/free/win-64/
""",
    ),
    (
        "https://github.com/tadata-org/fastapi_mcp/issues/6",
        ".json",
        r"""{
  "mcpServers": {
    "server-name": {
      "url": "http://localhost:8000/mcp",
      "env": {
        "API_KEY": "{{keep:value}}"
      }
    }
  }
}
""",
    ),
]


_RAW_STOP56: list[tuple[str, str, str]] = [
    # ---- tracebacks and package logs through user folders: macOS, Windows, Linux ----
    (
        "https://github.com/powerline/powerline/issues/1643",
        ".txt",
        r"""$ . /Users/[[user:tuanminh]]{{keep:/Library/Python/2.7/lib/python/site-packages/powerline/bindings/zsh/powerline.zsh}}
+iterm2_preexec:2> PS1='%m%# '
+iterm2_preexec:3> ITERM2_SHOULD_DECORATE_PROMPT=1
+iterm2_before_cmd_executes:1> printf '\033]133;C;\007'
+/Users/[[user:tuanminh]]{{keep:/Library/Python/2.7/lib/python/site-packages/powerline/bindings/zsh/powerline.zsh}}:21> integer _POWERLINE_JOBNUM
+/Users/[[user:tuanminh]]{{keep:/Library/Python/2.7/lib/python/site-packages/powerline/bindings/zsh/powerline.zsh}}:190> which powerline-config
+/Users/[[user:tuanminh]]{{keep:/Library/Python/2.7/lib/python/site-packages/powerline/bindings/zsh/powerline.zsh}}:193> POWERLINE_CONFIG_COMMAND=/Users/[[user:tuanminh]]{{keep:/Library/Python/2.7/lib/python/site-packages/scripts/powerline-config}}
""",
    ),
    (
        "https://github.com/powerline/powerline/issues/1536",
        ".txt",
        r"""$ sudo pip install powerline-status
The directory '/Users/[[user:dkwong417m]]{{keep:/Library/Caches/pip/http}}' or its parent directory is not owned by the current user and the cache has been disabled. Please check the permissions and owner of that directory. If executing pip with sudo, you may want sudo's -H flag.
Requirement already satisfied: powerline-status in /Library/Python/2.7/site-packages
""",
    ),
    (
        "https://github.com/npm/npm/issues/7586",
        ".txt",
        r"""1540 silly get     'x-cache-hits': '1',
1540 silly get     vary: 'Accept' } ]
1541 verbose etag http://registry.npmjs.org/connect-flash from cache
1542 verbose get saving connect-flash to C:\Users\[[user:BXQRT83]]{{keep:\AppData\Roaming\npm-cache\registry.npmjs.org\connect-flash\.cache.json}}
1543 silly cache afterAdd grunt-contrib-csslint@0.3.1
1544 verbose afterAdd C:\Users\[[user:BXQRT83]]{{keep:\AppData\Roaming\npm-cache\grunt-contrib-csslint\0.3.1\package\package.json}} not in flight; writing
1545 silly cache afterAdd grunt-contrib-cssmin@0.10.0
1546 verbose afterAdd C:\Users\[[user:BXQRT83]]{{keep:\AppData\Roaming\npm-cache\grunt-contrib-cssmin\0.10.0\package\package.json}} not in flight; writing
""",
    ),
    (
        "https://github.com/BerriAI/litellm/issues/461",
        ".txt",
        r"""`"C:\Users\[[user:Rohan Vikram Desai]]{{keep:\anaconda3\envs\Rock\Lib\site-packages\litellm\utils.py}}"`
1. `"C:\Users\[[user:Rohan Vikram Desai]]{{keep:\anaconda3\envs\Rock\Lib\site-packages\litellm\main.py}}"` in the `completion` function.
2. `"C:\Users\[[user:Rohan Vikram Desai]]{{keep:\anaconda3\envs\Rock\Lib\site-packages\interpreter\llm\setup_text_llm.py}}"`
""",
    ),
    (
        "https://github.com/yarnpkg/yarn/issues/1500",
        ".txt",
        r"""npm http 200 https://registry.npmjs.org/retry
npm verb headers   'x-cache': 'HIT',
npm verb headers   vary: 'Accept-Encoding' }
npm verb get saving retry to /home/[[user:magnetikus]]{{keep:/.npm/registry.npmjs.org/retry/.cache.json}}
npm verb correctMkdir /home/[[user:magnetikus]]{{keep:/.npm}} correctMkdir not in flight; initializing
npm info retry fetch attempt 1 at 9:56:56 PM
npm http fetch GET https://registry.npmjs.org/err-code/-/err-code-1.1.1.tgz
""",
    ),
    (
        "https://github.com/benfred/implicit/issues/76",
        ".txt",
        r"""Collecting PyAudio
  Using cached PyAudio-0.2.11.tar.gz (37 kB)
Building wheels for collected packages: PyAudio
  Building wheel for PyAudio (setup.py) ... error
  ERROR: Command errored out with exit status 1:
   command: 'e:\[[user:pranav]]\python\mypythonprojects\venv\scripts\python.exe' -u -c 'import sys, setuptools, tokenize; sys.argv[0] = '"'"'C:\\Users\\[[user:R7M]]{{keep:\\AppData\\Local\\Temp\\pip-install-kbmisbmr\\PyAudio\\setup.py}}'"'"'; __file__='"'"'C:\\Users\\[[user:R7M]]{{keep:\\AppData\\Local\\Temp\\pip-install-kbmisbmr\\PyAudio\\setup.py}}'"'"';f=getattr(tokenize, '"'"'open'"'"', open)(__file__)' bdist_wheel -d 'C:\Users\[[user:R7M]]{{keep:\AppData\Local\Temp\pip-wheel-itam52sy}}'
       cwd: C:\Users\[[user:R7M]]{{keep:\AppData\Local\Temp\pip-install-kbmisbmr\PyAudio\}}
  Complete output (9 lines):
  running bdist_wheel
  building '_portaudio' extension
  error: Microsoft Visual C++ 14.0 is required. Get it with "Build Tools for Visual Studio": https://visualstudio.microsoft.com/downloads/
""",
    ),
    (
        "https://github.com/facultyai/lens/issues/46",
        ".txt",
        r"""error: Microsoft Visual C++ 14.0 is required. Get it with "Build Tools for Visual Studio": https://visualstudio.microsoft.com/downloads/
    ----------------------------------------
ERROR: Command errored out with exit status 1: 'c:\python3\python.exe' -u -c 'import sys, setuptools, tokenize; sys.argv[0] = '"'"'C:\\Users\\[[user:almaz555]]{{keep:\\AppData\\Local\\Temp\\pip-install-_qkcxb7t\\accumulation-tree\\setup.py}}'"'"'; __file__='"'"'C:\\Users\\[[user:almaz555]]{{keep:\\AppData\\Local\\Temp\\pip-install-_qkcxb7t\\accumulation-tree\\setup.py}}'"'"';exec(compile(code, __file__, '"'"'exec'"'"'))' install --record 'C:\Users\[[user:almaz555]]{{keep:\AppData\Local\Temp\pip-record-874bit1_\install-record.txt}}' --single-version-externally-managed --compile Check the logs for full command output.
""",
    ),
    # ---- prompts, transcripts and git's own output with a login ----
    (
        "https://github.com/KhaosT/tb3-enabler/pull/12",
        ".txt",
        r"""sMBP152017:tb3-enabler-master [[user:selcuk]]$ sudo python3 tb3-enabler.py apply
Password:
Traceback (most recent call last):
  File "tb3-enabler.py", line 292, in <module>
    function()
  File "tb3-enabler.py", line 188, in do_apply
    check_SIP()
  File "tb3-enabler.py", line 81, in check_SIP
    if sip_info.find("%00%00%00") == -1:
TypeError: a bytes-like object is required, not 'str'
""",
    ),
    (
        "https://github.com/MicrosoftDocs/PowerShell-Docs/issues/3593",
        ".txt",
        r"""**********************
Windows PowerShell transcript start
Start time: 20190123080857
Username: BK-WINDOWS-V2-1\[[user:jonasfelder]]
RunAs User: BK-WINDOWS-V2-1\[[user:jonasfelder]]
Machine: BK-WINDOWS-V2-1 (Microsoft Windows NT 10.0.14393.0)
Host Application: C:\Windows\System32\WindowsPowerShell\v1.0\powershell.exe
Process ID: 7264
PSVersion: 5.1.14393.2636
PSEdition: Desktop
BuildVersion: 10.0.14393.2636
CLRVersion: 4.0.30319.42000
**********************
Transcript started, output file is c:/blah\PowerShell_transcript.BK-WINDOWS-V2-1.0zNarV8d.20190123080857.txt
Logging a thing...
Done.
**********************
""",
    ),
    (
        "https://github.com/jadijadi/gittutorial/issues/1049",
        ".txt",
        r"""root@[[user:arash]]-linux:/home/[[user:arash]]{{keep:/Documents/learning-and-fun-projects}}# git push origin master
Username for 'https://github.com': [[user:Arash-9]]
Password for 'https://[[user:Arash-9]]@github.com': 
remote: Permission to [[user:Arash-9]]/learning-and-fun-projects.git denied to [[user:Arash-9]].
fatal: unable to access 'https://github.com/[[user:Arash-9]]/learning-and-fun-projects.git/': The requested URL returned error: 403
""",
    ),
    (
        "https://github.com/githubschool/on-demand-github-pages/issues/3864",
        ".txt",
        r"""remote: Permission to {{keep:githubschool/on-demand-github-pages}}.git denied to [[user:rohitkamal]].
fatal: unable to access 'https://github.com/{{keep:githubschool/on-demand-github-pages}}/': The requested URL returned error: 403
""",
    ),
    (
        "https://github.com/nodeschool/discussions/issues/1643",
        ".txt",
        r"""$ git push origin add-[[user:silverdrake42]]
remote: Permission to {{keep:jlord/patchwork}}.git denied to [[user:silverdrake42]].
fatal: unable to access 'https://github.com/{{keep:jlord/patchwork}}.git/': The requested URL returned error: 403
""",
    ),
    (
        "https://github.com/gautamkrishnar/keepalive-workflow/issues/16",
        ".txt",
        r"""Error: {"command":"git push origin HEAD","exitCode":128,"outputData":"","errorData":"remote: Permission to [[user:MarcusJHolland]]/docker-imap-backup.git denied to {{keep:github-actions[bot]}}.\nfatal: unable to access 'https://github.com/[[user:MarcusJHolland]]/docker-imap-backup.git/': The requested URL returned error: 403\n"}
""",
    ),
    (
        "https://github.com/git-for-windows/git/issues/245",
        ".txt",
        r"""[user]
	name = [[user:pzelnorvaster]]
	email = [[email:pzelnorvaster@gmail.com]]
	password = "{{keep:Redacted}}"
	username = [[email:pzelnorvaster@gmail.com]]
[core]
	autocrlf = true
	excludesfile = C:\\Users\\{{keep:Admin}}\\Documents\\SourceTree\\gitignore_global.txt
	filemode = false
[push]
	default = matching
""",
    ),
    # ---- editor, desktop-app and agent tools' logs and configs ----
    (
        "https://github.com/desktop/desktop/issues/6512",
        ".txt",
        r"""2019-01-04T03:47:13.392Z - info: [ui] [AppStore] loading 5 repositories from store
2019-01-04T03:47:13.395Z - info: [ui] [AppStore] found account: [[user:redkappa]] ([[user:Haruki Wu]])
2019-01-04T03:47:14.141Z - warn: [ui] Error refreshing account '[[user:redkappa]]'
Error: Cannot update an account which doesn't have a token: [[user:redkappa]]
    at Object.n [as fatalError] (C:\Users\{{keep:IBM_ADMIN}}\AppData\Local\GitHubDesktop\app-1.5.1\webpack:\app\src\ui\lib\button.tsx:139:4)
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/287533",
        ".txt",
        r"""2026-04-21 14:37:51.935 [error] Error: Invalid response format
	at iI.getModelsFromEndpoint (/home/[[user:bruno]]{{keep:/.vscode/extensions/github.copilot-chat-0.38.2/dist/extension.js}}:1580:6576)
	at process.processTicksAndRejections (node:internal/process/task_queues:105:5)
	at async iI.getAllModels (/home/[[user:bruno]]{{keep:/.vscode/extensions/github.copilot-chat-0.38.2/dist/extension.js}}:1580:6189)
	at async iI.provideLanguageModelChatInformation (/home/[[user:bruno]]{{keep:/.vscode/extensions/github.copilot-chat-0.38.2/dist/extension.js}}:1580:5501)
""",
    ),
    (
        "https://github.com/sirmews/apple-notes-mcp/issues/2",
        ".txt",
        r"""    "apple-notes-mcp": {
    "command": "/Users/[[user:arlen]]{{keep:/.cargo/bin/uvx}}",
    "args": [
      "apple-notes-mcp"
    ]
  },

==> /Users/[[user:arlen]]{{keep:/Library/Logs/Claude/mcp.log}} <==
    at ChildProcess._handle.onexit (node:internal/child_process:286:19)
    at onErrorNT (node:internal/child_process:484:16)
  errno: -2,
  code: 'ENOENT',
  syscall: 'spawn uvx',
2024-12-04T03:32:52.217Z [error] Could not start MCP server apple-notes-mcp: Error: spawn uvx ENOENT
""",
    ),
    (
        "https://github.com/cline/cline/issues/902",
        ".txt",
        r"""/Users/[[user:LQW]]{{keep:/.local/state/fnm_multishells/32996_1746258653075/bin/npx}}
{
  "mcpServers": {
    "context7": {
      "command": "wsl",
      "args": [
        "bash",
        "-c",
        "'/Users/[[user:LQW]]{{keep:/.local/share/fnm/node-versions/v22.15.0/installation/bin/npx}} -y @upstash/context7-mcp@latest'"
      ],
      "enabled": true
    }
  }
}
""",
    ),
    (
        "https://github.com/leeguooooo/cross-request-master/issues/31",
        ".txt",
        r"""Starting new stdio process with command: npx -y @leeguoo/yapi-mcp --stdio --yapi-base-url=https://yapi.rabyte.cn --yapi-auth-mode=global --yapi-email=[[email:liuhz03@rabyte.cn]] --yapi-password=[[secret:qwm739]]...
2026-03-30 17:26:28.171 [error] 
ERROR: You must supply a command.

 undefined
2026-03-30 17:26:28.194 [error] Execute binaries from npm packages.
""",
    ),
    # ---- clean: nothing private (placeholders, role accounts, documented defaults) ----
    (
        "https://github.com/kubernetes/kubernetes/issues/42004",
        ".txt",
        r"""Events:
  FirstSeen    LastSeen    Count    From            SubObjectPath    Type        Reason        Message
  ---------    --------    -----    ----            -------------    --------    ------        -------
  12m        12m        1    default-scheduler            Normal        Scheduled    Successfully assigned glusterfs-bb-pod1 to 127.0.0.1
  10m        1m        5    kubelet, 127.0.0.1            Warning        FailedMount    Unable to mount volumes for pod "glusterfs-bb-pod1_default(67c9dfa7-f9f5-11e6-aee2-5254003a59cf)": timeout expired waiting for volumes to attach/mount for pod "default"/"glusterfs-bb-pod1". list of unattached/unmounted volumes=[glusterfsvol]
  10m        1m        5    kubelet, 127.0.0.1            Warning        FailedSync    Error syncing pod, skipping: timeout expired waiting for volumes to attach/mount for pod "default"/"glusterfs-bb-pod1". list of unattached/unmounted volumes=[glusterfsvol]
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/4966",
        ".txt",
        r"""Aider version: 0.86.2
Python version: 3.10.12
Platform: Linux-6.8.0-94-generic-x86_64-with-glibc2.35
Python implementation: CPython
Virtual environment: No
OS: Linux 6.8.0-94-generic (64bit)
Git version: git version 2.34.1

An uncaught exception occurred:

Traceback (most recent call last):
  File "aider", line 8, in <module>
    sys.exit(main())
  File "main.py", line 822, in main
    main_model = models.Model(
  File "llm.py", line 37, in _load_litellm
    self._lazy_module = importlib.import_module("litellm")
  File "<frozen importlib._bootstrap>", line 1004, in _find_and_load_unlocked
ModuleNotFoundError: No module named 'litellm'
""",
    ),
    (
        "https://github.com/ohmyzsh/ohmyzsh/issues/3255",
        ".txt",
        r"""# Defaults
export ZSH=$HOME/.oh-my-zsh
source $ZSH/oh-my-zsh.sh

# Theme
ZSH_THEME="pygmalion"

# Plugins
plugins=(git wd)

# User configuration
export PATH="~/.rvm/gems/ruby-2.1.2/bin:~/.rvm/gems/ruby-2.1.2@global/bin:~/.rvm/rubies/ruby-2.1.2/bin:/usr/bin:/bin:/usr/sbin:/sbin:/usr/local/bin:~/.rvm/bin"
export EDITOR=nano
export GOPATH="$HOME/Golang/"
""",
    ),
    (
        "https://github.com/DeusData/codebase-memory-mcp/issues/1582",
        ".txt",
        r"""Claude Code:
  skills: 1 installed
  agent: C:/Users/{{keep:Administrator}}/.claude/agents/codebase-memory-scout.md
  agent: C:/Users/{{keep:Administrator}}/.claude/agents/codebase-memory.md
  mcp: C:/Users/{{keep:Administrator}}/.claude.json
  hooks: SessionStart (MCP usage reminder on startup/resume/clear/compact)

mcp.log

2026-08-13T07:09:45.382Z [info] [codebase-memory-mcp] Message from client: method="initialize" id=0 params
2026-08-13T07:09:45.892Z [info] [codebase-memory-mcp] Server transport closed
""",
    ),
    (
        "https://github.com/microsoft/python-environment-tools/issues/212",
        ".txt",
        r"""C:\GIT\TPI>conda info --json
{
  "active_prefix": null,
  "av_data_dir": "C:\\ProgramData\\miniconda3\\etc\\conda",
  "channels": [
    "https://repo.anaconda.com/pkgs/main/win-64",
    "https://repo.anaconda.com/pkgs/msys2/noarch"
  ],
  "conda_build_version": "not installed",
  "conda_location": "C:\\ProgramData\\miniconda3\\lib\\site-packages\\conda",
  "conda_prefix": "C:\\ProgramData\\miniconda3",
  "conda_shlvl": -1,
  "conda_version": "23.1.0",
""",
    ),
    (
        "https://github.com/AgentDeskAI/browser-tools-mcp/issues/5",
        ".txt",
        r"""node C:/Users/{{keep:[Your_Username]}}/AppData/Roaming/npm/node_modules/@agentdeskai/browser-tools-mcp/dist/mcp-server.js
""",
    ),
    (
        "https://github.com/BrowserMCP/mcp/issues/134",
        ".json",
        r"""{
  "mcpServers": {
    "browsermcp": {
      "command": "npx",
      "args": ["-y", "@browsermcp/mcp@latest"]
    }
  }
}
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/275144",
        ".txt",
        r"""2025-11-18 14:02:08.217 [error] Error: Invalid API Key
	at kw.getAllModels (/home/{{keep:user}}/.vscode-insiders/extensions/github.copilot-chat-0.34.2025111803/dist/extension.js:1127:8606)
	at process.processTicksAndRejections (node:internal/process/task_queues:105:5)
	at async kw.provideLanguageModelChatInformation (/home/{{keep:user}}/.vscode-insiders/extensions/github.copilot-chat-0.34.2025111803/dist/extension.js:1127:8846)
""",
    ),
    (
        "https://github.com/diffbot/code-gpt-docs/issues/32",
        ".txt",
        r"""{{keep:sk-gISMgVGEbXXXXXXX}} API could not process the query, try selecting the code and using Ask CodeGPT to write your own query
""",
    ),
    (
        "https://github.com/atom/apm/pull/901",
        ".txt",
        r"""PS C:\Users\{{keep:[User]}}\Downloads\apm> .\bin\apm install language-carp --verbose
Installing language-carp to C:\Users\{{keep:[User]}}\.atom\packages REQUEST {
  url: 'https://atom.io/api/packages/language-carp',
  json: true,
""",
    ),
    (
        "https://github.com/EnterpriseDB/docs/issues/6920",
        ".json",
        r"""{
	"Id": "d6482247d00a4ed4304ced165548eb4bc1445ef5637aaba873ce5a8e92cdc9bd",
	"Created": "2025-07-25T04:44:58.584837548Z",
	"Path": "docker-entrypoint.sh",
	"Args": [
		"-e",
		"POSTGRES_PASSWORD={{keep:mysecretpassword}}",
		"-v",
		"my_pgdata:/var/lib/postgresql/data",
		"-p",
		"5432:5432"
	],
	"State": {
		"Status": "exited",
		"Running": false,
		"ExitCode": 1
	},
	"Name": "/my_postgres"
}
""",
    ),
    (
        "https://github.com/amigoscode/microservices/issues/2",
        ".yaml",
        r"""services:
  postgres:
    container_name: postgres
    image: postgres
    environment:
      POSTGRES_USER: ${POSTGRES_USER:-{{keep:amigoscode}}}
      POSTGRES_PASSWORD: ${POSTGRES_PASSWORD:-{{keep:password}}}
      PGDATA: /data/postgres
    ports:
      - "5431:5432"
  pgadmin:
    container_name: pgadmin
    image: dpage/pgadmin4
    environment:
      PGADMIN_DEFAULT_EMAIL: ${PGADMIN_DEFAULT_EMAIL:-{{keep:pgadmin4@pgadmin.org}}}
      PGADMIN_DEFAULT_PASSWORD: ${PGADMIN_DEFAULT_PASSWORD:-{{keep:admin}}}
      PGADMIN_CONFIG_SERVER_MODE: 'False'
""",
    ),
    (
        "https://github.com/storyscript/cli/issues/54",
        ".txt",
        r"""→ asyncy login
Traceback (most recent call last):
  File "/usr/local/bin/asyncy", line 11, in <module>
    load_entry_point('asyncy==0.2.3', 'console_scripts', 'asyncy')()
  File "/usr/local/Cellar/asyncy/0.2.3/libexec/lib/python3.7/site-packages/click/core.py", line 764, in __call__
    return self.main(*args, **kwargs)
  File "/usr/local/Cellar/asyncy/0.2.3/libexec/lib/python3.7/site-packages/cli/commands/login.py", line 13, in login
    click.style(cli.data['email'], fg='cyan')
TypeError: sequence item 1: expected str instance, NoneType found
""",
    ),
]


_RAW_STOP57: list[tuple[str, str, str]] = [
    # ---- shell themes and prompts: oh-my-zsh, powerline, starship, fish, powerlevel10k ----
    (
        "https://github.com/ohmyzsh/ohmyzsh/issues/960",
        ".txt",
        r"""/home/[[user:tkorvanek]]{{keep:/.oh-my-zsh/lib/git.zsh}}:48: parse error near `elif'
zsh: command not found: git_prompt_info
""",
    ),
    (
        "https://github.com/ohmyzsh/ohmyzsh/issues/825",
        ".txt",
        r"""➜  ~  source ~/.git-prompt.sh
/Users/[[user:renzo]]{{keep:/.git-prompt.sh}}:132: bad substitution
/Users/[[user:renzo]]{{keep:/.git-prompt.sh}}:136: bad substitution
""",
    ),
    (
        "https://github.com/olivierverdier/zsh-git-prompt/issues/139",
        ".txt",
        r"""[oh-my-zsh] Random theme '/home/{{keep:user1}}/.oh-my-zsh/themes/muse.zsh-theme' loaded...
git_super_status:[:4: integer expression expected: have
git_super_status:[:7: integer expression expected: also
git_super_status:[:11: integer expression expected: python3
git_super_status:[:14: integer expression expected: installed,
""",
    ),
    (
        "https://github.com/powerline/powerline/issues/1951",
        ".txt",
        r"""+ export PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/Users/[[user:vkolmarov]]{{keep:/Library/Python/2.7/bin}}
+ PATH=/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/Users/[[user:vkolmarov]]{{keep:/Library/Python/2.7/bin}}
+ powerline-daemon -q
+ POWERLINE_BASH_CONTINUATION=1
+ POWERLINE_BASH_SELECT=1
+ . /Users/[[user:vkolmarov]]{{keep:/Library/Python/2.7/lib/python/site-packages/powerline/bindings/bash/powerline.sh}}
+++ _powerline_return 0
+++ _powerline_return 43
++ _POWERLINE_HAS_PIPESTATUS=0
++ which powerline-config
++ POWERLINE_CONFIG_COMMAND=powerline-config
""",
    ),
    (
        "https://github.com/powerline/powerline/issues/1839",
        ".txt",
        r"""/home/[[user:arvida]]{{keep:/.local/bin/powerline}}
/home/[[user:arvida]]{{keep:/.local/bin/powerline-config}}
/home/[[user:arvida]]{{keep:/.local/bin/powerline-daemon}}
/home/[[user:arvida]]{{keep:/.local/lib/python3.5/site-packages/powerline}}
/home/[[user:arvida]]{{keep:/.local/lib/python3.5/site-packages/powerline_status-2.6.dist-info}}
/home/[[user:arvida]]{{keep:/.local/lib/python3.5/site-packages/powerline/__init__.py}}
/home/[[user:arvida]]{{keep:/.local/lib/python3.5/site-packages/powerline/bindings}}
""",
    ),
    (
        "https://github.com/powerline/powerline/issues/1478",
        ".txt",
        r"""Traceback (most recent call last):
  File "/usr/local/bin/powerline", line 11, in <module>
    from powerline.shell import ShellPowerline, get_argparser, finish_args  # NOQA
ImportError: No module named powerline.shell
Error detected while processing /Users/[[user:okav]]{{keep:/.vimrc}}:
line   17:
Traceback (most recent call last):
  File "<string>", line 1, in <module>
ImportError: No module named powerline.vim
line   18:
Traceback (most recent call last):
  File "<string>", line 1, in <module>
NameError: name 'powerline_setup' is not defined
""",
    ),
    (
        "https://github.com/starship/starship/issues/5933",
        ".txt",
        r"""❯ ls -al 
total 0
drwxr-xr-x   2 [[user:dorne]]  {{keep:wheel}}   64 Apr 18 09:59 .
drwxrwxrwt  22 {{keep:root}}   {{keep:wheel}}  704 Apr 18 09:59 ..
-bash: prompt: command not found
""",
    ),
    (
        "https://github.com/redapple0204/my-boring-python/issues/39",
        ".txt",
        r"""Welcome to fish, the friendly interactive shell
Type help for instructions on how to use fish
[[user:greenfig]]@myarch ~/妗岄潰> touch test
[[user:greenfig]]@myarch ~/妗岄潰> 
""",
    ),
    (
        "https://github.com/romkatv/powerlevel10k/issues/2877",
        ".txt",
        r"""typeset -p P9K_STARTUP_CONSOLE_OUTPUT
typeset -a P9K_STARTUP_CONSOLE_OUTPUT=( $'Found \'/Users/[[user:milankovac]]{{keep:/Webdevelopment/2024/laravel/grandls-api/.nvmrc}}\' with version <22>\nNow using node v22.16.0 (npm v10.9.2)\n\C-[]7;file://MacBook-Air.local/Users/[[user:milankovac]]{{keep:/Webdevelopment/2024/laravel/grandls-api}}\C-G' )
""",
    ),
    (
        "https://github.com/nix-community/home-manager/issues/858",
        ".txt",
        r"""/nix/store/{{keep:dpkhz17k9447rycslrm16yxjalcj47ig}}-source/.nix-profile/bin/starship: command not found
~/.config/fish/config.fish (line 1):
/nix/store/{{keep:dpkhz17k9447rycslrm16yxjalcj47ig}}-source/.nix-profile/bin/starship init fish
in command substitution
        called on line 32 of file ~/.config/fish/config.fish
from sourcing file ~/.config/fish/config.fish
        called during startup
""",
    ),
    # ---- PowerShell and Windows: prompts, profiles, an installer's log ----
    (
        "https://github.com/notthebee/ansible-easy-vpn/issues/241",
        ".txt",
        r"""PS C:\Users\[[user:tomas]]> scp -P 22 {{keep:root}}@{{keep:xxx.x.xx.xx}}:/tmp/id_ssh_ed25519 .ssh/id_vpn_brelloxa
{{keep:root}}@{{keep:xxx.x.x.x}}: Permission denied (publickey).
""",
    ),
    (
        "https://github.com/owenthereal/upterm/issues/473",
        ".txt",
        r"""PS C:\Users\{{keep:user}}> ssh {{keep:skdjg}}@uptermd.upterm.dev
{{keep:skdjg}}@uptermd.upterm.dev: Permission denied (publickey).
PS C:\Users\{{keep:user}}>
""",
    ),
    (
        "https://github.com/ChrisTitusTech/powershell-profile/issues/174",
        ".txt",
        r"""PowerShell 7.5.4
Profile is up to date.
Out-File: C:\Users\{{keep:USER}}\OneDrive\Documents\PowerShell\Microsoft.PowerShell_profile.ps1:159
Line |
 159 |      $currentTime | Out-File -FilePath $timeFilePath
     |                     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
     | Could not find a part of the path 'C:\Users\{{keep:USER}}\Documents\PowerShell\LastExecutionTime.txt'.
Checking for PowerShell updates...
Your PowerShell is up to date.
Out-File: C:\Users\{{keep:USER}}\OneDrive\Documents\PowerShell\Microsoft.PowerShell_profile.ps1:204
Line |
 204 |      $currentTime | Out-File -FilePath $timeFilePath
     |                     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
     | Could not find a part of the path 'C:\USER\[[user:karim]]{{keep:\Documents\PowerShell\LastExecutionTime.txt}}'.
Use 'Show-Help' to display help
""",
    ),
    (
        "https://github.com/MicrosoftDocs/windows-itpro-docs/issues/3761",
        ".txt",
        r"""Property(S): AppDataFolder = C:\Users\[[user:gorn7]]{{keep:\AppData\Roaming\}}
Property(S): FavoritesFolder = C:\Users\[[user:gorn7]]{{keep:\Favorites\}}
Property(S): NetHoodFolder = C:\Users\[[user:gorn7]]{{keep:\AppData\Roaming\Microsoft\Windows\Network Shortcuts\}}
Property(S): PersonalFolder = C:\Users\[[user:gorn7]]{{keep:\OneDrive\Documents\}}
Property(S): RecentFolder = C:\Users\[[user:gorn7]]{{keep:\AppData\Roaming\Microsoft\Windows\Recent\}}
Property(S): TemplateFolder = C:\ProgramData\Microsoft\Windows\Templates\
Property(S): CommonAppDataFolder = C:\ProgramData\
Property(S): LocalAppDataFolder = C:\Users\[[user:gorn7]]{{keep:\AppData\Local\}}
Property(S): MyPicturesFolder = C:\Users\[[user:gorn7]]{{keep:\OneDrive\Pictures\}}
Property(S): DesktopFolder = C:\Users\{{keep:Public}}\Desktop\
Property(S): FontsFolder = C:\WINDOWS\Fonts\
Property(S): GPTSupport = 1
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/103",
        ".txt",
        r"""aider : The term 'aider' is not recognized as the name of a cmdlet, function, script 
file, or operable program. Check the spelling of the name, or if a path was 
included, verify that the path is correct and try again.
At line:1 char:1
+ aider
+ ~~~~~
    + CategoryInfo          : ObjectNotFound: (aider:String) [], CommandNotFoundException
    + FullyQualifiedErrorId : CommandNotFoundException

"C:\Users\{{keep:fUJITSU}}\AppData\Local\Packages\PythonSoftwareFoundation.Python.3.11_{{keep:qbz5n2kfra8p0}}\LocalCache\local-packages\Python311\Scripts\aider.exe"
""",
    ),
    # ---- ssh, id and git: logins and names outside paths ----
    (
        "https://github.com/uutils/coreutils/issues/264",
        ".txt",
        r"""Sebs-MacBook-Pro-2% id [[user:sebastian]]
uid=502([[user:sebastian]]) gid=20({{keep:staff}}) groups=20({{keep:staff}}),401(com.apple.access_screensharing),12(everyone),33(_appstore),61(localaccounts),79(_appserverusr),80(admin),81(_appserveradm),98(_lpadmin),100(_lpoperator),204(_developer)
Sebs-MacBook-Pro-2% build/id [[user:sebastian]]
uid=502([[user:sebastian]]) gid=20({{keep:staff}})
Sebs-MacBook-Pro-2% groups [[user:sebastian]]
staff com.apple.access_screensharing everyone _appstore localaccounts _appserverusr admin _appserveradm _lpadmin _lpoperator _developer
Sebs-MacBook-Pro-2% build/groups [[user:sebastian]]
""",
    ),
    (
        "https://github.com/PowerShell/Win32-OpenSSH/issues/1112",
        ".txt",
        r"""debug3: Failed to open file:C:\\Users\\{{keep:testadmin}}/.ssh/known_hosts2 error:2
debug3: Failed to open file:./ssh_known_hosts error:2
debug1: Host 'win12ws.test2.lab' is known and matches the ECDSA host key.
debug1: Found key in C:\\Users\\{{keep:testadmin}}/.ssh/known_hosts:4
debug2: key: C:\\Program Files\\OpenSSH-Win64\\ssh_host_rsa_key (000002BBAEAFB240), agent
debug1: Skipping ssh-dss key C:\\Program Files\\OpenSSH-Win64\\ssh_host_dsa_key - not in PubkeyAcceptedKeyTypes
debug2: key: {{keep:testadmin}}@TEST2@Win16Chef (000002BBAEAFB100), agent
""",
    ),
    (
        "https://github.com/markwoodhall/vim-codelens/issues/1",
        ".txt",
        r"""git blame src/vodafone/weighting.clj -L 1,300 --date=relative | cut -d "(" -f2 | cut -d ")" -f1
[[user:Dale Brennick]]  25 hours ago           118
[[user:Dale Brennick]]  25 hours ago           119
""",
    ),
    (
        "https://github.com/tsgates/git-emacs/pull/5",
        ".txt",
        r"""Before:
{{keep:799d9a884e7af5781a2eec79ee98bd432e7297b8}} improve git blame info to include author

After:
{{keep:799d9a884e7af5781a2eec79ee98bd432e7297b8}} [[user:Kevin Morlando]] -- improve git blame info to include author
""",
    ),
    # ---- package managers and agent tools: npm, pip, aider, MCP configs ----
    (
        "https://github.com/npm/npm/issues/7744",
        ".txt",
        r"""36 verbose pkgid pipeline-routing
37 verbose cwd /Users/[[user:tsvandyk]]{{keep:/pipeline/pipeline-routing}}
38 error Darwin 14.1.0
39 error argv "node" "/usr/local/bin/npm" "publish"
40 error node v0.10.33
41 error npm  v2.7.0
42 error code E401
43 error Request was not authorized : pipeline-routing
45 verbose exit [ 1, true ]
""",
    ),
    (
        "https://github.com/npm/npm/issues/9874",
        ".txt",
        r"""registry=http://<IP address of NPM local package server of my company>:80/
//registry.npmjs.org/:_authToken=[[secret:kq7w2mzt-b493-4c1e-9d27-7fx05a2e8k61]]
""",
    ),
    (
        "https://github.com/npm/cli/issues/5089",
        ".txt",
        r"""_auth={{keep:npm_fooBAR}}
//registry.npmjs.org/:_authToken={{keep:$TOKEN}}

npm notice Publishing to https://registry.npmjs.org/
npm ERR! code E404
npm ERR! 404 Not Found - PUT https://registry.npmjs.org/@my-package%2fmy-package - Not found
npm ERR! 404  '@my-org/my-package@1.1.0-alpha.1' is not in this registry.
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/4070",
        ".txt",
        r"""Traceback (most recent call last):
  File "/Users/[[user:kmorsey]]{{keep:/.local/bin/aider}}", line 4, in <module>
    from aider.main import main
  File "/Users/[[user:kmorsey]]{{keep:/.local/share/uv/tools/aider-chat/lib/python3.10/site-packages/aider/main.py}}", line 11, in <module>
    from aider.coders import Coder
  File "/Users/[[user:kmorsey]]{{keep:/.local/share/uv/tools/aider-chat/lib/python3.10/site-packages/aider/coders/__init__.py}}", line 1, in <module>
    from .base_coder import Coder
  File "/Users/[[user:kmorsey]]{{keep:/.local/share/uv/tools/aider-chat/lib/python3.10/site-packages/aider/repomap.py}}", line 9, in <module>
    import pkg_resources
ModuleNotFoundError: No module named 'pkg_resources'
""",
    ),
    (
        "https://github.com/modelcontextprotocol/servers/issues/1106",
        ".txt",
        r"""{
    "mcpServers": {
        "todos": {
            "url": "https://my-server.com",
            "auth": {
                "username": "{{keep:user}}",
                "password": "{{keep:password}}"
            }
        }
    }
}

{
    "mcpServers": {
        "todos": {
            "url": "https://my-server.com",
            "auth": {
                "token": "{{keep:asdasdasdasd}}",
            }
        }
    }
}
""",
    ),
    (
        "https://github.com/dataforseo/mcp-server-typescript/issues/6",
        ".json",
        r"""{
  "mcpServers": {
    "dataforseo": {
      "command": "npx",
      "args": ["dataforseo-mcp-server"],
      "env": {
        "DATAFORSEO_USERNAME": "{{keep:your_username}}",
        "DATAFORSEO_PASSWORD": "{{keep:your_password}}",
        "ENABLED_MODULES": "SERP,KEYWORDS_DATA,ONPAGE,DATAFORSEO_LABS",
        "DATAFORSEO_FULL_RESPONSE": "false"
      }
    }
  }
}
""",
    ),
    (
        "https://github.com/TrivadisPF/platys-modern-data-platform/issues/208",
        ".yaml",
        r"""      POSTGRESQL_database: demodb
      POSTGRESQL_user: {{keep:demo}}
      POSTGRESQL_password: {{keep:abc123!}}
""",
    ),
    # ---- docker, kubectl and curl ----
    (
        "https://github.com/bcicen/ctop/issues/349",
        ".txt",
        r"""$ docker context list
NAME              DESCRIPTION                               DOCKER ENDPOINT                                     ERROR
colima *          colima                                    unix:///Users/{{keep:*****}}/.colima/default/docker.sock
default           Current DOCKER_HOST based configuration   unix:///var/run/docker.sock
rancher-desktop   Rancher Desktop moby context              unix:///Users/{{keep:*****}}/.rd/docker.sock

$ docker context show
colima
""",
    ),
    (
        "https://github.com/rhdemo/2019-demo4-optaplanner/issues/19",
        ".txt",
        r"""Events:
  Type     Reason     Age               From                                   Message
  ----     ------     ----              ----                                   -------
  Normal   Scheduled  1m                default-scheduler                      Successfully assigned optaplanner-demo/optaplanner-demo-65ffb57895-rfv4w to ip-10-0-139-152.ec2.internal
  Normal   Pulling    29s (x3 over 1m)  kubelet, ip-10-0-139-152.ec2.internal  pulling image "optaplanner/optaplanner-demo:snapshot-190326-101059-0997"
  Warning  Failed     16s (x3 over 1m)  kubelet, ip-10-0-139-152.ec2.internal  Failed to pull image "optaplanner/optaplanner-demo:snapshot-190326-101059-0997": rpc error: code = Unknown desc = Error reading manifest snapshot-190326-101059-0997 in docker.io/optaplanner/optaplanner-demo: errors:
denied: requested access to the resource is denied
unauthorized: authentication required
  Warning  Failed   16s (x3 over 1m)  kubelet, ip-10-0-139-152.ec2.internal  Error: ErrImagePull
""",
    ),
    (
        "https://github.com/SonarSource/sonar-loc-count/issues/18",
        ".txt",
        r"""curl -s -u {{keep:github_pat_xxxx}}: https://api.github.com/repos/my_org/my_repo/branches
{
  "message": "API rate limit exceeded for {{keep:$MY_IP}}. (But here's the good news: Authenticated requests get a higher rate limit. Check out the documentation for more details.)",
  "documentation_url": "https://docs.github.com/rest/overview/resources-in-the-rest-api#rate-limiting"
}
curl -s --header "Authorization: Bearer {{keep:github_pat_xxxx}}" https://api.github.com/repos/my_org/my_repo/branches
""",
    ),
    (
        "https://github.com/ryanj/gist-reveal/issues/21",
        ".txt",
        r"""# curl -i 'https://api.github.com/users/whatever?client_id={{keep:MY_GITHUB_USER}}&client_secret={{keep:******}}'

HTTP/1.1 200 OK
Server: GitHub.com
Date: Sun, 02 Nov 2014 06:26:18 GMT
Content-Type: application/json; charset=utf-8
Status: 200 OK
X-RateLimit-Limit: 60
X-RateLimit-Remaining: 58
X-RateLimit-Reset: 1414913136
ETag: "{{keep:3deddbf2b4e3fa8465a4b2f0f9e7d895}}"
X-GitHub-Media-Type: github.v3
X-GitHub-Request-Id: {{keep:806BFCB4:527F:2BADAF0:5455CE8A}}
Strict-Transport-Security: max-age=31536000; includeSubdomains; preload
X-Served-By: {{keep:76d9828c7e4f1d910f7ba069e90ce976}}

{
  "login": "whatever",
  "id": 43933,
""",
    ),
]


_RAW_STOP58: list[tuple[str, str, str]] = [
    # ---- git: shortlog, bisect, push prompts -----------------------------------------------
    (
        "https://github.com/Donders-Institute/bidscoin/pull/251",
        ".txt",
        r"""❯ git shortlog -sn
  3802  [[user:Joran Vesters]]
   212  [[user:Sietse van Moorlen]]
    23  [[user:Dorian Kalvetti]]
    22  [[user:Radoslava Kremenikova]]
     6  [[user:Lorenzo Bria]]
     ...

❯ git shortlog -sn
  2907  [[user:JupsMallow]]
   495  [[user:Joran Vesters]]
   400  [[user:joranvesters]]
   212  [[user:Sietse van Moorlen]]
    23  [[user:Dorian Kalvetti]]
    22  [[user:Radoslava Kremenikova]]
     ...
""",
    ),
    (
        "https://github.com/wch/bisectr/issues/4",
        ".txt",
        r"""[[user:bkelmarn]] (({{keep:15ff55e}}...) *|BISECTING) megamation $ git bisect run /c/Program\ Files/R/R-4.3.2/bin/Rscript ./test.R
running 'C:/Program Files/R/R-4.3.2/bin/Rscript' './test.R'

===== Running test script ======
ℹ Loading megamation
Running test...
Returning code: good (0)

Bisecting: 0 revisions left to test after this (roughly 0 steps)
[{{keep:483654834d5176e88db76daef5b5d7de84837af4}}] Add .multi param to req_url_query()
running 'C:/Program Files/R/R-4.3.2/bin/Rscript' './test.R'

Returning code: bad (1)

{{keep:b60c88aa03c13d20a1632bd68df96c6cc276a707}} is the first bad commit
commit {{keep:b60c88aa03c13d20a1632bd68df96c6cc276a707}}
Author: [[user:Ivor Kelmarz]] <[[email:bkelmarn@uoguelph.ca]]>
Date:   Thu Dec 7 11:21:25 2023 -0500
""",
    ),
    (
        "https://github.com/githubteacher/github-for-developers-sept-2015/issues/526",
        ".txt",
        r"""1600 ~: $ git push --set-upstream origin woot
Username for 'https://github.com': [[user:rk508317]]
Password for 'https://[[user:rk508317]]@github.com': 
remote: Permission to githubteacher/github-for-developers-sept-2015.git denied to [[user:rk508317]].
fatal: unable to access 'https://github.com/githubteacher/github-for-developers-sept-2015.git/': The requested URL returned error: 403
""",
    ),
    # ---- whoami / id / finger / ls owners --------------------------------------------------
    (
        "https://github.com/paradoxxxzero/butterfly/issues/40",
        ".txt",
        r"""uid=1000([[user:kirilo]]) gid=0({{keep:root}}) groups=1000([[user:kirilo]]),0({{keep:root}})

uid=1000([[user:kirilo]]) gid=1000([[user:kirilo]]) groups=1000([[user:kirilo]]),4(adm),24(cdrom),27(sudo),30(dip),33(www-data),46(plugdev),111(lpadmin),112(sambashare)
""",
    ),
    (
        "https://github.com/nginxinc/nginx-amplify-doc/issues/11",
        ".txt",
        r"""{{keep:root}}@myhost:~/nginx_amplify# id {{keep:nginx}}
uid=109({{keep:nginx}}) gid=115({{keep:nginx}}) groups=115({{keep:nginx}}),1001(example1.com),1002(example2.com),1003(example3.com),1004(example4.com),1005(example5.com)
{{keep:root}}@myhost:~/nginx_amplify# id -un {{keep:nginx}}
{{keep:nginx}}
{{keep:root}}@myhost:~/nginx_amplify# sudo -u {{keep:nginx}} /bin/sh -c "id -un" 2>/dev/null
109
""",
    ),
    (
        "https://github.com/mizzy/specinfra/pull/383",
        ".txt",
        "$ finger [[user:k4tohiro]]\n"
        "Login: [[user:k4tohiro]]       \t\t\tName: [[user:k4tohiro]]\n"
        "Directory: /Users/[[user:k4tohiro]]          \tShell: /bin/zsh\n"
        "On since 土  5  2 15:06 (JST) on console, idle 9 days 8:46 (messages off)\n"
        "On since 月  5 11 16:00 (JST) on ttys000, idle 4:15\n"
        "No Mail.\n"
        "No Plan.\n"
        "$ finger [[user:k4tohiro]] | grep -E '^Directory' | awk '{ print $2 }' | grep -E '^/Users/[[user:k4tohiro]]$'\n"
        "/Users/[[user:k4tohiro]]\n",
    ),
    (
        "https://github.com/npm/npm/issues/19001",
        ".txt",
        r"""drwxr-xr-x    3 {{keep:root}}          {{keep:staff}}    102 Nov 13  2014 options
drwxr-xr-x    3 {{keep:root}}          {{keep:staff}}    102 Nov 13  2014 optipng-bin
drwxr-xr-x    3 [[user:lucabrambini]]  {{keep:staff}}    102 Nov 14  2014 os-name
drwxr-xr-x    3 [[user:lucabrambini]]  {{keep:staff}}    102 Oct 26 15:08 os-tmpdir
drwxr-xr-x    3 {{keep:root}}          {{keep:staff}}    102 Nov 13  2014 osenv
drwxr-xr-x    3 [[user:lucabrambini]]  {{keep:staff}}    102 Nov 14  2014 osx-release
drwxr-xr-x    3 [[user:lucabrambini]]  {{keep:staff}}    102 Oct 27 18:06 pdfkit
drwxr-xr-x    3 {{keep:root}}          {{keep:staff}}    102 Nov 13  2014 phantomjs
""",
    ),
    # ---- macOS, zsh and bash sessions ------------------------------------------------------
    (
        "https://github.com/nod-ai/AMD-SHARK-Studio/issues/2115",
        ".txt",
        r"""Last login: Wed May  1 04:22:27 on ttys000
{{keep:test}}@Tests-Mac-mini ~ % python --version
zsh: command not found: python
{{keep:test}}@Tests-Mac-mini ~ % python3 --version
Python 3.11.9
{{keep:test}}@Tests-Mac-mini ~ % 
""",
    ),
    (
        "https://github.com/olets/zsh-abbr/issues/16",
        ".txt",
        r"""{{keep:XXX}}@abyss ~
λ where command
command: shell built-in command

{{keep:XXX}}@abyss ~
λ \command \command
zsh: command not found: command

{{keep:XXX}}@abyss ~
λ echo $PATH |sed -e s/{{keep:yyy}}/{{keep:XXX}}/g
/home/{{keep:XXX}}/.rbenv/shims:/home/{{keep:XXX}}/.rbenv/bin:/home/{{keep:XXX}}/.zinit/plugins/laggardkernel---git-ignore/bin:/home/linuxbrew/.linuxbrew/bin:/usr/local/bin
""",
    ),
    (
        "https://github.com/kubernetes/kubernetes/issues/107428",
        ".txt",
        r"""[{{keep:root}}@192 ~]# kubectl logs test-web-api
Error from server (BadRequest): container "webapi" in pod "test-web-api" is waiting to start: trying and failing to pull image
[{{keep:root}}@192 ~]# kubectl describe pods/test-web-api
Name:         test-web-api
Namespace:    default
Priority:     0
Node:         192.168.1.7/192.168.1.7
Start Time:   Sat, 08 Jan 2022 22:50:13 -0800
Labels:       app=test-web-api
Annotations:  cni.projectcalico.org/containerID: {{keep:41b062f3f21bb116c29a9d2c4e1fbca167495b29f4f140f959ada9cc4ca6d7ad}}
""",
    ),
    # ---- ssh and docker login --------------------------------------------------------------
    (
        "https://github.com/net-ssh/net-ssh/pull/252",
        ".txt",
        r"""$ ssh-keygen -f /tmp/d20150701-3723-xrtn8s/id_rsa -t rsa -N ''
Generating public/private rsa key pair.
Your identification has been saved in /tmp/d20150701-3723-xrtn8s/id_rsa.
Your public key has been saved in /tmp/d20150701-3723-xrtn8s/id_rsa.pub.
The key fingerprint is:
{{keep:0d:b9:03:30:19:7d:80:2b:f8:de:bb:56:94:21:b4:ff}} {{keep:vagrant}}@vagrant-ubuntu-trusty-64
$ sudo cp /tmp/d20150701-3723-xrtn8s/id_rsa.pub /home/{{keep:net_ssh_1}}/.ssh/authorized_keys
$ sudo chown {{keep:net_ssh_1}} /home/{{keep:net_ssh_1}}/.ssh/authorized_keys
$ sudo chmod 0744 /home/{{keep:net_ssh_1}}/.ssh/authorized_keys
[2/4] TestIDRSAPKeys#test_in_file_with_password$ rm -rf /tmp/d20150701-3723-vfm42z/id_rsa /tmp/d20150701-3723-vfm42z/id_rsa.pub
$ ssh-keygen -f /tmp/d20150701-3723-vfm42z/id_rsa -t rsa -N '{{keep:pwd12}}'
""",
    ),
    (
        "https://github.com/PowerShell/Win32-OpenSSH/issues/878",
        ".txt",
        r"""debug1: Host 'remotehost' is known and matches the ECDSA host key.
debug1: Found key in /home/{{keep:me}}/.ssh/known_hosts:1
debug1: ssh_ecdsa_verify: signature correct
debug2: key: {{keep:me}}@myhost.localdomain (0x7fbefc2a5b30),
debug2: key: {{keep:me}}@myhost.localdomain (0x7fbefc2a5ce0),
debug2: key: .ssh/test-host_rsa ((nil)), explicit
debug1: Authentications that can continue: publickey,password,keyboard-interactive
debug1: Next authentication method: publickey
debug1: Offering RSA public key: {{keep:me}}@myhost.localdomain
""",
    ),
    (
        "https://github.com/docker/cli/pull/1835",
        ".txt",
        r"""% ./docker login
Login with your Docker ID to push and pull images from Docker Hub. If you don't have a Docker ID, head over to https://hub.docker.com to create one.
Username: [[user:pmarsten]]
Password: 
WARNING! Your password will be stored unencrypted in /home/[[user:gordon]]{{keep:/.docker/config.json}}.
Configure a credential helper to remove this warning. See
https://docs.docker.com/engine/reference/commandline/login/#credentials-store

Login Succeeded

		"https://index.docker.io/v1/": {
			"auth": "{{keep:XXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXXX}}"
		}
""",
    ),
    # ---- npm logs ----------------------------------------------------------------------------
    (
        "https://github.com/verbose/verb/issues/47",
        ".txt",
        r"""$ npm cache clean && npm i -g verb-cli
npm ERR! Darwin 14.3.0
npm ERR! argv "node" "/Users/[[user:bastien]]{{keep:/.nvm/current/bin/npm}}" "i" "-g" "verb-cli"
npm ERR! node v0.10.36
npm ERR! npm  v2.7.6
npm ERR! code ETARGET

npm ERR! notarget No compatible version found: template-helper-apidocs@'>=0.3.4 <0.4.0'
""",
    ),
    (
        "https://github.com/twbs/bootstrap-npm-starter/issues/58",
        ".txt",
        r"""0 verbose cli [ '/usr/local/bin/node', '/usr/local/bin/npm', 'install' ]
1 info using npm@7.11.2
2 info using node@v16.1.0
5 timing config:load:file:/usr/local/lib/node_modules/npm/npmrc Completed in 0ms
9 timing config:load:file:/Users/[[user:yonas]]{{keep:/Research/bootstrap-npm-starter/.npmrc}} Completed in 0ms
10 timing config:load:project Completed in 0ms
11 timing config:load:file:/Users/[[user:yonas]]{{keep:/.npmrc}} Completed in 0ms
12 timing config:load:user Completed in 0ms
13 timing config:load:file:/usr/local/etc/npmrc Completed in 0ms
""",
    ),
    (
        "https://github.com/npm/npm/issues/19579",
        ".txt",
        r"""0 info it worked if it ends with ok
1 verbose cli [ '/home/[[user:tolwex]]{{keep:/semagrow/webgui/target/node/node}}',
1 verbose cli   '/home/[[user:tolwex]]{{keep:/semagrow/webgui/target/node/node_modules/npm/bin/npm-cli.js}}',
1 verbose cli   'install' ]
2 info using npm@4.0.2
3 info using node@v6.9.1
22 silly mapToRegistry registry https://registry.npmjs.org/
""",
    ),
    (
        "https://github.com/npm/npm/issues/7220",
        ".txt",
        r"""18 silly install resolved     man:
18 silly install resolved      [ '/private/var/folders/{{keep:tc/7vqd46t57932sbgvh4qr_fv40000gn}}/T/npm.8091/package/man/man1/npm-README.1',
18 silly install resolved        '/private/var/folders/{{keep:tc/7vqd46t57932sbgvh4qr_fv40000gn}}/T/npm.8091/package/man/man1/npm-adduser.1',
18 silly install resolved        '/private/var/folders/{{keep:tc/7vqd46t57932sbgvh4qr_fv40000gn}}/T/npm.8091/package/man/man1/npm-bin.1',
""",
    ),
    (
        "https://github.com/npm/npx/issues/48",
        ".txt",
        r"""C:\Users\{{keep:UserName}}>npx create-react-app practical-react
Error: EPERM: operation not permitted, mkdir 'C:\Users\{{keep:UserName}}'
TypeError: Cannot read property 'loaded' of undefined
at exit (D:\Program Files D\nodejs\node_modules\npm\lib\utils\error-handler.js:98:27)
at errorHandler (D:\Program Files D\nodejs\node_modules\npm\lib\utils\error-handler.js:216:3)
at D:\Program Files D\nodejs\node_modules\npm\bin\npm-cli.js:77:20
""",
    ),
    # ---- CI logs -----------------------------------------------------------------------------
    (
        "https://github.com/microsoft/azure-pipelines-tasks/issues/22481",
        ".txt",
        r"""2026-09-04T12:39:32.0639998Z npm verbose exit 1
2026-09-04T12:39:32.0640283Z npm verbose code 1
2026-09-04T12:39:32.0640601Z npm error A complete log of this run can be found in: /home/{{keep:AzDevOps}}/.npm/_logs/2026-09-04T12_39_31_440Z-debug-0.log
2026-09-04T12:39:32.0641705Z ##[debug]Agent.Version=5.278.0
2026-09-04T12:39:32.0642425Z ##[debug]SYSTEM_TASKINSTANCEID={{keep:9f8282de-1220-5ffe-6bcb-966ded2e6c48}}
2026-09-04T12:39:32.0643079Z ##[debug]SYSTEM_JOBID={{keep:fa56fb42-a6df-5297-afe4-0f7d41df26fd}}
2026-09-04T12:39:32.0646544Z ##[debug]AGENT_MACHINENAME=53ac3611e000000
2026-09-04T12:39:32.0647292Z ##[debug]AGENT_NAME=dakota-linux-managed 1
2026-09-04T12:39:32.0649466Z ##[debug]AGENT_VERSION=5.278.0
""",
    ),
    # ---- Python tracebacks through site-packages ---------------------------------------------
    (
        "https://github.com/Re-Diss/IcebergAppBot/issues/8",
        ".txt",
        r"""  Traceback (most recent call last):
    File "<frozen site>", line 186, in addpackage
    File "<string>", line 1, in <module>
    File "C:\Users\[[user:drkoo]]{{keep:\AppData\Local\Programs\Python\Python311\Lib\site-packages\load_dotenv.py}}", line 17, in <module>
      from dotenv import load_dotenv
  ModuleNotFoundError: No module named 'dotenv'
""",
    ),
    (
        "https://github.com/onekey-sec/unblob/issues/415",
        ".txt",
        r"""# /opt/homebrew/Cellar/python@3.9/3.9.10/Frameworks/Python.framework/Versions/3.9/lib/python3.9/__pycache__/_bootlocale.cpython-39.pyc matches /opt/homebrew/Cellar/python@3.9/3.9.10/Frameworks/Python.framework/Versions/3.9/lib/python3.9/_bootlocale.py
import '_bootlocale' # <_frozen_importlib_external.SourceFileLoader object at 0x1012e3e50>
# /Users/[[user:merle]]{{keep:/Library/Caches/pypoetry/virtualenvs/unblob-_UiaRMFf-py3.9/lib/python3.9/site-packages/__pycache__/_virtualenv.cpython-39.pyc}} matches /Users/[[user:merle]]{{keep:/Library/Caches/pypoetry/virtualenvs/unblob-_UiaRMFf-py3.9/lib/python3.9/site-packages/_virtualenv.py}}
# code object from '/Users/[[user:merle]]{{keep:/Library/Caches/pypoetry/virtualenvs/unblob-_UiaRMFf-py3.9/lib/python3.9/site-packages/__pycache__/_virtualenv.cpython-39.pyc}}'
""",
    ),
    (
        "https://github.com/BerriAI/litellm/issues/2308",
        ".txt",
        r"""File [~/miniforge3/lib/python3.10/site-packages/litellm/main.py:1936](https://file+.vscode-resource.vscode-cdn.net/Users/[[user:kshitijram]]{{keep:/Code/usergpt/src/~/miniforge3/lib/python3.10/site-packages/litellm/main.py:1936}}), in completion(model, messages, timeout, temperature, top_p, n, stream, stop, max_tokens)
   [1933](https://file+.vscode-resource.vscode-cdn.net/Users/[[user:kshitijram]]{{keep:/Code/usergpt/src/~/miniforge3/lib/python3.10/site-packages/litellm/main.py:1933}})     return response
   [1934](https://file+.vscode-resource.vscode-cdn.net/Users/[[user:kshitijram]]{{keep:/Code/usergpt/src/~/miniforge3/lib/python3.10/site-packages/litellm/main.py:1934}}) except Exception as e:
""",
    ),
    (
        "https://github.com/python/peps/issues/3044",
        ".txt",
        r"""$ python -m pip install --upgrade pip
Defaulting to user installation because normal site-packages is not writeable
Requirement already satisfied: pip in d:\programfiles\python\python311\lib\site-packages (22.3.1)
Collecting pip
  Downloading pip-23.0.1-py3-none-any.whl (2.1 MB)
Installing collected packages: pip
  WARNING: The scripts pip.exe, pip3.11.exe and pip3.exe are installed in 'C:\Users\[[user:TamoUSR]]{{keep:\AppData\Roaming\Python\Python311\Scripts}}' which is not on PATH.
  Consider adding this directory to PATH or, if you prefer to suppress this warning, use --no-warn-script-location.
Successfully installed pip-23.0.1
""",
    ),
    (
        "https://github.com/Aider-AI/aider/issues/3825",
        ".txt",
        r"""Aider version: 0.66.0
Python version: 3.11.9
Platform: Windows-10-10.0.22000-SP0
Python implementation: CPython
Virtual environment: No

Traceback (most recent call last):
  File "<frozen runpy>", line 198, in _run_module_as_main
  File "__main__.py", line 7, in <module>
    sys.exit(main())
  File "models.py", line 1103, in validate_environment
    res = litellm.validate_environment(model)
  File "llm.py", line 30, in _load_litellm
    self._lazy_module = importlib.import_module("litellm")
""",
    ),
    # ---- agent tools: MCP configs and logs, curl -----------------------------------------------
    (
        "https://github.com/wallabyjs/console-ninja/issues/412",
        ".txt",
        r"""[
  {
    "debug": "Connection failed: Error: spawn node ~/.console-ninja/mcp/ ENOENT",
    "timestamp": "2025-07-08T08:58:33.975Z",
    "sessionId": "{{keep:64934702-935c-4825-8945-0b8b72042b42}}",
    "cwd": "/Users/[[user:ovky]]{{keep:/coding}}"
  },
  {
    "error": "Connection failed: spawn node ~/.console-ninja/mcp/ ENOENT",
    "timestamp": "2025-07-08T08:58:33.975Z",
    "sessionId": "{{keep:64934702-935c-4825-8945-0b8b72042b42}}",
    "cwd": "/Users/[[user:ovky]]{{keep:/coding}}"
  }
""",
    ),
    (
        "https://github.com/currents-dev/currents-mcp/pull/1",
        ".txt",
        r"""{
  "mcpServers": {
    "currents": {
      "name": "Currents",
      "description": "Currents MCP server",
      "command": "npx",
      "args": [
        "-y",
        "/Users/[[user:joaquinbelardo]]{{keep:/Documents/GitHub/currents-mcp/build/index.js}}"
      ],
      "env": {
        "CURRENTS_API_KEY": "{{keep:your-api-key}}",
""",
    ),
    (
        "https://github.com/dremio/dremio-mcp/issues/10",
        ".txt",
        r"""$ cat /Users/[[user:helgo]]{{keep:/Library/Application\ Support/Claude/claude_desktop_config.json}}   
{
  "globalShortcut": "",
  "mcpServers": {
    "Dremio": {
      "command": "uv",
      "args": [
        "run",
        "--directory", "/Users/[[user:helgo]]{{keep:/git/dremio-mcp}}",
        "dremio-mcp-server",
        "run"
      ]
    }
  }
}
""",
    ),
    (
        "https://github.com/benborla/mcp-server-mysql/issues/73",
        ".txt",
        r""""mcp_server_mysql": {
      "command": "C:\\Program Files\\nodejs\\node.exe",
      "args": [
        "C:\\Users\\[[user:jorbt]]{{keep:\\Desktop\\DownloadedMcpServer\\mcp-server-mysql\\run_server.js}}"
      ],
      "env": {
        "MYSQL_HOST": "localhost",
        "MYSQL_PORT": "3306",
        "MYSQL_USER": "{{keep:myuser}}",
        "MYSQL_PASS": "{{keep:******}}",
        "MYSQL_DB": "scraping",
""",
    ),
    (
        "https://github.com/mozilla-ai/mcpd/issues/103",
        ".txt",
        r"""{ 
  "mcpServers" : {
		"stripe": {
			"command": "docker",
			"args": [
				"run",
				"-i",
				"--rm",
				"-e",
				"STRIPE_SECRET_KEY",
				"mcp/stripe",
				"--tools=all"
			],
			"env": {
				"STRIPE_SECRET_KEY": "{{keep:xxxxxx}}"
			}
		},
  }
}
    "env": {
      "MCP_MODEL_NAME": "${{{keep:MCP_MODEL_NAME}}}",
      "OPENROUTER_API_KEY": "${{{keep:OPENROUTER_API_KEY}}}"
    }
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/44580",
        ".txt",
        r"""grep -i "error\|fail\|timeout\|mcp" ~/Library/Logs/Claude/main.log | grep -v "Chrome\|office\|manifest\|seatbelt\|crashpad" | tail -40

2026-04-06 19:29:33 [info] [IdleManager:session] Starting idle timeout for {{keep:local_91c9c5c8-bee5-4b0d-9efa-fb5be741dc03}}: 900s
2026-04-06 19:30:46 [info] [IdleManager:session] Starting idle timeout for {{keep:local_91c9c5c8-bee5-4b0d-9efa-fb5be741dc03}}: 900s
2026-04-06 19:49:15 [info] [CCD] LocalSessions.replaceRemoteMcpServers: sessionId={{keep:local_91c9c5c8-bee5-4b0d-9efa-fb5be741dc03}}, serverCount=0
""",
    ),
    (
        "https://github.com/BerriAI/litellm/pull/38296",
        ".txt",
        r"""curl -s http://localhost:57641/model/new -H 'Authorization: Bearer {{keep:sk-1234}}' -H 'Content-Type: application/json' -d '{"model_name":"otel-err-after5-12755","litellm_params":{"model":"anthropic/claude-haiku-4-5","api_key":"{{keep:sk-upstream-invalid-for-langfuse-e2e-only}}"}}'

{"model_name": "otel-err-after5-12755", "model_id": "{{keep:d7d9404d-594a-43f8-ae6e-68dc62e29d8b}}"}

curl -s -D - http://localhost:57641/v1/chat/completions -H 'Authorization: Bearer {{keep:sk-1234}}' -H 'Content-Type: application/json' -d '{"model":"otel-err-after5-12755","messages":[{"role":"user","content":"trigger an upstream auth failure"}],"max_tokens":16}'

HTTP/1.1 401 Unauthorized
x-litellm-call-id: {{keep:02be2ff7-293f-4231-811b-cf2c53338d10}}
""",
    ),
]


_RAW_STOP59: list[tuple[str, str, str]] = [
    # ---- PHP composer, Ruby gems, Go modules, Rust cargo ------------------------------------
    (
        "https://github.com/SleepingOwlAdmin/demo/issues/12",
        ".txt",
        r"""⚡️  ~/Downloads/demo-master:  composer install
> php artisan clear-compiled
Warning: require(/Users/[[user:5ammo]]{{keep:/Downloads/demo-master/bootstrap/../vendor/autoload.php}}): failed to open stream: No such file or directory in /Users/[[user:5ammo]]/Downloads/demo-master/bootstrap/autoload.php on line 17

Fatal error: require(): Failed opening required '/Users/[[user:5ammo]]/Downloads/demo-master/bootstrap/../vendor/autoload.php' (include_path='.:') in /Users/[[user:5ammo]]/Downloads/demo-master/bootstrap/autoload.php on line 17
Script php artisan clear-compiled handling the pre-update-cmd event returned with an error
""",
    ),
    (
        "https://github.com/hitrov/oci-arm-host-capacity/issues/94",
        ".txt",
        r"""[[user:luisfelipe]]@[[user:luisfelipe]]-HP-EliteDesk-800-G1-DM:~/oci/oci-arm-host-capacity$ ls
composer.json  composer.lock  images  index.php  LICENSE  README.md  src  tests

[[user:luisfelipe]]@[[user:luisfelipe]]-HP-EliteDesk-800-G1-DM:~/oci/oci-arm-host-capacity$ php index.php 
PHP Warning:  require(vendor/autoload.php): Failed to open stream: No such file or directory in /home/[[user:luisfelipe]]{{keep:/oci/oci-arm-host-capacity/index.php}} on line 8
PHP Fatal error:  Uncaught Error: Failed opening required 'vendor/autoload.php' (include_path='.:/usr/share/php') in /home/[[user:luisfelipe]]/oci/oci-arm-host-capacity/index.php:8
Stack trace:
#0 {main}
  thrown in /home/[[user:luisfelipe]]/oci/oci-arm-host-capacity/index.php on line 8
""",
    ),
    (
        "https://github.com/speedovation/LaravelMart/issues/6",
        ".txt",
        r"""Fatal error: require(): Failed opening required 'D:\[[user:Petar Vlahovski]]{{keep:\WEB Projects\LaravelMart\vendor\nikic\php-parser\lib/PhpParser/Autoloader.php}}' (include_path='.;C:\php\pear') in D:\[[user:Petar Vlahovski]]\WEB Projects\LaravelMart\vendor\nikic\php-parser\lib\bootstrap.php on line 4
""",
    ),
    (
        "https://github.com/composer/composer/issues/5510",
        ".txt",
        r"""{{keep:root}}@Yoga-ubuntu:/home/[[user:mikvl]]/Desktop/folder/web# apt install composer
Reading package lists... Done
Building dependency tree       
Reading state information... Done
The following additional packages will be installed:
  jsonlint libjs-excanvas mercurial mercurial-common php-cli-prompt php-composer-semver
0 upgraded, 13 newly installed, 0 to remove and 6 not upgraded.
""",
    ),
    (
        "https://github.com/rbenv/rbenv/issues/1014",
        ".txt",
        r"""$ rbenv version
2.4.1 (set by /Users/[[user:mrlopez]]{{keep:/.rbenv/version}})

$ bundle install
Gem::InstallError: nokogiri requires Ruby version >= 2.1.0.
An error occurred while installing nokogiri (1.8.0), and Bundler cannot continue.
Make sure that `gem install nokogiri -v '1.8.0'` succeeds before bundling.
""",
    ),
    (
        "https://github.com/WOVNio/wovnrb/pull/6",
        ".txt",
        r"""$ rbenv versions
rbenv: version `2.0.0-p451' is not installed (set by /Users/[[user:takeshiogawa]]{{keep:/github/wovnrb/.ruby-version}})
  system
  2.1.0
$ bundle install
rbenv: version `2.0.0-p451' is not installed (set by /Users/[[user:takeshiogawa]]/github/wovnrb/.ruby-version)
""",
    ),
    (
        "https://github.com/rubygems/bundler/issues/4260",
        ".txt",
        r"""$ which gem
/usr/bin/gem
$ rbenv which gem
/home/[[user:dqrw]]{{keep:/.rbenv/versions/2.4.0/bin/gem}}
$ echo $PATH
/home/[[user:dqrw]]/.rbenv/versions/2.4.0/bin:....

$ bundle install
Using bundler 1.13.7
Gem::Ext::BuildError: ERROR: Failed to build gem native extension.

    current directory: /home/[[user:dqrw]]{{keep:/.rbenv/versions/2.4.0/lib/ruby/gems/2.4.0/gems/json-1.8.3/ext/json/ext/generator}}
/home/[[user:dqrw]]/.rbenv/versions/2.4.0/bin/ruby -r ./siteconf20170102-23567-e40mc6.rb extconf.rb
creating Makefile
""",
    ),
    (
        "https://github.com/ruby/rubygems/issues/2248",
        ".txt",
        r"""$ gem env version
RubyGems Environment:
  - RUBYGEMS VERSION: 2.7.5
  - RUBY VERSION: 2.3.3 (2016-11-21 patchlevel 222) [x86_64-linux-gnu]
  - INSTALLATION DIRECTORY: /var/lib/gems/2.3.0
  - USER INSTALLATION DIRECTORY: /home/[[user:vesmirat]]{{keep:/.gem/ruby/2.3.0}}
  - RUBY EXECUTABLE: /usr/bin/ruby2.3
  - EXECUTABLE DIRECTORY: /usr/local/bin
  - SPEC CACHE DIRECTORY: /home/[[user:vesmirat]]/.gem/specs
  - SYSTEM CONFIGURATION DIRECTORY: /etc
  - GEM PATHS:
     - /var/lib/gems/2.3.0
     - /home/[[user:vesmirat]]/.gem/ruby/2.3.0
     - /usr/lib/x86_64-linux-gnu/rubygems-integration/2.3.0
""",
    ),
    (
        "https://github.com/gokrazy/tools/issues/22",
        ".txt",
        r"""❯ gokr-packer -overwrite=image -target_storage_bytes=1153441792 github.com/gokrazy/breakglass github.com/gokrazy/hello
2021/01/09 22:58:30 packer.go:412: building [github.com/gokrazy/breakglass github.com/gokrazy/hello]
2021/01/09 22:58:33 write.go:149: writing boot file system
cannot find package "github.com/gokrazy/rpi-eeprom" in any of:
        /usr/local/Cellar/go/1.15.6/libexec/src/github.com/gokrazy/rpi-eeprom (from $GOROOT)
        /Users/[[user:olfik]]{{keep:/go/src/github.com/gokrazy/rpi-eeprom}} (from $GOPATH)
2021/01/09 22:58:33 packer.go:917: [go list -f {{ .Dir }} github.com/gokrazy/rpi-eeprom]: exit status 1
""",
    ),
    (
        "https://github.com/golang/go/issues/44071",
        ".txt",
        r"""$ go env
GO111MODULE="on"
GOARCH="arm64"
GOBIN="/Users/{{keep:xxx}}/go/bin"
GOCACHE="/Users/{{keep:xxx}}/Library/Caches/go-build"
GOENV="/Users/{{keep:xxx}}/Library/Application Support/go/env"
GOMODCACHE="/myrepo/pkg/mod"
GOPATH="/myrepo:/myrepo:/Users/{{keep:xxx}}/go"
GOPROXY="https://goproxy.cn"
GOROOT="/usr/local/go"
GOMOD="/Users/{{keep:xxx}}/workspace/qqq/tmp/myrepo/go.mod"
GOGCCFLAGS="-fPIC -arch arm64 -pthread -fno-caret-diagnostics -Qunused-arguments -fmessage-length=0 -fdebug-prefix-map={{keep:/var/folders/4m/_n6dqhs920vbfbl4bywdzggr0000gn/T/go-build4192972607}}=/tmp/go-build -gno-record-gcc-switches -fno-common"
""",
    ),
    (
        "https://github.com/rust-lang/cargo/issues/10230",
        ".txt",
        r"""$ cargo build
    Updating crates.io index
error: failed to get `bytes` as a dependency of package `onenote_parser v0.3.0 (/home/{{keep:user}}/onenote.rs)`

Caused by:
  failed to load source for dependency `bytes`

Caused by:
  Unable to update registry `crates-io`

Caused by:
  failed to fetch `https://github.com/rust-lang/crates.io-index`
""",
    ),
    (
        "https://github.com/rust-lang/cargo/issues/10682",
        ".txt",
        r"""error: failed to get `gxxy` as a dependency of package `local-reg-regression v0.1.0 (/local/home/[[user:pakkel]]{{keep:/dev/tmp/local-reg-regression}})`

Caused by:
  failed to query replaced source registry `crates-io`

Caused by:
  failed to read `/local/home/[[user:pakkel]]/dev/tmp/local-reg-regression/local-registry/index/gx/xy/gxxy`

Caused by:
  No such file or directory (os error 2)
""",
    ),
    (
        "https://github.com/rust-lang/cargo/issues/3983",
        ".txt",
        r"""cargo update --verbose
Updating registry https://github.com/rust-lang/crates.io-index
error: failed to load source for a dependency on num

Caused by:
Unable to update registry https://github.com/rust-lang/crates.io-index

Caused by:
[20/-1] Cannot checkout to invalid path '3/n/nul'
""",
    ),
    # ---- terraform, helm, kubeconfig ---------------------------------------------------------
    (
        "https://github.com/GoogleCloudPlatform/terraformer/issues/184",
        ".txt",
        r"""2019/09/17 18:45:11 plugin error 1: open /Users/[[user:kmrtn]]{{keep:/.terraform.d/plugins/darwin_amd64}}: no such file or directory
2019/09/17 18:45:11 open /Users/[[user:kmrtn]]/.terraform.d/plugins/darwin_amd64: no such file or directory
""",
    ),
    (
        "https://github.com/JetBrains/package-search-gradle-plugins/issues/18",
        ".txt",
        r"""pushd build/terraform/main/runtimeExecution
env TF_DATA_DIR=../data ../../terraform_<version> apply "/home/[[user:tolqin]]{{keep:/altran/novartis/mosiac-fv/mosaic-backend/terraform/build/terraform/main/plan.bin}}"
""",
    ),
    (
        "https://github.com/mattiaperi/k3s-multipass-cluster/issues/1",
        ".txt",
        r"""[SUCCESS] Node k3s-worker3 k3s: Ready
[INFO] K3S_NODEIP_WORKER=192.168.64.26
[INFO] kubectl not configured because not "/Users/[[user:navid]]{{keep:/.kube/k3s.yaml}}" not writable
[INFO] Use i.e.: "multipass exec k3s-master kubectl cluster-info"
[INFO] [helm] Install
error: stat /Users/[[user:navid]]/.kube/k3s.yaml: no such file or directory
$HELM_HOME has been configured at /Users/[[user:navid]]/.helm.
Error: could not get kubernetes client: could not get Kubernetes config for context "": stat /Users/[[user:navid]]/.kube/k3s.yaml: no such file or directory
[ERROR] [helm] installation: KO
""",
    ),
    (
        "https://github.com/helm/helm/issues/7125",
        ".txt",
        r"""version.BuildInfo{Version:"v3.0.0", GitCommit:"{{keep:e29ce2a54e96cd02ccfce88bee4f58bb6e2a28b6}}", GitTreeState:"clean", GoVersion:"go1.13.4"}

helm.go:71: [debug] CreateFile kubeconfig-name: Das System kann die angegebene Datei nicht finden.
""",
    ),
    (
        "https://github.com/nocalhost/nocalhost/issues/22",
        ".txt",
        r"""helm install nocalhost-server ./nocalhost/deployments/chart --kubeconfig=./{{keep:cls-pc5oy0lu-config}}
Error: could not get Kubernetes config for context "": stat ./{{keep:cls-pc5oy0lu-config}}: no such file or directory
""",
    ),
    # ---- ansible -vvv ------------------------------------------------------------------------
    (
        "https://github.com/ansible/ansible/issues/36729",
        ".txt",
        r"""ansible HOST -i hosts -m ping -vvvv

<HOST> ESTABLISH SSH CONNECTION FOR USER: [[user:travn]]
<HOST> SSH: EXEC ssh -vvv -o ControlPersist=15m -o StrictHostKeyChecking=no -o KbdInteractiveAuthentication=no -o PreferredAuthentications=gssapi-with-mic,gssapi-keyex,hostbased,publickey -o PasswordAuthentication=no -o User=[[user:travn]] -o ConnectTimeout=10 -o ControlPath=/Users/[[user:joel]]{{keep:/.ansible/cp/700d958ec3}} HOST '/bin/sh -c '"'"'/usr/bin/python && sleep 0'"'"''
""",
    ),
    (
        "https://github.com/ansible/ansible/issues/17770",
        ".txt",
        r"""ansible mng -m setup -a 'gather_subset=!all' -vvvvvv

Using /home/[[user:gdrex]]/ansible-local/ansible.cfg as config file
Loading callback plugin minimal of type stdout, v2.0 from /home/[[user:gdrex]]{{keep:/ansible/lib/ansible/plugins/callback/__init__.pyc}}
Using module file /home/[[user:gdrex]]{{keep:/ansible/lib/ansible/modules/core/system/setup.py}}
<10.0.91.104> ESTABLISH SSH CONNECTION FOR USER: {{keep:root}}
<10.0.91.104> SSH: ANSIBLE_PRIVATE_KEY_FILE/private_key_file/ansible_ssh_private_key_file set: (-o)(IdentityFile="./vars/keys/ansible_id_rsa")
<10.0.91.104> SSH: ANSIBLE_REMOTE_USER/remote_user/ansible_user/user/-u set: (-o)(User={{keep:root}})
<10.0.91.104> SSH: found only ControlPersist; added ControlPath: (-o)(ControlPath=/home/[[user:gdrex]]/.ansible/cp/ansible-ssh-%h-%p-%r)
""",
    ),
    (
        "https://github.com/ansible/ansible/pull/12276",
        ".txt",
        r"""TASK [lnbis_stdbase : ensure resolv.conf is setup] *****************************
<192.168.35.16> ESTABLISH SSH CONNECTION FOR USER: {{keep:vagrant}}
<192.168.35.16> SSH: default arguments: (-o)(ControlMaster=auto)(-o)(ControlPersist=60s)
<192.168.35.16> SSH: ANSIBLE_PRIVATE_KEY_FILE/private_key_file/ansible_ssh_private_key_file set: (-o)(IdentityFile="/Users/[[user:pmurtagh]]{{keep:/.vagrant.d/insecure_private_key}}")
<192.168.35.16> SSH: ANSIBLE_REMOTE_USER/remote_user/ansible_ssh_user/user/-u set: (-o)(User={{keep:vagrant}})
<192.168.35.16> SSH: found only ControlPersist; added ControlPath: (-o)(ControlPath=/Users/[[user:pmurtagh]]/.ansible/cp/ansible-ssh-%h-%p-%r)
""",
    ),
    (
        "https://github.com/ansible/ansible/issues/16845",
        ".txt",
        r"""> ansible-playbook ../radia.yml -u {{keep:root}} -vvvvv

Using /Path/To/vagrant/ansible_vagrant.cfg as config file
Loaded callback default of type stdout, v2.0

TASK [bootstrap : install ansible minimum requirements] ************************
task path: /Path/To/roles/bootstrap/tasks/main.yml:2
<10.10.10.201> ESTABLISH SSH CONNECTION FOR USER: {{keep:root}}
<10.10.10.201> SSH: ANSIBLE_PRIVATE_KEY_FILE/private_key_file/ansible_ssh_private_key_file set: (-o)(IdentityFile="./ssh/vagrant")
""",
    ),
    # ---- .NET on Windows and Linux -----------------------------------------------------------
    (
        "https://github.com/dotnet/aspnetcore/issues/54938",
        ".txt",
        r"""C:\Users\[[user:KTORVALM]]{{keep:\.nuget\packages\microsoft.dotnet.arcade.sdk\8.0.0-beta.24165.4\tools\InstallDotNetCore.targets}}(15,5):
 error MSB4018:    at Microsoft.DotNet.Arcade.Sdk.InstallDotNetCore.Execute() [C:\Users\[[user:KTORVALM]]\.nuget\packages\micros
oft.dotnet.arcade.sdk\8.0.0-beta.24165.4\tools\Tools.proj]
C:\Users\[[user:KTORVALM]]\.nuget\packages\microsoft.dotnet.arcade.sdk\8.0.0-beta.24165.4\tools\InstallDotNetCore.targets(15,5):
 error MSB4018:  [C:\Users\[[user:KTORVALM]]\.nuget\packages\microsoft.dotnet.arcade.sdk\8.0.0-beta.24165.4\tools\Tools.proj]
""",
    ),
    (
        "https://github.com/dotnet/core/issues/8624",
        ".txt",
        r"""C:\Program Files\dotnet\sdk\7.0.306\Sdks\Microsoft.NET.Sdk\targets\Microsoft.PackageDependencyResolution.targets(266,5)
: error MSB4018: Unexpected error in task "ResolvePackageAssets". [C:\Users\[[user:Hugo]]{{keep:\MyApp\MyApp.csproj}}]
""",
    ),
    (
        "https://github.com/dotnet/core/issues/4436",
        ".txt",
        r"""D:\[[user:Marcus]]\Documents\Programming\myWebApp>dotnet --info
.NET Core SDK (reflecting any global.json):
 Version:   3.1.200
 Commit:    {{keep:c5123d973b}}

Runtime Environment:
 OS Name:     Windows
 OS Version:  10.0.18362
 OS Platform: Windows
 RID:         win10-x64
 Base Path:   C:\Program Files\dotnet\sdk\3.1.200\
""",
    ),
    (
        "https://github.com/dotnet/core/issues/6219",
        ".txt",
        r"""/usr/share/dotnet/sdk/5.0.202/Sdks/Microsoft.NET.Sdk/targets/Microsoft.NET.Sdk.FrameworkReferenceResolution.targets(326,5): error MSB4018:    at Microsoft.Build.BackEnd.TaskBuilder.ExecuteInstantiatedTask(ITaskExecutionHost taskExecutionHost, TaskLoggingContext taskLoggingContext, TaskHost taskHost, ItemBucket bucket, TaskExecutionMode howToExecuteTask) [/home/[[user:vikramp]]{{keep:/dotnetproject/demo1/demo1.csproj}}]

Build FAILED.
""",
    ),
    # ---- agent tools: Cursor's MCP log, an MCP multiplexer on Windows -----------------------
    (
        "https://github.com/BrowserMCP/mcp/issues/8",
        ".txt",
        r"""2025-04-08 14:39:37.696 [info] rmcp: Handling ReloadClient action
2025-04-08 14:39:37.696 [info] rmcp: getOrCreateClient for stdio server.  process.platform: darwin isElectron: true
2025-04-08 14:39:37.696 [info] rmcp: Starting new stdio process with command: npx @browsermcp/mcp@latest
2025-04-08 14:39:37.697 [error] rmcp: Client error for command A system error occurred (spawn npx ENOENT)
2025-04-08 14:39:37.697 [error] rmcp: Error in MCP: A system error occurred (spawn npx ENOENT)
2025-04-08 14:39:37.697 [info] rmcp: Client closed for command
2025-04-08 14:39:37.703 [error] rmcp: No server info found
""",
    ),
    (
        "https://github.com/portel-dev/ncp/issues/8",
        ".txt",
        r""" ncp list

Profiles ▶ MCPs

📦 all (14 MCPs)
  ├── github (not available)
  │   undefined
  ├── gitmcp (v1.1.0 | 5 tools)
  │   undefined
  ├── jetbrains (v2025.3 | 20 tools)
  │   IntelliJ IDEA MCP Server
  ├── terminal (not available)
  │   C:\Users\[[user:Brask]]{{keep:\scoop\apps\nodejs-lts\current\npx.cmd}} mcp-server-terminal
""",
    ),
    (
        "https://github.com/sdjmchattie/trmnl-plugin-dev-kit/issues/1",
        ".txt",
        r"""bundle install
/System/Library/Frameworks/Ruby.framework/Versions/2.6/usr/lib/ruby/2.6.0/rubygems.rb:283:in `find_spec_for_exe': Could not find 'bundler' (2.6.2) required by your /Users/{{keep:MY_USER}}/dev/web2/trmnl-plugin-dev-kit/Gemfile.lock. (Gem::GemNotFoundException)
To update to the latest version installed on your system, run `bundle update --bundler`.
To install the missing version, run `gem install bundler:2.6.2`
	from /System/Library/Frameworks/Ruby.framework/Versions/2.6/usr/lib/ruby/2.6.0/rubygems.rb:302:in `activate_bin_path'
	from /usr/bin/bundle:23:in `<main>'
""",
    ),
]


_RAW_STOP60: list[tuple[str, str, str]] = [
    # ---- logins in prompts of every shell: bash, zsh, fish, NixOS, macOS -----------------------
    (
        "https://github.com/hashicorp/vagrant/issues/11086",
        ".txt",
        r"""[[user:marcus]]@[[user:marcus]]-X541UJ:~/Desktop/Ubuntu 18.04$ ssh {{keep:student}}@127.0.0.1 -p 2222
{{keep:student}}@127.0.0.1: Permission denied (publickey).

{{keep:vagrant}}@ubuntu-bionic:~$ finger {{keep:student}}
Login: {{keep:student}} Name: {{keep:Learner}}
Directory: /home/{{keep:student}} Shell: /bin/bash
Never logged in.
No mail.
No Plan.
""",
    ),
    (
        "https://github.com/fish-shell/fish-shell/issues/7370",
        ".txt",
        r"""fish: Unknown command: hostname
~/.config/fish/functions/fish_prompt.fish (line 1): 
hostname| cut -d . -f 1
^
in command substitution
	called on line 4 of file ~/.config/fish/functions/fish_prompt.fish
in function 'fish_prompt'
in command substitution
[[user:kzrodan]]@:~
$  
""",
    ),
    (
        "https://github.com/nickjj/docker-flask-example/issues/19",
        ".txt",
        r"""[[[user:nuno]]@nixos:~/test/ruby_projects/docker-flask-example]$ docker compose run web mkdir public/js
[+] Building 0.0s (0/0)                                                                  docker:default
[+] Creating 2/0
 ✔ Container helloflask-redis-1     Created                                                        0.0s 
 ✔ Container helloflask-postgres-1  Created                                                        0.0s 
[+] Running 2/2
 ✔ Container helloflask-redis-1     Started
mkdir: cannot create directory 'public/js': Permission denied
""",
    ),
    (
        "https://github.com/nodejs/node-v0.x-archive/issues/13861",
        ".txt",
        r"""[[user:bryce]]@MasterMyUPlay ~ % where npm
npm not found
[[user:bryce]]@MasterMyUPlay ~ % ll
zsh: command not found: ll
[[user:bryce]]@MasterMyUPlay ~ % npm
zsh: permission denied: npm

./npm/bin:
...
-rwx-----T 1 {{keep:root}} {{keep:root}}  340 Jun 18  2014 npm
-rwx-----T 1 {{keep:root}} {{keep:root}} 1887 Mar 24 15:44 npm-cli.js
""",
    ),
    (
        "https://github.com/zowe/zowe-cli/issues/445",
        ".txt",
        r"""npm ERR! code E401
npm ERR! Unable to authenticate, need: Basic realm="Artifactory Realm"

npm ERR! A complete log of this run can be found in:
npm ERR!     /Users/[[user:vk]]{{keep:/.npm/_logs/2019-06-08T07_54_11_309Z-debug.log}}

[[user:VK]]deMacBook-Pro:zowe-cli [[user:vk]]$ npm login
Username: [[user:vkdesk]]
Password: 
Email: (this IS public) 
Logged in as [[user:vkdesk]] on https://registry.npmjs.org/.
""",
    ),
    (
        "https://github.com/mikeizbicki/ucr-cs100/issues/281",
        ".txt",
        r"""[[user:tvarg314]]@hammer $ git push
error: The requested URL returned error: 403 Forbidden while accessing https://github.com/hmndez042/rshell.git/info/refs
fatal: HTTP request failed
""",
    ),
    # ---- ls -l and ps owner columns ---------------------------------------------------------------
    (
        "https://github.com/oleics/node-filewalker/issues/1",
        ".txt",
        r"""Error: EACCES, permission denied '/var/folders/jc/{{keep:n1zysws08xj_920059_sntth0000gn}}/T/npm-1333775057969/1333775057969-0.1420841955114156/___package.npm/package/examples/fw.js'

drw-rw-rw-  2 [[user:markwellsby]]  {{keep:staff}}  68 Apr  2 13:38 /var/folders/jc/{{keep:n1zysws08xj_920059_sntth0000gn}}/T/npm-1333774916158/1333774916158-0.5865603827405721/___package.npm/package/examples/

$ tar tvfz /var/folders/jc/{{keep:n1zysws08xj_920059_sntth0000gn}}/T/npm-1333775057969/1333775057969-0.1420841955114156/tmp.tgz
-rw-rw-rw-  0 0      0          51 Apr  2 13:38 package/.travis.yml
drw-rw-rw-  0 0      0           0 Apr  2 13:38 package/examples/
-rw-rw-rw-  0 0      0        4008 Apr  2 13:38 package/examples/fw.js
""",
    ),
    (
        "https://github.com/jvz/psgrep/issues/8",
        ".txt",
        r"""$ \psgrep LaunchPad
USER         PID %CPU %MEM    VSZ   RSS TTY      STAT START   TIME COMMAND
[[user:liam]]     2351019  1.6  0.9 2545688 159852 pts/7  Rl+  10:35   2:15 C:\Program Files (x86)\Steam\steamapps\common\Sid Meier's Civilization V\LaunchPad\QtWebEngineProcess.exe --type=renderer --disable-gpu-memory-buffer-video-frames --enable-threaded-compositing --disable-mojo-local-storage --no-sandbox --use-gl=desktop --enable-features=AllowContentInitiatedDataUrlNavigations --disable-features=SurfaceSynchronization,TouchpadAndWheelScrollLatching --service-pipe-token={{keep:BE8409F8DDCFA11CC7A4961E6260AFCC}} --lang=en-US --device-scale-factor=1 --num-raster-threads=4 --enable-main-frame-before-activation --service-request-channel-token=BE8409F8DDCFA11CC7A4961E6260AFCC --renderer-client-id=3 --mojo-platform-channel-handle=1236 /prefetch:1
[[user:liam]]     2351021  1.6  0.9 2546764 159980 pts/7  Rl+  10:35   2:15 C:\Program Files (x86)\Steam\steamapps\common\Sid Meier's Civilization V\LaunchPad\QtWebEngineProcess.exe --type=renderer --disable-gpu-memory-buffer-video-frames --enable-threaded-compositing --disable-mojo-local-storage --no-sandbox --use-gl=desktop --enable-features=AllowContentInitiatedDataUrlNavigations --disable-features=SurfaceSynchronization,TouchpadAndWheelScrollLatching --service-pipe-token={{keep:33DDD188782FA0D04180898B49409B0C}} --lang=en-US --device-scale-factor=1
""",
    ),
    # ---- ssh, rsync and ansible -vvv: the login a connection is made as -----------------------------
    (
        "https://github.com/mattijs/node-rsync/issues/11",
        ".txt",
        r"""[Error: rsync exited with code 14]

rsync -av --rsh="ssh -i /home/[[user:wiktor]]{{keep:/.ssh/rs/rsync}}" /tmp/logs/KMJzx9fzb/*.gz [[user:wiktor]]@192.168.1.2:~/logs
""",
    ),
    (
        "https://github.com/thomaspaulmann/Swish/issues/4",
        ".txt",
        r"""-----------------------------
Configuration:
-----------------------------
Username: [[user:zenvault]]
Hostname: vapor.codes
Destination: ~/Swish/HelloExternal
-----------------------------
🚀  Start syncing project to [[user:zenvault]]@vapor.codes:~/Swish/HelloExternal
building file list ... 
 0 files...
39 files to consider
rsync: connection unexpectedly closed (8 bytes received so far) [sender]
rsync error: error in rsync protocol data stream (code 12) at /BuildRoot/Library/Caches/com.apple.xbs/Sources/rsync/rsync-51/rsync/io.c(453) [sender=2.6.9]
Command /bin/bash failed with exit code 12
""",
    ),
    (
        "https://github.com/ansible/ansible/issues/44493",
        ".txt",
        r"""{{keep:admin}}@adm-ansible:~$ ansible freebsd --become --become-method=sudo  -m command -a 'whoami' -u [[user:morwenn]] -e ansible_become_yes=True -vvv
ansible 2.6.3
  config file = /etc/ansible/ansible.cfg
  configured module search path = [u'/home/{{keep:admin}}/.ansible/plugins/modules', u'/usr/share/ansible/plugins/modules']
  ansible python module location = /usr/lib/python2.7/dist-packages/ansible
  executable location = /usr/bin/ansible
  python version = 2.7.15rc1 (default, Apr 15 2018, 21:51:34) [GCC 7.3.0]
Using /etc/ansible/ansible.cfg as config file
Parsed /etc/ansible/hosts inventory source with ini plugin
META: ran handlers
<10.0.3.196> ESTABLISH SSH CONNECTION FOR USER: [[user:morwenn]]
<10.0.3.196> SSH: EXEC ssh -C -o ControlMaster=auto -o ControlPersist=60s -o StrictHostKeyChecking=no -o KbdInteractiveAuthentication=no -o PreferredAuthentications=gssapi-with-mic,gssapi-keyex,hostbased,publickey -o PasswordAuthentication=no -o User=[[user:morwenn]] -o ConnectTimeout=10 -o ControlPath=/home/{{keep:admin}}/.ansible/cp/{{keep:0938d9ca98}} 10.0.3.196 '/bin/sh -c '"'"'echo ~[[user:morwenn]] && sleep 0'"'"''
""",
    ),
    (
        "https://github.com/ansible/ansible/issues/73802",
        ".txt",
        r"""<node1.local> Attempting python interpreter discovery
<node1.local> ESTABLISH SSH CONNECTION FOR USER: [[user:qib]]
<node1.local> SSH: EXEC sshpass -d49 ssh -vvv -o ControlMaster=auto -o ControlPersist=30m -o ConnectionAttempts=100 -o UserKnownHostsFile=/dev/null -o StrictHostKeyChecking=no -o Port=22 -o 'User="[[user:qib]]"' -o ConnectTimeout=10 -o ControlPath=/Users/[[user:zuv]]{{keep:/.ansible/cp/f2ceea46b4}} node1.local
""",
    ),
    # ---- database roles and users in connection errors --------------------------------------------
    (
        "https://github.com/TablePlus/TablePlus/issues/875",
        ".txt",
        r"""FATAL: role "[[user:Dariella]]" does not exist
Database is disconnected. Tap to reconnect.
FATAL: role "[[user:Dariella]]" does not exist
""",
    ),
    (
        "https://github.com/mysqljs/mysql/issues/2017",
        ".txt",
        r"""ER_ACCESS_DENIED_ERROR: Access denied for user '[[user:gilberto]]'@'localhost' (using password: YES)
""",
    ),
    (
        "https://github.com/Skyvern-AI/skyvern/issues/4136",
        ".txt",
        r"""docker run -d  --name postgresql-container  -p 5435:5432 -e POSTGRES_PASSWORD=[[secret:tottenham5]] -e PGDATA=/var/lib/postgresql/data/pgdata  postgres

 PostgreSQL is already running in a Docker container.
🚀 Creating database user...
✅ Database user created.
🚀 Creating database...
✅ Database and user created successfully.
📊 Running database migrations...
Alembic mode:  online
Alembic: no running loop
Error during quickstart: (psycopg.OperationalError) connection failed: fe_sendauth: no password supplied
(Background on this error at: https://sqlalche.me/e/20/e3q8)
""",
    ),
    # ---- git's and npm's login prompts, sudo's refusal --------------------------------------------
    (
        "https://github.com/cmderdev/cmder/issues/1124",
        ".txt",
        r"""Username for 'https://github.com': [[user:quadrohex]] error: failed to execute prompt script (exit code 5) fatal: 
could not read Username for 'https://github.com': Invalid argument
""",
    ),
    (
        "https://github.com/FreeBSD-Ask/FreeBSD-Ask/pull/130",
        ".txt",
        r"""[[user:xiu]] 不是 sudoers 文件。该事件已报告给管理员。
""",
    ),
    # ---- homes in PowerShell errors and tracebacks through site-packages ----------------------------
    (
        "https://github.com/ptytb/pips/issues/1",
        ".txt",
        r"""Exception calling "ExtractAssociatedIcon" with "1" argument(s): "La valeur de 'null' n'est pas valide pour
At C:\Users\[[user:Gaspar]]{{keep:\Desktop\Pips-Gui\pips.psm1}}:776 char:5
+     $form.Icon = [System.Drawing.Icon]::ExtractAssociatedIcon($iconPa ...
+     ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : NotSpecified: (:) [], MethodInvocationException
    + FullyQualifiedErrorId : ArgumentException

dir : Cannot find path 'C:\Users\[[user:Gaspar]]{{keep:\AppData\Local\Programs\Python}}' because it does not exist.
At C:\Users\[[user:Gaspar]]\Desktop\Pips-Gui\pips.psm1:383 char:20
+     foreach ($d in dir "$env:LOCALAPPDATA\Programs\Python") {
+                    ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : ObjectNotFound: (C:\Users\[[user:Gaspar]]...Programs\Python:String) [Get-ChildItem],
    + FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.GetChildItemCommand
""",
    ),
    # ---- a CI log's user, git's config listing, gh's account, a cmd prompt under conda ----------------
    (
        "https://github.com/jenkinsci/ghprb-plugin/issues/679",
        ".txt",
        r"""Started by user [[user:pvenkatesh]]
[EnvInject] - Loading node environment variables.
Building in workspace /var/lib/jenkins/workspace/Squiz-preproduction-new-repo/All Squiz Sites PreProd Desktop Visual Tests
 > git rev-parse --is-inside-work-tree # timeout=10
Fetching changes from the remote Git repository
 > git config remote.origin.url https://[[user:prakashvenkatesh]]@bitbucket.org/dec-ce/doe-automation.git # timeout=10
Fetching upstream changes from https://[[user:prakashvenkatesh]]@bitbucket.org/dec-ce/doe-automation.git
 > git --version # timeout=10
using GIT_ASKPASS to set credentials 
 > git fetch --tags --progress https://[[user:prakashvenkatesh]]@bitbucket.org/dec-ce/doe-automation.git +refs/heads/*:refs/remotes/origin/*
Checking out Revision {{keep:a3793b0d85f2b54608226dbb00581beb43177dd8}} (refs/remotes/origin/GXF-2469-update-webdriver-in-pom-file)
""",
    ),
    (
        "https://github.com/git-lfs/git-lfs/issues/5806",
        ".txt",
        r"""file:/etc/gitconfig	filter.lfs.clean=git-lfs clean -- %f
file:/etc/gitconfig	filter.lfs.smudge=git-lfs smudge -- %f
file:/etc/gitconfig	filter.lfs.process=git-lfs filter-process
file:/etc/gitconfig	filter.lfs.required=true
file:/home/[[user:kwdmm]]{{keep:/.config/git/config}}	user.name=[[user:kwdmm]]
file:/home/[[user:kwdmm]]/.config/git/config	user.email=[[email:kwdmm.t4p9x@slmail.me]]
file:/home/[[user:kwdmm]]/.config/git/config	user.signingkey={{keep:7A41D09E3C55B2F8}}
file:/home/[[user:kwdmm]]/.config/git/config	credential.helper=/usr/libexec/git-core/git-credential-libsecret
file:/home/[[user:kwdmm]]/.config/git/config	interactive.difffilter=delta --color-only --features=interactive
file:/home/[[user:kwdmm]]/.config/git/config	delta.navigate=true
""",
    ),
    (
        "https://github.com/justinmk/guh.nvim/issues/88",
        ".txt",
        r"""!gh auth status --hostname github.com
  ✓ Logged in to github.com account [[user:Vorlenta]] (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: {{keep:gho_************************************}}
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'
""",
    ),
    (
        "https://github.com/conda/conda/issues/4584",
        ".txt",
        r"""(C:\ProgramData\Anaconda3) C:\Users\[[user:MARINOTEK]]>conda info
Current conda install:

           platform : win-64
      conda version : 4.3.8
   conda is private : False
  conda-env version : 4.3.8
conda-build version : not installed
     python version : 3.6.0.final.0
   requests version : 2.12.4
   root environment : C:\ProgramData\Anaconda3  (writable)
default environment : C:\ProgramData\Anaconda3
   envs directories : C:\ProgramData\Anaconda3\envs
      package cache : C:\ProgramData\Anaconda3\pkgs
        config file : C:\Users\[[user:MARINOTEK]]{{keep:\.condarc}}
       offline mode : False
         user-agent : conda/4.3.8 requests/2.12.4 CPython/3.6.0 Windows/10 Windows/10.0.14393

(C:\ProgramData\Anaconda3) C:\Users\[[user:MARINOTEK]]>
""",
    ),
    # ---- clean: documented defaults, placeholders and test accounts -------------------------------
    (
        "https://github.com/martingeorg/tmpfs-mysql/issues/19",
        ".txt",
        r"""> mysql -u {{keep:tmpfs}} --port=3344 --host=localhost --password={{keep:drowssap}}

> ERROR 1045 (28000): Access denied for user '{{keep:tmpfs}}'@'localhost' (using password: YES)

mysql -u {{keep:tmpfs}} --port=3344 --host=0.0.0.0 --password={{keep:drowssap}}
""",
    ),
    (
        "https://github.com/realpython/flask-jwt-auth/issues/19",
        ".txt",
        r"""{{keep:postgresql://postgres:@localhost/flask_jwt_auth}}
{{keep:postgresql://postgres:postgres@localhost/flask_jwt_auth}}
{{keep:postgresql://user:password@localhost/database_name}}
""",
    ),
    (
        "https://github.com/weber-software/diuid/issues/18",
        ".txt",
        r"""# docker run -it --rm -e DIUID_DOCKERD_FLAGS="--group docker" weberlars/diuid bash
{{keep:root}}# useradd -m -G docker {{keep:penguin}} && chsh -s /bin/bash {{keep:penguin}} && su - {{keep:penguin}}
{{keep:penguin}}$ docker ps # Got permission denied...
{{keep:penguin}}$ stat /var/run/docker.sock
Access: (0600/srw-------)  Uid: (    0/    {{keep:root}})   Gid: (    0/    {{keep:root}})
""",
    ),
    (
        "https://github.com/emerleite/node-gravatar/issues/24",
        ".txt",
        r"""{{keep:user}}@support ~bb (git)-[develop] % npm i                                                        :(
npm ERR! Linux 4.2.5-1-ARCH
npm ERR! argv "/usr/local/bin/node" "/usr/local/bin/npm" "i"
npm ERR! node v4.2.2
npm ERR! npm  v2.14.7
npm ERR! path /srv/http/domain/example.com/social/node_modules/gravatar/cli.js
npm ERR! code EPERM
npm ERR! errno -1
npm ERR! syscall chmod

npm ERR! Error: EPERM: operation not permitted, chmod '/srv/http/domain/example.com/social/node_modules/gravatar/cli.js'
""",
    ),
    (
        "https://github.com/louislam/uptime-kuma/issues/4067",
        ".txt",
        r"""$ cd uptime-kuma

{{keep:Administrator}}@WIN-GVHMO0H60DQ MINGW64 /d/01/uptime-kuma (master)
$ npm run setup
node:internal/modules/cjs/loader:1080
  throw err;
  ^

Error: Cannot find module './es6/validate-engines.js'
Require stack:
- C:\Users\{{keep:Administrator}}\AppData\Roaming\npm\node_modules\npm\lib\cli.js
- C:\Users\{{keep:Administrator}}\AppData\Roaming\npm\node_modules\npm\bin\npm-cli.js
    at Module._resolveFilename (node:internal/modules/cjs/loader:1077:15)
    at Module._load (node:internal/modules/cjs/loader:922:27)
    at Module.require (node:internal/modules/cjs/loader:1143:19)
    at require (node:internal/modules/cjs/helpers:119:18)
    at Object.<anonymous> (C:\Users\{{keep:Administrator}}\AppData\Roaming\npm\node_modules\npm\lib\cli.js:1:25)
""",
    ),
    (
        "https://github.com/ironmansoftware/powershell-universal/issues/3638",
        ".txt",
        r"""Copy-Item : Cannot find path 'C:\Users\{{keep:WDAGUtilityAccount}}\testPSUComponent\public' because it does not exist.

PS C:\Users\{{keep:WDAGUtilityAccount}}\testPSUComponent> invoke-build
Build . C:\Users\{{keep:WDAGUtilityAccount}}\testPSUComponent\component.build.ps1
Task /./Build

added 861 packages, and audited 862 packages in 21s

27 packages are looking for funding
  run `npm fund` for details
""",
    ),
    (
        "https://github.com/codemzy/static-blog/issues/5",
        ".txt",
        r"""PS C:\Users\{{keep:username}}\Desktop\static-blog-main\static-blog-main> npm run build

> static-blog@0.1.1 build
> FULL=true npm run build-static && npm run build-css && npm run build-js

'FULL' is not recognized as an internal or external command,
operable program or batch file.
PS C:\Users\{{keep:username}}\Desktop\static-blog-main\static-blog-main>
""",
    ),
    (
        "https://github.com/cli/cli/issues/12133",
        ".txt",
        r"""gh auth status
github.com
  ✓ Logged in to github.com account {{keep:work-username}} (keyring)
  - Active account: true
  - Git operations protocol: https
  - Token: {{keep:gho_************************************}}
  - Token scopes: 'gist', 'read:org', 'repo', 'workflow'

gh api /user | jq -r .name
{{keep:dev-username}}
""",
    ),
]


def documents(batch: int | None = None) -> list[RealDocument]:
    """The documents of one collection (``40``, ``42`` to ``87``, ``89``), or of all."""
    out: list[RealDocument] = []
    seen: dict[str, int] = {}
    for number, raw in (
        (40, _RAW),
        (42, _RAW_STOP42),
        (43, _RAW_STOP43),
        (44, _RAW_STOP44),
        (45, _RAW_STOP45),
        (46, _RAW_STOP46),
        (47, _RAW_STOP47),
        (48, _RAW_STOP48),
        (49, _RAW_STOP49),
        (50, _RAW_STOP50),
        (51, _RAW_STOP51),
        (52, _RAW_STOP52),
        (53, _RAW_STOP53),
        (54, _RAW_STOP54),
        (55, _RAW_STOP55),
        (56, _RAW_STOP56),
        (57, _RAW_STOP57),
        (58, _RAW_STOP58),
        (59, _RAW_STOP59),
        (60, _RAW_STOP60),
        (61, _RAW_STOP61),
        (62, _RAW_STOP62),
        (63, _RAW_STOP63),
        (64, _RAW_STOP64),
        (65, _RAW_STOP65),
        (66, _RAW_STOP66),
        (67, _RAW_STOP67),
        (68, _RAW_STOP68),
        (69, _RAW_STOP69),
        (70, _RAW_STOP70),
        (71, _RAW_STOP71),
        (72, _RAW_STOP72),
        (73, _RAW_STOP73),
        (74, _RAW_STOP74),
        (75, _RAW_STOP75),
        (76, _RAW_STOP76),
        (77, _RAW_STOP77),
        (78, _RAW_STOP78),
        (79, _RAW_STOP79),
        (80, _RAW_STOP80),
        (81, _RAW_STOP81),
        (82, _RAW_STOP82),
        (83, _RAW_STOP83),
        (84, _RAW_STOP84),
        (85, _RAW_STOP85),
        (86, _RAW_STOP86),
        (87, _RAW_STOP87),
        (89, _RAW_STOP89),
    ):
        if batch not in (None, number):
            continue
        for url, suffix, text in raw:
            base = url.removeprefix("https://github.com/").removeprefix("http://")
            base = base.replace("/", "-")
            seen[base] = seen.get(base, 0) + 1
            name = base if seen[base] == 1 else f"{base}-{seen[base]}"
            out.append(RealDocument(parse(name, url, text), suffix, number))
    return out


_RAW_STOP61: list[tuple[str, str, str]] = [
    # ---- npm, yarn and firebase logs committed beside the code ------------------------------
    (
        "https://github.com/0000marcell/Pomodoro-NW/blob/0d23a25132b077e4671d21ad309a7087ca010ed1/npm-debug.log",
        ".txt",
        r"""0 info it worked if it ends with ok
1 verbose cli [ '/Users/[[user:dorvell]]{{keep:/.nvm/versions/node/v6.0.0/bin/node}}',
1 verbose cli   '/Users/[[user:dorvell]]/.nvm/versions/node/v6.0.0/bin/npm',
1 verbose cli   'run',
1 verbose cli   'buil' ]
2 info using npm@3.8.6
3 info using node@v6.0.0
4 verbose stack Error: missing script: buil
4 verbose stack     at run (/Users/[[user:dorvell]]{{keep:/.nvm/versions/node/v6.0.0/lib/node_modules/npm/lib/run-script.js:147:19}})
4 verbose stack     at /Users/[[user:dorvell]]/.nvm/versions/node/v6.0.0/lib/node_modules/npm/lib/run-script.js:57:5
4 verbose stack     at tryToString (fs.js:449:3)
4 verbose stack     at FSReqWrap.readFileAfterClose [as oncomplete] (fs.js:436:12)
5 verbose cwd /Users/[[user:dorvell]]/Documents/github/Pomodoro-NW/pomodoro-nw
6 error Darwin 15.3.0
7 error argv "/Users/[[user:dorvell]]/.nvm/versions/node/v6.0.0/bin/node" "/Users/[[user:dorvell]]/.nvm/versions/node/v6.0.0/bin/npm" "run" "buil"
8 error node v6.0.0
9 error npm  v3.8.6
10 error missing script: buil
12 verbose exit [ 1, true ]
""",
    ),
    (
        "https://github.com/0010abhi/MEANAPP/blob/2453af6e1c1ffb58de2b208464a5de2157aeb476/npm-debug.log",
        ".txt",
        r"""0 info it worked if it ends with ok
1 verbose cli [ 'C:\\nodejs\\node.exe',
1 verbose cli   'C:\\nodejs\\node_modules\\npm\\bin\\npm-cli.js',
1 verbose cli   'start' ]
2 info using npm@2.15.0
3 info using node@v4.4.2
4 verbose run-script [ 'prestart', 'start', 'poststart' ]
8 info pmpapp@0.0.0 Failed to exec start script
9 verbose stack Error: pmpapp@0.0.0 start: `node ./bin/www`
9 verbose stack Exit status 1
9 verbose stack     at EventEmitter.<anonymous> (C:\nodejs\node_modules\npm\lib\utils\lifecycle.js:217:16)
9 verbose stack     at ChildProcess.<anonymous> (C:\nodejs\node_modules\npm\lib\utils\spawn.js:24:14)
10 verbose pkgid pmpapp@0.0.0
11 verbose cwd C:\Users\[[user:Trixie]]{{keep:\Desktop\MeanAppRepo\MEANAPP}}
12 error Windows_NT 6.1.7600
13 error argv "C:\\nodejs\\node.exe" "C:\\nodejs\\node_modules\\npm\\bin\\npm-cli.js" "start"
14 error node v4.4.2
15 error npm  v2.15.0
16 error code ELIFECYCLE
""",
    ),
    (
        "https://github.com/007design/time_cube/blob/9e30c1ec8303372e1061df0f52b5a4efd078e518/npm-debug.log",
        ".txt",
        r"""1 verbose cli [ '/Users/[[user:tgrau]]{{keep:/.nvm/versions/node/v5.0.0/bin/node}}',
1 verbose cli   '/Users/[[user:tgrau]]/.nvm/versions/node/v5.0.0/bin/npm',
1 verbose cli   'run',
1 verbose cli   'server' ]
2 info using npm@3.3.6
3 info using node@v5.0.0
8 verbose lifecycle time_cube_server@0.0.1~server: unsafe-perm in lifecycle true
9 verbose lifecycle time_cube_server@0.0.1~server: PATH: /Users/[[user:tgrau]]/.nvm/versions/node/v5.0.0/lib/node_modules/npm/bin/node-gyp-bin:/Users/[[user:tgrau]]{{keep:/src/time_cube_server/node_modules/.bin}}:/Users/[[user:tgrau]]/.nvm/versions/node/v5.0.0/bin:/opt/local/bin:/opt/local/sbin:/Users/[[user:tgrau]]{{keep:/.rvm/gems/ruby-2.1.0/bin}}:/Users/[[user:tgrau]]/.rvm/gems/ruby-2.1.0@global/bin:/Users/[[user:tgrau]]/.rvm/rubies/ruby-2.1.0/bin:bin:/opt/boxen/bin:/opt/boxen/homebrew/bin:/opt/boxen/homebrew/sbin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/usr/local/git/bin:/usr/local/munki:/opt/boxen/homebrew/Cellar/ruby/2.1.0/bin:/opt/boxen/homebrew/lib/node_modules/coffee-script/bin:/Users/[[user:tgrau]]/.rvm/bin:/Users/[[user:tgrau]]/.rvm/bin
10 verbose lifecycle time_cube_server@0.0.1~server: CWD: /Users/[[user:tgrau]]/src/time_cube_server
11 silly lifecycle time_cube_server@0.0.1~server: Args: [ '-c', 'node start_server.js' ]
12 silly lifecycle time_cube_server@0.0.1~server: Returned: code: 1  signal: null
14 verbose stack Error: time_cube_server@0.0.1 server: `node start_server.js`
14 verbose stack Exit status 1
14 verbose stack     at EventEmitter.<anonymous> (/Users/[[user:tgrau]]{{keep:/.nvm/versions/node/v5.0.0/lib/node_modules/npm/lib/utils/lifecycle.js:233:16}})
14 verbose stack     at emitTwo (events.js:87:13)
16 verbose cwd /Users/[[user:tgrau]]/src/time_cube_server
17 error Darwin 16.6.0
""",
    ),
    (
        "https://github.com/0000Blaze/blog-frontend/blob/02f02a1caab95c781f43ffbc7f263a9d2f8bc338/yarn-error.log",
        ".txt",
        r"""Arguments: 
  /usr/local/bin/node /usr/local/bin/yarn add eslint-config-airbnb eslint-config-prettier eslint-plugin-jsz-a11y eslint-plugin-prettier eslint-plugin-react eslint-plugin-react-hooks eslint-plugin-security eslint-plugin-simple-import-sort eslint-plugin-sonarjs -D

PATH: 
  /home/[[user:kiran]]{{keep:/.local/bin}}:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin:/usr/games:/usr/local/games:/snap/bin:/snap/bin

Yarn version: 
  1.22.19

Node version: 
  18.3.0

Platform: 
  linux x64

Trace: 
  Error: https://registry.yarnpkg.com/eslint-plugin-jsz-a11y: Not found
      at params.callback [as _callback] (/usr/local/lib/node_modules/yarn/lib/cli.js:66145:18)
      at self.callback (/usr/local/lib/node_modules/yarn/lib/cli.js:140890:22)
      at Request.emit (node:events:527:28)

npm manifest: 
  {
    "name": "blogsite",
    "version": "0.1.0",
    "private": true,
""",
    ),
    (
        "https://github.com/0010capacity/optimal-route-planner/blob/1c3efa56b62fec5cbccd67f250b8ed82b31e7cc2/firebase-debug.log",
        ".txt",
        r"""[debug] [2025-09-06T06:15:29.239Z] ----------------------------------------------------------------------
[debug] [2025-09-06T06:15:29.241Z] Command:       /opt/homebrew/Cellar/node/24.7.0/bin/node /opt/homebrew/bin/firebase init
[debug] [2025-09-06T06:15:29.241Z] CLI Version:   14.15.2
[debug] [2025-09-06T06:15:29.241Z] Platform:      darwin
[debug] [2025-09-06T06:15:29.241Z] Node Version:  v24.7.0
[debug] [2025-09-06T06:15:29.241Z] Time:          Sat Sep 06 2025 15:15:29 GMT+0900 (Korean Standard Time)
[debug] [2025-09-06T06:15:29.241Z] ----------------------------------------------------------------------
[debug] 
[debug] [2025-09-06T06:15:29.243Z] > command requires scopes: ["email","openid","https://www.googleapis.com/auth/cloudplatformprojects.readonly","https://www.googleapis.com/auth/firebase","https://www.googleapis.com/auth/cloud-platform"]
[debug] [2025-09-06T06:15:29.243Z] > authorizing via signed-in user ([[email:0070velocity@gmail.com]])
[info] 
You're about to initialize a Firebase project in this directory:

  /Users/[[user:jin]]{{keep:/Documents/GitHub/optimal-route-planner}}
""",
    ),
    # ---- virtual environments and conda environments: pyvenv.cfg, environment.yml -----------
    (
        "https://github.com/0-jwook/YourColor/blob/92c96cab7004ddd97ccb11939345672da0c92271/pyvenv.cfg",
        ".txt",
        r"""home = /Library/Frameworks/Python.framework/Versions/3.13/bin
include-system-site-packages = false
version = 3.13.1
executable = /Library/Frameworks/Python.framework/Versions/3.13/bin/python3.13
command = /Library/Frameworks/Python.framework/Versions/3.13/bin/python3 -m venv /Users/[[user:baekjunho]]{{keep:/Desktop/FastAPI/myapi}}
""",
    ),
    (
        "https://github.com/00PJH/KOBERT_news_title/blob/d9063f25f4706e699c6f63b4c7ab705aadf32bf8/pyvenv.cfg",
        ".txt",
        r"""home = /home/[[user:ksw]]{{keep:/Practice_kobart/bin}}
include-system-site-packages = false
version = 3.10.12
""",
    ),
    (
        "https://github.com/00life/PythonSeleniumChrome/blob/ebee41c093c3fab690d2f6b4439575218f7ee5b0/pyvenv.cfg",
        ".txt",
        r"""home = C:\Users\[[user:T817]]{{keep:\AppData\Local\Programs\Python\Python311}}
include-system-site-packages = false
version = 3.11.1
executable = C:\Users\[[user:T817]]{{keep:\AppData\Local\Programs\Python\Python311\python.exe}}
command = C:\Users\[[user:T817]]\AppData\Local\Programs\Python\Python311\python.exe -m venv C:\Users\[[user:T817]]{{keep:\Desktop\Coding Projects\Python\Chrome Selenium Kijiji Ads}}
""",
    ),
    (
        "https://github.com/0-ok-0/anime/blob/644927d44b7dbaed1f5b183cf3d52691f43ce2b3/pyvenv.cfg",
        ".txt",
        r"""home = C:\Users\{{keep:user}}\AppData\Local\Microsoft\WindowsApps\PythonSoftwareFoundation.Python.3.11_{{keep:qbz5n2kfra8p0}}
include-system-site-packages = false
version = 3.11.9
executable = C:\Users\user\AppData\Local\Microsoft\WindowsApps\PythonSoftwareFoundation.Python.3.11_qbz5n2kfra8p0\python.exe
command = C:\Users\user\AppData\Local\Microsoft\WindowsApps\PythonSoftwareFoundation.Python.3.11_qbz5n2kfra8p0\python.exe -m venv C:\Users\user\Documents\GitHub\animedia
""",
    ),
    (
        "https://github.com/00ber/Deep-Q-Networks/blob/522e978a3b72df960b1a01651fa45a712394df6f/environment.yml",
        ".yaml",
        r"""name: mlrl
channels:
  - pytorch
  - defaults
dependencies:
  - blas=1.0=mkl
  - ca-certificates=2022.10.11={{keep:hecd8cb5_0}}
  - numpy=1.21.5=py37h2e5f0a9_3
  - python=3.7.3=h359304d_0
  - pytorch=1.13.1=py3.7_0
  - zstd=1.5.2=hcb37349_0
  - pip:
      - ale-py==0.7.5
      - gym==0.21.0
      - gym-retro==0.8.0
prefix: /Users/[[user:thapasandeep]]{{keep:/miniconda3/envs/mlrl}}
""",
    ),
    (
        "https://github.com/000abhay/GraphDTA/blob/895490fc261b0e449dc4c257464902dba11c9db1/environment.yml",
        ".yaml",
        r"""name: graphdta
channels:
  - conda-forge
  - pytorch
dependencies:
  - python=3.8
  - pytorch
  - numpy
  - pandas
  - scipy
  - scikit-learn
  - matplotlib
  - networkx
  - rdkit
  - pip
  - pip:
      - torch-geometric
      - torch-scatter
      - torch-sparse
      - torch-cluster
""",
    ),
    # ---- editor and IDE files: .vscode, .idea, Android's local.properties -------------------
    (
        "https://github.com/0-Philip/keller_fmp/blob/4d1b6c3e3b35ccd2bf35c69d0426a98ab398b59c/.vscode/c_cpp_properties.json",
        ".json",
        r"""{
    "version": 4,
    "configurations": [
        {
            "name": "Arduino",
            "compilerPath": "/Users/[[user:tobias]]{{keep:/Library/Arduino15/packages/esp8266/tools/xtensa-lx106-elf-gcc/3.1.0-gcc10.3-e5f9fec/bin/xtensa-lx106-elf-g++}}",
            "compilerArgs": [
                "-U__STRICT_ANSI__",
                "-std=gnu++17"
            ],
            "intelliSenseMode": "gcc-x64",
            "includePath": [
                "/Users/[[user:tobias]]{{keep:/Library/Arduino15/packages/esp8266/hardware/esp8266/3.1.2/tools/sdk/include}}",
                "/private/var/folders/z1/{{keep:splymgys7816h0t1mjdgjppr0000gn}}/T/arduino/sketches/{{keep:FD911423595184B1C731E973F64A6E13}}/core",
                "/Users/[[user:tobias]]/Library/Arduino15/packages/esp8266/hardware/esp8266/3.1.2/cores/esp8266",
                "/Users/[[user:tobias]]{{keep:/Documents/Arduino/libraries/MFRC522/src}}"
            ],
            "forcedInclude": [
                "/Users/[[user:tobias]]/Library/Arduino15/packages/esp8266/hardware/esp8266/3.1.2/cores/esp8266/Arduino.h"
            ],
            "cStandard": "c11",
            "cppStandard": "c++17",
            "defines": [
                "__ets__",
                "ARDUINO_BOARD=\"ESP8266_WEMOS_D1MINI\"",
                "__VERSION__=\"10.3.0\""
            ]
        }
    ]
}
""",
    ),
    (
        "https://github.com/0-Chan/cpp_practice/blob/cd83d91bc34be0bcee0e843e0d3b6970ca81e4e9/.vscode/c_cpp_properties.json",
        ".json",
        r"""{
    "configurations": [
        {
            "name": "Linux",
            "includePath": [
                "${workspaceFolder}/**"
            ],
            "defines": [],
            "compilerPath": "/bin/cpp",
            "cStandard": "gnu17",
            "cppStandard": "c++17",
            "intelliSenseMode": "linux-gcc-x64",
            "configurationProvider": "ms-vscode.cmake-tools"
        }
    ],
    "version": 4
}
""",
    ),
    (
        "https://github.com/0-7BrainCells/eRes/blob/56529c98ac9622a128b8fd65c11fb9d3c0eb1048/.vscode/launch.json",
        ".json",
        r"""{
    "version": "0.2.0",
    "configurations": [
        {
            "type": "pwa-chrome",
            "request": "launch",
            "name": "Launch Chrome against localhost",
            "url": "http://localhost:5000",
            "webRoot": "${workspaceFolder}"
        }
    ]
}
""",
    ),
    (
        "https://github.com/BritoK10/KevinBritoCWI/blob/03986152076f8dfe71d7575abde417d1aedfbc01/.idea/workspace.xml",
        ".txt",
        r"""  <component name="ChangeListManager">
    <list default="true" id="{{keep:669d4625-807e-4dca-94c2-03ed747da8e2}}" name="Default Changelist" comment="">
      <change beforePath="$PROJECT_DIR$/restassured-api-testing/restassured-api-testing.iml" beforeDir="false" />
    </list>
    <option name="SHOW_DIALOG" value="false" />
    <option name="LAST_RESOLUTION" value="IGNORE" />
  </component>
  <component name="MavenImportPreferences">
    <option name="generalSettings">
      <MavenGeneralSettings>
        <option name="mavenHome" value="C:\Program Files\JetBrains\IntelliJ IDEA Community Edition 2020.2.1\plugins\maven\lib\maven3" />
      </MavenGeneralSettings>
    </option>
  </component>
  <component name="ProjectId" id="{{keep:1iIUm3kWUeD4GWwejQgQNMVu4sD}}" />
  <component name="PropertiesComponent">
    <property name="RunOnceActivity.OpenProjectViewOnStart" value="true" />
    <property name="last_opened_file_path" value="$PROJECT_DIR$" />
  </component>
  <component name="TaskManager">
    <task active="true" id="Default" summary="Default task">
      <changelist id="669d4625-807e-4dca-94c2-03ed747da8e2" name="Default Changelist" comment="" />
      <created>1601594754176</created>
      <updated>1601594754176</updated>
    </task>
  </component>
""",
    ),
    (
        "https://github.com/HaofengLiang/android_instagram_clone/blob/e08dc24c2e03ab0d664133110c51d545cce99103/local.properties",
        ".txt",
        r"""## This file must *NOT* be checked into Version Control Systems,
# as it contains information specific to your local configuration.
#
# Location of the SDK. This is only used by Gradle.
# For customization when using a Version Control System, please read the
# header note.
#Mon Sep 09 22:59:08 EDT 2019
sdk.dir=C\:\\Users\\[[user:robby]]{{keep:\\AppData\\Local\\Android\\Sdk}}
""",
    ),
    # ---- notebooks' outputs ---------------------------------------------------------------
    (
        "https://github.com/00FFEF/test_webscraping/blob/e6cf463747a446e2ebcd68369e8bf82cdd5e0851/Untitled.ipynb",
        ".json",
        r"""{
 "cell_type": "code",
 "execution_count": 4,
 "id": "a3fd6697",
 "metadata": {},
 "outputs": [
  {
   "ename": "AttributeError",
   "evalue": "'list' object has no attribute 'send_keys'",
   "output_type": "error",
   "traceback": [
    "\u001b[1;31m---------------------------------------------------------------------------\u001b[0m",
    "\u001b[1;31mAttributeError\u001b[0m                            Traceback (most recent call last)",
    "\u001b[1;32m<ipython-input-4-af2077fac423>\u001b[0m in \u001b[0;36m<module>\u001b[1;34m\u001b[0m\n\u001b[0;32m      1\u001b[0m \u001b[1;32mimport\u001b[0m \u001b[0mtime\u001b[0m\u001b[1;33m\u001b[0m\u001b[0m\n\u001b[1;32m----> 3\u001b[1;33m \u001b[0mbrowser\u001b[0m\u001b[1;33m.\u001b[0m\u001b[0mfind_elements_by_css_selector\u001b[0m\u001b[1;33m(\u001b[0m\u001b[1;34m'input#login_field'\u001b[0m\u001b[1;33m)\u001b[0m\u001b[1;33m.\u001b[0m\u001b[0msend_keys\u001b[0m\u001b[1;33m(\u001b[0m\u001b[1;34m'[[user:00DCBA]]'\u001b[0m\u001b[1;33m)\u001b[0m\u001b[1;33m\u001b[0m\u001b[0m\n\u001b[0m\u001b[0;32m      4\u001b[0m \u001b[0mbrowser\u001b[0m\u001b[1;33m.\u001b[0m\u001b[0mfind_elements_by_css_selector\u001b[0m\u001b[1;33m(\u001b[0m\u001b[1;34m'input#password'\u001b[0m\u001b[1;33m)\u001b[0m\u001b[1;33m.\u001b[0m\u001b[0msend_keys\u001b[0m\u001b[1;33m(\u001b[0m\u001b[1;34m'[[secret:kang5190!]]'\u001b[0m\u001b[1;33m)\u001b[0m\u001b[1;33m\u001b[0m\u001b[0m\n",
    "\u001b[1;31mAttributeError\u001b[0m: 'list' object has no attribute 'send_keys'"
   ]
  }
 ],
 "source": [
  "import time\n",
  "time.sleep(5)\n",
  "browser.find_elements_by_css_selector('input#login_field').send_keys('[[user:00DCBA]]')\n",
  "browser.find_elements_by_css_selector('input#password').send_keys('[[secret:kang5190!]]')\n",
  "browser.find_elements_by_css_selector('input[type=\"submit\"]').click()"
 ]
}
""",
    ),
    (
        "https://github.com/000namc/python-sklearn-svm-kernels/blob/0ad11282de854a5c2e7a185f6c0f7089f396e1ae/Untitled.ipynb",
        ".json",
        r"""{
 "cells": [
  {
   "cell_type": "code",
   "execution_count": 179,
   "metadata": {},
   "outputs": [],
   "source": [
    "txt = open('/Users/[[user:000hyek]]{{keep:/github/python-sklearn-svm-kernels/parameter.txt}}','wt')\n"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 181,
   "metadata": {},
   "outputs": [
    {
     "data": {
      "text/plain": [
       "'/Users/[[user:000hyek]]{{keep:/.Trash/result 12.48.25 AM}}'"
      ]
     },
     "execution_count": 181,
     "metadata": {},
     "output_type": "execute_result"
    }
   ],
   "source": [
    "os.getcwd()"
   ]
  },
  {
   "cell_type": "code",
   "execution_count": 122,
   "metadata": {},
   "outputs": [
    {
     "data": {
      "text/plain": [
       "'/Users/[[user:000hyek]]{{keep:/temp/result2/}}'"
      ]
     },
     "execution_count": 122,
     "metadata": {},
     "output_type": "execute_result"
    }
   ],
   "source": [
    "dirf_name"
   ]
  }
 ],
 "nbformat": 4,
 "nbformat_minor": 2
}
""",
    ),
    # ---- shell history, build caches, CMake, crash and process logs -----------------------
    (
        "https://github.com/sgromme/sgromme.github.io/blob/6e4b52d3c01b5f9271673bee1ecf5f066f826377/_posts/2025-08-13-jupyter-python-venv.md",
        ".txt",
        r"""2025-08-13 12:00:56.612 [info] Telemetry:  {"event":"RefreshPerformance","data":{"refreshPerformance":{"total":2847,"breakdown":{"GlobalVirtualEnvs":3,"Locators":2847,"Path":771,"Workspaces":163},"locators":{"Conda":2846,"Homebrew":0,"LinuxGlobal":19,"PipEnv":0,"Pixi":0,"Poetry":56,"PyEnv":52,"Venv":0,"VirtualEnv":0,"VirtualEnvWrapper":0}}}}

2025-08-13 12:00:56.709 [info] Terminal is activated: /home/[[user:tkessel]]{{keep:/source/dynamic/.venv/bin/python}}

2025-08-13 12:00:56.762 [info] Terminal is activated: /home/[[user:tkessel]]/source/dynamic/.venv/bin/python

2025-08-13 12:18:07.279 [error] Error refreshing packages A system error occurred (spawn ENOTDIR)
""",
    ),
    (
        "https://github.com/0011Ashwin/VM---Azure/blob/03440ebb24d7f8d5a6e71c1c513a06f32a9932c1/.bash_history",
        ".txt",
        r"""uname -a
df -h
free -m
ls -l
sudo apt update && sudo apt install apache2 -y
sudo systemctl status apache2
sudo nano /var/www/html/index.html
touch index.html
nano index.html
cat index.html
https:20.40.47.57
curl http://localhost
cd /var/www/html
sudo nano index.html
whoami
hostname
free -h
pwd
git init
git add README.md
git commit -m "first commit"
git branch -M main
git push -u origin main
git pull
git status
""",
    ),
    (
        "https://github.com/0000duck/MR_cpp_test/blob/746df83d58d554cd9edf318dc94ada0d7ed5a072/CMakeCache.txt",
        ".txt",
        r"""# This is the CMakeCache file.
# For build in directory: /home/[[user:hyun]]{{keep:/workspace/MR_test}}
# It was generated by CMake: /usr/bin/cmake
# You can edit this file to change values found and used by cmake.

//CXX compiler
CMAKE_CXX_COMPILER:FILEPATH=/usr/bin/c++

//Install path prefix, prepended onto install directories.
CMAKE_INSTALL_PREFIX:PATH=/usr/local

//The directory containing a CMake configuration file for Eigen3.
Eigen3_DIR:PATH=/usr/lib/cmake/eigen3

//Value Computed by CMake
MR_test_BINARY_DIR:STATIC=/home/[[user:hyun]]/workspace/MR_test

//Value Computed by CMake
MR_test_SOURCE_DIR:STATIC=/home/[[user:hyun]]/workspace/MR_test

//This is the directory where this CMakeCache.txt was created
CMAKE_CACHEFILE_DIR:INTERNAL=/home/[[user:hyun]]/workspace/MR_test
//Source directory with the top level CMakeLists.txt file for this
// project
CMAKE_HOME_DIRECTORY:INTERNAL=/home/[[user:hyun]]/workspace/MR_test
//Path to CMake installation.
CMAKE_ROOT:INTERNAL=/usr/share/cmake-3.16
""",
    ),
    (
        "https://github.com/0-1-0/twistock/blob/15e246d28ceba43a6c162af27d1c508156c62f7a/nohup.out",
        ".txt",
        r"""[974] 12 Jun 16:10:38 * Server started, Redis version 2.4.11
[974] 12 Jun 16:10:38 * DB loaded from disk: 0 seconds
[974] 12 Jun 16:10:38 * The server is now ready to accept connections on port 6379
/Users/[[user:Q]]{{keep:/.rvm/gems/ruby-1.9.3-p194@global/gems/bundler-1.1.3/lib/bundler/runtime.rb:31}}:in `block in setup': You have already activated activesupport 3.2.3, but your Gemfile requires activesupport 3.2.1. Using bundle exec may solve this. (Gem::LoadError)
	from /Users/[[user:Q]]/.rvm/gems/ruby-1.9.3-p194@global/gems/bundler-1.1.3/lib/bundler/runtime.rb:17:in `setup'
	from /Users/[[user:Q]]/.rvm/gems/ruby-1.9.3-p194@global/gems/bundler-1.1.3/lib/bundler.rb:107:in `setup'
	from /Users/[[user:Q]]{{keep:/.rvm/rubies/ruby-1.9.3-p194/lib/ruby/site_ruby/1.9.1/rubygems/custom_require.rb:60}}:in `require'
	from /Users/[[user:Q]]{{keep:/Code/rails/twitterexchange/config/boot.rb:6}}:in `<top (required)>'
	from /Users/[[user:Q]]/Code/rails/twitterexchange/config/application.rb:1:in `<top (required)>'
	from /Users/[[user:Q]]/Code/rails/twitterexchange/config/environment.rb:2:in `<top (required)>'
	from /Users/[[user:Q]]/.rvm/gems/ruby-1.9.3-p194/gems/sidekiq-1.2.1/lib/sidekiq/cli.rb:105:in `boot_system'
	from /Users/[[user:Q]]/.rvm/gems/ruby-1.9.3-p194/bin/sidekiq:23:in `<main>'
[974] 12 Jun 16:10:54 - DB 0: 36 keys (0 volatile) in 64 slots HT.
[974] 12 Jun 16:10:54 - 0 clients connected (0 slaves), 931184 bytes in use
""",
    ),
    (
        "https://github.com/bspaans/python-mingus/blob/5e3e7703aa5f300c3e4c0b67bf99ee2f1dddfdbb/pip-log.txt",
        ".txt",
        r"""Downloading/unpacking hamcrest
  Getting page http://pypi.python.org/simple/hamcrest
  Could not fetch URL http://pypi.python.org/simple/hamcrest: HTTP Error 404: Not Found
  Will skip URL http://pypi.python.org/simple/hamcrest when looking for download links for hamcrest
  Getting page http://pypi.python.org/simple/
Exception:
Traceback (most recent call last):
  File "/usr/lib/python2.6/dist-packages/pip.py", line 252, in main
    self.run(options, args)
  File "/usr/lib/python2.6/dist-packages/pip.py", line 408, in run
    requirement_set.install_files(finder, force_root_egg_info=self.bundle)
  File "/usr/lib/python2.6/dist-packages/pip.py", line 2266, in clean_link
    lambda match: '%%%2x' % ord(match.group(0)), url)
KeyboardInterrupt
""",
    ),
    (
        "https://github.com/0-0Jia/QGRegister/blob/779777a11bf02e31fe68c0aba956ff4a76f95c16/debug.log",
        ".txt",
        r"""[0114/182655.194:ERROR:process_info.cc(359)] UncheckedAllocate
[0115/173011.874:ERROR:process_info.cc(359)] UncheckedAllocate
[0115/175038.738:ERROR:process_info.cc(359)] UncheckedAllocate
[0115/181538.531:ERROR:process_info.cc(359)] UncheckedAllocate
[0115/181541.690:ERROR:process_info.cc(359)] UncheckedAllocate
[0115/182225.451:ERROR:process_info.cc(359)] UncheckedAllocate
""",
    ),
    (
        "https://github.com/Yosef-S-A/alx-system_engineering-devops/blob/633044b5bdeb2f1619fa0738cc56e9def928c0a9/.gitconfig",
        ".txt",
        r"""[user]
	name = [[user:Tovek-R-B]]
	email = [[email:toveklemma47@gmail.com]]
[core]
	editor = emacs
[init]
	default = branch
[push]
	default = simple
""",
    ),
]


_RAW_STOP62: list[tuple[str, str, str]] = [
    # ---- R: .Rhistory, RStudio's notebook paths, sessionInfo() ------------------------------
    (
        "https://github.com/0-cal/ocalrep/blob/3c891df27a2ba6eddb52f13967a0fed97a853450/.Rhistory",
        ".txt",
        r"""library(devtools)
library(roxygen2)
use_vignette("model_details")
library(testthat)
install.packages(dplyr)
file.choose()
file.choose()
read.csv("/Users/[[user:brettmulcahy]]{{keep:/Downloads/data 3/accident_2013.csv.bz2}}")
accident_2013.csv.bz2<-read.csv("/Users/[[user:brettmulcahy]]/Downloads/data 3/accident_2013.csv.bz2")
""",
    ),
    (
        "https://github.com/00testCoursera/RepData_PeerAssessment1/blob/b4dac078de30d8cc84e779df1af3ab00e9123ad4/.Rhistory",
        ".txt",
        r"""hClustering <- hclust(distxy)
plot(hClustering)
par(mar = c(2,2,2,2))
plot(hClustering)
source('C:/Users/[[user:Wies ter Hoevelaak]]{{keep:/Desktop/Coursera/R Programming/myplclust.R}}')
myplclust(hClustering, lab= rep(1:3, each = 4), lab.col = rep(1:3, each = 4))
set.seed(143)
dataMatrix <- as.matrix(dataFrame) [sample(1:12), ]
heatmap(dataMatrix)
library(stats)
fit <- lm(Ozone ~ Wind + Solar.R + Temp, data = airquality)
summary(fit)
install.packages("xtable")
setwd("C:/Users/[[user:Wies ter Hoevelaak]]/Desktop/Coursera/R Programming/RepData_PeerAssessment1")
---
title: "Peer-graded Assignment: Course Project 1 "
author: [[user:Wies ter Hoevelaak]]
date: July 10, 2017
output: md_document
---
""",
    ),
    (
        "https://github.com/001ben/kaggle_collab/blob/351119b3052c944d07985100fd502f8aecd77b3a/.Rhistory",
        ".txt",
        r"""remove.packages('stringr')
install.packages("~/Downloads/stringr_1.4.0.tgz", repos = NULL, type = .Platform$pkgType)
install.packages('devtools')
version
install.packages('dplyr')
install.packages('skimr')
install.packages('ggplot2')
library(dplyr)
print(starwars)
starwars %>% count(sex)
""",
    ),
    (
        "https://github.com/000Nobody/Group_3_DSA_Final_Project/blob/05e8e8ed59fea0ed8bd9b79a0d5db11d2ea6c165/.Rproj.user/shared/notebooks/paths",
        ".txt",
        r"""/Users/[[user:bram]]{{keep:/DSA R/Decision Trees/Module_8_TreeRandomForest/Decision_Trees_WDS.Rmd}}="{{keep:9AC90A7D}}"
/Users/[[user:bram]]/DSA R/Group_3_DSA_Final_Project/main.rmd="FF921EAE"
/Users/[[user:bram]]/DSA R/HW/HW7/Homework 7/HW7_Group.Rmd="2BAA1519"
""",
    ),
    (
        "https://github.com/0xjorgev/Statistical-Inference/blob/c7d09099270486206434a4269b0cb8338917d352/.Rproj.user/shared/notebooks/paths",
        ".txt",
        r"""/Users/[[user:luisquintana]]{{keep:/DataScience/Statistical Inference/Final Project/Part-2.R}}="389AC19D"
/Users/[[user:luisquintana]]/DataScience/Statistical Inference/Final Project/Part-2.Rmd="1DC940F3"
/Users/[[user:luisquintana]]/DataScience/Statistical Inference/Final Project/Part-I.R="BF9BF201"
/Users/[[user:luisquintana]]/DataScience/Statistical Inference/Final Project/Part-I.Rmd="852D1A6A"
""",
    ),
    (
        "https://github.com/0803tina/My-R-Homework/blob/fe18586f4118e6b9f550e0320be26785efe3db12/.Rproj.user/shared/notebooks/paths",
        ".txt",
        r"""C:/Users/{{keep:User}}/Documents/R語言/My-R-Homework/20190311.Rmd="{{keep:F8B2061A}}"
""",
    ),
    (
        "https://github.com/Aeg22/dcc_flu/blob/9f872e8ff6939336d09dcb553a146ca72a406494/sessionInfo.txt",
        ".txt",
        r"""R version 4.1.1 (2021-08-10)
Platform: x86_64-apple-darwin17.0 (64-bit)
Running under: macOS 14.6.1

Matrix products: default
LAPACK: /Library/Frameworks/R.framework/Versions/4.1/Resources/lib/libRlapack.dylib

locale:
[1] en_US.UTF-8/en_US.UTF-8/en_US.UTF-8/C/en_US.UTF-8/en_US.UTF-8

attached base packages:
[1] stats     graphics  grDevices utils     datasets  methods   base     

other attached packages:
 [1] pheatmap_1.0.12       enrichplot_1.12.3     ggpubr_0.4.0          reshape2_1.4.4       
 [5] stringr_1.4.0         clusterProfiler_4.0.5 msigdbr_7.4.1         tidyr_1.2.1          
 [9] scDblFinder_1.6.0     gridExtra_2.3         ggplot2_3.4.0         openxlsx_4.2.4       
[13] SeuratObject_4.1.3    Seurat_4.3.0          plyr_1.8.6            dplyr_1.0.5          
""",
    ),
    # ---- coverage.py's XML reports and compile_commands.json --------------------------------
    (
        "https://github.com/0jdxt/pyvid/blob/346d1cf72b92ece2ff4560dafb8b5583108b4f8a/coverage.xml",
        ".txt",
        r"""<?xml version="1.0" ?>
<coverage branch-rate="0" branches-covered="0" branches-valid="0" complexity="0" line-rate="0.5592" lines-covered="85" lines-valid="152" timestamp="1539099768918" version="4.5.1">
	<!-- Generated by coverage.py: https://coverage.readthedocs.io -->
	<!-- Based on https://raw.githubusercontent.com/cobertura/web/master/htdocs/xml/coverage-04.dtd -->
	<sources>
		<source>C:\Users\[[user:Tavro]]{{keep:\Documents\py_stuff\pyvid\pyvid}}</source>
	</sources>
	<packages>
		<package branch-rate="0" complexity="0" line-rate="0.5592" name=".">
			<classes>
				<class branch-rate="0" complexity="0" filename="__init__.py" line-rate="0.25" name="__init__.py">
					<methods/>
					<lines>
						<line hits="1" number="3"/>
						<line hits="1" number="4"/>
""",
    ),
    (
        "https://github.com/13am028/stock/blob/0122ca9537fffa2ebed0413e0a1b86c507f7ec2a/coverage.xml",
        ".txt",
        r"""<?xml version="1.0" ?>
<coverage version="7.1.0" timestamp="1675593430969" lines-valid="356" lines-covered="352" line-rate="0.9888" branches-valid="28" branches-covered="24" branch-rate="0.8571" complexity="0">
	<!-- Generated by coverage.py: https://coverage.readthedocs.io -->
	<!-- Based on https://raw.githubusercontent.com/cobertura/web/master/htdocs/xml/coverage-04.dtd -->
	<sources>
		<source></source>
		<source>.</source>
	</sources>
	<packages>
		<package name="src" line-rate="0.9375" branch-rate="0.5" complexity="0">
			<classes>
				<class name="app.py" filename="src/app.py" complexity="0" line-rate="0.9375" branch-rate="0.5">
""",
    ),
    (
        "https://github.com/0xthiagomartins/sqlmodel-controller/blob/39e61d39e173fc2b034cc856a4c8184ddb8a164a/coverage.xml",
        ".txt",
        r"""<?xml version="1.0" ?>
<coverage version="7.6.1" timestamp="1729704468538" lines-valid="403" lines-covered="275" line-rate="0.6824" branches-covered="0" branches-valid="0" branch-rate="0" complexity="0">
	<!-- Generated by coverage.py: https://coverage.readthedocs.io/en/7.6.1 -->
	<!-- Based on https://raw.githubusercontent.com/cobertura/web/master/htdocs/xml/coverage-04.dtd -->
	<sources>
		<source>/home/[[user:mateus]]{{keep:/projects/public/sqlmodel-controller}}</source>
	</sources>
	<packages>
		<package name="src.sqlmodel_controller" line-rate="0.6824" branch-rate="0" complexity="0">
			<classes>
				<class name="__init__.py" filename="src/sqlmodel_controller/__init__.py" complexity="0" line-rate="1" branch-rate="0">
""",
    ),
    (
        "https://github.com/00-jc/miniRT/blob/28320dad7ca788b9895f1fada10a4843a0175798/compile_commands.json",
        ".json",
        r"""[
  {
    "arguments": [
      "/usr/lib/llvm/20/bin/clang",
      "-march=native",
      "-O3",
      "-Wall",
      "-Wextra",
      "-Werror",
      "-Iinclude",
      "-Ilibft/include",
      "-Iminilibx-linux",
      "-g3",
      "-c",
      "-o",
      "build/main.o",
      "src/main.c"
    ],
    "directory": "/home/[[user:qk]]{{keep:/42/miniRT}}",
    "file": "/home/[[user:qk]]{{keep:/42/miniRT/src/main.c}}",
    "output": "/home/[[user:qk]]/42/miniRT/build/main.o"
  }
]
""",
    ),
    (
        "https://github.com/0xcacti/core-utils/blob/0aa7f61c47c5f87811e7c68c568c310e7af299b1/compile_commands.json",
        ".json",
        r"""[
  {
    "file": "cat/main.c",
    "arguments": [
      "cc",
      "-O2",
      "-Wall",
      "-Wextra",
      "-Wpedantic",
      "-Werror",
      "-isysroot",
      "/Library/Developer/CommandLineTools/SDKs/MacOSX.sdk",
      "cat/main.c",
      "-o",
      "bin/cat"
    ],
    "directory": "/Users/[[user:q]]{{keep:/code/c/core-utils}}",
    "output": "bin/cat"
  },
  {
    "file": "head/main.c",
    "arguments": [
      "cc",
      "-O2",
      "-Wall",
      "-Wextra",
      "-Wpedantic",
      "-Werror",
      "-isysroot",
      "/Library/Developer/CommandLineTools/SDKs/MacOSX.sdk",
      "head/main.c",
      "-o",
      "bin/head"
    ],
    "directory": "/Users/[[user:q]]/code/c/core-utils",
    "output": "bin/head"
  }
]
""",
    ),
    (
        "https://github.com/0000xFFFF/BAS-TIMER/blob/0c2f0726aa373912195af960b958b3ac46b2e481/compile_commands.json",
        ".json",
        r"""[
  {
    "arguments": [
      "/usr/bin/cc",
      "-c",
      "-O2",
      "-W",
      "-Wall",
      "-Wextra",
      "-g",
      "-I.",
      "-DMG_ENABLE_LINES=1",
      "-DMG_ENABLE_PACKED_FS=1",
      "-o",
      "bas-server",
      "src/colors.c"
    ],
    "directory": "/home/{{keep:user}}/.vip/mytools/BAS-TIMER",
    "file": "/home/user/.vip/mytools/BAS-TIMER/src/colors.c",
    "output": "/home/user/.vip/mytools/BAS-TIMER/bas-server"
  }
]
""",
    ),
    # ---- LaTeX logs: TeX Live on Linux, MiKTeX under a Windows home -------------------------
    (
        "https://github.com/0xdonva/Tesi-Latex/blob/57fa5ce5745db12703a374115ee2494ec9c4efb8/main.log",
        ".txt",
        r"""This is pdfTeX, Version 3.141592653-2.6-1.40.22 (TeX Live 2022/dev/Debian) (preloaded format=pdflatex 2024.3.19)  4 APR 2024 23:03
entering extended mode
 restricted \write18 enabled.
 %&-line parsing enabled.
**main.tex
(./main.tex
LaTeX2e <2021-11-15> patch level 1
L3 programming layer <2022-01-21>
(/usr/share/texlive/texmf-dist/tex/latex/base/book.cls
Document Class: book 2021/10/04 v1.4n Standard LaTeX document class
(/usr/share/texlive/texmf-dist/tex/latex/base/bk12.clo
File: bk12.clo 2021/10/04 v1.4n Standard LaTeX file (size option)
)
\c@part=\count185
\c@chapter=\count186
(/usr/share/texlive/texmf-dist/tex/generic/babel/babel.sty
Package: babel 2022/01/26 3.70 The Babel package
(/usr/share/texlive/texmf-dist/tex/generic/babel-italian/italian.ldf
Language: italian 2020/05/21 v.1.4.04 Italian support for the babel system
""",
    ),
    (
        "https://github.com/48302-DiogoJesus/DgJ_MEIC_thesis/blob/015fd5fe348bca7bc5a2b86bbdb8ea0c96dd289f/main.log",
        ".txt",
        r"""This is pdfTeX, Version 3.141592653-2.6-1.40.25 (MiKTeX 24.1) (preloaded format=pdflatex 2025.9.10)  8 OCT 2025 18:36
entering extended mode
 restricted \write18 enabled.
 file:line:error style messages enabled.
 %&-line parsing enabled.
**c:/Users/[[user:rutam]]{{keep:/Desktop/Current/PG/Tecnico/_A2/TESE/DgJ_MEIC_thesis/main.tex}}
(c:/Users/[[user:rutam]]/Desktop/Current/PG/Tecnico/_A2/TESE/DgJ_MEIC_thesis/main.tex
LaTeX2e <2023-11-01> patch level 1
L3 programming layer <2024-01-04>
(istulthesis.cls
Document Class: istulthesis 2021/02/10

--------------------------------------------------------------
 +---+ Thesis Style (istulthesis.cls) 
 +---+ Version 3.1, February 2021 
 +---+ for Instituto Superior Tecnico (IST) 
 +---+ Universidade de Lisboa 
 * Modified from 'report.cls' 
 * Created to write Dissertations 
 * Conforms with IST Master Degree format 
 
 AUTHOR: {{keep:Rui Santos Cruz}} 
--------------------------------------------------------------

(C:\Users\[[user:rutam]]{{keep:\AppData\Local\Programs\MiKTeX\tex/latex/base\report.cls}}
Document Class: report 2023/05/17 v1.4n Standard LaTeX document class
(C:\Users\[[user:rutam]]\AppData\Local\Programs\MiKTeX\tex/latex/base\size10.clo
File: size10.clo 2023/05/17 v1.4n Standard LaTeX file (size option)
)
\c@part=\count187
\c@chapter=\count188
) (C:\Users\[[user:rutam]]{{keep:\AppData\Local\Programs\MiKTeX\tex/latex/tools\indentfirst.sty}}
Package: indentfirst 2023/07/02 v1.03 Indent first paragraph (DPC)
) (C:\Users\[[user:rutam]]\AppData\Local\Programs\MiKTeX\tex/latex/base\ifthen.sty
Package: ifthen 2022/04/13 v1.1d Standard LaTeX ifthen package (DPC)
""",
    ),
    # ---- Unity's asset import log ------------------------------------------------------------
    (
        "https://github.com/0-Zen-Lee-0/VT_MainB/blob/6e389f345e2dc8da2488d440c431dc9519bff4ee/Logs/AssetImportWorker0.log",
        ".txt",
        r"""Using pre-set license
Built from '2021.3/staging' branch; Version is '2021.3.2f1 (d6360bedb9a0) revision 14038539'; Using compiler version '192829333'; Build Type 'Release'
OS: 'Windows 10  (10.0.19043) 64bit Professional' Language: 'en' Physical Memory: 16318 MB
BatchMode: 1, IsHumanControllingUs: 0, StartBugReporterOnCrash: 0, Is64bit: 1, IsPro: 1

COMMAND LINE ARGUMENTS:
C:\Program Files\Unity 2021.3.2f1\Editor\Unity.exe
-adb2
-batchMode
-noUpm
-name
AssetImportWorker0
-projectPath
C:/Users/[[user:GEO LAB]]{{keep:/Documents/Projects_unity/VT_MainB}}
-logFile
Logs/AssetImportWorker0.log
-srvPort
51643
Successfully changed project path to: C:/Users/[[user:GEO LAB]]/Documents/Projects_unity/VT_MainB
C:/Users/[[user:GEO LAB]]/Documents/Projects_unity/VT_MainB
Refreshing native plugins compatible for Editor in 75.12 ms, found 3 plugins.
Preloading 0 native plugins for Editor in 0.00 ms.
Initialize engine version: 2021.3.2f1 (d6360bedb9a0)
[Subsystems] Discovering subsystems at path C:/Program Files/Unity 2021.3.2f1/Editor/Data/Resources/UnitySubsystems
[Subsystems] Discovering subsystems at path C:/Users/[[user:GEO LAB]]{{keep:/Documents/Projects_unity/VT_MainB/Assets}}
GfxDevice: creating device client; threaded=0; jobified=0
Begin MonoManager ReloadAssembly
Symbol file LoadedFromMemory doesn't match image C:\Users\[[user:GEO LAB]]{{keep:\Documents\Projects_unity\VT_MainB\Library\PackageCache\com.unity.visualscripting@1.7.6\Editor\VisualScripting.Core\Dependencies\YamlDotNet\Unity.VisualScripting.YamlDotNet.dll}}
Symbol file LoadedFromMemory doesn't match image C:\Users\[[user:GEO LAB]]\Documents\Projects_unity\VT_MainB\Library\PackageCache\com.unity.visualscripting@1.7.6\Editor\VisualScripting.Core\Dependencies\DotNetZip\Unity.VisualScripting.IonicZip.dll
""",
    ),
    # ---- credentials committed by mistake: wp-config.php, .pgpass, .env ---------------------
    (
        "https://github.com/00Fenris/reparandoya-wordpress/blob/55f80c9d28ec21ab93c2cde4264cd3366a4f5dec/wp-config.php",
        ".txt",
        r"""<?php
/**
 * Configuración de WordPress para CDMon
 * ReparandoYa - Plataforma de Servicios
 */

// ** Configuración de la base de datos de CDMon ** //
define( 'DB_NAME', '[[user:391046258]]wordpress20251105112549' );
define( 'DB_USER', '[[user:391046258]]' );
define( 'DB_PASSWORD', '[[secret:kR7dQwZ2mXoV9bLe4TsHn1YcAp6uJfGi]]' );
define( 'DB_HOST', 'mysql5.cdmon.net' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );

/**
 * Prefijo de tablas en la base de datos de WordPress.
 */
$table_prefix = 'wp_reparandoya_';
""",
    ),
    (
        "https://github.com/0xabrar/bitstarter/blob/813bef7829de7d61024a2ff8c800cb3272ee01c8/.pgpass",
        ".txt",
        r"""localhost:5432:bitdb0:{{keep:ubuntu}}:[[secret:mango47]]
""",
    ),
    (
        "https://github.com/Elorm/setup-rails/blob/588a1e496ba06b4952b3aa3b37a84bc8c359bb08/.pgpass",
        ".txt",
        r"""localhost:5432:freelancepro_development:freelancepro:[[secret:freelanceprowolf3]]
""",
    ),
    (
        "https://github.com/0-CDOE/django_server/blob/c5a46775d7d9a4b46086c59d54893108860aef4b/.env",
        ".txt",
        r"""# .env 파일은 환경변수를 저장하는 파일로, 환경변수를 사용하는 이유는 보안과 설정의 편의성 때문이다.
Debug=False
SECRET_KEY='[[secret:k3#p!x@9z(w2m^q7+r&t5-v8n)y4=h1j_u6f%c0b*s(e!g#d2a]]'

# MySQL DB 설정
MYSQL_NAME=pyboDB
MYSQL_USER=[[user:AdminKangDB]]
MYSQL_PASSWORD=[[secret:bexo19753]]
MYSQL_HOST=ls-7c1e90b2f4d8a6c3e5b1d7f9a2c4e6b8d0f1a3c5.x8k3p2qwzr5m.ap-northeast-2.rds.amazonaws.com
MYSQL_PORT=3306
""",
    ),
    (
        "https://github.com/0-0april/Hive/blob/4fca00c2bfde621c156867b7bed72b856a95a717/.env",
        ".txt",
        r"""# Server Configuration
PORT=5000
NODE_ENV=development

# Database Configuration
# Use MongoDB Atlas or leave blank to use local MongoDB at mongodb://127.0.0.1:27017/hive
MONGODB_URI=

# JWT Configuration
# Generate a random string for JWT_SECRET (keep this secret!)
JWT_SECRET={{keep:your_super_secret_jwt_key_change_this_in_production}}

# Cloudinary Configuration (for image uploads)
# Sign up for free at https://cloudinary.com
CLOUDINARY_CLOUD_NAME={{keep:your_cloudinary_cloud_name}}
CLOUDINARY_API_KEY={{keep:your_cloudinary_api_key}}
CLOUDINARY_API_SECRET={{keep:your_cloudinary_api_secret}}
""",
    ),
    # ---- Ansible inventories and Visual Studio's launchSettings.json ------------------------
    (
        "https://github.com/0007ishav/Ansible-Github-Nginx-Ec2/blob/741665c84851bc1912f595f171bd8205609fcc0c/inventory.ini",
        ".txt",
        r"""[node1]
manage-node ansible_host=3.110.134.38 ansible_user={{keep:ubuntu}} ansible_ssh_private_key_file=/home/{{keep:runner}}/.ssh/id_rsa
""",
    ),
    (
        "https://github.com/00-matt/ansible-remote-node/blob/3ca64f164d7d769f31675d414b065e26edc04560/inventory.ini",
        ".txt",
        r"""[all]
de1.wownodes.com
us1.wownodes.com
sg1.wownodes.com

[all:vars]
ansible_python_interpreter='/usr/bin/python3'
ansible_ssh_common_args='-o StrictHostKeyChecking=no'
ansible_user='{{keep:root}}'
""",
    ),
    (
        "https://github.com/01TeeTheDev01/SoleMates/blob/0fe345c8a027f5c52034ec82a15506e1c7c083e0/launchSettings.json",
        ".json",
        r"""{
  "profiles": {
    "Docker Compose": {
      "commandName": "DockerCompose",
      "commandVersion": "1.0",
      "composeLaunchAction": "LaunchBrowser",
      "composeLaunchServiceName": "solemates",
      "composeLaunchUrl": "{Scheme}://localhost:{ServicePort}",
      "serviceActions": {
        "solemates": "StartDebugging"
      }
    }
  }
}
""",
    ),
    # ---- four more, taken whatever they held, so that the batch is not too small for its third
    (
        "https://github.com/007roy/lifetest1/blob/555ddc6b866a7f25c9cf456f182160b6cfe60947/Logs/AssetImportWorker0.log",
        ".txt",
        r"""Using pre-set license
Built from '2021.2/staging' branch; Version is '2021.2.3f1 (32358a8527b4) revision 3290506'; Using compiler version '192829333'; Build Type 'Release'
OS: 'Windows 10 Pro; OS build 19043.1348; Version 2009; 64bit' Language: 'en' Physical Memory: 16319 MB
BatchMode: 1, IsHumanControllingUs: 0, StartBugReporterOnCrash: 0, Is64bit: 1, IsPro: 0

COMMAND LINE ARGUMENTS:
D:\UnityInstalls\2021.2.3f1\Editor\Unity.exe
-adb2
-batchMode
-noUpm
-name
AssetImportWorker0
-projectPath
D:/UnityProjects/lifetest1
-logFile
Logs/AssetImportWorker0.log
-srvPort
61901
Successfully changed project path to: D:/UnityProjects/lifetest1
D:/UnityProjects/lifetest1
Initialize engine version: 2021.2.3f1 (32358a8527b4)
[Subsystems] Discovering subsystems at path D:/UnityInstalls/2021.2.3f1/Editor/Data/Resources/UnitySubsystems
[Subsystems] Discovering subsystems at path D:/UnityProjects/lifetest1/Assets
Mono path[0] = 'D:/UnityInstalls/2021.2.3f1/Editor/Data/Managed'
Using monoOptions --debugger-agent=transport=dt_socket,embedding=1,server=y,suspend=n,address=127.0.0.1:56636
""",
    ),
    (
        "https://github.com/3lLobo/Thesis/blob/04cbef132dd0311ca7c0d11bdeff6c165b1c3ec0/main.log",
        ".txt",
        r"""This is pdfTeX, Version 3.14159265-2.6-1.40.21 (TeX Live 2020) (preloaded format=pdflatex 2020.7.8)  14 JUL 2020 16:33
entering extended mode
 restricted \write18 enabled.
 file:line:error style messages enabled.
 %&-line parsing enabled.
**/home/[[user:brix]]{{keep:/Thesis/Code/Thesis/main.tex}}
(/home/[[user:brix]]/Thesis/Code/Thesis/main.tex
LaTeX2e <2020-02-02> patch level 5
L3 programming layer <2020-06-18> (/usr/local/texlive/2020/texmf-dist/tex/latex/base/article.cls
Document Class: article 2019/12/20 v1.4l Standard LaTeX document class
(/usr/local/texlive/2020/texmf-dist/tex/latex/base/size10.clo
File: size10.clo 2019/12/20 v1.4l Standard LaTeX file (size option)
)
\c@part=\count167
\c@section=\count168
""",
    ),
    (
        "https://github.com/0-139312/vitibrasil_api/blob/a486bc7cb764b2bfd6dabf494c22c049de38ad74/.env",
        ".txt",
        r"""FALLBACK_DIR=data/fallback
""",
    ),
    (
        "https://github.com/10xHub/textxtract/blob/a906b9f53c881155c4787600fc7dfb67e5ea55ad/coverage.xml",
        ".txt",
        r"""<?xml version="1.0" ?>
<coverage version="7.11.0" timestamp="1761808802909" lines-valid="809" lines-covered="563" line-rate="0.6959" branches-covered="0" branches-valid="0" branch-rate="0" complexity="0">
	<!-- Generated by coverage.py: https://coverage.readthedocs.io/en/7.11.0 -->
	<!-- Based on https://raw.githubusercontent.com/cobertura/web/master/htdocs/xml/coverage-04.dtd -->
	<sources>
		<source>/home/[[user:debjyoti]]{{keep:/projects/textxtract/textxtract}}</source>
	</sources>
	<packages>
		<package name="." line-rate="0.7143" branch-rate="0" complexity="0">
			<classes>
				<class name="__init__.py" filename="__init__.py" complexity="0" line-rate="1" branch-rate="0">
""",
    ),
]


# The stop-63 collection (batch 63, collected at stop 50 after scrubber 1.27.0): excerpts of
# the tool output the earlier collections had little of (macOS crash reports and `.ips` files,
# Windows Event Viewer, journalctl and sshd logs, VS Code, Obsidian, Claude Code and Cursor logs,
# JetBrains idea.log, adb logcat, flutter doctor, brew, dotnet --info, rustup show, docker
# context, aws and gcloud output), scored once, per part, blind, under scrubber 1.27.0, no rule
# changed (tests/outside_corpus/SOURCE.md, "The stop-63 collection").
_RAW_STOP63: list[tuple[str, str, str]] = [
    # ---- macOS crash reports and .ips files ----------------------------------------------------
    (
        "https://github.com/dutchcoders/transfer.sh/issues/25",
        ".txt",
        r"""Process:         launchd [11727]
Path:            /Users/[[user:odalys]]{{keep:/Downloads/transfer.sh.app/Contents/MacOS/applet}}
Identifier:      com.apple.ScriptEditor.id.transfer-sh
Version:         ??? (???)
Code Type:       X86-64 (Native)
Parent Process:  launchd [124]

Date/Time:       2015-03-30 01:01:51.863 +1100
OS Version:      Mac OS X 10.6.8 (10K549)
Report Version:  6

Interval Since Last Report:          69981219 sec
Crashes Since Last Report:           836
Per-App Crashes Since Last Report:   4
Anonymous UUID:                      {{keep:4B7E20D3-91A6-4C2F-B8D0-3E5A9C71F264}}

Exception Type:  EXC_BAD_ACCESS (SIGSEGV)
Exception Codes: KERN_INVALID_ADDRESS at 0xfffffffffffffff8
Crashed Thread:  Unknown

Backtrace not available
""",
    ),
    (
        "https://github.com/ianyh/Amethyst/issues/89",
        ".txt",
        r"""Process:         Amethyst [3419]
Path:            /Applications/Amethyst.app/Contents/MacOS/Amethyst
Identifier:      com.amethyst.Amethyst
Version:         0.8.3 (6)
Code Type:       X86-64 (Native)
Parent Process:  launchd [209]
Responsible:     Amethyst [3419]
User ID:         501

Date/Time:       2013-11-15 14:44:41.129 +0800
OS Version:      Mac OS X 10.9 (13A603)
Report Version:  11
Anonymous UUID:  {{keep:7D21A9E4-3B58-61C0-9E47-A8F05D2C6B13}}

Sleep/Wake UUID: {{keep:C3F85A17-6E02-4D9B-B471-0E9A26D8F5C4}}

Crashed Thread:  0  Dispatch queue: com.apple.main-thread

Exception Type:  EXC_BAD_ACCESS (SIGSEGV)
Exception Codes: KERN_INVALID_ADDRESS at 0x0000000000000000

VM Regions Near 0:
--> 
    __TEXT                 0000000108042000-00000001080d2000 [  576K] r-x/rwx SM=COW  /Applications/Amethyst.app/Contents/MacOS/Amethyst

Thread 0 Crashed:: Dispatch queue: com.apple.main-thread
0   libsystem_kernel.dylib          0x00007fff87942292 __kill + 10
1   com.amethyst.Amethyst           0x000000010805c84a 0x108042000 + 108618
2   libsystem_platform.dylib        0x00007fff93d6b5aa _sigtramp + 26
""",
    ),
    (
        "https://github.com/nwutils/nw-builder/pull/955",
        ".txt",
        r"""  "incident" : "{{keep:5E90C3B2-A417-4D6E-9F28-C1B7E04A6D59}}",
  "pid" : 2714,
  "translated" : false,
  "cpuType" : "ARM-64",
  "roots_installed" : 0,
  "bug_type" : "309",
  "procLaunch" : "2023-10-02 11:59:51.3077 -0400",
  "procStartAbsTime" : 227139460523,
  "procExitAbsTime" : 227167330425,
  "procName" : "nwjs",
  "procPath" : "\/Users\/{{keep:USER}}\/Documents\/*\/Demo.app\/Contents\/MacOS\/nwjs",
  "bundleInfo" : {"CFBundleShortVersionString":"0.0.0","CFBundleVersion":"0.0.0","CFBundleIdentifier":"io.nwutils.demo"},
  "storeInfo" : {"deviceIdentifierForVendor":"{{keep:A2C47E91-0B3D-5F86-9E1C-D74B5830F2A6}}","thirdParty":true},
  "parentProc" : "launchd",
  "parentPid" : 1,
  "coalitionName" : "io.nwutils.demo",
  "crashReporterKey" : "{{keep:8C1D4F03-27B9-E6A5-D310-4F92B7C0E85A}}",
  "codeSigningID" : "nwjs",
  "codeSigningTeamID" : "",
  "codeSigningFlags" : 570556929,
  "codeSigningValidationCategory" : 10,
  "codeSigningTrustLevel" : 4294967295,
  "instructionByteStream" : {"beforePC":"{{keep:fyMD1f17v6n9AwCRXOD\/l78DAJH9e8Go\/w9f1sADX9YQKYDSARAA1A==}}","atPC":"{{keep:AwEAVH8jA9X9e7+p\/QMAkVHg\/5e\/AwCR\/XvBqP8PX9bAA1\/WcAqA0g==}}"},
  "wakeTime" : 8461,
  "sleepWakeUUID" : "{{keep:61B8E2D0-9C47-4A35-B0F1-7D3E58A24C96}}",
  "sip" : "enabled",
  "exception" : {"codes":"0x0000000000000000, 0x0000000000000000","rawCodes":[0,0],"type":"EXC_CRASH","signal":"SIGABRT"},
""",
    ),
    # ---- Windows Event Viewer ------------------------------------------------------------------
    (
        "https://github.com/t1m0thyj/WinDynamicDesktop/issues/72",
        ".txt",
        r"""Faulting application name WinDynamicDesktop.exe, version: 2.1.0.0, timestamp: 0x5bcf01e0
Faulty module name: KERNELBASE.dll, version: 10.0.17763.1, timestamp: 0x30bd5043
Exception code: 0xe0434352
Error offset: 0x0011aaf2
Failed process ID: 0x1f58
Start time of the failed application: 0x01d46ee94bee457a
Path of the failed application: C:\Program Files\WindowsApps\{{keep:38719TimothyJohnson.WinDynamicDesktop_2.1.0.0_neutral__rfarkse4rn21a}}\WinDynamicDesktop\WinDynamicDesktop.exe
Faulty module path: C:\WINDOWS\System32\KERNELBASE.dll
Report ID: {{keep:a4e07c3d-5b19-4f62-9d8e-1c3b7a2f6045}}
Full name of the failed package:
ID of the application relating to the failed package:
""",
    ),
    # ---- journalctl, systemd and sshd --------------------------------------------------------
    (
        "https://github.com/systemd/systemd/issues/7772",
        ".txt",
        r"""● ass.service - ASS
     Loaded: loaded (/home/users/[[user:tapio482]]{{keep:/.config/systemd/user/ass.service}}; enabled; vendor preset: enabled)
     Active: active (running) since Mon 2022-10-31 14:57:22 EET; 2 weeks 6 days ago
   Main PID: 707132 (npm start)
     CGroup: /user.slice/user-9382.slice/user@9382.service/app.slice/ass.service
             ├─707132 npm start
             ├─707183 sh -c -- node dist/ass.js
             └─707184 node dist/ass.js

Nov 20 18:02:09 webapp-bullseye npm[707184]: 20 Nov 2022, 18:02 [EXPRESS]  HTTP GET: /css
Nov 20 18:02:09 webapp-bullseye npm[707184]: 20 Nov 2022, 18:02 [EXPRESS]  Response: 200
""",
    ),
    (
        "https://github.com/systemd/systemd/issues/39349",
        ".txt",
        r"""$ systemctl --user enable qnq-test-user-service
Created symlink '/home/{{keep:myself}}/.config/systemd/user/default.target.wants/qnq-test-user-service-failure.service' → '/etc/systemd/user/qnq-test-user-service-failure.service'.
$ sudo reboot

○ qnq-test-user-service-failure.service - Simulates a user service failure
     Loaded: loaded (/etc/systemd/user/qnq-test-user-service-failure.service; enabled; preset: disabled)
    Drop-In: /usr/lib/systemd/user/service.d
             └─10-timeout-abort.conf
     Active: inactive (dead) since Fri 2025-10-17 01:08:08 CEST; 4min 3s ago
 Invocation: {{keep:7f3a9c0e21b84d56a0c9e4b7d2f18c63}}
    Process: 1411 ExecStart=/nonexistent (code=exited, status=203/EXEC)
""",
    ),
    (
        "https://github.com/linyows/octopass/issues/33",
        ".txt",
        r"""debug3: mm_request_receive entering
debug3: monitor_read: checking request 100
debug1: PAM: initializing for "[[user:lorandsz]]"
debug1: PAM: setting PAM_RHOST to "10.0.2.2"
debug1: PAM: setting PAM_TTY to "ssh"
debug2: monitor_read: 100 used once, disabling now
debug3: mm_request_receive entering
debug3: monitor_read: checking request 4
debug3: mm_answer_authserv: service=ssh-connection, style=
debug2: monitor_read: 4 used once, disabling now
debug3: receive packet: type 50 [preauth]
debug1: userauth-request for user [[user:lorandsz]] service ssh-connection method publickey [preauth]
debug1: attempt 1 failures 0 [preauth]
debug2: input_userauth_request: try method publickey [preauth]
debug1: userauth_pubkey: test whether pkalg/pkblob are acceptable for RSA SHA256:{{keep:Qm4TzR8vKjw2LpXn6dYhC0sFu+EaBt//3gNoV9ycWiZ}} [preauth]
""",
    ),
    # ---- Electron apps: VS Code and Obsidian -------------------------------------------------
    (
        "https://github.com/microsoft/vscode/issues/240170",
        ".txt",
        r"""[main 2025-02-10T07:23:16.499Z] resolveShellEnv(): skipped (Windows)
[main 2025-02-10T07:23:16.531Z] update#setState idle
Renderer process crashed - see https://www.electronjs.org/docs/tutorial/application-debugging for potential debugging information.
[main 2025-02-10T07:23:16.543Z] CodeWindow: renderer process gone (reason: crashed, code: -2147483645)
[8236:0210/162316.550:INFO:electron_api_web_frame_main.cc(244)] Attempt to setup WebFrameMain connection while render frame is disposed
[main 2025-02-10T07:23:16.590Z] [File Watcher (node.js)] [raw] ["change"] globalStorage
[main 2025-02-10T07:23:16.590Z] [File Watcher (node.js)] [CHANGED] c:\Users\[[user:kwon]]{{keep:\AppData\Roaming\Code\User\globalStorage}}
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/216856",
        ".txt",
        r"""2024-08-07 21:28:22.339 [trace] [File Watcher (node.js)] Request to start watching: /home/[[user:harzl]]{{keep:/.config/Code/User}} (excludes: <none>, includes: <all>, filter: <none>, correlationId: <none>),/home/[[user:harzl]]{{keep:/.config/Code/User/settings.json}} (excludes: <none>, includes: <all>, filter: <none>, correlationId: <none>)
2024-08-07 21:28:22.339 [debug] Starting VS Code
2024-08-07 21:28:22.339 [debug] from: /usr/share/code/resources/app
2024-08-07 21:28:22.339 [debug] args: {"_":[],"diff":false,"merge":false,"add":false,"goto":false,"new-window":false,"reuse-window":false,"wait":false,"help":false,"list-extensions":false,"show-versions":false,"pre-release":false,"update-extensions":false,"version":false,"verbose":true,"log":["trace"],"status":false,"disable-extensions":true,"disable-gpu":false}
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/219051",
        ".txt",
        r"""[main 2024-06-28T02:02:53.532Z] PolicyConfiguration#initialize
[main 2024-06-28T02:02:53.535Z] NativePolicyService#_updatePolicyDefinitions - Found 1 policy definitions
[main 2024-06-28T02:02:53.546Z] [File Watcher (node.js)] Request to start watching: c:\Users\{{keep:Win10}}\AppData\Roaming\Code\User (excludes: <none>, includes: <all>, filter: <none>, correlationId: <none>),c:\Users\{{keep:Win10}}\AppData\Roaming\Code\User\settings.json (excludes: <none>, includes: <all>, filter: <none>, correlationId: <none>)
[main 2024-06-28T02:02:53.551Z] NativePolicyService#_onDidPolicyChange - Updated policy values: {}
[main 2024-06-28T02:02:53.552Z] PolicyConfiguration#update [ 'update.mode' ]
[main 2024-06-28T02:02:53.571Z] Starting VS Code
[main 2024-06-28T02:02:53.571Z] from: c:\Users\{{keep:Win10}}\AppData\Local\Programs\Microsoft VS Code\resources\app
""",
    ),
    (
        "https://github.com/tgrosinger/advanced-tables-obsidian/issues/36",
        ".txt",
        r"""app.js:1 Plugin failure: obsidian-mind-map Error: ENOENT: no such file or directory, open '/Users/[[user:svenkoehler]]{{keep:/SynologyDrive/Dropbox/Vault/.obsidian/plugins/obsidian-mind-map/main.js}}'
""",
    ),
    (
        "https://github.com/ryanjamurphy/vantage-obsidian/issues/11",
        ".txt",
        r"""Plugin failure: vantage-obsidian Error: ENOENT: no such file or directory, open '/Users/[[user:kevinharlow]]{{keep:/Library/Mobile Documents/iCloud~md~obsidian/Documents/}}[[user:Kevin]]{{keep:'s Obsidian/.obsidian/plugins/vantage-obsidian/main.js}}'
""",
    ),
    (
        "https://github.com/Maws7140/obsidian-storyteller-suite/issues/106",
        ".txt",
        r"""app.js:1 Plugin failure: storyteller-suite Error: ENOENT: no such file or directory, open 'C:\Users\[[user:marek]]{{keep:\Nextcloud\Documents\Obsidian\Vaullegeard\.obsidian\plugins\storyteller-suite\main.js}}'
    at async open (node:internal/original-fs/promises:641:25)
    at async Object.readFile (node:internal/original-fs/promises:1245:14)
(anonymous) @ app.js:1
app.js:1 Plugin failure: storyteller-suite Error: ENOENT: no such file or directory, open 'C:\Users\[[user:marek]]{{keep:\Nextcloud\Documents\Obsidian\Vaullegeard\.obsidian\plugins\storyteller-suite\main.js}}'
    at async open (node:internal/original-fs/promises:641:25)
    at async Object.readFile (node:internal/original-fs/promises:1245:14)
(anonymous) @ app.js:1
(anonymous) @ app.js:1
s @ app.js:1
Promise.then
l @ app.js:1
y @ app.js:1
e.enablePlugin @ app.js:1
""",
    ),
    # ---- AI coding agents: Claude Code, Cursor and MCP servers --------------------------------
    (
        "https://github.com/anthropics/claude-code/issues/51750",
        ".txt",
        r"""For help configuring MCP servers, see: https://code.claude.com/docs/en/mcp

[Contains warnings] User config (available in all your projects)
Location: C:\Users\[[user:luca_]]{{keep:\.claude.json}}
└ [Warning] [railway-mcp-server] mcpServers.railway-mcp-server: Windows requires 'cmd /c' wrapper to execute npx

Environment Info
- Platform: win32
- Terminal: vscode
- Version: 2.1.116
- Feedback ID: {{keep:5c31d7e2-08b4-4f6a-a3d1-7e2b90c4d815}}

Errors
[{"error":"Error: Plugin MCP server error - mcp-config-invalid: MCP server github invalid: Missing environment variables: GITHUB_PERSONAL_ACCESS_TOKEN\n    at jPH (B:/~BUN/root/src/entrypoints/cli.js:2808:30294)\n    at processTicksAndRejections (native:7:39)","timestamp":"2026-04-21T22:01:51.814Z"}]
""",
    ),
    (
        "https://github.com/AgentDeskAI/browser-tools-mcp/issues/16",
        ".txt",
        r"""2025-02-23 10:12:16.819 [error] [MCP] Failed to connect to stdio server with command 'npx @agentdeskai/browser-tools-mcp@1.0.11': A system error occurred (spawn npx ENOENT)
2025-02-23 10:12:16.819 [error] [MCP] Error listing tools for stdio server npx @agentdeskai/browser-tools-mcp@1.0.11: A system error occurred (spawn npx ENOENT)

2025-02-23 10:20:39.944 [error] [MCP] Failed to connect to stdio server with command '"/home/[[user:vesk313]]{{keep:/.nvm/versions/node/v22.5.1/bin/npx}}" @agentdeskai/browser-tools-mcp@1.0.11': A system error occurred (spawn "/home/[[user:vesk313]]{{keep:/.nvm/versions/node/v22.5.1/bin/npx}}" ENOENT)
2025-02-23 10:20:39.944 [error] [MCP] Error listing tools for stdio server "/home/[[user:vesk313]]{{keep:/.nvm/versions/node/v22.5.1/bin/npx}}" @agentdeskai/browser-tools-mcp@1.0.11: A system error occurred (spawn "/home/[[user:vesk313]]{{keep:/.nvm/versions/node/v22.5.1/bin/npx}}" ENOENT)
""",
    ),
    (
        "https://github.com/cursor/cursor/issues/3031",
        ".txt",
        r"""[Info  - 12:42:42] ESLint server is starting.
[Info  - 12:42:43] ESLint server running in node v20.18.3
[Info  - 12:42:43] ESLint server is running.
Uncaught exception received.
Error: spawn /Applications/Cursor.app/Contents/Frameworks/Cursor Helper (Plugin).app/Contents/MacOS/Cursor Helper (Plugin) ENOENT
at ChildProcess._handle.onexit (node:internal/child_process:285:19)
at onErrorNT (node:internal/child_process:483:16)
at process.processTicksAndRejections (node:internal/process/task_queues:82:21)
[Info  - 12:42:43] ESLint library loaded from: /Users/[[user:tomasbernal]]{{keep:/Documents/Projects/flowpost/node_modules/eslint/lib/api.js}}
""",
    ),
    # ---- JetBrains idea.log and adb logcat ---------------------------------------------------
    (
        "https://github.com/raydac/netbeans-mmd-plugin/issues/26",
        ".txt",
        r"""2017-05-18 12:59:49,036 [   1425]  ERROR - llij.ide.plugins.PluginManager - IntelliJ IDEA 2017.1.3  Build #IC-171.4424.56 
2017-05-18 12:59:49,037 [   1426]  ERROR - llij.ide.plugins.PluginManager - JDK: 1.8.0_112-release 
2017-05-18 12:59:49,037 [   1426]  ERROR - llij.ide.plugins.PluginManager - VM: OpenJDK 64-Bit Server VM 
2017-05-18 12:59:49,037 [   1426]  ERROR - llij.ide.plugins.PluginManager - Vendor: JetBrains s.r.o 
2017-05-18 12:59:49,037 [   1426]  ERROR - llij.ide.plugins.PluginManager - OS: Windows 10 
2017-05-18 12:59:51,115 [   3504]   INFO -        #com.intellij.idea.Main - ------------------------------------------------------ IDE SHUTDOWN ------------------------------------------------------ 
2017-05-18 12:59:51,118 [   3507]   INFO - org.jetbrains.io.BuiltInServer - web server stopped 
2017-05-18 13:00:05,384 [      0]   INFO -        #com.intellij.idea.Main - ------------------------------------------------------ IDE STARTED ------------------------------------------------------ 
2017-05-18 13:00:05,415 [     31]   INFO -     #com.intellij.util.ui.JBUI - User scale factor: 1.25 
2017-05-18 13:00:05,415 [     31]   INFO -     #com.intellij.util.ui.JBUI - System scale factor: 1.25 (IDE-managed HiDPI) 
2017-05-18 13:00:05,423 [     39]   INFO -        #com.intellij.idea.Main - IDE: IntelliJ IDEA (build #IC-171.4424.56, 12 May 2017 11:05) 
""",
    ),
    (
        "https://github.com/thunderbird/thunderbird-android/issues/3397",
        ".txt",
        r"""$ ./adb logcat -d | grep 21525
I/libPerfService(  827): perfSetFavorPid - pid:21525, 5415
V/SettingsInterface(21525): invalidate [system]: current 74 != cached 0
D/Proxy   (21525): setHttpRequestCheckHandler
I/HwCust  (21525): Constructor found for class android.app.HwCustApplicationPackageManagerImpl
D/HwCust  (21525): Create obj success use class android.app.HwCustApplicationPackageManagerImpl
D/Environment(21525): getStorageVolume,  volume:StorageVolume:
D/Environment(21525):     mStorageId=65537 mPath=/storage/emulated/0 mDescriptionId=17041131 
D/Environment(21525):     mPrimary=true mRemovable=false mEmulated=true mMtpReserveSpace=10 
D/Environment(21525):     mAllowMassStorage=false mMaxFileSize=0 mOwner=UserHandle{0} mUuid=null 
D/Environment(21525):     mUserLabel=null mState=mounted 
""",
    ),
    # ---- flutter doctor, brew, dotnet --info, rustup show ------------------------------------
    (
        "https://github.com/flutter/flutter/pull/2882",
        ".txt",
        r"""[✓] Flutter (on Mac OS, channel master)
    • Flutter at /Users/[[user:brennanvoss]]{{keep:/projects/flutter/flutter}}
    • Framework revision dff356f (77 minutes ago), engine revision b7419de

[✓] Android toolchain - develop for Android devices (Android SDK 23.0.2)
    • Android SDK at /Users/[[user:brennanvoss]]{{keep:/tools/android-sdk-macosx}}
    • Platform android-23, build-tools 23.0.2
    • Java(TM) SE Runtime Environment (build 1.8.0_72-b15)

[✓] iOS toolchain - develop for iOS devices (Xcode 7.2.1)
    • XCode at /Applications/Xcode.app/Contents/Developer
    • Xcode 7.2.1, Build version 7C1002

[✓] Atom - a lightweight development environment for Flutter
    • Atom installed; Flutter plugin version 0.2.1
""",
    ),
    (
        "https://github.com/flutter/flutter/issues/16402",
        ".txt",
        r"""Flutter crash report; please file at https://github.com/flutter/flutter/issues.

## command

flutter doctor

## exception

ArgumentError: Invalid argument(s): Cannot find executable for /Users/[[user:mirenka]]{{keep:/Library/Android/sdk/tools/bin/sdkmanager}}.

#0      _getExecutable (package:process/src/interface/local_process_manager.dart:113)
#1      LocalProcessManager.start (package:process/src/interface/local_process_manager.dart:41)
#2      runCommand (package:flutter_tools/src/base/process.dart:115)
#3      AndroidWorkflow.licensesAccepted (package:flutter_tools/src/android/android_workflow.dart:188)
<asynchronous suspension>
#4      AndroidWorkflow.validate (package:flutter_tools/src/android/android_workflow.dart:149)
""",
    ),
    (
        "https://github.com/Homebrew/brew/issues/1092",
        ".txt",
        r"""HOMEBREW_VERSION: >1.0.0 (no git repository)
ORIGIN: https://github.com/Homebrew/brew.git
HEAD: 889c400be4ba7803b7dcf402b00279a21ae80c97
Last commit: 51 minutes ago
Core tap ORIGIN: https://github.com/Homebrew/homebrew-core
Core tap HEAD: 7b6f42699b965a9f44d35de97e97ce2464799e25
Core tap last commit: 2 hours ago
HOMEBREW_PREFIX: /usr/local
HOMEBREW_REPOSITORY: /usr/local/Homebrew
HOMEBREW_CELLAR: /usr/local/Cellar
HOMEBREW_BOTTLE_DOMAIN: https://homebrew.bintray.com
CPU: quad-core 64-bit haswell
Homebrew Ruby: 2.0.0-p648
Clang: 8.0 build 800
Git: 2.10.0 => /usr/local/bin/git
Perl: /usr/bin/perl
Python: /usr/local/bin/python => /usr/local/Cellar/python/2.7.12/Frameworks/Python.framework/Versions/2.7/bin/python2.7
Ruby: /usr/local/bin/ruby => /usr/local/Cellar/ruby/2.3.1/bin/ruby
Java: 1.8.0_102
macOS: 10.12-x86_64
Xcode: 8.0
CLT: N/A
X11: 2.7.9 => /opt/X11
""",
    ),
    (
        "https://github.com/Homebrew/install/pull/207",
        ".txt",
        r"""[[user:tjm]]@[[user:Gregors]]-MacBook-Pro ~ % /usr/bin/ruby -e "$(curl -fsSL https://raw.githubusercontent.com/Homebrew/install/master/install)"
==> You are using macOS 10.15.
==> We do not provide support for this pre-release version.
This installation may not succeed.
After installation, you will encounter build failures and other breakages.

==> This script will install:
/usr/local/bin/brew
/usr/local/share/doc/homebrew
/usr/local/share/man/man1/brew.1
/usr/local/share/zsh/site-functions/_brew
/usr/local/etc/bash_completion.d/brew
/usr/local/Homebrew
==> The Xcode Command Line Tools will be installed.

Press RETURN to continue or any other key to abort
""",
    ),
    (
        "https://github.com/dotnet/sdk/issues/35237",
        ".txt",
        r""".NET SDK:
 Version:   8.0.100-preview.7.23376.1
 Commit:    daebeea8ea

Runtime Environment:
 OS Name:     fedora
 OS Version:  37
 OS Platform: Linux
 RID:         fedora.37-x64
 Base Path:   /usr/lib64/dotnet/sdk/8.0.100-preview.7.23376.1/

.NET workloads installed:
There are no installed workloads to display.

Host:
  Version:      8.0.0-preview.7.23375.6
  Architecture: x64
  Commit:       65b696cf5e
  RID:          fedora.37-x64

.NET SDKs installed:
  7.0.110 [/usr/lib64/dotnet/sdk]
  8.0.100-preview.7.23376.1 [/usr/lib64/dotnet/sdk]

Environment variables:
  DOTNET_ROOT       [/usr/lib64/dotnet]

global.json file:
  Not found
""",
    ),
    (
        "https://github.com/dotnet/cli/pull/4793",
        ".txt",
        r"""C:\Users>dotnet --info
.NET Command Line Tools (1.0.0-preview4-004109)

Product Information:
 Version:            1.0.0-preview4-004109
 Commit SHA-1 hash:  98a3974557

Runtime Environment:
 OS Name:     Windows
 OS Version:  10.0.14393
 OS Platform: Windows
 RID:         win10-x64
 Base Path:   C:\Program Files\dotnet\sdk\1.0.0-preview4-004109

[[user:haoran]]@[[user:haoran]]-UX31A:~/Documents/cli/artifacts/ubuntu.16.04-x64/stage2$ ./dotnet --info
.NET Command Line Tools (1.0.0-preview4-004109)

Product Information:
 Version: 1.0.0-preview4-004109
 Commit SHA-1 hash: 98a3974557

Runtime Environment:
 OS Name: ubuntu
 OS Version: 16.04
 OS Platform: Linux
 RID: ubuntu.16.04-x64
 Base Path: /home/[[user:haoran]]{{keep:/Documents/cli/artifacts/ubuntu.16.04-x64/stage2/sdk/1.0.0-preview4-004109}}
""",
    ),
    (
        "https://github.com/ANSSI-FR/rust-guide/issues/40",
        ".txt",
        r"""$ rustup show
Default host: x86_64-unknown-linux-gnu
rustup home:  /home/[[user:eskil]]{{keep:/.rustup}}

installed toolchains
--------------------

stable-x86_64-unknown-linux-gnu (default)
nightly-2020-06-23-x86_64-unknown-linux-gnu
nightly-x86_64-unknown-linux-gnu
cg_clif_rustc

installed targets for active toolchain
--------------------------------------

x86_64-pc-windows-gnu
x86_64-unknown-linux-gnu
x86_64-unknown-linux-musl

active toolchain
----------------

stable-x86_64-unknown-linux-gnu (default)
rustc 1.44.0 (49cae5576 2020-06-01)
""",
    ),
    # ---- docker context, aws and gcloud ------------------------------------------------------
    (
        "https://github.com/amir20/dtop/issues/315",
        ".txt",
        r"""$ docker context list
NAME              DESCRIPTION                               DOCKER ENDPOINT                                     ERROR
colima *          colima                                    unix:///Users/{{keep:*****}}/.colima/default/docker.sock
default           Current DOCKER_HOST based configuration   unix:///var/run/docker.sock
rancher           Rancher Desktop moby context              unix:///Users/{{keep:*****}}/.rd/docker.sock

$ docker context show
colima
""",
    ),
    (
        "https://github.com/aws/aws-cli/issues/4957",
        ".txt",
        r"""38f9d33f3e3e:.aws [[user:ramvelas]]$ aws --version
aws-cli/2.0.0 Python/3.7.4 Darwin/17.7.0 botocore/2.0.0dev4
38f9d33f3e3e:.aws [[user:ramvelas]]$ echo $AWS_CONFIG_FILE

38f9d33f3e3e:.aws [[user:ramvelas]]$ pwd
/Users/[[user:ramvelas]]{{keep:/.aws}}
38f9d33f3e3e:.aws [[user:ramvelas]]$ aws configure list --profile private
      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile                  private           manual    --profile
access_key     {{keep:****************}} shared-credentials-file    
secret_key     {{keep:****************}} shared-credentials-file    
    region                us-west-1      config-file    ~/.aws/config
38f9d33f3e3e:.aws [[user:ramvelas]]$ export AWS_CONFIG_FILE=~/.aws/fake_location/config
38f9d33f3e3e:.aws [[user:ramvelas]]$ echo $AWS_CONFIG_FILE
/Users/[[user:ramvelas]]{{keep:/.aws/fake_location/config}}
38f9d33f3e3e:.aws [[user:ramvelas]]$ aws configure list --profile private
      Name                    Value             Type    Location
      ----                    -----             ----    --------
   profile                  private           manual    --profile
access_key     {{keep:****************K2P9}} shared-credentials-file    
secret_key     {{keep:****************8f3q}} shared-credentials-file    
    region                us-west-1      config-file    /Users/[[user:ramvelas]]{{keep:/.aws/fake_location/config}}
""",
    ),
    (
        "https://github.com/GoogleCloudPlatform/cloud-code-intellij/issues/3063",
        ".txt",
        r"""$ gcloud source repos list --project $GCPPROJECT | awk '{print $1}' > repos.txt
WARNING: Could not open the configuration file: [/Users/[[user:rbtmac]]{{keep:/Documents/GitHub/.config/gcloud/configurations/config_default}}].
ERROR: (gcloud.source.repos.list) You do not currently have an active account selected.
Please run:

  $ gcloud auth login

to obtain new credentials.

If you have already logged in with a different account:

    $ gcloud config set account {{keep:ACCOUNT}}

to select an already authenticated account to use.
""",
    ),
    (
        "https://github.com/googleapis/google-api-dotnet-client/issues/690",
        ".txt",
        r"""PS C:\inetpub\logs\LogFiles\W3SVC1> gcloud info
Google Cloud SDK [0.9.69]

Platform: [Windows, x86_64]
Python Version: [2.7.8 (default, Jun 30 2014, 16:03:49) [MSC v.1500 32 bit (Intel)]]
Site Packages: [Disabled]

Installation Root: [C:\Program Files (x86)\Google\Cloud SDK\google-cloud-sdk]
Installed Components:
  core: [2015.07.10]
  bq-win: [2.0.18]
  core-win: [2015.06.02]
  gcloud: [2015.07.10]
  windows-ssh-tools: [2015.06.02]
  gsutil: [4.13]
  gsutil-win: [4.12]
  bq: [2.0.18]
Cloud SDK on PATH: [True]

Installation Properties: [C:\Program Files (x86)\Google\Cloud SDK\google-cloud-sdk\properties]
User Config Directory: [C:\Users\[[user:mattie]]{{keep:\AppData\Roaming\gcloud}}]
""",
    ),
]


# The stop-64 collection (batch 64, collected at stop 50 under scrubber 1.27.0): excerpts of files
# committed in public repositories, of kinds batches 61 and 62 did not take (NetBeans'
# private.properties, an Eclipse workspace log and preferences, Maven Surefire reports and
# settings.xml, a Visual Studio .vcxproj.user, an IntelliJ misc.xml, CMakeCache.txt under a
# Windows OneDrive home, Flutter's Generated.xcconfig, .git-credentials, ~/.ssh/config, crontab,
# .bash_profile and .zshrc, a docker-compose file with a home's volume), scored once, per part,
# blind, no rule changed (tests/outside_corpus/SOURCE.md, "The stop-64 collection").
_RAW_STOP64: list[tuple[str, str, str]] = [
    # ---- NetBeans: nbproject/private/private.properties ----------------------------------------
    (
        "https://github.com/0007David/weka-with-java/blob/ecc2d7546868d0632eca731ad7c48477449ae223/nbproject/private/private.properties",
        ".txt",
        r"""compile.on.save=true
do.depend=false
do.jar=true
javac.debug=true
javadoc.preview=true
user.properties.file=C:\\Users\\[[user:Marco Ibarra]]{{keep:\\AppData\\Roaming\\NetBeans\\8.2\\build.properties}}
""",
    ),
    (
        "https://github.com/00Zbiechu/-Hunting-Fuzzy-Logic/blob/be21f2dd9d7f429784d9af7fcedaeb883ac0ae62/nbproject/private/private.properties",
        ".txt",
        r"""compile.on.save=false
do.depend=false
do.jar=true
file.reference.jFuzzyLogic.jar=C:\\Users\\[[user:Glacier]]{{keep:\\Downloads\\jFuzzyLogic.jar}}
file.reference.jFuzzyLogic.jar-1=C:\\Users\\[[user:Glacier]]\\Downloads\\jFuzzyLogic.jar
javac.debug=true
javadoc.preview=true
user.properties.file=C:\\Users\\[[user:Drozd]]{{keep:\\AppData\\Roaming\\NetBeans\\8.0.2\\build.properties}}
""",
    ),
    (
        "https://github.com/0004E/PaySlipCalculator_Java/blob/12433b648939132ed8a33636d1490c94071b9d0b/nbproject/private/private.properties",
        ".txt",
        r"""compile.on.save=true
do.depend=false
do.jar=true
do.jlink=false
javac.debug=true
javadoc.preview=true
jlink.strip=false
user.properties.file=C:\\Users\\[[user:K]]{{keep:\\AppData\\Roaming\\NetBeans\\12.6\\build.properties}}
""",
    ),
    (
        "https://github.com/000haitham000/SmartphoneScheduler/blob/e8b8638c29d368ca970428c8c17fc2a6ae2f902d/nbproject/private/private.properties",
        ".txt",
        r"""compile.on.save=true
file.reference.jeval.jar=D:\\Programs-Partition\\Software Development\\Java\\jeval\\jeval-0.9.4\\dist\\jeval.jar
user.properties.file=C:\\Users\\{{keep:toshiba}}{{keep:\\AppData\\Roaming\\NetBeans\\7.2.1\\build.properties}}
""",
    ),
    # ---- Eclipse: the workspace's .metadata ----------------------------------------------------
    (
        "https://github.com/00100100/ZombieCrushSaga/blob/a450a531103e7dcfb9bee1c9cf903876cab5746e/.metadata/.log",
        ".txt",
        r"""!SESSION 2014-12-22 15:52:39.700 -----------------------------------------------
eclipse.buildId=M20130204-1200
java.version=1.7.0_67
java.vendor=Oracle Corporation
BootLoader constants: OS=win32, ARCH=x86_64, WS=win32, NL=en_US
Framework arguments:  -product com.android.ide.eclipse.adt.package.adtproduct
Command-line arguments:  -data C:\Users\[[user:Q]]{{keep:\ZombieCrushSaga}} -os win32 -ws win32 -arch x86_64 -product com.android.ide.eclipse.adt.package.adtproduct

!ENTRY org.eclipse.egit.ui 2 0 2014-12-22 15:53:21.150
!MESSAGE Warning: The environment variable HOME is not set. The following directory will be used to store the Git
user global configuration and to define the default location to store repositories: 'C:\Users\[[user:Q]]'. If this is
not correct please set the HOME environment variable and restart Eclipse. Otherwise Git for Windows and
EGit might behave differently since they see different configuration options.
This warning can be switched off on the Team > Git > Confirmations and Warnings preference page.

!ENTRY org.eclipse.ui 2 2 2014-12-22 16:35:06.840
!MESSAGE Invalid property category path: ValidationPropertiesPage (bundle: org.eclipse.wst.xml.ui, propertyPage: org.eclipse.wst.xml.ui.propertyPage.project.validation)
""",
    ),
    (
        "https://github.com/0012FF7C/May/blob/493de75ebf52fe6ab14128f17139245abd2120b2/.metadata/.plugins/org.eclipse.core.runtime/.settings/org.eclipse.ui.ide.prefs",
        ".txt",
        r"""EXIT_PROMPT_ON_CLOSE_LAST_WINDOW=false
PROBLEMS_FILTERS_MIGRATE=true
TASKS_FILTERS_MIGRATE=true
eclipse.preferences.version=1
platformState=1520591341317
quickStart=false
tipsAndTricks=true
""",
    ),
    # ---- Maven: Surefire reports and settings.xml ----------------------------------------------
    (
        "https://github.com/10npierre/my-app/blob/3acad1a8b9fba08506446916fbb46c0db74ad342/target/surefire-reports/TEST-com.mycompany.app.AppTest.xml",
        ".txt",
        r"""<?xml version="1.0" encoding="UTF-8"?>
<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report.xsd" name="com.mycompany.app.AppTest" time="0.073" tests="1" errors="0" skipped="0" failures="0">
  <properties>
    <property name="sun.desktop" value="windows"/>
    <property name="java.class.path" value="C:\Users\[[user:ruben]]{{keep:\testDir\my-app\target\test-classes}};C:\Users\[[user:ruben]]\testDir\my-app\target\classes;C:\Users\[[user:ruben]]{{keep:\.m2\repository\junit\junit\4.11\junit-4.11.jar}};C:\Users\[[user:ruben]]\.m2\repository\org\hamcrest\hamcrest-core\1.3\hamcrest-core-1.3.jar;"/>
    <property name="user.timezone" value="America/New_York"/>
    <property name="os.name" value="Windows 10"/>
    <property name="sun.boot.library.path" value="C:\Program Files\Java\jdk1.8.0_202\jre\bin"/>
    <property name="sun.java.command" value="C:\Users\[[user:ruben]]{{keep:\AppData\Local\Temp\surefire8765703867365198620\surefirebooter5719712393330141971.jar}} C:\Users\[[user:ruben]]\AppData\Local\Temp\surefire8765703867365198620 2019-11-29T19-32-53_908-jvmRun1 surefire5387316725742467199tmp surefire_01812739189621995043tmp"/>
    <property name="user.home" value="C:\Users\[[user:ruben]]"/>
    <property name="java.home" value="C:\Program Files\Java\jdk1.8.0_202\jre"/>
    <property name="basedir" value="C:\Users\[[user:ruben]]\testDir\my-app"/>
    <property name="user.name" value="[[user:ruben]]"/>
    <property name="localRepository" value="C:\Users\[[user:ruben]]\.m2\repository"/>
    <property name="java.io.tmpdir" value="C:\Users\[[user:ruben]]\AppData\Local\Temp\"/>
    <property name="user.dir" value="C:\Users\[[user:ruben]]\testDir\my-app"/>
    <property name="java.library.path" value="C:\Program Files\Java\jdk1.8.0_202\jre\bin;C:\WINDOWS\Sun\Java\bin;C:\WINDOWS\system32;C:\WINDOWS;C:\Users\[[user:ruben]]\bin;C:\Program Files\Git\mingw64\bin;C:\Program Files\Git\usr\local\bin;C:\Program Files\Git\cmd;C:\ASoftware\apache-maven-3.6.2-bin\apache-maven-3.6.2\bin;C:\Program Files\Amazon\AWSCLI\bin;C:\Users\[[user:ruben]]{{keep:\AppData\Local\Microsoft\WindowsApps}};."/>
  </properties>
  <testcase name="shouldAnswerWithTrue" classname="com.mycompany.app.AppTest" time="0.004"/>
</testsuite>
""",
    ),
    (
        "https://github.com/12abneesh/maven/blob/2d6528990f49bb0c365aedbdc477763c9e3b5d4a/target/surefire-reports/TEST-com.mycompany.app.AppTest.xml",
        ".txt",
        r"""<?xml version="1.0" encoding="UTF-8"?>
<testsuite xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:noNamespaceSchemaLocation="https://maven.apache.org/surefire/maven-surefire-plugin/xsd/surefire-test-report.xsd" name="com.mycompany.app.AppTest" time="0.147" tests="1" errors="0" skipped="0" failures="0">
  <properties>
    <property name="sun.desktop" value="gnome"/>
    <property name="java.class.path" value="/home/[[user:vikrant]]{{keep:/Documents/maven/my-app/target/test-classes}}:/home/[[user:vikrant]]/Documents/maven/my-app/target/classes:/home/[[user:vikrant]]{{keep:/.m2/repository/junit/junit/4.11/junit-4.11.jar}}:/home/[[user:vikrant]]/.m2/repository/org/hamcrest/hamcrest-core/1.3/hamcrest-core-1.3.jar:"/>
    <property name="java.vm.vendor" value="Ubuntu"/>
    <property name="os.name" value="Linux"/>
    <property name="sun.boot.library.path" value="/usr/lib/jvm/java-11-openjdk-amd64/lib"/>
    <property name="sun.java.command" value="/home/[[user:vikrant]]/Documents/maven/my-app/target/surefire/surefirebooter9905082854048062733.jar /home/[[user:vikrant]]/Documents/maven/my-app/target/surefire 2021-07-27T23-07-27_960-jvmRun1 surefire3385732036652398193tmp surefire_014528437478739274966tmp"/>
    <property name="user.home" value="/home/[[user:vikrant]]"/>
    <property name="java.home" value="/usr/lib/jvm/java-11-openjdk-amd64"/>
    <property name="basedir" value="/home/[[user:vikrant]]/Documents/maven/my-app"/>
    <property name="java.runtime.version" value="11.0.11+9-Ubuntu-0ubuntu2.20.04"/>
    <property name="user.name" value="[[user:vikrant]]"/>
    <property name="os.version" value="5.8.0-63-generic"/>
    <property name="localRepository" value="/home/[[user:vikrant]]/.m2/repository"/>
    <property name="java.io.tmpdir" value="/tmp"/>
    <property name="user.dir" value="/home/[[user:vikrant]]/Documents/maven/my-app"/>
  </properties>
  <testcase name="shouldAnswerWithTrue" classname="com.mycompany.app.AppTest" time="0.004"/>
</testsuite>
""",
    ),
    (
        "https://github.com/AlvaroLS01/pos/blob/0d6123a31468a9949510959967343d959a975c09/.m2/settings.xml",
        ".txt",
        r"""<?xml version="1.0" encoding="UTF-8"?>
<settings xsi:schemaLocation="http://maven.apache.org/SETTINGS/1.0.0 http://maven.apache.org/xsd/settings-1.0.0.xsd" xmlns="http://maven.apache.org/SETTINGS/1.0.0"
	xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">  
	<activeProfiles>
		<activeProfile>comerzzia</activeProfile>
	</activeProfiles>

	<servers>
		<!-- artifactory credentials -->
		<server>
			<id>artifactory</id>
			<username>${{{keep:env.MAVEN_REPO_USER}}}</username>
			<password>${{{keep:env.MAVEN_REPO_PASS}}}</password>		   
		</server>
		<server>
			<id>clientes</id>
			<username>${env.MAVEN_REPO_USER}</username>
			<password>${env.MAVEN_REPO_PASS}</password>		   
		</server>		
	</servers>
</settings>
""",
    ),
    # ---- Visual Studio, IntelliJ, CMake, Flutter: IDE and build files ----------------------------
    (
        "https://github.com/ChaoTang0330/CSE169/blob/a1c3242e1e0a7b0c1d442b8f98bba2d53ed9e738/Project1/Project1.vcxproj.user",
        ".txt",
        r"""<?xml version="1.0" encoding="utf-8"?>
<Project ToolsVersion="Current" xmlns="http://schemas.microsoft.com/developer/msbuild/2003">
  <PropertyGroup Condition="'$(Configuration)|$(Platform)'=='Debug|Win32'">
    <LocalDebuggerCommandArguments>skelFile/dragon.skel</LocalDebuggerCommandArguments>
    <DebuggerFlavor>WindowsLocalDebugger</DebuggerFlavor>
  </PropertyGroup>
  <PropertyGroup Condition="'$(Configuration)|$(Platform)'=='Debug|x64'">
    <LocalDebuggerCommandArguments>skelFile/dragon.skel</LocalDebuggerCommandArguments>
    <DebuggerFlavor>WindowsLocalDebugger</DebuggerFlavor>
  </PropertyGroup>
</Project>
""",
    ),
    (
        "https://github.com/0-0-man-hour/5.Consistent-hash/blob/4d48f8e15b01d5bf60707e5a0db4858b2e3a2978/.idea/misc.xml",
        ".txt",
        r"""<?xml version="1.0" encoding="UTF-8"?>
<project version="4">
  <component name="ExternalStorageConfigurationManager" enabled="true" />
  <component name="FrameworkDetectionExcludesConfiguration">
    <file type="web" url="file://$PROJECT_DIR$/.." />
  </component>
  <component name="ProjectRootManager" version="2" languageLevel="JDK_17" default="true" project-jdk-name="corretto-17" project-jdk-type="JavaSDK" />
</project>
""",
    ),
    (
        "https://github.com/0524ashley/PersonalBudget/blob/98a3b5b413701364bd150bb9a554090331889149/CMakeCache.txt",
        ".txt",
        r"""# This is the CMakeCache file.
# For build in directory: c:/Users/[[user:brenn]]{{keep:/OneDrive/Documents/PersonalBudget/build/Desktop_Qt_6_8_1_MinGW_64_bit-Debug}}
# It was generated by CMake: C:/Qt/6.8.3/Tools/CMake_64/bin/cmake.exe
# You can edit this file to change values found and used by cmake.

//No help, variable specified on the command line.
CMAKE_C_COMPILER:FILEPATH=C:/Qt/6.8.3/Tools/mingw1310_64/bin/gcc.exe

//Value Computed by CMake.
CMAKE_FIND_PACKAGE_REDIRECTS_DIR:STATIC=C:/Users/[[user:brenn]]{{keep:/OneDrive/Documents/PersonalBudget/build/Desktop_Qt_6_8_1_MinGW_64_bit-Debug/CMakeFiles/pkgRedirects}}

//No help, variable specified on the command line.
CMAKE_GENERATOR:STRING=Ninja

//Install path prefix, prepended onto install directories.
CMAKE_INSTALL_PREFIX:PATH=C:/Program Files (x86)/PersonalBudget

//No help, variable specified on the command line.
CMAKE_PROJECT_INCLUDE_BEFORE:FILEPATH=C:/Users/[[user:brenn]]/OneDrive/Documents/PersonalBudget/build/Desktop_Qt_6_8_1_MinGW_64_bit-Debug/.qtc/package-manager/auto-setup.cmake

//Value Computed by CMake
PersonalBudget_BINARY_DIR:STATIC=C:/Users/[[user:brenn]]/OneDrive/Documents/PersonalBudget/build/Desktop_Qt_6_8_1_MinGW_64_bit-Debug

//Value Computed by CMake
PersonalBudget_SOURCE_DIR:STATIC=C:/Users/[[user:brenn]]/OneDrive/Documents/PersonalBudget

//The directory containing a CMake configuration file for QT.
QT_DIR:PATH=C:/Qt/6.8.3/6.8.1/mingw_64/lib/cmake/Qt6

########################
# INTERNAL cache entries
########################

//This is the directory where this CMakeCache.txt was created
CMAKE_CACHEFILE_DIR:INTERNAL=c:/Users/[[user:brenn]]/OneDrive/Documents/PersonalBudget/build/Desktop_Qt_6_8_1_MinGW_64_bit-Debug
""",
    ),
    (
        "https://github.com/0alien/Shop-UI/blob/cd3d69b11dc67cfa741e2147bd077cc852caed44/ios/Flutter/Generated.xcconfig",
        ".txt",
        r"""// This is a generated file; do not edit or check into version control.
FLUTTER_ROOT=F:\Flutter\Programs\flutter_windows_v1.9.1+hotfix.2-stable\flutter
FLUTTER_APPLICATION_PATH=C:\Users\[[user:Sharp-Blade]]{{keep:\Desktop\Tasks\shop_ui}}
FLUTTER_TARGET=lib\main.dart
FLUTTER_BUILD_DIR=build
SYMROOT=${SOURCE_ROOT}/../build\ios
OTHER_LDFLAGS=$(inherited) -framework Flutter
FLUTTER_FRAMEWORK_DIR=F:\Flutter\Programs\flutter_windows_v1.9.1+hotfix.2-stable\flutter\bin\cache\artifacts\engine\ios
FLUTTER_BUILD_NAME=1.0.0
FLUTTER_BUILD_NUMBER=1
""",
    ),
    (
        "https://github.com/0007ishav/mi-card-flutter/blob/68f699bab3f23aff344d7baf031bf080f46774e0/ios/Flutter/Generated.xcconfig",
        ".txt",
        r"""// This is a generated file; do not edit or check into version control.
FLUTTER_ROOT=C:\flutter
FLUTTER_APPLICATION_PATH=E:\mi_card_flutter
COCOAPODS_PARALLEL_CODE_SIGN=true
FLUTTER_TARGET=lib\main.dart
FLUTTER_BUILD_DIR=build
FLUTTER_BUILD_NAME=1.0.0
FLUTTER_BUILD_NUMBER=1
EXCLUDED_ARCHS[sdk=iphonesimulator*]=i386
DART_OBFUSCATION=false
TRACK_WIDGET_CREATION=false
TREE_SHAKE_ICONS=false
PACKAGE_CONFIG=.dart_tool/package_config.json
""",
    ),
    # ---- credentials committed by mistake: .git-credentials --------------------------------------
    (
        "https://github.com/061322-VA-JavaMSA/ariel-badie/blob/0cea231213b8bacb27a1929885c789f5ef0d146e/.git-credentials",
        ".txt",
        r"""https://[[user:jonahwexler]]:[[secret:gho_O8BDHHnwHwP7UImBrkwGIlKhICw7w3ftC51R]]@github.com
""",
    ),
    (
        "https://github.com/1995hjh/learngit/blob/93c435859dcdab60e2670900d9d28efdfeeb4537/.git-credentials",
        ".txt",
        r"""https://{[[user:1987wqz]]}:{[[secret:wqz20140081127]]}@github.com
""",
    ),
    (
        "https://github.com/1364137942/koa2-secondhand/blob/b8f6827cb4ad6c8cd9e11853901606ed8cfd28f9/.git-credentials",
        ".txt",
        r"""https://[[user:2815064379]]:[[secret:wolf1987KPR]]@github.com
""",
    ),
    # ---- ~/.ssh/config, crontab, shell dotfiles, docker-compose ----------------------------------
    (
        "https://github.com/2676583711/my-server/blob/d49b01673565e771e176cd25d0322e5ecbf5a1e3/.ssh/config",
        ".txt",
        r"""Host [[user:519264803]].github.com
    HostName  github.com
    PreferredAuthentications publickey
    IdentityFile ~/.ssh/[[user:519264803]] 
    User [[user:519264803]]

Host [[user:3184927560]].github.com  
    HostName github.com
    PreferredAuthentications publickey
    IdentityFile ~/.ssh/[[user:3184927560]]
    User [[user:3184927560]]
    
Host  gitee.com  
	HostName gitee.com
	PreferredAuthentications publickey
	IdentityFile ~/.ssh/gitee
	User [[user:hopefulchen]]
""",
    ),
    (
        "https://github.com/00gavin/fabcluster/blob/3ecec6d973513333aeed1c26ba1677660eb670e9/.ssh/config",
        ".txt",
        r"""Host *amazonaws.com
        IdentityFile ~/.ssh/ec2-fab00-key.pem
        IdentityFile ~/.ssh/ec2-foo00-key.pem
        IdentityFile ~/.ssh/ec2-baz00-key.pem
        User {{keep:root}}
        StrictHostKeyChecking no
        UserKnownHostsFile /dev/null
""",
    ),
    (
        "https://github.com/0x5929/dotfiles/blob/53b908e525920169755b2a01ca3e539a9e3795a3/.ssh/config",
        ".txt",
        r"""Host aur.archlinux.org
	IdentityFile ~/.ssh/aur
	User {{keep:aur}}
Host github.com
	IdentityFile ~/.ssh/github
	User {{keep:git}}
""",
    ),
    (
        "https://github.com/267442184/pi_backup/blob/05da92615b6aa6696f796052a93ce1ebab56021c/crontab",
        ".txt",
        r"""# /etc/crontab: system-wide crontab
# Unlike any other crontab you don't have to run the `crontab'
# command to install the new version when you edit this file
# and files in /etc/cron.d. These files also have username fields,
# that none of the other crontabs do.

SHELL=/bin/sh
PATH=/usr/local/sbin:/usr/local/bin:/sbin:/bin:/usr/sbin:/usr/bin

# *  *  *  *  * user-name command to be executed
17 *	* * *	{{keep:root}}    cd / && run-parts --report /etc/cron.hourly
25 6	* * *	root	test -x /usr/sbin/anacron || ( cd / && run-parts --report /etc/cron.daily )
0  4    * * *   root    /bin/bash {{keep:/home/pi/MXMiner/Auto-miner/miners/MXScan/MXScan_init.sh}}
#
""",
    ),
    (
        "https://github.com/0820LL/.bash_profile/blob/c8e839b09598fc2d6c509d37f3d815ad223dc0dd/.bash_profile",
        ".txt",
        r"""# .bash_profile

# Get the aliases and functions
if [ -f ~/.bashrc ]; then
	. ~/.bashrc
fi

# User specific environment and startup programs

alias l="ll -hrt"
alias les="less -S"
alias qsub='/opt/gridengine/bin/lx26-amd64/qsub -q rna.q -q all.q'
SOFT=/PUBLIC/software/public
MY=/PROJ/RNA/[[user:lanzhiwei]]
RNASOFT=/PUBLIC/software/RNA
WORK=/WORK/RNA/[[user:lanzhiwei]]
BJ=/BJPROJ/RNA/[[user:lanzhiwei]]
LNC=/PUBLIC/source/RNA/lncRNA/lncRNA_v1
MAF=/PUBLIC/database/RNA/maf/genome

#Language
export LANG=en_US.UTF-8
PS1="\[\033[0;32m\]\A \[\033[0;31m\]\u\[\033[0;34m\]@\[\033[0;35m\]\h\[\033[0;34m\]:\[\033[00;36m\]\w\[\033[0;33m\] \n$\[\033[0m\]"
""",
    ),
    (
        "https://github.com/0ctopode/macDotfiles/blob/04ff8f4bb70008696b69aed08c9dabd55827ca0a/.bash_profile",
        ".txt",
        r"""# [[user:JPLund]]

# Setting vars I don't want publicised in my dotfiles
if [ -f ".env" ]; then
    . ~/.env
fi

alias lsa="ls -alG"
alias doc="cd $HOME/Documents"
alias ra="ssh [[user:dexter]]@ra.treshna.com"

alias unissh="ssh [[user:jpl41]]@linux.cosc.canterbury.ac.nz"
# NAS Aliases
alias nasssh="ssh {{keep:$NAS_USER@$NAS_IP}} -p$NAS_PORT"

# >>> conda initialize >>>
# !! Contents within this block are managed by 'conda init' !!
__conda_setup="$('/Users/[[user:jplund]]{{keep:/ProgramFiles/anaconda3/bin/conda}}' 'shell.bash' 'hook' 2> /dev/null)"
if [ $? -eq 0 ]; then
    eval "$__conda_setup"
else
    if [ -f "/Users/[[user:jplund]]/ProgramFiles/anaconda3/etc/profile.d/conda.sh" ]; then
        . "/Users/[[user:jplund]]/ProgramFiles/anaconda3/etc/profile.d/conda.sh"
    else
        export PATH="/Users/[[user:jplund]]/ProgramFiles/anaconda3/bin:$PATH"
    fi
fi
unset __conda_setup
# <<< conda initialize <<<

##
# Your previous /Users/[[user:jplund]]/.bash_profile file was backed up as /Users/[[user:jplund]]/.bash_profile.macports-saved_2021-04-04_at_12:02:27
##

# Setting env var and path for Android Studio
export ANDROID_HOME=/Users/[[user:jplund]]{{keep:/Library/Android/sdk}}
export PATH=/Users/[[user:jplund]]/Library/Android/sdk/platform-tools:$PATH

# Added by Toolbox App
export PATH="$PATH:/Users/[[user:jplund]]{{keep:/Library/Application Support/JetBrains/Toolbox/scripts}}"
""",
    ),
    (
        "https://github.com/banagere/dotfiles/blob/1880ffa0bb0d44e135e1fa118a70b5b4691edd7f/.zshrc",
        ".txt",
        r"""[[ -f "${HOME}/Library/Application Support/amazon-q/shell/zshrc.pre.zsh" ]] && builtin source "${HOME}/Library/Application Support/amazon-q/shell/zshrc.pre.zsh"

# omz
export ZSH="$HOME/.oh-my-zsh"
ZSH_THEME="robbyrussell"
plugins=(git)
source $ZSH/oh-my-zsh.sh

# bun
[ -s "/Users/[[user:tolvanen]]{{keep:/.bun/_bun}}" ] && source "/Users/[[user:tolvanen]]/.bun/_bun"

# zoxide
export XDG_DATA_DIRS="/opt/homebrew/share:$XDG_DATA_DIRS"
eval "$(zoxide init zsh)"
""",
    ),
    (
        "https://github.com/emalherbi-zz/docker/blob/2bde6ebad3d48236d616369feb5f46c828d0eaf9/docker-compose.yml",
        ".yaml",
        r"""php8:
  container_name: php8
  build: ./php8/
  links:
    - db
  ports:
    - "8001:80"
    - "8443:443"
  volumes:
    - /Users/[[user:rfontanel]]{{keep:/Sites/docker/www:/var/www/html}}
php7:
  container_name: php7
  build: ./php7/
  links:
    - db
  ports:
    - "7001:80"
    - "7443:443"
  volumes:
    - /Users/[[user:rfontanel]]/Sites/docker/www:/var/www/html
db:
  container_name: db
  image: mariadb
  ports:
    - "8306:3306"
  environment:
    MYSQL_ROOT_PASSWORD: {{keep:root}}
    MYSQL_USER: root
    MYSQL_PASSWORD: root
""",
    ),
]


_RAW_STOP65: list[tuple[str, str, str]] = [
    # ---- Windows homes in other scripts: Cyrillic, CJK, accented Latin -------------------------
    (
        "https://github.com/bloxstraplabs/bloxstrap/issues/1000",
        ".txt",
        r"""System.UnauthorizedAccessException: Access to the path 'C:\Users\[[user:Павел]]{{keep:\AppData\Local\Bloxstrap\Logs}}' is denied.
""",
    ),
    (
        "https://github.com/yeongpin/cursor-free-vip/issues/1105",
        ".txt",
        r"""Traceback (most recent call last):
  File "main.py", line 338, in <module>
  File "main.py", line 96, in __init__
  File "<frozen os>", line 217, in makedirs
  File "<frozen os>", line 217, in makedirs
  File "<frozen os>", line 217, in makedirs
  File "<frozen os>", line 227, in makedirs
PermissionError: [WinError 5] 拒绝访问。: 'C:\\Users\\[[user:月落三更]]'
[PYI-44984:ERROR] Failed to execute script 'main' due to unhandled exception!
""",
    ),
    (
        "https://github.com/NUAA-Open-Source/NUAA-iCal-Python/issues/3",
        ".txt",
        r"""PS C:\Users\[[user:DoubleQ]]> nuaaical
======== NUAA iCal Python ========
Repo: https://github.com/Triple-Z/NUAA-iCal-Python
Please help me STAR this project if it is useful~
Pull requests (PR) welcome!

输入提示：
学年: 2017-2018
学期: 1 (上学期) / 2 (下学期)
学号: 你的南京航空航天大学学号
-------- 请填写以下信息 --------
学年: 2017-2018
学期: 2
学号: 163720458
==================================================
Traceback (most recent call last):
  File "d:\python\lib\runpy.py", line 193, in _run_module_as_main
    "__main__", mod_spec)
  File "d:\python\lib\runpy.py", line 85, in _run_code
    exec(code, run_globals)
  File "D:\Python\Scripts\nuaaical.exe\__main__.py", line 9, in <module>
  File "d:\python\lib\site-packages\NUAAiCal\main.py", line 155, in main
    export_ics(cal, xn, xq, xh)
  File "d:\python\lib\site-packages\NUAAiCal\GenerateICS.py", line 86, in export_ics
    is_update = not is_same(tem_filename, filename)
  File "d:\python\lib\site-packages\NUAAiCal\GenerateICS.py", line 117, in is_same
    with open(file1, 'rb') as f1:
PermissionError: [Errno 13] Permission denied: 'C:\\Users\\[[user:DoubleQ]]{{keep:\\AppData\\Local\\Temp\\tmpx8tcjhid}}'
PS C:\Users\[[user:DoubleQ]]>
""",
    ),
    (
        "https://github.com/dotnet/core/issues/5497",
        ".txt",
        r"""C:\Users\[[user:ofa17]]>cd myWebApp
O sistema não pode encontrar o caminho especificado.

C:\Users\[[user:ofa17]]>cd
C:\Users\[[user:ofa17]]

C:\Users\[[user:ofa17]]>cd myWebApp
O sistema não pode encontrar o caminho especificado.

C:\Users\[[user:ofa17]]>

> C: \ Users \ [[user:ofa17]]> cd myWebApp
> O sistema não pode encontrar o caminho especificado.
>
> C: \ Usuários \ [[user:ofa17]]> cd
> C: \ Usuários \ [[user:ofa17]]
""",
    ),
    (
        "https://github.com/fly8888/cursor_machine_id/issues/9",
        ".txt",
        r"""Target file path: C:\Users\[[user:lwq]]{{keep:\AppData\Roaming\Cursor\User\globalStorage\storage.json}}
系统找不到指定的路径。
""",
    ),
    (
        "https://github.com/pydio/pydio-sync/issues/82",
        ".txt",
        r"""C:\Users\[[user:Hélène]]{{keep:.pydio_data\pydio.log}}

2015-02-01 22:54:48 ERROR 3600 Dummy-1 logging:1193 | exception | Internal Error
Traceback (most recent call last):
File "C:\BuildAgent\work\a00136d723583ad3\build\pydio-agent\out01-PYZ.pyz\flask.app", line 1475, in full_dispatch_request
File "C:\BuildAgent\work\a00136d723583ad3\build\pydio-agent\out01-PYZ.pyz\flask.app", line 1461, in dispatch_request
File "C:\BuildAgent\work\a00136d723583ad3\build\pydio-agent\out01-PYZ.pyz\flask_restful", line 397, in wrapper
File "C:\BuildAgent\work\a00136d723583ad3\build\pydio-agent\out01-PYZ.pyz\flask.views", line 84, in view
File "C:\BuildAgent\work\a00136d723583ad3\build\pydio-agent\out01-PYZ.pyz\flask_restful", line 487, in dispatch_request
File "C:\BuildAgent\work\a00136d723583ad3\build\pydio-agent\out01-PYZ.pyz\pydio.ui.web_api", line 286, in get
File "C:\BuildAgent\work\a00136d723583ad3\build\pydio-agent\out01-PYZ.pyz\pydio.ui.web_api", line 299, in enrich_job
File "C:\BuildAgent\work\a00136d723583ad3\build\pydio-agent\out01-PYZ.pyz\pydio.job.job_config", line 92, in build_job_data_path
UnicodeDecodeError: 'ascii' codec can't decode byte 0xe9 in position 10: ordinal not in range(128)
""",
    ),
    (
        "https://github.com/pypa/pip/issues/9054",
        ".txt",
        r"""C:\Users\[[user:ЖЦЭБKRT]]>C:\Users\[[user:ЖЦЭБKRT]]{{keep:\AppData\Local\Programs\Python\Python39\python.exe}}
Python 3.9.0 (tags/v3.9.0:9cf6752, Oct  5 2020, 15:34:40) [MSC v.1927 64 bit (AMD64)] on win32
Type "help", "copyright", "credits" or "license" for more information.
>>> exit()
""",
    ),
    (
        "https://github.com/pypa/pip/issues/4467",
        ".txt",
        r"""PS C:\> pip install scipy
Collecting scipy
  Using cached scipy-0.19.0.zip
Installing collected packages: scipy
  Running setup.py install for scipy ... error
Exception:
Traceback (most recent call last):
  File "c:\users\[[user:raphaël]]{{keep:\appdata\local\programs\python\python36\lib\site-packages\pip\compat\__init__.py}}", line 73, in console_to_str
    return s.decode(sys.__stdout__.encoding)
UnicodeDecodeError: 'utf-8' codec can't decode byte 0xeb in position 50: invalid continuation byte

During handling of the above exception, another exception occurred:

Traceback (most recent call last):
  File "c:\users\[[user:raphaël]]{{keep:\appdata\local\programs\python\python36\lib\site-packages\pip\commands\install.py}}", line 342, in run
    prefix=options.prefix_path,
  File "c:\users\[[user:raphaël]]{{keep:\appdata\local\programs\python\python36\lib\site-packages\pip\req\req_set.py}}", line 784, in install
    **kwargs
""",
    ),
    (
        "https://github.com/decalage2/olefile/issues/80",
        ".txt",
        r"""C:\Users\[[user:Adán]]>pip install Pillow
Requirement already satisfied: Pillow in c:\users\[[user:adán]]{{keep:\appdata\local\programs\python\python36-32\lib\site-packages\pillow-4.3.0-py3.6-win32.egg}}
Collecting olefile (from Pillow)
  Using cached olefile-0.44.zip
Installing collected packages: olefile
  Running setup.py install for olefile ... error
Exception:
Traceback (most recent call last):
  File "c:\users\[[user:adán]]{{keep:\appdata\local\programs\python\python36-32\lib\site-packages\pip\compat\__init__.py}}", line 73, in console_to_str
    return s.decode(sys.__stdout__.encoding)
UnicodeDecodeError: 'utf-8' codec can't decode byte 0xe1 in position 57: invalid continuation byte
""",
    ),
    (
        "https://github.com/nodejs/node/issues/460",
        ".txt",
        r"""D:\Users\[[user:晴宇]]{{keep:\AppData\Roaming\npm}}  ->   D:\Users\{{keep:?????}}\AppData\Roaming\npm
""",
    ),
    (
        "https://github.com/microsoft/Convert-Etl2Pcapng/issues/15",
        ".txt",
        r"""❯ Update-Etl2Pcapng
Write-Error: Failed to write settings.xml to C:\Users\[[user:brhaldan]]{{keep:\OneDrive - Microsoft\Documents\PowerShell\Modules}}
C:\Users\[[user:brhaldan]]{{keep:\Documents\PSModules\Convert-Etl2Pcapng}}: The filename, directory name, or volume label syntax
is incorrect. : 'C:\Users\[[user:brhaldan]]{{keep:\OneDrive - Microsoft\Documents\PowerShell\Modules}}
C:\Users\[[user:brhaldan]]{{keep:\Documents\PSModules}}'.
""",
    ),
    # ---- codepage mojibake of a user folder ------------------------------------------------------
    (
        "https://github.com/openai/codex/issues/28079",
        ".txt",
        r"""C:\Users\[[user:云起时看山远]]

C:\Users\[[user:浜戣捣鏃剁湅灞辫繙]]

Codex app package: OpenAI.Codex_26.616.6631.0_x64__{{keep:2p2nqsd0c76g0}}
Codex app version: 26.616.6631.0
Windows edition: Windows 10 Pro for Workstations
Windows version: 2009
OS HAL: 10.0.26100.1
Architecture: 64-bit
""",
    ),
    (
        "https://github.com/anthropics/claude-code/issues/27321",
        ".txt",
        r"""- Expected path: `C:\Users\[[user:小林]]{{keep:\AppData\Roaming\Claude\...}}`
- Actual path in log: `C:\Users\[[user:蟆乗棊]]{{keep:\AppData\Roaming\Claude\...}}`
""",
    ),
    (
        "https://github.com/deskflow/deskflow/issues/6673",
        ".txt",
        r"""[2019-09-30T11:42:01] DEBUG: new command, elevate=1 command="C:/Program Files/Synergy/synergyc.exe" -f --no-tray --debug DEBUG2 --name TEC-W10P-TestET --ipc --enable-drag-drop --enable-crypto --profile-dir "C:\Users\[[user:�mileTremblay]]{{keep:\AppData\Local}}" --log "C:/Users/[[user:ÉmileTremblay]]{{keep:/synergy.log}}" 192.168.1.160:24800
""",
    ),
    (
        "https://github.com/nvm-windows/nvm/issues/1282",
        ".txt",
        r"""C:\Users\[[user:MatthiasKühne]]>nvm install lts
C:\Users\[[user:MatthiasK�hne]]{{keep:\AppData\Local\nvm}} could not be found or does not exist. Exiting.
Downloading node.js version 22.17.1 (64-bit)...
Extracting node and npm...
Complete

Installation complete.
If you want to use this version, type:

nvm use 22.17.1

C:\Users\[[user:MatthiasKühne]]>nvm use 22.17.1
C:\Users\[[user:MatthiasK�hne]]{{keep:\AppData\Local\nvm}} could not be found or does not exist. Exiting.
activation error: Version not installed. Run "nvm ls" to see available versions.

C:\Users\[[user:MatthiasKühne]]>nvm ls
C:\Users\[[user:MatthiasK�hne]]{{keep:\AppData\Local\nvm}} could not be found or does not exist. Exiting.

No installations recognized.

C:\Users\[[user:MatthiasKühne]]{{keep:\AppData\Local\nvm}}>dir
 Volume in drive C has no label.
 Volume Serial Number is D6D1-32FC

 Directory of C:\Users\[[user:MatthiasKühne]]{{keep:\AppData\Local\nvm}}
""",
    ),
    (
        "https://github.com/nltk/nltk/issues/1024",
        ".txt",
        r""">>> import os
>>> os.path.expanduser('~/')
'C:\\Users\\[[user:B\xfdlg]]/'

Python 2.7.13 (v2.7.13:a06454b1afa1, Dec 17 2016, 20:42:59) [MSC v.1500 32 bit (Intel)] on win32
Type "copyright", "credits" or "license()" for more information.
>>> import nltk

Traceback (most recent call last):
  File "<pyshell#0>", line 1, in <module>
    import nltk
  File "C:\Python27\lib\site-packages\nltk\__init__.py", line 128, in <module>
    from nltk.chunk import *
  File "C:\Python27\lib\site-packages\nltk\chunk\__init__.py", line 155, in <module>
    from nltk.data import load
  File "C:\Python27\lib\site-packages\nltk\data.py", line 77, in <module>
    if 'APPENGINE_RUNTIME' not in os.environ and os.path.expanduser('~/') != '~/':
  File "C:\Python27\lib\ntpath.py", line 311, in expanduser
    return userhome + path[i:]
UnicodeDecodeError: 'ascii' codec can't decode byte 0xfd in position 10: ordinal not in range(128)
""",
    ),
    # ---- macOS homes and localized git ----------------------------------------------------------
    (
        "https://github.com/b1f6c1c4/git-get/issues/24",
        ".txt",
        r"""> [[user:karimhaddad]]@[[user:Karim]]s-MacBook-Pro ~ % git get -v b1f6c1c4/git-get 2dd50b6
> OCWD=/Users/[[user:karimhaddad]]
> FORCE=''
> FORCE_DIR=''
> OUTPUT=/Users/[[user:karimhaddad]]{{keep:/git-get}}
> DEF_OUTPUT=YES
> PRESERVE=''
> TAG=''
> TAG_FILE=''
> GITHUB=REPO
> GH_REPO=b1f6c1c4/git-get
> REPO=git@github.com:b1f6c1c4/git-get.git
> BRANCH=2dd50b6
> DIR=''
> BASENAME=git-get
> PREV_TAGS=''
> WORK_DIR=/private/var/folders/{{keep:41/1n8hp4_n7j523xwflsx1kpq80000gn}}/T/{{keep:tmp.Y9uOHB6a}}
> git clone --bare --progress --branch 2dd50b6 --depth 1 --no-tags git@github.com:b1f6c1c4/git-get.git git-get/.git 
> Klone in Bare-Repository 'git-get/.git' ...
> Enter passphrase for key '/Users/[[user:karimhaddad]]{{keep:/.ssh/id_ed25519}}': 
> Warnung: Konnte zu klonenden Remote-Branch 2dd50b6 nicht finden.
> Schwerwiegend: Remote-Branch 2dd50b6 nicht im Upstream-Repository origin gefunden
> Error: No viable method.
""",
    ),
    (
        "https://github.com/jethrokuan/z/issues/25",
        ".txt",
        r"""/Users/[[user:wudongmo]]{{keep:/Dropbox (个人)}}|1|1479957811

➜  Dropbox (个人) echo $PWD
/Users/[[user:wudongmo]]{{keep:/Dropbox (个人)}}
""",
    ),
    # ---- clean: localized tool output that names no one --------------------------------------------
    (
        "https://github.com/oliverschwendener/ueli/issues/245",
        ".txt",
        r"""Get-ChildItem : Der Pfad "{{keep:C:\Users\...\Desktop}}" kann nicht gefunden werden, da er nicht vorhanden ist.
 In Zeile:1 Zeichen:186
 + ... Menu' | %{ Get-ChildItem -Path $_ -include *.lnk, *.appref-ms, *.url ...
 + ~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~~
 + CategoryInfo : ObjectNotFound: ({{keep:C:\Users\...\Desktop}}:String) [Get-ChildItem], ItemNotFoundException
 + FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.GetChildItemCommand
""",
    ),
    (
        "https://github.com/1Remote/1Remote/issues/275",
        ".txt",
        r"""对路径“C:\Users\{{keep:Admin}}.DESKTOP-DFAVM7M\AppData\Roaming\PRemoteM”的访问被拒绝。

   在 System.IO.__Error.WinIOError(Int32 errorCode, String maybeFullPath)
   在 System.IO.Directory.InternalCreateDirectory(String fullPath, String path, Object dirSecurityObj, Boolean checkHost)
   在 PRM.Model.PrmContext.InitSqliteDb(String sqlitePath) 位置 D:\DemoProject\PRemoteM-NET6\Ui\Model\PrmContext.cs:行号 45
   在 PRM.AppInit.InitOnConfigure() 位置 D:\DemoProject\PRemoteM-NET6\Ui\AppInit.cs:行号 262
   在 PRM.Bootstrapper.Configure() 位置 D:\DemoProject\PRemoteM-NET6\Ui\Bootstrapper.cs:行号 119
   在 Stylet.BootstrapperBase.Start(String[] args)
   在 System.Windows.Application.OnStartup(StartupEventArgs e)
""",
    ),
    (
        "https://github.com/JIEKE66633/One-click-cleaning-of-C-drive/issues/2",
        ".txt",
        r"""'鍔–鐩樻竻鐞嗗伐鍏?..' 不是内部或外部命令，也不是可运行的程序
或批处理文件。
Traceback (most recent call last):
  File "C:\Users\{{keep:Administrator}}\Desktop\One-click-cleaning-of-C-drive-1.1.0\main.py", line 690, in <module>
    main()
  File "C:\Users\{{keep:Administrator}}\Desktop\One-click-cleaning-of-C-drive-1.1.0\main.py", line 684, in main
    app = CleanerApp()
  File "C:\Users\{{keep:Administrator}}\Desktop\One-click-cleaning-of-C-drive-1.1.0\main.py", line 37, in __init__
    self.cleaner = CleanerLogic()
  File "C:\Users\{{keep:Administrator}}\Desktop\One-click-cleaning-of-C-drive-1.1.0\cleaner_logic.py", line 76, in __init__
    os.makedirs(self.backup_dir, exist_ok=True)
  File "D:\Program Files\python\lib\os.py", line 225, in makedirs
    mkdir(name, mode)
PermissionError: [WinError 5] 拒绝访问。: 'A:CCleaner_Backup'
请按任意键继续. . .
""",
    ),
    (
        "https://github.com/Baronyu188/edge-TTS-tool/issues/4",
        ".txt",
        r"""Traceback (most recent call last):
  File "edge-TTS-1.9.7-win.py", line 1480, in <module>
FileNotFoundError: [WinError 3] 系统找不到指定的路径。: 'C:\\Users\\{{keep:Administrator}}\\Desktop'
""",
    ),
    (
        "https://github.com/emestee/dayz-epoch-linux-server-magic/issues/12",
        ".txt",
        r"""$ git clone git@github.com:emestee/dayz-epoch-linux-server-magic.git
Klone nach 'dayz-epoch-linux-server-magic'...
Permission denied (publickey).
fatal: Could not read from remote repository.

Please make sure you have the correct access rights
and the repository exists.
""",
    ),
    (
        "https://github.com/apache/dolphinscheduler/issues/1402",
        ".txt",
        r"""cn.escheduler.server.worker.log.TaskLogger:[178]-[taskAppId=TASK_2_4_10] -> {{keep:xxx}} 不在 sudoeser 文件中。此事将被报告。
""",
    ),
    (
        "https://github.com/modu-ai/moai-adk/issues/422",
        ".txt",
        r"""  Error: [Error]
  EINVAL: invalid argument, open
  'C:\Users\{{keep:홍길동~1}}\AppData\Local\Temp\claude\E--Sources-SoftPKorea-M365-LifeCycle-Management\tasks\ba745z40b.output'

  - Shell: bash (Git Bash)
  - 사용자 계정 경로: C:\Users\{{keep:홍길동팀장}}\ (한글 포함)

  [Error]
  EINVAL: invalid argument, open
  'C:\Users\{{keep:홍길동~1}}\AppData\Local\Temp\claude\E--Sources-PKorea-LifeCycle-Management\tasks\ba745z40b.output'

  [Error]
  EINVAL: invalid argument, open
  'C:\Users\{{keep:홍길동~1}}\AppData\Local\Temp\claude\E--Sources-PKorea-LifeCycle-Management\tasks\br86pus2r.output'
""",
    ),
    (
        "https://github.com/nvm-windows/nvm/issues/145",
        ".txt",
        r"""C:\Windows\system32>nvm arch
C:\Users\{{keep:�����}}\AppData\Roaming\nvm could not be found or does not exist. Exiting.
System Default: 64-bit.
Currently Configured: 64-bit.

C:\WINDOWS\system32>nvm arch
**There's a space. C:\Users\{{keep:中文}}\nvm could not be found or does not exist. Exiting.
System Default: 64-bit.
Currently Configured: -bit.
""",
    ),
    (
        "https://github.com/MicrosoftDocs/PowerShell-Docs/issues/12415",
        ".txt",
        r"""cd : Impossible de trouver le chemin d'accès « C:\code\ », car il n'existe pas.
Au caractère Ligne:1 : 1
+ cd c:\code\
+ ~~~~~~~~~~~
""",
    ),
    (
        "https://github.com/CollabCodeTech/forum-do-front-ao-end/issues/7",
        ".txt",
        r"""PS C:\Users\{{keep:Convidado}}> cd /mnt/c
cd : Não é possível localizar o caminho 'C:\mnt\c' porque ele não existe.
No linha:1 caractere:1
+ cd /mnt/c
+ ~~~~~~~~~
    + CategoryInfo          : ObjectNotFound: (C:\mnt\c:String) [Set-Location], ItemNotFoundException
    + FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.SetLocationComm

PS C:\Users\{{keep:Convidado}}> cd/c
cd/c : O termo 'cd/c' não é reconhecido como nome de cmdlet, função, arquivo de script ou programa operável. 
Verifique a grafia do nome ou, se um caminho tiver sido incluído, veja se o caminho está correto e tente novamente.
No linha:1 caractere:1
+ cd/c
+ ~~~~
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/83071",
        ".txt",
        r"""PS C:\Аналитика\p31> cd 'c:\налитика\p31'; ${env:PYTHONIOENCODING}='UTF-8'; ${env:PYTHONUNBUFFERED}='1'; & 'C:\Python37\python.exe' 'c:\Users\{{keep:[my windows profile]}}\.vscode\extensions\ms-python.python-2019.10.41019\pythonFiles\ptvsd_launcher.py' '--default' '--client' '--host' 'localhost' '--port' '62845' 'c:\налитика\p31\habrparse.py' 
cd : Не удается найти путь "C:\налитика\p31", так как он не существует.
строка:1 знак:1
 cd 'c:\налитика\p31'; ${env:PYTHONIOENCODING}='UTF-8'; ${env:PYTHONUN ...

CategoryInfo          : ObjectNotFound: (C:\налитика\p31:String) [Set-Location], ItemNotFoundException
FullyQualifiedErrorId : PathNotFound,Microsoft.PowerShell.Commands.SetLocationCommand
""",
    ),
]


# The stop-66 collection (batch 66, collected at stop 50 under scrubber 1.28.0): excerpts of
# public threads with the output of tools the earlier collections had little of: game and mod
# launchers (Minecraft, Fabric, Twitch, Steam/Proton, Unity Hub), WSL, VS Code Remote-SSH and WSL
# logs, Git Credential Manager, Jupyter server logs, poetry's virtualenv log, pipenv --support,
# conda solve errors, R package installs on Windows, MSBuild/NuGet, Gradle on Windows, Homebrew
# on Apple silicon, electron-builder's code signing, Xcode DerivedData. Every private value is an
# invented same-shaped substitute; public placeholders are kept and labelled ``keep``.
_RAW_STOP66: list[tuple[str, str, str]] = [
    # ---- game and mod launchers ------------------------------------------------------------------
    (
        "https://github.com/Shinoow/AbyssalCraft/issues/394",
        ".txt",
        r"""Caused by: java.io.FileNotFoundException: C:\Users\[[user:Maren00417]]{{keep:\Twitch\Minecraft\Instances\Magic}} (The system cannot find the file specified)
""",
    ),
    (
        "https://github.com/FabricMC/fabric-loader/issues/113",
        ".txt",
        r"""[07:57:24] [main/INFO]: [FabricLoader] Loading 1 mod: fabricloader@0.4.2+build.132
[07:57:24] [main/INFO]: SpongePowered MIXIN Subsystem Version=0.7.11 Source=file:/{{keep:%appdata%/.minecraft/libraries/net/fabricmc/sponge-mixin/0.7.11.23/sponge-mixin-0.7.11.23.jar}} Service=Knot/Fabric Env=CLIENT
[07:57:24] [main/INFO]: Setting user: [[user:BaxterFlint]]
[07:57:29] [main/WARN]: Skipping bad option: textBackgroundOpacity:
[07:57:29] [main/INFO]: LWJGL Version: 3.2.1 build 12
[07:57:31] [main/WARN]: Removed resource pack durabilityviewer from options because it doesn't seem to exist anymore
[07:57:31] [main/WARN]: Removed resource pack litematica from options because it doesn't seem to exist anymore
[07:57:32] [main/INFO]: Narrator library for x64 successfully loaded
[07:57:45] [main/INFO]: OpenAL initialized.
[07:57:45] [main/INFO]: Sound engine started
""",
    ),
    (
        "https://github.com/ValveSoftware/Proton/issues/5369",
        ".txt",
        r"""~ ❯ find /home/{{keep:<my_user>}} -name "steam-*.log" 2>/dev/null
""",
    ),
    (
        "https://github.com/NixOS/nixpkgs/issues/346038",
        ".txt",
        r"""{"timestamp":"2024-10-02T23:16:56.962Z","level":"warn","moduleName":"EditorPrefLinux","pid":111495,"message":"[Error: ENOENT: no such file or directory, open '/home/[[user:yanisbelkadi]]{{keep:/.local/share/unity3d/prefs}}'] { errno: -2, code: 'ENOENT', syscall: 'open', path: '/home/[[user:yanisbelkadi]]{{keep:/.local/share/unity3d/prefs}}' }"}
{"timestamp":"2024-10-02T23:16:56.981Z","level":"warn","moduleName":"EditorPrefLinux","pid":111495,"message":"[Error: ENOENT: no such file or directory, open '/home/[[user:yanisbelkadi]]/.local/share/unity3d/prefs'] { errno: -2, code: 'ENOENT', syscall: 'open', path: '/home/[[user:yanisbelkadi]]/.local/share/unity3d/prefs' }"}
{"timestamp":"2024-10-02T23:16:56.982Z","level":"warn","moduleName":"LocalProject","pid":111495,"message":"Unable to update recent projects in registry. TypeError: Cannot read properties of undefined (reading 'major')\n    at EditorPrefLinux._buildPrefsData (/nix/store/{{keep:hhqa8g6fqzvhn85igv3x0b23b8jdsvc8}}-unityhub-3.9.1/opt/unityhub/resources/app.asar/build/main/services/editorPref/editorPref_linux.js:126:50)
""",
    ),
    # ---- WSL and VS Code's WSL and Remote-SSH logs -----------------------------------------------
    (
        "https://github.com/microsoft/WSL/issues/9172",
        ".txt",
        r"""Detected OS: wsl

Checking that VS Code is installed
/mnt/c/Users/[[user:karvo]]{{keep:/AppData/Local/Programs/Microsoft VS Code/bin/code}}
node:net:342
    err = this._handle.open(fd);
                       ^

Error: EINVAL: invalid argument, uv_pipe_open
    at new Socket (node:net:342:24)
    at createWritableStdioStream (node:internal/bootstrap/switches/is_main_thread:74:18)
    at process.getStderr [as stderr] (node:internal/bootstrap/switches/is_main_thread:139:12)
    at console.get (node:internal/console/constructor:213:44)
    at console.value (node:internal/console/constructor:330:50)
    at console.warn (node:internal/console/constructor:365:61)
    at C:\Users\[[user:karvo]]{{keep:\AppData\Local\Programs\Microsoft VS Code\resources\app\out\vs\code\node\cli.js}}:14:30756 {
  errno: -4071,
  code: 'EINVAL',
  syscall: 'uv_pipe_open'
}
""",
    ),
    (
        "https://github.com/nix-community/NixOS-WSL/issues/97",
        ".txt",
        r"""PS C:\Users\[[user:Brenna]]> wsl -d nixtest
Copying /usr/share/applications
Copying /usr/share/icons
setting up /etc...
Starting systemd...

[{{keep:nixos}}@US-[[user:BRENNA]]-L:/mnt/c/Users/[[user:Brenna]]]$ code .
node:internal/modules/cjs/loader:990
  throw err;
  ^

Error: Cannot find module 'C:\mnt\c\Program Files\Microsoft VS Code\Code.exe'
    at Function.Module._resolveFilename (node:internal/modules/cjs/loader:987:15)
    at Module._load (node:internal/modules/cjs/loader:832:27)
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/251990",
        ".txt",
        r"""[[user:milan]]:/home/[[user:milan]]$ whereis code
code: /mnt/c/Program Files/Microsoft VS Code/bin/code /mnt/c/Users/[[user:tbe]]{{keep:/AppData/Local/Programs/Microsoft VS Code/bin/code}}
""",
    ),
    (
        "https://github.com/microsoft/vscode-remote-release/issues/6292",
        ".txt",
        r"""WSL daemon log file: 
[2022-02-07 02:51:54.213] Probing if server is already installed: C:\windows\System32\wsl.exe -d Ubuntu -e sh -c "[ -d ~/.vscode-server/bin/5554b12acf27056905806867f251c859323ff7e9 ] && printf found || ([ -f /etc/alpine-release ] && printf alpine-; uname -m)"
[2022-02-07 02:51:54.367] Probing result: found
[2022-02-07 02:51:54.367] Server install found in WSL
[2022-02-07 02:51:54.368] Launching C:\windows\System32\wsl.exe -d Ubuntu sh -c '"$VSCODE_WSL_EXT_LOCATION/scripts/wslServer.sh" {{keep:5554b12acf27056905806867f251c859323ff7e9}} stable code-server .vscode-server --host=127.0.0.1 --port=0 --connection-token=[[secret:481907326-2650917843]] --use-host-proxy --without-browser-env-var --disable-websocket-compression --accept-server-license-terms'
[2022-02-07 02:51:54.511] Setting up server environment: Looking for /home/[[user:bruno]]{{keep:/.vscode-server/server-env-setup}}
""",
    ),
    (
        "https://github.com/microsoft/vscode-remote-release/issues/4212",
        ".txt",
        r"""[2020-12-17 19:05:36.124] Resolving wsl+docker-desktop, resolveAttempt: 1
[2020-12-17 19:05:36.167] Starting VS Code Server inside WSL (docker-desktop)
[2020-12-17 19:05:36.167] Extension version: 0.52.0, Windows build: 19041. Multi distro support: available. WSL path support: enabled
[2020-12-17 19:05:36.168] No shell environment set or found for current distro.
[2020-12-17 19:05:36.269] Probing if server is already installed: C:\WINDOWS\System32\wsl.exe -d docker-desktop -e sh -c "[ -d ~/.vscode-server/bin/ea3859d4ba2f3e577a159bc91e3074c5d85c0523 ] && printf found || ([ -f /etc/alpine-release ] && printf alpine-; uname -m)"
[2020-12-17 19:05:37.065] Probing result: found
[2020-12-17 19:05:37.066] Server install found in WSL
[2020-12-17 19:05:37.066] Launching C:\WINDOWS\System32\wsl.exe -d docker-desktop sh -c 'env && VSCODE_WSL_DEBUG_INFO=true "$VSCODE_WSL_EXT_LOCATION/scripts/wslServer.sh" ea3859d4ba2f3e577a159bc91e3074c5d85c0523 stable .vscode-server 0  ', cwd: undefined, env: {
[2020-12-17 19:05:37.066]   "ALLUSERSPROFILE": "C:\\ProgramData",
[2020-12-17 19:05:37.066]   "AMD_ENTRYPOINT": "vs/workbench/services/extensions/node/extensionHostProcess",
[2020-12-17 19:05:37.066]   "APPDATA": "C:\\Users\\{{keep:username}}\\AppData\\Roaming",
""",
    ),
    (
        "https://github.com/microsoft/vscode-remote-release/issues/7335",
        ".txt",
        r"""[11:07:33.664] Log Level: 2
[11:07:33.666] remote-ssh@0.90.1
[11:07:33.666] linux x64
[11:07:33.668] SSH Resolver called for "ssh-remote+{{keep:remote.machine.com}}", attempt 1
[11:07:33.669] "remote.SSH.useLocalServer": true
[11:07:33.669] "remote.SSH.path": undefined
[11:07:33.670] "remote.SSH.configFile": undefined
[11:07:33.670] "remote.SSH.useFlock": true
[11:07:33.670] "remote.SSH.lockfilesInTmp": false
[11:07:33.670] "remote.SSH.localServerDownload": always
[11:07:33.671] "remote.SSH.remoteServerListenOnSocket": false
[11:07:33.671] "remote.SSH.showLoginTerminal": false
[11:07:33.671] "remote.SSH.defaultExtensions": []
[11:07:33.671] "remote.SSH.loglevel": 2
[11:07:33.672] "remote.SSH.enableDynamicForwarding": true
[11:07:33.672] "remote.SSH.enableRemoteCommand": false
[11:07:33.672] "remote.SSH.serverPickPortsFromRange": {}
[11:07:33.673] "remote.SSH.serverInstallPath": {}
[11:07:33.690] SSH Resolver called for host: remote.machine.com
[11:07:33.691] Setting up SSH remote "remote.machine.com"
[11:07:33.700] Acquiring local install lock: /tmp/vscode-remote-ssh-452856a9-install.lock
[11:07:33.701] Looking for existing server data file at /home/[[user:tobrynk]]{{keep:/.config/Code/User/globalStorage/ms-vscode-remote.remote-ssh/vscode-ssh-host-452856a9-129500ee4c8ab7}}
""",
    ),
    (
        "https://github.com/microsoft/vscode-remote-release/issues/8761",
        ".txt",
        r"""platform==linux==
unpackResult====
didLocalDownload==0==
downloadTime====
installTime====
extInstallTime====
serverStartTime====
connectionToken=={{keep:1a1aa111-1a11-1a11-a11a-1a1aaa11111a}}==

[10:06:49.692] Remote server is listening on socket /run/user/699046450/vscode-ssh-remote-server-sock-1690380400
[10:06:49.692] Parsed server configuration: {"serverConfiguration":{"remoteListeningOn":{"socketPath":"/run/user/699046450/vscode-ssh-remote-server-sock-1690380400"},"osReleaseId":"sles","arch":"x86_64","webUiAccessToken":"","sshAuthSock":"","display":"","tmpDir":"/run/user/699046450","platform":"linux","connectionToken":"1a1aa111-1a11-1a11-a11a-1a1aaa11111a"},"installUnpackCode":""}
[10:06:49.696] Running script with connection command: ssh -T -L 127.0.0.1:53554:/run/user/699046450/vscode-ssh-remote-server-sock-1690380400 -o ConnectTimeout=15 'machine' bash
[10:06:51.123] > 
> Connected to SSH Host - Please do not close this terminal
""",
    ),
    (
        "https://github.com/microsoft/WSL/issues/3213",
        ".txt",
        r"""[[user:frostvigil]]@[[user:Frostvigil]]:~$ echo $SHELL
/bin/bash
[[user:frostvigil]]@[[user:Frostvigil]]:~$ ll
Command 'ls' is available in '/bin/ls'
The command could not be located because '/bin' is not included in the PATH environment variable.
ls: command not found
[[user:frostvigil]]@[[user:Frostvigil]]:~$ bash
Command 'bash' is available in '/bin/bash'
The command could not be located because '/bin' is not included in the PATH environment variable.
bash: command not found
""",
    ),
    (
        "https://github.com/zju3dv/EasyMocap/issues/221",
        ".txt",
        r"""$ sudo env PATH=$PATH python setup.py develop

env: ‘Files/WindowsApps/CanonicalGroupLimited.UbuntuonWindows_2004.2022.1.0_x64__{{keep:79rhkp1fndgsc}}:/mnt/c/Program’: No such file or directory
(easy_mocap_venv) {{keep:me}}@{{keep:computer}}:~/EasyMocap$
""",
    ),
    # ---- Git Credential Manager, Jupyter -------------------------------------------------------
    (
        "https://github.com/microsoft/Git-Credential-Manager-for-Windows/issues/705",
        ".txt",
        r"""setx GCM_TRACE {{keep:%UserProfile%}}\git.log
run_command: unset GIT_PREFIX; ssh {{keep:git}}@github.com 'git-upload-pack '\''yieldifytech/style-guide.git'\'''
""",
    ),
    (
        "https://github.com/microsoft/vscode-python/issues/24525",
        ".txt",
        r"""Debug: Getting poetry version
Debug: Getting poetry version for poetry
> poetry --version
cwd: ~\.vscode\extensions\donjayamanne.python-environment-manager-1.2.4\out\client
Debug: Shell Exec: poetry --version with options: {
    "cwd": "C:\\Users\\[[user:g.ferrante]]{{keep:\\.vscode\\extensions\\donjayamanne.python-environment-manager-1.2.4\\out\\client}}",
    "throwOnStdErr": true,
    "timeout": 50000,
    "encoding": "utf8",
    "env": {
        "ALLUSERSPROFILE": "C:\\ProgramData",
        "AMDRMPATH": "C:\\Program Files\\AMD\\RyzenMaster\\",
        "APPDATA": "C:\\Users\\[[user:g.ferrante]]{{keep:\\AppData\\Roaming}}",
        "CHROME_CRASHPAD_PIPE_NAME": "\\\\.\\pipe\\{{keep:crashpad_21012_VTWOHSXHTBXCGBWE}}",
        "COMPUTERNAME": "ALFA-4",
        "EFC_10264": "1",
        "ELECTRON_RUN_AS_NODE": "1",
        "FPS_BROWSER_APP_PROFILE_STRING": "Internet Explorer",
        "FPS_BROWSER_USER_PROFILE_STRING": "Default",
        "HOMEDRIVE": "C:",
        "HOMEPATH": "\\Users\\[[user:g.ferrante]]",
""",
    ),
    (
        "https://github.com/jupyter/notebook/pull/5799",
        ".txt",
        r"""{"written_at": "2020-10-09T21:10:49.519Z", "written_ts": 1602277849519721000, "msg": "Searching ['/opt/anaconda3/envs/notebook-dev/bin', '/Users/[[user:lmarsh]]{{keep:/.jupyter}}', '/opt/anaconda3/envs/nb5386/etc/jupyter', '/usr/local/etc/jupyter', '/etc/jupyter'] for config files", "type": "log", "logger": "NotebookApp", "thread": "MainThread", "level": "DEBUG", "module": "application", "line_no": 179}
{"written_at": "2020-10-09T21:10:49.520Z", "written_ts": 1602277849520456000, "msg": "Looking for jupyter_config in /etc/jupyter", "type": "log", "logger": "NotebookApp", "thread": "MainThread", "level": "DEBUG", "module": "application", "line_no": 556}
{"written_at": "2020-10-09T21:10:49.520Z", "written_ts": 1602277849520942000, "msg": "Looking for jupyter_config in /usr/local/etc/jupyter", "type": "log", "logger": "NotebookApp", "thread": "MainThread", "level": "DEBUG", "module": "application", "line_no": 556}
{"written_at": "2020-10-09T21:10:49.521Z", "written_ts": 1602277849521220000, "msg": "Looking for jupyter_config in /opt/anaconda3/envs/nb5386/etc/jupyter", "type": "log", "logger": "NotebookApp", "thread": "MainThread", "level": "DEBUG", "module": "application", "line_no": 556}
""",
    ),
    (
        "https://github.com/google-deepmind/graph_nets/issues/5",
        ".txt",
        r"""{{keep:test}}@test:~/graph_nets/graph_nets$ jupyter notebook --ip=192.168.6.113
[I 16:29:14.313 NotebookApp] Serving notebooks from local directory: /home/{{keep:test}}/graph_nets/graph_nets
[I 16:29:14.313 NotebookApp] The Jupyter Notebook is running at:
[I 16:29:14.314 NotebookApp] http://192.168.6.113:8888/?token=[[secret:9b51e2c07a4d38f6e1c92a7d05b8f3e64c1a0d97e2b5f813]]
[I 16:29:14.314 NotebookApp] Use Control-C to stop this server and shut down all kernels (twice to skip confirmation).
[W 16:29:14.314 NotebookApp] No web browser found: could not locate runnable browser.
""",
    ),
    # ---- Python packaging: poetry's virtualenv log, pipenv --support, conda ----------------------
    (
        "https://github.com/python-poetry/poetry/issues/10610",
        ".txt",
        r"""[virtualenv:virtualenv.run.session] create virtual environment via CPython3Posix(dest=/Users/[[user:kroan]]{{keep:/dev/<redacted>/.venv}}, clear=False, no_vcs_ignore=False, global=False)
[virtualenv:virtualenv.util.path._sync] create folder /Users/[[user:kroan]]{{keep:/dev/<redacted>/.venv/bin}}
[virtualenv:virtualenv.util.path._sync] create folder /Users/[[user:kroan]]{{keep:/dev/<redacted>/.venv/lib/python3.12/site-packages}}
[virtualenv:virtualenv.create.pyenv_cfg] write /Users/[[user:kroan]]/dev/<redacted>/.venv/pyvenv.cfg
[virtualenv:virtualenv.create.pyenv_cfg]        home = /Library/Frameworks/Python.framework/Versions/3.12/bin
[virtualenv:virtualenv.create.pyenv_cfg]        implementation = CPython
[virtualenv:virtualenv.create.pyenv_cfg]        version_info = 3.12.8.final.0
[virtualenv:virtualenv.create.pyenv_cfg]        virtualenv = 20.29.2
[virtualenv:virtualenv.create.pyenv_cfg]        include-system-site-packages = false
[virtualenv:virtualenv.create.pyenv_cfg]        base-prefix = /Library/Frameworks/Python.framework/Versions/3.12
[virtualenv:virtualenv.create.pyenv_cfg]        base-exec-prefix = /Library/Frameworks/Python.framework/Versions/3.12
[virtualenv:virtualenv.create.pyenv_cfg]        base-executable = /Library/Frameworks/Python.framework/Versions/3.12/bin/python3.12
""",
    ),
    (
        "https://github.com/pypa/pipenv/issues/3765",
        ".txt",
        r"""pyenv versions
  system
* 3.7-dev-debug (set by /home/[[user:orrin]]{{keep:/.pyenv/version}})
  anaconda3-2018.12
  anaconda3-2018.12/envs/devel
  anaconda3-5.0.1

<details><summary>$ pipenv --support</summary>

Pipenv version: `'2018.11.26'`

Pipenv location: `'/home/[[user:orrin]]{{keep:/.pyenv/versions/3.7-dev-debug/lib/python3.7/site-packages/pipenv}}'`

Python location: `'/home/[[user:orrin]]{{keep:/.pyenv/versions/3.7-dev-debug/bin/python3.7}}'`

Python installations found:

Traceback (most recent call last):
  File "/home/[[user:orrin]]/.pyenv/versions/3.7-dev-debug/lib/python3.7/site-packages/pipenv/vendor/pythonfinder/models/python.py", line 112, in get_versions
    version = PythonVersion.parse(p.name)
""",
    ),
    (
        "https://github.com/conda/conda/issues/11672",
        ".txt",
        r"""H:\>conda create -p c:\temp\builds\notebook notebook -d
Collecting package metadata (current_repodata.json): done
Solving environment: failed with repodata from current_repodata.json, will retry with next repodata source.
Collecting package metadata (repodata.json): done
Solving environment: /
Found conflicts! Looking for incompatible packages.
This can take several minutes.  Press CTRL-C to abor-
failed

UnsatisfiableError:

     active environment : base
    active env location : I:\sw\conda\envs\build_prod
            shell level : 4
       user config file : H:\.condarc
 populated config files : C:\ProgramData\conda\.condarc
                          I:\sw\conda\envs\build_prod\.condarc
                          H:\.condarc
          conda version : 4.13.0
    conda-build version : 3.21.9
         python version : 3.7.13.final.0
       virtual packages : __win=0=0
                          __archspec=1=x86_64
       base environment : I:\sw\conda\envs\build_prod  (read only)
""",
    ),
    (
        "https://github.com/conda/conda/issues/7204",
        ".txt",
        r"""[[[user:tkumar]] ~]$ conda env create -f env.yml -n testing1
Using Anaconda API: https://api.anaconda.org
Solving environment: failed

UnsatisfiableError: The following specifications were found to be in conflict:
  - pandas=0.21.0 -> python[version='>=3.6,<3.7.0a0']
  - python=3.5
Use "conda info <package>" to see the dependencies for each package.

[[[user:tkumar]] ~]$ cat env.yml
dependencies:
- python=3.5
- numpy=1.13.3
- pandas=0.21.0
name: my-test-python-project
""",
    ),
    # ---- R package installs on Windows ---------------------------------------------------------
    (
        "https://github.com/r-lib/xml2/issues/218",
        ".txt",
        r"""Installing 1 package: Rcpp
Installing package into ‘\\CNAS.RU.NL/[[user:U417093]]{{keep:/Documents/R/win-library/3.4}}’
(as ‘lib’ is unspecified)
trying URL 'https://cran.rstudio.com/bin/windows/contrib/3.4/Rcpp_0.12.16.zip'
Content type 'application/zip' length 4371941 bytes (4.2 MB)
downloaded 4.2 MB

package ‘Rcpp’ successfully unpacked and MD5 sums checked

The downloaded binary packages are in
	C:\Users\[[user:u417093]]{{keep:\AppData\Local\Temp\RtmpyASPgj\downloaded_packages}}
"C:/PROGRA~1/R/R-34~1.1/bin/x64/R" --no-site-file --no-environ --no-save --no-restore --quiet CMD INSTALL  \
  "C:/Users/[[user:u417093]]{{keep:/AppData/Local/Temp/RtmpyASPgj/devtools1c0c75c81609/r-lib-xml2-bb6efb2}}"  \
  --library="\\CNAS.RU.NL/[[user:U417093]]/Documents/R/win-library/3.4" --install-tests 
""",
    ),
    (
        "https://github.com/PeteHaitch/DelayedMatrixStats/issues/89",
        ".txt",
        r"""* installing *source* package 'nlme' ...
** package 'nlme' successfully unpacked and MD5 sums checked
** using staged installation
** libs
gfortran  -fno-optimize-sibling-calls    -O2  -mfpmath=sse -msse2 -mstackrealign  -c chol.f -o chol.o
make: gfortran: No such file or directory
make: *** [C:/PROGRA~1/R/R-42~1.2/etc/x64/Makeconf:277: chol.o] Error 127
ERROR: compilation failed for package 'nlme'
* removing 'C:/Users/[[user:Jian Zhou]]{{keep:/AppData/Local/R/win-library/4.2/nlme}}'
* restoring previous 'C:/Users/[[user:Jian Zhou]]{{keep:/AppData/Local/R/win-library/4.2/nlme}}'
* installing *source* package 'sourcetools' ...
** package 'sourcetools' successfully unpacked and MD5 sums checked
** using staged installation
** libs
sh: line 1: g++: command not found
make: *** [C:/PROGRA~1/R/R-42~1.2/etc/x64/Makeconf:260: Reader.o] Error 127
ERROR: compilation failed for package 'sourcetools'
* removing 'C:/Users/[[user:Jian Zhou]]/AppData/Local/R/win-library/4.2/sourcetools'
* restoring previous 'C:/Users/[[user:Jian Zhou]]/AppData/Local/R/win-library/4.2/sourcetools'
""",
    ),
    # ---- MSBuild/NuGet, Gradle on Windows --------------------------------------------------------
    (
        "https://github.com/NuGet/Home/issues/5649",
        ".txt",
        r"""X:\FYN Retail>nuget restore . -NonInteractive -ForceEnglishOutput -Recursive -verbosity detailed
NuGet Version: 4.3.0.4406
Restoring NuGet packages for solution X:\FYN Retail\Retail.sln.
MSBuild auto-detection: using msbuild version '15.3.409.57025' from 'C:\Program Files (x86)\Microsoft Visual Studio\2017\Community\MSBuild\15.0\bin'. Use option -MSBuildVersion to force nuget to use a specific version of MSBuild.
MSBuild P2P timeout [ms]: 120000
C:\Program Files (x86)\Microsoft Visual Studio\2017\Community\MSBuild\15.0\bin\msbuild.exe "C:\Users\{{keep:Administrator}}\AppData\Local\Temp\NuGetScratch\gpj0orye.4ok.nugetinputs.targets" /t:GenerateRestoreGraphFile /nologo /nr:false /v:q /p:NuGetRestoreTargets="C:\Users\{{keep:Administrator}}\AppData\Local\Temp\NuGetScratch\t3wtwzgv.z23.nugetrestore.targets" /p:RestoreTaskAssemblyFile="C:\Program Files (x86)\NuGet\nuget.exe" /p:RestoreSolutionDirectory="X:\FYN Retail"
X:\FYN Retail\Toolkit\Toolkit.csproj(269,3): error MSB4019: The imported project "X:\Resources\MSBuild\MSBuild.Community.Tasks.Targets" was not found. Confirm that the path in the <Import> declaration is correct, and that the file exists on disk.
""",
    ),
    (
        "https://github.com/gradle/gradle/issues/28974",
        ".txt",
        r"""15:42:50   * What went wrong:
15:42:50   Execution failed for task ':app:hiltAggregateDepsDevelopment'.
15:42:50   > A build operation failed.
15:42:50         Could not read workspace metadata from C:\Users\{{keep:bot}}\.gradle\caches\8.11.1\transforms\{{keep:146961d185cf62ba6e08000475f3824b}}\metadata.bin
15:42:50      > Could not read workspace metadata from C:\Users\{{keep:bot}}\.gradle\caches\8.11.1\transforms\146961d185cf62ba6e08000475f3824b\metadata.bin
...
15:42:50   Caused by: org.gradle.internal.operations.MultipleBuildOperationFailures: A build operation failed.
15:42:50       Could not read workspace metadata from C:\Users\{{keep:bot}}\.gradle\caches\8.11.1\transforms\146961d185cf62ba6e08000475f3824b\metadata.bin
""",
    ),
    # ---- Homebrew on Apple silicon, Xcode, electron-builder's code signing -----------------------
    (
        "https://github.com/Homebrew/homebrew-core/issues/66500",
        ".txt",
        r"""==> Tapping homebrew/core
Cloning into '/opt/homebrew/Library/Taps/homebrew/homebrew-core'...
remote: Enumerating objects: 528, done.
remote: Counting objects: 100% (528/528), done.
remote: Compressing objects: 100% (242/242), done.
remote: Total 852520 (delta 348), reused 460 (delta 286), pack-reused 851992
Receiving objects: 100% (852520/852520), 337.71 MiB | 1.14 MiB/s, done.
Resolving deltas: 100% (575461/575461), done.
Tapped 2 commands and 5372 formulae (5,673 files, 370.7MB).
Error: Cannot install in Homebrew on Intel processor in ARM default prefix (/opt/homebrew)!

cd /opt
sudo mkdir homebrew
sudo chown -R $(whoami) /opt/homebrew
curl -L https://github.com/Homebrew/brew/tarball/master | tar xz --strip 1 -C homebrew
cd homebrew/bin
./brew install node
""",
    ),
    (
        "https://github.com/geerlingguy/mac-dev-playbook/issues/99",
        ".txt",
        r"""$ export ANSIBLE_STDOUT_CALLBACK=yaml
$ ansible-playbook -i inventory main.yml -K -vv

(...)

TASK [geerlingguy.homebrew : Ensure configured homebrew packages are installed.] **********************************
task path: /Users/[[user:haruki4]]{{keep:/src/mac-dev-playbook/roles/geerlingguy.homebrew/tasks/main.yml}}:126
redirecting (type: modules) ansible.builtin.homebrew to community.general.homebrew
failed: [127.0.0.1] (item=autoconf) => changed=false
  ansible_loop_var: item
  item: autoconf
  msg: |-
    Error: Cannot install in Homebrew on ARM processor in Intel default prefix (/usr/local)!
    Please create a new installation in /opt/homebrew using one of the
    "Alternative Installs" from:
      https://docs.brew.sh/Installation
    You can migrate your previously installed formula list with:
      brew bundle dump
""",
    ),
    (
        "https://github.com/CocoaPods/CocoaPods/issues/3319",
        ".txt",
        r"""sent 130941 bytes  received 42 bytes  261966.00 bytes/sec
total size is 130816  speedup is 1.00
rsync -auv "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/iphonesimulator/libswiftSecurity.dylib" "/Users/[[user:arlen]]{{keep:/Library/Developer/Xcode/DerivedData/Core-gsugaskgvvljlsbbrlqwgexjknrz/Build/Products/Debug-iphonesimulator/CoreTests.xctest/Frameworks}}"
building file list ... rsync: link_stat "/Applications/Xcode.app/Contents/Developer/Toolchains/XcodeDefault.xctoolchain/usr/lib/swift/iphonesimulator/libswiftSecurity.dylib" failed: No such file or directory (2)
done

sent 29 bytes  received 20 bytes  98.00 bytes/sec
total size is 0  speedup is 0.00
rsync error: some files could not be transferred (code 23) at /SourceCache/rsync/rsync-45/rsync/main.c(992) [sender=2.6.9]
Command /bin/sh failed with exit code 23
""",
    ),
    (
        "https://github.com/electron-userland/electron-builder/issues/6082",
        ".txt",
        r"""% security find-identity -vp codesigning 
  1) {{keep:5D27C0A94E13B8F6620D4A71C9E35B08F4A6D1E2}} "Mac Developer: [[user:Graham Bentley]] (Q2MWRT8KZC)"
  2) {{keep:91B4E6D03A7F258C1E49D07B6A3C8F25E0D71B94}} "Developer ID Application: [[user:Graham Bentley]] (H4XNPVD731)"
     2 valid identities found
% 

% npm run build:installer

> wktui@1.0.0 build:installer
> electron-builder --config electron-builder.yaml

  • electron-builder  version=22.11.7 os=20.5.0
  • loaded configuration  file=/Users/[[user:gbentley]]{{keep:/Projects/wktui/electron/electron-builder.yaml}}
  • writing effective config  file=/Users/[[user:gbentley]]{{keep:/Projects/wktui/dist/builder-effective-config.yaml}}
  • rebuilding native dependencies
""",
    ),
    (
        "https://github.com/electron-userland/electron-builder/issues/2513",
        ".txt",
        r"""skipped macOS application code signing reason=cannot find valid "Developer ID Application" identity or custom non-Apple code signing certificate, see https://electron.build/code-signing allIdentities=
1) {{keep:2B12438F977D8D2F0E1CEDEBC76A7422FD04587E}} "3rd Party Mac Developer Application: {{keep:Foo.io Inc}} (EHV7XZLAHA)"
 2) {{keep:FAC6726A0A4AFC4C06D46A46834279BB3EB25844}} "3rd Party Mac Developer Installer: {{keep:Foo.io Inc}} (EHV7XZLAHA)"
           2 identities found

Valid identities only
1) 2B12438F977D8D2F0E1CEDEBC76A7422FD04587E "3rd Party Mac Developer Application: Foo.io Inc (EHV7XZLAHA)"
2) FAC6726A0A4AFC4C06D46A46834279BB3EB25844 "3rd Party Mac Developer Installer: Foo.io Inc (EHV7XZLAHA)"
""",
    ),
]


# The stop-67 collection (batch 67, collected at stop 50 under scrubber 1.28.0): excerpts of files
# committed in public repositories, of kinds batches 61, 62 and 64 did not take (.pypirc, .netrc,
# .hgrc, authorized_keys, ~/.aws/credentials and config, ~/.kube/config, pip's direct_url.json,
# Firebase's google-services.json, LaTeX's .fls and .fdb_latexmk, a terraform.tfstate, .gitconfig
# [user] blocks), scored once, per part, blind, no rule changed (tests/outside_corpus/SOURCE.md,
# "The stop-67 collection").
_RAW_STOP67: list[tuple[str, str, str]] = [
    # ---- package index credentials: .pypirc ------------------------------------------------------
    (
        "https://github.com/13625025773/py-chiyi/blob/624bf20f98a723a7989972a822b533deac34811c/.pypirc",
        ".txt",
        r"""[distutils]
index-servers =
pypi

[pypi]
repository: https://upload.pypi.org/legacy/
username: [[user:hanmo]]
password: [[secret:lanfengyuan@2021]]""",
    ),
    (
        "https://github.com/1u1s4/INEipc/blob/5e3b38348a4b87d75edbf24807ec205afc5431dd/.pypirc",
        ".txt",
        r"""[testpypi]
  username = {{keep:__token__}}
  password = [[secret:pypi-AgENdGVzdC5weXBpLm9yZwIk8l5kYINBl9etoovxCrFgDmUkwgDu20uF_6l7Jh3B-toGn9SP5F6H0eWBBH-JLBu9hafbRsQiBLXLE3Nttduka9_ibFnEXu1o3IIHxZf_lUWIjRIRvUeryaTsJXepsHbZxH8C2XYCgZmn39QgTlBoeH50r7kW]]""",
    ),
    (
        "https://github.com/13241308289/paradox_common/blob/7f7e6e6fd29648601343d7b914b671019787658c/.pypirc",
        ".txt",
        r"""[distutils]
index-servers = pypi

[pypi]
username:
password:""",
    ),
    (
        "https://github.com/3BioCompBio/pyScoMotif/blob/52dfcc2367dee3132cb5ae2772fc8bd133478f7b/.pypirc",
        ".txt",
        r"""[distutils]
index-servers = 
    pypi

[pypi]
username = {{keep:__token__}}""",
    ),
    # ---- ~/.netrc: logins and tokens for git hosts and Heroku -------------------------------------
    (
        "https://github.com/2694484453/git-sync/blob/6043fdb54a4367fea75d9a93f7d88afd8609491e/.netrc",
        ".txt",
        r"""machine codeup.aliyun.com
login [[user:17256093318]]
password {{keep:xxxx}}

machine github.com
login [[user:3518027746]]
password xxx

machine gitee.com
login [[user:17256093318]]
password xxxx""",
    ),
    (
        "https://github.com/12Jack21/dotfiles/blob/d0f35276a03f8af50917ebecf6433150f7b39c25/.netrc",
        ".txt",
        r"""machine api.heroku.com
  login [[email:danielfrost5821@hotmail.com]]
  password [[secret:2d783f31-102b-4773-bdcc-d8c6bf0e0e15]]
machine git.heroku.com
  login danielfrost5821@hotmail.com
  password 2d783f31-102b-4773-bdcc-d8c6bf0e0e15
""",
    ),
    (
        "https://github.com/379670531/ly_laravel/blob/9fac5046b3968572bc29f72dba82be08d588bed0/.netrc",
        ".txt",
        r"""machine api.heroku.com
  login [[email:486201937ly@gmail.com]]
  password [[secret:b1088a00-8ef3-43f5-bf17-69bba0db881a]]
machine git.heroku.com
  login 486201937ly@gmail.com
  password b1088a00-8ef3-43f5-bf17-69bba0db881a
""",
    ),
    (
        "https://github.com/BeeGass/BeeGass.github.io/blob/77bff2cbe8b9ea55c80167cd49006c4c48e241c6/.netrc",
        ".txt",
        r"""machine api.github.com
    login [[user:OwlDrum]]
    password [[secret:ghp_Hrp1DcJpxiG5fKWW3xUGnZDquqGNTzTUhGXv]]
""",
    ),
    # ---- Mercurial and git identities: .hgrc, .gitconfig -------------------------------------------
    (
        "https://github.com/0mk1/.f/blob/7dfcb6e19ce487ccfd17a3ccddbbcb51bedcb29a/.hgrc",
        ".txt",
        r"""# example user config (see "hg help config" for more info)
[ui]
username = [[user:Tomasz Wielgos]] <[[email:t.wielgos@merixstudio.com]]>

[extensions]
# uncomment these lines to enable some popular extensions
# (see "hg help extensions" for more info)
#
pager =
progress =
color =
""",
    ),
    (
        "https://github.com/3tty0n/.dotfiles/blob/136f89fdda4bccd7cd58caee063671274cbcf9d9/.hgrc",
        ".txt",
        r"""[ui]
username = [[user:Kenta Ozawa]] <[[email:me@kozawa.com]]>
verbose = True
interface = curses

[alias]
la = log --graph --template {oneline}
ll = log -l 20 --graph --template {oneline}
l = log --branch . --graph --template {oneline}
""",
    ),
    (
        "https://github.com/0-Yorick-0/.dotfiles/blob/0727a84b9ea9044295e95f04ebe05e10982e5548/.gitconfig",
        ".txt",
        r"""# This is Git's per-user configuration file.
[user]
# Please adapt and uncomment the following lines:
	name = [[user:Jerome Valdin]]
	email = [[email:jerome.valdin@bedrockstreaming.com]] 
[core]
    excludesfile = /Users/[[user:jvaldin]]{{keep:/.gitignore_global}}
[push]
    default = current
""",
    ),
    (
        "https://github.com/000nico/dotfiles/blob/501da3eabd7077f15d5e8b8d2bf966f588aa6904/.gitconfig",
        ".txt",
        r"""[user]
	name = [[user:000luca]]
	email = [[email:lucasbertini07@gmail.com]]
	mail = lucasbertini07@gmail.com
	dmail = lucasbertini07@gmail.com
""",
    ),
    # ---- ~/.ssh/authorized_keys: key comments <login>@<host> ---------------------------------------
    (
        "https://github.com/007/dotfiles/blob/1eff788d52348771ee8948b006c19557f95896b4/.ssh/authorized_keys",
        ".txt",
        r"""ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAILTlith2Rm28a5Fu5gub+VfPlZ0rISrw0BfjyjVD0Ku4 [[user:zoe]]@shiny
ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtCSYE7vJkuVYt1p/FZwbHzXV06j9U6sBV8qY5xKnVE [[user:tbaker]]@laptop
ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIOtCSYE7vJkuVYt1p/FZwbHzXV06j9U6sBV8qY5xKnVE tbaker@laptop
ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQC2iZD8r3l5UkBy+C4oHJlFMHMSXbekYOy0p9LtUcKx5Pip9o0PXnfPy3OwxmaAPnoImUhXHBq/dPjKlYStUyrODYI1z+f4YganZMH4FkBKuCE+IzkT2wp9+6s2YsJym2A93fQxEzFU6ncHqKXr9WGF7uFNHkKdelp/Grwc+k7cQln+Z7tNccz1Jl6/UzsbL2BdmP+HtMbS2w1TsPvs0sndUiJhvnyQ+ZZpoRUxWd+bOLfI9Ureoy9GimqSZUQtn34d+QxDiVaRiTEstUpbaHxo7aUkiw44qSK9N3svZiJxAre4rSFZ+L2mCAGcLKJ9lcbMjlS7/Vggt6Wwr/JYdpoR tbaker@ubuntu
ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIBXDFVPfrJPDTF7CxG8X0biTggTax3tF+RblicC01Kus tbaker@aurora.tech
""",
    ),
    (
        "https://github.com/02vijay08/DEVOPSS/blob/f5dd463ebfb8efa32146261ba960fbb78e310e08/.ssh/authorized_keys",
        ".txt",
        r"""no-port-forwarding,no-agent-forwarding,no-X11-forwarding,command="echo 'Please login as the user \"{{keep:ec2-user}}\" rather than the user \"{{keep:root}}\".';echo;sleep 10" ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCII83nLXViyAFm9ZJav85ioxPzUuEq1fVOXgzrNKIX5OvwCk5tRotfcHerSHkJ/utbFzTkoAJXtCvkJ5EnsUTNhCyG1hXPY7/BxEhs02pzk9f3IPtk4cKRWyyozt/kUMgfVc/J+Cso0Lj5Ac3gQkqyNoABDlT0E5sHrNj5txAGXFH+36MN6u4+cOe4WdxIPZzWV7hTLNttQeaSWc9BkD4VjctwyhvtCs/ccGOeKDfs+cUs0bbyJf1tm0xL7EAvtr3PmbwEl96k4nhHKbo1nOnxYRXulZQonbOHFFMap84OcEzXspcGaxBdgFVYlgmov+TtH+zHQ/1GNqITnE9qV3jX {{keep:FIRST}}
""",
    ),
    # ---- cloud credentials and configuration: ~/.aws, ~/.kube ---------------------------------------
    (
        "https://github.com/19myersj96/lab5git/blob/927077586f3a73733b32e4cbbef70a35572537bb/.aws/credentials",
        ".txt",
        r"""[default]
aws_secret_access_key = [[secret:uGjtjKfQb6MaN21buhPhnXCEQ3QCew8ez/Mt70Cz]]
aws_access_key_id = [[secret:ASIA7XP7Y9IZF5T8DCL7]]
aws_session_token=[[secret:FwoGZXIvYXdzEJj//////////wEaDLqO9ocIHAiiADpdKxw0xmqvOxhmjMOb8wtY6tJPjNlzp0u/jHv1kzjWvqvp2q4CJPEQtLkyh8nVTBPORY/v9CXsl181kDkOkfdDOEZd9LRL1j8xdGrx09u4GjhUze/GdbU/6YKPbQbWvthTTdp297pp7h3thMRonfBQk8H3miX8SjsqwihKgn82WEWRa4tJ6LZL4PYSiEMJWvMMa3Pq3tkBdPzUFo/DbsviGYKkD5pz5cWiBrHngrknFIbs9KErtSZXGV5ajkbMRGgdk0KsvflL/1oiNZzMndTx/2L5yAqhWNZc4ohZ6a6+9P8Igpt8gac6Nt3LzTBztamAWKPQrM9NkRhwTO+Ta3/m]]

""",
    ),
    (
        "https://github.com/812lcl/dotfiles/blob/ed483004d9edf4fa9d6d7d1c686b0de7e4b14dee/.aws/credentials",
        ".txt",
        r"""[default]
aws_access_key_id = Dc
aws_secret_access_key = C
""",
    ),
    (
        "https://github.com/0xForerunner/dotfiles/blob/517dccc93a2c097f406c23c1d7daf67bdd0d776b/.aws/config",
        ".txt",
        r"""[profile crypto-cdk-stage]
sso_session = worldcoin
sso_account_id = 487223788601
sso_role_name = {{keep:PowerUserAccess}}
[profile worldcoin-crypto-prod]
sso_session = worldcoin
sso_account_id = 866736719513
sso_role_name = CryptoPowerUserAccess
[sso-session worldcoin]
sso_start_url = https://d-90676ede48.awsapps.com/start/#
sso_region = us-east-1
sso_registration_scopes = sso:account:access
[sso-session infra]
sso_start_url    = https://worldcoin.awsapps.com/start
sso_region       = us-east-1
sso_registration_scopes = sso:account:access

[profile wld-iam]
sso_session = infra
sso_account_id   = 033662022620
sso_role_name    = {{keep:ViewOnlyAccess}}
region           = eu-central-1
duration_seconds = 43200
""",
    ),
    (
        "https://github.com/3ch01c/rclone/blob/a02c2d51f3615dd5026e9e6e652378a3f2f83a43/.aws/config",
        ".txt",
        r"""[profile default]
region = 
output = json

""",
    ),
    (
        "https://github.com/10luisb/respaldosis/blob/eff32e202bed62d2cc105ab0c4e8d22b67a69219/.kube/config",
        ".yaml",
        r"""apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: {{keep:LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUVMRENDQXBTZ0F3SUJBZ0lRTzd3ZHZ0L2tBcThRNEtocWE2dW5kREFOQmdrcWhraUc5dzBCQVFzRkFEQXYKTVMwd0t3WURWUVFERXlSaVltRXpaR0ppTnkwMU0yVTVMVFEzWVdRdE9ESTRZaTFrTWpkaE1UY3dNbUUwWldJdwpJQmNOTWpNd05qSTRNRFV4TURFNVdoZ1BNakExTXpBMk1qQXdOakV3TVRsYU1DOHhMVEFyQmdOVkJBTVRKR0ppCllUTmtZbUkzTFRVelpUa3RORGRoWkMwNE1qaGlMV1F5TjJFeE56QXlZVFJsWWpDQ0FhSXdEUVlKS29aSWh2Y04KQVFFQkJRQURnZ0dQQURDQ0FZb0NnZ0dCQU85cGZ0RnkzK255R2VDRXIrYmlMOFpFTks1aXJ0cWQzTE9HZFhhUwpUb2NPSlZCblk5YnlVSGpLTEJENCtQNDJUbC9WMS9vN29lSHdPdGhRNWJ0eTZtYkV6bUpZWC9PazQ4WmMyTXg0CkszSkpMYmowU2hvQ1VUUm9NYWxrUTRPaE94K1BNUkFCRWxZaHpNUThTL1RhT1c2cmxPR1BNQUtmVTBQL3lHRTMKdjJqdGpSWGN6Sld0NGFTMUJ5TStvbUtQbExzVkhyb3Z5aWEwUWgvdDdiTW5FZUZrZFdZaU1WQmtPMXVCdWh1YwppWHNYYWRTdVBYblhyZFZ4UW9hRnhVVEQyOVg3aG1VUStra1JqTk5zYmxDbndxWXZNRjNRUXFLK3RXUEdjYjllCjNxalVCaldGM2huYzhzK1QzYXRHTFRwajVMc2VNN29Ya1prOHRLYWZQdDFjWXk4SFk2KzFqNHZ4ODBWUG9zdjMKSllweFRyNTV5WXc1UDhuZVRpYzRSMUFRdjJrSVFVMVJOdDViT3RSM2Z4UG5QcEhhOFpNVWk3MmVQaWpjR0NaYQpmeDVmNUs4bHpRZURCcDIrWm90THNJa2RaSnlCTDZzd05Bd2ErRjE2c2hUSm9EeXk4QWtrcy84YVF4R01LVG1CCkR2RENGRVYrVFl1UnlXZ2FYVVBOazhLVlNRSURBUUFCbzBJd1FEQU9CZ05WSFE4QkFmOEVCQU1DQWdRd0R3WUQKVlIwVEFRSC9CQVV3QXdFQi96QWRCZ05WSFE0RUZnUVVmSjM4UDl0VTZIenJnRm9nanc4VCtubjZCSXN3RFFZSgpLb1pJaHZjTkFRRUxCUUFEZ2dHQkFLNFVFZXZNSjBiVzB3TTAwekhYaitQY0hqRGgxcDE4c0ExUXd0R0VPdFVqCnNNOWtUdXIrblB2U29zdXRDVFIzWGFxK1BrVndiUHNGQ0lTVHN2ZUxCNEwrKzlQWFNueDhCWXQreWhnampVNlYKbVhRdi92TUxLeHFEdWtTSnZMQlVnOVk0VE15dEVKM01sMkxZWGRsMlhTTlBzMXA1RStIUVJ0b3p6Z29LV1FUYwpmRm1Bbzk4SFV6Z1haZDR4RDl1SXM2YXRMcVFmUVo2UHc5RnFBL255bjNIUTBRV0xjcERNUUV2cldPaXNZb0dvCmwrdGlZWC9zRjFhcmJvUzcyS2hVZmFnUkZVZ0FyaHlCSUVtd3lpWUZzcEFoUEJBU01hTGdlaWg0L082LzZ1YXcKZjNqd3NsVUd3TkYwMVNuVndpY3JMWkNrWTBzWXhyeG5OYUFidXlBV1N1b2FRZEhBU2Rvdk5XV2RWakJZVlNMRQpuN29KbEdha2lTVTBNQ2s0S1pwRTE2NXdhK0FYOE8xcjFFV1NvQTNZc25IRHlicnc5cEtWdFBmUnE0KzM4czc2CnBnb3VVV2pHQ0J4Q3FFODFIdUtwQnVOUW1JU3FXLzRpM3Y5d0QyNXl3cks1UE1xQTVEUXVsNG9UVzdtek9Fb1gKaElrQVZEV2FkWXliOEwrNFhvVnpBQT09Ci0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K}}
    server: https://35.184.87.103
  name: gke_alpine-alpha-391204_us-central1-a_proyecto2
contexts:
- context:
    cluster: gke_alpine-alpha-391204_us-central1-a_proyecto2
    user: gke_alpine-alpha-391204_us-central1-a_proyecto2
  name: gke_alpine-alpha-391204_us-central1-a_proyecto2
current-context: gke_alpine-alpha-391204_us-central1-a_proyecto2
kind: Config
preferences: {}
users:
- name: gke_alpine-alpha-391204_us-central1-a_proyecto2
  user:
    exec:
      apiVersion: client.authentication.k8s.io/v1beta1
      command: gke-gcloud-auth-plugin
      installHint: Install gke-gcloud-auth-plugin for use with kubectl by following
        https://cloud.google.com/blog/products/containers-kubernetes/kubectl-auth-changes-in-gke
      provideClusterInfo: true
""",
    ),
    (
        "https://github.com/0rxa/containerization-and-orchestration-workshop/blob/d33e5df7bca305bce95cb67d23926f766023027f/.kube/config",
        ".yaml",
        r"""apiVersion: v1
clusters:
- cluster:
    certificate-authority-data: {{keep:LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJkekNDQVIyZ0F3SUJBZ0lCQURBS0JnZ3Foa2pPUFFRREFqQWpNU0V3SHdZRFZRUUREQmhyTTNNdGMyVnkKZG1WeUxXTmhRREUyTlRFNE5ESTJPVFV3SGhjTk1qSXdOVEEyTVRNeE1UTTFXaGNOTXpJd05UQXpNVE14TVRNMQpXakFqTVNFd0h3WURWUVFEREJock0zTXRjMlZ5ZG1WeUxXTmhRREUyTlRFNE5ESTJPVFV3V1RBVEJnY3Foa2pPClBRSUJCZ2dxaGtqT1BRTUJCd05DQUFSdDFOOUhqYlBOb0FiL3VRRkRoNVlJVmg2VVR3V3NuMmJxL1NBcVdHVngKTXN3SDZjOWhPZ1NYYWRlUmM2cmg4SG8zb2plVFVYaFJBU29aMjFadE5uMzNvMEl3UURBT0JnTlZIUThCQWY4RQpCQU1DQXFRd0R3WURWUjBUQVFIL0JBVXdBd0VCL3pBZEJnTlZIUTRFRmdRVStSUEFORjcwVnlFSVA0R0VMM3MxCmh5bjhaand3Q2dZSUtvWkl6ajBFQXdJRFNBQXdSUUloQVByZHlBMTZ1UnB1NUF2ZXRxNXE4OEdnUWMveW5vNFoKb0xBSXZSTDd4ZCtOQWlBZFpIN2N2c00rdDl5Qlk2dXZkTnFua1Bxb21iWmZMVStsK3hoQjFoWURxZz09Ci0tLS0tRU5EIENFUlRJRklDQVRFLS0tLS0K}}
    server: https://10.10.0.90:6443
  name: default
contexts:
- context:
    cluster: default
    namespace: kube-system
    user: default
  name: default
current-context: default
kind: Config
preferences: {}
users:
- name: default
  user:
    client-certificate-data: {{keep:LS0tLS1CRUdJTiBDRVJUSUZJQ0FURS0tLS0tCk1JSUJrakNDQVRlZ0F3SUJBZ0lJR3hObDFuZFhMYzR3Q2dZSUtvWkl6ajBFQXdJd0l6RWhNQjhHQTFVRUF3d1kKYXpOekxXTnNhV1Z1ZEMxallVQXhOalV4T0RReU5qazFNQjRYRFRJeU1EVXdOakV6TVRFek5Wb1hEVEl6TURVdwpOakV6TVRFek5Wb3dNREVYTUJVR0ExVUVDaE1PYzNsemRHVnRPbTFoYzNSbGNuTXhGVEFUQmdOVkJBTVRESE41CmMzUmxiVHBoWkcxcGJqQlpNQk1HQnlxR1NNNDlBZ0VHQ0NxR1NNNDlBd0VIQTBJQUJDZnVlVlU5ajhpeXFkZEcKOEZ2QnRMMlVuSHE5SW1VQUdKRzQ4eEdHRHA5cXpWdi9DT0pucTM4TTlwL3B0RzA3aEtvNkk4QTNlSzNtNm1ubAowbzR5KzA2alNEQkdNQTRHQTFVZER3RUIvd1FFQXdJRm9EQVRCZ05WSFNVRUREQUtCZ2dyQmdFRkJRY0RBakFmCkJnTlZIU01FR0RBV2dCUVRBZ3NyZ05ieTEwL0x2RS9YRWNQS0pQcGFLREFLQmdncWhrak9QUVFEQWdOSkFEQkcKQWlFQTRSdkhJdUdpYnp5eTNkUkdUQ0NLbDRqUDFLbW9xZm1ab1BraU9LK3NPcDRDSVFDZG8wWDUrZ1BHbi9kQQpWbEdwMC96bmY5VmhsN3ZESEw3RU5CL3FrTDFGRXc9PQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCi0tLS0tQkVHSU4gQ0VSVElGSUNBVEUtLS0tLQpNSUlCZHpDQ0FSMmdBd0lCQWdJQkFEQUtCZ2dxaGtqT1BRUURBakFqTVNFd0h3WURWUVFEREJock0zTXRZMnhwClpXNTBMV05oUURFMk5URTROREkyT1RVd0hoY05Nakl3TlRBMk1UTXhNVE0xV2hjTk16SXdOVEF6TVRNeE1UTTEKV2pBak1TRXdId1lEVlFRRERCaHJNM010WTJ4cFpXNTBMV05oUURFMk5URTROREkyT1RVd1dUQVRCZ2NxaGtqTwpQUUlCQmdncWhrak9QUU1CQndOQ0FBUnB3U1dqMWJnWXF6S09wOG9nOHBzUWNKU0xKUHV1U2RYT0RnNGZtRGZaCjVSS3RTUWt0aVhDM3NLOHRkK3FmbnVRZHczR2tlSFBnVU5IWXZIcFJhUWxGbzBJd1FEQU9CZ05WSFE4QkFmOEUKQkFNQ0FxUXdEd1lEVlIwVEFRSC9CQVV3QXdFQi96QWRCZ05WSFE0RUZnUVVFd0lMSzREVzh0ZFB5N3hQMXhIRAp5aVQ2V2lnd0NnWUlLb1pJemowRUF3SURTQUF3UlFJaEFOYkpsdVNEZnlvWHFicHA5TG5IaS9ab1M2TDdEeHlLCmhRRlNzeWEwV3JZdkFpQVVXTHNtL0N5QWU5d1dBQVVFK2RDcUlEZkdqR1lQanpwaVM3RjE4Z2JBNXc9PQotLS0tLUVORCBDRVJUSUZJQ0FURS0tLS0tCg==}}
    client-key-data: [[secret:LS0tLS1CRUdJTiBFQyBQUklWQVRFIEtFWS0tLS0tCk1IY0NBUUVFSUprTzdLWllWN0NFRUtWMFRvL2VCQlhLR3JkUzkvVWNiVFY3eE1Fd0tJcDBvQW9HQ0NxR1NNNDkKQXdFSG9VUURRZ0FFeWdiTVdndkJxUkwzcjA4MG4zSmsyeGVoU2E5d0E3VW9kNTBHb1pmVGpEanhJeXhJQUp0eQpFbHltYTlZanVFVm5RclVHMmpka1Z6TXJxaUUwN1hNKzJRPT0KLS0tLS1FTkQgRUMgUFJJVkFURSBLRVktLS0tLQo=]]
""",
    ),
    # ---- infrastructure state: terraform.tfstate (a cloud-init password in a comment) ---------------
    (
        "https://github.com/0054/kvm-lab/blob/65731555ce8e55d50532b7bf7fc5e9efcc368d7b/terraform.tfstate",
        ".txt",
        r"""    {
      "mode": "data",
      "type": "template_file",
      "name": "user_data",
      "provider": "provider.template",
      "instances": [
        {
          "schema_version": 0,
          "attributes": {
            "filename": null,
            "id": "{{keep:09801f6f405654696a2bec4b0b477d944acb948f2e6cc271f8d24655641ea4b8}}",
            "rendered": "#cloud-config\n# ssh_pwauth: True\n# chpasswd:\n#   list: |\n#      root:[[secret:e3e3e3]]\n#   expire: False\nusers:\n  - name: centos\n    groups: wheel\n    shell: /bin/bash\n    sudo: ['ALL=(ALL) NOPASSWD:ALL']\n    ssh-authorized-keys:\n      - \"ssh-rsa AAAAB3NzaC1yc2EAAAADAQABAAABAQCrAwyFFAjhjdPN7foZCRYiZSNXGME7aImb46hcBVuVBASs7p0FevJ5xa5ZSP9KdG4py5cSGwtkFLt4nTRu5XLgTbuS2+1JuH0HfqnQ1UMthhrBJualay92cr+ZHyASkUoYzqC44372O0juMhgffqSn1a9tsjM4xwL9beS2upxrY+Hy4evf2i6qymqmOXDZeOxzFgdGUUitV5dOaxAPvv9xP8QkgtgTzsicnP3fUl7tUMtt22keTCm3aG1l4NGrqmJ0dlxwI5W0T6OCmahQsCcC7TPqE9sMNehaCRlQnJ+6ioWv8zjCSOTLG1jEeL6RyPThcVR1sl5IVX23+6cPIXe9 mint@home\n\"\nwrite_files:\n  - path: \"/etc/sysctl.conf\"\n    owner: root\n    content: |\n      net.ipv6.conf.all.disable_ipv6=1\n      net.ipv6.conf.default.disable_ipv6=1\nmanage_resolv_conf: true\nresolv_conf:\n  domain: kvm.lab\ngrowpart:\n  mode: auto\n  devices: ['/']\nruncmd:\n- sysctl -p\n",
            "template": "#cloud-config\n# ssh_pwauth: True\n# chpasswd:\n#   list: |\n#      root:e3e3e3\n#   expire: False\nusers:\n  - name: centos\n    groups: wheel\n    shell: /bin/bash\n    sudo: ['ALL=(ALL) NOPASSWD:ALL']\n    ssh-authorized-keys:\n      - \"${rsa_pub}\"\n",
""",
    ),
    # ---- pip's install record, Firebase's app config -----------------------------------------------
    (
        "https://github.com/SendChris/mcp-obsidian/blob/833e300079552f158f101987b2a9dd8004a3a046/direct_url.json",
        ".json",
        r"""{"url":"file:///C:/Users/[[user:Brian]]{{keep:/Documents/Obsidian%20Data/Vaults/The%20Lab/.obsidian/plugins/mcp-obsidian}}","dir_info":{"editable":true}}""",
    ),
    (
        "https://github.com/Tarunkumarsing/login-page-/blob/d461a2a341ab6a7b6a517704573187b474b1dc10/app/google-services.json",
        ".json",
        r"""{
  "project_info": {
    "project_number": "56481918122",
    "firebase_url": "https://firelogin-fbe4f.firebaseio.com",
    "project_id": "firelogin-fbe4f",
    "storage_bucket": "firelogin-fbe4f.appspot.com"
  },
  "client": [
    {
      "client_info": {
        "mobilesdk_app_id": "1:56481918122:android:99899392c03661e0a774d3",
        "android_client_info": {
          "package_name": "com.example.firegooglelogin"
        }
      },
      "oauth_client": [
        {
          "client_id": "{{keep:56481918122-3hbhq4l1mv4r88132ijq3cp74l2qgnar.apps.googleusercontent.com}}",
          "client_type": 1,
          "android_info": {
            "package_name": "com.example.firegooglelogin",
            "certificate_hash": "{{keep:31925a716fbd481160d6e004e026cf68794c72c7}}"
          }
        },
        {
          "client_id": "56481918122-5e0h6d26fjvnfvfb97b1i5aa7nedcpl6.apps.googleusercontent.com",
          "client_type": 3
        }
      ],
      "api_key": [
        {
          "current_key": "{{keep:AIzaSyAITpMj83o59t6sMzOikmCbel_CkVPha3w}}"
        }
      ],
      "services": {
        "appinvite_service": {
          "other_platform_oauth_client": [
            {
              "client_id": "56481918122-5e0h6d26fjvnfvfb97b1i5aa7nedcpl6.apps.googleusercontent.com",
              "client_type": 3
            }
          ]
        }
      }
    }
  ],
  "configuration_version": "1"
}""",
    ),
    # ---- LaTeX's recorder and latexmk's database ---------------------------------------------------
    (
        "https://github.com/2047789253/latex/blob/ee55764e5ade9d355210eb3c77cf0544a4f40467/main.fls",
        ".txt",
        r"""PWD C:/Users/[[user:31862]]{{keep:/Desktop/latex}}
INPUT d:/texlive/2026/texmf.cnf
INPUT d:/texlive/2026/texmf-dist/web2c/texmf.cnf
INPUT d:/texlive/2026/texmf-var/web2c/xetex/xelatex.fmt
INPUT main.tex
OUTPUT main.log
INPUT ./sn-jnl.cls
INPUT sn-jnl.cls
INPUT d:/texlive/2026/texmf-dist/tex/latex/base/article.cls
INPUT d:/texlive/2026/texmf-dist/tex/latex/base/article.cls
INPUT d:/texlive/2026/texmf-dist/tex/latex/base/fleqn.clo
""",
    ),
    (
        "https://github.com/1ndistinct/cv/blob/0dbac107d90c16d2467194a8eef34cba27a89bfd/main.fdb_latexmk",
        ".txt",
        r"""# Fdb version 3
["biber main"] 1718769627 "main.bcf" "main.bbl" "main" 1718771152
  "main.bcf" 1718771152 106534 02c039e1d348d027af024730669235f6 "pdflatex"
  (generated)
  "main.bbl"
  "main.blg"
["pdflatex"] 1718771151 "{{keep:/root/repositories/cv/main.tex}}" "main.pdf" "main" 1718771152
  "/etc/texmf/web2c/texmf.cnf" 1690152546 475 c0e671620eb5563b2130f56340a5fde8 ""
  "/root/repositories/cv/main.tex" 1718771097 7305 ebab1791c31d74fa19659a43605809b8 ""
  "/usr/share/texlive/texmf-dist/fonts/enc/dvips/fontawesome/fontawesomeone.enc" 1463430686 1687 f004baecce60175c6453d0e3f808cf20 ""
""",
    ),
]


_RAW_STOP68: list[tuple[str, str, str]] = [
    # ---- login sessions: loginctl, ps, zsh prompts ---------------------------------------------------
    (
        "https://github.com/elogind/elogind/issues/364",
        ".txt",
        r"""$ loginctl
SESSION  UID USER SEAT  LEADER CLASS TTY  IDLE SINCE
6 1004 [[user:ulf]]  seat0 7943   user  tty8 no   -
c2 1004 [[user:ulf]]  -     7967   user  -    no   -
""",
    ),
    (
        "https://github.com/systemd/systemd/issues/735",
        ".txt",
        r"""(EE) systemd-logind: failed to get session: PID 27206 does not belong to any known session
root     27171  0.0  0.0  98464  4800 ?        Ss   Jul28   0:00   login -- [[user:hartlm]]
[[user:hartlm]]   27400  0.0  0.0 121932  5404 tty1     Ss+  Jul28   0:00     -bash
[[user:hartlm]]   27186  0.0  0.0  46004  5860 ?        Ss   Jul28   0:01   /usr/lib/systemd/systemd --user
[[user:hartlm]]   27189  0.0  0.0 126556  3020 ?        S    Jul28   0:00     (sd-pam)
root     27206  0.1  0.2 421556 40740 ?        Ssl  Jul28   3:49     /usr/libexec/Xorg :0 -nolisten tcp -noreset -verbose 2 -keeptty vt1
[[user:hartlm]]   27304  0.0  0.0  53868   572 ?        Ss   Jul28   0:00     ssh-agent
[[user:hartlm]]   27307  0.0  0.0 165688   512 ?        Ss   Jul28   0:02     gpg-agent --daemon --write-env-file
""",
    ),
    (
        "https://github.com/systemd/systemd/issues/13614",
        ".txt",
        r"""systemd 243 (243.0-1-arch)
+PAM +AUDIT -SELINUX -IMA -APPARMOR +SMACK -SYSVINIT +UTMP +LIBCRYPTSETUP +GCRYPT +GNUTLS +ACL +XZ +LZ4 +SECCOMP +BLKID +ELFUTILS +KMOD +IDN2 -IDN +PCRE2 default-hierarchy=hybrid

[[user:lev]]@mde-oxalide % loginctl lock-session
Failed to issue method call: Caller does not belong to any known session.
""",
    ),
    (
        "https://github.com/systemd/systemd/issues/536",
        ".txt",
        r"""$ rpm -q systemd
systemd-222-1.fc23.x86_64

$ loginctl list-sessions 
   SESSION        UID USER             SEAT            
         1       1000 {{keep:liveuser}}         seat0           

1 sessions listed.

$ loginctl show-session 1 
Id=1
Name={{keep:liveuser}}
Timestamp=Fri 2015-07-10 04:27:29 EDT
TimestampMonotonic=43200908
VTNr=1
Display=:0
Remote=no
Service=lightdm
Desktop=xfce
Scope=session-1.scope
Leader=1489
Audit=1
Type=x11
Class=user
Active=yes
State=active
""",
    ),
    (
        "https://github.com/systemd/systemd/issues/33403",
        ".txt",
        r"""connect(3, {sa_family=AF_UNIX, sun_path="/run/user/{{keep:xxx}}/bus"}, 21) = -1 ECONNREFUSED (Connection refused

systemd[1]: Starting User Manager for UID xxx...
(systemd)[899484]: pam_warn(systemd-user:setcred): function=[pam_sm_setcred] flags=0x8002 service=[systemd-user] terminal=[] user=[{{keep:xxx}}] ruser=[<unknown>] rhost=[<unknown>]
(systemd)[899484]: pam_unix(systemd-user:session): session opened for user {{keep:xxx}}(uid=xxx) by xxx(uid=0)
(systemd)[899484]: pam_systemd(systemd-user:session): Failed to create session: Invalid session class manager
systemd[899484]: Trying to run as user instance, but $XDG_RUNTIME_DIR is not set.
systemd[1]: user@{{keep:xxx}}.service: Main process exited, code=exited, status=1/FAILURE
""",
    ),
    # ---- cron and login records: cron's log, lastlog, last, who, id ---------------------------------
    (
        "https://github.com/opnsense/core/issues/10912",
        ".txt",
        r"""* * * * * echo hello

({{keep:nobody}}) CMD (echo hello)
({{keep:nobody}}) MAIL (mailed 6 bytes of output but got status 0x0001
""",
    ),
    (
        "https://github.com/feiniao112/linux/issues/1",
        ".txt",
        r"""------------16.8 lastlog日志分析----------------------
------------16.8.1 所有用户最后一次登录日志分析-----------------
[16.8.1]正在分析所有用户最后一次登录日志.....
[*]所有用户最后一次登录日志如下:
用户名           端口     来自             最后登陆时间
{{keep:root}}             pts/1                     六 5月 18 19:32:07 +0800 2019
bin                                        **从未登录过**
daemon                                     **从未登录过**
adm                                        **从未登录过**
lp                                         **从未登录过**
sync                                       **从未登录过**
shutdown                                   **从未登录过**
halt                                       **从未登录过**
mail                                       **从未登录过**
operator                                   **从未登录过**
games                                      **从未登录过**
ftp                                        **从未登录过**
{{keep:nobody}}                                     **从未登录过**
systemd-network                            **从未登录过**
dbus                                       **从未登录过**
polkitd                                    **从未登录过**
sshd                                       **从未登录过**
postfix                                    **从未登录过**
chrony                                     **从未登录过**
[[user:mirando]]          tty1                      六 4月 20 22:31:44 +0800 2019
""",
    ),
    (
        "https://github.com/cfg2html/cfg2html/issues/133",
        ".txt",
        r"""$ last | grep boot
{{keep:reboot}}    ~                                   Aug 18 21:13
reboot    ~                                   Jul 31 19:38
reboot    ~                                   Apr 10 15:26
reboot    ~                                   Dec 14 16:50

$ who -b
   .        system boot Aug 18 21:13

commit {{keep:8cbfd97dd86ab16aa4aedca332ed44e47dc132d4}}
Author: [[user:brunsko]] <[[email:5172934+brunsko@users.noreply.github.com]]>
Date:   Tue Mar 12 18:49:47 2019 +0100

    new: added who -b, suggested by [[user:MoraLeaf]]
""",
    ),
    (
        "https://github.com/evryfs/github-actions-runner/issues/79",
        ".txt",
        r"""$ id
uid=999({{keep:runner}}) gid=999(runner) groups=999(runner)

uid=1001({{keep:runner}}) gid=121(docker) groups=121(docker),4(adm),101(systemd-journal)
""",
    ),
    # ---- Windows sessions: quser, PSADT's session object ---------------------------------------------
    (
        "https://github.com/VertigoRay/PSQuser/issues/7",
        ".txt",
        r""" {{keep:user1}}              rdp-tcp#1          30  Active          .  12/11/2020 11:23
 {{keep:user2}}             rdp-tcp#111        42  Active  24692+13:29  16/11/2020 08:58
 {{keep:user3}}              rdp-tcp#88         55  Active          8  17/11/2020 12:08

 user1              rdp-tcp#1          30  Active          1  12/11/2020 11:23
 user2             rdp-tcp#111        42  Active          .  16/11/2020 08:58
 user3              rdp-tcp#88         55  Active         14  17/11/2020 12:08
""",
    ),
    (
        "https://github.com/PSAppDeployToolkit/PSAppDeployToolkit/issues/241",
        ".txt",
        r"""NTAccount           : GLOBAL\[[user:k318052]]
SID                 : S-1-5-21-815030394-1474981303-1048219964-973687
UserName            : [[user:k318052]]
DomainName          : GLOBAL
SessionId           : 1
SessionName         : Console
ConnectState        : Active
IsCurrentSession    : False
IsConsoleSession    : True
IsActiveUserSession : True
IsUserSession       : True
IsRdpSession        : False
IsLocalAdmin        : False
LogonTime           : 2/9/2017 9:57:44 AM
IdleTime            : 00:00:00
DisconnectTime      : 
ClientName          : 
ClientProtocolType  : 
ClientDirectory     : 
ClientBuildNumber   : 0
""",
    ),
    # ---- Kerberos: kinit, klist, Hadoop's UGI -------------------------------------------------------
    (
        "https://github.com/heimdal/heimdal/issues/1110",
        ".txt",
        r"""% KRB5CCNAME=SCC:/tmp/krb5cc.db prefix/bin/kinit {{keep:nobody@EXAMPLE.COM}}
nobody@EXAMPLE.COM's Password:
% KRB5CCNAME=SCC:/tmp/krb5cc.db prefix/bin/klist
klist: krb5_cc_get_principal: No principal for cache SCC:/tmp/krb5cc.db:Default-cache
% KRB5CCNAME=SCC:/tmp/krb5cc.db prefix/bin/klist -A
Credentials cache: SCC:/tmp/krb5cc.db:{{keep:unique-0x7851320ed100}}
        Principal: nobody@EXAMPLE.COM
  
  Issued                Expires               Principal
May 26 01:23:53 2023  May 27 01:23:53 2023  krbtgt/EXAMPLE.COM@EXAMPLE.COM
% KRB5CCNAME=SCC:/tmp/krb5cc.db prefix/bin/kinit {{keep:somebody@EXAMPLE.ORG}}
somebody@EXAMPLE.ORG's Password:
""",
    ),
    (
        "https://github.com/rapid7/metasploit-framework/pull/17374",
        ".txt",
        r"""msf6 auxiliary(gather/ldap_query) > klist
Kerberos Cache
==============
host            principal                 sname                           issued                     status       path
----            ---------                 -----                           ------                     ------       ----
192.168.123.13  {{keep:Administrator@ADF3.LOCAL}}  krbtgt/ADF3.LOCAL@ADF3.LOCAL    2022-12-14 13:11:50 +0000  >>expired<<  /Users/[[user:kbwalker]]{{keep:/.msf4/loot/20221214011150_default_192.168.123.13_mit.kerberos.cca_905332.bin}}
192.168.123.13  Administrator@ADF3.LOCAL  http/dc3.adf3.local@ADF3.LOCAL  2022-12-14 13:11:50 +0000  >>expired<<  /Users/[[user:kbwalker]]{{keep:/.msf4/loot/20221214011150_default_192.168.123.13_mit.kerberos.cca_849328.bin}}
""",
    ),
    (
        "https://github.com/confluentinc/kafka-connect-hdfs/issues/178",
        ".txt",
        r"""[2017-03-21 11:28:51,565] DEBUG Initiating logout for {{keep:${username}@${realm}}} (org.apache.hadoop.security.UserGroupInformation:1054)
[2017-03-21 11:28:51,565] DEBUG hadoop logout (org.apache.hadoop.security.UserGroupInformation:217)
[2017-03-21 11:28:51,566] DEBUG Initiating re-login for ${username}@${realm} (org.apache.hadoop.security.UserGroupInformation:1066)
[2017-03-21 11:28:51,569] DEBUG hadoop login (org.apache.hadoop.security.UserGroupInformation:209)
[2017-03-21 11:28:51,569] DEBUG hadoop login commit (org.apache.hadoop.security.UserGroupInformation:144)
[2017-03-21 11:28:51,569] DEBUG using existing subject:[${username}@${realm}, UnixPrincipal: {{keep:root}}, UnixNumericUserPrincipal: 0, UnixNumericGroupPrincipal [Primary Group]: 0] (org.apache.hadoop.security.UserGroupInformation:149)
[2017-03-21 11:28:51,779] DEBUG PrivilegedAction as:${username}@${realm} (auth:KERBEROS) from:org.apache.hadoop.ipc.Client$Connection.setupIOstreams(Client.java:717) (org.apache.hadoop.security.UserGroupInformation:1652)
""",
    ),
    # ---- LDAP: binds, slapd's log, a test directory's fixture accounts ------------------------------
    (
        "https://github.com/SpriteLink/NIPAP/issues/926",
        ".txt",
        r"""[auth.backends.ldap]
type=LdapAuth
basedn = ou=users,dc=datac,dc=com
uri = ldap://ldap.datac.com
tls = True

binddn_fmt = cn={},ou=users,dc=datac,dc=com
search = cn={}

search_binddn = {{keep:uid=servers}},ou=services,dc=datac,dc=com
bindpw = {{keep:xxxxx}}
rw_group =
ro_group =

[root@vinhedo5 log]# grep 923847 /var/log/ldap.log 
Jun 14 20:56:07 vinhedo5 slapd[31387]: conn=923847 fd=723 ACCEPT from IP=10.112.80.224:54370 (IP=0.0.0.0:389)
Jun 14 20:56:07 vinhedo5 slapd[31387]: conn=923847 op=0 BIND dn="uid=[[user:bruno.lima]],ou=users,dc=datac,dc=com" method=128
Jun 14 20:56:07 vinhedo5 slapd[31387]: conn=923847 op=0 RESULT tag=97 err=49 text=
""",
    ),
    (
        "https://github.com/ltb-project/self-service-password/issues/838",
        ".txt",
        r"""ldapsearch -D "cn=[[user:kerima]] ,cn=Users,dc=zuzu,dc=local" -x -w "{{keep:password}}" -h 10.0.0.139 -b "cn=Users,dc=zuzu,dc=local"

$ldap_url = "ldap://10.0.0.139";
$ldap_binddn = "cn=[[user:kerima]] ,ou=Users,dc=zuzu,dc=local";
$ldap_bindpw = "{{keep:password}}";
$keyphrase = "{{keep:mysecret}}";
$ldap_starttls = false;
$ldap_base = "dc=zuzu,dc=local";
$debug = true;
""",
    ),
    (
        "https://github.com/rroemhild/docker-test-openldap/issues/1",
        ".txt",
        r"""docker exec <containername> ldapsearch -b "dc=planetexpress,dc=com" -D "uid={{keep:professor}},dc=planetexpress,dc=com" -h ldap -w {{keep:professor}}
ldap_bind: Invalid credentials (49)

cn={{keep:Philip J. Fry}},ou=people,dc=planetexpress,dc=com
""",
    ),
    # ---- mounts and ssh: a Samba mount at a prompt, ssh -v under a home ------------------------------
    (
        "https://github.com/linode/docs/pull/7159",
        ".txt",
        r"""[[user:melko]]@client:~$ ls -l /mnt
total 4
drwxr-xr-x 2 root root 4096 Dec  5 20:22 smb_share
[[user:melko]]@client:~$ mount -t cifs //172.232.111.144/sambashare -o username=[[user:melko]] /mnt/remote
Couldn't chdir to /mnt/remote: No such file or directory
[[user:melko]]@client:~$ sudo mount -t cifs //172.232.111.144/sambashare -o username=[[user:melko]] /mnt/remote
Password for [[user:melko]]@//172.232.111.144/sambashare: 
[[user:melko]]@client:~$ sudo chown [[user:melko]]:.credentials
chown: missing operand after ‘[[user:melko]]:.credentials’
Try 'chown --help' for more information.
""",
    ),
    (
        "https://github.com/google/google-authenticator/issues/577",
        ".txt",
        r"""OpenSSH_7.7p1 Ubuntu-3, OpenSSL 1.0.2n  7 Dec 2017
debug1: Reading configuration data /etc/ssh/ssh_config
debug1: /etc/ssh/ssh_config line 19: Applying options for *
debug1: Connecting to 192.168.207.9 [192.168.207.9] port 22.
debug1: Connection established.
debug1: identity file /home/[[user:ravi]]{{keep:/.ssh/id_rsa}} type 0
debug1: key_load_public: No such file or directory
debug1: identity file /home/[[user:ravi]]{{keep:/.ssh/id_rsa-cert}} type -1
debug1: key_load_public: No such file or directory
debug1: identity file /home/[[user:ravi]]{{keep:/.ssh/id_dsa}} type -1
debug1: key_load_public: No such file or directory
debug1: identity file /home/[[user:ravi]]{{keep:/.ssh/id_dsa-cert}} type -1
""",
    ),
    # ---- registries and forges: npm login/whoami, gh auth status -------------------------------------
    (
        "https://github.com/npm/npm/issues/20055",
        ".txt",
        r"""[[user:leonhard]]@ecosia-xps[ecosia-info](fr-stats) $ npm whoami
[[user:k47]]
[[user:leonhard]]@ecosia-xps[ecosia-info](fr-stats) $ npm logout
[[user:leonhard]]@ecosia-xps[ecosia-info](fr-stats) $ npm whoami
[[user:k47]]
[[user:leonhard]]@ecosia-xps[ecosia-info](fr-stats) $ npm login
Username: {{keep:ecosia-deploybot}}
Password: 
Email: (this IS public) {{keep:dev@ecosia.org}}
Logged in as ecosia-deploybot on https://registry.npmjs.org/.
[[user:leonhard]]@ecosia-xps[ecosia-info](fr-stats) $ npm whoami
[[user:k47]]
""",
    ),
    (
        "https://github.com/npm/npm/issues/7735",
        ".txt",
        r"""$ sudo npm login
Username: [[user:varnu]]
Password: 
Email: (this IS public) {{keep:.....@gmail.com}}

$ npm config ls
; cli configs
user-agent = "npm/2.7.3 node/v0.12.0 linux x64"

; node bin location = /usr/local/bin/node
; cwd = /home/[[user:kestel]]{{keep:/github/utils.js}}
; HOME = /home/[[user:kestel]]
; 'npm config ls -l' to show all defaults.

$ sudo npm login --verbose
npm info it worked if it ends with ok
npm verb cli [ 'node', '/usr/local/bin/npm', 'login', '--verbose' ]
npm info using npm@2.7.3
npm info using node@v0.12.0
npm verb config Skipping project config: /home/[[user:kestel]]{{keep:/.npmrc}}. (matches userconfig)
Username: [[user:varnu]]
Password: 
Email: (this IS public) {{keep:<obfuscated>@gmail.com}}
npm verb adduser before first PUT { _id: 'org.couchdb.user:[[user:varnu]]',
npm verb adduser   name: '[[user:varnu]]',
npm verb adduser   password: '{{keep:XXXXX}}',
npm verb adduser   email: '<obfuscated>@gmail.com',
npm verb adduser   type: 'user',
npm verb adduser   roles: [],
npm verb adduser   date: '2015-03-25T00:03:25.302Z' }
""",
    ),
    (
        "https://github.com/cli/cli/issues/8360",
        ".txt",
        r"""$ gh version
gh version 2.39.0 (1980-01-01)
https://github.com/cli/cli/releases/tag/v2.39.0

$ gh auth status
You are not logged into any GitHub hosts. Run gh auth login to authenticate.

$ GH_TOKEN=$(gh auth token) gh auth status
github.com
  ✓ Logged in to github.com as [[user:rvp604]] (GH_TOKEN)
  ✓ Git operations for github.com configured to use https protocol.
  ✓ Token: {{keep:gho_************************************}}
  ✓ Token scopes: ...
""",
    ),
    (
        "https://github.com/cli/cli/pull/10003",
        ".txt",
        r"""➜  gh auth status
github.com
  ✓ Logged in to github.com account [[user:robertkellner]] (keyring)
""",
    ),
    # ---- git log: merge commits, placeholder authors --------------------------------------------------
    (
        "https://github.com/bitcoin-core/bitcoin-maintainer-tools/pull/112",
        ".txt",
        r"""$ git log --format=fuller -1 --no-decorate 
commit {{keep:5522408f30ac7a6539072f07d86fb1724ae26f2f}}
Merge: eb1f5706df 15b8ba500d
Author:     {{keep:merge-script}} <[[email:berge.tomas@gmail.com]]>
AuthorDate: Thu Sep 9 12:20:06 2021 +0200
Commit:     merge-script <[[email:berge.tomas@gmail.com]]>
CommitDate: Thu Sep 9 12:20:06 2021 +0200

    Merge bitcoin/bitcoin#22902: tracing: utxocache tracepoints
    
    {{keep:15b8ba500d59c6c5de764cd13c22d0cb44d6bd14}} [tracing] tracepoints to utxocache add, spent and uncache ([[user:Kiran Das]])
    {{keep:56f0a048acc1035c65e5f8020943c19f0c2f9d0b}} [tracing] tracepoint for utxocache flushes ([[user:Kiran Das]])
""",
    ),
    (
        "https://github.com/isaacs/github/issues/1368",
        ".txt",
        r"""commit {{keep:e7888595c3173508bc808857ecc0c236eb491952}}
Author:     On behalf of {{keep:A. Colleague}} <{{keep:colleague@example.org}}>
AuthorDate: Thu May 9 21:24:21 2019 +0100
Commit:     [[user:J. Pembroke]], esq <{{keep:jp-nonprimary-email-one@example.org}}>
CommitDate: Thu May 9 21:24:21 2019 +0100
""",
    ),
    # ---- container ids ---------------------------------------------------------------------------------
    (
        "https://github.com/vmware/vic/issues/5610",
        ".txt",
        r"""$ docker run -dit --net=bridge busybox
{{keep:ba6be894f3866b453783ddb70c6a606f79cd0cbb6dd27d126c6de09a7c4d1348}}
$ docker ps -a
CONTAINER ID        IMAGE               COMMAND             CREATED             STATUS              PORTS               NAMES
{{keep:ba6be894f386}}        busybox             "sh"                54 seconds ago      Up 15 seconds                           {{keep:pedantic_sinoussi}}
$ docker stop ba
ba
$ docker ps -a
CONTAINER ID        IMAGE               COMMAND             CREATED              STATUS                      PORTS               NAMES
ba6be894f386        busybox             "sh"                About a minute ago   Exited (0) 12 seconds ago                       pedantic_sinoussi
""",
    ),
]


_RAW_STOP69: list[tuple[str, str, str]] = [
    # ---- logins in session and service logs: systemd, ssh -v, sshd, cifs mounts ----------------------
    (
        "https://github.com/NixOS/nixpkgs/issues/15653",
        ".txt",
        r"""systemctl status user@1000.service
● user@1000.service - User Manager for UID 1000
   Loaded: loaded (/nix/store/{{keep:kinpd6wss80pf2d04jnvvmw25lzkrlbq}}-systemd-239/example/systemd/system/user@.service; static; vendor preset: enabled)
  Drop-In: /nix/store/{{keep:4q9hrmcg2l83cvypzdi2mrbh69zm9nss}}-system-units/user@.service.d
           └─overrides.conf
   Active: failed (Result: protocol) since Mon 2019-01-21 09:21:36 GMT; 1h 17min ago
  Process: 1243 ExecStart=/nix/store/{{keep:kinpd6wss80pf2d04jnvvmw25lzkrlbq}}-systemd-239/lib/systemd/systemd --user (code=exited, status=1/FAILURE)
 Main PID: 1243 (code=exited, status=1/FAILURE)

Jan 21 09:21:36 nixos systemd[1]: Starting User Manager for UID 1000...
Jan 21 09:21:36 nixos systemd[1243]: pam_unix(systemd-user:session): session opened for user [[user:derek]] by (uid=0)
Jan 21 09:21:36 nixos systemd[1243]: Failed to fully start up daemon: Permission denied
""",
    ),
    (
        "https://github.com/hashbang/hashbang.sh/issues/182",
        ".txt",
        r"""─▶ ssh -v hashbang
OpenSSH_8.1p1, LibreSSL 2.7.3
debug1: Reading configuration data /Users/[[user:brightfox]]/.ssh/config
debug1: /Users/[[user:brightfox]]/.ssh/config line 3: Applying options for *
debug1: /Users/[[user:brightfox]]/.ssh/config line 30: Applying options for hashbang
debug1: Reading configuration data /etc/ssh/ssh_config
debug1: /etc/ssh/ssh_config line 47: Applying options for *
debug1: Connecting to de1.hashbang.sh port 22.
debug1: Connection established.
debug1: identity file /Users/[[user:brightfox]]/.ssh/id_rsa type 0
debug1: identity file /Users/[[user:brightfox]]/.ssh/id_rsa-cert type -1
debug1: identity file /Users/[[user:brightfox]]/.ssh/id_rsa.hashbang type 0
debug1: identity file /Users/[[user:brightfox]]/.ssh/id_rsa.hashbang-cert type -1
debug1: Local version string SSH-2.0-OpenSSH_8.1
debug1: Remote protocol version 2.0, remote software version OpenSSH_7.9p1 Debian-10+deb10u4
debug1: match: OpenSSH_7.9p1 Debian-10+deb10u4 pat OpenSSH* compat 0x04000000
debug1: Authenticating to de1.hashbang.sh:22 as '[[user:brightfox]]'
debug1: SSH2_MSG_KEXINIT sent
""",
    ),
    (
        "https://github.com/PowerShell/Win32-OpenSSH/issues/1552",
        ".txt",
        r"""4140 2020-02-28 17:16:48.147 debug2: userauth_pubkey: valid user redmond\\\\[[user:jobrek]] querying public key rsa-sha2-512 {{keep:AAAAB3NzaC1yc2EAAAADAQABAAACAQDQC/D2kSYz6LLWATEVZXu2cWLJ2BRN3cy46ogELWqui3Vsjj1xw04c066c5mDSZjd3Opf5MD7liN/rG0ACR4Tan+DTrq8DVsXYCww+9kSTzI+N6J9dSwGqfnU78mhw36Qy5K3AfsUYEaEywQD7KXbFfdGv0q29sXYZgoS5NcRSxLERgF9uZ4y1sJwxcdMK/iTfvWaN3n/iaspkPhbBTKPA35kASGHKoTSi+u+OKWp0vhdyqYCJNwTglq3jzdDagleaYGZ9NMYFyFbB+YXukW4ijWsYMyHYsh2oXT0kaX5zr6+WWXd4PSO5AblrsutA3Je0wGptCf7e8VkxEQyRVKCPkPu7t7ke8QMr8RghDauxmXHDmYXxPh9nF9jrYUzwMgrbt/vVo333FvvAQ64klLWj1JxXmyMCc8cBhZscPVChL2T7+G4t5LXZy2jVlo/c0Gn9dbGpagDPb0qwnt9Ecs6dX8OK314YoclrvnM52sMcrYulWNLvb8RB1k9RY2oT6IOgkjZT3JuAczfEKrmfStf5sR7S7xCYnu1L/dsj0Rnk6nUURwC36pPoAfhTcEp9i413F7vulhUfnwsO3Z2gW+VtC8zvaWKfUhdc96DgwBdVg24ahNniYilqzfRgUwV/M/HnpGoMnA+1hRrV8UYusaLT3rwpHOxp3+G2XFIu7MizRQ==}} [preauth]
4140 2020-02-28 17:16:48.147 debug1: userauth_pubkey: test pkalg rsa-sha2-512 pkblob RSA {{keep:SHA256:er4Hn6mfUpc8MaMhN0PK8AqX/59FkIeDvWyU4XxIl4s}} [preauth]
4140 2020-02-28 17:16:48.147 debug3: mm_key_allowed entering [preauth]
4140 2020-02-28 17:16:48.147 debug3: mm_request_send entering: type 22 [preauth]
4140 2020-02-28 17:16:48.147 debug3: mm_key_allowed: waiting for MONITOR_ANS_KEYALLOWED [preauth]
4140 2020-02-28 17:16:48.147 debug3: mm_request_receive_expect entering: type 23 [preauth]
""",
    ),
    (
        "https://github.com/BeyondTrust/pbis-open/issues/104",
        ".txt",
        r"""$ sudo mount -t cifs -o user=[[user:admin-teodor]],domain=dev.local //ubuntu.dev.local/Ubuntu-Public /mnt
[sudo] password for DEV\[[user:admin-teodor]]:
Password for [[user:admin-teodor]]@//ubuntu.dev.local/Ubuntu-Public:  *********************
mount error(13): Permission denied
Refer to the mount.cifs(8) manual page (e.g. man mount.cifs)
""",
    ),
    (
        "https://github.com/rapid7/metasploit-framework/pull/8036",
        ".txt",
        r""" 952   2800  powershell.exe                             x64   1        EN2012\[[user:rcollins]]               C:\Windows\System32\WindowsPowerShell\v1.0\powershell.exe
 972   464   svchost.exe                                x64   0        NT AUTHORITY\{{keep:NETWORK SERVICE}}  C:\Windows\system32\svchost.exe
 1100  464   vds.exe                                    x64   0        NT AUTHORITY\{{keep:SYSTEM}}           C:\Windows\System32\vds.exe
 1184  952   conhost.exe                                x64   1        EN2012\[[user:rcollins]]               C:\Windows\system32\conhost.exe
 1244  464   spoolsv.exe                                x64   0        NT AUTHORITY\{{keep:SYSTEM}}           C:\Windows\System32\spoolsv.exe
 1276  464   Microsoft.ActiveDirectory.WebServices.exe  x64   0        NT AUTHORITY\{{keep:SYSTEM}}           C:\Windows\ADWS\Microsoft.ActiveDirectory.WebServices.exe
 1308  3036  powershell.exe                             x64   0        NT AUTHORITY\{{keep:SYSTEM}}           C:\Windows\System32\WindowsPowerShell\v1.0\powershell.exe
""",
    ),
    # ---- database logins: MySQL, PostgreSQL, SQL Server ------------------------------------------------
    (
        "https://github.com/phpmyadmin/phpmyadmin/issues/17343",
        ".txt",
        r"""mysqli::real_connect(): (HY000/1045): Access denied for user '[[user:J42]]'@'localhost' (using password: YES)
""",
    ),
    (
        "https://github.com/TablePlus/TablePlus/issues/876",
        ".txt",
        r"""FATAL: role "[[user:Lorianne]]" does not exist
Database is disconnected. Tap to reconnect.
FATAL: role "[[user:Lorianne]]" does not exist
""",
    ),
    (
        "https://github.com/PostgresApp/PostgresApp/issues/648",
        ".txt",
        r"""failed: FATAL: role "[[user:samkowalz]]" does not exist

$ psql -U {{keep:postgres}}
""",
    ),
    (
        "https://github.com/IIC2143/Syllabus-2022-2/issues/32",
        ".txt",
        r"""$ rails s
PG::ConnectionBad: FATAL:  role "[[user:pili]]" does not exist
""",
    ),
    (
        "https://github.com/mtxr/vscode-sqltools/issues/67",
        ".txt",
        r""""sqltools.connections": [
        {
            "name": "Test",
            "server": "svr-t-evasql01.otapp.local",
            "dialect": "MSSQL",
            "port": 1433,
            "database": "EvaSfh",
            "username": "domainname\[[user:Hendrikp]]",
            "askForPassword": false,
            "connectionTimeout": 60
        }
    ]

Query error: { ConnectionError: Login failed for user 'domainname\[[user:Hendrikp]]\'.
    at ConnectionError (C:\Users\[[user:hendrikp]]{{keep:\.vscode\extensions\mtxr.sqltools-0.12.0\node_modules\tedious\lib\errors.js}}:12:12)
""",
    ),
    # ---- sudo and git pushes that name the login ------------------------------------------------------
    (
        "https://github.com/MustangYM/WeChatExtension-ForMac/issues/745",
        ".txt",
        r"""[[user:norvaladmin4]] is not in the sudoers file. This incident will be reported.
""",
    ),
    (
        "https://github.com/trilbymedia/grav-plugin-git-sync/issues/195",
        ".txt",
        r"""remote: Permission to WebAssembly/website.git denied to [[user:rameshkothar]].
fatal: unable to access 'https://github.com/WebAssembly/website/': The requested URL returned error: 403
""",
    ),
    (
        "https://github.com/foundation/foundation-sites/issues/8146",
        ".txt",
        r"""remote: Permission to zurb/foundation-zurb-template.git denied to [[user:kmr07]].
fatal: unable to access 'https://github.com/zurb/foundation-zurb-template.git/': The requested URL returned error: 403

git remote remove origin
git remove add origin https://github.com/{{keep:user}}/repo.git
""",
    ),
    (
        "https://github.com/zero-to-mastery/ZtM-Job-Board/issues/2531",
        ".txt",
        r"""remote: Permission to zero-to-mastery/ZtM-Job-Board.git denied to [[user:Rafi419]].
fatal: unable to access 'https://github.com/zero-to-mastery/ZtM-Job-Board.git/': The requested URL returned error: 403
""",
    ),
    (
        "https://github.com/lwfinger/rtl8188eu/pull/432",
        ".txt",
        r"""$ echo hello > hello.txt
$ git add hello.txt
$ git commit -s -m "Hello commit"
$ git log
commit {{keep:33577d684fd7abae71ef20d682c70f500d25a82c}} (HEAD -> master)
Author: [[user:Matteo Ferrini]] <[[email:matteo.ferrini@ferriniengineering.com]]>
Date:   Mon Nov 28 23:11:42 2022 +0100

    Hello commit
    
    Signed-off-by: [[user:Matteo Ferrini]] <[[email:matteo.ferrini@ferriniengineering.com]]>

$ git commit --amend --author="[[user:Matteo Ferrini]] <[[email:matteo.ferrini@ferriniengineering.com]]>"
""",
    ),
    # ---- naming nobody: fixture and default accounts, masked values, public ids and keys ---------------
    (
        "https://github.com/kanidm/libkrimes/pull/18",
        ".txt",
        r"""$ KRB5_CONFIG=$(pwd)/kdc_test/krb5.conf kinit {{keep:testuser@EXAMPLE.COM}}
Password for {{keep:testuser@EXAMPLE.COM}}:

$ klist -c /tmp/krb5cc_1000 -f -e -d -an
Ticket cache: FILE:/tmp/krb5cc_1000
Default principal: {{keep:testuser@EXAMPLE.COM}}

Valid starting     Expires            Service principal
03/10/24 12:41:18  03/10/24 16:41:18  krbtgt/EXAMPLE.COM@EXAMPLE.COM
        renew until 10/10/24 12:41:15, Flags: R
        Etype (skey, tkt): aes256-cts-hmac-sha1-96, aes256-cts-hmac-sha1-96 , AD types:
        Addresses: (none)
""",
    ),
    (
        "https://github.com/SSSD/sssd/issues/5377",
        ".txt",
        r"""[root@redos-client-s3 tmp]# KRB5_TRACE=/dev/stdout kinit -X X509_user_identity='PKCS11:module_name=/lib64/libjcPKCS11-2.so:token=jacarta:certid={{keep:7B64396136366430622D623933302D343663652D613730662D3333616364303866376362617D}}' {{keep:user1@PKI.TEST}}
[2510] 1605099563.380987: pkinit_init_plg_crypto: initializing openssl crypto context at 0x5615ab4bacb0

[2510] 1605099563.380988: pkinit_client_plugin_init: returning plgctx at 0x5615ab497a70

[2510] 1605099563.380990: Getting initial credentials for {{keep:user1@PKI.TEST}}
[2510] 1605099563.380991: pkinit_init_req_crypto: returning ctx at 0x5615ab4bc360

[2510] 1605099563.380995: Sending unauthenticated request
[2510] 1605099563.380996: Sending request (196 bytes) to PKI.TEST
[2510] 1605099563.380997: Sending initial UDP request to dgram 192.168.43.21:88
[2510] 1605099563.380998: Received answer (251 bytes) from dgram 192.168.43.21:88
[2510] 1605099563.380999: Response was from master KDC
""",
    ),
    (
        "https://github.com/PowerShell/openssh-portable/pull/395",
        ".txt",
        r"""16896 2019-09-14 19:10:12.904 debug3: mm_answer_keyallowed: publickey authentication test: RSA key is allowed
16896 2019-09-14 19:10:12.904 debug3: mm_request_send entering: type 23
16896 2019-09-14 19:10:12.904 debug3: send packet: type 60 [preauth]
16896 2019-09-14 19:10:12.904 debug2: userauth_pubkey: authenticated 0 pkalg rsa-sha2-512 [preauth]
16896 2019-09-14 19:10:12.918 Postponed publickey for {{keep:myname@mydomain.net}} from 172.18.196.34 port 43800 ssh2 [preauth]
16896 2019-09-14 19:10:12.918 debug3: receive packet: type 50 [preauth]
16896 2019-09-14 19:10:12.918 debug1: userauth-request for user {{keep:myname@mydomain.net}} service ssh-connection method publickey [preauth]
16896 2019-09-14 19:10:12.918 debug1: attempt 2 failures 0 [preauth]
16896 2019-09-14 19:10:12.918 debug2: input_userauth_request: try method publickey [preauth]
16896 2019-09-14 19:10:12.918 debug2: userauth_pubkey: valid user {{keep:myname@mydomain.net}} attempting public key rsa-sha2-512 {{keep:AAAAB3NzaC1yc2EAAAADAQABAAACAQD6LaLrlGXq4CNGoYZcRdkzFktCH0RQlrHi7uzuNcCVOuH2PBsjUmgCbQayAryL9JI6SvcBK2WBMw+RrwpUty79h2hiQfuMRo5cjATGkHXx9iBFNNxE5BtRJgJSoaB9sIIR5+QHT/IIzK/Z}}
""",
    ),
    (
        "https://github.com/TheJumpCloud/support/issues/640",
        ".txt",
        r"""> Get-JCSystemInsights -systemid $sysid -Table User | ? { $_.Username -like "{{keep:Administrator}}" } | ? { ! $_.Suspended }

AdManaged      : False
Admin          : True
CollectionTime : 2025-01-20T09:21:50.797Z
Description    : Built-in account for administering the computer/domain
Directory      :
Gid            : 544
GidSigned      : 544
LastLogin      : -1
Managed        : False
RealUser       : True
Shell          : C:\Windows\system32\cmd.exe
Suspended      : False
SystemId       : {{keep:<removed>}}
Type           : local
Uid            : 500
UidSigned      : 500
Username       : {{keep:Administrator}}

Name               Enabled Description
----               ------- -----------
{{keep:Administrator}}      False   Built-in account for administering the computer/domain
""",
    ),
    (
        "https://github.com/openenergymonitor/emonpi/issues/46",
        ".txt",
        r"""$ ssh {{keep:pi}}@emonpi
{{keep:pi}}@emonpi's password:  {{keep:emonpi2016}}
Permission denied, please try again.
""",
    ),
    (
        "https://github.com/coreos/bugs/issues/1626",
        ".txt",
        r"""ip-10-74-131-157 ~ # journalctl -u "user@0.service" --no-pager
-- No entries --
ip-10-74-131-157 ~ # systemctl status user@0.service
● user@0.service - User Manager for UID 0
   Loaded: loaded (/usr/lib/systemd/system/user@.service; static; vendor preset: disabled)
   Active: failed (Result: start-limit-hit) since Fri 2016-10-21 06:51:37 UTC; 1 weeks 3 days ago
 Main PID: 2682 (code=exited, status=0/SUCCESS)
   Status: "Startup finished in 5ms."

{{keep:core}}@ip-10-74-185-13 ~ $ sudo -i
Failed Units: 6
  session-c19.scope
  session-c21.scope
  session-c23.scope
  session-c25.scope
  cfn-signal@10.74.185.13.service
  user@0.service
ip-10-74-185-13 ~ # journalctl -u "user@0.service" --no-pager
-- Logs begin at Wed 2016-10-26 17:36:48 UTC, end at Mon 2016-10-31 16:33:39 UTC. --
Oct 28 13:36:56 ip-10-74-185-13.ec2.internal systemd[1]: Starting User Manager for UID 0...
""",
    ),
    (
        "https://github.com/cronie-crond/cronie/issues/212",
        ".txt",
        r"""May 09 23:28:00 supermicro-cse847 crond[1753]: (*system*) RELOAD (/etc/crontab)
May 09 23:28:00 supermicro-cse847 CROND[3048474]: ({{keep:root}}) CMD (/bin/bash -c "echo 'cron mail test'; exit 1")
May 09 23:28:00 supermicro-cse847 CROND[3048473]: ({{keep:root}}) CMDOUT (cron mail test)
May 09 23:28:00 supermicro-cse847 CROND[3048473]: ({{keep:root}}) CMDEND (/bin/bash -c "echo 'cron mail test'; exit 1")
...
May 09 23:30:14 supermicro-cse847 crond[1753]: (CRON) INFO (Shutting down)
...
May 09 23:30:14 supermicro-cse847 crond[3048697]: (CRON) STARTUP (1.7.2)
May 09 23:30:14 supermicro-cse847 crond[3048697]: (CRON) INFO (RANDOM_DELAY will be scaled with factor 92% if used.)
May 09 23:30:14 supermicro-cse847 crond[3048697]: (CRON) INFO (running with inotify support)
...
May 09 23:31:00 supermicro-cse847 crond[3048697]: (*system*) RELOAD (/etc/crontab)
""",
    ),
    (
        "https://github.com/kubernetes-csi/csi-driver-smb/issues/162",
        ".txt",
        r"""MountVolume.MountDevice failed for volume "{{keep:pvc-4b279c86-e427-4c8c-8cd2-6b5e8f5ef119}}" : rpc error: code = Internal desc = volume({{keep:pvc-4b279c86-e427-4c8c-8cd2-6b5e8f5ef119}}) mount "//server/SHARE" on "/var/lib/kubelet/plugins/kubernetes.io/csi/pv/{{keep:pvc-4b279c86-e427-4c8c-8cd2-6b5e8f5ef119}}/globalmount" failed with mount failed: exit status 32
Mounting command: mount
Mounting arguments: -t cifs -o {{keep:<masked>}} //server/SHARE /var/lib/kubelet/plugins/kubernetes.io/csi/pv/{{keep:pvc-4b279c86-e427-4c8c-8cd2-6b5e8f5ef119}}/globalmount
Output: mount error(13): Permission denied
""",
    ),
    (
        "https://github.com/Azure/azure-powershell/issues/10767",
        ".txt",
        r"""DEBUG: ============================ HTTP REQUEST ============================

HTTP Method:
GET

Absolute Uri:
https://management.azure.com/tenants?api-version=2016-06-01

Headers:
x-ms-client-request-id        : {{keep:93568c2f-f375-445a-a2e6-999e6f6a7b19}}
accept-language               : en-US

DEBUG: ============================ HTTP RESPONSE ============================

Status Code:
OK

Headers:
Pragma                        : no-cache
x-ms-ratelimit-remaining-tenant-reads: 11998
x-ms-request-id               : {{keep:cebfd4cf-1b35-45d5-a0ce-5010b9ad9277}}
x-ms-correlation-request-id   : {{keep:cebfd4cf-1b35-45d5-a0ce-5010b9ad9277}}
x-ms-routing-request-id       : UKSOUTH2:20191223T200019Z:{{keep:cebfd4cf-1b35-45d5-a0ce-5010b9ad9277}}
Strict-Transport-Security     : max-age=31536000; includeSubDomains
X-Content-Type-Options        : nosniff
Cache-Control                 : no-cache
Date                          : Mon, 23 Dec 2019 20:00:18 GMT

Body:
{
  "value": [
    {
      "id": "/tenants/{{keep:d6ad82f3-42af-4a15-ac1e-49e6c08f624e}}",
      "tenantId": "{{keep:d6ad82f3-42af-4a15-ac1e-49e6c08f624e}}"
    },
    {
      "id": "/tenants/{{keep:8689a797-3bfc-4804-afaf-ee777759a7d1}}",
      "tenantId": "{{keep:8689a797-3bfc-4804-afaf-ee777759a7d1}}"
    }
  ]
}
""",
    ),
    (
        "https://github.com/shimataro/ssh-key-action/issues/273",
        ".txt",
        r"""Run if [ "refs/heads/4-implement-workflows" = "refs/heads/main" ]; then
  if [ "refs/heads/4-implement-workflows" = "refs/heads/main" ]; then
    rsync -avz dist/ {{keep:***}}@***:***
  else
    rsync -avz dist/ ***@***:***
  fi
  shell: /usr/bin/bash -e {0}
Host key verification failed.
rsync: connection unexpectedly closed (0 bytes received so far) [sender]
rsync error: unexplained error (code 255) at io.c(231) [sender=3.2.7]
Error: Process completed with exit code 255.
""",
    ),
]


# The stop-70 collection (batch 70, collected at stop 50 under scrubber 1.30.0): excerpts of files
# committed in public repositories, of kinds batches 61, 62, 64 and 67 did not take (gh's
# hosts.yml, hub's config, Docker's config.json with auths, Jupyter's jupyter_notebook_config.py,
# .Renviron, .condarc, pip.conf, .wgetrc, .curlrc, a Vagrantfile), scored once, per part, blind, no
# rule changed (tests/outside_corpus/SOURCE.md, "The stop-70 collection").
_RAW_STOP70: list[tuple[str, str, str]] = [
    # ---- GitHub CLI: ~/.config/gh/hosts.yml ------------------------------------------------------
    (
        "https://github.com/0x61726b/dots/blob/093d5f9420b32d339e824c9adb272d1b29dff217/.config/gh/hosts.yml",
        ".yaml",
        r"""github.com:
    user: "[[user:0x6d6e71]]"
    git_protocol: https
""",
    ),
    (
        "https://github.com/12345678yussy/Yousra/blob/9014c69e7b5155ed9bceef2f09f5de1ba68881a7/.config/gh/hosts.yml",
        ".yaml",
        r"""github.com:
    oauth_token: [[secret:ghp_IVRMjs3HSKwE4gkWbk8UF9qCGZW6femH9f5t]]
    user: [[user:58203917mirna]]
    git_protocol: ssh
""",
    ),
    (
        "https://github.com/178me/My_Arch/blob/348eb556d2f68359a3ab4b99a028e8c73dcf294a/.config/gh/hosts.yml",
        ".yaml",
        r"""github.com:
    user: [[user:592kq]]
    oauth_token: [[secret:gho_oPXQrNuIPK8luJgqYISdTqogbvTQOhep0iPT]]
    git_protocol: ssh
""",
    ),
    (
        "https://github.com/27Saumya/dotfiles/blob/5fc1617c8e8b927d2a5e0e089775d2c65c107431/.config/gh/hosts.yml",
        ".yaml",
        r"""github.com:
    git_protocol: ssh
    users:
        [[user:53Kavita]]:
        [[user:kavity]]:
    user: [[user:kavity]]
""",
    ),
    (
        "https://github.com/2zcory/dotfiles/blob/3bb26abfb455b75d51c97bcfd4b1a68784b44830/.config/gh/hosts.yml",
        ".yaml",
        r"""github.com:
    git_protocol: ssh
    users:
        [[user:7mbrie]]:
    user: [[user:7mbrie]]
""",
    ),
    (
        "https://github.com/7567491/Feishu_ClaudeCode/blob/3cdf3ea996a5374acaa73d7f119789ed8e17f86a/.config/gh/hosts.yml",
        ".yaml",
        r"""github.com:
    users:
        "[[user:3918264]]":
            oauth_token: [[secret: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]]
    oauth_token: [[secret: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]]
    user: "[[user:3918264]]"
""",
    ),
    # ---- hub: ~/.config/hub (40-hex OAuth tokens) ----------------------------------------------------
    (
        "https://github.com/Br1ght0ne/dotfiles/blob/fc6609254fcd2eccd3a9eec63da9e4028b18292d/.config/hub",
        ".yaml",
        r"""github.com:
- user: [[user:dorimax31]]
  oauth_token: [[secret:3d55a60240349a1be1d7d330fd1721a17db67174]]
  protocol: https
""",
    ),
    (
        "https://github.com/Horhik/dotfiles/blob/45cee84ee778f9a66c8176e034dd2feb01356715/.config/hub",
        ".yaml",
        r"""github.com:
- user: [[user:Vesmir]]
  oauth_token: [[secret:3b13d9f445849a5ad847108b85428868d0fb0ba3]]
  protocol: https
""",
    ),
    (
        "https://github.com/MrZukasa/PowerShell-config/blob/3b09819e71824c191a8bbc2daae6e5e356677ff9/.config/hub",
        ".yaml",
        r"""github.com:
- user: [[user:JoPerlak]]
  oauth_token: {{keep:[token generated from https://github.com/settings/tokens]}}
  protocol: https
""",
    ),
    # ---- Docker: ~/.docker/config.json (auths: base64 of login:password) -----------------------------
    (
        "https://github.com/DenverM80/settings/blob/9fd8ece5167c926c72408177b944aa846553a7ca/.docker/config.json",
        ".json",
        r"""{
	"auths": {
		"https://index.docker.io/v1/": {
			"auth": "[[secret:Y2FybG9zYjQ3OjV0Z2I2eWhu]]",
			"email": "[[email:carlos.becker@gmail.com]]"
		}
	}
}""",
    ),
    (
        "https://github.com/123vidy/Vidyasagar-CICD-PROJECT/blob/223ea27b4d9815f153ffa552d038bcce593e6c4c/.docker/config.json",
        ".json",
        r"""{
	"auths": {
		"https://index.docker.io/v1/": {
			"auth": "[[secret:cmFtYWtyaXNobmExOTpLcmlzaEA0NTIx]]"
		}
	}
}""",
    ),
    (
        "https://github.com/Anshi-devops/commit-repo/blob/8431d473e66dc66b7608ad9237e73deb4e00d38f/.docker/config.json",
        ".json",
        r"""{
	"auths": {
		"https://index.docker.io/v1/": {
			"auth": "[[secret:c2luZ2gucHJpeWExOTk5QGdtYWlsLmNvbTpyb2hpbmktZGV2b3Bz]]"
		}
	}
}""",
    ),
    (
        "https://github.com/AlbertSuarez/dotfiles/blob/23b8c66041b029c2e2bfcafacf84c01e098a3964/.docker/config.json",
        ".json",
        r"""{
  "HttpHeaders" : {
    "User-Agent" : "Docker-Client/19.03.8 (darwin)"
  },
  "credsStore" : "desktop",
  "stackOrchestrator" : "swarm",
  "experimental" : "disabled",
  "auths" : {
    "docker.pkg.github.com" : {

    }
  }
}
""",
    ),
    (
        "https://github.com/154562edmck/mini-shop/blob/26f86e5340847a077d169829303537a78b679243/.docker/config.json",
        ".json",
        r"""{
  "proxies": {
    "default": {
      "httpProxy": "http://127.0.0.1:7890",
      "httpsProxy": "http://127.0.0.1:7890",
      "noProxy": "localhost,127.0.0.1"
    }
  },
  "registry-mirrors": [
    "https://docker.mirrors.ustc.edu.cn",
    "https://hub-mirror.c.163.com",
    "https://mirror.baidubce.com"
  ]
}
""",
    ),
    # ---- Jupyter: ~/.jupyter/jupyter_notebook_config.py (sha1 password hashes) -----------------------
    (
        "https://github.com/Gandor26/BASHRC/blob/87ae3f718ed8e771469e087cc47cd68e733daafe/.jupyter/jupyter_notebook_config.py",
        ".txt",
        r"""## The full path to an SSL/TLS certificate file.
c.NotebookApp.certfile = '/home/[[user:zhaoming]]{{keep:/.jupyter/mycert.pem}}'

## The IP address the notebook server will listen on.
c.NotebookApp.ip = '*'

## The full path to a private key file for usage with SSL/TLS.
c.NotebookApp.keyfile = '/home/[[user:zhaoming]]{{keep:/.jupyter/mykey.key}}'

## Whether to open in a browser after starting. The specific browser used is
#  platform dependent and determined by the python standard library `webbrowser`
#  module, unless it is overridden using the --browser (NotebookApp.browser)
#  configuration option.
c.NotebookApp.open_browser = False

## Hashed password to use for web authentication.
#
#  To generate, type in a python/IPython shell:
#
#    from notebook.auth import passwd; passwd()
#
#  The string should be of the form type:salt:hashed-password.
c.NotebookApp.password = '[[secret:sha1:97b9b660cb15:05ba6e9d76434c8fb0cb95baeb510a661452a765]]'

## The port the notebook server will listen on.
c.NotebookApp.port = 9999
""",
    ),
    (
        "https://github.com/H-Yin/linux_workspace_setting/blob/3c0247e0f5e87b01834de9bd62fd2fdbd18581c0/.jupyter/jupyter_notebook_config.py",
        ".txt",
        r"""## The full path to an SSL/TLS certificate file.
c.NotebookApp.certfile = os.environ['HOME'] + '/.jupyter/cert.pem'

## The full path to a private key file for usage with SSL/TLS.
c.NotebookApp.keyfile = os.environ['HOME'] + '/.jupyter/cert.key'

## The directory to use for notebooks and kernels.
c.NotebookApp.notebook_dir = '/home/{{keep:ec2-user}}'

## Whether to open in a browser after starting. The specific browser used is
#  platform dependent and determined by the python standard library `webbrowser`
#  module, unless it is overridden using the --browser (NotebookApp.browser)
#  configuration option.
c.NotebookApp.open_browser = False

## Hashed password to use for web authentication.
#  
#  To generate, type in a python/IPython shell:
#  
#    from notebook.auth import passwd; passwd()
#  
#  The string should be of the form type:salt:hashed-password.
c.NotebookApp.password = '[[secret:sha1:446c94e6f2b8:4fbfca2cffa62920d59e782b41be00a03b90d992]]'

## The port the notebook server will listen on.
c.NotebookApp.port = 8888
""",
    ),
    (
        "https://github.com/JJK96/dotfiles/blob/57c7ea363bae7cca1f93b0ddc5bb4bdf32eca131/.jupyter/jupyter_notebook_config.py",
        ".txt",
        r"""## The IP address the notebook server will listen on.
c.NotebookApp.ip = '0.0.0.0'

## Hashed password to use for web authentication.
#  
#  To generate, type in a python/IPython shell:
#  
#    from notebook.auth import passwd; passwd()
#  
#  The string should be of the form type:salt:hashed-password.
#c.NotebookApp.password = ''

## Token used for authenticating first-time connections to the server.
#  
#  When no password is enabled, the default is to generate a new, random token.
#  
#  Setting to an empty string disables authentication altogether, which is NOT
#  RECOMMENDED.
#c.NotebookApp.token = '{{keep:<generated>}}'
""",
    ),
    # ---- R: .Renviron ----------------------------------------------------------------------------------
    (
        "https://github.com/AliSajid/dotfiles/blob/980080611d67f29a3593030f12a08dc76986a486/.Renviron",
        ".txt",
        r"""GITHUB_PAT=[[secret:ghp_cs7cfbeBgL3txF2IzM63cvxQihSKY9vjLY9K]]
""",
    ),
    (
        "https://github.com/18kimn/black-owned-restaurants/blob/fa96d4497f117cfee4a22ed3d0b11cd5424b93a3/.Renviron",
        ".txt",
        r"""MAPS_KEY=[[secret:AIzaC7oHn5D0USvd-Vc20iBhf0My4GJOAZ9F_CC]]""",
    ),
    (
        "https://github.com/1Ramirez7/Portfolio_/blob/3c7acea354511ca32b97032de7d7b8c5fbe9e0ab/.Renviron",
        ".txt",
        r"""QUARTO_PYTHON=C:/git/Portfolio_/.venv/Scripts/python.exe
TINYTEXT_ROOT=C:/git/Portfolio_/.venv/TinyTeX

""",
    ),
    # ---- conda, pip, wget, curl, Vagrant: configuration naming nobody -------------------------------
    (
        "https://github.com/A12-RUI/.condarc/blob/9e3fdd0772e90838d5277146d330e01db294fa5f/.condarc",
        ".yaml",
        r"""channels:
  - defaults
show_channel_urls: true
default_channels:
  - http://mirrors.tuna.tsinghua.edu.cn/anaconda/pkgs/main
  - http://mirrors.tuna.tsinghua.edu.cn/anaconda/pkgs/free
  - http://mirrors.tuna.tsinghua.edu.cn/anaconda/pkgs/r
custom_channels:
  conda-forge: http://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud
  msys2: http://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud
  bioconda: http://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud
  menpo: http://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud
  pytorch: http://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud
  simpleitk: http://mirrors.tuna.tsinghua.edu.cn/anaconda/cloud
""",
    ),
    (
        "https://github.com/178me/dotfiles/blob/67e5f56e56fda6cfb01e384ac00aa4f49c0fef3c/pip.conf",
        ".txt",
        r"""[global]
timeout = 6000
/* index-url = https://mirrors.aliyun.com/pypi/simple/ */
trusted-host = mirrors.aliyun.com
""",
    ),
    (
        "https://github.com/2ec0b4/macos-preferences/blob/c56c9419d9db4d5b1bbd1afe89d2d1d7cdc94b8b/.wgetrc",
        ".txt",
        r"""# Use the server-provided last modification date, if available
timestamping = on

# Do not go up in the directory structure when downloading recursively
no_parent = on

# Wait 60 seconds before timing out. This applies to all timeouts: DNS, connect and read. (The default read timeout is 15 minutes!)
timeout = 60

# Retry a few times when a download fails, but don’t overdo it. (The default is 20!)
tries = 3

# Don't print the HTTP and FTP server responses
server_response = off

# Disguise as IE 9 on Windows 7
user_agent = Mozilla/5.0 (compatible; MSIE 9.0; Windows NT 6.1; Trident/5.0)
""",
    ),
    (
        "https://github.com/ErshovSergey/login-notify/blob/202fd9ccd1f0be45dd3b13955c87bee20daa9c47/.curlrc",
        ".txt",
        r"""```
#proxy=11.22.33.44:5555
#socks5 = 11.22.33.44:5555
socks4 = 11.22.33.44:5555
#proxy-user = {{keep:username:password}}
#user-agent = "Mozilla/5.0 (X11; Linux i686; rv:7.0.1) Gecko/20100101 Firefox/7.0.1"
```
""",
    ),
    (
        "https://github.com/BowlingX/commentp/blob/01148f1467fddc6fff892efa02052f3e4d649dcf/Vagrantfile",
        ".txt",
        r"""Vagrant.configure(2) do |config|
  # The most common configuration options are documented and commented below.
  # For a complete reference, please see the online documentation at
  # https://docs.vagrantup.com.

  config.vm.network "private_network", ip: "192.168.33.10"

  # Every Vagrant development environment requires a box. You can search for
  # boxes at https://atlas.hashicorp.com/search.
  config.vm.box = "parallels/boot2docker"

  config.vm.synced_folder "{{keep:/Users}}", "{{keep:/Users}}", type: "nfs", mount_options: ["nolock", "vers=3", "udp"], id: "nfs-sync"
""",
    ),
]


# The stop-71 collection (batch 71, collected at stop 50 under scrubber 1.31.0): excerpts of public
# threads aimed, as batches 60, 68 and 69, at user names elsewhere than in paths (git log and tig,
# .gitconfig, pg_hba, AWS and Alibaba Cloud caller identities, ps -f, smbclient -U and its Node
# options, a keys-file grep) and at damage (Kerberos debug, docker login warnings, default database
# accounts, masked service logons, test credentials, public keys, request ids, commit hashes).
_RAW_STOP71: list[tuple[str, str, str]] = [
    # ---- git log, tig and .gitconfig ----------------------------------------------------------------
    (
        "https://github.com/jonas/tig/issues/526",
        ".txt",
        r"""```
2016-09-19 16:44 [[user:Dénes Marosiak]] o [master] Second
2016-09-19 16:43 [[user:Dénes Marosiak]] I Initial commit
```

``` bash
git config user.name '{{keep:Foo Bar}}'
```

```
2016-09-19 16:45 {{keep:Foo Bar}} o [master] Changed username
2016-09-19 16:44 {{keep:Foo Bar}} o Second
2016-09-19 16:43 {{keep:Foo Bar}} I Initial commit
```

```
commit {{keep:4e929703b957fe0f4cea807ec9b063b5829f6061}}
Author: {{keep:Foo Bar}} <[[email:denes.marosiak@norrberg.com]]>
Date:   Mon Sep 19 16:45:20 2016 +0200

    Changed username

commit {{keep:146fdfcd044adf97c562aacc3f931377d67913ae}}
Author: [[user:Dénes Marosiak]] <[[email:denes.marosiak@norrberg.com]]>
Date:   Mon Sep 19 16:44:28 2016 +0200

    Second

commit {{keep:6d42a2c099929e568a3c56f9cdc5d58b22871083}}
Author: [[user:Dénes Marosiak]] <[[email:denes.marosiak@norrberg.com]]>
Date:   Mon Sep 19 16:43:03 2016 +0200

    Initial commit
```
""",
    ),
    (
        "https://github.com/tsember/freight-portal/issues/64",
        ".txt",
        r"""```
cat ~/.gitconfig

[user]
  name = [[user:Neil Harbon]]
  email = [[email:nhharbon@gmail.com]]

[core]
  excludesfile = {{keep:/Users/home/.gitignore_global}}


[alias]
  # Do git unstage <file> to unstage files
  unstage = reset HEAD

  lg = log --pretty=format:\"%h (%an)    %s\" -60
  pl = 'pull --rebase'
  co = checkout
```

[user]
 name = [[user:Ray Harbon]]
 email = [[email:ray.harbon@gmail.,com]]
""",
    ),
    # ---- database logins: pg_hba, psql ----------------------------------------------------------------
    (
        "https://github.com/jorgealmerio/QWater/issues/2",
        ".txt",
        r"""./init_qwat.sh -p qwat -s 21781 -d -r
psql: FATAL:  password authentication failed for user "-v"

host all city-ad/[[user:kbrandl]] 127.0.0.1/32 sspi include_realm=0
""",
    ),
    (
        "https://github.com/MIT-LCP/mimic-code/issues/1060",
        ".txt",
        r"""make create-user mimic datadir="/home/[[user:oliverzhanghao]]{{keep:/physionet.org/files/mimiciii/1.4}}"

psql: error: FATAL:  password authentication failed for user "{{keep:postgres}}"
""",
    ),
    (
        "https://github.com/brianc/node-postgres/issues/1511",
        ".txt",
        r"""at Connection.parseE (/Users/[[user:liuqing]]{{keep:/Documents/github/recordApp/node_modules/pg/lib/connection.js}}:546:11)
    at Connection.parseMessage (/Users/[[user:liuqing]]{{keep:/Documents/github/recordApp/node_modules/pg/lib/connection.js}}:371:19)
    at Socket.<anonymous> (/Users/[[user:liuqing]]{{keep:/Documents/github/recordApp/node_modules/pg/lib/connection.js}}:114:22)
    at emitOne (events.js:96:13)
    at Socket.emit (events.js:191:7)
  name: 'error',
  length: 104,
  severity: 'FATAL',
  code: '28P01',
  detail: undefined,
  file: 'auth.c',
  line: '307',
  routine: 'auth_failed' }
""",
    ),
    # ---- process owners, SMB logins, a keys file ------------------------------------------------------
    (
        "https://github.com/nokyan/resources/issues/676",
        ".txt",
        r"""```
❯ ps -fp 69603
UID          PID    PPID  C STIME TTY          TIME CMD
[[user:markwell]]   69603   10827  7 09:03 ?        00:06:59 /usr/lib/firefox/firefox
```
```
 TRACE process_data        > Inspecting process 69603…
Uid:	603435659	603435659	603435659	603435659
Gid:	600260513	600260513	600260513	600260513
FDSize:	512
```
""",
    ),
    (
        "https://github.com/ryran/xsos/issues/178",
        ".txt",
        r"""```
PS CHECK
  Total number of threads/processes:
    910 / 258
  Top thread-spawning users:
    USER     PIDS   THREADS
    {{keep:root}}     144    331
    [[user:jfox]]     82     457
    {{keep:gdm}}      26     103
  Top users of CPU & MEM:
    USER     %CPU   %MEM   RSS
    [[user:jfox]]     10.5%  55.9%  4.50 GiB
    {{keep:gdm}}      0.1%   3.8%   0.39 GiB
    {{keep:root}}     0.0%   4.9%   0.53 GiB
    {{keep:polkitd}}  0.0%   0.2%   0.02 GiB
    {{keep:geoclue}}  0.0%   0.2%   0.02 GiB
```
""",
    ),
    (
        "https://github.com/Node-SMB/marsaud-smb2/issues/62",
        ".txt",
        r"""`smbclient \\\\freenas.corp.XXXXX.com\\tamres -W corp.XXXXX.com -U “[[user:gideon.ferreira]]%{{keep:XXXXX}}" -c "ls"`

```
var SMB2 = require('@marsaud/smb2');

// create an SMB2 instance
var smb2Client = new SMB2({share:'\\\\freenas\\tamres', port: 445, domain:'corp.XXXXX.com', username:"[[user:gideon.ferreira]]", password:'{{keep:XXXXX}}'});
```
""",
    ),
    (
        "https://github.com/ghtorrent/ghtorrent.org/issues/434",
        ".txt",
        r"""ssh-keygen -y -f ~/.ssh/gitrsa && wget -O- -q "https://raw.githubusercontent.com/ghtorrent/ghtorrent.org/master/keys.txt" | grep [[user:gradey]]
ssh-rsa {{keep:AAAAB3NzaC1yc2EAAAADAQABAAACAQPbHtzHlzhydU6qSveSdXytP35mcFstFTMcGSAYdimFmLr19/TLmAMBu48PHmHdeyC8PNFIsg/7EqlB4J72HNWO+/a0B6MLbg22iPFRt5S9gKWnKNNcIWP0GUn58jG/u93Yx5/5qqhj5Esvy6bUsb9rqtb9adhVZnIHPcGUJy5LihKXLgHDRK3PNAQ+iHE6BYPoL4M+2GJiuJYlaylEo1lrvyxCiz+SB9fxXhZXDJFD69MmzQzvFvLwP42U+jfwvIPRVMvNKeGaJJk24zdcTyh858aw51Dj5VePBjnlbknzMWtFUo9qFcsxI2FikMA7jmvkTvULUo5uO+leigCWdtejyCUxSHYrKyW2xt40vMPc4U60ieZPGCISj0DiheECdsz0tni4qD6tbGZZQ7RJ5wQC6u1FKeFUTioZMFZTC/e8KL+TsjoXUoDFYQ7ylkyeEqDHt3kpbDcSY0Sot4XD3uNVyPgu3WosmaXlAdVyJtXkDhP2zImxYtCltg3BjVC9w6T/CxiJ/I/CPWFK8gYqvVWudyX751ILFmCaemvbrOfsOvaLTsmCe385YYI7w2moZKDHkS4eCDqBSgxteC65UzJEcyxHNUviU7lwjDJcuRfCQRewKpw0loufHsK0DMPPU8eofkNelve0LGD9EWB4cX0SKjWOhsRokSHP4Y/Tgj3JLS==}}
""",
    ),
    # ---- login records and prompts: who, last, rsync at a bracketed prompt -----------------------------
    (
        "https://github.com/kravietz/pam_tacplus/pull/107",
        ".txt",
        r"""========
.libs/tacc -TRA -u [[user:hanket]] -p {{keep:XXXX}} -s aaa-testing -r [[user:hanke]] -k {{keep:XYZZY}} -S ssh -P ip -y console -L -r ttys020
Authentication OK
Authorization OK: (Service granted)
Accounting: START OK
Accounting: STOP OK
Prior to removing user
[[user:hanket]]   console  Jan  3 14:14 	(dialup)
[[user:hanke]]    console  Dec 13 10:13
[[user:hanke]]    ttys000  Dec 13 10:16
[[user:hanke]]    ttys001  Dec 15 11:16
Cleaned up utmpx
After removing user
[[user:hanke]]    console  Dec 13 10:13
[[user:hanke]]    ttys000  Dec 13 10:16
[[user:hanke]]    ttys001  Dec 15 11:16
""",
    ),
    (
        "https://github.com/sddm/sddm/issues/748",
        ".txt",
        r"""```
reboot   system boot  4.4.27-2-default Sun Nov 27 12:33 - 00:22  (11:49)     
[[user:Tobias]]   pts/0        :0               Sat Nov 26 20:51 - 20:57  (00:05)     
reboot   system boot  4.4.27-2-default Sat Nov 26 12:56 - 00:22 (1+11:26)    
reboot   system boot  4.4.27-2-default Fri Nov 25 10:26 - 00:22 (2+13:56)    
reboot   system boot  4.4.27-2-default Thu Nov 24 09:26 - 09:48  (00:21)     
[[user:nuno]]     pts/0        192.168.76.27    Wed Nov 23 18:29 - 18:30  (00:00)     
reboot   system boot  4.4.27-2-default Wed Nov 23 16:12 - 09:48  (17:36)     
```
""",
    ),
    (
        "https://github.com/RobertsLab/resources/issues/1582",
        ".txt",
        r"""```
[[[user:kt417]]@mox1 becker]$ rsync -avz [[user:kt417]]@gannet.fish.washington.edu:/volume2/web/Atumefaciens/[[user:ksolano]]-Becker_E5/WGBS_Becker_E5/Becker_WGBS/reference_genome .
[[user:kt417]]@gannet.fish.washington.edu's password: 
Permission denied, please try again.
```
""",
    ),
    # ---- naming nobody: Kerberos debug, docker login, default and test accounts, masked logons ------
    (
        "https://github.com/trinodb/trino/pull/8987",
        ".txt",
        r"""```
...
>>> KrbCreds found the default ticket granting ticket in credential cache.
>>> Obtained TGT from LSA: Credentials:
      client=y
      server={{keep:krbtgt/REALM@REALM}}
    authTime=20210826085446Z
   startTime=20210826085446Z
     endTime=20210826185446Z
   renewTill=null
       flags=FORWARDABLE;INITIAL;PRE-AUTHENT
EType (skey)=18
   (tkt key)=18
Principal is y
Commit Succeeded
...
```
""",
    ),
    (
        "https://github.com/docker-library/postgres/issues/679",
        ".txt",
        r"""```
2020-02-14 17:26:38.505 UTC [62] FATAL:  password authentication failed for user "{{keep:postgres}}"
2020-02-14 17:26:38.505 UTC [62] DETAIL:  Password does not match for user "{{keep:postgres}}".
        Connection matched pg_hba.conf line 95: "host all all all md5"
```

```
docker run --rm -e POSTGRES_USERNAME={{keep:postgres}} -e POSTGRES_PASSWORD={{keep:postgres}} --name postgres -p 5432:5432 postgres
```
The files belonging to this database system will be owned by user "{{keep:postgres}}".
This user must also own the server process.
""",
    ),
    (
        "https://github.com/hazelcast/hazelcast-docker/pull/828",
        ".txt",
        r"""> WARNING! Your password will be stored unencrypted in {{keep:/home/runner/.docker/config.json}}.
Configure a credential helper to remove this warning. See https://docs.docker.com/engine/reference/commandline/login/#credentials-store

```diff
       - name: Login to Docker Registry
-        run: echo "{{keep:$DOCKER_PASSWORD}}" | docker login -u "{{keep:$DOCKER_USERNAME}}" --password-stdin $DOCKER_REGISTRY
+        uses: docker/login-action@v3
+        with:
+          username: ${{ secrets.JFROG_USERNAME }}
```

{{keep:7dd2ee12af91d184e858c275c72ef85955590658}}
""",
    ),
    (
        "https://github.com/ghantoos/lshell/issues/33",
        ".txt",
        r"""```
You are in a limited shell.
Type '?' or 'help' to get the list of allowed commands
~$ sudo -u {{keep:www-data}} whoami
{{keep:www-data}}
~$ sudo -u {{keep:root}} whoami                                                                                        
{{keep:root}}
```
""",
    ),
    (
        "https://github.com/sejaljain-27/repo/issues/27",
        ".txt",
        r"""Run psql -h localhost -U {{keep:testuser}} -d mydb.

psql: error: connection to server at "localhost" (::1), port 5432 failed: FATAL: password authentication failed for user "{{keep:testuser}}"
""",
    ),
    (
        "https://github.com/microsoft/azure-pipelines-agent/pull/1161",
        ".txt",
        r"""[2017-08-24 18:05:00Z INFO Terminal] WRITE: Enter User account to use for the service (press enter for NT AUTHORITY\NETWORK SERVICE) > 
[2017-08-24 18:05:00Z INFO Terminal] READ LINE
[2017-08-24 18:05:04Z INFO Terminal] Read value: '.\{{keep:Administrator}}'
[2017-08-24 18:05:04Z INFO WindowsServiceControlManager] LogonAccount after transforming: {{keep:ZZZZZZZZZZ\Administrator}}, user: {{keep:Administrator}}, domain: {{keep:ZZZZZZZZZZ}}
[2017-08-24 18:05:04Z INFO CommandSettings] Arg 'windowslogonpassword': ''
[2017-08-24 18:05:04Z INFO PromptManager] ReadValue
[2017-08-24 18:05:04Z INFO Terminal] WRITE: Enter Password for the account {{keep:ZZZZZZZZZZ\Administrator}} > 
[2017-08-24 18:05:04Z INFO Terminal] READ SECRET
[2017-08-24 18:05:09Z INFO Terminal] Read value: '{{keep:********}}'
[2017-08-24 18:05:09Z INFO NativeWindowsServiceHelper] Verify credential for account {{keep:Administrator}}.
[2017-08-24 18:05:09Z INFO NativeWindowsServiceHelper] Credential for account '{{keep:Administrator}}' is valid.
""",
    ),
    (
        "https://github.com/byt3bl33d3r/CrackMapExec/issues/544",
        ".txt",
        r"""Trying to connect to my target with a true creds `crackmapexec smb 192.168.1.10 -u '{{keep:user1}}' -p '{{keep:pass123}}'` and I'm getting STATUS_LOGON_FAILURE.
However with smbclient `smbclient -L  192.168.1.10  -U "{{keep:user1}}%{{keep:pass123}}" ` with the same creds it works fine.
""",
    ),
    (
        "https://github.com/fortra/impacket/pull/1625",
        ".txt",
        r"""```
$ net.py '{{keep:administrator}}:{{keep:Password123}}@192.168.88.134' localgroup -name Administrators -join test
Impacket v0.12.0.dev1+20230928.173259.06217f05 - Copyright 2023 Fortra

[*] Adding user account 'Administrators' to group 'test'
[+] User account added to Administrators succesfully!
```
""",
    ),
    (
        "https://github.com/shogo82148/actions-setup-mysql/issues/1188",
        ".txt",
        r"""```bash
ERROR 1045 (28000): Access denied for user '{{keep:root}}'@'localhost' (using password: NO)
ERROR 1045 (28000): Access denied for user '{{keep:root}}'@'localhost' (using password: YES)
```

```yml
- name: actions-setup-mysql
      uses: shogo82148/actions-setup-mysql@v1.39.2 
      with:
        auto-start: true
        mysql-version: "9.0"
        root-password: "{{keep:$123456789}}"
        user: "{{keep:dba}}"
        password: "{{keep:$123456789}}"
- name: CreateDatabase
  run: |
    mysql -u{{keep:root}} -e 'CREATE DATABASE IF NOT EXISTS Universidad;'
```
""",
    ),
]


_RAW_STOP72: list[tuple[str, str, str]] = [
    # ---- npx envinfo, webpack info, react-native info ----------------------------------------------
    (
        "https://github.com/webpack/webpack-cli/issues/2802",
        ".txt",
        r"""```
❯ which npm
/home/[[user:k]]{{keep:/.config/.asdf/shims/npm}}
```

```
❯ npm --version
7.18.1
❯ which npm
/home/[[user:k]]{{keep:/.config/.asdf/shims/npm}}
❯ asdf which npm
/home/[[user:k]]{{keep:/.config/.asdf/installs/nodejs/14.17.0/.npm/bin/npm}}
❯ asdf which node
/home/[[user:k]]{{keep:/.config/.asdf/installs/nodejs/14.17.0/bin/node}}
```

```
  System:
    OS: Linux 4.19 Ubuntu 20.04.2 LTS (Focal Fossa)
    ...
  Binaries:
    Node: 14.17.0 - ~/.config/.asdf/installs/nodejs/14.17.0/bin/node
    Yarn: 1.22.10 - ~/.yarn/bin/yarn
    npm: 6.14.13 - ~/.config/.asdf/installs/nodejs/14.17.0/bin/npm
  Browsers:
    Chrome: 91.0.4472.114
  Packages:
    copy-webpack-plugin: ^7.0.0 => 7.0.0
```
""",
    ),
    (
        "https://github.com/tabrindle/envinfo/issues/229",
        ".txt",
        r"""```
➜  ~ git:(master) ✗ npx envinfo@7.7.0
Need to install the following packages:
  envinfo@7.7.0
Ok to proceed? (y) y
/Users/[[user:martin.keller7]]@dunvale.com{{keep:/.npm/_npx/2a4096535de7cd25/node_modules/envinfo/dist/envinfo.js}}:1
```
""",
    ),
    (
        "https://github.com/tabrindle/envinfo/pull/196",
        ".txt",
        r"""```console
{{keep:gitpod}}@ws-c61895d2-1215-424b-94ac-5e50617110cf /w/envinfo (feat/ninja)> node dist/cli.js 

  System:
    OS: Linux 5.4 Ubuntu 20.04.2 LTS (Focal Fossa)
    CPU: (16) x64 Intel(R) Xeon(R) CPU
    Memory: 2.30 GB / 62.81 GB
    Container: Yes
    Shell: 5.0.17 - /bin/bash
  Binaries:
    Node: 14.16.0 - ~/.nvm/versions/node/v14.16.0/bin/node
    Yarn: 1.22.10 - ~/.nvm/versions/node/v14.16.0/bin/yarn
    npm: 7.5.6 - ~/.nvm/versions/node/v14.16.0/bin/npm
  Managers:
    Apt: 2.0.4 - /usr/bin/apt
    Cargo: 1.50.0 - ~/.cargo/bin/cargo
    Composer: 1.10.1 - /usr/bin/composer
    Gradle: 6.8.3 - ~/.sdkman/candidates/gradle/current/bin/gradle
    Maven: 3.6.3 - ~/.sdkman/candidates/maven/current/bin/mvn
    pip3: 21.0.1 - ~/.pyenv/shims/pip3
    RubyGems: 3.0.9 - /home/{{keep:gitpod}}/.rvm/rubies/ruby-2.6.6/bin/gem
  Utilities:
    CMake: 3.19.5 - /home/linuxbrew/.linuxbrew/bin/cmake
    Make: 4.2.1 - /usr/bin/make
    GCC: 9.3.0 - /usr/bin/gcc
    Git: 2.30.0 - /usr/bin/git
    Ninja: 1.10.0 - /usr/bin/ninja
    Mercurial: 5.3.1 - /usr/bin/hg
    Subversion: 1.13.0 - /usr/bin/svn
```
""",
    ),
    (
        "https://github.com/tabrindle/envinfo/issues/296",
        ".txt",
        r"""```
  System:
    OS: Windows 11 10.0.26200
    CPU: (12) x64 AMD Ryzen 5 3600 6-Core Processor              
    Memory: 16.53 GB / 31.91 GB
  Binaries:
    Node: 25.6.1 - C:\Program Files\nodejs\node.EXE
    npm: 11.9.0 - C:\Program Files\nodejs\npm.CMD
    pnpm: 10.29.2 - pnpm.CMD
    bun: 1.3.3 - bun.EXE
  Browsers:
    Chrome: 146.0.7680.178
    Edge: Chromium (140.0.3485.54)
    Firefox: 149.0 - C:\Program Files\Mozilla Firefox\firefox.exe
    Internet Explorer: 11.0.26100.7309
  npmPackages:
    wxt: workspace:* => 0.20.20 
```
""",
    ),
    (
        "https://github.com/react/react-native/issues/30487",
        ".txt",
        r"""[[[user:corwin]]@Dorins-MBP] ␉uname -a && env | grep -i android && react-native  info
Darwin Dorins-MBP 20.1.0 Darwin Kernel Version 20.1.0: Sat Oct 31 00:07:11 PDT 2020; {{keep:root:xnu-7195.50.7~2/RELEASE_X86_64}} x86_64
ANDROID_HOME=/Users/[[user:corwin]]{{keep:/Library/Android/sdk}}
PATH=/Users/[[user:corwin]]/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/Library/Apple/usr/bin:/Users/[[user:corwin]]{{keep:/Library/Android/sdk/emulator}}:/Users/[[user:corwin]]{{keep:/Library/Android/sdk/tools}}:/Users/[[user:corwin]]{{keep:/Library/Android/sdk/platform-tools}}:/Users/[[user:corwin]]{{keep:/Library/Python/2.7/bin}}
info Fetching system and libraries information...
(node:91735) Warning: Accessing non-existent property 'padLevels' of module exports inside circular dependency
(Use `node --trace-warnings ...` to show where the warning was created)
System:
    OS: macOS 11.0.1
    CPU: (8) x64 Intel(R) Core(TM) i7-4770HQ CPU @ 2.20GHz
    Memory: 199.08 MB / 16.00 GB
    Shell: 3.2.57 - /bin/bash
  Binaries:
    Node: 15.2.1 - /usr/local/bin/node
    Yarn: 1.22.10 - /usr/local/bin/yarn
    npm: 7.0.10 - /usr/local/bin/npm
    Watchman: Not Found
  Managers:
    CocoaPods: 1.10.0 - /usr/local/bin/pod
""",
    ),
    (
        "https://github.com/expo/expo-cli/issues/315",
        ".txt",
        r"""```
{{keep:userdeMacBook-Pro}}:~ {{keep:user}}$ npm install -g expo-cli

> @expo/traveling-fastlane-darwin@1.6.2 preinstall /Users/{{keep:user}}/.npm-global/lib/node_modules/expo-cli/node_modules/@expo/traveling-fastlane-darwin
> node platform.js

/Users/{{keep:user}}/.npm-global/bin/expo -> /Users/{{keep:user}}/.npm-global/lib/node_modules/expo-cli/bin/expo.js
/Users/{{keep:user}}/.npm-global/bin/expo-cli -> /Users/{{keep:user}}/.npm-global/lib/node_modules/expo-cli/bin/expo.js
npm WARN optional SKIPPING OPTIONAL DEPENDENCY: @expo/ngrok-bin-darwin-ia32@2.2.8 (node_modules/expo-cli/node_modules/@expo/ngrok-bin-darwin-ia32):
npm WARN notsup SKIPPING OPTIONAL DEPENDENCY: Unsupported platform for @expo/ngrok-bin-darwin-ia32@2.2.8: wanted {"os":"darwin","arch":"ia32"} (current: {"os":"darwin","arch":"x64"})
```
""",
    ),
    # ---- ansible --version ------------------------------------------------------------------------
    (
        "https://github.com/todd-dsm/mac-ops/issues/69",
        ".txt",
        r"""```shell
% ansible --version 
ansible [core 2.12.2]
  config file = /Users/[[user:halden]]{{keep:/mac-ops/ansible.cfg}}          <-- BUG
  configured module search path = ['/Users/[[user:halden]]{{keep:/.ansible/plugins/modules}}', '/usr/share/ansible/plugins/modules']
  ansible python module location = /usr/local/Cellar/ansible/5.3.0/libexec/lib/python3.10/site-packages/ansible
  ansible collection location = /Users/[[user:halden]]{{keep:/.ansible/collections}}:/usr/share/ansible/collections
  executable location = /usr/local/bin/ansible
  python version = 3.10.2 (main, Feb  2 2022, 08:42:42) [Clang 13.0.0 (clang-1300.0.29.3)]
  jinja version = 3.0.3
  libyaml = True
```

```sh
+ printf '\n%s\n' 'Ansible Version Info:'

Ansible Version Info:
+ ansible --version
ansible [core 2.12.2]
  config file = None
  configured module search path = ['/Users/[[user:ivan.halden]]{{keep:/.ansible/plugins/modules}}', '/usr/share/ansible/plugins/modules']
  ansible python module location = /usr/local/Cellar/ansible/5.3.0/libexec/lib/python3.10/site-packages/ansible
  ansible collection location = /Users/[[user:ivan.halden]]{{keep:/.ansible/collections}}:/usr/share/ansible/collections
  executable location = /usr/local/bin/ansible
```
""",
    ),
    (
        "https://github.com/void-linux/void-packages/issues/18418",
        ".txt",
        r"""```
# ansible --version
ansible 2.9.2
  config file = None
  configured module search path = ['{{keep:/root/.ansible/plugins/modules}}', '/usr/share/ansible/plugins/modules']
  ansible python module location = /usr/lib/python3.8/site-packages/ansible
  executable location = /sbin/ansible
  python version = 3.8.1 (default, Dec 23 2019, 13:11:45) [GCC 9.2.0]

# ls /usr/share/ansible/plugins/modules
ls: cannot access '/usr/share/ansible/plugins/modules': No such file or directory
```

```
$ ansible --version
ansible 2.9.4
  config file = /home/[[user:tomo]]{{keep:/.ansible.cfg}}
  configured module search path = ['/home/[[user:tomo]]{{keep:/.ansible/plugins/modules}}', '/usr/share/ansible/plugins/modules']
  ansible python module location = /home/[[user:tomo]]{{keep:/.python3/lib/python3.8/site-packages/ansible}}
  executable location = /home/[[user:tomo]]{{keep:/.python3/bin/ansible}}
```
""",
    ),
    (
        "https://github.com/ansible/ansible/issues/62246",
        ".txt",
        r"""```paste below
ansible 2.8.5
  config file = None
  configured module search path = ['/home/[[user:tomasz]]{{keep:/.ansible/plugins/modules}}', '/usr/share/ansible/plugins/modules']
  ansible python module location = /home/[[user:tomasz]]{{keep:/.local/lib/python3.6/site-packages/ansible}}
  executable location = /home/[[user:tomasz]]{{keep:/.local/bin/ansible}}
  python version = 3.6.8 (default, Jun 12 2019, 01:12:31) [GCC 8.2.1 20180905 (Red Hat 8.2.1-3)]
```

```paste below
[[[user:tomasz]]@rhel ~]$ ansible-config dump --only-changed
[[[user:tomasz]]@rhel ~]$
```

```
[[[user:tomasz]]@rhel ~]$ pip3 install ansible --user
Collecting ansible
  Using cached https://files.pythonhosted.org/packages/04/25/48fee5f8048360d9375e01846fcf395dda58242ed1f25a2106b6794452eb/ansible-2.8.5.tar.gz
Requirement already satisfied: jinja2 in ./.local/lib/python3.6/site-packages (from ansible)
Requirement already satisfied: PyYAML in ./.local/lib/python3.6/site-packages (from ansible)
```
""",
    ),
    # ---- brew config and brew doctor --------------------------------------------------------------
    (
        "https://github.com/Homebrew/homebrew-core/pull/19639",
        ".txt",
        r"""## Output of `brew config`

```
HOMEBREW_VERSION: 1.3.6-8-g15096e7
ORIGIN: https://github.com/Homebrew/brew.git
HEAD: {{keep:15096e7289b25ef19baa6c0455f2051583665f70}}
Last commit: 16 hours ago
Core tap ORIGIN: https://github.com/Homebrew/homebrew-core
Core tap HEAD: {{keep:9dc511d4ebd43d13723ec236f1ad43a1a201caf9}}
Core tap last commit: 74 minutes ago
HOMEBREW_PREFIX: /usr/local
HOMEBREW_REPOSITORY: /usr/local/Homebrew
HOMEBREW_CELLAR: /usr/local/Cellar
HOMEBREW_BOTTLE_DOMAIN: https://homebrew.bintray.com
CPU: octa-core 64-bit ivybridge
Homebrew Ruby: 2.3.3 => /usr/local/Homebrew/Library/Homebrew/vendor/portable-ruby/2.3.3/bin/ruby
GCC-4.2: build 5666
Clang: 8.0 build 800
Git: 2.13.0 => /usr/local/bin/git
Perl: /usr/local/bin/perl => /usr/local/Cellar/perl/5.24.1/bin/perl
Python: /usr/local/opt/python/libexec/bin/python => /usr/local/Cellar/python/2.7.13_1/Frameworks/Python.framework/Versions/2.7/bin/python2.7
Ruby: /Users/[[user:rosalie]]{{keep:/.rbenv/shims/ruby}} => /usr/local/var/rbenv/versions/2.3.4/bin/ruby
Java: 1.8.0_121, 1.7.0_80
macOS: 10.11.6-x86_64
Xcode: 8.2.1
CLT: N/A
X11: 2.7.11 => /opt/X11
```
""",
    ),
    (
        "https://github.com/Homebrew/brew/issues/18976",
        ".txt",
        r"""### `brew doctor` output

```shell
Your system is ready to brew.
```

### `brew config` output

```shell
HOMEBREW_VERSION: 4.4.12
ORIGIN: https://github.com/Homebrew/brew
HEAD: {{keep:3001afe88112c13b5aafdd92e097680897060881}}
Last commit: 6 days ago
Branch: stable
Core tap JSON: 21 Dec 09:31 UTC
Core cask tap JSON: 21 Dec 09:31 UTC
HOMEBREW_PREFIX: /opt/homebrew
HOMEBREW_CASK_OPTS: []
HOMEBREW_MAKE_JOBS: 10
Homebrew Ruby: 3.3.6 => /opt/homebrew/Library/Homebrew/vendor/portable-ruby/3.3.6/bin/ruby
CPU: 10-core 64-bit arm_firestorm_icestorm
Clang: 16.0.0 build 1600
Git: 2.39.5 => /Applications/Xcode.app/Contents/Developer/usr/bin/git
Curl: 8.7.1 => /usr/bin/curl
macOS: 15.2-arm64
CLT: N/A
Xcode: 16.2
Rosetta 2: false
```
""",
    ),
    # ---- mvn -v, gradle --version, sbt-less JVM tools ---------------------------------------------
    (
        "https://github.com/apache/maven-mvnd/issues/567",
        ".txt",
        r"""```cmd
PS C:\> mvn -v
Apache Maven 3.6.3 ({{keep:cecedd343002696d0abb50b32b541b8a6ba2883f}})
Maven home: D:\software\apache-maven-3.6.3\bin\..
Java version: 1.8.0_291, vendor: Oracle Corporation, runtime: C:\Program Files\Java\jdk1.8.0_291\jre
Default locale: zh_CN, platform encoding: UTF-8
OS name: "windows 10", version: "10.0", arch: "amd64", family: "windows"
PS C:\> mvnd -v
mvnd native client 0.7.1-windows-amd64 ({{keep:97c587c11383a67b5bd0ff8388bd94c694b91c1e}})
Terminal: org.jline.terminal.impl.jansi.win.JansiWinSysTerminal
Apache Maven 3.8.3 ({{keep:ff8e977a158738155dc465c6a97ffaf31982d739}})
Maven home: D:\software\mvnd-0.7.1-windows-amd64\mvn
Java version: 1.8.0_291, vendor: Oracle Corporation, runtime: C:\Program Files\Java\jdk1.8.0_291\jre
Default locale: zh_CN, platform encoding: GBK
OS name: "windows 10", version: "10.0", arch: "amd64", family: "windows"
```
""",
    ),
    (
        "https://github.com/JanDeDobbeleer/oh-my-posh/issues/7187",
        ".txt",
        r"""```
------------------------------------------------------------
Gradle 8.12.1
------------------------------------------------------------

Build time:    2025-01-24 12:55:12 UTC
Revision:      {{keep:0b1ee1ff81d1f4a26574ff4a362ac9180852b140}}

Kotlin:        2.0.21
Groovy:        3.0.22
Ant:           Apache Ant(TM) version 1.10.15 compiled on August 25 2024
Launcher JVM:  21.0.9 (Eclipse Adoptium 21.0.9+10-LTS)
Daemon JVM:    C:\Users\[[user:dalmiro]]{{keep:\scoop\apps\temurin21-jdk\current}} (no JDK specified, using current Java home)
OS:            Windows 11 10.0 amd64
```
""",
    ),
    (
        "https://github.com/gradle/gradle/pull/5487",
        ".txt",
        r"""```
{{keep:user}}@host $ ./gradlew --version

------------------------------------------------------------
Gradle 4.9-20180521174539+0000
------------------------------------------------------------

Build time:   2018-05-21 17:45:39 UTC
Revision:     {{keep:3c73eb0af4e3ccd4e0e6b5e78fb564d87ca9b039}}

Kotlin DSL:   0.17.5
Kotlin:       1.2.41
Groovy:       2.4.12
Ant:          Apache Ant(TM) version 1.9.11 compiled on March 23 2018
JVM:          1.8.0_161 (Oracle Corporation 25.161-b12)
OS:           Mac OS X 10.13.4 x86_64
```
""",
    ),
    # ---- cargo --version --verbose, rustc -vV, bazel info -----------------------------------------
    (
        "https://github.com/rust-lang/cargo/pull/3604",
        ".txt",
        r"""```
[[user:kalvesm]]@hawkeye:~/src/cargo.git$ target/x86_64-unknown-linux-gnu/release/cargo --version
cargo-0.17.0-dev (ae4a4d8 2017-01-27)
[[user:kalvesm]]@hawkeye:~/src/cargo.git$ target/x86_64-unknown-linux-gnu/release/cargo --version --verbose
cargo-0.17.0-dev (ae4a4d8 2017-01-27)
release: 0.17.0
commit-hash: {{keep:ae4a4d8fc55bf7eca3d974f953dc61729e4a40db}}
commit-date: 2017-01-27
```
""",
    ),
    (
        "https://github.com/risc0/risc0/issues/2018",
        ".txt",
        r"""```
$HOME/.rustup/toolchains/risc0/bin/rustc -vV
rustc 1.77.2-dev
binary: rustc
commit-hash: unknown
commit-date: unknown
host: aarch64-apple-darwin
release: 1.77.2-dev
LLVM version: 17.0.6
```
```
$HOME/.rustup/toolchains/1.78.0-aarch64-apple-darwin/bin/rustc -vV
rustc 1.78.0 (9b00956e5 2024-04-29)
binary: rustc
commit-hash: {{keep:9b00956e56009bab2aa15d7bff10916599e3d6d6}}
commit-date: 2024-04-29
host: aarch64-apple-darwin
release: 1.78.0
LLVM version: 18.1.2
```
""",
    ),
    (
        "https://github.com/bazelbuild/bazel/issues/26",
        ".txt",
        r"""$ ./output/bazel info execution_root
/private/var/tmp/_blaze_[[user:mattgreer]]{{keep:/048dc339e919adf019cd498aa08795ff/bazel}}
""",
    ),
    # ---- nvm debug --------------------------------------------------------------------------------
    (
        "https://github.com/lukechilds/zsh-nvm/issues/52",
        ".txt",
        r"""```console
$ nvm debug
nvm --version: v0.34.0
$SHELL: /bin/zsh
$SHLVL: 4
$HOME: /home/[[user:teja]]
$NVM_DIR: '$HOME/.nvm'
$PATH: $NVM_DIR/versions/node/v10.12.0/bin:$HOME/.rvm/gems/ruby-2.5.1/bin:$HOME/.rvm/gems/ruby-2.5.1@global/bin:$HOME/.rvm/rubies/ruby-2.5.1/bin:/opt/google-cloud-sdk/bin:./vendor/bin:node_modules/.bin:$HOME/.pub-cache/bin:$HOME/Projects/personal/flutter/flutter/bin:/opt/genymotion/tools/:$HOME/.cargo/bin:/usr/lib/jvm/java-8-openjdk/jre/bin/:/opt/android-sdk/tools/bin:/opt/android-sdk/emulator:$HOME/.gem/ruby/2.5.0/bin:$HOME/bin:/usr/local/sbin:/usr/local/bin:/usr/bin
```
""",
    ),
    (
        "https://github.com/nvm-sh/nvm/issues/2266",
        ".txt",
        r"""```sh
nvm --version: v0.35.3
$TERM_PROGRAM: vscode
$SHELL: /bin/zsh
$SHLVL: 1
${HOME}: /Users/[[user:kostev]]
${NVM_DIR}: '${HOME}/.nvm'
${PATH}: ${NVM_DIR}/versions/node/v10.22.0/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin
$PREFIX: ''
${NPM_CONFIG_PREFIX}: ''
$NVM_NODEJS_ORG_MIRROR: ''
$NVM_IOJS_ORG_MIRROR: ''
shell version: 'zsh 5.7.1 (x86_64-apple-darwin19.0)'
uname -a: 'Darwin 19.6.0 Darwin Kernel Version 19.6.0: Sun Jul 5 00:43:10 PDT 2020; {{keep:root:xnu-6153.141.1~9/RELEASE_X86_64}} x86_64'
OS version: Mac 10.15.6 19G73
curl: /usr/bin/curl, curl 7.64.1 (x86_64-apple-darwin19.0) libcurl/7.64.1 (SecureTransport) LibreSSL/2.8.3 zlib/1.2.11 nghttp2/1.39.2
wget: /usr/local/bin/wget, GNU Wget 1.20.3 built on darwin19.0.0.
git: /usr/local/bin/git, git version 2.24.1
nvm current: v10.22.0
which node: ${NVM_DIR}/versions/node/v10.22.0/bin/node
```
""",
    ),
    # ---- pipenv --support, jupyter troubleshoot, PlatformIO -----------------------------------------
    (
        "https://github.com/pypa/pipenv/issues/3121",
        ".txt",
        r"""Pipenv version: `'2018.10.14.dev0'`

Pipenv location: `'/home/[[user:vale]]{{keep:/temp/src/pipenv/pipenv}}'`

Python location: `'/usr/bin/python3'`

Python installations found:

  - `3.6.5`: `/home/[[user:vale]]{{keep:/.pyenv/shims/python3.6}}`
  - `3.6.5`: `/home/[[user:vale]]{{keep:/.pyenv/shims/python3.6m}}`
  - `3.6.5`: `/home/[[user:vale]]{{keep:/.pyenv/shims/python3}}`
  - `3.6.5`: `/usr/bin/python3`
  - `3.6.5`: `/usr/bin/python3.6m`
  - `2.7.15`: `/home/[[user:vale]]{{keep:/.pyenv/shims/python}}`
  - `2.7.15`: `/usr/bin/python`

PEP 508 Information:

```
{'implementation_name': 'cpython',
 'implementation_version': '3.6.5',
 'os_name': 'posix',
 'platform_machine': 'x86_64',
 'platform_python_implementation': 'CPython',
 'platform_release': '4.18.15-1-default',
 'platform_system': 'Linux',
 'platform_version': '#1 SMP PREEMPT Thu Oct 18 08:56:17 UTC 2018 (5a53676)',
 'python_full_version': '3.6.5',
 'python_version': '3.6',
 'sys_platform': 'linux'}
```
""",
    ),
    (
        "https://github.com/jupyter/help/issues/500",
        ".txt",
        r"""```
> jupyter notebook
Error executing Jupyter command 'notebook': [Errno 2] No such file or directory

```

```
$PATH:
	/snap/bin
	/home/[[user:bor]]{{keep:/Src/apache-maven-3.5.4/bin}}
	/usr/local/sbin
	/usr/local/bin
	/usr/sbin
	/usr/bin
	/sbin
	/bin
	/usr/games
	/usr/local/games
	/usr/local/bin/

sys.path:
	/usr/local/bin
	/usr/lib/python36.zip
	/usr/lib/python3.6
	/usr/lib/python3.6/lib-dynload
	/home/[[user:bor]]{{keep:/.local/lib/python3.6/site-packages}}
	/usr/local/lib/python3.6/dist-packages
	/usr/lib/python3/dist-packages

sys.executable:
	/usr/bin/python3

sys.version:
	3.6.7 (default, Oct 22 2018, 11:32:17) 
	[GCC 8.2.0]

platform.platform():
	Linux-4.15.0-43-generic-x86_64-with-Ubuntu-18.04-bionic

which -a jupyter:
	/usr/local/bin/jupyter
	/usr/local/bin//jupyter
```
""",
    ),
    (
        "https://github.com/deshaw/jupyterlab-execute-time/issues/25",
        ".txt",
        r"""`(base) C:\Users\[[user:52904]]>jupyter troubleshoot
$PATH:
        C:\Users\[[user:52904]]{{keep:\anaconda3}}
        C:\Users\[[user:52904]]{{keep:\anaconda3\Library\mingw-w64\bin}}
        C:\Users\[[user:52904]]{{keep:\anaconda3\Library\usr\bin}}
        C:\Users\[[user:52904]]{{keep:\anaconda3\Library\bin}}
        C:\Users\[[user:52904]]{{keep:\anaconda3\Scripts}}
        C:\Users\[[user:52904]]{{keep:\anaconda3\bin}}
        C:\Users\[[user:52904]]{{keep:\anaconda3\condabin}}
        C:\WINDOWS\system32\WBEM
        C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v9.2\bin
        C:\Program Files\NVIDIA GPU Computing Toolkit\CUDA\v9.2\libnvvp
        C:\Rtools\bin
        C:\Program Files (x86)\Common Files\Oracle\Java\javapath
        C:\WINDOWS\system32
        C:\WINDOWS
        C:\WINDOWS\System32\Wbem
        C:\WINDOWS\System32\WindowsPowerShell\v1.0
        C:\WINDOWS\System32\OpenSSH
""",
    ),
    (
        "https://github.com/platformio/platformio-core-installer/issues/1100",
        ".txt",
        r"""  VSCode: 1.60.0
  PIO IDE: v2.3.3
  System: Linux, 5.4.0-77-generic, x64

  %23 Exception
  ```
  Error: Error: Compatible PlatformIO Core not found.
Reason: PlatformIO executable not found in `/home/[[user:vikram]]{{keep:/.platformio/penv/bin}}`

	at /home/[[user:vikram]]{{keep:/.vscode/extensions/platformio.platformio-ide-2.3.3/node_modules/platformio-node-helpers/dist/index.js}}:1:771390
	at ChildProcess.a (/home/[[user:vikram]]{{keep:/.vscode/extensions/platformio.platformio-ide-2.3.3/node_modules/platformio-node-helpers/dist/index.js}}:1:771284)
	at ChildProcess.emit (events.js:315:20)
	at ChildProcess.EventEmitter.emit (domain.js:467:12)
	at maybeClose (internal/child_process.js:1048:16)
	at Process.ChildProcess._handle.onexit (internal/child_process.js:288:5)
  ```
""",
    ),
    # ---- php -i, R session info, winget and choco -------------------------------------------------
    (
        "https://github.com/symfony/cli/issues/53",
        ".txt",
        r"""```
Scan this dir for additional .ini files => :/Users/[[user:anselm]]{{keep:/.symfony/var/83007360a6aca873fce9a6b542a6615e6a2b0289}}
```
""",
    ),
    (
        "https://github.com/r-lib/devtools/pull/1122",
        ".txt",
        r"""```
Session info -------------------------------------------------------------------------------------------------------------------
 setting  value                                                                      
 version  R version 3.2.3 (2015-12-10)                                               
 system   x86_64, darwin15.3.0                                                       
 library1 /usr/local/lib/R/3.2/site-library (227)                                    
 library2 /usr/local/Cellar/r/3.2.3_1/R.framework/Versions/3.2/Resources/library (30)
 ui       RStudio (0.99.489)                                                         
 language (EN)                                                                       
 collate  en_US.UTF-8                                                                
```
""",
    ),
    (
        "https://github.com/microsoft/winget-cli/issues/390",
        ".txt",
        r"""```
PS C:\Users\[[user:marcvel]]> winget --info
Windows Package Manager v0.3.11201 Preview
Copyright (c) Microsoft Corporation. All rights reserved.

Windows: Windows.Desktop v10.0.19043.985
Package: Microsoft.DesktopAppInstaller v1.11.11201.0

Logs: %LOCALAPPDATA%\Packages\Microsoft.DesktopAppInstaller_8wekyb3d8bbwe\LocalState\DiagOutputDir

Links
--------------------------------------------------------
Privacy Statement   https://aka.ms/winget-privacy
License Agreement   https://aka.ms/winget-license
Third Party Notices https://aka.ms/winget-3rdPartyNotice
Homepage            https://aka.ms/winget

Group Policy                               State
---------------------------------------------------
Enable Windows App Installer Hash Override Disabled
```
""",
    ),
    (
        "https://github.com/chocolatey/choco/issues/2444",
        ".txt",
        r"""~~~sh
2021-11-09 08:47:04,244 1060 [DEBUG] - Attempting to create directory "C:\Users\{{keep:Administrator}}\AppData\Local\Temp\chocolatey\ChocolateyPackageCache\PackageCache_20211109_084704_2443".
2021-11-09 08:47:04,244 1060 [DEBUG] - Attempting to copy "C:\ProgramData\chocolatey\lib\fiddler\fiddler.nuspec"
 to "C:\Users\{{keep:Administrator}}\AppData\Local\Temp\chocolatey\ChocolateyPackageCache\PackageCache_20211109_084704_2443\fiddler.nuspec".
2021-11-09 08:47:04,385 1060 [INFO ] -  Reducing nupkg file size ('fiddler').
2021-11-09 08:47:04,416 1060 [INFO ] -  Reducing extracted archives and installers ('fiddler').
2021-11-09 08:47:04,416 1060 [INFO ] -  Space reduced for 'fiddler': 6.24 MB.
2021-11-09 08:47:04,416 1060 [DEBUG] - Attempting to delete file "C:\ProgramData\chocolatey\lib\fiddler\fiddler.nupkg.bkp".
2021-11-09 08:47:04,431 1060 [DEBUG] - Attempting to replace "C:\ProgramData\chocolatey\.chocolatey\fiddler.5.0.20204.45441\.registry"
 with "C:\ProgramData\chocolatey\.chocolatey\fiddler.5.0.20204.45441\.registry.1060.update".
 Backup placed at "C:\ProgramData\chocolatey\.chocolatey\fiddler.5.0.20204.45441\.registry.backup".
~~~
""",
    ),
]


# The stop-73 collection (batch 73, collected at stop 51 under scrubber 1.32.0): excerpts of public
# threads of LLM agent frameworks and tool servers, what intake itself drafts from: MCP servers and
# clients (the Python SDK's stdio tracebacks, the filesystem server's tool results, a client's
# mcpServers configuration), LangChain, CrewAI, open-interpreter, AutoGPT, AutoAgent, deer-flow,
# OpenHands, LM Studio, Jan and a GPT4All CLI: homes in venvs, uv caches, model folders, workspaces
# and tool-call arguments.
_RAW_STOP73: list[tuple[str, str, str]] = [
    # ---- MCP servers and clients ----------------------------------------------------------------------
    (
        "https://github.com/IBM/AssetOpsBench/pull/353",
        ".txt",
        r"""        |   File "/Users/[[user:tian]]{{keep:/Asset/AssetOpsBench3/.venv/lib/python3.12/site-packages/mcp/client/stdio/__init__.py}}", line 189, in stdio_client
        |     yield read_stream, write_stream
        |   File "/Users/[[user:tian]]{{keep:/.local/share/uv/python/cpython-3.12.13-macos-aarch64-none/lib/python3.12/contextlib.py}}", line 737, in __aexit__
        |     cb_suppress = await cb(*exc_details)
        |                   ^^^^^^^^^^^^^^^^^^^^^^
        |   File "/Users/[[user:tian]]{{keep:/Asset/AssetOpsBench3/.venv/lib/python3.12/site-packages/mcp/shared/session.py}}", line 238, in __aexit__
        |     return await self._task_group.__aexit__(exc_type, exc_val, exc_tb)
        | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)
        +-+---------------- 1 ----------------
""",
    ),
    (
        "https://github.com/YYH211/xiaohongshu/issues/2",
        ".txt",
        r"""Traceback (most recent call last):
  File "/Users/[[user:liuzhenhua]]{{keep:/anaconda3/lib/python3.11/site-packages/mcp/client/streamable_http.py}}", line 596, in streamablehttp_client
    async with anyio.create_task_group() as tg:
  File "/Users/[[user:liuzhenhua]]{{keep:/anaconda3/lib/python3.11/site-packages/anyio/_backends/_asyncio.py}}", line 789, in __aexit__
    if self.cancel_scope.__exit__(type(exc), exc, exc.__traceback__):
RuntimeError: Attempted to exit cancel scope in a different task than it was entered in
2025-12-11 11:46:40,890 - ERROR - an error occurred during closing of asynchronous generator <async_generator object stdio_client at 0x10661cac0>
""",
    ),
    (
        "https://github.com/jtsylve/re-mcp/issues/49",
        ".txt",
        r"""  + Exception Group Traceback (most recent call last):
  |   File "<frozen runpy>", line 198, in _run_module_as_main
  |   File "C:\Users\[[user:bofel]]{{keep:\AppData\Local\uv\cache\archive-v0\0NTlJi27PmfF5VbD\Scripts\re-mcp-ida.exe\__main__.py}}", line 10, in <module>
  |     sys.exit(main())
  |   File "C:\Users\[[user:bofel]]{{keep:\AppData\Local\uv\cache\archive-v0\0NTlJi27PmfF5VbD\Lib\site-packages\re_mcp_ida\_cli.py}}", line 23, in main
  |     supervisor_main()
  |   File "C:\Users\[[user:bofel]]{{keep:\AppData\Local\uv\cache\archive-v0\0NTlJi27PmfF5VbD\Lib\site-packages\fastmcp\server\mixins\transport.py}}", line 123, in run
  |     anyio.run(
""",
    ),
    (
        "https://github.com/matthewhand/mcp-openapi-proxy/issues/5",
        ".txt",
        r"""  |   File "/Users/[[user:rolf]]{{keep:/.cache/uv/archive-v0/NpMgcqaYo4P7MAL1JckK3/lib/python3.12/site-packages/mcp/server/lowlevel/server.py}}", line 483, in run
  |     async with AsyncExitStack() as stack:
  |   File "/usr/local/Cellar/python@3.12/3.12.2_1/Frameworks/Python.framework/Versions/3.12/lib/python3.12/contextlib.py", line 754, in __aexit__
  |     raise exc_details[1]
  |   File "/Users/[[user:rolf]]{{keep:/.cache/uv/archive-v0/NpMgcqaYo4P7MAL1JckK3/lib/python3.12/site-packages/anyio/_backends/_asyncio.py}}", line 772, in __aexit__
  |     raise BaseExceptionGroup(
  | ExceptionGroup: unhandled errors in a TaskGroup (1 sub-exception)
""",
    ),
    (
        "https://github.com/modelcontextprotocol/servers/issues/2526",
        ".txt",
        r"""{
  `path`: `make-automation-audit-20250807/message.log`
}
Error: Access denied - path outside allowed directories: C:\Windows\system32\make-automation-audit-20250807\message.log not in C:\Users\[[user:Marten Kolbek]]{{keep:\Documents\claude}}

2025-08-11T17:57:20.223Z [Filesystem] [info] Message from server: {"result":{"content":[{"type":"text","text":"Error: Access denied - path outside allowed directories: C:\\Windows\\system32\\make-automation-audit-20250807\\message.log not in C:\\Users\\[[user:Marten Kolbek]]{{keep:\\Documents\\claude}}"}],"isError":true},"jsonrpc":"2.0","id":12}
""",
    ),
    (
        "https://github.com/modelcontextprotocol/servers/issues/1838",
        ".txt",
        r"""MCP Tool: filesystem / read_file
Ran with these arguments:
{  "path": "c:\\Users\\{{keep:YourUser}}\\Documents\\test01\\findme.txt"}
Output:
Error: Access denied - path outside allowed directories: c:\Users\{{keep:YourUser}}\Documents\test01\findme.txt not in C:\Users\{{keep:YourUser}}\Documents

MCP Tool: filesystem / list_allowed_directories
// Okay, I can search within C:\Users\[[user:Gregory]] for test.txt.
// Okay, the tool mcp0_list_allowed_directories confirmed that C:\Users\[[user:Gregory]]{{keep:\Documents}} is indeed the allowed base directory.

MCP Tool: filesystem / list_directory
Ran with these arguments:
{  "path": "C:\\Users\\{{keep:YourUser}}\\Documents"}
""",
    ),
    (
        "https://github.com/cyanheads/git-mcp-server/issues/27",
        ".txt",
        r"""{"level":30,"time":1761359809101,"env":"development","version":"2.5.6","pid":110522,"transport":"stdio","requestId":"UWNR6-Q3FFG","timestamp":"2025-10-25T02:36:49.088Z","operation":"connectStdioTransport","transportType":"Stdio","msg":"Attempting to connect stdio transport..."}
{"level":30,"time":1761359809102,"env":"development","version":"2.5.6","pid":110522,"transport":"stdio","requestId":"UWNR6-Q3FFG","timestamp":"2025-10-25T02:36:49.088Z","operation":"connectStdioTransport","transportType":"Stdio","msg":"MCP Server connected and listening via stdio transport."}
{"level":30,"time":1761359809103,"env":"development","version":"2.5.6","pid":110522,"applicationName":"@cyanheads/git-mcp-server","applicationVersion":"2.5.6","nodeEnvironment":"development","requestId":"ZC8JH-J02LX","timestamp":"2025-10-25T02:36:49.088Z","operation":"ServerStartup","msg":"@cyanheads/git-mcp-server is now running and ready."}
""",
    ),
    (
        "https://github.com/hotovo/aider-desk/issues/27",
        ".txt",
        r"""{
  "mcpServers": {
    "sequential-thinking": {
      "command": "npx",
      "args": [
        "-y",
        "@modelcontextprotocol/server-sequential-thinking"
      ],
      "env": {
        "PATH": "/Users/${{{keep:username}}}/.nvm/versions/node/${version}/bin:/usr/local/bin:/usr/bin:/bin",
        "NODE_PATH": "/Users/${{{keep:username}}}/.nvm/versions/node/${version}/lib/node_modules"
      }
    }
  }
}
""",
    ),
    (
        "https://github.com/manhhailua/lorekeep/issues/272",
        ".txt",
        r"""| Source | `~\AppData\Roaming\uv\tools\lorekeep\Lib\site-packages\anyio\_backends\_asyncio.py:815 in __aexit__` |
| Platform | Windows-11-10.0.26200-SP0 |
| Python | 3.12.10 |

  File "~\AppData\Roaming\uv\tools\lorekeep\Lib\site-packages\lorekeep\cli.py", line 904, in serve
  File "~\AppData\Roaming\uv\tools\lorekeep\Lib\site-packages\mcp\server\fastmcp\server.py", line 299, in run
  File "~\AppData\Local\Programs\Python\Python312\Lib\asyncio\runners.py", line 118, in run
""",
    ),
    # ---- agent frameworks ----------------------------------------------------------------------------
    (
        "https://github.com/langchain-ai/langchain/issues/20743",
        ".txt",
        r"""        llm = ChatOpenAI(
            model_name= "ChatGLM3",
            # model_path="/dssg/home/acct-medhyq/[[user:medhyq-kpt]]{{keep:/chatGLM3/chatglm3-6b}}",
            openai_api_base= "http://localhost:8000/v1",
            openai_api_key= "{{keep:EMPTY}}",
            streaming= True
        )
""",
    ),
    (
        "https://github.com/crewAIInc/crewAI/issues/171",
        ".txt",
        r"""/AppData/Local/Programs/Python/Python312/python.exe c:/Users/[[user:dRk]]{{keep:/Desktop/crewAI/tests/crew_test.py}}esktop\crewAI>
Traceback (most recent call last):
  File "c:\Users\[[user:dRk]]{{keep:\Desktop\crewAI\tests\crew_test.py}}", line 10, in <module>
    from crewai.agent import Agent
ModuleNotFoundError: No module named 'crewai'
""",
    ),
    (
        "https://github.com/openinterpreter/openinterpreter/issues/169",
        ".txt",
        r"""Name: open-interpreter
Version: 0.1.3
Location: c:\users\[[user:marcus]]{{keep:\scoop\persist\miniconda3\envs\oi\lib\site-packages}}
Files:
  ..\..\Scripts\interpreter.exe
  interpreter\README.md

C:\Users\[[user:Marcus]]{{keep:\scoop\apps\miniconda3\current\envs\oi\Scripts\pip.exe}}
C:\Users\[[user:Marcus]]{{keep:\scoop\apps\python\current\Scripts\pip.exe}}
""",
    ),
    (
        "https://github.com/openinterpreter/openinterpreter/issues/81",
        ".txt",
        r"""python -m interpreter
C:\Users\[[user:kiru]]{{keep:\AppData\Local\Microsoft\WindowsApps\PythonSoftwareFoundation.Python.3.11_qbz5n2kfra8p0\python.exe}}: Error while finding module specification for 'interpreter.__main__' (ModuleNotFoundError: __path__ attribute not found on 'interpreter' while trying to find 'interpreter.__main__'); 'interpreter' is a package and cannot be directly executed

interpreter
'interpreter' is not recognized as an internal or external command,
operable program or batch file.
""",
    ),
    (
        "https://github.com/openinterpreter/openinterpreter/issues/153",
        ".txt",
        r"""Requirement already satisfied: mdurl~=0.1 in c:\users\{{keep:usuario}}\appdata\local\packages\pythonsoftwarefoundation.python.3.11_qbz5n2kfra8p0\localcache\local-packages\python311\site-packages (from markdown-it-py>=2.2.0->rich<14.0.0,>=13.4.2->open-interpreter) (0.1.2)
Requirement already satisfied: setuptools>=41.0 in c:\program files\windowsapps\pythonsoftwarefoundation.python.3.11_3.11.1520.0_x64__qbz5n2kfra8p0\lib\site-packages (from readchar>=3.0.6->inquirer<4.0.0,>=3.1.3->open-interpreter) (65.5.0)
Requirement already satisfied: charset-normalizer<4,>=2 in c:\users\{{keep:usuario}}\appdata\local\packages\pythonsoftwarefoundation.python.3.11_qbz5n2kfra8p0\localcache\local-packages\python311\site-packages (from requests>=2.20->openai<0.28.0,>=0.27.8->open-interpreter) (3.2.0)
""",
    ),
    (
        "https://github.com/Significant-Gravitas/AutoGPT/issues/1392",
        ".txt",
        r"""Traceback (most recent call last):
  File "/Library/Frameworks/Python.framework/Versions/3.7/lib/python3.7/runpy.py", line 193, in _run_module_as_main
    "__main__", mod_spec)
  File "/Users/[[user:sarah.wu]]{{keep:/Auto-GPT/autogpt/__main__.py}}", line 5, in <module>
    autogpt.cli.main()
  File "/Users/[[user:sarah.wu]]{{keep:/Library/Python/3.7/lib/python/site-packages/click/core.py}}", line 1130, in __call__
    return self.main(*args, **kwargs)
  File "/Users/[[user:sarah.wu]]{{keep:/Library/Python/3.7/lib/python/site-packages/click/core.py}}", line 1055, in main
    rv = self.invoke(ctx)
""",
    ),
    (
        "https://github.com/HKUDS/AutoAgent/issues/27",
        ".txt",
        r"""Warning: Failed to import autoagent.agents.system_agent.filesurfer_agent: cannot import name 'open_local_file' from 'autoagent.tools' (/home/[[user:lqm]]{{keep:/repos/AutoAgent/autoagent/tools/__init__.py}})
Traceback (most recent call last):
  File "/home/[[user:lqm]]{{keep:/.conda/envs/autoagent/bin/auto}}", line 5, in <module>
    from autoagent.cli import cli
  File "/home/[[user:lqm]]{{keep:/repos/AutoAgent/autoagent/cli.py}}", line 32, in <module>
    from autoagent.agents import get_system_triage_agent
ImportError: cannot import name 'get_system_triage_agent' from 'autoagent.agents' (/home/[[user:lqm]]{{keep:/repos/AutoAgent/autoagent/agents/__init__.py}})
""",
    ),
    (
        "https://github.com/bytedance/deer-flow/issues/2904",
        ".txt",
        r"""Secure MCP Filesystem Server running on stdio
Client does not support MCP Roots, using allowed directories set from server args: [ '/home/{{keep:ubuntu}}/deerflow/EdgeHarness/backend/.deer-flow/threads' ]
2026-05-12 15:38:25 - deerflow.agents.middlewares.tool_error_handling_middleware - ERROR - Tool execution failed (async): name=filesystem_read_text_file id={{keep:call_00_dhivpeLYWtlf5QJkgTtp0422}}
Traceback (most recent call last):
  File "/home/{{keep:ubuntu}}/deerflow/EdgeHarness/backend/packages/harness/deerflow/agents/middlewares/tool_error_handling_middleware.py", line 61, in awrap_tool_call
    return await handler(request)
  File "/home/{{keep:ubuntu}}/deerflow/EdgeHarness/backend/.venv/lib/python3.12/site-packages/langchain/agents/factory.py", line 669, in call_inner
    return await inner(req, execute)
""",
    ),
    (
        "https://github.com/OpenHands/OpenHands/issues/3769",
        ".txt",
        r"""┌──({{keep:root}}㉿192)-[/home/{{keep:kali}}]
└─# export WORKSPACE_BASE=$(pwd)/workspace
echo $WORKSPACE_BASE 
docker run -it --pull=always \
    -e SANDBOX_USER_ID=$(id -u) \
    -e WORKSPACE_MOUNT_PATH=$WORKSPACE_BASE \
    -v $WORKSPACE_BASE:/opt/workspace_base \
    ghcr.io/all-hands-ai/openhands:0.9
/home/{{keep:kali}}/workspace
0.9: Pulling from all-hands-ai/openhands
Digest: sha256:{{keep:0d511d5b76d8d65506241ccd0ca88b408458712326ceff65ae84a9dc1af93b87}}
Status: Image is up to date for ghcr.io/all-hands-ai/openhands:0.9
Starting OpenHands...
Running OpenHands as root
""",
    ),
    # ---- local model servers ---------------------------------------------------------------------------
    (
        "https://github.com/janhq/jan/issues/2508",
        ".txt",
        r"""2024-03-26T18:59:32.074Z [NITRO]::Debug: Nitro is ready
2024-03-26T18:59:32.074Z [NITRO]::Debug: Loading model with params {"ctx_len":4096,"llama_model_path":"C:\\Users\\[[user:Paweł]]{{keep:\\jan\\models\\trinity-v1.2-7b\\trinity-v1.2.Q4_K_M.gguf}}","cpu_threads":9,"ngl":100}
2024-03-26T18:59:32.102Z [NITRO]::Error: llama_model_load: error loading model: failed to open C:\Users\[[user:Paweł]]{{keep:\jan\models\trinity-v1.2-7b\trinity-v1.2.Q4_K_M.gguf}}: No such file or directory
llama_load_model_from_file: failed to load model
llama_init_from_gpt_params: error: failed to load model 'C:\Users\[[user:Paweł]]{{keep:\jan\models\trinity-v1.2-7b\trinity-v1.2.Q4_K_M.gguf}}'
""",
    ),
    (
        "https://github.com/lmstudio-ai/lmstudio-bug-tracker/issues/686",
        ".txt",
        r"""`C:\Users\{{keep:[USER]}}\.lmstudio\hub\models\microsoft\phi-4-reasoning-plus`

`C:\Users\{{keep:[USER]}}\.lmstudio\models\lmstudio-community\Phi-4-reasoning-plus-GGUF`
""",
    ),
    (
        "https://github.com/jellydn/gpt4all-cli/issues/255",
        ".txt",
        r"""(VoxNovel) [[user:finn]]@[[user:finn]]-System-Product-Name:~$   npx gpt4all-cli@latest
ℹ Welcome to the GPT4all CLI!                                      3:39:48 PM

[3:39:50 PM]  ERROR  ENOENT: no such file or directory, open '/home/[[user:finn]]{{keep:/.nomic}}'

HTTPError: Response code 404 (Not Found)
    at Request._onResponseBase (file:///home/[[user:finn]]{{keep:/.npm/_npx/27661af4ada6ed12/no}})
    at Request._onResponse (file:///home/[[user:finn]]{{keep:/.npm/_npx/27661af4ada6ed12/node_m}})
    at Object.onceWrapper (node:events:633:26)
""",
    ),
]


# The stop-74 collection (stop 51): excerpts of files committed in public repositories (autoconf's
# config.log, .my.cnf, zsh history, .mailmap, tnsnames.ora, .odbc.ini, XDG autostart launchers),
# found through the code corpus; every private value a same-shaped substitute (SOURCE.md).
_RAW_STOP74: list[tuple[str, str, str]] = [
    # ---- autoconf: config.log (hostname, PATH lines) -------------------------------------------
    (
        "https://github.com/2vin/self-learning-car/blob/29b697206c6dd46d3785ed280be0ff848b25c6da/config.log",
        ".txt",
        r"""This file contains any messages produced by compilers while
running configure, to aid debugging if configure makes a mistake.

It was created by configure, which was
generated by GNU Autoconf 2.69.  Invocation command line was

  $ ./configure CFLAGS=-fPIC CXXFLAGS=-fPIC CPPFLAGS=-fPIC

## --------- ##
## Platform. ##
## --------- ##

hostname = tam-pc
uname -m = x86_64
uname -r = 4.13.0-39-generic
uname -s = Linux
uname -v = #44~16.04.1-Ubuntu SMP Thu Apr 5 16:43:10 UTC 2018

/usr/bin/uname -p = unknown
/bin/uname -X     = unknown

PATH: /home/[[user:tam]]{{keep:/bin}}
PATH: /home/[[user:tam]]{{keep:/.local/bin}}
PATH: /usr/local/sbin
PATH: /usr/local/bin
PATH: /usr/sbin
PATH: /usr/bin
PATH: /snap/bin
PATH: /usr/lib/jvm/java-8-oracle/bin
PATH: /home/[[user:tam]]{{keep:/Android/Sdk/tools}}
PATH: /home/[[user:tam]]{{keep:/Android/Sdk/platform-tools}}
""",
    ),
    (
        "https://github.com/00pf00/unpv13e/blob/d0217534f4bea882bd6278d706fe77b64fbb0c82/config.log",
        ".txt",
        r"""It was created by configure, which was
generated by GNU Autoconf 2.57.  Invocation command line was

  $ ./configure 

hostname = qm-desktop
uname -m = x86_64
uname -r = 4.15.0-43-generic
uname -s = Linux

PATH: /usr/local/sbin
PATH: /usr/local/bin
PATH: /snap/bin

configure:2434: gcc -o conftest -g -O2 -D_REENTRANT   conftest.c -lnsl  -lpthread  >&5
/tmp/ccadYzpS.o: In function `main':
/home/[[user:qm]]{{keep:/workspace/unix/unpv13e/configure}}:2431: undefined reference to `t_open'
collect2: error: ld returned 1 exit status
configure:2573: checking for /usr/local/bind/lib/libbind.a
configure:2580: result: no
configure:2582: checking for /home/[[user:qm]]{{keep:/libbind.a}}
configure:2580: result: no
configure:2591: checking for /home/[[user:qm]]{{keep:/libresolv.a}}
configure:2598: result: no
configure:2733: checking for /home/[[user:qm]]{{keep:/libunp.a}}
configure:2741: result: no
""",
    ),
    (
        "https://github.com/0xa71a5/python_armv7/blob/193bd9dd4e31e1d6ee0837e381664c7339f4fc7c/config.log",
        ".txt",
        r"""It was created by python configure 2.7, which was
generated by GNU Autoconf 2.69.  Invocation command line was

  $ ./configure LDFLAGS=-static --disable-shared --with-cxx-main=/usr/bin/g++

hostname = raspberrypi
uname -m = armv7l
uname -r = 4.4.21-v7+
uname -s = Linux

PATH: /usr/local/sbin
PATH: /usr/local/bin
PATH: /usr/sbin
PATH: /usr/bin

configure:6749: gcc -o conftest -g -O2  -static conftest.c  >&5
/tmp/cckhGIb8.o: In function `main':
{{keep:/home/pi/python/source/python_static/conftest.c}}:34: undefined reference to `pthread_create'
""",
    ),
    # ---- MySQL client options: .my.cnf ---------------------------------------------------------
    (
        "https://github.com/AHT-CanineGenetics/CanvasDB/blob/3539a8165a99e16dc46d13ce6e9a49e8ef1aa9bd/.my.cnf",
        ".txt",
        r"""##
## Needed for sql-stuff in R.
##

[[[user:mkalverton]]_canvasdb]
user = [[user:mkalverton]]
password = {{keep:letmein}}
host     = localhost
database = [[user:mkalverton]]_canvasdb

[[[user:mkalverton]]_canvasdb_annot_cf3]
user = [[user:mkalverton]]
password = {{keep:letmein}}
host     = localhost
database = [[user:mkalverton]]_canvasdb_annot_cf3
""",
    ),
    (
        "https://github.com/3265/dotfiles/blob/43fd4d048a26f5ab1f8fdb50545096a63eb938e0/.my.cnf",
        ".txt",
        r"""[mysql]
default-character-set=utf8mb4

[mysqld]
character-set-server = utf8mb4
skip-character-set-client-handshake
collation-server = utf8mb4_general_ci
init-connect = SET NAMES utf8mb4
innodb_file_per_table = 1
innodb_large_prefix = 1
""",
    ),
    # ---- zsh: .zsh_history (extended history lines) ----------------------------------------------
    (
        "https://github.com/0r32x/ar_config/blob/1cbf8acd16cb49a65910a0e02b2034c767795c88/.zsh_history",
        ".txt",
        r""": 1522110848:19;sudo wifi-menu
: 1522111141:10;chsh -s /bin/zsh [[user:ulamv]]
: 1522111159:9;su -
: 1532543365:0;cp /usr/share/openvpn/examples/client.conf /etc/openvpn/client
: 1532543519:0;ls /home/[[user:ulamv]]{{keep:/Downloads}}
: 1532543586:0;unzip /home/[[user:ulamv]]{{keep:/Downloads/FreeVPN.me-OpenVPN-Bundle.zip}}
: 1532543609:0;sudo unzip /home/[[user:ulamv]]{{keep:/Downloads/FreeVPN.me-OpenVPN-Bundle.zip}}
: 1532704877:0;tmux
: 1532705026:0;vim /home/[[user:ulamv]]{{keep:/todo.list}}
: 1532980792:0;cd /home/[[user:ulamv]]{{keep:/Downloads}}
: 1532980807:0;7z e FreeVPN.me-OpenVPN-Bundle.zip
""",
    ),
    (
        "https://github.com/0xE2/dotfiles/blob/00092cba03d0610f521423a92a6b2afa2b8d5e8f/.zsh_history",
        ".txt",
        r"""kali-tweaks
sudo service pure-ftpd restart
 evil-winrm -e /tools/executables -s /tools/psscripts -i IP -u {{keep:Administrator}} -H hash
 dig +noall +answer tryhackme.loc
 xfreerdp /u:za\\{{keep:Administrator}} /p:{{keep:PASSWD}} /v:IP
 python3 -m http.server 8080
 /tools/impacket/examples/GetUserSPNs.py -outputfile kerberoastables.txt -dc-ip <IP> '{{keep:domain/user:pass}}'
 nbtscan -v IP | tee -a nbtscan.txt
 rlwrap impacket-psexec {{keep:domain/name:pass@IP}} C:\\Windows\\sysnative\\WindowsPowerShell\\v1.0\\powershell.exe
 stty raw -echo; (stty size; cat) | nc -lvnp 8800
""",
    ),
    (
        "https://github.com/2012monk/dotfiles/blob/b864c3f3e862a2b65d002c934254b76c3207d64d/.zsh_history",
        ".txt",
        r"""mv .zshrc zsh
mv .zsh_history zsh
brew search typora
: 1636206847:0;cd dotfiles/
: 1636206866:0;stow --adopt -nvt ~ *
: 1636207252:0;mv .zshrc ~/dotfiles/.zshrc.bak
: 1636207264:0;mv .tmux.conf.local ~/dotfiles/.tmux.conf.local.bak
: 1636208909:0;cd /usr/local/Cellar/neofetch/
: 1636210775:0;mv ~/.gitconfig .
: 1636212533:0;brew install romkatv/powerlevel10k/powerlevel10k
: 1636304874:0;git clone https://github.com/romkatv/zsh-prompt-benchmark.git "$ZSH_CUSTOM/plugins/zsh-prompt-benchmark"
""",
    ),
    (
        "https://github.com/5Taro/dotfiles/blob/14440be6718993923fe9243d0b56150eb0a54a44/.zsh_history",
        ".txt",
        r"""ssh-keygen -t rsa
cat id_rsa.pub|clip.exe
ssh -T git@github.com
git clone git@github.com:[[user:8Miko]]/pis.git 42tokyo
git clone -b master git@github.com:[[user:8Miko]]/pis.git 42tokyo
rm ./.config/coc/extentions
la C
total 276
drwxr-xr-x 13 [[user:kenji]] [[user:kenji]]  4096 Jan 19 21:58 .
drwxr-xr-x  3 {{keep:root}}  {{keep:root}}   4096 Dec 26 23:03 ..
-rw-------  1 [[user:kenji]] [[user:kenji]]  4845 Jan  5 21:52 .bash_history
-rw-r--r--  1 [[user:kenji]] [[user:kenji]]   220 Dec 26 23:03 .bash_logout
-rw-r--r--  1 [[user:kenji]] [[user:kenji]]  3771 Dec 26 23:03 .bashrc
curl -fssL https://deno.land/install.sh | sh
""",
    ),
    # ---- git: .mailmap (names and addresses of contributors) -----------------------------------
    (
        "https://github.com/10110111/geeqie/blob/366ee2bf05dde1d48e40394a1a79e7271164be38/.mailmap",
        ".txt",
        r"""<[[email:pqmt@pqmt.org]]> <[[email:pqmt@google.com]]>
<[[email:rvance@tqd.net]]> <[[email:roman.vance@rvance.uk]]>
[[user:Roman Vance]] <[[email:rvance@tqd.net]]>
<[[email:pmars@verizon.net]]> [[user:Piet Marsh]] <{{keep:gqview@users.sf.net}}>
<[[email:kel@vult.org]]> [[user:Fabrice Dorel]] <[[email:geeqie@vult.org]]>
<[[email:tkorvalds@fedoraproject.org]]> <[[email:tkorvalds@gmail.com]]>
<[[email:rovan@debian.org]]> <[[email:jbelak@suse.cz]]>
<[[email:hwk+git@lindenhoff.de]]> [[user:K. T. Brandt]] <[[email:ninetytwo@users.noreply.github.com]]>
""",
    ),
    (
        "https://github.com/0xbrando/dictate/blob/35744e1551120bb44f1e552acb0400511e39c251/.mailmap",
        ".txt",
        r"""[[user:kelvyn]] <[[email:58312047+0xkelvyn@users.noreply.github.com]]> [[user:0xkelvyn]] <[[email:58312047+0xkelvyn@users.noreply.github.com]]>
[[user:kelvyn]] <[[email:58312047+0xkelvyn@users.noreply.github.com]]> [[user:kelvynross]] <[[email:58312047+kelvynross@users.noreply.github.com]]>
""",
    ),
    # ---- Oracle Net: tnsnames.ora ----------------------------------------------------------------
    (
        "https://github.com/790013438/ADMIN/blob/7f426a7421f882972595ef5a46907c47cd44470d/tnsnames.ora",
        ".txt",
        r"""# tnsnames.ora Network Configuration File: D:\app\[[user:58204]]{{keep:\product\11.2.0\dbhome_1\network\admin\tnsnames.ora}}
# Generated by Oracle configuration tools.

LISTENER_ORCL =
  (ADDRESS = (PROTOCOL = TCP)(HOST = localhost)(PORT = 1521))

ORCL =
  (DESCRIPTION =
    (ADDRESS = (PROTOCOL = TCP)(HOST = 192.168.10.100)(PORT = 1521))
    (CONNECT_DATA =
      (SERVER = DEDICATED)
      (SERVICE_NAME = orcl)
    )
  )
""",
    ),
    # ---- unixODBC: .odbc.ini -----------------------------------------------------------------------
    (
        "https://github.com/pklingem/dotfiles/blob/7ce88384d6dfab06ba6de76b5ecc0d394506404f/.odbc.ini",
        ".txt",
        r"""/home/[[user:terence]]{{keep:/.odbc.ini}}""",
    ),
    (
        "https://github.com/LeifW/Profile/blob/133a2d6750202ed92a52dfc31083d1b45d1eff85/.odbc.ini",
        ".txt",
        r"""[ODBC Data Sources]
HXQ     = MyODBC 5.1 Driver DSN

[HXQ]
Driver       = /usr/lib/libmyodbc5.so
Description  = Connector/ODBC 5.1 Driver DSN
user={{keep:user}}
password={{keep:password}}
option=262144
""",
    ),
    (
        "https://github.com/michalwski/dotfiles/blob/eff73df72d8817703f632c22cb006e3e6a93a4a9/.odbc.ini",
        ".txt",
        r"""[mongoose-mssql]
Driver      = /usr/local/Cellar/freetds/1.00.104/lib/libtdsodbc.so
Server      = 127.0.0.1
Port        = 1433
Database    = ejabberd
Username    = {{keep:sa}}
Password    = {{keep:mongooseim_secret+ESL123}}
Charset     = UTF-8
TDS_Version = 7.2

[ejabberd-pgsql]
Driver               = PostgreSQL Unicode
ServerName           = localhost
Port                 = 5432
Database             = ejabberd
Username             = {{keep:ejabberd}}
Password             = {{keep:mongooseim_secret}}
sslmode              = verify-full
""",
    ),
    (
        "https://github.com/NS-APU/river_management/blob/b2810bcea980f8e95baac3813c0f3de8bf8abbe8/.odbc.ini",
        ".txt",
        r"""[water_levels_db]
Description = PostgreSQL ODBC DSN
#Driver = PostgreSQL
Driver = /usr/lib/aarch64-linux-gnu/odbc/psqlodbcw.so
Server = 172.22.0.3 #postgresのIPアドレス
Port = 5432
Database = water_level
User = {{keep:zabbix}}
Password = {{keep:zabbix}}
""",
    ),
    (
        "https://github.com/siraj-samsudeen/dotfiles/blob/3d9e43e2edfad4b416970a3a1cf88f592915b5f6/.odbc.ini",
        ".txt",
        r"""[Afans]
; Driver = ODBC Driver 18 for SQL Server
Driver=/opt/homebrew/Cellar/msodbcsql18/18.5.1.1/lib/libmsodbcsql.18.dylib
Server = tcp:20.235.28.10,1433
Database = iCube1920
; Credentials stored in ~/.secrets as ODBC_AFANS_UID and ODBC_AFANS_PWD
Encrypt = yes
TrustServerCertificate = yes""",
    ),
    # ---- XDG autostart launchers: ~/.config/autostart/conky.desktop -------------------------------
    (
        "https://github.com/Agontuk/arch-configs/blob/b18dce04bd61451eb2e7bc5a9ba2413778d0363c/.config/autostart/conky.desktop",
        ".txt",
        r"""[Desktop Entry]
Type=Application
Exec=/home/[[user:rivosek]]{{keep:/.config/conky/startup.sh}}
Hidden=false
NoDisplay=false
X-GNOME-Autostart-enabled=true
Name[en_US]=Conky
Name=Conky
""",
    ),
    (
        "https://github.com/AbsolutelyLudicrous/dotfiles/blob/32004b948b61f7fd97dfec616bb2e9a0d5ef1895/.config/autostart/conky.desktop",
        ".txt",
        r"""[Desktop Entry]
Type=Application
Exec=sh "/home/[[user:pirro]]{{keep:/.conky/conky-startup.sh}}"
Hidden=false
NoDisplay=false
X-GNOME-Autostart-enabled=true
Name[en_IN]=Conky
Name=Conky
""",
    ),
    (
        "https://github.com/C0llateral/dotfiles/blob/958ca1df2e0240961434fbbccc1d5ea20e02c762/.config/autostart/conky.desktop",
        ".txt",
        r"""[Desktop Entry]
Type=Application
Exec=sh "/home/[[user:m0nochrome]]{{keep:/.conky/conky-startup.sh}}"
Hidden=false
NoDisplay=false
X-GNOME-Autostart-enabled=true
Name[en_IN]=Conky
Name=Conky
""",
    ),
]


# The stop-76 collection (batch 76, collected at stop 51 under scrubber 1.32.0 plus 1e55f1d's
# unversioned rules): excerpts of public threads of a source no batch took yet, Linux system logs
# as people paste them (SELinux AVC denials, AppArmor DENIED lines from dmesg and syslog,
# coredumpctl info, gnome-shell journal lines, snap, flatpak, Steam runtime, Lutris and Wine
# prefix logs, sudo and pam_unix journal lines).
_RAW_STOP76: list[tuple[str, str, str]] = [
    # ---- SELinux AVC denials ------------------------------------------------------------------------
    (
        "https://github.com/fedora-selinux/selinux-policy/pull/2379",
        ".txt",
        r"""Oct 08 18:42:47 fedora audit[911]: AVC avc:  denied  { write } for  pid=911 comm="systemd-homed" name="home" dev="sda3" ino=196819 scontext=system_u:system_r:systemd_homed_t:s0 tcontext=system_u:object_r:systemd_homed_cache_t:s0 tclass=dir permissive=1
Oct 08 18:42:47 fedora audit[911]: AVC avc:  denied  { add_name } for  pid=911 comm="systemd-homed" name="[[user:leon]]" scontext=system_u:system_r:systemd_homed_t:s0 tcontext=system_u:object_r:systemd_homed_cache_t:s0 tclass=dir permissive=1
Oct 08 18:42:47 fedora audit[911]: AVC avc:  denied  { create } for  pid=911 comm="systemd-homed" name="[[user:leon]]" scontext=system_u:system_r:systemd_homed_t:s0 tcontext=system_u:object_r:systemd_homed_cache_t:s0 tclass=dir permissive=1
Oct 08 18:42:47 fedora audit[3061]: AVC avc:  denied  { write } for  pid=3061 comm="systemd-homewor" name="home" dev="sda3" ino=196819 scontext=system_u:system_r:systemd_homework_t:s0 tcontext=system_u:object_r:systemd_homed_cache_t:s0 tclass=dir permissive=1
Oct 08 18:42:47 fedora audit[3061]: AVC avc:  denied  { add_name } for  pid=3061 comm="systemd-homewor" name=".#[[user:leon]]7c61b494c6f1bd9c" scontext=system_u:system_r:systemd_homework_t:s0 tcontext=system_u:object_r:systemd_homed_cache_t:s0 tclass=dir permissive=1
""",
    ),
    (
        "https://github.com/SELinuxProject/refpolicy/pull/675",
        ".txt",
        r"""Aug 29 21:38:07 localhost.localdomain audisp-syslog[1582]: node=localhost type=AVC msg=audit(1693345086.894:3623): avc:  denied  { write } for  pid=1840 comm="ssh-agent" path="/home/[[user:pearl]]{{keep:/.xsession-errors}}" dev="dm-9" ino=65541 scontext=staff_u:staff_r:staff_ssh_agent_t:s0 tcontext=system_u:object_r:xsession_log_t:s0 tclass=file permissive=1

Aug 29 21:38:07 localhost.localdomain audisp-syslog[1582]: node=localhost type=AVC msg=audit(1693345086.937:3634): avc:  denied  { getattr } for  pid=1840 comm="ssh-agent" path="/usr/share/crypto-policies/FIPS/opensslcnf.txt" dev="dm-1" ino=262231 scontext=staff_u:staff_r:staff_ssh_agent_t:s0 tcontext=system_u:object_r:usr_t:s0 tclass=file permissive=1
""",
    ),
    (
        "https://github.com/fedora-selinux/selinux-policy/pull/1422",
        ".txt",
        r"""Addresses the following AVC denial:
type=AVC msg=audit(1659565459.557:2171): avc:  denied  { watch } for  pid=129930 comm="gmain" path="/home/{{keep:username}}" dev="dm-0" ino=1583 scontext=system_u:system_r:xdm_t:s0-s0:c0.c1023 tcontext=unconfined_u:object_r:user_home_dir_t:s0 tclass=dir permissive=0

Resolves: rhbz#2115133
""",
    ),
    # ---- AppArmor DENIED lines: snaps ---------------------------------------------------------------
    (
        "https://github.com/standardnotes/desktop/issues/653",
        ".txt",
        r"""Jan 30 15:34:29 ubuntu kernel: [24749.856278] audit: type=1400 audit(1612017269.344:43): apparmor="DENIED" operation="open" profile="snap.standard-notes.standard-notes" name="/home/[[user:dwbrnk]]{{keep:/.dotfiles/config/.config/gtk-3.0/settings.ini}}" pid=21631 comm="standard-notes" requested_mask="r" denied_mask="r" fsuid=1000 ouid=1000
Jan 30 15:34:29 ubuntu kernel: [24749.903525] audit: type=1107 audit(1612017269.392:44): pid=1236 uid=103 auid=4294967295 ses=4294967295 subj=unconfined msg='apparmor="DENIED" operation="dbus_method_call"  bus="system" path="/" interface="org.freedesktop.DBus.ObjectManager" member="GetManagedObjects" mask="send" name="org.bluez" pid=21631 label="snap.standard-notes.standard-notes"

The binary initially accesses /home/[[user:dwbrnk]]{{keep:/.config/gtk-3.0/settings.ini}} which is a symlink to the file mentioned above.
""",
    ),
    (
        "https://github.com/ramboxapp/community-edition/issues/1962",
        ".txt",
        r"""[46572.548166] audit: type=1400 audit(1541596673.929:52): apparmor="DENIED" operation="open" profile="snap.rambox.rambox" name="/etc/fstab" pid=5562 comm="rambox" requested_mask="r" denied_mask="r" fsuid=1000 ouid=0
[46576.876796] audit: type=1400 audit(1541596678.261:55): apparmor="DENIED" operation="open" profile="snap.rambox.rambox" name="/home/[[user:oya]]{{keep:/.bash_logout}}" pid=5562 comm="pool" requested_mask="r" denied_mask="r" fsuid=1000 ouid=1000
[46576.876857] audit: type=1400 audit(1541596678.261:56): apparmor="DENIED" operation="open" profile="snap.rambox.rambox" name="/home/[[user:oya]]{{keep:/.profile}}" pid=5562 comm="pool" requested_mask="r" denied_mask="r" fsuid=1000 ouid=1000
[46576.877261] audit: type=1400 audit(1541596678.261:57): apparmor="DENIED" operation="open" profile="snap.rambox.rambox" name="/home/[[user:oya]]{{keep:/.bash_history}}" pid=5562 comm="pool" requested_mask="r" denied_mask="r" fsuid=1000 ouid=1000
""",
    ),
    (
        "https://github.com/snapcrafters/mattermost-desktop/issues/11",
        ".txt",
        r"""Aug  8 16:03:52 bbn-11838 kernel: [146686.133726] audit: type=1400 audit(1533762232.117:3257): apparmor="DENIED" operation="open" profile="snap.mattermost-desktop.mattermost-desktop" name="/home/[[user:rtobine]]{{keep:/snap/mattermost-desktop/72/.config/Mattermost/Cookies-journal}}" pid=13579 comm="BrowserBlocking" requested_mask="wc" denied_mask="wc" fsuid=1832001200 ouid=1832001200

Aug  8 16:16:15 bbn-11838 kernel: [147429.568970] audit: type=1400 audit(1533762975.553:3278): apparmor="DENIED" operation="mknod" profile="snap.mattermost-desktop.mattermost-desktop" name="/home/[[user:rtobine]]{{keep:/snap/mattermost-desktop/72/.config/Mattermost/Cache/f_000167}}" pid=13579 comm="Chrome_CacheThr" requested_mask="c" denied_mask="c" fsuid=1832001200 ouid=1832001200
""",
    ),
    (
        "https://github.com/alexmurray/indicator-sensors/issues/18",
        ".txt",
        r"""Jul 13 10:54:16 slate kernel: [154418.485802] audit: type=1400 audit(1531445056.703:916): apparmor="DENIED" operation="mknod" profile="snap.indicator-sensors.indicator-sensors" name="/home/[[user:bkessel]]{{keep:/snap/indicator-sensors/44/.config/indicator-sensors/sensors.C1T9LZ}}" pid=2644 comm="indicator-senso" requested_mask="c" denied_mask="c" fsuid=1000 ouid=1000
Jul 13 11:00:16 slate kernel: [154778.484167] audit: type=1400 audit(1531445416.698:917): apparmor="DENIED" operation="mknod" profile="snap.indicator-sensors.indicator-sensors" name="/home/[[user:bkessel]]{{keep:/snap/indicator-sensors/44/.config/indicator-sensors/sensors.OH6ULZ}}" pid=2644 comm="indicator-senso" requested_mask="c" denied_mask="c" fsuid=1000 ouid=1000
""",
    ),
    (
        "https://github.com/IsmaelMartinez/teams-for-linux/issues/1281",
        ".txt",
        r"""systemd[5210]: Started snap.teams-for-linux.teams-for-linux-07adcd7e-797e-4938-96bf-62690e304b66.scope.
kernel: [48265.914430] kauditd_printk_skb: 1 callbacks suppressed
kernel: [48265.914436] audit: type=1400 audit(1717613996.233:83260): apparmor="DENIED" operation="capable" profile="/usr/lib/snapd/snap-confine" pid=48572 comm="snap-confine" capability=12  capname="net_admin"
systemd[5209]: Started Teams for Linux.
kernel: [48265.924153] audit: type=1400 audit(1717613996.241:83262): apparmor="DENIED" operation="open" profile="snap.teams-for-linux.teams-for-linux" name="/home/{{keep:username}}/.bashrc" pid=48572 comm="command.sh" requested_mask="r" denied_mask="r" fsuid=1000 ouid=1000
kernel: [48265.924969] audit: type=1400 audit(1717613996.245:83263): apparmor="DENIED" operation="open" profile="snap.teams-for-linux.teams-for-linux" name="/home/{{keep:username}}/.bashrc" pid=48572 comm="desktop-init.sh" requested_mask="r" denied_mask="r" fsuid=1000 ouid=1000
""",
    ),
    (
        "https://github.com/nextcloud-snap/nextcloud-snap/issues/1612",
        ".txt",
        r"""[   18.949662] audit: type=1400 audit(1611064871.016:51): apparmor="DENIED" operation="exec" profile="snap.nextcloud.mysql" name="/bin/systemctl" pid=1310 comm="mysql.server" requested_mask="x" denied_mask="x" fsuid=0 ouid=0
[   19.135818] audit: type=1400 audit(1611064871.204:52): apparmor="DENIED" operation="open" profile="snap.nextcloud.renew-certs" name="/proc/1042/mounts" pid=1042 comm="python2" requested_mask="r" denied_mask="r" fsuid=0 ouid=0

    $ snap list nextcloud
nextcloud  19.0.6snap1  25104  19/stable  nextcloud✓  -
    $ snap version
snap    2.48.2
snapd   2.48.2
series  16
ubuntu  20.04
kernel  5.4.0-62-generic
""",
    ),
    # ---- snap and flatpak errors --------------------------------------------------------------------
    (
        "https://github.com/maxiberta/htop-snap/issues/7",
        ".txt",
        r"""$ sudo snap install htop
$ htop
cannot create user data directory: /home/[[user:kral]]{{keep:/snap/htop/1168}}: Not a directory

$ ls -la /home/[[user:kral]]
lrwxrwxrwx 1 root root 59 apr 26 10:45 /home/[[user:kral]] -> /media/[[user:kral]]/29869796-b243-4e94-8967-17a4129f3a74/home/[[user:kral]]//
""",
    ),
    (
        "https://github.com/popey/sosumi-snap/issues/10",
        ".txt",
        r"""2020/03/06 19:54:34.179897 cmd_run.go:884: WARNING: cannot create user data directory: cannot create "/home/{{keep:myuser}}/snap/sosumi/common": mkdir /home/{{keep:myuser}}/snap/sosumi/common: permission denied
cannot create user data directory: /home/{{keep:myuser}}/snap/sosumi/15: Not a directory

error: cannot perform the following tasks:
- Remove data for snap "sosumi" (15) (unlinkat /home/{{keep:myuser}}/snap/sosumi/15/ESP.qcow2: read-only file system)
""",
    ),
    (
        "https://github.com/flatpak/flatpak/issues/1291",
        ".txt",
        r"""F: Opening user flatpak installation at path /home/[[user:emil]]{{keep:/.local/share/flatpak}}
F: No installations directory in /etc/flatpak/installations.d. Skipping
F: Opening user flatpak installation at path /home/[[user:emil]]{{keep:/.local/share/flatpak}}
F: Allowing x11 access

sh-4.3$ /app/usr/bin/winetricks
Using winetricks 20171222 - sha256sum: {{keep:b9be878672d7d2ea1206111344d5439c6f0894e758052537dda2cbff4f29777b}} with wine-2.21 (Staging) and WINEARCH=win32
""",
    ),
    # ---- coredumpctl info ---------------------------------------------------------------------------
    (
        "https://github.com/ublue-os/bazzite/issues/4256",
        ".txt",
        r"""           PID: 15706 (drkonqi-coredum)
           UID: 1000 ([[user:tovaquill]])
           GID: 1000 ([[user:tovaquill]])
        Signal: 11 (SEGV)
     Timestamp: Tue 2026-03-03 02:50:56 EET (11s ago)
  Command Line: /usr/libexec/drkonqi-coredump-launcher
    Executable: /usr/libexec/drkonqi-coredump-launcher
 Control Group: /user.slice/user-1000.slice/user@1000.service/app.slice/drkonqi-coredump-launcher@541-28783-15683_15684-0.service
          Unit: user@1000.service
     User Unit: drkonqi-coredump-launcher@541-28783-15683_15684-0.service
         Slice: user-1000.slice
     Owner UID: 1000 ([[user:tovaquill]])
       Boot ID: {{keep:1665bbf90d734f278628d7f21ba0b720}}
    Machine ID: {{keep:25d1fe9bc6a14bbbb0603da20fc42e36}}
      Hostname: Tovaquill-AllyX
       Storage: /var/lib/systemd/coredump/core.drkonqi-coredum.1000.{{keep:1665bbf90d734f278628d7f21ba0b720}}.15706.1772499056000000.zst (present)
  Size on Disk: 797.5K
       Message: Process 15706 (drkonqi-coredum) of user 1000 dumped core.
""",
    ),
    (
        "https://github.com/systemd/systemd/issues/9524",
        ".txt",
        r"""           PID: 8723 (http.so)
           UID: 1000 ([[user:yuki]])
           GID: 1000 ([[user:yuki]])
        Signal: 11 (SEGV)
     Timestamp: Sun 2017-12-24 18:25:49 CST (6 months 12 days ago)
  Command Line: http.so [kdeinit5] https local:/run/user/1000/klauncherTJ1614.1.slave-socket local:/run/user/1000/kioclientXM8718.2.slave-socket
    Executable: /usr/bin/kdeinit5
""",
    ),
    # ---- sudo and pam_unix journal lines ------------------------------------------------------------
    (
        "https://github.com/NixOS/nixpkgs/pull/14190",
        ".txt",
        r"""machine# [  135.451402] sudo[769]:    {{keep:sybil}} : TTY=unknown ; PWD=/home/{{keep:sybil}} ; USER=root ; COMMAND=/run/current-system/sw/bin/true
machine# [  135.520832] sudo[769]: pam_unix(sudo:session): session opened for user root by (uid=0)
machine# [  135.690844] sudo[769]: pam_unix(sudo:session): session closed for user root
machine# [  135.778424] su[756]: pam_unix(su:session): session closed for user {{keep:sybil}}
machine: exit status 0
""",
    ),
    # ---- gnome-shell extensions in the journal ------------------------------------------------------
    (
        "https://github.com/mgalgs/gnome-shell-system-monitor-next-applet/issues/56",
        ".txt",
        r"""Nov 27 09:50:01 nicoltlr gnome-shell[1379]: JS ERROR: Gio.IOErrorEnum: Error reading from file: Invalid argument
                                            refresh/<@file:///home/[[user:nick]]{{keep:/.local/share/gnome-shell/extensions/system-monitor-next@paradoxxx.zero.gmail.com/extension.js}}:2070:35
                                            @resource:///org/gnome/shell/ui/init.js:21:20
""",
    ),
    (
        "https://github.com/0ry0n/Resource_Monitor/issues/30",
        ".txt",
        r"""Nov 25 11:02:13 debian64 gnome-shell[6035]: JS ERROR: Error: Error: df: /run/user/1000/doc: Operation not permitted

                                            _refreshDiskSpace/<@/home/[[user:prauchl]]{{keep:/.local/share/gnome-shell/extensions/Resource_Monitor@Ory0n/extension.js}}:1201:23
Nov 25 11:02:15 debian64 gnome-shell[6035]: JS ERROR: Error: Error: df: /run/user/1000/doc: Operation not permitted
""",
    ),
    (
        "https://github.com/johnhoran/Laine/issues/35",
        ".txt",
        r"""May 20 13:17:23 org.gnome.Shell.desktop[1292]: Gjs-Message: JS WARNING: [/home/{{keep:x}}/.local/share/gnome-shell/extensions/{{keep:laine@knasher.gmail.com}}/extension.js 374]: applying the 'delete' operator to an unqualified name
""",
    ),
    (
        "https://github.com/RensAlthuis/vertical-overview/issues/117",
        ".txt",
        r"""JS ERROR: TypeError: bgManager.backgroundActor is null set_backgrounds/bgManager._fadeSignal<@/home/{{keep:XXX}}/.local/share/gnome-shell/extensions/{{keep:vertical-overview@RensAlthuis.github.com}}/workspace.js:42:21
""",
    ),
    # ---- Steam runtime, Lutris and Wine prefixes ----------------------------------------------------
    (
        "https://github.com/ValveSoftware/steam-runtime/issues/315",
        ".txt",
        r"""RegisterForAppOverview 1: 82ms
RegisterForAppOverview 2: 84ms
[413080-650764041]: Successfuly started tracking playtime
ExecuteSteamURL: "steam://open/games"
Installing breakpad exception handler for appid(steam)/version(1607131459)
[252490]Non-Steam Controller Configs Enabled: 0
Opted-in Controller Mask Forced Off
Loaded Config for Local Override Path for App ID 252490, Controller 0: /home/[[user:mudfin]]{{keep:/.steam/steam//controller_base/empty.vdf}}
GameAction [AppID 252490, ActionID 1] : LaunchApp changed task to ProcessingInstallScript with ""
""",
    ),
    (
        "https://github.com/lutris/lutris/issues/1658",
        ".txt",
        r"""Running /home/[[user:qdm]]{{keep:/.local/share/lutris/runners/wine/tkg-3.21-x86_64/bin/wine}} /home/[[user:qdm]]{{keep:/.local/share/lutris/runners/winesteam/prefix/drive_c/Program Files/Steam/Steam.exe}} -no-cef-sandbox -console -no-cef-sandbox -nochatui -nofriendsui -shutdown
DEBUG    2019-01-23 15:01:24,049 [command.on_stop:151]:The process has terminated with code 0
DEBUG    2019-01-23 15:01:40,604 [display._get_vidmodes:15]:Retrieving video modes from XrandR
DEBUG    2019-01-23 15:01:47,936 [winesteam.get_game_path_from_appid:312]:Checking for game 298110 in /home/[[user:qdm]]{{keep:/.local/share/lutris/runners/winesteam/prefix/drive_c/Program Files/Steam/steamapps}}
DEBUG    2019-01-23 15:01:47,937 [winesteam.get_game_path_from_appid:315]:Game found in /home/[[user:qdm]]{{keep:/.local/share/lutris/runners/winesteam/prefix/drive_c/Program Files/Steam/steamapps/common/Far Cry 4}}
""",
    ),
    (
        "https://github.com/lutris/lutris/issues/2369",
        ".txt",
        r"""ls -l /home/[[user:barnabas]]/games/lutris/wine_dxvk_and_d9vk/drive_c/users/[[user:barnabas]]

total 572
drwxr-xr-x 1 [[user:barnabas]] {{keep:users}}     16 Aug 22 23:25  AppData
drwxr-xr-x 1 [[user:barnabas]] {{keep:users}}     30 Sep 14 01:00 'Application Data'
drwxr-xr-x 1 [[user:barnabas]] {{keep:users}}      0 Aug 22 23:25  Contacts
lrwxrwxrwx 1 [[user:barnabas]] {{keep:users}}     15 Oct  5 01:41  Desktop -> /home/[[user:barnabas]]/
drwxr-xr-x 1 [[user:barnabas]] {{keep:users}}      6 Sep 14 01:15  Documents
lrwxrwxrwx 1 [[user:barnabas]] {{keep:users}}     15 Oct  5 01:41 'My Documents' -> /home/[[user:barnabas]]/
lrwxrwxrwx 1 [[user:barnabas]] {{keep:users}}     15 Oct  5 01:41 'My Music' -> /home/[[user:barnabas]]/
""",
    ),
    (
        "https://github.com/Matoking/protontricks/issues/388",
        ".txt",
        r"""protontricks (DEBUG): Stream log handler added
protontricks (INFO): Found Steam directory at /home/{{keep:user}}/.local/share/Steam
protontricks (INFO): Using default Steam Runtime at /home/{{keep:user}}/.local/share/Steam/ubuntu12_32/steam-runtime
protontricks (INFO): Winetricks path is set to /usr/bin/winetricks
protontricks (DEBUG): Found Steam library folder /home/{{keep:user}}/.local/share/Steam. Is Flatpak path: False, Is XDG Steam path: True.
protontricks (DEBUG): Found compatdata directories for app 291550: [PosixPath('/home/{{keep:user}}/.local/share/Steam/steamapps/compatdata/291550/pfx')]
""",
    ),
]


# The stop-77 collection (batch 77, collected at stop 51 under scrubber 1.32.0 plus 1e55f1d's
# unversioned rules): excerpts of public threads of a source no batch took yet, Apple and mobile
# crash and build reports as people paste them (iOS and macOS crash reports, kernel panics,
# xcodebuild's build settings as text and JSON, CocoaPods' and fastlane's environment reports,
# Crashlytics' upload-symbols and logcat lines, Flutter's adb and Gradle logs).
_RAW_STOP77: list[tuple[str, str, str]] = [
    # ---- xcodebuild -showBuildSettings, Xcode's defaults --------------------------------------------
    (
        "https://github.com/SolaWing/xcode-build-server/issues/91",
        ".txt",
        r"""```
[
  {
    "action" : "build",
    "buildSettings" : {
      "__DIAGNOSE_DEPRECATED_ARCHS" : "YES",
      "__IS_NOT_MACOS" : "NO",
      "_DEVELOPMENT_TEAM_IS_EMPTY" : "NO",
      "_WRAPPER_CONTENTS_DIR" : "/Contents",
      "ACTION" : "build",
      "AD_HOC_CODE_SIGNING_ALLOWED" : "YES",
      "ALTERNATE_GROUP" : "staff",
      "ALTERNATE_MODE" : "u+w,go-w,a+rX",
      "ALTERNATE_OWNER" : "[[user:gordonfairbanks]]",
      "ALTERNATIVE_DISTRIBUTION_WEB" : "NO",
      "ALWAYS_EMBED_SWIFT_STANDARD_LIBRARIES" : "NO",
```

```
      "SWIFT_VERSION" : "5.0",
      "SYMROOT" : "/Users/[[user:gordonfairbanks]]{{keep:/Library/Developer/Xcode/DerivedData/project-bvxvhckjmmjhxkhcsiarbipkszfi/Build/Products}}",
      "SYSTEM_ADMIN_APPS_DIR" : "/Applications/Utilities",
      "SYSTEM_APPS_DIR" : "/Applications",
      "SYSTEM_CORE_SERVICES_DIR" : "/System/Library/CoreServices",
      "SYSTEM_DEVELOPER_BIN_DIR" : "/Applications/Xcode-beta.app/Contents/Developer/usr/bin",
      "SYSTEM_DEVELOPER_DIR" : "/Applications/Xcode-beta.app/Contents/Developer",
```
""",
    ),
    (
        "https://github.com/fastlane/fastlane/issues/7898",
        ".txt",
        r"""```
Build settings for action clean and target "mZone Poker":
    ACTION = clean
    AD_HOC_CODE_SIGNING_ALLOWED = NO
    ALTERNATE_GROUP = staff
    ALTERNATE_MODE = u+w,go-w,a+rX
    ALTERNATE_OWNER = [[user:Rowan]]
    ALWAYS_EMBED_SWIFT_STANDARD_LIBRARIES = NO
    ALWAYS_SEARCH_USER_PATHS = NO
    ALWAYS_USE_SEPARATE_HEADERMAPS = NO
    APPLE_INTERNAL_DEVELOPER_DIR = /AppleInternal/Developer
    APPLE_INTERNAL_DIR = /AppleInternal
    APPLICATION_EXTENSION_API_ONLY = NO
    ARCHS = armv7 arm64
    ARCHS_STANDARD = armv7 arm64
    ASSETCATALOG_COMPILER_APPICON_NAME = AppIcon
    AVAILABLE_PLATFORMS = appletvos appletvsimulator iphoneos iphonesimulator macosx watchos watchsimulator
    BITCODE_GENERATION_MODE = marker
```
""",
    ),
    (
        "https://github.com/qvacua/vimr/issues/249",
        ".txt",
        r"""```
    export ALTERNATE_GROUP=staff
    export ALTERNATE_MODE=u+w,go-w,a+rX
    export ALTERNATE_OWNER=[[user:tb]]
    export ALWAYS_SEARCH_USER_PATHS=NO
    export APPLE_INTERNAL_DIR=/AppleInternal
    export ARCHS=x86_64
    export AVAILABLE_PLATFORMS="appletvos appletvsimulator iphoneos iphonesimulator macosx watchos watchsimulator"
    export BITCODE_GENERATION_MODE=marker
    export BUILD_COMPONENTS="headers build"
    export BUILD_DIR=/Users/[[user:tb]]{{keep:/Work/vimr/build}}
    export BUILD_ROOT=/Users/[[user:tb]]{{keep:/Work/vimr/build}}
    export BUILD_STYLE=
    export BUILD_VARIANTS=normal
    export BUILT_PRODUCTS_DIR=/Users/[[user:tb]]{{keep:/Work/vimr/build/Release}}
    export CACHE_ROOT=/var/folders/x5/kc5g8yyx6s5fbmp3tsdrk0nr0000gn/C/com.apple.DeveloperTools/7.3.1-7D1014/Xcode
```
""",
    ),
    (
        "https://github.com/erikdoe/ocmock/pull/55",
        ".txt",
        r"""$ defaults read com.apple.dt.Xcode IDEApplicationwideBuildSettings
{
    OBJROOT = "/Users/[[user:paul]]{{keep:/Source/Builds/Intermediates}}";
    SYMROOT = "/Users/[[user:paul]]{{keep:/Source/Builds}}";
}
""",
    ),
    (
        "https://github.com/omnigroup/OmniGroup/issues/8",
        ".txt",
        r"""Last login: Wed Nov  3 17:11:16 on ttys000
Simons-iMac:~ [[user:Simon]]$ cd /Volumes/My\ Book/iPhone\ Stuff/Developer/References/OmniGroup 
Simons-iMac:OmniGroup [[user:Simon]]$ ./Scripts/Build Frameworks installNow in: /Volumes/My Book/iPhone Stuff/Developer/References
2010-11-03 17:11:28.594 defaults[6370:903] 
The domain/default pair of (com.apple.Xcode, PBXProductDirectory) does not exist
Warning: PBXProductDirectory not defined in Xcode, using /Users/Shared/[[user:Simon]]{{keep:/Products}}
2010-11-03 17:11:28.605 defaults[6372:903] 
The domain/default pair of (com.apple.Xcode, PBXIntermediatesDirectory) does not exist
Warning: PBXIntermediatesDirectory not defined in Xcode, using /Users/Shared/[[user:Simon]]{{keep:/Products/Builds}}
BUILD_ACTION=install
Making installed product files writable
# 
# Wed Nov 3 17:11:28 MDT 2010
# Starting build of Frameworks
# BUILD_CONFIGURATION=Release
# 

Building FixStringsFile (OmniGroup/Tools/FixStringsFile)
+./Scripts/Build:136> xcodebuild 'DSTROOT=/' 'SYMROOT=/Users/Shared/[[user:Simon]]{{keep:/Products}}' 'OBJROOT=/Users/Shared/[[user:Simon]]{{keep:/Products/Builds}}' 'OMNI_INSTALLED_PRODUCTS=/Users/Shared/[[user:Simon]]{{keep:/InstalledProducts}}' 'OMNI_FRAMEWORK_TARGET_PATH=@executable_path/../Frameworks' -configuration Release -project FixStringsFile.xcodeproj install
Build settings from command line:
    DSTROOT = /
    OBJROOT = /Users/Shared/[[user:Simon]]{{keep:/Products/Builds}}
""",
    ),
    # ---- crash reports and kernel panics -------------------------------------------------------------
    (
        "https://github.com/kstenerud/KSCrash/issues/86",
        ".txt",
        r"""Incident Identifier: {{keep:A95214E8-58D5-4A09-8316-0ADF4793CA02}}
CrashReporter Key:   {{keep:803287b4c860230a23d6c4456fb72b3f1e9ed116}}
Hardware Model:      iPad5,4
Process:         FloppyWorm [438]
Path:            /private/var/mobile/Containers/Bundle/Application/77D5E035-93A5-4AC6-AA01-42A00B468396/FloppyWorm.app/FloppyWorm
Identifier:      FLOPPY.WORM
Version:         3.1 (7)
Code Type:       ARM-64
Parent Process:  launchd [1]

Date/Time:       2015-03-21 20:01:15.000 -0600
OS Version:      iPhone OS 8.2 (12D508)
Report Version:  104

Exception Type:  0 ((null))
Exception Codes: 0x00000000 at 0x0000000000000000
Crashed Thread:  14

Thread 0:
0   libsystem_kernel.dylib          0x0000000193774e0c 0x193774000 + 3596 (mach_msg_trap + 8)
1   libsystem_kernel.dylib          0x0000000193774c88 0x193774000 + 3208 (mach_msg + 72)
2   CoreFoundation                  0x0000000181d9e218 0x181cc0000 + 909848 ({{keep:<redacted>}} + 200)
3   CoreFoundation                  0x0000000181d9c16c 0x181cc0000 + 901484 ({{keep:<redacted>}} + 940)
4   CoreFoundation                  0x0000000181cc91f4 0x181cc0000 + 37364 (CFRunLoopRunSpecific + 396)
""",
    ),
    (
        "https://github.com/microsoft/appcenter/issues/857",
        ".txt",
        r"""```
Incident Identifier: {{keep:8af6d2f8-d7ad-4211-961b-69b2cc8b1d35}}
CrashReporter Key:   {{keep:74E47558-F075-48B0-A69F-E18DA61D9CAB}}
Hardware Model:      iPhone9,1
Process:         DeadlockMyself [2781]
Path:            /var/containers/Bundle/Application/C628B6E6-9A48-41FE-8B5A-9C088643E081/DeadlockMyself.app/DeadlockMyself
Identifier:      com.ford.[[user:kvol27]].DeadlockMyself
Version:         1.0 (1)
Code Type:       arm64
Parent Process:  ??? [1]

Date/Time:       undefined
Launch Time:     undefined
OS Version:      iPhone OS 12.3.1 (16F203)
Report Version:  104

Exception Type:  SIGTRAP
Exception Codes: TRAP_BRKPT at 0x1a2cf3f30
Crashed Thread:  6

Thread 6 Crashed:
0   libdispatch.dylib                    0x00000001a2cf3f30 __DISPATCH_WAIT_FOR_QUEUE__ + 444
1   libdispatch.dylib                    0x00000001a2cf3ad4 _dispatch_sync_f_slow + 136
2   DeadlockMyself                       0x0000000100acd504 0x100ac8000 + 21764
3   DeadlockMyself                       0x0000000100acd72c 0x100ac8000 + 22316
```
""",
    ),
    (
        "https://github.com/insidegui/WWDC/issues/14",
        ".txt",
        r"""Process:               WWDC [732]
Path:                  /Users/{{keep:USER}}/Downloads/WWDC.app/Contents/MacOS/WWDC
Identifier:            br.com.guilhermerambo.WWDC
Version:               1.5.1 (16)
Code Type:             X86-64 (Native)
Parent Process:        ??? [1]
Responsible:           WWDC [732]
User ID:               501

Date/Time:             2015-04-26 08:05:54.997 +0530
OS Version:            Mac OS X 10.10.2 (14C109)
Report Version:        11
Anonymous UUID:        {{keep:1C53A7E4-FCDC-46A2-B62A-C752ABD947C6}}

Time Awake Since Boot: 2800 seconds

Crashed Thread:        2  Dispatch queue: NSOperationQueue 0x61800003fec0 :: NSOperation 0x6000000580f0 (QOS: LEGACY)

Exception Type:        EXC_BAD_INSTRUCTION (SIGILL)
Exception Codes:       0x0000000000000001, 0x0000000000000000

Thread 0:: Dispatch queue: com.apple.main-thread
0   libsystem_kernel.dylib        	0x00007fff8b5794de mach_msg_trap + 10
1   libsystem_kernel.dylib        	0x00007fff8b57864f mach_msg + 55
""",
    ),
    (
        "https://github.com/openzfsonosx/spl/issues/13",
        ".txt",
        r"""```
Anonymous UUID:       {{keep:46DA59B5-3F0A-217A-3DEA-DE9A80DC8B4F}}

Thu Nov  3 09:41:18 2016

*** Panic Report ***
panic(cpu 2 caller 0xffffff80003ed5fc): "Possible memory corruption: pmap_pv_remove(0xffffff8000a88f88,0xffffff9ca110b000,0x5f612c, 0x80000005f612c062, 0xfffffeb4e2cc4858): empty hash"@/Library/Caches/com.apple.xbs/Sources/xnu/xnu-3789.21.4/osfmk/i386/pmap_internal.h:844
Backtrace (CPU 2), Frame : Return Address
0xffffff97439cbb10 : 0xffffff80002f368c 
0xffffff97439cbb90 : 0xffffff80003ed5fc 
0xffffff97439cbea0 : 0xffffff7f811e99a7 
0xffffff97439cbfb0 : 0xffffff80002a2af7 
      Kernel Extensions in backtrace:
         net.lundman.spl(1.5.2)[F452C9FD-94A1-366D-BF2F-89BDDDA08364]@0xffffff7f811de000->0xffffff7f8121bfff

BSD process name corresponding to current thread: kernel_task
Boot args: -v slide=0 dart=0 darkwake=0 

Mac OS version:
16B2657

Kernel version:
Darwin Kernel Version 16.1.0: Wed Oct 19 20:31:56 PDT 2016; {{keep:root}}:xnu-3789.21.4~4/RELEASE_X86_64
Kernel UUID: 75CA1C4D-7BF4-321B-B544-D8F1B6D60EF8
```
""",
    ),
    # ---- CocoaPods and fastlane ----------------------------------------------------------------------
    (
        "https://github.com/CocoaPods/CocoaPods/issues/163",
        ".txt",
        r"""``` sh
$ pod install cocoapodTest.xcodeproj --verbose
Updating spec repo `master'
/usr/bin/git pull
Already up-to-date.
Installing dependencies of: /Users/[[user:jyk]]{{keep:/Documents/cocoapodTest/Podfile}}
Generating support files
* Generating xcconfig file at `/Users/[[user:jyk]]{{keep:/Documents/cocoapodTest/Pods/Pods.xcconfig}}'
Oh no, an error occurred. Please run with `--verbose' and report on https://github.com/CocoaPods/CocoaPods/issues.

No such file or directory - /Users/[[user:jyk]]{{keep:/Documents/cocoapodTest/Pods/Pods.xcconfig}}
/Users/[[user:jyk]]{{keep:/.rbenv/versions/1.9.3-p125/lib/ruby/gems/1.9.1/gems/xcodeproj-0.1.0/lib/xcodeproj/config.rb}}:28:in `initialize'
/Users/[[user:jyk]]{{keep:/.rbenv/versions/1.9.3-p125/lib/ruby/gems/1.9.1/gems/xcodeproj-0.1.0/lib/xcodeproj/config.rb}}:28:in `open'
```
""",
    ),
    (
        "https://github.com/CocoaPods/CocoaPods/issues/9587",
        ".txt",
        r"""  735 /Users/[[user:simonkettler]]{{keep:/.rvm/rubies/ruby-head/lib/ruby/gems/2.7.0/gems/cocoapods-downloader-1.3.0/lib/cocoapods-downloader/mercurial.rb}}
  736 /Users/[[user:simonkettler]]{{keep:/.rvm/rubies/ruby-head/lib/ruby/gems/2.7.0/gems/cocoapods-downloader-1.3.0/lib/cocoapods-downloader/remote_file.rb}}
  740 /Users/[[user:simonkettler]]{{keep:/.rvm/rubies/ruby-head/lib/ruby/gems/2.7.0/gems/cocoapods-1.9.0/lib/cocoapods/installer/analyzer/target_inspector.rb}}
  742 /Users/[[user:simonkettler]]{{keep:/.rvm/rubies/ruby-head/lib/ruby/gems/2.7.0/gems/atomos-0.1.3/lib/atomos.rb}}
  743 /Users/[[user:simonkettler]]{{keep:/.rvm/gems/ruby-head/gems/xcodeproj-1.15.0/lib/xcodeproj/project/case_converter.rb}}
  744 /Users/[[user:simonkettler]]{{keep:/.rvm/gems/ruby-head/gems/xcodeproj-1.15.0/lib/xcodeproj/project/object_attributes.rb}}
""",
    ),
    (
        "https://github.com/CocoaPods/CocoaPods/issues/6145",
        ".txt",
        r"""### Command

```
/usr/local/bin/pod install
```

### Stack

```
   CocoaPods : 1.0.1
        Ruby : ruby 2.0.0p648 (2015-12-16 revision 53162) [universal.x86_64-darwin16]
    RubyGems : 2.0.14.1
        Host : Mac OS X 10.12 (16A323)
       Xcode : 8.0 (8A218a)
         Git : git version 2.8.4 (Apple Git-73)
Ruby lib dir : /System/Library/Frameworks/Ruby.framework/Versions/2.0/usr/lib
Repositories : master - https://github.com/CocoaPods/Specs.git @ {{keep:7ba606eaf1e0bd8b062e23440e7fdb7fe793a52e}}
```

### Plugins

```
cocoapods-deintegrate : 1.0.1
cocoapods-plugins     : 1.0.0
cocoapods-search      : 1.0.0
cocoapods-stats       : 1.0.0
cocoapods-trunk       : 1.1.0.beta.1
cocoapods-try         : 1.1.0
```
""",
    ),
    (
        "https://github.com/fastlane/fastlane/pull/6578",
        ".txt",
        r"""```ruby
fastlane env
```

### fastlane Environment

### Stack

| Key                 | Value                                        |
| ------------------- | -------------------------------------------- |
| fastlane            | 1.105.2                                      |
| OS                  | 10.12                                        |
| Ruby                | 2.2.5                                        |
| Xcode               | /Applications/Xcode.app/Contents/Developer   |
| Xcode Version       | Xcode 8.0 Build version 8A218a               |
| Git                 | git version 2.8.4 (Apple Git-73)             |
| Installation Source | /Users/[[user:pkw]]{{keep:/.rvm/gems/ruby-2.2.5/bin/fastlane}} |
| Host                | Mac OS X 10.12 (16A323)                      |
| Ruby Lib Dir        | /Users/[[user:pkw]]{{keep:/.rvm/rubies/ruby-2.2.5/lib}}        |
""",
    ),
    (
        "https://github.com/fastlane/fastlane/issues/12870",
        ".txt",
        r"""<details><summary>✅ fastlane environment ✅</summary>

### Stack

| Key                         | Value                                                          |
| --------------------------- | -------------------------------------------------------------- |
| OS                          | 10.13.2                                                        |
| Ruby                        | 2.3.3                                                          |
| Bundler?                    | false                                                          |
| Git                         | git version 2.15.2 (Apple Git-101.1)                           |
| Installation Source         | /usr/bin/fastlane                                              |
| Host                        | Mac OS X 10.13.2 (17C88)                                       |
| Ruby Lib Dir                | /System/Library/Frameworks/Ruby.framework/Versions/2.3/usr/lib |
| OpenSSL Version             | LibreSSL 2.2.7                                                 |
| Is contained                | false                                                          |
| Is homebrew                 | false                                                          |
| Is installed via Fabric.app | false                                                          |
""",
    ),
    (
        "https://github.com/fastlane/fastlane/issues/819",
        ".txt",
        r"""```
AF_IOS_SDK=iphonesimulator9.1
AF_MAC_SDK=macosx10.11
AF_TVOS_SDK=appletvsimulator9.0

AF_CONFIGURATION=Release

SCAN_WORKSPACE=$AF_WORKSPACE
SCAN_SCHEME=$AF_IOS_FRAMEWORK_SCHEME
SCAN_DESTINATION="OS=9.1,name=iPhone 6s"
```

```
[10:05:17]: -------------------------------------------------
[10:05:17]: --- Step: Verifying required fastlane version ---
[10:05:17]: -------------------------------------------------
[10:05:17]: fastlane version valid
[10:05:17]: Driving the lane 'test_framework' 🚀
[10:05:17]: rvm_bin_path=/Users/[[user:maria.kendall]]/
```
""",
    ),
    (
        "https://github.com/fastlane/fastlane/issues/7826",
        ".txt",
        r"""```

Successfully loaded Appfile at path '/Users/{{keep:admin}}/fastlane/Appfile'
- package_name: 'com.test.test'
-------
DEBUG [2017-01-11 11:49:13.96]: Checking if there are any plugins that should be loaded...
DEBUG [2017-01-11 11:49:13.96]: Loading 'fastlane-plugin-unzip' plugin
INFO [2017-01-11 11:49:14.00]: gem 'fastlane-plugin-unzip' is already installed
+-----------------------+---------+--------+
|               Used plugins               |
+-----------------------+---------+--------+
| Plugin                | Version | Action |
+-----------------------+---------+--------+
| fastlane-plugin-unzip | 1.0.1   | unzip  |
+-----------------------+---------+--------+
```
""",
    ),
    # ---- Crashlytics, Flutter's adb and Gradle on a developer's machine -----------------------------
    (
        "https://github.com/firebase/firebase-ios-sdk/issues/8997",
        ".txt",
        r"""```
upload-symbols 3.9 build 28

Arguments:
Debug mode enabled
Google App ID: {{keep:1:966119265531:ios:debbab51630033a7}}
Platform: ios
DSYM Paths: ["/Users/[[user:bruno]]{{keep:/Library/Developer/Xcode/DerivedData/JBKids-dhlisyvsnhmaqzerhebhvnqwehmm/Build/Products/Debug-iphonesimulator/JBKids.app.dSYM}}"]

Inspecting next path: /Users/[[user:bruno]]{{keep:/Library/Developer/Xcode/DerivedData/JBKids-dhlisyvsnhmaqzerhebhvnqwehmm/Build/Products/Debug-iphonesimulator/JBKids.app.dSYM}}
```
""",
    ),
    (
        "https://github.com/firebase/firebase-android-sdk/issues/2086",
        ".txt",
        r"""```
10-21 11:23:46.139 29176 29176 D FirebaseCrashlytics: Crashlytics automatic data collection ENABLED by API.
10-21 11:23:46.139 29176 29176 D FirebaseCrashlytics: Firebase Analytics is available.
10-21 11:23:46.143 29176 29176 D FirebaseCrashlytics: Reading cached settings...
10-21 11:23:46.144 29176 29176 D FirebaseCrashlytics: No cached settings found.
10-21 11:23:46.144 29176 29176 D FirebaseCrashlytics: Mapping file ID is: {{keep:00000000000000000000000000000000}}
10-21 11:23:46.145 29176 29176 I FirebaseCrashlytics: Initializing Crashlytics 17.2.2
10-21 11:23:46.145 29176 29176 D FirebaseCrashlytics: Installer package name is: null
10-21 11:23:46.148 29176 29213 D FirebaseCrashlytics: Found previous crash marker.
10-21 11:23:46.150 29176 29213 D FirebaseCrashlytics: Found matching FID, using Crashlytics IID: {{keep:6c8cb845bf8b42b289b5b1fe9dd31ae1}}
10-21 11:23:46.150 29176 29213 D FirebaseCrashlytics: Opening a new session with ID {{keep:5F907CB20095-0001-71F8-EE55}}
```
""",
    ),
    (
        "https://github.com/flutter/flutter/issues/45338",
        ".txt",
        r"""[{"event":"app.progress","params":{"appId":"{{keep:b1f14497-1fc4-434c-b91b-87d4f3f58135}}","id":"1","progressId":null,"finished":true}}]
[  +57 ms] executing: /Users/[[user:Omar]]{{keep:/Library/Android/sdk/platform-tools/adb}} -s emulator-5554 shell -x logcat -v time -t 1
[  +30 ms] Exit code 0 from: /Users/[[user:Omar]]{{keep:/Library/Android/sdk/platform-tools/adb}} -s emulator-5554 shell -x logcat -v time -t 1
[        ] --------- beginning of main
           11-22 00:24:40.924 E/GnssHAL_GnssInterface( 1800): gnssSvStatusCb: b: input svInfo.flags is 8
[   +2 ms] executing: /Users/[[user:Omar]]{{keep:/Library/Android/sdk/platform-tools/adb}} -s emulator-5554 shell -x logcat -v time
[   +5 ms] executing: /Users/[[user:Omar]]{{keep:/Library/Android/sdk/platform-tools/adb}} version
[  +13 ms] Android Debug Bridge version 1.0.41
           Version 29.0.5-5949299
           Installed as /Users/[[user:Omar]]{{keep:/Library/Android/sdk/platform-tools/adb}}
""",
    ),
    (
        "https://github.com/flutter/flutter/issues/35169",
        ".txt",
        r"""```
[{"event":"app.progress","params":{"appId":"{{keep:c5a5b384-0dba-4b01-8a53-f890043c8a65}}","id":"1","progressId":null,"finished":true}}]
[  +67 ms] executing: /Users/[[user:qm]]{{keep:/Library/Android/sdk/platform-tools/adb}} -s 10.1.58.91:5555 shell -x logcat -v time -t 1
[ +393 ms] Exit code 0 from: /Users/[[user:qm]]{{keep:/Library/Android/sdk/platform-tools/adb}} -s 10.1.58.91:5555 shell -x logcat -v time -t 1
[        ] --------- beginning of main
           06-27 16:54:06.361 E/GpuMonitor(16982): fital error, can not mkdir:/sdcard/MIUI/debug_log/common, errno:13
[   +2 ms] executing: /Users/[[user:qm]]{{keep:/Library/Android/sdk/platform-tools/adb}} -s 10.1.58.91:5555 shell -x logcat -v time
[   +3 ms] executing: /Users/[[user:qm]]{{keep:/Library/Android/sdk/platform-tools/adb}} version
[  +10 ms] Android Debug Bridge version 1.0.40
           Version 28.0.2-5303910
           Installed as /Users/[[user:qm]]{{keep:/Library/Android/sdk/platform-tools/adb}}
[   +2 ms] executing: /Users/[[user:qm]]{{keep:/Library/Android/sdk/platform-tools/adb}} start-server
[   +7 ms] Building APK
Running Gradle task 'assembleDebug'...
```
""",
    ),
    (
        "https://github.com/flutter/flutter/issues/56275",
        ".txt",
        r"""```
/var/folders/s1/84mmcfx96qz2vt1b8dpn8xd00000gn/T/flutter_tools.BIrplm/flutter_to
ol.az0adP/app.dill --packages .packages -Ddart.vm.profile=false
-Ddart.vm.product=false
--enable-asserts --track-widget-creation --filesystem-scheme org-dartlang-root
--initialize-from-dill build/cache.dill.track.dill
[  +22 ms] executing:
/Volumes/Drive_E/softw/IDEnTools/android/AndroidSDK/platform-tools/adb -s
emulator-5554 shell -x logcat -v time -t 1
[  +35 ms] Exit code 0 from:
/Volumes/Drive_E/softw/IDEnTools/android/AndroidSDK/platform-tools/adb -s
emulator-5554 shell -x logcat -v time -t 1
[        ] --------- beginning of main
           05-22 22:27:51.838 I/GnssLocationProvider( 1923): WakeLock released
           by handleMessage(REPORT_SV_STATUS, 0,
           com.android.server.location.GnssLocationProvider$SvStatusInfo@f555a9a
           )
[  +31 ms] <- compile package:storeproducts/main.dart
[ +132 ms] executing:
/Volumes/Drive_E/softw/IDEnTools/android/AndroidSDK/platform-tools/adb version
[  +94 ms] Android Debug Bridge version 1.0.41
           Version 30.0.1-6435776
```
""",
    ),
    (
        "https://github.com/LineageOS/android_packages_apps_Recorder/issues/4",
        ".txt",
        r"""```
16:49:47.343 [DEBUG] [org.gradle.cache.internal.DefaultCacheAccess] Cache Generated Gradle JARs cache (/home/[[user:morrowen]]{{keep:/.gradle/caches/3.3/generated-gradle-jars}}) was closed 0 times.
16:49:47.343 [DEBUG] [org.gradle.cache.internal.LockOnDemandCrossProcessCacheAccess] Releasing file lock for artifact cache (/home/[[user:morrowen]]{{keep:/.gradle/caches/modules-2}})
16:49:47.343 [DEBUG] [org.gradle.cache.internal.btree.BTreePersistentIndexedCache] Closing cache artifact-at-repository.bin (/home/[[user:morrowen]]{{keep:/.gradle/caches/modules-2/metadata-2.23/artifact-at-repository.bin}})
16:49:47.343 [DEBUG] [org.gradle.cache.internal.btree.BTreePersistentIndexedCache] Closing cache module-metadata.bin (/home/[[user:morrowen]]{{keep:/.gradle/caches/modules-2/metadata-2.23/module-metadata.bin}})
16:49:47.343 [DEBUG] [org.gradle.cache.internal.DefaultFileLockManager] Releasing lock on artifact cache (/home/[[user:morrowen]]{{keep:/.gradle/caches/modules-2}}).
16:49:47.344 [DEBUG] [org.gradle.launcher.daemon.server.exec.ExecuteBuild] The daemon has finished executing the build.
```
""",
    ),
]


# The stop-75 collection (batch 75, collected at stop 51 under scrubber 1.32.0 and 1e55f1d's rules):
# excerpts of public threads of Windows administration output as people paste it (cmd's `set` and
# a Ruby list of a user's environment, `Get-ADTUserProfiles`, `cmdkey /list`, `whoami`, a task's
# XML, an MSI verbose log, Win32-OpenSSH's sshd log, Event Viewer entries, `net use`, `systeminfo`,
# `pnputil`, `dsregcmd /status`, Windows Terminal, WSL and PowerToys errors); every private value a
# same-shaped substitute (SOURCE.md).
_RAW_STOP75: list[tuple[str, str, str]] = [
    # ---- environment blocks and profile lists ----------------------------------------------------
    (
        "https://github.com/chef/mixlib-shellout/pull/194",
        ".txt",
        r"""["ALLUSERSPROFILE=C:\\ProgramData",
 "APPDATA=C:\\Users\\[[user:mycook]]{{keep:\\AppData\\Roaming}}",
 "CommonProgramFiles=C:\\Program Files\\Common Files",
 "CommonProgramFiles(x86)=C:\\Program Files (x86)\\Common Files",
 "CommonProgramW6432=C:\\Program Files\\Common Files",
 "COMPUTERNAME=WIN-G06ENRTTKF9",
 "ComSpec=C:\\Windows\\system32\\cmd.exe",
 "FP_NO_HOST_CHECK=NO",
 "HOMEDRIVE=C:",
 "HOMEPATH=\\Users\\[[user:mycook]]",
 "LOCALAPPDATA=C:\\Users\\[[user:mycook]]{{keep:\\AppData\\Local}}",
 "LOGONSERVER=\\\\WIN-G06ENRTTKF9",
 "NUMBER_OF_PROCESSORS=1",
 "OS=Windows_NT",
 "Path=C:\\Windows\\system32;C:\\Windows;C:\\Windows\\System32\\Wbem;C:\\Windows\\System32\\WindowsPowerShell\\v1.0\\;C:\\Program Files\\Amazon\\cfn-bootstrap\\;C:\\opscode\\chef-workstation\\bin\\",
 "PATHEXT=.COM;.EXE;.BAT;.CMD;.VBS;.VBE;.JS;.JSE;.WSF;.WSH;.MSC",
 "PROCESSOR_ARCHITECTURE=AMD64",
 "PROCESSOR_IDENTIFIER=Intel64 Family 6 Model 63 Stepping 2, GenuineIntel",
 "PROCESSOR_LEVEL=6",
 "PROCESSOR_REVISION=3f02",
 "ProgramData=C:\\ProgramData",
 "ProgramFiles=C:\\Program Files",
 "ProgramFiles(x86)=C:\\Program Files (x86)",
 "ProgramW6432=C:\\Program Files",
""",
    ),
    (
        "https://github.com/PowerShell/Win32-OpenSSH/issues/2407",
        ".txt",
        r""">echo %USERPROFILE%
C:\Users\[[user:rtb47]]

- `1.sshd-session.exe (LocalSystem)` -> `2.sshd-session.exe (MEG\{{keep:test}})`:
  EnvVar | Old value | New value
  -- | -- | --
  USERDOMAIN | WORKGROUP | MEG
""",
    ),
    (
        "https://github.com/PSAppDeployToolkit/PSAppDeployToolkit/issues/1865",
        ".txt",
        r"""NTAccount              : DESKTOP-TROJ7VQ\[[user:kid]]
SID                    : S-1-5-21-3442802063-1446377815-2928486735-1004
ProfilePath            : C:\Users\[[user:kid]]
AppDataPath            : C:\Users\[[user:kid]]{{keep:\AppData\Roaming}}
LocalAppDataPath       : C:\Users\[[user:kid]]{{keep:\AppData\Local}}
DesktopPath            : C:\Users\[[user:kid]]{{keep:\OneDrive - SCHOOLNAME\Desktop}}
DocumentsPath          : C:\Users\[[user:kid]]{{keep:\OneDrive - SCHOOLNAME\Documents}}
StartMenuPath          : C:\Users\[[user:kid]]{{keep:\AppData\Roaming\Microsoft\Windows\Start Menu}}
TempPath               : C:\Users\[[user:kid]]{{keep:\AppData\Local\Temp}}
OneDrivePath           : C:\Users\[[user:kid]]{{keep:\OneDrive - SCHOOLNAME}}
OneDriveCommercialPath :
UserLocale             : en-AU
""",
    ),
    (
        "https://github.com/MicrosoftDocs/windows-itpro-docs/issues/4551",
        ".txt",
        r"""%DEFAULTUSERPROFILE% : The term '%DEFAULTUSERPROFILE%' is not recognized as the name of a cmdlet, function, script
file, or operable program. Check the spelling of the name, or if a path was included, verify that the path is correct
and try again.
At line:1 char:1
+ %DEFAULTUSERPROFILE%
+ ~~~~~~~~~~~~~~~~~~~~
    + CategoryInfo          : ObjectNotFound: (%DEFAULTUSERPROFILE%:String) [], CommandNotFoundException
    + FullyQualifiedErrorId : CommandNotFoundException

GetEnvironmentVariables:
  GTK_BASEPATH = C:\Program Files (x86)\GtkSharp\2.12\
  VisualStudioEdition = Microsoft Visual Studio Community 2019
  Path = C:\Program Files (x86)\Common Files\Oracle\Java\javapath;C:\Program Files (x86)\NVIDIA Corporation\PhysX\Common;C:\ProgramData\Oracle\Java\javapath;C:\WINDOWS\system32;C:\WINDOWS;C:\WINDOWS\System32\Wbem;C:\WINDOWS\System32\WindowsPowerShell\v1.0\;C:\Program Files (x86)\GtkSharp\2.12\bin;c:\gradle\bin;C:\Users\[[user:kimbo]]{{keep:\AppData\Local\Android\sdk\platform-tools}};C:\WINDOWS\System32\OpenSSH\;C:\Program Files\dotnet\;C:\Users\{{keep:Administrator}}\AppData\Local\Microsoft
""",
    ),
    # ---- credentials, whoami, prompts ------------------------------------------------------------
    (
        "https://github.com/AdysTech/CredentialManager/issues/56",
        ".txt",
        r"""E:\Users\[[user:bertonic1]]>cmdkey /list

Currently stored credentials:

    Target: Domain:target=danbttest1.danieli.it
    Type: Domain Password
    User: cosmo\[[user:bertonic1]]
    Saved for this logon only

    Target: LegacyGeneric:target=MicrosoftOffice16_Data:ADAL:3e47136a-2382-43d3-98e7-fa3646a91bfe@@@8.000000
    Type: Generic
    Local machine persistence

    Target: LegacyGeneric:target=MicrosoftOffice16_Data:ADAL:3e47136a-2382-43d3-98e7-fa3646a91bfe@@@4.000000
    Type: Generic
    Local machine persistence

    Target: LegacyGeneric:target=OneDrive Cached Credential Business - Business1
    Type: Generic
    User: {{keep:3e47136a-2382-43d3-98e7-fa3646a91bfe}}
    Local machine persistence
""",
    ),
    (
        "https://github.com/Ashwanthbala/C2-agent/issues/33",
        ".txt",
        r"""whoami

desktop-0kgsvtr\[[user:sudhesh]]
""",
    ),
    (
        "https://github.com/microsoft/WSL/issues/3415",
        ".txt",
        r"""Microsoft Windows [Version 10.0.18362.145]

C:\Users\[[user:Raghavan]]>bash
Access is denied.

PS C:\WINDOWS\system32>  Enable-WindowsOptionalFeature -Online -FeatureName Microsoft-Windows-Subsystem-Linux

Path          :
Online        : True
RestartNeeded : False
""",
    ),
    # ---- a task's XML, an MSI log, sshd's log ------------------------------------------------------
    (
        "https://github.com/TechTank/AlwaysActiveHours/issues/1",
        ".txt",
        r"""```
<?xml version="1.0" encoding="UTF-16"?>
<Task version="1.2" xmlns="http://schemas.microsoft.com/windows/2004/02/mit/task">
  <RegistrationInfo>
    <Date>2025-02-08T20:23:06.482689</Date>
    <Author>XY-MASTER\[[user:UmoTprak]]</Author>
    <URI>\Always Active Hours</URI>
  </RegistrationInfo>
  <Triggers>
    <CalendarTrigger>
      <Repetition>
        <Interval>PT1H</Interval>
        <Duration>P1D</Duration>
        <StopAtDurationEnd>false</StopAtDurationEnd>
      </Repetition>
      <StartBoundary>2025-02-08T20:21:57</StartBoundary>
""",
    ),
    (
        "https://github.com/lithnet/ad-password-protection/issues/43",
        ".txt",
        r"""MSI (c) (9C:20) [11:04:55:943]: Running product '{5AEA43AB-E3D7-48A1-AF2A-57FF603BDBCA}' with user privileges. DisableMsi policy is set to or defaulted to 1. This is the client and the user does not have full admin token. Evaulation is delayed until after credentials provided. This install could still be blocked
MSI (c) (9C:20) [11:04:55:943]: PROPERTY CHANGE: Adding CURRENTDIRECTORY property. Its value is 'C:\Windows\system32'.
MSI (c) (9C:20) [11:04:55:943]: PROPERTY CHANGE: Adding CLIENTUILEVEL property. Its value is '0'.
MSI (c) (9C:20) [11:04:55:943]: PROPERTY CHANGE: Adding CLIENTPROCESSID property. Its value is '4252'.
MSI (c) (9C:20) [11:04:55:958]: TRANSFORMS property is now: 
MSI (c) (9C:20) [11:04:55:958]: PROPERTY CHANGE: Adding VersionDatabase property. Its value is '301'.
MSI (c) (9C:20) [11:04:55:958]: SHELL32::SHGetFolderPath returned: C:\Users\[[user:admin.wladyslawa.bor]]{{keep:\AppData\Roaming}}
MSI (c) (9C:20) [11:04:55:958]: SHELL32::SHGetFolderPath returned: C:\Users\[[user:admin.wladyslawa.bor]]{{keep:\Favorites}}
MSI (c) (9C:20) [11:04:55:958]: SHELL32::SHGetFolderPath returned: C:\Users\[[user:admin.wladyslawa.bor]]{{keep:\AppData\Roaming\Microsoft\Windows\Network Shortcuts}}
MSI (c) (9C:20) [11:04:55:958]: SHELL32::SHGetFolderPath returned: C:\Users\[[user:admin.wladyslawa.bor]]{{keep:\Documents}}
""",
    ),
    (
        "https://github.com/PowerShell/Win32-OpenSSH/issues/2264",
        ".txt",
        r"""7948 2024-08-09 17:43:27.343 debug1: trying public key file C:\\Users\\[[user:data117ops]]{{keep:\\.ssh/authorized_keys}}
7948 2024-08-09 17:43:27.343 debug3: Failed to open file:C:/Users/[[user:data117ops]]{{keep:/.ssh/authorized_keys}} error:13
7948 2024-08-09 17:43:27.343 debug1: Could not open authorized keys 'C:\\Users\\[[user:data117ops]]{{keep:\\.ssh/authorized_keys}}': Permission denied
""",
    ),
    # ---- application errors and settings paths ---------------------------------------------------
    (
        "https://github.com/microsoft/PowerToys/issues/10927",
        ".txt",
        """[2021-04-24 10:30:29.1192] [ERROR] [S:\\src\\modules\\launcher\\Plugins\\Microsoft.Plugin.Program\\Programs\\Win32Program.cs::684]
-------------------------- Begin exception --------------------------
Message: \tError status: KNOWN
\t\tProgram path: C:\\Users\\[[user:Nick]]{{keep:\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\程序}}
\t\tException thrown in called method: IntPtr CreateDirectoryHandle(System.String, Boolean)
\t\tPossible interpretation of the error: |Permission denied when trying to load programs from C:\\Users\\[[user:Nick]]{{keep:\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\程序}}
\t\tPossible resolution: Can be ignored and Wox should still continue, however the program may not be loaded

Exception full name  : System.UnauthorizedAccessException
Exception message    : Access to the path 'C:\\Users\\[[user:Nick]]{{keep:\\AppData\\Roaming\\Microsoft\\Windows\\Start Menu\\程序}}' is denied.
Exception stack trace:
   at System.IO.Enumeration.FileSystemEnumerator`1.CreateDirectoryHandle(String path, Boolean ignoreNotFound)
   at System.IO.Enumeration.FileSystemEnumerator`1.Init()
   at System.IO.Enumeration.FileSystemEnumerator`1..ctor(String directory, Boolean isNormalized, EnumerationOptions options)
   at System.IO.Enumeration.FileSystemEnumerable`1..ctor(String directory, FindTransform transform, EnumerationOptions options, Boolean isNormalized)
""",
    ),
    (
        "https://github.com/microsoft/terminal/issues/5840",
        ".txt",
        r"""From: [[user:Dale McKinnell]] <{{keep:notifications@github.com}}>
Sent: 11 May 2020 16:50
To: microsoft/terminal <{{keep:terminal@noreply.github.com}}>
Cc: [[user:Louis Bertin]], FCMI <[[email:lbertin@vxo.fr]]>; Author <{{keep:author@noreply.github.com}}>
Subject: Re: [microsoft/terminal] Settings.json is KO, need a fresh one (#5840)

C:\Users\{{keep:<username>}}\AppData\Local\Packages\Microsoft.WindowsTerminal_8wekyb3d8bbwe\LocalState

file:///C:/Users/[[user:lbert]]{{keep:/AppData/Local/Packages/Microsoft.WindowsTerminal_8wekyb3d8bbwe/LocalState/settings.json}}

SyntaxError: JSON.parse: unexpected character at line 1 column 1 of the JSON data
""",
    ),
    # ---- clean: Event Viewer, net use, systeminfo, pnputil, dsregcmd, MSI, Get-Acl --------------------
    (
        "https://github.com/microsoft/EventLogExpert/issues/425",
        ".txt",
        r"""Log Name:      Application
Source:        Application Error
Date:          8/12/2025 9:24:55 AM
Event ID:      1000
Task Category: Application Crashing Events
Level:         Error
Keywords:      
Description:
Faulting application name: EventLogExpert.exe, version: 25.6.10.147, time stamp: 0x67fe0000
Faulting module name: Microsoft.UI.Xaml.dll, version: 3.1.6.0, time stamp: 0xa252a1e7
Exception code: 0xc000027b
Fault offset: 0x00000000003a3385
Faulting process id: 0xAEE8
Faulting application start time: 0x1DC0B94DDFD13CA
Faulting application path: C:\Program Files\WindowsApps\EventLogExpert_25.6.10.147_x64__8wekyb3d8bbwe\EventLogExpert.exe
Faulting module path: C:\Program Files\WindowsApps\Microsoft.WindowsAppRuntime.1.6_6000.519.329.0_x64__8wekyb3d8bbwe\Microsoft.UI.Xaml.dll
Report Id: {{keep:37caf306-c3a2-420c-bb10-2ba83124866c}}
Faulting package full name: EventLogExpert_25.6.10.147_x64__8wekyb3d8bbwe
Faulting package-relative application ID: App

Event Xml:
<Event xmlns="http://schemas.microsoft.com/win/2004/08/events/event">
  <System>
    <Provider Name="Application Error" Guid="{a0e9b465-b939-57d7-b27d-95d8e925ff57}" />
    <EventID>1000</EventID>
    <Version>0</Version>
    <Level>2</Level>
    <Task>100</Task>
    <Opcode>0</Opcode>
    <Keywords>0x8000000000000000</Keywords>
""",
    ),
    (
        "https://github.com/wakatime/wakatime-cli/pull/619",
        ".txt",
        r"""```
New connections will be remembered.


Status       Local     Remote                    Network

-------------------------------------------------------------------------------
Unavailable  I:        \\192.168.0.10\Documentos Microsoft Windows Network
OK           J:        \\192.168.68.110\Desenvolvimento
                                                Microsoft Windows Network
The command completed successfully.
```
""",
    ),
    (
        "https://github.com/netmeld/netmeld/issues/111",
        ".txt",
        r"""```
Host Name:                 {{keep:SomeHostId}}
OS Name:                   Microsoft Windows 10 Enterprise
OS Version:                10.0.12345 N/A Build 12345
OS Manufacturer:           Microsoft Corporation
OS Configuration:          Member Workstation
OS Build Type:             Multiprocessor Free
Registered Owner:          {{keep:Some Name}}
Registered Organization:   {{keep:Some Name}}
Product ID:                00123-00000-00001-AB123
Original Install Date:     1/01/1234, 3:59:23 PM
System Boot Time:          12/31/1234, 9:43:32 AM
System Manufacturer:       CompyOne Inc.
""",
    ),
    (
        "https://github.com/ChrisTitusTech/winutil/issues/5046",
        ".txt",
        r"""Microsoft PnP Utility

Published Name:     oem35.inf
Original Name:      fn.inf
Provider Name:      {{keep:Lenovo}}
Class Name:         System devices
Class GUID:         {4d36e97d-e325-11ce-bfc1-08002be10318}
Driver Version:     04/03/2020 9.2.0.1
Signer Name:        Microsoft Windows Hardware Compatibility Publisher

Published Name:     oem6.inf
Original Name:      fn.inf
Provider Name:      {{keep:Lenovo}}
Class Name:         System devices
Class GUID:         {4d36e97d-e325-11ce-bfc1-08002be10318}
Driver Version:     12/28/2020 9.2.0.3
Signer Name:        Microsoft Windows Hardware Compatibility Publisher

Published Name:     oem55.inf
Original Name:      hp1210fx.inf
Provider Name:      Hewlett-Packard, Inc.
Class Name:         Universal Serial Bus controllers
Class GUID:         {36fc9e60-c465-11cf-8056-444553540000}
Driver Version:     09/29/2012 6.1.7600.16385
Signer Name:        Microsoft Windows Hardware Compatibility Publisher
""",
    ),
    (
        "https://github.com/kolide/launcher/issues/873",
        ".txt",
        r"""```
+----------------------------------------------------------------------+
| Device State                                                         |
+----------------------------------------------------------------------+
 
             AzureAdJoined : YES
          EnterpriseJoined : NO
              DomainJoined : YES
                DomainName : {{keep:CONTOSO}}
 
+----------------------------------------------------------------------+
| Device Details                                                       |
+----------------------------------------------------------------------+
 
                  DeviceId : 126cafbf-18e6-47a8-ad06-d5affe132b36
                Thumbprint : {{keep:6422A23183864B4BF99F9282715F5C9D6C881776}}
 DeviceCertificateValidity : [ 2020-11-16 18:55:24.000 UTC -- 2030-11-16 19:25:24.000 UTC ]
            KeyContainerId : 5fad6f12-9a31-448d-87f3-0eb6a24033fd
               KeyProvider : Microsoft Platform Crypto Provider
              TpmProtected : YES
 
+----------------------------------------------------------------------+
| Tenant Details                                                       |
+----------------------------------------------------------------------+
 
                TenantName : {{keep:Contoso}}
                  TenantId : ad8e1d4f-5295-4df7-b18a-1d85b4195a17
""",
    ),
    (
        "https://github.com/ONLYOFFICE/CommunityServer/issues/305",
        ".txt",
        r"""MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\Users\{{keep:Administrator}}\AppData\Roaming\Microsoft\Windows\Templates
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\ProgramData
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\Users\{{keep:Administrator}}\AppData\Local
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\Users\{{keep:Administrator}}\Pictures
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\ProgramData\Microsoft\Windows\Start Menu\Programs\Administrative Tools
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\ProgramData\Microsoft\Windows\Start Menu\Programs\Startup
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\ProgramData\Microsoft\Windows\Start Menu\Programs
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\ProgramData\Microsoft\Windows\Start Menu
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\Users\Public\Desktop
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\Users\{{keep:Administrator}}\AppData\Roaming\Microsoft\Windows\Start Menu\Programs\Administrative Tools
MSI (c) (2C:9C) [09:59:12:080]: SHELL32::SHGetFolderPath returned: C:\Users\{{keep:Administrator}}\AppData\Roaming\Microsoft\Windows\Start Menu\Programs\Startup
""",
    ),
    (
        "https://github.com/PowerShell/PowerShell/issues/8858",
        ".txt",
        r"""```
    Directory: C:\Users\{{keep:myuser}}


Path   Owner        Access
----   -----        ------
thesis MYDOMAIN\{{keep:myuser}} NT AUTHORITY\SYSTEM Allow  FullControl...
```

```none
    Directory: C:\Users\{{keep:myuser}}


Path   Owner Access
----   ----- ------
mytest
```

```none
Name                           Value
----                           -----
PSVersion                      6.2.0-preview.4
PSEdition                      Core
GitCommitId                    6.2.0-preview.4
OS                             Microsoft Windows 10.0.17763
Platform                       Win32NT
```
""",
    ),
]


# The stop-78 collection (batch 78, collected at stop 51 under scrubber 1.33.0 plus 1e55f1d's
# rules): excerpts of public threads of a source no batch took yet, data engineering tools' output
# as people paste it (HDFS permission errors with their user= and inode owners, spark-submit and
# Spark's SecurityManager acls, Ivy caches, YARN reports, sparklyr and findspark, Airflow's DagBag
# and task log paths, dbt init and debug, the Databricks CLI's config errors, Snowflake connector
# debug bodies, Jupyter kernel connection files, Hive's beeline).
_RAW_STOP78: list[tuple[str, str, str]] = [
    # ---- HDFS permission errors: user=, inode owners, /user/<u> ---------------------------------------
    (
        "https://github.com/sequenceiq/docker-spark/issues/30",
        ".txt",
        r"""Exception in thread "main" org.apache.hadoop.security.AccessControlException: Permission denied: user={{keep:root}}, access=WRITE, inode="/":[[user:agussetiawan]]:supergroup:drwxr-xr-x

export HADOOP_USER_NAME={{keep:hdfs}}
""",
    ),
    (
        "https://github.com/harbby/sylph/issues/149",
        ".txt",
        r"""```text
Caused by: org.apache.hadoop.ipc.RemoteException(org.apache.hadoop.security.AccessControlException): Permission denied: user=[[user:pkw]], access=WRITE, inode="/data":{{keep:hdfs}}:supergroup:drwxr-xr-x
```
""",
    ),
    (
        "https://github.com/jupyterhub/yarnspawner/issues/5",
        ".txt",
        r"""```
Permission denied: user=[[user:tmv]], access=WRITE, inode="/user/[[user:tmv]]{{keep:/.skein/application_1551765709575_0113}}":root:supergroup:drwxr-xr-x
```
""",
    ),
    (
        "https://github.com/Intel-bigdata/HiBench/issues/272",
        ".txt",
        r"""FAILED: RuntimeException org.apache.hadoop.security.AccessControlException: Permission denied: user={{keep:mapr_user}}, access=WRITE, inode="/":{{keep:hdfs}}:dba_hadoop:drwxr-xr-x
""",
    ),
    (
        "https://github.com/sequenceiq/docker-spark/issues/6",
        ".txt",
        r"""bash-4.1# spark-submit --class org.apache.spark.examples.SparkPi --master yarn-client --driver-memory 1g --executor-memory 1g --executor-cores 1 ./lib/spark-examples-1.1.0-hadoop2.4.0.jar
...
14/11/06 18:16:22 INFO yarn.Client: Got cluster metric info from ResourceManager, number of NodeManagers: 1
14/11/06 18:16:22 INFO yarn.Client: Max mem capabililty of a single resource in this cluster 8192
14/11/06 18:16:22 INFO yarn.Client: Preparing Local resources
Exception in thread "main" org.apache.hadoop.security.AccessControlException: Permission denied: user={{keep:hdfs}}, access=WRITE, inode="/user":{{keep:root}}:supergroup:drwxr-xr-x
    at org.apache.hadoop.hdfs.server.namenode.FSPermissionChecker.checkFsPermission(FSPermissionChecker.java:271)
""",
    ),
    (
        "https://github.com/apache/hadoop/pull/2166",
        ".txt",
        r"""[[user:rmukherji]]-MBP15:hadoop-3.4.0-SNAPSHOT [[user:rmukherji]]$ bin/hdfs lsSnapshottableDir
drwxr-xr-x 0 [[user:rmukherji]] supergroup 0 2020-07-27 11:52 2 65536 /user

[[user:rmukherji]]-MBP15:hadoop-3.4.0-SNAPSHOT [[user:rmukherji]]$ bin/hdfs lsSnapshot /user
drwxr-xr-x 0 [[user:rmukherji]] supergroup 0 2020-07-27 11:52 1 /user/.snapshot/s1
drwxr-xr-x 0 [[user:rmukherji]] supergroup 0 2020-07-27 11:51 0 /user/.snapshot/s20200727-115156.407
""",
    ),
    # ---- Spark: SecurityManager acls, Ivy caches, YARN reports, sparklyr, findspark ---------------------
    (
        "https://github.com/apache/spark/pull/28368",
        ".txt",
        r"""```
20/05/05 17:57:41.109 ScalaTest-run INFO ResourceProfileManager: Added ResourceProfile id: 0
20/05/05 17:57:41.156 ScalaTest-run INFO SecurityManager: Changing view acls to: [[user:lajoskertesz]]
20/05/05 17:57:41.157 ScalaTest-run INFO SecurityManager: Changing modify acls to: [[user:lajoskertesz]]
20/05/05 17:57:41.157 ScalaTest-run INFO SecurityManager: Changing view acls groups to: 
20/05/05 17:57:41.158 ScalaTest-run INFO SecurityManager: Changing modify acls groups to: 
20/05/05 17:57:41.158 ScalaTest-run INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; users  with view permissions: Set([[user:lajoskertesz]]); groups with view permissions: Set(); users  with modify permissions: Set([[user:lajoskertesz]]); groups with modify permissions: Set()
20/05/05 17:57:41.438 ScalaTest-run INFO Utils: Successfully started service 'sparkDriver' on port 51448.
```
""",
    ),
    (
        "https://github.com/archivesunleashed/aut/pull/33",
        ".txt",
        r"""```
$ /opt/spark/bin/alti-spark-shell --jars /mnt/ephemeral0/aut_test/aut-0.9.1-SNAPSHOT-fatjar-issue-9.jar --conf spark.local.dir=/mnt/ephemeral0/aut_test/tmp  --master yarn --deploy-mode client --num-executors 50 --executor-cores 5 --executor-memory 20G --driver-memory 10G
/tmp/[[user:kestro]]-hive-1.2.1-lib.zip: OK
ok - no need to re-generate the same /tmp/[[user:kestro]]-hive-1.2.1-lib.zip, continuing
mkdir: `/user/[[user:kestro]]{{keep:/apps}}': File exists
put: `/user/[[user:kestro]]{{keep:/apps/hive-1.2.1-lib.zip}}': File exists
/opt/alti-spark-1.6.1 /mnt/ephemeral0/aut_test
2017-08-30 14:25:15,310 INFO  org.apache.spark.SecurityManager (Logging.scala:logInfo(58)) - Changing view acls to: [[user:kestro]]
2017-08-30 14:25:15,314 INFO  org.apache.spark.SecurityManager (Logging.scala:logInfo(58)) - Changing modify acls to: [[user:kestro]]
2017-08-30 14:25:15,315 INFO  org.apache.spark.SecurityManager (Logging.scala:logInfo(58)) - SecurityManager: authentication disabled; ui acls disabled; users with view permissions: Set([[user:kestro]]); users with modify permissions: Set([[user:kestro]])
2017-08-30 14:25:15,774 INFO  org.apache.spark.HttpServer (Logging.scala:logInfo(58)) - Starting HTTP Server
```
""",
    ),
    (
        "https://github.com/TIBCOSoftware/snappydata/issues/656",
        ".txt",
        r"""Using Spark's default log4j profile: org/apache/spark/log4j-defaults.properties
17/06/14 09:35:23 INFO SparkContext: Running Spark version 2.0.2.3
17/06/14 09:35:24 WARN NativeCodeLoader: Unable to load native-hadoop library for your platform... using builtin-java classes where applicable
17/06/14 09:35:24 INFO SecurityManager: Changing view acls to: {{keep:admin}}
17/06/14 09:35:24 INFO SecurityManager: Changing modify acls to: {{keep:admin}}
17/06/14 09:35:24 INFO SecurityManager: SecurityManager: authentication disabled; ui acls disabled; users  with view permissions: Set({{keep:admin}}); groups with view permissions: Set(); users  with modify permissions: Set({{keep:admin}}); groups with modify permissions: Set()
17/06/14 09:35:24 INFO Utils: Successfully started service 'sparkDriver' on port 62433.
17/06/14 09:35:24 INFO DiskBlockManager: Created local directory at C:\Users\{{keep:admin}}\AppData\Local\Temp\blockmgr-d4eb2918-845f-4acd-90db-46d9b6cf4552
17/06/14 09:35:24 INFO MemoryStore: MemoryStore started with capacity 899.7 MB
""",
    ),
    (
        "https://github.com/kubeflow/spark-operator/issues/2208",
        ".txt",
        r"""```
Warning  SparkApplicationFailed  14m   spark-application-controller  SparkApplication brazil-pan-ecs failed: failed to run spark-submit: failed to run spark-submit: Ivy Default Cache set to: /home/{{keep:spark}}/.ivy2/cache
The jars for the packages stored in: /home/{{keep:spark}}/.ivy2/jars
org.apache.spark#spark-streaming-kafka-0-10_2.12 added as a dependency
org.apache.spark#spark-sql-kafka-0-10_2.12 added as a dependency
:: resolving dependencies :: org.apache.spark#spark-submit-parent-511288aa-ce7c-4a38-9c8e-4869b71c68fa;1.0
  confs: [default]
Exception in thread "main" java.io.FileNotFoundException: /home/{{keep:spark}}/.ivy2/cache/resolved-org.apache.spark-spark-submit-parent-511288aa-ce7c-4a38-9c8e-4869b71c68fa-1.0.xml (No such file or directory)
```
""",
    ),
    (
        "https://github.com/OryxProject/oryx/issues/359",
        ".txt",
        r"""2019-04-09 16:39:57,966 INFO yarn.Client: Submitting application application_1554852387362_0003 to ResourceManager
2019-04-09 16:39:57,994 INFO impl.YarnClientImpl: Submitted application application_1554852387362_0003
2019-04-09 16:39:59,001 INFO yarn.Client: Application report for application_1554852387362_0003 (state: ACCEPTED)
2019-04-09 16:39:59,004 INFO yarn.Client:
client token: N/A
ApplicationMaster host: N/A
ApplicationMaster RPC port: -1
queue: default
start time: 1554853197978
final status: UNDEFINED
tracking URL: http://{{keep:hostname}}:8088/proxy/application_1554852387362_0003/
user: {{keep:hadoop}}
""",
    ),
    (
        "https://github.com/sparklyr/sparklyr/issues/1355",
        ".txt",
        r"""```shell
  sudo /opt/spark/spark-2.1.1-bin-hadoop2.7/sbin/start-master.sh
```

```shell
  sudo /home/[[user:rkb]]{{keep:/spark/spark-2.1.1-bin-hadoop2.7/sbin/start-slave.sh}} spark://URL:7077
```

```r
spark_home='/home/[[user:rkb]]{{keep:/spark/spark-2.1.1-bin-hadoop2.7/}}'
dir.create("/home/[[user:rkb]]{{keep:/tmp/.ivy2/}}")
home_ivy <- "/home/[[user:rkb]]{{keep:/tmp/.ivy2/}}"
conf$'sparklyr.shell.conf' <- paste0("spark.jars.ivy = ",home_ivy)
```
""",
    ),
    (
        "https://github.com/minrk/findspark/issues/37",
        ".txt",
        r"""import findspark
findspark.init("/Users/[[user:markbenson]]{{keep:/spark}}")
findspark.find()
'/Users/[[user:markbenson]]{{keep:/spark/python/pyspark}}'

import pyspark
sc = pyspark.SparkContext(appName="myAppName", master="spark://127.0.0.1:7077")

---------------------------------------------------------------------------
RuntimeError                              Traceback (most recent call last)
~/spark/python/pyspark/context.py in __init__(self, master, appName, sparkHome, pyFiles, environment, batchSize, serializer, conf, gateway, jsc, profiler_cls)
""",
    ),
    # ---- Airflow: DagBag and task log paths -------------------------------------------------------------
    (
        "https://github.com/apache/airflow/issues/951",
        ".txt",
        r"""```
[2016-02-05 00:59:13,114] {models.py:126} INFO - Filling up the DagBag from /Users/[[user:prashanth]]{{keep:/Projects/airflow/dags/pra_test_2.py}}
[2016-02-05 00:59:13,114] {models.py:204} INFO - Importing /Users/[[user:prashanth]]{{keep:/Projects/airflow/dags/pra_test_2.py}}
[2016-02-05 00:59:13,115] {models.py:295} INFO - Loaded DAG <DAG: pra_test_3>
[2016-02-05 00:59:13,143] {models.py:1003} INFO - Queuing into pool test_pool
```
""",
    ),
    (
        "https://github.com/apache/airflow/issues/29319",
        ".txt",
        r"""*** Falling back to local log
*** Log file does not exist: /home/[[user:kqtrna]]{{keep:/airflow/logs/dag_id=out_umu_employee_upd/run_id=manual__2023-02-02T12:09:04.963057+00:00/task_id=call_sp_umu_employee_upd/attempt=1.log}}
*** Fetching from: http://:8793/dag_id=out_umu_employee_upd/run_id=manual__2023-02-02T12:09:04.963057+00:00/task_id=call_sp_umu_employee_upd/attempt=1.log
*** Failed to fetch log file from worker. Request URL is missing an 'http://' or 'https://' protocol.
""",
    ),
    (
        "https://github.com/apache/airflow/issues/11206",
        ".txt",
        r"""```
[2020-09-30 15:20:33,262] {__init__.py:50} INFO - Using executor SequentialExecutor
[2020-09-30 15:20:33,267] {scheduler_job.py:1367} INFO - Starting the scheduler
[2020-09-30 15:20:33,268] {scheduler_job.py:1379} INFO - Searching for files in /home/{{keep:someuser}}/airflow/dags
[2020-09-30 15:20:33,274] {scheduler_job.py:1381} INFO - There are 25 files in /home/{{keep:someuser}}/airflow/dags
[2020-09-30 15:20:33,298] {dag_processing.py:562} INFO - Launched DagFileProcessorManager with pid: 157
```
""",
    ),
    # ---- dbt init and debug ---------------------------------------------------------------------------
    (
        "https://github.com/dbt-labs/dbt-core/pull/12511",
        ".txt",
        r"""```
07:51:32  Running with dbt=1.12.0-a1
07:51:32  Setting up your profile.
Which database would you like to use?
[1] postgres

Enter a number: 1
host (hostname for the instance): localhost
port [5432]:
user (dev username): {{keep:tst}}
pass (dev password):
07:51:42  Profile testest written to /Users/[[user:venkatk]]{{keep:/.dbt/profiles.yml}} using target's profile_template.yml and your supplied values. Run 'dbt debug' to validate the connection.
07:51:42  Running dbt debug to validate the project...
07:51:42  dbt version: 1.12.0-a1
07:51:42  python version: 3.13.11
07:51:42  python path: /Users/[[user:venkatk]]{{keep:/.pyenv/versions/3.13.11/envs/local_dbt_pip_postgres/bin/python}}
07:51:42  os info: macOS-26.2-arm64-arm-64bit-Mach-O
07:51:42  Using profiles dir at /Users/[[user:venkatk]]{{keep:/.dbt}}
07:51:42  Using profiles.yml file at /Users/[[user:venkatk]]{{keep:/.dbt/profiles.yml}}
07:51:42  Using dbt_project.yml file at /Users/[[user:venkatk]]{{keep:/Desktop/dbt-playground/local/testest/dbt_project.yml}}
07:51:42  adapter type: postgres
```
""",
    ),
    # ---- the Databricks CLI's configuration errors ------------------------------------------------------
    (
        "https://github.com/databricks/devhub/issues/139",
        ".txt",
        r"""```text
Error: resolve: /home/[[user:santosh]]{{keep:/.databrickscfg}} has no default profile configured. Config: profile=default, config_file=~/.databrickscfg, databricks_cli_path=/home/[[user:santosh]]{{keep:/.hermes/hermes-agent/venv/bin/databricks}}. Env: DATABRICKS_CONFIG_FILE, DATABRICKS_CLI_PATH
```

```text
Name               Host                                            Valid
DEFAULT (Default)  https://dbc-xxxxxxxx-ba27.cloud.databricks.com  YES
```
""",
    ),
    (
        "https://github.com/databrickslabs/ucx/issues/771",
        ".txt",
        r"""({{keep:venv310}}) {{keep:xxxx}}@{{keep:xxxx}} ucx % databricks labs install ucx
Error: login: ask for account: /Users/{{keep:xxxx}}/.databrickscfg does not contain account profiles; please create one first

({{keep:venv310}}) {{keep:xxxx}}@{{keep:xxxx}} ucx % databricks -p DEFAULT labs install ucx 
Error: login: ask for account: /Users/{{keep:xxxx}}/.databrickscfg does not contain account profiles; please create one first
""",
    ),
    # ---- the Snowflake connector's debug log ------------------------------------------------------------
    (
        "https://github.com/snowflakedb/snowflake-connector-python/issues/1677",
        ".txt",
        r"""```bash
2023-08-02 14:41:42,369 - MainThread auth.py:236 - authenticate() - DEBUG - body['data']: {'CLIENT_APP_ID': 'PythonConnector', 'CLIENT_APP_VERSION': '2.7.12', 'SVN_REVISION': None, 'ACCOUNT_NAME': '{{keep:myaccount}}', 'LOGIN_NAME': '[[user:Mark.Halden]]', 'CLIENT_ENVIRONMENT': {'APPLICATION': 'PythonConnector', 'OS': 'Windows', 'OS_VERSION': 'Windows-10-10.0.19044-SP0', 'PYTHON_VERSION': '3.10.5', 'PYTHON_RUNTIME': 'CPython', 'PYTHON_COMPILER': 'MSC v.1929 64 bit (AMD64)', 'OCSP_MODE': 'FAIL_OPEN', 'TRACING': 10, 'LOGIN_TIMEOUT': 120, 'NETWORK_TIMEOUT': None}, 'AUTHENTICATOR': 'EXTERNALBROWSER', 'TOKEN': {{keep:biglongtoken==}}', 'PROOF_KEY': '{{keep:proofkey=_-1_0}}', 'SESSION_PARAMETERS': {'CLIENT_PREFETCH_THREADS': 4, 'CLIENT_STORE_TEMPORARY_CREDENTIAL': True}}
2023-08-02 14:41:42,370 - MainThread auth.py:254 - authenticate() - DEBUG - Timeout set to 120
2023-08-02 14:41:42,370 - MainThread network.py:1147 - _use_requests_session() - DEBUG - Session status for SessionPool '{{keep:myaccount}}.snowflakecomputing.com', SessionPool 1/1 active sessions
```
""",
    ),
    # ---- Jupyter's kernel connection file ---------------------------------------------------------------
    (
        "https://github.com/ipython/ipython/issues/11895",
        ".txt",
        r"""```
json.decoder.JSONDecodeError: Expecting value: line 1 column 1 (char 0)
[I 10:34:05.668 NotebookApp] KernelRestarter: restarting kernel (3/5), keep random ports
[IPKernelApp] ERROR | Failed to load connection file: 'C:\\Users\\[[user:Sanjukta.Rastogi]]{{keep:\\AppData\\Roaming\\jupyter\\runtime\\kernel-a869e91b-d19d-478e-b2a7-6fda11ce89f5.json}}'
Traceback (most recent call last):
  File "C:\Users\[[user:Sanjukta.Rastogi]]{{keep:\AppData\Roaming\Python\Python37\site-packages\ipykernel\kernelapp.py}}", line 252, in init_connection_file
    self.load_connection_file()
  File "C:\Users\[[user:Sanjukta.Rastogi]]{{keep:\lib\site-packages\jupyter_client\connect.py}}", line 569, in load_connection_file
    info = json.load(f)
  File "C:\Users\[[user:Sanjukta.Rastogi]]{{keep:\lib\json\__init__.py}}", line 296, in load
    parse_constant=parse_constant, object_pairs_hook=object_pairs_hook, **kw)
```
""",
    ),
    # ---- Hive's beeline on a sandbox ------------------------------------------------------------------
    (
        "https://github.com/hortonworks/data-tutorials/issues/193",
        ".txt",
        r"""```
ssh {{keep:maria_dev}}@127.0.0.1 -p 2222

su hive

beeline -u jdbc:hive2://localhost:10000 -n {{keep:maria_dev}}
Connecting to jdbc:hive2://localhost:10000
```
""",
    ),
]


# The stop-79 collection (batch 79, collected at stop 51 under scrubber 1.33.0 with commit 1e55f1d's
# rules): excerpts of public threads of a source no batch took yet, CI runners and build agents on
# people's own machines and cloud identity answers (GitHub Actions self-hosted runner logs, TeamCity
# and Azure Pipelines agents, GitLab Runner's macOS builds, AWS IAM and STS ARNs with user and
# session names, `gcloud config list`, `az login`, `az` debug logs, Pulumi and Terraform debug
# logs, kubeconfigs as `kubectl config view` prints them).
_RAW_STOP79: list[tuple[str, str, str]] = [
    # ---- CI runners and build agents --------------------------------------------------------------
    (
        "https://github.com/actions/runner/issues/679",
        ".txt",
        r"""```[{{keep:ec2-user}}@ip-10-7-128-190 _diag]$ cat Runner_20200824-134409-utc.log
[2020-08-24 13:44:09Z INFO HostContext] No proxy settings were found based on environmental variables (http_proxy/https_proxy/HTTP_PROXY/HTTPS_PROXY)
[2020-08-24 13:44:09Z INFO HostContext] Well known directory 'Bin': '/home/{{keep:ec2-user}}/actions-runner/bin'
[2020-08-24 13:44:09Z INFO HostContext] Well known directory 'Root': '/home/{{keep:ec2-user}}/actions-runner'
[2020-08-24 13:44:09Z INFO HostContext] Well known config file 'Credentials': '/home/{{keep:ec2-user}}/actions-runner/.credentials'
```
""",
    ),
    (
        "https://github.com/actions/setup-python/issues/974",
        ".txt",
        r"""```
Run actions/setup-python@v5
Installed versions
  Version 3.9 was not found in the local cache
  Version 3.9 is available for downloading
  Download from "https://github.com/actions/python-versions/releases/download/3.9.13-11183687820/python-3.9.13-darwin-arm64.tar.gz"
  Extract downloaded archive
  /usr/bin/tar xz -C /Users/{{keep:anka}}/actions-runner/_work/_temp/88d733fe-3d68-4222-bfad-274b280a0c83 -f /Users/{{keep:anka}}/actions-runner/_work/_temp/084fd4fb-7571-406e-99db-04b625fe9363
  Execute installation script
  Check if Python hostedtoolcache folder exist...
  Creating Python hostedtoolcache folder...
  Error: mkdir: /Users/{{keep:runner}}: Permission denied
  Error: The process '/bin/bash' failed with exit code 1
```
""",
    ),
    (
        "https://github.com/RLovelett/gitlab-fusion/issues/8",
        ".txt",
        r"""```
mkdir: /Users/{{keep:buildbot}}/builds/runner-37/concurrent-0/externals/test/externals/test.tmp: Permission denied
Error: buildFailure
```
""",
    ),
    (
        "https://github.com/jonnyzzz/TeamCity.Node/issues/106",
        ".txt",
        r"""```
[Step 6/7] Executing D:\TeamCity\agents\TeamCity Build Agent 1 ([[user:Hamish]])\BuildAgent\work\c09ad576ed797fb4\source\someApp\node_modules\.bin\gulp.cmd via wrapping shell script
[15:14:17][Step 6/7] Starting: cmd /c "D:\TeamCity\agents\TeamCity Build Agent 1 ([[user:Hamish]])\BuildAgent\work\c09ad576ed797fb4\source\someApp\node_modules\.bin\gulp.cmd" --no-color "--teamcity.properties.all=D:\TeamCity\agents\TeamCity Build Agent 1 ([[user:Hamish]])\BuildAgent\temp\agentTmp\teamcity5287552443166195374.json" "--teamcity.properties=D:\TeamCity\agents\TeamCity Build Agent 1 ([[user:Hamish]])\BuildAgent\temp\agentTmp\teamcity6885222821638861334.json" default
[15:14:17][Step 6/7] in directory: D:\TeamCity\agents\TeamCity Build Agent 1 ([[user:Hamish]])\BuildAgent\work\c09ad576ed797fb4\source\someApp
[15:14:17][Step 6/7] 'D:\TeamCity\agents\TeamCity' is not recognized as an internal or external command,
[15:14:17][Step 6/7] operable program or batch file.
[15:14:17][Step 6/7] Process exited with code 1
```
""",
    ),
    (
        "https://github.com/JetBrains/teamcity-azure-agent/issues/86",
        ".txt",
        r"""[2018-02-12 15:33:56,263]   INFO -   jetbrains.buildServer.SERVER - Starting TeamCity agent 
[2018-02-12 15:33:56,263]   INFO - s.buildServer.agent.AgentMain2 - 
[2018-02-12 15:33:56,263]   INFO - s.buildServer.agent.AgentMain2 - =========================================================== 
[2018-02-12 15:33:57,553]   INFO - s.buildServer.agent.AgentMain2 - TeamCity Build Agent 2017.2.1 (build 50732) 
[2018-02-12 15:33:57,878]   INFO - s.buildServer.agent.AgentMain2 - OS: Linux, version 3.10.0-693.11.6.el7.x86_64, amd64, Current user: {{keep:teamcity}}, Time zone: CET (UTC+01:00) 
[2018-02-12 15:33:57,882]   INFO - s.buildServer.agent.AgentMain2 - Java: 1.8.0_151, OpenJDK 64-Bit Server VM (25.151-b12, mixed mode), OpenJDK Runtime Environment (1.8.0_151-b12), Oracle Corporation; JVM parameters: -ea -Xmx384m -Dteamcity_logs=../logs/ -Dlog4j.configuration=file:../conf/teamcity-agent-log4j.xml 
[2018-02-12 15:33:57,882]   INFO - s.buildServer.agent.AgentMain2 - Starting... 
""",
    ),
    (
        "https://github.com/microsoft/azure-pipelines-agent/issues/1165",
        ".txt",
        r"""      "name": "SystemVssConnection",
      "url": "https://microsoft.visualstudio.com/",
      "authorization": {
        "parameters": {
          "AccessToken": {{keep:********}}
        },
        "scheme": "OAuth"
      },
      "isReady": false
    }
  }
}
[2017-08-28 00:25:37Z INFO JobRunner] Job ID 9dcd510d-dea5-4be8-a1e3-6bc56f9057fd
[2017-08-28 00:25:37Z INFO ConfigurationStore] currentAssemblyLocation: C:\buildagent\bin\Agent.Worker.dll
[2017-08-28 00:25:37Z INFO ConfigurationStore] binPath: C:\buildagent\bin
[2017-08-28 00:25:37Z INFO ConfigurationStore] RootFolder: C:\buildagent
[2017-08-28 00:25:37Z INFO ConfigurationStore] ConfigFilePath: C:\buildagent\.agent
[2017-08-28 00:25:37Z INFO ConfigurationStore] CredFilePath: C:\buildagent\.credentials
[2017-08-28 00:25:37Z INFO ConfigurationStore] ServiceConfigFilePath: C:\buildagent\.service
[2017-08-28 00:25:37Z INFO ConfigurationStore] AutoLogonSettingsFilePath: C:\buildagent\.autologon
""",
    ),
    # ---- AWS IAM and STS identities ---------------------------------------------------------------
    (
        "https://github.com/BD2KGenomics/cgcloud/issues/216",
        ".txt",
        r"""```
[[user:tkelso]] > cgcloud register-key ~/.ssh/id_rsa.pub 
WARNING: IAMConnection.get_user() failed.
Traceback (most recent call last):
  File "/home/[[user:tkelso]]{{keep:/cgcloud/local/lib/python2.7/site-packages/cgcloud/lib/context.py}}", line 596, in iam_user_name
    return self.iam.get_user( ).user_name
  File "/home/[[user:tkelso]]{{keep:/cgcloud/local/lib/python2.7/site-packages/boto/iam/connection.py}}", line 387, in get_user
    return self.get_response('GetUser', params)
  File "/home/[[user:tkelso]]{{keep:/cgcloud/local/lib/python2.7/site-packages/boto/iam/connection.py}}", line 102, in get_response
    raise self.ResponseError(response.status, response.reason, body)
BotoServerError: BotoServerError: 403 Forbidden
<ErrorResponse xmlns="https://iam.amazonaws.com/doc/2010-05-08/">
  <Error>
    <Type>Sender</Type>
    <Code>AccessDenied</Code>
    <Message>User: arn:aws:iam::959094731163:user/[[user:tkelso]] is not authorized to perform: iam:GetUser on resource: arn:aws:iam::959094731163:user/[[user:tkelso]]</Message>
  </Error>
  <RequestId>{{keep:5c20075e-5b46-11e6-8da7-85ecadaf28a0}}</RequestId>
</ErrorResponse>
```
""",
    ),
    (
        "https://github.com/jjongsma/grunt-eb-deploy/issues/8",
        ".txt",
        r"""```
{ [AccessDenied: User: user/[[user:marlowe]] is not authorized to perform: iam:GetUser on resource: user/[[user:marlowe]]]
  message: 'User: user/[[user:marlowe]] is not authorized to perform: iam:GetUser on resource: user/[[user:marlowe]]',
  code: 'AccessDenied',
  time: Mon Jan 04 2016 11:20:44 GMT+1100 (AEDT),
  requestId: '{{keep:fe8e5b2d-b278-11e5-b271-fb906daf8f7c}}',
  statusCode: 403,
  retryable: false,
  retryDelay: 30 }
```
""",
    ),
    (
        "https://github.com/realestate-com-au/credulous/issues/79",
        ".txt",
        r"""ERROR: AccessDenied: User: arn:aws:iam::566964866387:user/{{keep:docker}} is not authorized to perform: iam:GetUser on resource: arn:aws:iam::566964866387:user/{{keep:docker}}
""",
    ),
    (
        "https://github.com/aws/aws-cli/issues/6274",
        ".txt",
        r"""```
2021-07-15 08:22:51,615 - MainThread - awscli.clidriver - DEBUG - Exception caught in main()
Traceback (most recent call last):
  File "awscli/clidriver.py", line 459, in main
  File "awscli/clidriver.py", line 594, in __call__
  File "awscli/clidriver.py", line 770, in __call__
  File "awscli/clidriver.py", line 901, in invoke
  File "awscli/clidriver.py", line 913, in _make_client_call
  File "botocore/client.py", line 278, in _api_call
  File "botocore/client.py", line 597, in _make_api_call
botocore.errorfactory.AccessDeniedException: An error occurred (AccessDeniedException) when calling the CreateComponentVersion operation: User: arn:aws:iam::456012345600:user/{{keep:Administrator}} is not authorized to perform: null

An error occurred (AccessDeniedException) when calling the CreateComponentVersion operation: User: arn:aws:iam::456012345600:user/{{keep:Administrator}} is not authorized to perform: null
```
""",
    ),
    (
        "https://github.com/aws/aws-cli/issues/7216",
        ".txt",
        r"""```
An error occurred (AccessDenied) when calling the AssumeRole operation: User: arn:aws:sts::{{keep:<main_account_id>}}:assumed-role/{{keep:<role_name>}}/{{keep:<session_name>}} is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::{{keep:<prod_account_id>}}:role/{{keep:<role_name>}}
```

aws-cli/2.7.21 Python/3.10.6 Darwin/21.3.0 source/arm64 prompt/off
""",
    ),
    (
        "https://github.com/aws-samples/rancher-on-aws-workshop/issues/28",
        ".txt",
        r"""```
An error occurred (AccessDenied) when calling the GetUser operation: User: arn:aws:sts::019759562784:assumed-role/rancher-manager-stack-EKSCTLRole-D78Q8FNL2T9B/{{keep:i-0d9daf0baeff2d308}} is not authorized to perform: iam:GetUser on resource: user {{keep:rancher-cloud-credential-user}} because no identity-based policy allows the iam:GetUser action
{{keep:Admin}}:~/environment $ env | grep AWS
C9_PROJECT=AWS-RGS-Workshop
{{keep:Admin}}:~/environment $ env | grep EKS
{{keep:Admin}}:~/environment $ 
```
""",
    ),
    (
        "https://github.com/basefarm/aws-session-tool/issues/1",
        ".txt",
        r"""```
[[[user:tovej]]@bf-awsops-admin01 test]$ get_session -f -s {{keep:XXXXXX}}
enter aes-256-cbc encryption password:
Verifying - enter aes-256-cbc encryption password:
[[[user:tovej]]@bf-awsops-admin01 test]$ assume_role bf-awsopslab-admin
[[[user:tovej]]@bf-awsops-admin01 test]$ get_console_url 
https://signin.aws.amazon.com/federation?Action=login&Issuer=&Destination={{keep:redacted}}
```

```
[[[user:tovej]]@bf-awsops-admin01 test]$ get_session -f -s {{keep:XXXXXX}}
enter aes-256-cbc encryption password:
Verifying - enter aes-256-cbc encryption password:
[[[user:tovej]]@bf-awsops-admin01 test]$ assume_role rut-awsprod-readonly
[[[user:tovej]]@bf-awsops-admin01 test]$ get_console_url 

An error occurred (AccessDenied) when calling the AssumeRole operation: User: arn:aws:sts::905279427843:assumed-role/readonly/{{keep:rut-awsprod}} is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::905279427843:role/readonly
ERROR: Unable to obtain session
```
""",
    ),
    (
        "https://github.com/jrl84/amazon-sp-api/issues/212",
        ".txt",
        r"""CustomError: User: arn:aws:iam::{{keep:**********}}:user/{{keep:ECOM-KPI-DATA-INGESTION-ROLE}} is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::{{keep:******}}:user/{{keep:ECOM-KPI-DATA-INGESTION-ROLE}}

  throw new CustomError({
            ^

CustomError: User: arn:aws:sts::{{keep:*********}}:assumed-role/ELANCO-MINT-ECOM-DATA-INGESTION/{{keep:MINT}} is not authorized to perform: sts:AssumeRole on resource: arn:aws:iam::{{keep:***********}}:role/ECOM-KPI-DATA-INGESTION-ROLE
    at SellingPartner.refreshRoleCredentials (C:\Users\[[user:03815267]]{{keep:\Downloads\Elanco\ElancoCORE-MINT-feature-NodeJSAdsAPI\ElancoCORE-MINT-NodeJSAdsAPI\node_modules\amazon-sp-api\lib\SellingPartner.js:580:13}})
    at processTicksAndRejections (node:internal/process/task_queues:96:5) {
  code: 'AccessDenied',
  type: 'error'
}
""",
    ),
    # ---- Google Cloud and Azure accounts ----------------------------------------------------------
    (
        "https://github.com/googleapis/google-cloud-java/issues/827",
        ".txt",
        r"""My `~/.config/gcloud/configurations/config_default` contents:

```
[core]
account = {{keep:***REDACTED***@gmail.com}}
project = gcpnext2016-[[user:kvrel]]
[compute]
zone = us-central1-a
region = us-central1
```

My active configuration:

```
$ gcloud config list
Your active configuration is: [[[user:kvrel]]-test-flexible]
[app]
suppress_change_warning = true
[compute]
region = us-central1
zone = us-central1-b
[core]
account = [[email:kvrel@google.com]]
disable_usage_reporting = False
project = [[user:kvrel]]-test-flexible
[metrics]
command_name = gcloud.config.list
```
""",
    ),
    (
        "https://github.com/Azure/azure-cli/issues/31942",
        ".txt",
        r"""PS C:\Users\[[user:keshini]]\Desktop\terraform> az login
Select the account you want to log in with. For more information on login with Azure CLI, see https://go.microsoft.com/fwlink/?linkid=2271136

Retrieving tenants and subscriptions for the selection...

[Tenant and subscription selection]

No     Subscription name    Subscription ID                       Tenant
-----  -------------------  ------------------------------------  -----------------
[1] *  [[user:sulochna]]azure        ace4f714-8869-4909-9885-964a034bd586  Default Directory

The default is marked with an *; the default tenant is 'Default Directory' and subscription is '[[user:sulochna]]azure' (ace4f714-8869-4909-9885-964a034bd586).
""",
    ),
    (
        "https://github.com/Azure/azure-cli/issues/30550",
        ".txt",
        r"""Message: Subscription {{keep:xxxx69ca-c096-4710-8f4e-7942508xxxxx}} was not found.

cli.azure.cli.core.azclierror: (SubscriptionNotFound) Subscription {{keep:xxxx69ca-c096-4710-8f4e-7942508xxxxx}} was not found.
Code: SubscriptionNotFound
Message: Subscription 70a369ca-c096-4710-8f4e-794250877921 was not found.
az_command_data_logger: (SubscriptionNotFound) Subscription {{keep:xxxx69ca-c096-4710-8f4e-7942508xxxxx}} was not found.
Code: SubscriptionNotFound
Message: Subscription {{keep:xxxx69ca-c096-4710-8f4e-7942508xxxxx}} was not found.
cli.knack.cli: Event: Cli.PostExecute [<function AzCliLogging.deinit_cmd_metadata_logging at 0x102562660>]
az_command_data_logger: exit code: 3
cli.__main__: Command ran in 0.856 seconds (init: 0.131, invoke: 0.725)
telemetry.main: Begin splitting cli events and extra events, total events: 1
telemetry.client: Accumulated 0 events. Flush the clients.
telemetry.main: Finish splitting cli events and extra events, cli events: 1
telemetry.save: Save telemetry record of length 4124 in cache file under /Users/[[user:47kq2]]{{keep:/.azure/telemetry/20241219125553639}}
telemetry.main: Begin creating telemetry upload process.
""",
    ),
    # ---- Pulumi and Terraform with a home -------------------------------------------------------
    (
        "https://github.com/pulumi/pulumi/issues/2387",
        ".txt",
        r"""error: could not read plugin [/Users/[[user:tobias.ferrer]]{{keep:/.pulumi/plugins/resource-aws-v0.16.7/pulumi-resource-aws}}] stdout: EOF
""",
    ),
    (
        "https://github.com/pulumi/pulumi/issues/3275",
        ".txt",
        r"""```
I0927 10:09:49.178499   12200 plugins.go:522] GetPluginPath(resource, aws, 1.2.1): found in cache at C:\Users\[[user:dhaskin]]{{keep:\.pulumi\plugins\resource-aws-v1.2.1\pulumi-resource-aws.exe}}
I0927 10:09:49.178499   12200 plugins.go:132] ensurePluginsAreInstalled(): plugin aws 1.2.1 already installed
I0927 10:09:49.250135   12200 plugins.go:147] ensurePluginsAreInstalled(): completed
I0927 10:09:49.250135   12200 update.go:159] newUpdateSource(): failed to install missing plugins: 404 HTTP error fetching plugin from https://api.pulumi.com/releases/plugins/pulumi-resource-pulumi-v<nil>-windows-amd64.tar.gz
I0927 10:09:49.250135   12200 plugins.go:234] computeDefaultProviderPlugins(): considering nodejs
I0927 10:09:49.250135   12200 plugins.go:234] computeDefaultProviderPlugins(): considering docker-0.17.4
I0927 10:09:49.250135   12200 plugins.go:265] computeDefaultProviderPlugins(): plugin docker-0.17.4 selected for package docker (first seen)
```
""",
    ),
    (
        "https://github.com/scastria/terraform-provider-apigee/issues/5",
        ".txt",
        r"""(venv) [[user:tjmb]]@UKPC010969 apigeeTerraform % export TF_LOG=DEBUG
(venv) [[user:tjmb]]@UKPC010969 apigeeTerraform % terraform apply
2021/01/04 19:55:28 [WARN] Log levels other than TRACE are currently unreliable, and are supported only for backward compatibility.
  Use TF_LOG=TRACE to see Terraform's internal logs.
  ----
2021/01/04 19:55:28 [INFO] Terraform version: 0.13.5  
2021/01/04 19:55:28 [INFO] Go runtime version: go1.14.12
2021/01/04 19:55:28 [INFO] CLI args: []string{"/usr/local/bin/terraform", "apply"}
2021/01/04 19:55:28 [DEBUG] Attempting to open CLI config file: /Users/[[user:tjmb]]{{keep:/.terraformrc}}
2021/01/04 19:55:28 [DEBUG] File doesn't exist, but doesn't need to. Ignoring.
2021/01/04 19:55:28 [DEBUG] ignoring non-existing provider search directory terraform.d/plugins
2021/01/04 19:55:28 [DEBUG] ignoring non-existing provider search directory /Users/[[user:tjmb]]{{keep:/.terraform.d/plugins}}
2021/01/04 19:55:28 [DEBUG] ignoring non-existing provider search directory /Users/[[user:tjmb]]{{keep:/Library/Application Support/io.terraform/plugins}}
2021/01/04 19:55:28 [DEBUG] ignoring non-existing provider search directory /Library/Application Support/io.terraform/plugins
2021/01/04 19:55:28 [INFO] CLI command args: []string{"apply"}
""",
    ),
    # ---- kubeconfigs ------------------------------------------------------------------------------
    (
        "https://github.com/kubernetes/kubernetes/issues/4426",
        ".txt",
        r"""```
$ cluster/kubectl.sh config view
current-context: "k100"
Running: cluster/../cluster/gce/../../_output/dockerized/bin/linux/amd64/kubectl config view
clusters:
  k100:
    certificate-authority: /usr/local/google/home/[[user:ravind]]{{keep:/.kube/k100/kubernetes.ca.crt}}
    server: https://130.211.253.58
  kubernetes:
    certificate-authority: /usr/local/google/home/[[user:ravind]]{{keep:/.kube/kubernetes/kubernetes.ca.crt}}
    server: https://146.148.68.120
contexts:
  k100:
    cluster: k100
    user: k100-admin
  kubernetes:
    cluster: kubernetes
    user: {{keep:kubernetes-admin}}
current-context: k100
preferences: {}
users:
  k100-admin:
    auth-path: /usr/local/google/home/[[user:ravind]]{{keep:/.kube/k100/kubernetes_auth}}
  {{keep:kubernetes-admin}}:
    auth-path: /usr/local/google/home/[[user:ravind]]{{keep:/.kube/kubernetes/kubernetes_auth}}
```
""",
    ),
    (
        "https://github.com/controlplaneio/kubectl-kubesec/issues/3",
        ".txt",
        r"""```
apiVersion: v1
clusters:
- cluster:
    certificate-authority: /home/[[user:mbrandt]]/ca-px-prd1002.pem
    server: https://k8s-api.v.k8s.work:6443
  name: px-prd1002
contexts:
- context:
    cluster: px-prd1002
    namespace: identity
    user: {{keep:qa@k8s.work}}
  name: px-prd1002
current-context: px-prd1002
kind: Config
preferences: {}
users:
- name: {{keep:qa@k8s.work}}
  user:
    auth-provider:
      config:
        client-id: gangway
        client-secret: {{keep:supersecret}}
        id-token: {{keep:<redacted>}}
        idp-issuer-url: https://identity.v.k8s.work/identity
        refresh-token: {{keep:<redacted>}}
      name: oidc
```
gets me:

```
$ kubectl -n identity plugin scan deployment/dex
panic: No Auth Provider found for name "oidc"

goroutine 1 [running]:
github.com/stefanprodan/kubectl-kubesec/vendor/k8s.io/client-go/kubernetes/typed/admissionregistration/v1alpha1.NewForConfigOrDie(0xc420171340, 0xc4202e0690)
	/home/{{keep:travis}}/gopath/src/github.com/stefanprodan/kubectl-kubesec/vendor/k8s.io/client-go/kubernetes/typed/admissionregistration/v1alpha1/admissionregistration_client.go:60 +0x65
```
""",
    ),
    (
        "https://github.com/superbrothers/kubectl-view-serviceaccount-kubeconfig-plugin/issues/1",
        ".txt",
        r"""```
k plugin view-kubeconfig default
panic: No Auth Provider found for name "oidc"

goroutine 1 [running]:
github.com/superbrothers/kubectl-view-kubeconfig-plugin/vendor/k8s.io/client-go/kubernetes/typed/admissionregistration/v1alpha1.NewForConfigOrDie(0xc420124000, 0xc4203b41e0)
        /Users/[[user:hmori]]{{keep:/src/github.com/superbrothers/kubectl-view-kubeconfig-plugin/vendor/k8s.io/client-go/kubernetes/typed/admissionregistration/v1alpha1/admissionregistration_client.go:60}} +0x65
github.com/superbrothers/kubectl-view-kubeconfig-plugin/vendor/k8s.io/client-go/kubernetes.NewForConfigOrDie(0xc420124000, 0x1cbd6e0)
        /Users/[[user:hmori]]{{keep:/src/github.com/superbrothers/kubectl-view-kubeconfig-plugin/vendor/k8s.io/client-go/kubernetes/clientset.go:531}} +0x49
main.main()
        /Users/[[user:hmori]]{{keep:/src/github.com/superbrothers/kubectl-view-kubeconfig-plugin/main.go:34}} +0x117
error: exit status 2
```
""",
    ),
]


# The stop-80 collection (batch 80, collected at stop 51 under scrubber 1.33.0 with commit 1e55f1d's
# rules): excerpts of public threads of a source no batch took yet, editors' and their extensions'
# diagnostics as people paste them (Neovim's `:checkhealth` and `nvim --version`, Vim's
# `--startuptime`, Emacs' `*Warnings*` and `--debug-init` backtraces, VS Code's Pylance output
# channel and LSP traces of gopls, rust-analyzer's errors, clangd's stderr in Neovim's LSP log,
# Sublime Text's console, Zed's log and an extension's spawn error, Helix's `hx --health`).
_RAW_STOP80: list[tuple[str, str, str]] = [
    # ---- Emacs ------------------------------------------------------------------------------------
    (
        "https://github.com/brittAnderson/Intro2Computing4Psychology/issues/23",
        ".txt",
        r"""Warning (initialization): An error occurred while loading ‘/home/[[user:dvorn]]{{keep:/.emacs}}’:

Symbol's value as variable is void: archives

To ensure normal operation, you should investigate and remove the
cause of the error in your initialization file.  Start Emacs with
the ‘--debug-init’ option to view a complete error backtrace.

Debugger entered--Lisp error: (void-variable archives)
  (member archives package)
  (if (member archives package) package (setq package (append package (list archives))))
  eval-buffer(#<buffer  *load*> nil "/home/[[user:dvorn]]{{keep:/.emacs}}" nil t)  ; Reading at buffer position 116
  load-with-code-conversion("/home/[[user:dvorn]]{{keep:/.emacs}}" "/home/[[user:dvorn]]{{keep:/.emacs}}" t t)
  load("{{keep:~/.emacs}}" t t)
  #f(compiled-function () #<bytecode 0x1e0f4d>)()
  command-line()
  normal-top-level()
""",
    ),
    (
        "https://github.com/cabins/emacs.d/issues/4",
        ".txt",
        r"""Debugger entered--Lisp error: (error "Local variables entry is missing the suffix")
  error("Local variables entry is missing the suffix")
  hack-local-variables--find-variables()
  hack-read-symbol-shorthands()
  load-with-code-conversion("c:/Users/[[user:kd]]{{keep:/AppData/Roaming/.emacs.d/elpa/yaml-mode-20221022.920/yaml-mode-autoloads.el}}" "c:/Users/[[user:kd]]{{keep:/AppData/Roaming/.emacs.d/elpa/yaml-mode-20221022.920/yaml-mode-autoloads.el}}" nil t)
  load("c:/Users/[[user:kd]]{{keep:/AppData/Roaming/.emacs.d/elpa/yaml-mode-20221022.920/yaml-mode-autoloads}}" nil t)
""",
    ),
    # ---- Neovim and Vim ---------------------------------------------------------------------------
    (
        "https://github.com/neovim/pynvim/issues/388",
        ".txt",
        r"""**nvim --version**

```
NVIM v0.3.4
Build type: RelWithDebInfo
LuaJIT 2.0.5
Compilation: /usr/bin/cc -Wconversion -U_FORTIFY_SOURCE -D_FORTIFY_SOURCE=1 -O2 -g -DMIN_LOG_LEVEL=3 -Og -g -Wall -Wextra -pedantic -Wno-unused-parameter -Wstrict-prototypes -std=gnu99 -Wimplicit-fallthrough -Wvla -fstack-protector-strong -fdiagnostics-color=auto -Wno-array-bounds -DINCLUDE_GENERATED_DECLARATIONS -D_GNU_SOURCE -DNVIM_MSGPACK_HAS_FLOAT32 -DNVIM_UNIBI_HAS_VAR_FROM -I/home/[[user:mirok]]{{keep:/Downloads/neovim-0.3.4/build/config}} -I/home/[[user:mirok]]{{keep:/Downloads/neovim-0.3.4/src}} -I/home/[[user:mirok]]{{keep:/Downloads/neovim-0.3.4/.deps/usr/include}} -I/usr/include -I/home/[[user:mirok]]{{keep:/Downloads/neovim-0.3.4/build/src/nvim/auto}} -I/home/[[user:mirok]]{{keep:/Downloads/neovim-0.3.4/build/include}}
Compiled by [[user:mirok]]@[[user:mirok]]-Potatop

Features: +acl +iconv +jemalloc +tui 
See ":help feature-compile"

   system vimrc file: "$VIM/sysinit.vim"
```
""",
    ),
    (
        "https://github.com/theniceboy/nvim/issues/29",
        ".txt",
        r"""## Python 2 provider (optional)
  - INFO: Using: g:python_host_prog = "/usr/bin/python2"
  - INFO: Executable: /usr/bin/python2
  - ERROR: Command error (job=42, exit code 1): `'/usr/bin/python2' -c 'import sys; sys.path.remove(""); import neovim; print(neovim.__file__)'` (in '/home/[[user:tunz]]')
    Output: Traceback (most recent call last):  File "<string>", line 1, in <module>ImportError: No module named neovim
    Stderr: Traceback (most recent call last):  File "<string>", line 1, in <module>ImportError: No module named neovim
  - INFO: Python version: 2.7.18
  - INFO: pynvim version: unable to load neovim Python module
  - ERROR: pynvim is not installed.
    Error: unable to load neovim Python module
    - ADVICE:
      - Run in shell: pip install pynvim

## Python 3 provider (tional)
  - INFO: Using: g:python3_host_prog = "/home/[[user:tunz]]{{keep:/soft/home/}}[[user:tunz]]{{keep:/soft/anaconda3/bin/python3.7}}"
  - INFO: Executable: /home/[[user:tunz]]{{keep:/soft/home/}}[[user:tunz]]{{keep:/soft/anaconda3/bin/python3.7}}
  - INFO: Python version: 3.7.6
  - INFO: pynvim version: 0.4.1
  - OK: Latest pynvim is installed.
""",
    ),
    (
        "https://github.com/neovim/pynvim/issues/366",
        ".txt",
        r"""```
## Python 3 provider (optional)
  - INFO: Using: g:python3_host_prog = "/usr/local/bin/python3"
  - INFO: Executable: /usr/local/bin/python3
  - ERROR: Command error (job=7): `'/usr/local/bin/python3' -c 'import sys; sys.path.remove(""); import neovim; print(neovim.__file__)'` (in '/Users/[[user:arlon]]{{keep:/work/encoding-service}}')
    Output: Traceback (most recent call last):  File "<string>", line 1, in <module>ModuleNotFoundError: No module named 'neovim'
  - INFO: Python3 version: 3.7.1
  - INFO: python3-neovim version: unable to load neovim Python module
  - ERROR: Neovim Python client is not installed.
    Error: unable to load neovim Python module
    - ADVICE:
      - Run in shell: pip3 install neovim 
```
""",
    ),
    (
        "https://github.com/junegunn/vim-plug/issues/624",
        ".txt",
        r"""```
times in msec
 clock   self+sourced   self:  sourced script
 clock   elapsed:              other lines

000.004  000.004: --- VIM STARTING ---
000.077  000.073: Allocated generic buffers
000.340  000.263: locale set
000.345  000.005: clipboard setup
000.353  000.008: window checked
000.771  000.418: inits 1
000.862  000.091: parsing arguments
000.866  000.004: expanding arguments
003.673  002.807: shell init
003.893  000.220: Termcap init
003.907  000.014: inits 2
004.021  000.114: init highlight
005.867  001.614  001.614: sourcing /Users/[[user:marsvind]]{{keep:/.vim/autoload/plug.vim}}
011.743  000.011  000.011: sourcing /Users/[[user:marsvind]]{{keep:/.vim/plugged/vim-slim/ftdetect/slim.vim}}
012.804  000.107  000.107: sourcing /Users/[[user:marsvind]]{{keep:/.vim/plugged/vim-ruby/ftdetect/ruby.vim}}
012.985  000.136  000.136: sourcing /Users/[[user:marsvind]]{{keep:/.vim/plugged/vim-ruby/ftdetect/ruby_extra.vim}}
013.938  000.044  000.044: sourcing /Users/[[user:marsvind]]{{keep:/.vim/plugged/vim-elixir/ftdetect/elixir.vim}}
014.248  000.049  000.049: sourcing /Users/[[user:marsvind]]{{keep:/.vim/plugged/vim-go/ftdetect/gofiletype.vim}}
```
""",
    ),
    # ---- VS Code: Pylance and the Python extension --------------------------------------------------
    (
        "https://github.com/microsoft/pylance-release/issues/6836",
        ".txt",
        r"""2025-01-08 15:07:56.588 [info] [Info  - 3:07:56 PM] (23796) Setting environmentName for service "{{keep:<default>}}": "3.11.9 (microsoft store)"
2025-01-08 15:07:56.589 [info] [Trace - 3:07:56 PM] Received notification 'window/logMessage'.
2025-01-08 15:07:56.589 [info] Params: {
    "type": 3,
    "message": "(23796) Setting pythonPath for service \"{{keep:<default>}}\": \"c:\\Users\\[[user:morven]]{{keep:\\AppData\\Local\\Microsoft\\WindowsApps\\python3.11.exe}}\""
}

2025-01-08 15:07:56.589 [info] [Info  - 3:07:56 PM] (23796) Setting pythonPath for service "{{keep:<default>}}": "c:\Users\[[user:morven]]{{keep:\AppData\Local\Microsoft\WindowsApps\python3.11.exe}}"
2025-01-08 15:07:56.589 [info] [Trace - 3:07:56 PM] Received notification 'window/logMessage'.
2025-01-08 15:07:56.589 [info] Params: {
    "type": 3,
    "message": "(23796) No include entries specified; assuming \\{{keep:<default workspace root>}}"
}

2025-01-08 15:07:56.589 [info] [Info  - 3:07:56 PM] (23796) No include entries specified; assuming \{{keep:<default workspace root>}}
2025-01-08 15:07:56.589 [info] [Info  - 3:07:56 PM] (23796) Auto-excluding **/node_modules
""",
    ),
    (
        "https://github.com/microsoft/pylance-release/issues/2723",
        ".txt",
        r"""Log from Pylance language server:
[Info  - 8:11:37 AM] (2728) Pylance language server 2022.4.1 (pyright af32b7d8) starting
[Info  - 8:11:37 AM] (2728) Server root directory: c:\Users\[[user:telso]]{{keep:\.vscode\extensions\ms-python.vscode-pylance-2022.4.1\dist}}
[Info  - 8:11:37 AM] (2728) No configuration file found.
[Info  - 8:11:37 AM] (2728) No pyproject.toml file found.
[Info  - 8:11:37 AM] (2728) Setting pythonPath for service "aida": "c:\Users\[[user:telso]]{{keep:\OneDrive\Documentos\AI Solutions\aida\.venv\Scripts\python.exe}}"
[Warn  - 8:11:37 AM] (2728) stubPath c:\Users\[[user:telso]]{{keep:\OneDrive\Documentos\AI Solutions\aida\typings}} is not a valid directory.
[Info  - 8:11:37 AM] (2728) Assuming Python version 3.9
[Info  - 8:11:37 AM] (2728) Assuming Python platform Windows
[Info  - 8:11:38 AM] (2728) Searching for source files
[Info  - 8:11:38 AM] (2728) Found 288 source files
[Info  - 8:11:38 AM] (2728) Background analysis(1) root directory: c:\Users\[[user:telso]]{{keep:\.vscode\extensions\ms-python.vscode-pylance-2022.4.1\dist}}
[Info  - 8:11:38 AM] (2728) Background analysis(1) started
""",
    ),
    (
        "https://github.com/microsoft/pylance-release/issues/4297",
        ".txt",
        r"""```
[[user:Dorvent]]uoMBP329:~ [[user:dorvent]]$ ps aux | grep pylance
[[user:dorvent]]          60057   0.0  0.0 34121332    656 s002  S+    1:04AM   0:00.00 grep pylance
```
""",
    ),
    # ---- LSP logs: gopls, rust-analyzer, clangd -----------------------------------------------------
    (
        "https://github.com/golang/go/issues/68846",
        ".txt",
        r"""`
{"jsonrpc":"2.0","id":0,"method":"initialize","params":{"processId":null,"clientInfo":{"name":"Code - OSS","version":"1.91.1"},"locale":"en","rootPath":"c:\\users\\[[user:anjal]]{{keep:\\go_test}}","rootUri":"file:///c%3A/users/[[user:anjal]]{{keep:/go_test}}","capabilities":{"workspace":{"applyEdit":true,"workspaceEdit":{"documentChanges":true,"resourceOperations":["create","rename","delete"],"failureHandling":"textOnlyTransactional","normalizesLineEndings":true,"changeAnnotationSupport":{"groupsOnLabel":true}},"configuration":true,"didChangeWatchedFiles":{"dynamicRegistration":true,"relativePatternSupport":true}}}}}
`
""",
    ),
    (
        "https://github.com/golang/go/issues/40578",
        ".txt",
        r"""```
[Trace - 09:33:00.404 AM] Received notification 'window/logMessage'.
Params: {"type":1,"message":"2020/08/08 09:33:00 initial workspace load failed: go [-e -json -compiled=true -test=true -export=false -deps=true -find=false -- ./ builtin]: exit status 1: go: cannot find main module, but found .git/config in /Users/[[user:danforsyth]]{{keep:/Library/Mobile Documents/com~apple~CloudDocs/code/chg-ps-audit}}\n\tto create a module there, run:\n\tgo mod init\n: packages.Load error\n"}


[Error - 9:33:00 AM] 2020/08/08 09:33:00 initial workspace load failed: go [-e -json -compiled=true -test=true -export=false -deps=true -find=false -- ./ builtin]: exit status 1: go: cannot find main module, but found .git/config in /Users/[[user:danforsyth]]{{keep:/Library/Mobile Documents/com~apple~CloudDocs/code/chg-ps-audit}}
	to create a module there, run:
	go mod init
```
""",
    ),
    (
        "https://github.com/rust-lang/rust-analyzer/issues/14462",
        ".txt",
        r"""**ERROR**: [ERROR rust_analyzer::main_loop] FetchWorkspaceError:
rust-analyzer failed to load workspace: Failed to read Cargo metadata from Cargo.toml file /home/[[user:rupesh]]{{keep:/rust/apr1/Cargo.toml}}, Some(Version { major: 1, minor: 68, patch: 2 }): Failed to run `cd "/home/[[user:rupesh]]{{keep:/rust/apr1}}" && "cargo" "metadata" "--format-version" "1" "--manifest-path" "/home/[[user:rupesh]]{{keep:/rust/apr1/Cargo.toml}}" "--filter-platform" "x86_64-unknown-linux-gnu"`: `cargo metadata` exited with an error:     Updating crates.io index
error: failed to select a version for the requirement `neo4j = "^4.0.0"`
candidate versions found which didn't match: 0.0.0
location searched: crates.io index
required by package `apr1 v0.1.0 (/home/[[user:rupesh]]{{keep:/rust/apr1}})`
""",
    ),
    (
        "https://github.com/clangd/clangd/issues/2392",
        ".txt",
        r"""```text
[ERROR][2025-05-12 21:58:52] .../vim/lsp/rpc.lua:770	"rpc"	"/Users/[[user:oskar]]{{keep:/.local/share/nvim/mason/bin/clangd}}"	"stderr"	"The flag `-cross-file-rename` is obsolete and ignored.\n"
[ERROR][2025-05-12 21:58:52] .../vim/lsp/rpc.lua:770	"rpc"	"/Users/[[user:oskar]]{{keep:/.local/share/nvim/mason/bin/clangd}}"	"stderr"	"I[21:58:52.603] clangd version 20.1.0 (https://github.com/llvm/llvm-project {{keep:24a30daaa559829ad079f2ff7f73eb4e18095f88}})\nI[21:58:52.603] Features: mac+grpc+xpc\nI[21:58:52.603] PID: 56431\nI[21:58:52.603] Working directory: /Users/[[user:oskar]]{{keep:/Software/test/cpp/protobuf}}\nI[21:58:52.603] argv[0]: /Users/[[user:oskar]]{{keep:/.local/share/nvim/mason/bin/clangd}}\nI[21:58:52.603] argv[1]: --background-index\nI[21:58:52.603] argv[2]: --clang-tidy\nI[21:58:52.604] Starting LSP over stdin/stdout\nI[21:58:52.604] <-- initialize(1)\n"
[ERROR][2025-05-12 21:58:53] .../vim/lsp/rpc.lua:770	"rpc"	"/Users/[[user:oskar]]{{keep:/.local/share/nvim/mason/bin/clangd}}"	"stderr"	"I[21:58:53.698] --> reply:initialize(1) 1094 ms\n"
```
""",
    ),
    # ---- Helix, Zed, Sublime Text -------------------------------------------------------------------
    (
        "https://github.com/helix-editor/helix/issues/4379",
        ".txt",
        r"""```
(base) ➜ [[user:peterlanzo]]@[[user:peterlanzo]]-desktop  ~/Git/LearningRust  hx --health
Config file: /home/[[user:peterlanzo]]{{keep:/.config/helix/config.toml}}
Language file: default
Log file: /home/[[user:peterlanzo]]{{keep:/.cache/helix/helix.log}}
Runtime directory: /usr/share/helix/runtime
Clipboard provider: xsel
System clipboard provider: xsel

Language          LSP                       DAP       Highlight   Textobject   Indent
awk               ✘ awk-language-server     None      ✓           ✓            ✘
bash              ✘ bash-language-server    None      ✓           ✘            ✘
```
""",
    ),
    (
        "https://github.com/zed-industries/zed/issues/18718",
        ".txt",
        r"""2024-10-04T12:26:30.21633+10:00 [INFO] ========== starting zed ==========
2024-10-04T12:26:30.21738+10:00 [INFO] Opening main db
2024-10-04T12:26:30.218747+10:00 [INFO] Opening main db
2024-10-04T12:26:30.238532+10:00 [INFO] Using git binary path: Some("/Applications/Zed Preview.app/Contents/MacOS/git")
2024-10-04T12:26:30.453014+10:00 [INFO] set environment variables from shell:/opt/homebrew/bin/fish, path:/Users/[[user:ben.callaghan]]{{keep:/.rbenv/shims}}:/Users/[[user:ben.callaghan]]{{keep:/.bun/bin}}:opt/homebrew/bin:/usr/local/opt/ruby/bin:/usr/local/sbin:/Users/[[user:ben.callaghan]]{{keep:/.local/bin}}:/Users/[[user:ben.callaghan]]{{keep:/.pyenv/shims}}:/opt/homebrew/bin:/usr/local/bin:/Users/[[user:bennetcallaghan]]{{keep:/.cargo/bin}}:/usr/local/opt/fzf/bin:/opt/homebrew/opt/fzf/bin:/System/Cryptexes/App/usr/bin:/usr/bin:/bin:/usr/sbin:/sbin:/Library/Apple/usr/bin:/Users/[[user:ben.callaghan]]{{keep:/.rbenv/shims}}:/Users/[[user:ben.callaghan]]{{keep:/.bun/bin}}:/Users/[[user:ben.callaghan]]{{keep:/.local/bin}}
2024-10-04T12:26:30.762691+10:00 [INFO] initializing context server client
2024-10-04T12:26:30.762827+10:00 [INFO] Registering built-in prompt template: content_prompt
""",
    ),
    (
        "https://github.com/blopker/codebook/issues/73",
        ".txt",
        r"""```
Language server error: codebook

failed to spawn command. path: "/Users/[[user:delmorvik]]{{keep:/Library/Application Support/Zed/extensions/work/codebook/codebook-lsp-v0.2.12/codebook-lsp}}", working directory: "/Users/[[user:delmorvik]]{{keep:/Workspace/dozzle}}", args: ["--root=/Users/[[user:delmorvik]]{{keep:/Workspace/dozzle}}", "serve"]
-- stderr--
```
""",
    ),
    (
        "https://github.com/sublimehq/package_control/issues/874",
        ".txt",
        r"""DPI mode: per-monitor v2
startup, version: 3176 windows x64 channel: stable
executable: /C/Program Files/Sublime Text 3/sublime_text.exe
working dir: /C/Program Files/Sublime Text 3
packages path: /C/Users/[[user:kt7up]]{{keep:/AppData/Roaming/Sublime Text 3/Packages}}
state path: /C/Users/[[user:kt7up]]{{keep:/AppData/Roaming/Sublime Text 3/Local}}
zip path: /C/Program Files/Sublime Text 3/Packages
zip path: /C/Users/[[user:kt7up]]{{keep:/AppData/Roaming/Sublime Text 3/Installed Packages}}
ignored_packages: []
pre session restore time: 0.265958
startup time: 0.341958
first paint time: 0.346958
reloading plugin Default.arithmetic
reloading plugin Default.auto_indent_tag
reloading plugin Default.block
""",
    ),
    (
        "https://github.com/condemil/gist/issues/122",
        ".txt",
        r"""reloading plugin Goto Documentation.gotodocumentation
reloading plugin LiveReload.livereload_st2
Traceback (most recent call last):
  File "/Applications/Dev Tools/Sublime Text.app/Contents/MacOS/sublime_plugin.py", line 73, in reload_plugin
    m = importlib.import_module(modulename)
  File "X/importlib/__init__.py", line 88, in import_module
  File "<frozen importlib._bootstrap>", line 1577, in _gcd_import
  File "/Applications/Dev Tools/Sublime Text.app/Contents/MacOS/sublime_plugin.py", line 671, in load_module
    exec(compile(source, source_path, 'exec'), mod.__dict__)
  File "livereload_st2 in /Users/[[user:timwelby]]{{keep:/Library/Application Support/Sublime Text 3/Installed Packages/LiveReload.sublime-package}}", line 21
    except Exception, u:
                    ^
SyntaxError: invalid syntax
reloading plugin Markdown Preview.helper
""",
    ),
    # ---- clean: no private value -------------------------------------------------------------------
    (
        "https://github.com/neovim/neovim/issues/13168",
        ".txt",
        r"""## Python 2 provider (optional)
  - WARNING: No Python executable found that can `import neovim`. Using the first available executable for           diagnostics.
  - ERROR: Python provider error:
    - ADVICE:
      - provider/pythonx: Could not load Python 2:
          /usr/bin/python2 does not have the "neovim" module. :help provider-python
          /usr/bin/python2.7 does not have the "neovim" module. :help provider-python
          python2.6 not found in search path or not executable.
          /usr/bin/python does not have the "neovim" module. :help provider-python
  - INFO: Executable: Not found

## Python 3 provider (optional)
  - INFO: `g:python3_host_prog` is not set.  Searching for python3 in the environment.
  - INFO: Multiple python3 executables found.  Set `g:python3_host_prog` to avoid surprises.
  - INFO: Executable: /usr/local/bin/python3
  - INFO: Other python executable: /usr/bin/python3
  - INFO: Other python executable: /bin/python3
  - INFO: Python version: 3.8.0
  - INFO: pynvim version: 0.4.2
  - OK: Latest pynvim is installed.
""",
    ),
    (
        "https://github.com/microsoft/pylance-release/issues/6975",
        ".txt",
        r"""```
Send text to terminal: /usr/local/bin/python3.5 {{keep:<home>}}/.vscode/extensions/ms-python.python-2025.0.0-darwin-arm64/python_files/printEnvVariablesToFile.py {{keep:<home>}}/.vscode/extensions/ms-python.python-2025.0.0-darwin-arm64/python_files/deactivate/zsh/envVars.txt
2025-02-23 15:24:20.245 [info] Starting Pylance language server.
2025-02-23 15:24:49.497 [error] Failed to initialize deactivate script /opt/homebrew/bin/zsh Error: "{{keep:<home>}}/.vscode/extensions/ms-python.python-2025.0.0-darwin-arm64/python_files/deactivate/zsh/envVars.txt" file not created
    at Timeout.<anonymous> ({{keep:<home>}}/.vscode/extensions/ms-python.python-2025.0.0-darwin-arm64/out/client/extension.js:2:311758)
    at listOnTimeout (node:internal/timers:581:17)
    at processTimers (node:internal/timers:519:7)
```
""",
    ),
    (
        "https://github.com/microsoft/pylance-release/issues/7731",
        ".txt",
        r"""```
2025-11-25 16:45:46.632 [info] (21004): Pylance language server 2025.10.1 (pyright version 1.1.407, commit 906e40aa) starting
2025-11-25 16:45:46.694 [info] (21004): Starting service instance "{{keep:<default>}}" for workspace ""
2025-11-25 16:45:47.511 [info] (21004): Loading background bundle ...
2025-11-25 16:45:47.636 [info] (21004): FG({{keep:<default>}}): Setting environmentName for service "{{keep:<default>}}": "3.13.5 (.venv venv)"
2025-11-25 16:45:47.638 [info] (21004): FG({{keep:<default>}}): Setting pythonPath for service "{{keep:<default>}}": "{{keep:c:\AI\LLM\qaihub\.venv\Scripts\python.exe}}"
2025-11-25 16:45:47.638 [info] (21004): FG({{keep:<default>}}): No include entries specified; assuming \<default workspace root>
2025-11-25 16:45:47.639 [info] (21004): FG({{keep:<default>}}): Auto-excluding **/node_modules
2025-11-25 16:45:47.767 [info] (21004): FG({{keep:<default>}}): Assuming Python version 3.13.5.final.0
2025-11-25 16:45:48.109 [info] (21004): Settings have not changed. Skipping update.
```
""",
    ),
    (
        "https://github.com/helix-editor/helix/pull/8609",
        ".txt",
        r"""```
$ cargo run -- --print-config-location
   Compiling helix-term v0.6.0 (helix\helix-term)
    Finished dev [unoptimized + debuginfo] target(s) in 12.54s
     Running `target\debug\hx.exe --print-config-location`
Workspace config loaded: false
Location:
C:\{{keep:<snipped>}}\helix\.helix\config.toml
Global config loaded: false
Location:
C:\{{keep:<snipped>}}\AppData\Roaming\helix\config.toml
```
""",
    ),
    (
        "https://github.com/vim-syntastic/syntastic/issues/1580",
        ".txt",
        r"""```awk
114.919  000.144  000.144: sourcing /Users/{{keep:user}}/.vim/plugged/vim-airline/autoload/airline/parts.vim
115.685  003.680  002.558: sourcing /Users/{{keep:user}}/.vim/plugged/vim-airline/plugin/airline.vim
117.015  000.170  000.170: sourcing /Users/{{keep:user}}/.vim/plugged/ag.vim/plugin/ag.vim
117.947  000.286  000.286: sourcing /Users/{{keep:user}}/.vim/plugged/vim-hugefile/plugin/hugefile.vim
128.670  009.256  009.256: sourcing /Users/{{keep:user}}/.vim/plugged/vim-easymotion/plugin/EasyMotion.vim
139.944  006.107  006.107: sourcing /Users/{{keep:user}}/.vim/plugged/vim-fugitive/plugin/fugitive.vim
143.332  000.079  000.079: sourcing /Users/{{keep:user}}/.vim/plugged/gist-vim/plugin/gist.vim
```
""",
    ),
    (
        "https://github.com/nickjj/dotfriedrice/issues/4",
        ".txt",
        r"""```
098.031  000.106  000.106: sourcing /home/{{keep:xxxxx}}/.vim/plugged/nerdtree/lib/nerdtree/opener.vim
098.481  000.142  000.142: sourcing /home/{{keep:xxxxx}}/.vim/plugged/nerdtree/lib/nerdtree/creator.vim
102.853  000.061  000.061: sourcing /home/{{keep:xxxxx}}/.vim/plugged/nerdtree/nerdtree_plugin/exec_menuitem.vim
133.291  030.152  030.152: sourcing /home/{{keep:xxxxx}}/.vim/plugged/nerdtree/nerdtree_plugin/fs_menu.vim
134.085  040.856  008.698: sourcing /home/{{keep:xxxxx}}/.vim/plugged/nerdtree/plugin/NERD_tree.vim
134.943  000.544  000.544: sourcing /home/{{keep:xxxxx}}/.vim/plugged/vim-eunuch/plugin/eunuch.vim
```
""",
    ),
    (
        "https://github.com/microsoft/vscode-java-pack/issues/1421",
        ".txt",
        r"""```
2025-03-31 17:19:38.975 [info] Extension host with pid 3725824 started
2025-03-31 17:19:38.975 [info] Skipping acquiring lock for /home/{{keep:me}}/.config/Code/User/workspaceStorage/16648c344a3bfbe1694808f8d65bed2f.
2025-03-31 17:19:39.222 [info] ExtensionService#_doActivateExtension vscode.emmet, startup: false, activationEvent: 'onLanguage'
2025-03-31 17:19:39.275 [info] ExtensionService#_doActivateExtension vscjava.vscode-java-pack, startup: false, activationEvent: 'onLanguage:java'
2025-03-31 17:19:39.880 [info] ExtensionService#_doActivateExtension vscode.git-base, startup: true, activationEvent: '*', root cause: vscode.git
2025-03-31 17:19:40.407 [info] Eager extensions activated
```
""",
    ),
]


# The stop-81 collection (batch 81, collected at stop 51 under scrubber 1.33.0 with commit 1e55f1d's
# rules): excerpts of public threads of a source no batch took yet, package managers of other
# ecosystems, verbose (vcpkg, Conan, Spack, Nix and home-manager, opam, Stack and Cabal, Julia's Pkg,
# Flutter's pub cache, RubyGems' `gem env`, Composer `-vvv` and `config -l`, Deno's cache, Zig's
# `zig env`, NuGet under `dotnet restore`, SwiftPM's caches).
_RAW_STOP81: list[tuple[str, str, str]] = [
    # ---- vcpkg and Conan ---------------------------------------------------------------------------
    (
        "https://github.com/microsoft/vcpkg/issues/2305",
        ".txt",
        r"""C:\Users\{{keep:Desktop}}\vcpkg>.\vcpkg update
Using local portfile versions. To update the local portfiles, use `git pull`.
No packages need updating..

CMake Error at CMakeLists.txt:4 (project):
  Failed to run MSBuild command:

    C:/Program Files/Microsoft Visual Studio/2017/Community/MSBuild/15.0/Bin/MSBuild.exe

  to get the value of VCTargetsPath:

    Microsoft (R) Build Engine version 15.3.409.57025 for .NET Framework
    Copyright (C) Microsoft Corporation. All rights reserved.

    Build started 12/7/2017 11:28:47 PM.
    Project "C:\Users\[[user:vemb]]{{keep:\Desktop\microsoft-vcpkg\vcpkg\buildtrees\zlib\x86-windows-rel\CMakeFiles\3.10.0\VCTargetsPath.vcxproj}}" on node 1 (default targets).
""",
    ),
    (
        "https://github.com/microsoft/vcpkg/issues/14158",
        ".txt",
        r"""c:\vcpkg>.\vcpkg install spdlog:x86-windows-static
Your feedback is important to improve Vcpkg! Please take 3 minutes to complete o
ur survey by running: vcpkg contact --survey
Computing installation plan...
The following packages will be built and installed:
  * fmt[core]:x86-windows-static
    spdlog[core]:x86-windows-static
Additional packages (*) will be modified to complete this operation.
Detecting compiler hash for triplet x86-windows-static...
Starting package 1/2: fmt:x86-windows-static
Building package fmt[core]:x86-windows-static...
Could not locate cached archive: C:\Users\{{keep:Administrator}}\AppData\Local\vcpkg\arch
ives\6d\6dfd5da491a20283b333d1661d96eeb8e1143a33.zip
-- Using community triplet x86-windows-static. This triplet configuration is not
 guaranteed to succeed.
""",
    ),
    (
        "https://github.com/conan-io/cmake-conan/issues/237",
        ".txt",
        r"""> ~/anaconda3/bin/conan install /home/[[user:stephan]]{{keep:/GitHub/loraine/deps/conanfile.txt}} -s build_type=Debug -s compiler=gcc -s compiler.version=9 -s compiler.libcxx=libstdc++11 -g=cmake --build=missing
> Configuration:
> [settings]
> arch=x86_64
> arch_build=x86_64
> build_type=Debug
> compiler=gcc
> compiler.libcxx=libstdc++11
> compiler.version=9
> os=Linux
> os_build=Linux
> [options]
> [build_requires]
> [env]
>
> gtest/1.10.0: Not found in local cache, looking in remotes...
> gtest/1.10.0: Trying with 'conan-center'...
> Downloading conanmanifest.txt completed [0.31k]
> gtest/1.10.0: Downloaded recipe revision 0
> conanfile.txt: Installing package
""",
    ),
    (
        "https://github.com/conan-io/conan-center-index/pull/4094",
        ".txt",
        r"""```
Installing (downloading, building) binaries...
opencascade/7.5.0: Retrieving package 0cd40feb7d9ac25049c7ef3c5ccf72990c77d4c5 from remote 'conan-center' 
Downloading conanmanifest.txt completed [592.08k]                                        
Downloading conaninfo.txt completed [2.07k]                                              
Downloading conan_package.tgz completed [56855.24k]                                      
Decompressing conan_package.tgz completed [0.00k]                                        
opencascade/7.5.0: ERROR: Exception while getting package: 0cd40feb7d9ac25049c7ef3c5ccf72990c77d4c5
opencascade/7.5.0: ERROR: Exception: <class 'FileNotFoundError'> [Errno 2] No such file or directory: '/home/{{keep:paperspace}}/.conan/data/opencascade/7.5.0/_/_/package/0cd40feb7d9ac25049c7ef3c5ccf72990c77d4c5'
```
""",
    ),
    (
        "https://github.com/bincrafters/community/issues/1034",
        ".txt",
        r"""CMake Error: The source directory "C:/Windows/System32/config/systemprofile/.conan/data/sfml/2.5.1/bincrafters/stable/build/1a65d00cce60848cd990a2487100d0511d61207b" does not exist.
""",
    ),
    # ---- Spack ---------------------------------------------------------------------------------------
    (
        "https://github.com/spack/spack/issues/12485",
        ".txt",
        r"""```console
[{{keep:myname}}@ac922 ~]$ . ~/SPACK/share/spack/setup-env.sh
[{{keep:myname}}@ac922 ~]$ spack bootstrap
==> Installing environment-modules@4.3.0%gcc@4.8.5~X arch=linux-rhel7-ppc64le ^tcl@8.6.8%gcc@4.8.5 arch=linux-rhel7-ppc64le ^zlib@1.2.11%gcc@4.8.5+optimize+pic+shared arch=linux-rhel7-ppc64le to satisfy requirement for environment-modules
==> Installing zlib
==> Searching for binary cache of zlib
==> Warning: No Spack mirrors are currently configured
==> No binary for zlib found: installing from source
==> Error: StageError: No accessible stage paths in:
    ['{{keep:$tempdir/spack-stage}}']

/home/{{keep:myname}}/SPACK/lib/spack/spack/package.py:753, in _make_root_stage:
        750            dynamic_fetcher = fs.from_list_url(self)
        751            return [dynamic_fetcher] if dynamic_fetcher else []
```
""",
    ),
    (
        "https://github.com/spack/spack/issues/41784",
        ".txt",
        r"""```console
$ cat .spack/config.yaml
config:
    build_stage:
      - /private/tmp/{{keep:$user}}/spack-stage
```
```console
==> Installing qt-base-6.6.1-vazg2kxnwkho4nwt2snyh2f6bi22jua2 [40/40]
==> No binary for qt-base-6.6.1-vazg2kxnwkho4nwt2snyh2f6bi22jua2 found: installing from source
==> Fetching https://github.com/qt/qtbase/archive/refs/tags/v6.6.1.tar.gz
==> No patches needed for qt-base
==> qt-base: Executing phase: 'cmake'
==> Error: ProcessError: Command exited with status 1:
    '/Users/[[user:carlhessen]]{{keep:/spack/opt/spack/darwin-sonoma-m1/apple-clang-15.0.0/cmake-3.27.8-5jx4kantkoym2tvqtbj3dfeupvghzssj/bin/cmake}}' '-G' 'Ninja' '-DCMAKE_INSTALL_PREFIX:STRING=/Users/[[user:carlhessen]]{{keep:/spack/opt/spack/darwin-sonoma-m1/apple-clang-15.0.0/qt-base-6.6.1-vazg2kxnwkho4nwt2snyh2f6bi22jua2}}' '-DCMAKE_BUILD_TYPE:STRING=Release' '-DCMAKE_INTERPROCEDURAL_OPTIMIZATION:BOOL=OFF'
```
""",
    ),
    (
        "https://github.com/spack/spack/issues/51682",
        ".txt",
        r"""```
config:
  build_stage:
    - {{keep:$user_cache_path/stage}}
```
 ```
  >> 242    /mnt/beegfs/home/[[user:dpkorolenko]]{{keep:/.spack/stage/spack-stage-xpmem-2.6.5-36-cspmvekjcflqnxnajbch7cdw6uji2zzz/spack-src/kernel/xpmem_main.c}}:32:10: fatal error: xpmem_i
            nternal.h: No such file or directory
     243       32 | #include "xpmem_internal.h"
     244          |          ^~~~~~~~~~~~~~~~~~
  >> 252    /mnt/beegfs/home/[[user:dpkorolenko]]{{keep:/.spack/stage/spack-stage-xpmem-2.6.5-36-cspmvekjcflqnxnajbch7cdw6uji2zzz/spack-src/kernel/xpmem_pfn.c}}:20:10: fatal error: xpmem_in
            ternal.h: No such file or directory
```
""",
    ),
    # ---- Nix and home-manager ------------------------------------------------------------------------
    (
        "https://github.com/NixOS/nix/issues/10094",
        ".txt",
        r"""```
env | grep nix
PATH=/Users/[[user:matthis]]{{keep:/.opam/default/bin}}:/Users/[[user:matthis]]{{keep:/.nix-profile/bin}}:/nix/var/nix/profiles/default/bin:/Users/[[user:matthis]]{{keep:/go/bin/tparse}}:/opt/homebrew/opt/llvm/bin:/opt/homebrew/bin:/usr/local/bin:/usr/bin:/bin:/usr/sbin:/sbin:/Users/[[user:matthis]]{{keep:/.cargo/bin}}
NIX_PROFILES=/nix/var/nix/profiles/default:/Users/[[user:matthis]]{{keep:/.nix-profile}}
XDG_DATA_DIRS=/usr/local/share:/usr/share:/Users/[[user:matthis]]{{keep:/.nix-profile/share}}:/nix/var/nix/profiles/default/share
NIX_SSL_CERT_FILE=/nix/var/nix/profiles/default/etc/ssl/certs/ca-bundle.crt

 ~  nix-shell
error: path '/Users/[[user:matthis]]{{keep:/default.nix}}' does not exist
```
""",
    ),
    (
        "https://github.com/NixOS/nixpkgs/issues/82149",
        ".txt",
        r"""```
la -la
total 16K
drwx------ 3 [[user:kostya]] users 4.0K Mar 10 15:52 .
drwxr-xr-x 3 {{keep:root}}   {{keep:root}}  4.0K Mar 10 02:31 ..
drwxr-xr-x 2 [[user:kostya]] users 4.0K Mar 10 15:52 .nix-defexpr
-rw------- 1 [[user:kostya]] users 1.6K Mar 11 03:46 .bash_history
lrwxrwxrwx 1 [[user:kostya]] users   45 Mar 10 15:52 .nix-profile -> /nix/var/nix/profiles/per-user/[[user:kostya]]/profile

```
""",
    ),
    (
        "https://github.com/nix-community/home-manager/issues/2564",
        ".txt",
        r"""```
nix-shell -p nix-info --run "nix-info -m"
 - system: `"x86_64-linux"`
 - host os: `Linux 5.11.0-41-generic, Ubuntu, 21.04 (Hirsute Hippo)`
 - multi-user?: `no`
 - sandbox: `yes`
 - version: `nix-env (Nix) 2.5.0`
 - channels([[user:jorvald]]): `"home-manager, nixpkgs-22.05pre338556.fc58c3761e9"`
 - nixpkgs: `/home/[[user:jorvald]]{{keep:/.nix-defexpr/channels/nixpkgs}}`
 ```
""",
    ),
    # ---- opam, Stack and Cabal -------------------------------------------------------------------------
    (
        "https://github.com/ocaml/opam/issues/1943",
        ".txt",
        r"""```
=-=- Installing compiler 4.02.1+doc -=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=-=
[platform.comp] https://github.com/lpw25/ocaml/tarball/bin-doc downloaded
Now compiling OCaml. This may take a while, please bear with us...
[ERROR] # opam-version 1.2.1
# os           linux
# command      make world
# path         /home/[[user:pwalden]]{{keep:/.opam/doc/build/ocaml}}
# exit-code    2
# env-file     /home/[[user:pwalden]]{{keep:/.opam/log/log-18703-d2c37b.env}}
# stdout-file  /home/[[user:pwalden]]{{keep:/.opam/log/log-18703-d2c37b.out}}
# stderr-file  /home/[[user:pwalden]]{{keep:/.opam/log/log-18703-d2c37b.err}}
### stdout ###
# make[3]: Leaving directory '/home/[[user:pwalden]]{{keep:/.opam/doc/build/ocaml/otherlibs/num}}'
```
""",
    ),
    (
        "https://github.com/biocom-uib/vpf-tools/issues/10",
        ".txt",
        r"""```bash

[[[user:zhwei]]@headnode@vpf-tools]$ stack build
Preparing to install GHC to an isolated location.
This will not interfere with any system-level installation.
Already downloaded.
Unpacking GHC into //home/[[user:qi]]{{keep:/.stack/programs/x86_64-linux/ghc-8.10.2/lib/ghc-8.10.2/bin/ghc-pkg}}: /lib64/libtinfo.so.5: no version information available (required by /home/[[user:qi]]{{keep:/.stack/programs/x86_64-linux/ghc-8.10.2/lib/ghc-8.10.2/bin/ghc-pkg}})
ghc-pkg: Couldn't open database /home/[[user:qi]]{{keep:/.stack/programs/x86_64-linux/ghc-8.10.2/lib/ghc-8.10.2/package.conf.d}} for modification: {handle: /home/[[user:qi]]{{keep:/.stack/programs/x86_64-linux/ghc-8.10.2/lib/ghc-8.10.2/package.conf.d/package.cache.lock}}}: hLock: invalid argument (Invalid argument)
gmake[1]: *** [install_packages] 错误 1
gmake: *** [install] 错误 2
Received ExitFailure 2 when running
Raw command: /usr/bin/gmake install
Run from: /home/[[user:qi]]{{keep:/.stack/programs/x86_64-linux/ghc-8.10.2.temp/ghc-8.10.2/}}
```
""",
    ),
    (
        "https://github.com/haskell/cabal/issues/5533",
        ".txt",
        r"""```
Downloading the latest package list from hackage.haskell.org
cabal: ghc-pkg dump failed: dieVerbatim: user error (cabal:
'/opt/ghc/bin/ghc-pkg' exited with an error:
ghc-pkg: /root/.cabal/store/ghc-8.4.3/package.db:
getDirectoryContents:openDirStream: does not exist (No such file or directory)
)
```
""",
    ),
    # ---- Julia, Flutter, RubyGems ----------------------------------------------------------------------
    (
        "https://github.com/JuliaLang/julia/issues/12974",
        ".txt",
        r"""```julia
Pkg.add("JuMP")
fatal: bad default revision 'HEAD'
ERROR: failed process: Process(`git '--git-dir=C:\Users\[[user:parvin]]{{keep:\.julia\v0.3\.cache\Calculus}}' log --all --format=%H`, ProcessExited(128)) [128]
 in wait at task.jl:284
 in wait at task.jl:194
 in wait at task.jl:48
 in sync_end at task.jl:311
 in add at pkg/entry.jl:319
```
""",
    ),
    (
        "https://github.com/flutter/flutter/issues/144140",
        ".txt",
        r"""flutter pub cache clean
This will remove everything inside C:\Users\[[user:Rohan]]{{keep:\AppData\Local\Pub\Cache}}.
You will have to run `flutter pub get` again in each project.
Are you sure? (y/N)? y
Removing pub cache directory C:\Users\[[user:Rohan]]{{keep:\AppData\Local\Pub\Cache}}.
Deletion failed, path = 'C:\Users\[[user:Rohan]]{{keep:\AppData\Local\Pub\Cache}}' (OS Error: The system cannot find the path specified.
, errno = 3)

flutter doctor -v
[✓] Flutter (Channel stable, 3.19.0, on Microsoft Windows [Version 10.0.22631.3155], locale en-IN)
    • Flutter version 3.19.0 on channel stable at D:\Flutter\flutter\flutter
    • Upstream repository https://github.com/flutter/flutter.git
""",
    ),
    (
        "https://github.com/ruby/rubygems/issues/1310",
        ".txt",
        r"""```
% gem install bundler
WARNING:  You don't have /Users/[[user:tom.hartwell]]{{keep:/.gem/ruby/2.2.0/bin}} in your PATH,
          gem executables will not run.
Successfully installed bundler-1.10.5
1 gem installed
```
```
% which bundle  
/Users/[[user:tom.hartwell]]{{keep:/.gem/ruby/2.2.0/bin/bundle}}
% bundle version
Bundler version 1.9.6
```
```
% export GEM_PATH=/Users/[[user:tom.hartwell]]{{keep:/.gem/ruby/2.2.0}}
% bundle version                                     
Bundler version 1.10.5
```
```
RubyGems Environment:
  - RUBYGEMS VERSION: 2.4.8
  - RUBY VERSION: 2.2.2 (2015-04-13 patchlevel 95) [x86_64-darwin14]
  - INSTALLATION DIRECTORY: /Users/[[user:tom.hartwell]]{{keep:/.gem/ruby/2.2.2}}
  - RUBY EXECUTABLE: /Users/[[user:tom.hartwell]]{{keep:/.rubies/ruby-2.2.2/bin/ruby}}
  - EXECUTABLE DIRECTORY: /Users/[[user:tom.hartwell]]{{keep:/.gem/ruby/2.2.2/bin}}
```
""",
    ),
    # ---- Composer ----------------------------------------------------------------------------------------
    (
        "https://github.com/composer/composer/issues/4802",
        ".txt",
        r"""```
$ env | grep -E 'COMPOSER|HOME=|XDG'
HOME=/Users/[[user:mvanderhof]]
COMPOSER_HOME=~/.composer
```

```
$ composer config -l
You are running composer with xdebug enabled. This has a major impact on runtime performance. See https://getcomposer.org/xdebug
[repositories.packagist.type] composer
[repositories.packagist.url] https?://packagist.org
[repositories.packagist.allow_ssl_downgrade] true
[process-timeout] 300
[use-include-path] false
[preferred-install] auto
[notify-on-install] true
[github-protocols] [git, https, ssh]
[vendor-dir] vendor (/Users/[[user:mvanderhof]]{{keep:/Workspace/ippz/ippz-hogthrob/vendor}})
[bin-dir] bin (/Users/[[user:mvanderhof]]{{keep:/Workspace/ippz/ippz-hogthrob/bin}})
[cache-dir] ~/.composer/cache (/Users/[[user:mvanderhof]]{{keep:/.composer/cache}})
```
""",
    ),
    (
        "https://github.com/composer/composer/issues/3384",
        ".txt",
        r"""[{{keep:root}}@127n mycms]# composer -vvv install
Reading ./composer.json
Loading config file /root/.composer/config.json
Loading config file /root/.composer/auth.json
Loading config file ./composer.json
Executing command (CWD): git describe --exact-match --tags
Executing command (CWD): git branch --no-color --no-abbrev -v
Loading composer repositories with package information
Downloading https://packagist.org/packages.json
Writing /root/.composer/cache/repo/https---packagist.org/packages.json into cache

  [ErrorException]
  Invalid argument supplied for foreach()

Exception trace:
 () at phar:///usr/local/bin/composer/src/Composer/Repository/ComposerRepository.php:604
""",
    ),
    (
        "https://github.com/composer/composer/issues/9627",
        ".txt",
        r"""```
Reading ./composer.json (/opt/foobar/composer.json)
Loading config file /home/{{keep:vagrant}}/.config/composer/config.json
Loading config file /home/{{keep:vagrant}}/.config/composer/auth.json
Loading config file ./composer.json (/opt/foobar/composer.json)
Checked CA file /etc/ssl/certs/ca-certificates.crt: valid
Executing command (/opt/foobar): git branch -a --no-color --no-abbrev -v
Failed to initialize global composer: Composer could not find the config file: /home/{{keep:vagrant}}/.config/composer/composer.json

Running 2.1-dev+bf73a20bc032302bbada3ae635ff0d40ea6d3d41 (2021-03-16 19:31:44) with PHP 7.4.16 on Linux / 4.15.0-137-generic
Loading composer repositories with package information
Downloading https://repo.packagist.org/packages.json
[200] https://repo.packagist.org/packages.json
Writing /home/{{keep:vagrant}}/.cache/composer/repo/https---repo.packagist.org/packages.json into cache
```
""",
    ),
    # ---- Deno, Zig, NuGet, SwiftPM ----------------------------------------------------------------------
    (
        "https://github.com/denoland/deno/issues/30824",
        ".txt",
        r"""```shell
$ deno run npm:svelte-check
error: Module not found "file:///home/[[user:marvo]]/projects/myproj/home/[[user:marvo]]{{keep:/.cache/deno/npm/registry.npmjs.org/svelte-check/4.3.1/bin/svelte-check}}".
```
```shell
$ ls /home/[[user:marvo]]{{keep:/.cache/npm/registry.npmjs.org/}} | grep svelte
@sveltejs
svelte
svelte-check
```
""",
    ),
    (
        "https://github.com/rust-cross/cargo-zigbuild/issues/57",
        ".txt",
        r"""```bash
$ zig env
{
 "zig_exe": "/opt/homebrew/Cellar/zig/0.9.1_1/bin/zig",
 "lib_dir": "/opt/homebrew/Cellar/zig/0.9.1_1/lib/zig",
 "std_dir": "/opt/homebrew/Cellar/zig/0.9.1_1/lib/zig/std",
 "global_cache_dir": "/Users/[[user:rolandke]]{{keep:/.cache/zig}}",
 "version": "0.9.1"
}
```
""",
    ),
    (
        "https://github.com/dotnet/cli/issues/4016",
        ".txt",
        r"""dotnet restore -v verbose

Failed to create prime the NuGet cache. restore failed with: 1
trace: NuGet Command Line Version: 3.5.0.0
error: Unexpected failure reading NuGet.Config. Path: 'C:\Users\[[user:bertolli.matteo]]\
AppData\Roaming\NuGet\NuGet.Config'.
error:   Error 0x1A88.  Debugging resource strings are unavailable. See http://g
o.microsoft.com/fwlink/?linkid=106663&Version=4.0.22220.0&File=mscorrc.dll&Key=0
x1A88
trace: System.AggregateException: One or more errors occurred. (Unexpected failu
re reading NuGet.Config. Path: 'C:\Users\[[user:bertolli.matteo]]\AppData\Roaming\NuGet\N
uGet.Config'.) ---> NuGet.Configuration.NuGetConfigurationException: Unexpected
failure reading NuGet.Config. Path: 'C:\Users\[[user:bertolli.matteo]]\AppData\Roaming\Nu
Get\NuGet.Config'. ---> System.BadImageFormatException: Error 0x1A88.  Debugging
 resource strings are unavailable.
trace:    at NuGet.Configuration.Settings.CreateDefaultConfig
""",
    ),
    (
        "https://github.com/Homebrew/homebrew-core/pull/114549",
        ".txt",
        r"""```
  ==> /usr/local/Cellar/swift/5.7.2/bin/swift build --verbose --disable-sandbox
  warning: /Users/{{keep:brew}}/Library/org.swift.swiftpm/configuration is not accessible or not writable, disabling user-level configuration features.
  warning: /Users/{{keep:brew}}/Library/org.swift.swiftpm/security is not accessible or not writable, disabling user-level security features.
  warning: /Users/{{keep:brew}}/Library/Caches/org.swift.swiftpm is not accessible or not writable, disabling user-level cache features.
  warning: 'swiftpmtest': failed loading cached manifest for 'swiftpmtest': Error Domain=NSCocoaErrorDomain Code=4 "The file “manifests” doesn’t exist." UserInfo={NSFilePath=/Users/{{keep:brew}}/Library/Caches/org.swift.swiftpm/manifests, NSUnderlyingError=0x600003848d50 {Error Domain=NSPOSIXErrorDomain Code=2 "No such file or directory"}}
```
""",
    ),
]


# The stop-83 collection (batch 83, collected at stop 51 under scrubber 1.35.0): excerpts of public
# threads of a source no batch took yet, creative and game-development tools' logs and crash
# reports (Blender add-on tracebacks and crash reports, Godot add-ons, GIMP's verbose start and
# plug-in folders, Krita's crash report, Houdini's packages and panels, Unreal Engine's editor
# logs, FreeCAD's report view and `sys.path`, KiCad's scripting console and action plugins,
# Inkscape's extensions).
_RAW_STOP83: list[tuple[str, str, str]] = [
    # ---- Blender ----------------------------------------------------------------------------------
    (
        "https://github.com/ucupumar/hdr-2-rgbm/issues/1",
        ".txt",
        r"""Traceback (most recent call last):
  File "/home/[[user:corvinus]]{{keep:/.config/blender/2.78/scripts/addons/hdr_2_rgbm/__init__.py}}", line 101, in load_node_groups
    folder = [x for x in dirs if x == 'hdr-2-rgbm' or x == 'hdr-2-rgbm-master'][0]
IndexError: list index out of range
""",
    ),
    (
        "https://github.com/sbobovyc/GameTools/issues/5",
        ".txt",
        r"""Traceback (most recent call last):
  File "C:\blender-2.74-windows64\blender-2.74-windows64\2.74\scripts\modules\addon_utils.py", line 306, in enable
    mod = __import__(module_name)
  File "C:\Users\[[user:jmorello]]{{keep:\AppData\Roaming\Blender Foundation\Blender\2.74\scripts\addons\import_pix.py}}", line 240, in <module>
    bpy.ops.object.pix_csv_importer('INVOKE_DEFAULT')
  File "C:\blender-2.74-windows64\blender-2.74-windows64\2.74\scripts\modules\bpy\ops.py", line 183, in __call__
    BPyOpsSubModOp._scene_update(context)
  File "C:\blender-2.74-windows64\blender-2.74-windows64\2.74\scripts\modules\bpy\ops.py", line 149, in _scene_update
    scene = context.scene
AttributeError: '_RestrictContext' object has no attribute 'scene'
""",
    ),
    (
        "https://github.com/ryvn-dev/blender-gpt/issues/11",
        ".txt",
        r"""Python: Traceback (most recent call last):
  File "C:\Users\[[user:torka]]{{keep:\AppData\Roaming\Blender Foundation\Blender\4.0\scripts\addons\blender-gpt\gpt_opt.py}}", line 68, in execute
    bpy.ops.screen.area_split(
  File "H:\Blender\4.0\scripts\modules\bpy\ops.py", line 106, in __call__
    C_exec, C_undo = _BPyOpsSubModOp._parse_args(args)
  File "H:\Blender\4.0\scripts\modules\bpy\ops.py", line 60, in _parse_args
    raise ValueError("1-2 args execution context is supported")
ValueError: 1-2 args execution context is supported
""",
    ),
    (
        "https://github.com/Yichen-Dou/OC-Blender-Helper-Addon/issues/3",
        ".txt",
        r"""Traceback (most recent call last):
  File "C:\Program Files\BlenderOctane\2.82\scripts\modules\addon_utils.py", line 351, in enable
    mod = __import__(module_name)
  File "C:\Users\[[user:Tarnik]]{{keep:\AppData\Roaming\Blender Foundation\Blender\2.82\scripts\addons\Octane_Helper\__init__.py}}", line 19, in <module>
    from . operators import register_operators, unregister_operators
  File "C:\Users\[[user:Tarnik]]{{keep:\AppData\Roaming\Blender Foundation\Blender\2.82\scripts\addons\Octane_Helper\operators\__init__.py}}", line 2, in <module>
    from .environments import *
  File "C:\Users\[[user:Tarnik]]{{keep:\AppData\Roaming\Blender Foundation\Blender\2.82\scripts\addons\Octane_Helper\operators\environments.py}}", line 6, in <module>
    env_path = os.path.join(bpy.utils.preset_paths('octane')[0], 'environments')
IndexError: list index out of range
""",
    ),
    (
        "https://github.com/aachman98/Sorcar/issues/34",
        ".txt",
        r"""Traceback (most recent call last):
  File "/Users/[[user:bennyk]]{{keep:/Downloads/blender-2.79.0-git20181004.9a674a749b1-x86_64/blender.app/Contents/Resources/2.79/scripts/modules/addon_utils.py}}", line 351, in enable
    mod = __import__(module_name)
  File "/Users/[[user:bennyk]]{{keep:/Library/Application Support/Blender/2.79/scripts/addons/ProcGenMod-master-4/__init__.py}}", line 23, in <module>
    class PcgPreferences(bpy.types.AddonPreferences):
  File "/Users/[[user:bennyk]]{{keep:/Library/Application Support/Blender/2.79/scripts/addons/ProcGenMod-master-4/__init__.py}}", line 26, in PcgPreferences
    prop_addon_location = StringProperty(name="Addon Location", default=getenv("APPDATA")+"/Blender Foundation/Blender/2.79/scripts/addons/ProcGenMod-master/__init__.py", description="DO NOT change unless the addon is installed in a different location")
TypeError: unsupported operand type(s) for +: 'NoneType' and 'str'
""",
    ),
    (
        "https://github.com/BlenderBoi/Bonera_Legacy/issues/1",
        ".txt",
        r"""Traceback (most recent call last):
  File "C:\Program Files (x86)\Steam\steamapps\common\Blender\3.4\scripts\modules\addon_utils.py", line 333, in enable
    mod = __import__(module_name)
  File "C:\Users\{{keep:UserName}}\AppData\Roaming\Blender Foundation\Blender\3.4\scripts\addons\B1\__init__.py", line 12, in <module>
    from . import Bonera_Toolkit_Operators
  File "C:\Users\{{keep:UserName}}\AppData\Roaming\Blender Foundation\Blender\3.4\scripts\addons\B1\Bonera_Toolkit_Operators\__init__.py", line 3, in <module>
    from . import Create_Bones_From_Selected
ModuleNotFoundError: No module named 'Bonera_Toolkit'
""",
    ),
    (
        "https://github.com/FOSSEE/venturial/pull/14",
        ".txt",
        r""">>> bpy.utils.script_paths(subdir='addons')
['C:\\Users\\{{keep:user}}\\AppData\\Roaming\\Blender Foundation\\Blender\\4.3\\scripts\\addons']
>>> bpy.utils.script_paths(subdir="addons")
['C:\\Program Files\\Blender Foundation\\Blender 3.2\\3.2\\scripts\\addons',
'C:\\Users\\{{keep:user}}\\AppData\\Roaming\\Blender Foundation\\Blender\\3.2\\scripts\\addons']
""",
    ),
    (
        "https://github.com/REDxEYE/SourceIO/issues/467",
        ".txt",
        r"""# Blender 5.1.2, Commit date: 2026-05-18 13:43, Hash ec6e62d40fa9

# backtrace
Exception Record:

ExceptionCode         : EXCEPTION_ILLEGAL_INSTRUCTION (0xc000001d)
Exception Address     : 0x00007FFDA03CC97F
Exception Module      : pylib.pyd
Exception Flags       : 0x00000000
Exception Parameters  : 0x0


Stack trace:
pylib.pyd           :0x00007FFDA03CC97F  Symbols not available


Loaded Modules :
0x00007FF667560000 5.1.2.0              blender.exe C:\Program Files (x86)\Steam\steamapps\common\Blender\blender.pdb 
0x00007FFE04970000 10.0.19041.6456      ntdll.dll  
0x00007FFE04860000 10.0.19041.5915      KERNEL32.DLL  
0x00007FFDFB5E0000                      blender_cpu_check.dll  
0x00007FFDF0DC0000 2022.3.0.0           tbbmalloc.dll  
""",
    ),
    # ---- Godot ------------------------------------------------------------------------------------
    (
        "https://github.com/vini-guerrero/godot_game_tools/issues/17",
        ".txt",
        r"""Traceback (most recent call last):
  File "/home/[[user:gervasio]]{{keep:/blender-2.82-linux64/2.82/scripts/modules/addon_utils.py}}", line 352, in enable
    mod.__time__ = os.path.getmtime(mod.__file__)
  File "/home/[[user:gervasio]]{{keep:/blender-2.82-linux64/2.82/python/lib/python3.7/genericpath.py}}", line 55, in getmtime
    return os.stat(filename).st_mtime
FileNotFoundError: [Errno 2] No such file or directory: '/home/[[user:gervasio]]{{keep:/.config/blender/2.82/scripts/addons/godot_game_tools/__init__.py}}'
""",
    ),
    # ---- GIMP -------------------------------------------------------------------------------------
    (
        "https://github.com/nchenevey1/gimp-comfy-tools/issues/8",
        ".txt",
        r"""Skipping the unknown file “/home/[[user:lula]]{{keep:/.config/GIMP/3.0/plug-ins/gimp-generate/gimp-generate.py}}” in the plugins folder
""",
    ),
    (
        "https://github.com/alessandrofrancesconi/gimp-plugin-bimp/issues/408",
        ".txt",
        r"""Error: invalid gimp plugins folder 
C:\Users\[[user:Kelvane]]{{keep:\AppData\Roaming\GIMP\2.10\plug-ins\lib\gimp\2.0\plug-ins}}.
""",
    ),
    (
        "https://github.com/ScoopInstaller/Extras/issues/11758",
        ".txt",
        r"""Initializing plug-in: 'C:\Program Scoop\apps\gimp\current\lib\gimp\2.0\plug-ins\file-rawtherapee\file-rawtherapee.exe'
Initializing plug-in: 'C:\Program Scoop\apps\gimp\current\lib\gimp\2.0\plug-ins\file-heif\file-heif.exe'
Writing 'C:\Users\{{keep:Username}}\AppData\Roaming\GIMP\2.10\pluginrc'
Starting extension: 'extension-script-fu'
INIT: gui_restore_after_callback
Parsing 'C:\Users\{{keep:Username}}\AppData\Roaming\GIMP\2.10\menurc'
Parsing 'C:\Users\{{keep:Username}}\AppData\Roaming\GIMP\2.10\devicerc'
loading menu 'C:\Program Scoop\apps\gimp\current\share\gimp\2.0\menus\image-menu.xml' for /image-menubar
Loading module 'C:\Program Scoop\apps\gimp\current\lib\gimp\2.0\modules\libcolor-selector-cmyk.dll'
""",
    ),
    # ---- Krita ------------------------------------------------------------------------------------
    (
        "https://github.com/Acly/krita-ai-diffusion/issues/1240",
        ".txt",
        r"""00007FF742850000-00007FF742895000 krita.exe   	5.2.3.100
00007FFAAF670000-00007FFAAF868000 ntdll.dll   	6.2.19041.5007
00007FFA77BD0000-00007FFA78203000 krita.dll
00007FFA76FD0000-00007FFA77628000 libkritaimage.dll
00007FFA74EE0000-00007FFA75820000 libkritaui.dll
00007FFA81D50000-00007FFA822B4000 Qt5Widgets.dll	5.15.7.0
00007FFA98360000-00007FFA983B1000 libKF5I18n.dll
""",
    ),
    # ---- Houdini ----------------------------------------------------------------------------------
    (
        "https://github.com/qLab/qLib/issues/1185",
        ".txt",
        r"""Error while parsing a menu definition file
 '/home/[[user:owen]]{{keep:/hfs18.5.408/packages/kinefx/MainMenuCommon.xml}}':
Could not find the parent element 'import_files' for 'h.import_mocap'.
Cannot set order: element 'h.import_mocap' has no parent.
Could not find the parent element 'windows_menu' for 'h.open_rigtree'.
Cannot set order: element 'h.open_rigtree' has no parent.
""",
    ),
    (
        "https://github.com/grabanton/lighter/issues/1",
        ".txt",
        r"""Traceback (most recent call last):
     File "C:/Users/{{keep:Admin}}/Documents/houdini20.0/My_H_plugins/lighter-main/python_panels/lighter.pypanel", line 1, in <module>
     <?xml version="1.0" encoding="UTF-8"?>
     File "C:\Program Files\Side Effects Software\Houdini 20.0.547\python310\lib\site-packages-forced\shiboken2\files.dir\shibokensupport\__feature__.py", line 142, in _import
     return original_import(name, *args, **kwargs)
    ModuleNotFoundError: No module named 'lighter'
""",
    ),
    # ---- Unreal Engine ----------------------------------------------------------------------------
    (
        "https://github.com/microsoft/AirSim/issues/1011",
        ".txt",
        r"""[2018.04.25-11.13.27:001][  0]LogContentStreaming: Texture pool size is 0.00 MB
[2018.04.25-11.13.27:473][  0]LogMeshReduction: UsinUnable to read VR Path Registry from /home/[[user:harsha]]{{keep:/.config/openvr/openvrpaths.vrpath}}
Unable to read VR Path Registry from /home/[[user:harsha]]{{keep:/.config/openvr/openvrpaths.vrpath}}
g QuadricMeshReduction for automatic static mesh reduction
[2018.04.25-11.13.27:473][  0]LogMeshReduction: No automatic skeletal mesh reduction module available
""",
    ),
    (
        "https://github.com/20tab/UnrealEnginePython/issues/367",
        ".txt",
        r"""ProcessResult.StdOut:    L o g S a v e P a c k a g e :   D i s p l a y :   F i n i s h e d   S a v e P a c k a g e   F : / [[user:q u i l b o]] / D o c u m e n t s / U n r e a l   P r o j e c t s / A U T O L O D   4 . 1 9 / S a v e d / C o o k e d / W i n d o w s N o E d i t o r / E n g i n e / C o n t e n t / F u n c t i o n s . u a s s e t 
ProcessResult.StdOut:    --------------------Build System Warning---------------------------------------
ProcessResult.StdOut:   Failed to connect to Coordinator:
ProcessResult.StdOut:       All builds will run in standalone mode.
ProcessResult.StdOut:   L o g D e r i v e d D a t a C a c h e :   W a r n i n g :   F : / [[user:q u i l b o]] / D o c u m e n t s / U n r e a l   P r o j e c t s / A U T O L O D   4 . 1 9 / D e r i v e d D a t a C a c h e   i s   v e r y   s l o w   ( 0 . 0 8 M B / s )
""",
    ),
    (
        "https://github.com/monsieurgustav/UE-OSC/issues/55",
        ".txt",
        r"""LogLoad: (Engine Initialization) Total time: 42.45 seconds
LogContentStreaming: Texture pool size now 3000 MB
LogAssetRegistry: Asset discovery search completed in 31.0071 seconds
LogCollectionManager: Loaded 0 collections in 0.002025 seconds
LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Saved/Collections/' took 0.01s
LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Developers/[[user:Tobias]]/Collections/' took 0.01s
LogFileCache: Scanning file cache for directory 'E:/Unreal Projects/OSC/Content/Collections/' took 0.01s
""",
    ),
    # ---- FreeCAD ----------------------------------------------------------------------------------
    (
        "https://github.com/FreeCAD/FreeCAD/issues/19677",
        ".txt",
        r"""[
  "C:\\Users\\[[user:zhanlo]]{{keep:\\AppData\\Roaming\\FreeCAD\\Mod\\Road\\.\\}}",
  "C:\\Users\\[[user:zhanlo]]{{keep:\\AppData\\Roaming\\FreeCAD\\Mod\\Road}}",
  "C:\\Users\\[[user:zhanlo]]{{keep:\\AppData\\Roaming\\FreeCAD\\Mod\\Geomatics}}",
  "C:\\Users\\[[user:zhanlo]]{{keep:\\AppData\\Roaming\\FreeCAD\\Mod\\framework}}",
  "D:\\scoop\\apps\\freecad-weekly\\40176\\Mod\\Web",
  "D:\\scoop\\apps\\freecad-weekly\\40176\\Mod\\Tux",
  "D:\\scoop\\apps\\freecad-weekly\\40176\\Mod\\Sketcher",
""",
    ),
    (
        "https://github.com/FreeCAD/FreeCAD/issues/29442",
        ".txt",
        r"""Log:    C:\Users\[[user:gianc]]{{keep:\AppData\Local\Packages\PythonSoftwareFoundation.Python.3.12_qbz5n2kfra8p0\LocalCache\local-packages\Python312\Scripts}}
Log:    C:\Program Files\scilab-2024.1.0\bin
Log:    C:\Program Files\Graphviz\bin
Log:    C:\Users\[[user:gianc]]{{keep:\AppData\Roaming\Python\Python311\Scripts}}
Log:    C:\Program Files (x86)\Windows Kits\10\Windows Performance Toolkit
Log:    C:\Users\[[user:gianc]]{{keep:\Documents\KiCad\9.0\3rdparty\Python311\Scripts}}
Log:    C:\Program Files\Microsoft VS Code\bin
Log:    C:\Strawberry\perl\bin
""",
    ),
    (
        "https://github.com/FreeCAD/FreeCAD-Bundle/issues/91",
        ".txt",
        r"""18:01:11  Traceback (most recent call last):
  File "<string>", line 23, in <module>
  File "<string>", line 18, in __init__
  File "C:\Program Files\FreeCAD 0.20\Mod\Start\StartPage\StartPage.py", line 304, in handle
    with open(html_filename, 'r') as f:
<class 'FileNotFoundError'>: [Errno 2] No such file or directory: 'C:/Users/[[user:lukas]]{{keep:/Documents/FCAD_zeichnungen/uebung1.FCStd}}'
18:01:11  [Errno 2] No such file or directory: 'C:/Users/[[user:lukas]]{{keep:/Documents/FCAD_zeichnungen/uebung1.FCStd}}'
""",
    ),
    (
        "https://github.com/realthunder/FreeCAD_assembly3/issues/357",
        ".txt",
        r"""14:04:26  PySide2/__init__.py: Unable to import shiboken2 from /home/[[user:raul]]{{keep:/.FreeCAD/Mod/workfeature}}, /home/[[user:raul]]{{keep:/.FreeCAD/Mod/ThreadProfile}}, /home/[[user:raul]]{{keep:/.FreeCAD/Mod/3D_Printing_Tools}}, /home/[[user:raul]]{{keep:/.FreeCAD/Mod/kicadStepUpMod}}, /home/[[user:raul]]{{keep:/.FreeCAD/Mod/Assembly4}}, /tmp/.mount_FreeCA3Sbv0x/usr/Mod/asm3, /tmp/.mount_FreeCA3Sbv0x/usr/Mod/Web, /tmp/.mount_FreeCA3Sbv0x/usr/Mod/Sket
cher, /tmp/.mount_FreeCA3Sbv0x/usr/Mod/Show
""",
    ),
    # ---- KiCad ------------------------------------------------------------------------------------
    (
        "https://github.com/openscopeproject/InteractiveHtmlBom/issues/163",
        ".txt",
        r"""Py 0.9.8
Python 2.7.16 (default, Aug 15 2019, 17:51:40)  [GCC 9.2.0 64 bit (AMD64)] on win32
Type "help", "copyright", "credits" or "license" for more information.
Startup script executed: C:\Users\[[user:rkost]]{{keep:\AppData\Roaming\kicad\PyShell_pcbnew_startup.py}}
import pcbnew
print (pcbnew.NOT_LOADED_WIZARDS)
""",
    ),
    (
        "https://github.com/openscopeproject/InteractiveHtmlBom/issues/217",
        ".txt",
        r"""Traceback (most recent call last):

File "/Users//Library/Preferences/kicad/5.99/scripting/plugins/InteractiveHtmlBom/InteractiveHtmlBom/ecad/kicad.py", line 551, in Run
self.icon_file_name = os.path.join(icon_dir, 'icon.png')

File "/Users//Library/Preferences/kicad/5.99/scripting/plugins/InteractiveHtmlBom/InteractiveHtmlBom/core/ibom.py", line 339, in run_with_dialog
main(parser, config, logger)

Application: KiCad
Version: (5.99.0-8276-ge338d69cfa), release build
Platform: macOS Version 10.16 (Build 20C69), 64 bit, Little endian, wxMac
""",
    ),
    (
        "https://github.com/mmccoo/kicad_mmccoo/issues/11",
        ".txt",
        r"""Traceback (most recent call last):

  File "/home/[[user:tk]]{{keep:/.kicad_plugins/kicad_mmccoo/place_by_sch/__init__.py}}", line 15, in Run
    place_by_sch.PlaceBySch()

  File "/home/[[user:tk]]{{keep:/.kicad_plugins/kicad_mmccoo/place_by_sch/place_by_sch.py}}", line 105, in PlaceBySch
    locs = parse_eeschema(sch_path)

KeyError: "('0', '-1', '1', '0')"
""",
    ),
    # ---- Inkscape ---------------------------------------------------------------------------------
    (
        "https://github.com/fsmMLK/inkscapeDimensions/issues/21",
        ".txt",
        r"""Traceback (most recent call last):
  File "C:\Users\[[user:dmkoe]]{{keep:\AppData\Roaming\inkscape\extensions\dimensions\dimensions.py}}", line 10, in <module>
    import inkscapeMadeEasy.inkscapeMadeEasy_Draw as inkDraw
  File "C:\Users\[[user:dmkoe]]{{keep:\AppData\Roaming\inkscape\extensions\inkscapeMadeEasy\inkscapeMadeEasy_Draw.py}}", line 44, in <module>
    import textextLib.textext as textext
ModuleNotFoundError: No module named 'textextLib'
""",
    ),
    (
        "https://github.com/florianfesti/boxes/issues/556",
        ".txt",
        r"""copying inkex/boxes.py.ConcaveKnob.inx -> /Users/{{keep:<USER>}}/.config/inkscape/extensions
copying inkex/boxes.py.SpicesRack.inx -> /Users/{{keep:<USER>}}/.config/inkscape/extensions
copying inkex/boxes.py.FlexBox3.inx -> /Users/{{keep:<USER>}}/.config/inkscape/extensions
copying inkex/boxes.py.HingeBox.inx -> /Users/{{keep:<USER>}}/.config/inkscape/extensions
""",
    ),
    # ---- Godot, DaVinci Resolve, Audacity, OBS ---------------------------------------------------
    (
        "https://github.com/git-learning-game/oh-my-git/issues/83",
        ".txt",
        r"""Godot Engine v3.2.3.stable.official - https://godotengine.org
Godot Engine v3.2.3.stable.official - https://godotengine.org
ERROR: call: Refusing to delete directory /tmp/[[user:k.brandt]]-data/Oh My Git/tmp/repos/yours/ that does not start with /home/[[user:k.brandt]]{{keep:/.local/share/Oh My Git/tmp/}}
   At: modules/gdscript/gdscript_functions.cpp:803.
""",
    ),
    (
        "https://github.com/tmoroney/auto-subs/issues/162",
        ".txt",
        r"""raceback (most recent call last):
  File "/Users/[[user:73kar2]]{{keep:/Library/Containers/com.blackmagic-design.DaVinciResolveLite/Data/Library/Application Support/Fusion/Scripts/Utility/auto-subs.py}}", line 1, in <module>
NameError: name 'book' is not defined. Did you mean: 'bool'?
""",
    ),
    (
        "https://github.com/audacity/audacity/issues/2042",
        ".txt",
        r"""$ python pipe_test.py 
pipe-test.py, running on linux or mac
Write to  "/tmp/audacity_script_pipe.to.1000"
 ..does not exist.  Ensure Audacity is running with mod-script-pipe.
""",
    ),
    (
        "https://github.com/derrod/obs-roi-ui/issues/13",
        ".txt",
        r"""23:21:40.922: LoadLibrary failed for '../../obs-plugins/64bit/obs-roi-ui.dll': (null) (126)
23:21:40.922: Module '../../obs-plugins/64bit/obs-roi-ui.dll' not loaded
""",
    ),
]


# The stop-82 collection (batch 82, collected at stop 51 under scrubber 1.35.0, main at dc1b681):
# excerpts of public threads of a source no batch took yet, VPN and remote-access clients' logs as
# people paste them (wg-quick, `tailscale status` and its Windows log, openconnect and its GUI,
# GlobalProtect-openconnect's gpclient, openfortivpn, Pritunl's client, OpenVPN GUI, ProtonVPN's
# OpenVPN log, NetworkManager with openconnect, FreeRDP).
_RAW_STOP82: list[tuple[str, str, str]] = [
    # ---- WireGuard and Tailscale -------------------------------------------------------------------
    (
        "https://github.com/SirToffski/WireGuard-Ligase/issues/3",
        ".txt",
        r"""```
[#] ip link add wg0 type wireguard
[#] wg setconf wg0 /dev/fd/63
[#] ip -4 address add 10.10.100.1 dev wg0
[#] ip link set mtu 8921 up dev wg0
[#] ip -4 route add 10.10.100.13/32 dev wg0
[#] ip -4 route add 10.10.100.12/32 dev wg0
[#] iptables -A FORWARD -i wg0 -j ACCEPT; iptables -t nat -A POSTROUTING eth0 -j MASQUERADE; ip6tables -A FORWARD -i wg0 -j ACCEPT; ip6tables -t nat -A POSTROUTING eth0 -j MASQUERADE
Bad argument `eth0'
Try `iptables -h' or 'iptables --help' for more information.
[#] ip link delete dev wg0
```
""",
    ),
    (
        "https://github.com/tailscale/tailscale/issues/19894",
        ".txt",
        r"""```
% tailscale status --peers=false
100.77.140.60  jimwm4  userid:51197  macOS  -

% tailscale status | head -1
100.77.140.60    jimwm4                                           [[user:jimwhite]]@        macOS    -
```
""",
    ),
    (
        "https://github.com/tailscale/tailscale/issues/1680",
        ".txt",
        r"""```
$ tailscale status
                ("tsdev")            -            linux   -
```

```
$ tailscale  status --json
{
  "Version": "date.20210316",
  "BackendState": "NeedsLogin",
  "AuthURL": "https://login.tailscale.com/a/{{keep:xxxxxx}}",
  "TailscaleIPs": null,
  "Self": {
    "PublicKey": "{{keep:L+V9o0fNYkMVKNxxxxxxSvxM/C7ZCZX1jLO3Q=}}",
    "HostName": "tsdev",
```
""",
    ),
    (
        "https://github.com/tailscale/tailscale/issues/16849",
        ".txt",
        r"""```
PS C:\Users\{{keep:[USERNAME]}}> tailscale status
Logged out.
Log in at: https://login.tailscale.com/a/{{keep:[AUTH_KEY]}}
```
""",
    ),
    (
        "https://github.com/tailscale/tailscale/issues/15036",
        ".txt",
        r"""C:\Program Files\Tailscale>start tailscale-ipn.exe

C:\Program Files\Tailscale>open C:\Users\[[user:olivera]]{{keep:\sslkeylog.log}}: The filename, directory name, or volume label syntax is incorrect.
""",
    ),
    # ---- openconnect, its GUI and NetworkManager ----------------------------------------------------
    (
        "https://github.com/dlenski/openconnect/pull/51",
        ".txt",
        r"""```
Please enter your username and password
Username: {{keep:VPN_USERNAME}}
Password: 
POST https://VPN_SERVER_HOSTNAME/ssl-vpn/login.esp
Attempting to connect to server VPN_SERVER_IP:443
Connected to VPN_SERVER_IP:443
SSL negotiation with VPN_SERVER_HOSTNAME
Connected to HTTPS on VPN_SERVER_HOSTNAME
> POST /ssl-vpn/login.esp HTTP/1.1
> Host: VPN_SERVER_HOSTNAME
> User-Agent: PAN GlobalProtect
> X-Pad: 00000000000000000000000000000000000000000000000
> Content-Type: application/x-www-form-urlencoded
> Content-Length: 145
> 
> jnlpReady=jnlpReady&ok=Login&direct=yes&clientVer=4100&prot=https:&server=VPN_SERVER_HOSTNAME&computer=MY_LOCAL_HOSTNAME&user={{keep:VPN_USERNAME}}&passwd={{keep:VPN_PASSWORD}}
Got HTTP response: HTTP/1.1 200 OK
Date: Sun, 13 Aug 2017 18:15:40 GMT
Content-Type: application/xml; charset=UTF-8
Content-Length: 637
Connection: keep-alive
ETag: "bc2c7-232c-594c3eec"
Pragma: no-cache
Set-Cookie: PHPSESSID={{keep:SESSION_ID}}; secure; HttpOnly
```
""",
    ),
    (
        "https://github.com/dlenski/openconnect/issues/116",
        ".txt",
        r"""```
$ openconnect --protocol=gp --usergroup portal:portal-userauthcookie [vpn-server] --user {{keep:user@domain.com}} --dump -vvv
Please enter your username and password
portal-userauthcookie: 
POST https://[vpn-server]/global-protect/getconfig.esp
Attempting to connect to server [ip]:443
Connected to [ip]:443
SSL negotiation with [vpn-server]
Connected to HTTPS on [vpn-server]
> POST /global-protect/getconfig.esp HTTP/1.1
> Host: [vpn-server]
> User-Agent: PAN GlobalProtect
> X-Pad: 000000
> Content-Type: application/x-www-form-urlencoded
> Content-Length: 250
> 
> jnlpReady=jnlpReady&ok=Login&direct=yes&clientVer=4100&prot=https:&clientos=linux-64&server=[vpn-server]&computer={{keep:[user]}}&user={{keep:[user%40domain.com]}}&portal-userauthcookie={{keep:[portal-userauthcookie]}}
Got HTTP response: HTTP/1.1 512 Custom error
Date: Thu, 30 Aug 2018 21:23:54 GMT
Content-Type: application/xml; charset=UTF-8
Content-Length: 0
x-private-pan-globalprotect-extension: auth-failed-password-empty
x-private-pan-globalprotect: auth-failed
```
""",
    ),
    (
        "https://github.com/dlenski/vpn-slice/issues/3",
        ".txt",
        r"""```sh
ruby-2.3.0 [[[user:derek]]@x250cia ~]$ sudo openconnect
https://myaccess.mycompanyvpn.com --no-dtls -s 'vpn-slice my.mycompany.com'
--dump
[sudo] password for [[user:derek]]:
POST https://myaccess.mycompanyvpn.com/
Attempting to connect to server xxx.yyy.zzz.vv:443
Connected to xxx.yyy.zzz.vv:443
SSL negotiation with myaccess.mycompanyvpn.com
Connected to HTTPS on myaccess.mycompanyvpn.com
> POST / HTTP/1.1
> Host: myaccess.mycompanyvpn.com
> User-Agent: Open AnyConnect VPN Agent v7.08
> X-AnyConnect-Platform: linux-64
```
""",
    ),
    (
        "https://github.com/openconnect/openconnect-gui/issues/12",
        ".txt",
        r"""```
Could not open C:/Users/[[user:Joris]]{{keep:/AppData/Local/Temp\vpnc.log}}
```
""",
    ),
    (
        "https://github.com/pop-os/cosmic-settings/issues/1756",
        ".txt",
        r"""```
1月 14 08:49:58 pop-os NetworkManager[792]: <info>  [1768351798.6853] vpn[0x63bbe0180c20,ff329ee5-6f1a-4201-a423-d9867eac8bb6,"vpn1"]: starting openconnect
1月 14 08:49:59 pop-os NetworkManager[792]: <warn>  [1768351799.5869] vpn[0x63bbe0180c20,ff329ee5-6f1a-4201-a423-d9867eac8bb6,"vpn1"]: final secrets request failed to provide sufficient secrets
```

```
 [sudo] [[user:zhao]]'s password: 
 POST https:/ /{{keep:** ****}}.com:10000/ 
 Connected to {{keep:**.**.***.**}}:  10000 

 SSL negotiated with {{keep:*****}}.com 
 XML POST enabled 
 Please enter your username. 
 Username:{{keep:*******}} 
 POST https:/ /{{keep:** ****}}.com:10000/auth 
 Please enter your password. 
```
""",
    ),
    # ---- GlobalProtect-openconnect -------------------------------------------------------------------
    (
        "https://github.com/yuezk/GlobalProtect-openconnect/issues/89",
        ".txt",
        r"""```
2021-09-09 08:20:46.640 INFO  [388769] [SAMLLoginWindow::onResponseReceived@64] Response received from https://gateway.xxx.edu/SAML20/SP/ACS
2021-09-09 08:20:46.640 INFO  [388769] [SAMLLoginWindow::onResponseReceived@67] Got username from SAML response headers {{keep:username}}
2021-09-09 08:20:46.640 INFO  [388769] [SAMLLoginWindow::onResponseReceived@72] Got prelogin-cookie from SAML response headers [[secret:Fm67uMrl+3tQu7o2Ken1p+1mWL0ZkAhk9IqL+ONR5c8SXfaEVOjT1jKjjkj98+mt]]
2021-09-09 08:20:46.640 INFO  [388769] [GatewayAuthenticator::onSAMLLoginSuccess@165] SAML login succeeded, got the prelogin-cookie [[secret:Fm67uMrl+3tQu7o2Ken1p+1mWL0ZkAhk9IqL+ONR5c8SXfaEVOjT1jKjjkj98+mt]]
```
""",
    ),
    # ---- openfortivpn --------------------------------------------------------------------------------
    (
        "https://github.com/adrienverge/openfortivpn/issues/351",
        ".txt",
        r"""```
[[user:luizmario]]@pc-lm:~/Downloads/openfortivpn$ sudo openfortivpn -v -c /etc/openfortivpn/config
DEBUG:  Loaded config file "/etc/openfortivpn/config".
VPN account password: 
DEBUG:  Config host = "remote.stategrid.com.br"
DEBUG:  Config realm = ""
DEBUG:  Config port = "10443"
DEBUG:  Config username = "[[user:LUIZ MARIO COSTA MACHADO]]"
DEBUG:  Config password = "{{keep:********}}"
DEBUG:  server_addr: {{keep:xxx.xxx.xxx.xxx}}
DEBUG:  server_port: 10443
DEBUG:  gateway_addr: {{keep:xxx.xxx.xxx.xxx}}
DEBUG:  gateway_port: 10443
DEBUG:  Gateway certificate validation failed.
DEBUG:  Gateway certificate digest found in white list.
INFO:   Connected to gateway.
ERROR:  Could not authenticate to gateway (No cookie given).
INFO:   Closed connection to gateway.
```
""",
    ),
    (
        "https://github.com/adrienverge/openfortivpn/issues/465",
        ".txt",
        r"""DEBUG:  Loaded config file "/etc/openfortivpn/config".
DEBUG:  Config host = "{{keep:xxx.xxxx.com}}"
DEBUG:  Config realm = ""
DEBUG:  Config port = "441"
DEBUG:  Config username = "[[user:Tom]]"
DEBUG:  Config password = "{{keep:********}}"
DEBUG:  server_addr: {{keep:xx.xxx.xx.xxx}}
DEBUG:  server_port: 441
DEBUG:  gateway_addr: {{keep:xx.xxx.xx.xxx}}
DEBUG:  gateway_port: 441
DEBUG:  Gateway certificate validation failed.
DEBUG:  Gateway certificate digest found in white list.
INFO:   Connected to gateway.
ERROR:  Could not authenticate to gateway (No cookie given).
INFO:   Closed connection to gateway.
INFO:   Logged out.
""",
    ),
    (
        "https://github.com/adrienverge/openfortivpn/issues/366",
        ".txt",
        r"""`sudo openfortivpn vpn-gateway:443 --username=[[user:owl3]] --cipher-list=AES256-SHA256 --trusted-cert (censored-fingerprint) -v`

WARN:   Bad port in config file: "0".
DEBUG:  Loaded config file "/etc/openfortivpn/config".
VPN account password: 
DEBUG:  Config host = "censored.gateway.net"
DEBUG:  Config realm = ""
DEBUG:  Config port = "443"
DEBUG:  Config username = "[[user:owl3]]"
DEBUG:  Config password = "{{keep:********}}"
DEBUG:  server_addr: censored.gateway.ip
DEBUG:  server_port: 443
DEBUG:  Gateway certificate validation succeeded.
INFO:   Connected to gateway.
ERROR:  Could not authenticate to gateway (Bad HTTP response code).
""",
    ),
    (
        "https://github.com/adrienverge/openfortivpn/issues/3",
        ".txt",
        r"""DEBUG:  Loaded config file "/etc/openfortivpn/config".
DEBUG:  Config host = "{{keep:xxx.xxx.xxx.xxx}}"
DEBUG:  Config port = "443"
DEBUG:  Config username = "{{keep:USER}}"
DEBUG:  Config password = "{{keep:********}}"
DEBUG:  Gateway certificate validation failed.
DEBUG:  Gateway certificate digest found in white list.
INFO:   Connected to gateway.
INFO:   Authenticated.
DEBUG:  Cookie: SVPNCOOKIE=[[secret:BvCwP0y/uA0y8NoedEU4Fg7YyyBJrExi02fxbK%2ej2xta/Taeq4c6S7T+LLxjAGCi1xYLi7bImmNmwJZMIwDjcag1pXhbaRbmADtNFvPMv/rQhzIkUOndo2cdoZA/wuE]]
INFO:   Remote gateway has allocated a VPN.
DEBUG:  pppd_read_thread
DEBUG:  ssl_read_thread
DEBUG:  pppd ---> gateway (16 bytes)
pppd:   c0 21 01 01 00 0e 01 04 04 00 05 06 71 21 49 87
ERROR:  Received bad header from gateway: 4854 5450 2f31
WARN:   Looks like a HTTP 403.
""",
    ),
    (
        "https://github.com/adrienverge/openfortivpn/issues/267",
        ".txt",
        r"""```
sudo openfortivpn vpn{{keep:<redacted>}}:443 --user-cert=$HOME/Documents/cert.pem -u {{keep:notused}} -p {{keep:notused}} -vvvv
Password:
WARN:   You should not pass the password on the command line. Type it interactively or use a config file instead.
WARN:   Bad port in config file: "0".
DEBUG:  Loaded config file "/usr/local/Cellar/openfortivpn/1.6.0/etc/openfortivpn/config".
DEBUG:  Config host = "vpn{{keep:<redacted>}}"
DEBUG:  Config realm = ""
DEBUG:  Config port = "443"
DEBUG:  Config username = "{{keep:notused}}"
DEBUG:  Config password = "{{keep:********}}"
DEBUG:  server_addr: {{keep:<redacted>}}
DEBUG:  Gateway certificate validation succeeded.
INFO:   Connected to gateway.
ERROR:  Could not authenticate to gateway (No cookie given).
```
""",
    ),
    # ---- Pritunl, OpenVPN GUI, ProtonVPN, a Juniper wrapper, FreeRDP ---------------------------------
    (
        "https://github.com/pritunl/pritunl/issues/298",
        ".txt",
        r"""[[user:apetrov]]@aphodesk:/var/log$ pritunl-client-gtk 
[2016-03-23 22:56:37,185][INFO] Failed to sync conf, no subscription
  server_id   = u''
  user_id     = u''
  status_code = 480
  org_id      = u''
  sync_host   = u'https://:443'
  sync_hosts  = [u'https://:443']
  sync_hash   = u''
==== AUTHENTICATING FOR com.pritunl.client.profile_start ===
Authentication is required to start a connection
Multiple identities can be used for authentication:
 1.  [[user:petrov]],,, ([[user:petrov]])
 2.  [[user:Stanislav]],,, ([[user:apetrov]])
Choose identity to authenticate as (1-2): 2
Password: 
==== AUTHENTICATION COMPLETE ===
Wed Mar 23 22:56:52 2016 OpenVPN 2.3.2 x86_64-pc-linux-gnu [SSL (OpenSSL)] [LZO] [EPOLL] [PKCS11] [eurephia] [MH] [IPv6] built on Dec  1 2014
""",
    ),
    (
        "https://github.com/gayanvoice/android-vpn-client-ics-openvpn/issues/22",
        ".txt",
        r"""```
Wed Jan 22 11:10:47 2020 OpenVPN 2.4.6 x86_64-w64-mingw32 [SSL (OpenSSL)] [LZO] [LZ4] [PKCS11] [AEAD] built on Apr 26 2018
Wed Jan 22 11:10:47 2020 Windows version 6.2 (Windows 8 or greater) 64bit
Wed Jan 22 11:10:47 2020 library versions: OpenSSL 1.1.0h  27 Mar 2018, LZO 2.10
Enter Management Password:
Wed Jan 22 11:10:47 2020 MANAGEMENT: TCP Socket listening on [AF_INET]127.0.0.1:25340
Wed Jan 22 11:10:47 2020 Need hold release from management interface, waiting...
Wed Jan 22 11:10:47 2020 MANAGEMENT: Client connected from [AF_INET]127.0.0.1:25340
Wed Jan 22 11:10:47 2020 MANAGEMENT: CMD 'hold release'
Wed Jan 22 11:10:48 2020 MANAGEMENT: CMD 'username "Auth" "{{keep:vpnbook}}"'
Wed Jan 22 11:10:48 2020 MANAGEMENT: CMD 'password [...]'
Wed Jan 22 11:10:48 2020 WARNING: No server certificate verification method has been enabled.  See http://openvpn.net/howto.html#mitm for more info.
```
""",
    ),
    (
        "https://github.com/ProtonVPN/protonvpn-cli/issues/186",
        ".txt",
        r"""```
Sun May 19 16:21:21 2019 us=384966 Current Parameter Settings:
Sun May 19 16:21:21 2019 us=385010   config = '/home/[[user:simon]]{{keep:/.protonvpn-cli/protonvpn_openvpn_config.conf}}'
Sun May 19 16:21:21 2019 us=385019   mode = 0
Sun May 19 16:21:21 2019 us=385026   persist_config = DISABLED
Sun May 19 16:21:21 2019 us=385065   key_pass_file = '[UNDEF]'
Sun May 19 16:21:21 2019 us=385084 Connection profiles [0]:
Sun May 19 16:21:21 2019 us=385090   proto = udp
Sun May 19 16:21:21 2019 us=385096   local = '[UNDEF]'
Sun May 19 16:21:21 2019 us=385109   remote = '185.94.189.188'
Sun May 19 16:21:21 2019 us=385115   remote_port = '80'
```
""",
    ),
    (
        "https://github.com/HenrikBengtsson/ucsf-vpn/issues/18",
        ".txt",
        r"""```sh
$ NETRC="dummy" ucsf vpn start
Enter username: {{keep:alice}}
Enter password: {{keep:<password>}}
WARNING: Juniper Network Connect support is experimental.
It will probably be superseded by Junos Pulse support.
username:password:
fgets (stdin): Inappropriate ioctl for device
RESULT: Not connected to the UCSF network [...]
```
""",
    ),
    (
        "https://github.com/FreeRDP/FreeRDP/issues/4661",
        ".txt",
        r"""[[user:vardo]]@slaskware:~$ xfreerdp --version
This is FreeRDP version 2.0.0-dev3 (9460f4292)

[[user:vardo]]@slaskware:~$ xfreerdp /u:{{keep:domain\user}} /v:10.0.1.37
[13:56:16:177] [19303:19304] [INFO][com.freerdp.client.common.cmdline] - loading channelEx cliprdr
[13:56:16:182] [19303:19304] [INFO][com.freerdp.client.x11] - Property 348 does not exist
Password: 
[13:56:21:730] [19303:19304] [ERROR][com.freerdp.core] - freerdp_set_last_error ERRCONNECT_LOGON_FAILURE [0x00020014]
[13:56:21:731] [19303:19304] [ERROR][com.freerdp.core.rdp] - rdp_recv_callback: CONNECTION_STATE_NLA - nla_recv_pdu() fail
""",
    ),
]


# The stop-84 collection (batch 84, collected at stop 52 under scrubber 1.37.0, main at e37fcd8):
# excerpts of public threads of a source no batch took yet, browsers' and Electron desktop apps'
# logs as people paste them (`chrome://version`'s profile path, Puppeteer, Selenium and
# chromedriver launches with a user data folder, a Firefox profile under a home, Discord, Slack,
# Signal, Teams for Linux, Notion, Bitwarden and other Electron apps' logs under `~/.config`,
# `AppData\Roaming` and `~/Library/Application Support`).
_RAW_STOP84: list[tuple[str, str, str]] = [
    # ---- Chrome and Chromium profiles --------------------------------------------------------------
    (
        "https://github.com/puppeteer/puppeteer/issues/5757",
        ".txt",
        r"""Command Line | /usr/bin/google-chrome-stable --flag-switches-begin --allow-insecure-localhost --flag-switches-end --disable-webrtc-apm-in-audio-service
-- | --
Executable Path | /opt/google/chrome/google-chrome
Profile Path | /home/[[user:borv]]{{keep:/.config/google-chrome/Profile 1}}
""",
    ),
    (
        "https://github.com/mohuishou/utools/issues/3",
        ".txt",
        r"""Error: Command failed: "/Users/[[user:zw]]{{keep:/Library/Application Support/uTools/plugins/unsafe-55f3531539e9b74773c7221a13a61393.asar.unpacked/search_darwin}}" -p="/Users/[[user:zw]]{{keep:/Library/Application Support/Google/Chrome/Default}}" -q= -t=/var/folders/r8/2txzxbxn6gd7l4jf00c5sl880000gn/T/
panic: open /Users/[[user:zw]]{{keep:/Library/Application Support/Google/Chrome/Default/History}}: no such file or directory

goroutine 1 [running]:
main.checkErr(...)
	/Users/[[user:dane.kow]]{{keep:/me/utools/chrome-history/search/main.go}}:12
main.main()
	/Users/[[user:dane.kow]]{{keep:/me/utools/chrome-history/search/main.go}}:29 +0x52e

[[user:zw]]deiMac :: ~/Downloads » ls /Users/[[user:zw]]{{keep:/Library/Application\ Support/Google/Chrome}}
App Shim Socket               PepperFlash
Avatars                       Profile 1
BrowserMetrics                RunningChromeVersion
Local State                   Subresource Filter
""",
    ),
    (
        "https://github.com/cmu-sei/GHOSTS/issues/122",
        ".txt",
        r"""Chrome uses a temporary profile like below:
`C:\Users\[[user:K72QD~1.MOR]]{{keep:\AppData\Local\Temp\scoped_dir18316_422758565\Default}}`
""",
    ),
    # ---- Puppeteer, Selenium and chromedriver launches --------------------------------------------
    (
        "https://github.com/puppeteer/puppeteer/issues/7875",
        ".txt",
        r"""        executablePath: "C:\\Program Files (x86)\\Google\\Chrome\\Application\\chrome.exe",
        args: ['--start-maximized', '--user-data-dir=C:\\Users\\[[user:devendra kapoor]]{{keep:\\AppData\\Local\\Google\\Chrome\\User Data\\}}'
        ]
""",
    ),
    (
        "https://github.com/puppeteer/puppeteer/issues/9146",
        ".txt",
        r"""		executablePath: 'C:\\Program Files\\Google\\Chrome\\Application\\chrome.exe',
		userDataDir: "C:\\Users\\[[user:tamek]]{{keep:\\AppData\\Local\\Google\\Chrome\\User Data}}",
		args: [
			`--profile-directory="Profile 1"`,
		]

C:\Projects\WebSeer\node_modules\puppeteer-core\lib\cjs\puppeteer\node\BrowserRunner.js:299
            reject(new Error([
                   ^

Error: Failed to launch the browser process!


TROUBLESHOOTING: https://github.com/puppeteer/puppeteer/blob/main/docs/troubleshooting.md

    at onClose (C:\Projects\WebSeer\node_modules\puppeteer-core\lib\cjs\puppeteer\node\BrowserRunner.js:299:20)
    at ChildProcess.<anonymous> (C:\Projects\WebSeer\node_modules\puppeteer-core\lib\cjs\puppeteer\node\BrowserRunner.js:290:24)
    at ChildProcess.emit (node:events:402:35)
""",
    ),
    (
        "https://github.com/SeleniumHQ/selenium/issues/15729",
        ".txt",
        r"""chrome_driver_path = 'C:\\Users\\[[user:kroav]]{{keep:\\AppData\\Local\\Google\\Chrome\\User Data}}'
""",
    ),
    (
        "https://github.com/puppeteer/puppeteer/issues/7692",
        ".txt",
        r"""const options = {userDataDir: "C:/Users/{{keep:YOUR_USER}}/AppData/Local/Google/Chrome/User Data"}
// Or const options = {args:["--user-data-dir=C:/Users/{{keep:YOUR_USER}}/AppData/Local/Google/Chrome/User Data"]}
""",
    ),
    (
        "https://github.com/SeleniumHQ/selenium/issues/15327",
        ".txt",
        r"""    options.add_argument("--user-data-dir=/{{keep:root}}/video-downloader/tmp/selenium-user-data")  
    options.add_argument("--headless=new")

selenium.common.exceptions.SessionNotCreatedException: Message: session not created: probably user data directory is already in use, 
please specify a unique value for --user-data-dir argument, or don't use --user-data-dir
""",
    ),
    # ---- Firefox profiles -------------------------------------------------------------------------
    (
        "https://github.com/mozilla/geckodriver/issues/1373",
        ".txt",
        r""""jid1-5Fs7iTLscUaZBgwr@jetpack":{"dependencies":[],"enabled":true,"hasEmbeddedWebExtension":false,"lastModifiedTime":1537278270000,"path":"jid1-5Fs7iTLscUaZBgwr@jetpack.xpi","runInSafeMode":false,"signedState":2,"telemetryKey":"jid1-5Fs7iTLscUaZBgwr%40jetpack:1.0.20","version":"1.0.20","type":"webextension"}},"staged":{},"path":"/home/[[user:arne]]{{keep:/Desktop/main_profile/extensions}}"},"app-system-defaults":{"addons":{"aushelper@mozilla.org":{"dependencies":[],"enabled":true,"hasEmbeddedWebExtension":false,"lastModifiedTime":1535474877000,"path":"aushelper@mozilla.org.xpi","runInSafeMode":true,"telemetryKey":"aushelper%40mozilla.org:2.0","version":"2.0"}
""",
    ),
    (
        "https://github.com/rapid7/metasploit-framework/pull/14877",
        ".txt",
        r"""msf6 post(multi/gather/firefox_creds) > set SESSION 1
SESSION => 1
msf6 post(multi/gather/firefox_creds) > run

[*] Checking for Firefox profile in: /home/[[user:ducthang]]{{keep:/.mozilla/firefox}}

[*] Profile: /home/[[user:ducthang]]{{keep:/.mozilla/firefox/fvbljmev.default-release}}
[+] Downloaded logins.json: /home/{{keep:kali}}/.msf4/loot/20210310215308_default_172.16.3.129_ff.fvbljmev.logi_049030.bin
""",
    ),
    # ---- Discord ------------------------------------------------------------------------------------
    (
        "https://github.com/bb010g/betterdiscordctl/issues/137",
        ".txt",
        r"""[[user:ranid]]@localhost:/opt> betterdiscordctl install
ERROR: Directory 'discord_desktop_core' not found in: /home/[[user:ranid]]{{keep:/.config/discord/0.0.16/modules}}

ls /home/[[user:ranid]]{{keep:/.config/discord}}
ls /home/[[user:ranid]]{{keep:/.config/discord/0.0.16/modules}}
""",
    ),
    (
        "https://github.com/rpmfusion/discord/pull/22",
        ".txt",
        r"""$ ./Discord
Disabling updates already done
[Vencord] Starting up...
[Vencord] Loading original Discord app.asar
Discord 0.0.70
Starting app.
Starting updater.
2024-10-05T19:03:41.209Z [Modules] Modules initializing
2024-10-05T19:03:41.209Z [Modules] Distribution: remote
2024-10-05T19:03:41.209Z [Modules] Host updates: disabled
2024-10-05T19:03:41.209Z [Modules] Module updates: enabled
2024-10-05T19:03:41.210Z [Modules] Module install path: /home/[[user:tev]]{{keep:/.config/discord/0.0.70/modules}}
2024-10-05T19:03:41.210Z [Modules] Module installed file path: /home/[[user:tev]]{{keep:/.config/discord/0.0.70/modules/installed.json}}
2024-10-05T19:03:41.210Z [Modules] Module download path: /home/[[user:tev]]{{keep:/.config/discord/0.0.70/modules/pending}}
splashScreen.initSplash(false)
CDM component API found
blackbox: 2024-10-05T19:03:41.296Z 1 Discord starting: {"releaseChannel":"stable","version":"0.0.70"}, modulepath: /home/[[user:tev]]{{keep:/.config/discord/0.0.70/modules}}
""",
    ),
    (
        "https://github.com/flathub/com.discordapp.Discord/issues/212",
        ".txt",
        r"""[Modules] Modules initializing
[Modules] Distribution: remote
[Modules] Host updates: enabled
[Modules] Module updates: enabled
[Modules] Module install path: /home/{{keep:deck}}/.var/app/com.discordapp.Discord/config/discord/0.0.17/modules
[Modules] Module installed file path: /home/{{keep:deck}}/.var/app/com.discordapp.Discord/config/discord/0.0.17/modules/installed.json
[Modules] Module download path: /home/{{keep:deck}}/.var/app/com.discordapp.Discord/config/discord/0.0.17/modules/pending
""",
    ),
    (
        "https://github.com/flathub/com.discordapp.Discord/issues/72",
        ".txt",
        r"""$ com.discordapp.Discord 
Gtk-Message: 13:03:35.374: Failed to load module "canberra-gtk-module"
Discord 0.0.9
Starting app.
Starting updater.
[Modules] Modules initializing
[Modules] Module install path: /var/home/{{keep:USER}}/.var/app/com.discordapp.Discord/config/discord/0.0.9/modules
[Modules] Module installed file path: /var/home/{{keep:USER}}/.var/app/com.discordapp.Discord/config/discord/0.0.9/modules/installed.json
[Modules] Module download path: /var/home/{{keep:USER}}/.var/app/com.discordapp.Discord/config/discord/0.0.9/modules/pending
[Modules] No updates to install
""",
    ),
    # ---- Slack, Signal, Element -------------------------------------------------------------------
    (
        "https://github.com/NixOS/nixpkgs/issues/18433",
        ".txt",
        r"""2016-09-08T12:14:20.302Z - info: Creating local storage instance at path: /home/[[user:mvanderholt]]{{keep:/.config/Slack/local-settings.json}}
2016-09-08T12:14:20.303Z - error: Couldn't load /home/[[user:mvanderholt]]{{keep:/.config/Slack/local-settings.json}}: ENOENT: no such file or directory, open '/home/[[user:mvanderholt]]{{keep:/.config/Slack/local-settings.json}}'
2016-09-08T12:14:20.447Z - error: Couldn't initialize keytar: Error: libgnome-keyring.so.0: cannot open shared object file: No such file or directory Check to make sure that all native keytar dependencies are installed properly (especially libgnome-keyring on Linux)
""",
    ),
    (
        "https://github.com/signalapp/Signal-Desktop/issues/6609",
        ".txt",
        r"""signal-desktop --use-tray-icon --enable-features=UseOzonePlatform --ozone-platform=wayland 

Set Windows Application User Model ID (AUMID) { AUMID: 'org.whispersystems.signal-desktop' }
NODE_ENV production
NODE_CONFIG_DIR /usr/lib/signal-desktop/resources/app.asar/config
NODE_CONFIG {}
HOSTNAME undefined
SIGNAL_ENABLE_HTTP undefined
userData: /home/[[user:marzio]]{{keep:/.config/Signal}}
config/get: Successfully read user config file
config/get: Successfully read ephemeral config file
making app single instance
""",
    ),
    (
        "https://github.com/signalapp/Signal-Desktop/issues/3281",
        ".txt",
        r"""$ '/opt/Signal/signal-desktop' --disable-gpu --disable-software-rasterizer --verbose --enable-logging --no-sandbox %U
NODE_ENV production
NODE_CONFIG_DIR /opt/Signal/resources/app.asar/config
HOSTNAME undefined
userData: /home/{{keep:user}}/.config/Signal
config/get: Successfully read user config file
x-attr dependncy did not load successfully
{"name":"log","hostname":"desktop","pid":28016,"level":30,"msg":"app ready","time":"2020-03-06T03:22:54.384Z","v":0}
{"name":"log","hostname":"desktop","pid":28016,"level":30,"msg":"starting version 1.32.0","time":"2020-03-06T03:22:54.384Z","v":0}
""",
    ),
    (
        "https://github.com/kenballus/asahi-signal-desktop/issues/2",
        ".txt",
        r"""Render process is gone: Error: Reason: crashed, Exit Code: 133
    at App.<anonymous> (/opt/Signal/resources/app.asar/app/global_errors.js:94:7)
    at App.emit (node:events:518:28)
{"level":50,"time":"2025-02-15T20:16:02.844Z","msg":"Render process is gone: Error: Reason: crashed, Exit Code: 133\n    at App.<anonymous> ({{keep:[REDACTED]}}/app/global_errors.js:94:7)\n    at App.emit (node:events:518:28)"}
{"level":30,"time":"2025-02-15T20:16:10.785Z","msg":"main window closed event"}
""",
    ),
    (
        "https://github.com/element-hq/element-desktop/issues/847",
        ".txt",
        r"""           PID: 4998 (electron)
           UID: 1000 ({{keep:USERNAME-CENSORED}})
           GID: 1001 ({{keep:USERNAME-CENSORED}})
        Signal: 5 (TRAP)
  Command Line: $'/usr/lib/electron/electron --disable-dev-mode --profile --enable-crashpad /usr/lib/element/app.asar {{keep:PROFILENAME-CENSORED}}'
    Executable: /usr/lib/electron/electron
 Control Group: /user.slice/user-1000.slice/session-1.scope
     Owner UID: 1000 ({{keep:USERNAME-CENSORED}})
      Hostname: HOSTNAME-CENSORED
       Storage: /var/lib/systemd/coredump/core.electron.1000.66bc52858e684a1cba9ede6d5e60e97d.4998.1659342014000000.zst (present)
""",
    ),
    # ---- Teams for Linux ----------------------------------------------------------------------------
    (
        "https://github.com/IsmaelMartinez/teams-for-linux/issues/1558",
        ".txt",
        r"""[[user:kolya]]@[[user:kolya]]-LOQ-15ARP9:~$ teams-for-linux --webDebug
No config file found, using default values
all good with appLogLevels you aren't using them
Initialising logger with config: {"transports":{"console":{"level":"info"},"file":{"level":false}}}
00:00:48.225 › configPath: /home/[[user:kolya]]{{keep:/.config/teams-for-linux}}
[13501:0123/000049.149001:ERROR:object_proxy.cc(576)] Failed to call method: org.freedesktop.ScreenSaver.GetActive: object_path= /org/freedesktop/ScreenSaver: org.freedesktop.DBus.Error.NotSupported: This method is not implemented
""",
    ),
    (
        "https://github.com/IsmaelMartinez/teams-for-linux/issues/1509",
        ".txt",
        r"""[[user:tudo]]@[[user:tudo]]-home:~$ teams-for-linux --webDebug --logConfig='{}'

No config file found, using default values
all good with appLogLevels you aren't using them
Initialising logger with config: "{}"
09:26:39.148 › File logging at /home/[[user:tudo]]{{keep:/.config/teams-for-linux/logs/main.log}} with level silly
09:26:39.149 › Console logging enabled with level silly
09:26:39.150 › Logger initialised
09:26:39.150 › configPath: /home/[[user:tudo]]{{keep:/.config/teams-for-linux}}
09:26:39.150 › configFile: {}
09:26:39.289 › processArgs: [
  '/opt/teams-for-linux/teams-for-linux',
  '--webDebug',
  '--logConfig={}'
]
""",
    ),
    (
        "https://github.com/IsmaelMartinez/teams-for-linux/issues/740",
        ".txt",
        r"""Working directory "/home/{{keep:xxx}}/[Invalid UTF-8]" does not exist. It won't be used when spawning "/opt/teams-for-linux/teams-for-linux".xdg-settings: default-url-scheme-handler not implemented for xfce
(node:107564) UnhandledPromiseRejectionWarning: ReferenceError: iconPath is not defined
    at applyAppConfiguration (/opt/teams-for-linux/resources/app.asar/app/mainAppWindow/index.js:87:44)
    at Object.onAppReady (/opt/teams-for-linux/resources/app.asar/app/mainAppWindow/index.js:59:2)
""",
    ),
    # ---- Notion, Bitwarden and other Electron apps --------------------------------------------------
    (
        "https://github.com/notion-enhancer/notion-repackaged/issues/60",
        ".txt",
        r"""$ notion-app-enhanced 
16:06:16.014 › Checking for update
16:06:16.088 › Error reading /home/[[user:maelle]]{{keep:/.config/notion-app-enhanced/cookies.json}} {
  constructor: 'Error',
  errno: -2,
  syscall: 'open',
  code: 'ENOENT',
  path: '/home/[[user:maelle]]{{keep:/.config/notion-app-enhanced/cookies.json}}',
  stack: "Error: /home/[[user:maelle]]{{keep:/.config/notion-app-enhanced/cookies.json}}: ENOENT: no such file or directory, open '/home/[[user:maelle]]{{keep:/.config/notion-app-enhanced/cookies.json}}'\n" +
    '    at Object.openSync (fs.js:466:3)\n' +
    '    at Object.func [as openSync] (electron/js2c/asar_bundle.js:5:1812)\n' +
""",
    ),
    (
        "https://github.com/notion-enhancer/notion-enhancer/issues/802",
        ".txt",
        r"""02:51:21.822 › Checking for update
02:51:21.859 › Error reading /home/{{keep:user}}/.config/notion-app/cookies.json {
  constructor: 'Error',
  errno: -2,
  syscall: 'open',
  code: 'ENOENT',
  path: '/home/{{keep:user}}/.config/notion-app/cookies.json',
    '    at Object.readFileSync (/opt/Notion/resources/app.asar/node_modules/jsonfile/index.js:61:22)\n' +
    '    at JsonStore.loadSync (/opt/Notion/resources/app.asar/main/JsonStore.js:38:44)\n' +
""",
    ),
    (
        "https://github.com/bitwarden/desktop/issues/279",
        ".txt",
        r"""ERROR Error: Uncaught (in promise): Error: EPERM: operation not permitted, rename 'C:\Users\[[user:HungTQ57]]{{keep:\AppData\Roaming\Bitwarden\data.json.1931525621}}' -> 'C:\Users\[[user:HungTQ57]]{{keep:\AppData\Roaming\Bitwarden\data.json}}'
Error: EPERM: operation not permitted, rename 'C:\Users\[[user:HungTQ57]]{{keep:\AppData\Roaming\Bitwarden\data.json.1931525621}}' -> 'C:\Users\[[user:HungTQ57]]{{keep:\AppData\Roaming\Bitwarden\data.json}}'
""",
    ),
    (
        "https://github.com/swiftyapp/swifty/issues/183",
        ".txt",
        r"""Error: ENOENT: no such file or directory, open 'C:\Users\[[user:rivka]]{{keep:\AppData\Roaming\Swifty\resources\app-update.yml}}'

Swifty 0.6.12
Electron 23.2.0
win32 10.0.22621
Locale: en-US
""",
    ),
    (
        "https://github.com/Flow-Launcher/Flow.Launcher/issues/1359",
        ".txt",
        r"""1. upload log file: C:\Users\[[user:jorre]]{{keep:\AppData\Roaming\FlowLauncher\Logs\1.9.4\2022-09-01.txt}}

Flow Launcher version: 1.9.4
OS Version: Microsoft Windows NT 10.0.19044.0
IntPtr Length: 8
x64: True

Python Path: C:\Users\[[user:jorre]]{{keep:\AppData\Roaming\FlowLauncher\PythonEmbeddable\pythonw.exe}}
Date: 09/01/2022 16:36:43
Exception:
System.IO.InvalidDataException: Obsidian Notes|Exception ignored in: <function Launcher.__del__ at 0x000001CF713C6F70>
Traceback (most recent call last):
  File "C:\Users\[[user:jorre]]{{keep:\AppData\Roaming\FlowLauncher\Plugins\Obsidian Notes-1.1.3\lib\flox\launcher.py}}", line 59, in __del__
    self.__call__()
  File "C:\Users\[[user:jorre]]{{keep:\AppData\Roaming\FlowLauncher\Plugins\Obsidian Notes-1.1.3\lib\flox\__init__.py}}", line 96, in __call__
    return super().__call__()
""",
    ),
    # ---- more Electron apps under a macOS home and a snap's home, and a Firefox fork ------------------
    (
        "https://github.com/snapcrafters/signal-desktop/issues/108",
        ".txt",
        r"""[[user:anselm]]@[[user:anselm]]LT:~$ env BAMF_DESKTOP_FILE_HINT=/var/lib/snapd/desktop/applications/signal-desktop_signal-desktop.desktop signal-desktop          
mkdir: cannot create directory '/home/[[user:anselm]]{{keep:/snap/signal-desktop/456/.config}}': Permission denied
chmod: cannot access '/home/[[user:anselm]]{{keep:/snap/signal-desktop/456/.config}}': No such file or directory
mkdir: cannot create directory '/home/[[user:anselm]]{{keep:/snap/signal-desktop/456/.local}}': Permission denied
mkdir: cannot create directory '/run/user/0': Permission denied
/snap/signal-desktop/456/gnome-platform/command-chain/desktop-launch: line 268: /home/[[user:anselm]]{{keep:/snap/signal-desktop/456/.config/user-dirs.dirs}}: No such file or directory
Can't create dir /home/[[user:anselm]]{{keep:/snap/signal-desktop/456/Schreibtisch}}
""",
    ),
    (
        "https://github.com/microsoft/vscode/issues/41344",
        ".txt",
        r"""{ Error: EACCES: permission denied, mkdir '/Users/[[user:mirjanv]]{{keep:/Library/Application Support/Code/logs/20180109T152903}}'
    at Object.fs.mkdirSync (fs.js:895:18)
    at Function.sync (/Applications/Visual Studio Code.app/Contents/Resources/app/node_modules/mkdirp/index.js:71:13)
    at RotatingLogger (/Applications/Visual Studio Code.app/Contents/Resources/app/node_modules/spdlog/index.js:13:11)
""",
    ),
    (
        "https://github.com/yuaotian/go-cursor-help/issues/606",
        ".txt",
        r"""A system error occurred (EACCES: permission denied, mkdir '/Users/[[user:haoliang]]{{keep:/Library/Application Support/Cursor/logs/20251017T013533}}')

Please make sure the following directories are writeable:

~/Library/Application Support/Cursor
~/.cursor/extensions
""",
    ),
    (
        "https://github.com/BrowserWorks/waterfox/issues/4418",
        ".txt",
        r"""`/home/{{keep:MYUSERNAME}}/.waterfox/l7e8t04g.default-release`

The actual profile folder is located at: `/home/{{keep:MYUSERNAME}}/.var/app/net.waterfox.waterfox/.waterfox/l7e8t04g.default-release`
""",
    ),
]


# The stop-85 collection (batch 85, collected at stop 52 under scrubber 1.37.0, main at e37fcd8):
# excerpts of public threads of a source no batch took yet, desktop container and VM tools'
# diagnostics as people paste them (Docker Desktop's backend log and `docker context ls`, WSL's
# `/mnt/c/Users` and `wslpath`, podman machine, Vagrant's debug log and VBoxManage errors,
# VirtualBox's `VBox.log`, Multipass's journal, colima and lima, Rancher Desktop's lima log).
_RAW_STOP85: list[tuple[str, str, str]] = [
    # ---- Docker Desktop ---------------------------------------------------------------------------
    (
        "https://github.com/docker/for-win/issues/13040",
        ".txt",
        r"""[2022-11-02T20:14:35.352827500Z][com.docker.backend.exe][I] key: skipWSLMountPerfWarning, type: bool, value: false
[2022-11-02T20:14:35.354203200Z][com.docker.backend.exe][I] key: credentialHelper, type: string, value: docker-credential-wincred.exe
[2022-11-02T20:14:35.354203200Z][com.docker.backend.exe][I] key: cpus, type: float64, value: 6
[2022-11-02T20:14:35.355749200Z][com.docker.backend.exe][I] settings get: {"acceptCanaryUpdates":false,"activeOrganizationName":"","allow413Features":true,"analyticsEnabled":false,"autoDownloadUpdates":true,"autoStart":true,"containerTerminal":"integrated","cpus":2,"credentialHelper":"docker-credential-wincred.exe","customWslDistroDir":"","dataFolder":"C:\\Users\\{{keep:Public}}\\Documents\\Hyper-V\\Virtual Hard Disks","deprecatedCgroupv1":false,"disableHardwareAcceleration":false,"diskSizeMiB":102400,"diskTRIM":true,"filesharingDirectories":["C:\\migrate","C:\\Servers\\Docker\\Certs\\{{keep:\u003cHOST\u003e}}","C:\\Servers\\Docker\\Elk","C:\\Servers\\Logs\\Tautulli\\PlexLogs",
""",
    ),
    (
        "https://github.com/docker/for-win/issues/12031",
        ".txt",
        r"""[02:20:56.592][GoBackendProcess  ][Info   ] msg="2f671f3a-BackendAPI : registring HEAD /resource/kube-images.tar"
[02:20:56.592][GoBackendProcess  ][Info   ] msg="cc5d5f15-VMAPI : registring GET /resource/services.tar"
[02:20:56.592][GoBackendProcess  ][Info   ] msg="cc5d5f15-VMAPI: serving file C:\\Program Files\\Docker\\Docker\\resources\\services.tar with /resource/services.tar"
[02:20:56.592][GoBackendProcess  ][Info   ] msg="starting cc5d5f15-VMAPI for component BackendCMD on \\\\.\\pipe\\dockerBackendApiServerForGuest"
[02:20:56.592][GoBackendProcess  ][Info   ] msg="2f671f3a-BackendAPI : registring GET /images/:imageID"
""",
    ),
    (
        "https://github.com/docker/desktop-feedback/issues/606",
        ".txt",
        r"""PS C:\Users\[[user:olavi]]> docker context ls --format '{{.Name}}' | ? { $_ -ne 'default' } | % { ''; $_; docker --context $_ ps }

desktop-linux
CONTAINER ID   IMAGE                               COMMAND   CREATED              STATUS              PORTS     NAMES
83bb03b7e5c8   mcr.microsoft.com/dotnet/sdk:10.0   "pwsh"    About a minute ago   Up About a minute             eloquent_keller

desktop-windows
CONTAINER ID   IMAGE                                            COMMAND                  CREATED             STATUS                       PORTS     NAMES
21af1b37ee49   hello-world                                      "cmd"                    6 minutes ago       Up 6 minutes                           elegant_diffie
""",
    ),
    # ---- WSL --------------------------------------------------------------------------------------
    (
        "https://github.com/webinstall/webi-installers/issues/164",
        ".txt",
        r"""[[user:owen]]@DELLXPS9300:/mnt/c/Users/[[user:owenm]]{{keep:/Development}}/git.[[user:owenmaddocks]].com/[[user:owenmaddocks]]/website$ npm i -g npm
npm ERR! code EACCES
npm ERR! syscall rename
npm ERR! path /home/[[user:owen]]{{keep:/.local/opt/node-v14.15.1/lib/node_modules/.staging/npm-9c4101c5/node_modules/yargs-parser}}
npm ERR! dest /home/[[user:owen]]{{keep:/.local/opt/node-v14.15.1/lib/node_modules/.staging/yargs-parser-eed7b39a}}
npm ERR! errno -13
""",
    ),
    (
        "https://github.com/microsoft/vscode-remote-release/issues/1658",
        ".txt",
        r"""npm ERR! path /mnt/c/Users/[[user:Matt]]{{keep:/alpha/node_modules/class-validator}}
npm ERR! code EACCES
npm ERR! errno -13
npm ERR! syscall rename
npm ERR! Error: EACCES: permission denied, rename '/mnt/c/Users/[[user:Matt]]{{keep:/alpha/node_modules/class-validator}}' -> '/mnt/c/Users/[[user:Matt]]{{keep:/alpha/node_modules/.class-validator.DELETE}}'
""",
    ),
    (
        "https://github.com/microsoft/WSL/issues/7622",
        ".txt",
        r"""npm ERR! code EACCES
npm ERR! syscall rename
npm ERR! path /home/[[user:danilo47]]{{keep:/.nvm/versions/node/v14.18.1/lib/node_modules/.staging/npm-5bc2ba18/node_modules/string-width}}
npm ERR! dest /home/[[user:danilo47]]{{keep:/.nvm/versions/node/v14.18.1/lib/node_modules/.staging/string-width-27ab7c66}}
npm ERR! errno -13
""",
    ),
    (
        "https://github.com/microsoft/WSL/issues/3146",
        ".txt",
        r"""$ wslpath -w ~
C:\Users\[[user:rjb]]{{keep:\AppData\Local\Packages\CanonicalGroupLimited.UbuntuonWindows_79rhkp1fndgsc\LocalState\rootfs\path\to\home}}
""",
    ),
    (
        "https://github.com/microsoft/WSL/issues/10040",
        ".txt",
        r"""$ wslpath -a //wsl.localhost/Ubuntu-20.04/home
wslpath: //wsl.localhost/Ubuntu-20.04/home
$ echo $?
1
$ wslpath -a //wsl$/Ubuntu-20.04/home
/home
$ echo $?
0
""",
    ),
    # ---- podman machine ---------------------------------------------------------------------------
    (
        "https://github.com/podman-container-tools/podman/issues/16528",
        ".txt",
        r"""MacBook-Pro:~ [[user:minghuang]]$ podman machine stop
Machine "podman-machine-default" stopped successfully
MacBook-Pro:~ [[user:minghuang]]$ podman machine rm podman-machine-default

The following files will be deleted:

/Users/[[user:minghuang]]{{keep:/.ssh/podman-machine-default}}
/Users/[[user:minghuang]]{{keep:/.ssh/podman-machine-default.pub}}
/Users/[[user:minghuang]]{{keep:/.config/containers/podman/machine/qemu/podman-machine-default.ign}}
/Users/[[user:minghuang]]{{keep:/.local/share/containers/podman/machine/qemu/podman-machine-default_fedora-coreos-37.20221106.2.1-qemu.x86_64.qcow2}}
/Users/[[user:minghuang]]{{keep:/.local/share/containers/podman/machine/podman-machine-default/podman.sock}}
""",
    ),
    (
        "https://github.com/podman-container-tools/podman/issues/18913",
        ".txt",
        r"""DEBU[0000] Using Podman machine with `qemu` virtualization provider
Starting machine "oomol"
[/usr/local/bin/gvproxy -listen-qemu unix:///var/folders/zm/g19w916x2x36bt16htrwtsh80000gp/T/podman/qmp_oomol.sock -pid-file /var/folders/zm/g19w916x2x36bt16htrwtsh80000gp/T/podman/oomol_proxy.pid -ssh-port 53045 -forward-sock /Users/[[user:green-moth]]{{keep:/.local/share/containers/podman/machine/qemu/podman.sock}} -forward-dest /run/user/502/podman/podman.sock -forward-user core -forward-identity /Users/[[user:green-moth]]{{keep:/.ssh/oomol}} --debug]
""",
    ),
    (
        "https://github.com/podman-container-tools/podman/issues/11580",
        ".txt",
        r"""% ls -l /var/folders/qh/xw68c7sn2r72tltmnnd2bbnr0000gn/T/podman/
total 8
-rw-r--r--  1 [[user:derek]]  staff  4 Sep 14 16:12 podman-machine-default.pid
srwxr-xr-x  1 [[user:derek]]  staff  0 Sep 14 16:12 podman-machine-default_ready.sock
srwxr-xr-x  1 [[user:derek]]  staff  0 Sep 14 16:12 qemu_podman-machine-default.sock
srwxr-xr-x  1 [[user:derek]]  staff  0 Sep 14 16:12 qmp_podman-machine-default.sock
""",
    ),
    (
        "https://github.com/podman-desktop/podman-desktop/issues/744",
        ".txt",
        r"""Error: Starting machine "podman-machine-default" Error: dial unix /var/folders/52/hwntk6dn2sz_bpd2ldfh2k800000gn/T/podman/qmp_podman-machine-default.sock: connect: no such file or directory
""",
    ),
    # ---- Vagrant, VBoxManage, VBox.log -------------------------------------------------------------
    (
        "https://github.com/hashicorp/vagrant/issues/11033",
        ".txt",
        r"""C:\Users\[[user:RobMartin]]{{keep:\Desktop\vagrant}}>vagrant up --debug
 INFO global: Vagrant version: 2.2.5
 INFO global: Ruby version: 2.4.6
 INFO global: RubyGems version: 2.6.14.4
 INFO global: VAGRANT_EXECUTABLE="C:\\HashiCorp\\Vagrant\\embedded\\gems\\2.2.5\\gems\\vagrant-2.2.5\\bin\\vagrant"
 INFO global: VAGRANT_INSTALLER_EMBEDDED_DIR="C:\\HashiCorp\\Vagrant\\embedded"
 INFO global: VAGRANT_LOG="debug"
DEBUG global: Loading core plugin: C:/HashiCorp/Vagrant/embedded/gems/2.2.5/gems/vagrant-2.2.5/plugins/commands/box/plugin.rb
 INFO manager: Registered plugin: box command
""",
    ),
    (
        "https://github.com/hashicorp/vagrant/issues/13745",
        ".txt",
        r"""PS C:\[[user:ralph]]{{keep:\Metasploitable}}> vagrant up
Bringing machine 'ub1404' up with 'virtualbox' provider...
==> ub1404: Importing base box 'rapid7/metasploitable3-ub1404'...
==> ub1404: Setting the name of the VM: Metasploitable3-ub1404
There was an error while executing `VBoxManage`, a CLI used by Vagrant
for controlling VirtualBox. The command and stderr is shown below.

Command: ["showvminfo", "b44b246c-3b99-43a7-9eb4-772e280c1f0e", "--machinereadable"]

Stderr: VBoxManage.exe: error: The object functionality is limited
VBoxManage.exe: error: Details: code E_ACCESSDENIED (0x80070005), component MachineWrap, interface IMachine, callee IUnknown
PS C:\[[user:ralph]]{{keep:\Metasploitable}}>
""",
    ),
    (
        "https://github.com/geerlingguy/drupal-vm/issues/590",
        ".txt",
        r"""==> drupalvm: Cloning VM...
There was an error while executing `VBoxManage`, a CLI used by Vagrant
for controlling VirtualBox. The command and stderr is shown below.

Command: ["clonevm", "818e8a75-0051-4440-8f74-7b4f4f7b43fc", "--register", "--name", "temp_clone_1462439444467_38077"]

Stderr: VBoxManage: error: Could not find a registered machine with UUID {818e8a75-0051-4440-8f74-7b4f4f7b43fc}
VBoxManage: error: Details: code VBOX_E_OBJECT_NOT_FOUND (0x80bb0001), component VirtualBoxWrap, interface IVirtualBox, callee nsISupports
""",
    ),
    (
        "https://github.com/docker-archive/toolbox/issues/737",
        ".txt",
        r"""VBoxManage guestproperty set VBOX_8_56_05_SHELL UserName "{{keep:vboxuser}}"
VBoxManage.exe: error: Code E_FAIL (0x80004005) - Unspecified error (extended info not available)
VBoxManage.exe: error: Context: "LockMachine(a->session, LockType_Shared)" at line 158 of file VBoxManageGuestProp.cpp
VBOX_INSTALL_PATH=C:\Program Files\Oracle\VirtualBox
VBOX_USER_HOME=C:\Users\{{keep:User Name}}\.VirtualBox
VBOX_MSI_INSTALL_PATH=C:\Program Files\Oracle\VirtualBox
""",
    ),
    (
        "https://github.com/cuckoosandbox/cuckoo/issues/1272",
        ".txt",
        r"""[[user:rohitnetsec]]@[[user:rohitnetsec]]-Vostro-3558:~/VirtualBox VMs$ vboxmanage registervm windows7-cuckoo
VBoxManage: error: Runtime error opening '/home/[[user:rohitnetsec]]{{keep:/.config/VirtualBox/windows7-cuckoo}}' for reading: -102(File not found.).
VBoxManage: error: Details: code NS_ERROR_FAILURE (0x80004005), component MachineWrap, interface IMachine, callee nsISupports
""",
    ),
    (
        "https://github.com/VirtualBox/virtualbox/issues/336",
        ".txt",
        r"""00:00:00.553785 VirtualBox VM 7.2.4 r170995 linux.amd64 (Oct 17 2025 09:04:29) release log
00:00:00.553786 Log opened 2025-10-29T10:57:19.366326000Z
00:00:00.553786 Build Type: release
00:00:00.553787 OS Product: Linux
00:00:00.553788 OS Release: 6.18.0-rc3
00:00:00.553801 DMI Product Name: MS-7C02
00:00:00.553884 Executable: /opt/VirtualBox/VirtualBoxVM
00:00:00.553884 Process ID: 12875
00:00:00.556974   None installed!
00:00:00.557518 Console: Machine state changed to 'Starting'
""",
    ),
    (
        "https://github.com/hashicorp/vagrant/issues/2080",
        ".txt",
        r"""00:00:00.034126 Log opened 2013-08-26T10:00:02.749160000Z
00:00:00.034138 OS Product: Darwin
00:00:00.034274 DMI Product Name: iMac12,2
00:00:00.034366 Executable: /Applications/VirtualBox.app/Contents/MacOS/VBoxHeadless
00:00:00.048651 OS type: 'Ubuntu'
00:00:00.082247 File system of '/Users/{{keep:XXXXX}}/Library/VirtualBox/Machines/PROJECT-X_default_1377511200/Snapshots' (snapshots) is unknown
""",
    ),
    # ---- Multipass --------------------------------------------------------------------------------
    (
        "https://github.com/canonical/multipass/issues/4238",
        ".txt",
        r"""Jul 11 16:11:35 mgookp53 systemd[1]: Started snap.multipass.multipassd.service - Service for snap application multipass.multipassd.
Jul 11 16:11:36 mgookp53 multipassd[442403]: Caught an unhandled exception: unable to create directory '/home/[[user:vesnakor]]{{keep:/multipass}}'
Jul 11 16:11:36 mgookp53 systemd[1]: snap.multipass.multipassd.service: Main process exited, code=exited, status=1/FAILURE
""",
    ),
    (
        "https://github.com/canonical/multipass/issues/3464",
        ".txt",
        r"""# multipass launch
launch failed: Remote "" is unknown or unreachable.

# journalctl -b -u 'snap.multipass*'
Apr 05 16:16:37 126-u2204-desk systemd[1]: Started Service for snap application multipass.multipassd.
Apr 05 16:16:39 126-u2204-desk multipassd[714]: gRPC listening on unix:/var/snap/multipass/common/multipass_socket
Apr 05 16:16:39 126-u2204-desk multipassd[714]: Cannot retrieve headers for https://cdimage.ubuntu.com/ubuntu-core/20/stable/current/ubuntu-core-20-amd64.img.xz: Host cdimage.ubuntu.com not found
""",
    ),
    # ---- colima, lima, Rancher Desktop ------------------------------------------------------------
    (
        "https://github.com/abiosoft/colima/issues/243",
        ".txt",
        r"""[[[user:Tom.Ferrand]]] [~] $> docker context use default
default
Current context is now "default"
[[[user:Tom.Ferrand]]] [~] $> colima stop --verbose
INFO[0000] stopping colima
> msg="[hostagent] Stopping forwarding \"/var/run/docker.sock\" (guest) to \"/Users/[[user:Tom.Ferrand]]{{keep:/.colima/docker.sock}}\" (host)"
> msg="[hostagent] Stopping forwarding \"/run/lima-guestagent.sock\" (guest) to \"/Users/[[user:Tom.Ferrand]]{{keep:/.lima/colima/ga.sock}}\" (host)"
> msg="[hostagent] Unmounting \"/Users/[[user:Tom.Ferrand]]\""
> msg="[hostagent] Unmounting \"/tmp/colima\""
""",
    ),
    (
        "https://github.com/abiosoft/colima/issues/1265",
        ".txt",
        r"""time="2025-02-04T01:01:18+01:00" level=info msg="Starting the instance \"colima\" with VM driver \"vz\""
time="2025-02-04T01:01:18+01:00" level=info msg="Attempting to download the image" arch=aarch64 digest= location=/Users/[[user:jk]]{{keep:/Library/Caches/colima/caches/a24f6ef16e82e4b6293939e225f66e0d31056ee4b5c75f531bb58847c7741810.raw}}
time="2025-02-04T01:01:18+01:00" level=info msg="Converting \"/Users/[[user:jk]]{{keep:/.colima/_lima/colima/basedisk}}\" (raw) to a raw disk \"/Users/[[user:jk]]{{keep:/.colima/_lima/colima/diffdisk}}\""
time="2025-02-04T01:01:19+01:00" level=info msg="[hostagent] hostagent socket created at /Users/[[user:jk]]{{keep:/.colima/_lima/colima/ha.sock}}"
""",
    ),
    (
        "https://github.com/abiosoft/colima/issues/786",
        ".txt",
        r"""> [hostagent] Shutting down QEMU with ACPI
> [hostagent] failed to open the QMP socket "/Users/[[user:tobiasgrund]]{{keep:/.lima/colima/qmp.sock}}", forcibly killing QEMU
> exiting, status={Running:false Degraded:false Exiting:true Errors:[] SSHLocalPort:0} (hint: see "/Users/[[user:tobiasgrund]]{{keep:/.lima/colima/ha.stderr.log}}")
FATA[0002] error starting vm: error at 'starting': exit status 1
{"level":"debug","msg":"Creating iso file /Users/[[user:tobiasgrund]]{{keep:/.lima/colima/cidata.iso}}","time":"2023-08-25T12:47:46+02:00"}
""",
    ),
    (
        "https://github.com/rancher-sandbox/rancher-desktop/issues/532",
        ".txt",
        r"""time="2021-08-23T16:28:02+02:00" level=info msg="Using the existing instance \"rancher-desktop\""
time="2021-08-23T16:28:02+02:00" level=warning msg="expected status \"Stopped\", got \"Broken\""
time="2021-08-23T16:28:02+02:00" level=info msg="[hostagent] Starting QEMU (hint: to watch the boot progress, see \"/Users/[[user:hm]]{{keep:/Library/State/rancher-desktop/lima/rancher-desktop/serial.log}}\")"
time="2021-08-23T16:28:02+02:00" level=error msg="[hostagent] couldn't remove existing localhost host keys"
""",
    ),
    (
        "https://github.com/rancher-sandbox/rancher-desktop/issues/1741",
        ".txt",
        r"""Last command run:
limactl start --tty=false /Users/[[user:dlorn]]{{keep:/Library/Application Support/rancher-desktop/lima/_config/0.yaml}}

Context:
Starting Virtual machine

time="2022-03-07T13:43:42-08:00" level=fatal msg="\"/private/var/run/rancher-desktop-lima\" doesn't seem to be writable by the daemon (gid:1) group"
2022-03-07T21:43:42.755Z: + limactl start --tty=false /Users/{{keep:<$USER>}}/Library/Application Support/rancher-desktop/lima/_config/0.yaml
""",
    ),
]


# The stop-86 collection (batch 86, collected at stop 52 under scrubber 1.37.0, main at e37fcd8):
# excerpts of public threads of a source no batch took yet, self-hosted home servers' logs and
# configuration as people paste them (Home Assistant, Nextcloud's JSON log lines and `occ`,
# ownCloud's OCS answer, Jellyfin and Emby, Gitea's log and `app.ini`, Pi-hole, AdGuard Home sync,
# Immich's `.env`, paperless-ngx's mail log, Nginx Proxy Manager's certbot lines, ddns-updater).
_RAW_STOP86: list[tuple[str, str, str]] = [
    # ---- Home Assistant ---------------------------------------------------------------------------
    (
        "https://github.com/home-assistant/core/issues/23965",
        ".txt",
        r""">>> import custom_components.oslo_waste.sensor
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
  File "/home/[[user:kb]]{{keep:/.homeassistant/custom_components/oslo_waste/sensor.py}}", line 7, in <module>
    from bs4 import BeautifulSoup
ModuleNotFoundError: No module named 'bs4'
""",
    ),
    (
        "https://github.com/home-assistant/core/issues/36447",
        ".txt",
        r"""mqtt:
  birth_message:
    topic: 'homeassistant/status'
    payload: 'online'
    qos: 1
  will_message:
    topic: 'homeassistant/status'
    payload: 'offline'
    qos: 1

2020-06-04 17:25:42 WARNING (MainThread) [homeassistant.components.mqtt] Data in your configuration entry is going to override your configuration.yaml: {'broker': '192.168.1.XXX', 'discovery': True, 'password': '{{keep:clear_text_pwd}}', 'port': 1883, 'username': '{{keep:clear_text_userid}}'}
""",
    ),
    (
        "https://github.com/home-assistant/core/issues/36651",
        ".txt",
        r"""(homeassistant) [{{keep:homeassistant}}@ha-jail ~]$ hass 
Unable to find configuration. Creating default one in /home/{{keep:homeassistant}}/.homeassistant

(homeassistant) [{{keep:homeassistant}}@ha-jail ~]$ hass
2020-06-11 01:04:24 INFO (MainThread) [homeassistant.setup] Setup of domain logger took 0.0 seconds.
""",
    ),
    # ---- Nextcloud and ownCloud ---------------------------------------------------------------------
    (
        "https://github.com/allinurl/goaccess/issues/2159",
        ".txt",
        r"""{"reqId":"GgVWoEhThpnlrKa84YcP","level":1,"time":"2021-08-04T08:09:12+02:00","remoteAddr":"87.111.222.222","user":"[[email:desk@quillet.com]]","app":"admin_audit","method":"PROPFIND","url":"/remote.php/dav/files/[[email:desk@quillet.com]]/","message":"Login successful: \"[[email:desk@quillet.com]]\"","userAgent":"RaiDrive/2020.11.38.0","version":"21.0.3.1"}
{"reqId":"9AyYOjnsAQexj3SfAZpa","level":1,"time":"2021-08-04T08:09:13+02:00","remoteAddr":"87.111.222.222","user":"--","app":"admin_audit","method":"PROPFIND","url":"/remote.php/dav/files/[[email:desk@quillet.com]]/","message":"Login attempt: \"[[email:desk@quillet.com]]\"","userAgent":"RaiDrive/2020.11.38.0","version":"21.0.3.1"}
{"reqId":"9AyYOjnsAQexj3SfAZpa","level":1,"time":"2021-08-04T08:09:13+02:00","remoteAddr":"87.111.222.222","user":"[[email:desk@quillet.com]]","app":"admin_audit","method":"PROPFIND","url":"/remote.php/dav/files/[[email:desk@quillet.com]]/","message":"Login successful: \"[[email:desk@quillet.com]]\"","userAgent":"RaiDrive/2020.11.38.0","version":"21.0.3.1"}
{"reqId":"11K2fdcJQ6I2W64pEXJE","level":1,"time":"2021-08-04T08:27:35+02:00","remoteAddr":"87.111.222.222","user":"[[user:kestra04]]","app":"admin_audit","method":"PROPFIND","url":"/remote.php/webdav/","message":"Login successful: \"[[user:kestra04]]\"","userAgent":"Mozilla/5.0 (Windows) mirall/3.0.2stable-Win64 (build 20200924) (Nextcloud)","version":"21.0.3.1"}
""",
    ),
    (
        "https://github.com/nextcloud/server/pull/1550",
        ".txt",
        r"""{"reqId":"ir3fTWfSC6s8KG\/2DSie","remoteAddr":"::1","app":"index","message":"Exception: {\"Exception\":\"Exception\",\"Message\":\"abc\",\"Code\":0,\"Trace\":\"#0 {main}\",\"File\":\"\\\/Users\\\/[[user:karstenwolm]]{{keep:\\\/Projects\\\/nextcloud\\\/server\\\/index.php}}\",\"Line\":42}","level":3,"time":"2016-09-28T12:09:46+00:00","method":"GET","url":"\/server\/index.php\/core\/js\/oc.js?v=95aa79d216e63a6b8756b76d66be859c","user":"{{keep:admin}}"}
""",
    ),
    (
        "https://github.com/nextcloud/server/issues/27030",
        ".txt",
        r"""$ occ config:list system
{"reqId":"dX5goeRILv84DQJk1HCG","level":1,"time":"2023-11-07T09:23:03+00:00","remoteAddr":"","user":"--","app":"admin_audit","method":"","url":"--","message":"Console command executed: config:list system","userAgent":"--","version":"27.1.3.2","data":{"app":"admin_audit"}}
{
    "system": {
        "config_is_read_only": true,
        "instanceid": "{{keep:***REMOVED SENSITIVE VALUE***}}",
        "passwordsalt": "{{keep:***REMOVED SENSITIVE VALUE***}}",
        "secret": "{{keep:***REMOVED SENSITIVE VALUE***}}",
        "trusted_domains": [
            "my.domain.com"
        ],
        "datadirectory": "{{keep:***REMOVED SENSITIVE VALUE***}}",
        "overwrite.cli.url": "https:\/\/my.domain.com",
        "dbtype": "mysql",
        "version": "27.1.3.2",
        "dbname": "{{keep:***REMOVED SENSITIVE VALUE***}}",
        "dbhost": "{{keep:***REMOVED SENSITIVE VALUE***}}",
        "dbport": "",
        "dbtableprefix": "oc_",
        "mysql.utf8mb4": false,
        "dbuser": "{{keep:***REMOVED SENSITIVE VALUE***}}",
        "dbpassword": "{{keep:***REMOVED SENSITIVE VALUE***}}",
        "installed": true,
        "memcache.local": "\\OC\\Memcache\\APCu",
        "filelocking.enabled": "true",
        "memcache.locking": "\\OC\\Memcache\\Redis",
        "memcache.distributed": "\\OC\\Memcache\\Redis",
""",
    ),
    (
        "https://github.com/nextcloud/documentation/pull/13700",
        ".txt",
        r"""<?php
$CONFIG = array (
  'passwordsalt' => '{{keep:fakesalthjsafgvsavjnksjn}}',
  'secret' => '{{keep:fakesecretfdse3456789IOKJNBGT%67890OPOLKJHZGT&7ztgfds}}',
  'trusted_domains' =>
  array (
    0 => 'nextcloud.domain1.tld',
    1 => 'nextcloud.domain2.de',
  ),
""",
    ),
    (
        "https://github.com/nextcloud/server/issues/48808",
        ".txt",
        r"""docker exec --user www-data nextcloud-aio-nextcloud php -f /var/www/html/occ user:info {{keep:admin}}

- {{keep:admin}}: {{keep:admin}}
- [[user:Kasim Holder]]: [[user:Kasim]]
""",
    ),
    (
        "https://github.com/owncloud/core/pull/5452",
        ".txt",
        r""" <?xml version="1.0"?>
 <ocs>
  <meta>
   <status>ok</status>
   <statuscode>100</statuscode>
   <message/>
  </meta>
  <data>
   <id>[[user:stefan]]</id>
   <display-name>[[user:HighFlyer]]</display-name>
   <email>{{keep:no-response@domain.tld}}</email>
  </data>
 </ocs>
""",
    ),
    # ---- Jellyfin and Emby --------------------------------------------------------------------------
    (
        "https://github.com/jellyfin/jellyfin/issues/7795",
        ".txt",
        r"""[2022-05-24 19:18:50.939 +02:00] [INF] [10] Jellyfin.Api.Helpers.MediaInfoHelper: User policy for "[[user:marcel]]". EnablePlaybackRemuxing: True EnableVideoPlaybackTranscoding: True EnableAudioPlaybackTranscoding: True
[2022-05-24 19:18:50.939 +02:00] [INF] [10] Jellyfin.Api.Helpers.MediaInfoHelper: StreamBuilder.BuildVideoItem( Profile="VLC_COMPUTER", Path="/media/Manga/Trigun/Season 1/Trigun - S01E01 - The $$60,000,000,000.00 Man DVD.mkv", AudioStreamIndex=null, SubtitleStreamIndex=null ) => ( PlayMethod=DirectPlay, TranscodeReason=0 ) "media:/videos/itemId/stream.mkv?MediaSourceId=realMediaSourceId&Static=true&VideoCodec=hevc&AudioCodec=ac3&AudioStreamIndex=1&api_key={{keep:<token>}}&Tag=realTag"
[2022-05-24 19:18:51.132 +02:00] [INF] [30] Jellyfin.Api.Helpers.TranscodingJobHelper: "/usr/lib/jellyfin-ffmpeg/ffmpeg" "-fflags +genpts  -i file:\"/media/Manga/Trigun/Season 1/Trigun - S01E01 - The $$60,000,000,000.00 Man DVD.mkv\" -map 0:0 -map 0:1 -map -0:s -codec:v:0 copy -map_metadata -1 -map_chapters -1 -threads 0 -codec:a:0 copy -y \"/config/transcodes/c36f7b4378d28f59042f8fc62735a48c.mkv\""
""",
    ),
    (
        "https://github.com/CyferShepard/Jellystat/issues/133",
        ".txt",
        r"""2024-07-28 17:19:26.604 Info Server: http/1.1 Response 404 to 192.168.1.194. Time: 24ms. GET http://192.168.1.201:8096/web/assets/img/devices/android.svg

2024-07-28 17:19:26.603 Error Server: Error processing request
    *** Error Report ***
    Version: 4.8.8.0
    Command line: /system/EmbyServer.dll -programdata /config -ffdetect /bin/ffdetect -ffmpeg /bin/ffmpeg -ffprobe /bin/ffprobe -restartexitcode 3
    Operating system: Linux version 6.1.74-Unraid (root@Develop-612) (gcc (GCC) 12.2.0, GNU ld version 2.40-slack151) #1 SMP PREEMPT_DYNAMIC Fri Feb  2 11:06:32 PST 2024
    Framework: .NET 6.0.25
    OS/Process: x64/x64
    Runtime: system/System.Private.CoreLib.dll
    Processor count: 12
    Data path: /config
    Application path: /system
    System.IO.DirectoryNotFoundException: System.IO.DirectoryNotFoundException: Could not find a part of the path '/system/dashboard-ui/assets/img/devices/android.svg'.
""",
    ),
    # ---- Gitea ----------------------------------------------------------------------------------------
    (
        "https://github.com/go-gitea/gitea/issues/1309",
        ".txt",
        r"""2017/03/17 18:18:57 [T] Custom path: /home/[[user:ravik]]{{keep:/bin/custom}}
2017/03/17 18:18:57 [T] Log path: /home/[[user:ravik]]{{keep:/Code/gitea/log}}
2017/03/17 18:18:58 Serving [::]:3030 with pid 5156

remote: 2017/03/17 18:19:18 [W] Custom config 'custom/conf/app.ini' not found, ignore this if you're running first time
remote: Gitea: Hook pre-receive init failed
remote: setup: Failed to connect to database: Unknown database type: 
""",
    ),
    (
        "https://github.com/go-gitea/gitea/issues/5704",
        ".txt",
        r"""openssl rand 32 | base64 -w 0|base64 -d | wc -c
32
openssl rand -base64 32 | base64 -d |wc -c
32

2019/02/12 09:49:36 [...s/setting/setting.go:982 NewContext()] [E] Error saving generated JWT Secret to custom config: open /data/gitea/conf/app.ini: permission denied

LFS_JWT_SECRET   = [[secret:YXbJ1uVaXeTGVOt0U0yg43GgAq-DaLXWnnxdY43lzs5]]
""",
    ),
    (
        "https://github.com/go-gitea/gitea/issues/17953",
        ".txt",
        r"""docker run -d --rm --name gitea_test -e INSTALL_LOCK=true gitea/gitea:1.15.7
docker exec gitea_test cat /data/gitea/conf/app.ini | grep -A6 "\[security\]"

[security]
INSTALL_LOCK                  = true
SECRET_KEY                    =
REVERSE_PROXY_LIMIT           = 1
REVERSE_PROXY_TRUSTED_PROXIES = *
INTERNAL_TOKEN                = {{keep:<deleted>}}
""",
    ),
    (
        "https://github.com/go-gitea/gitea/issues/24498",
        ".txt",
        r"""...ers/web/auth/auth.go:206:SignInPost() [I] [645256b1] Failed authentication attempt for {{keep:**_user_**}} from {{keep:**_ip_**}}: user does not exist [uid: 2, name: {{keep:**_user_**}}, keyid: 0]

ers/web/auth/auth.go:206:SignInPost() [I] Failed authentication attempt for [[user:rbose]] from 10.1x.6x.x:57086: user does not exist [uid: 0, name: {{keep:xxxxx}}, keyid: 0]
""",
    ),
    (
        "https://github.com/crowdsecurity/hub/pull/838",
        ".txt",
        r"""pattern: "^%{GITEA_CUSTOMDATE:timestamp}.*?Failed authentication attempt for %{GITEA_CUSTOMUSER:username} from %{IP:remote_ip}:%{NUMBER:remote_port}.*?"

#line: 2023/10/05 16:48:46 ...ers/web/auth/auth.go:206:SignInPost() [I] Failed authentication attempt for [[user:farid]] from a.b.c.d:0: user's password is invalid [uid: 1, name: {{keep:xxxx}}]
""",
    ),
    # ---- Pi-hole and AdGuard Home ------------------------------------------------------------------
    (
        "https://github.com/pi-hole/pi-hole/issues/1843",
        ".txt",
        r"""**Debug token provided by [uploading `pihole -d` log](https://discourse.pi-hole.net/t/the-pihole-command-with-examples/738#debug):**

`[[secret:brvqe418ta]]`

[2017-12-13 14:02:44.633] Notice: Increasing clients struct size from 2050 to 2060 (472.57 KB)
""",
    ),
    (
        "https://github.com/bakito/adguardhome-sync/issues/757",
        ".txt",
        r"""# cron expression to run in daemon mode. (default; "" = runs only once)
cron: "*/1 * * * *"

# runs the synchronisation on startup
runOnStart: true

origin:
  # url of the origin instance
  url: http://10.10.20.200:85
  # apiPath: define an api path if other than "/control"
  insecureSkipVerify: true # disable tls check
  username: {{keep:admin}}
  password: {{keep:!Kixxxxxxxx5!}}

# replica instance (optional, if only one)
replica:
  # url of the replica instance
  url: https://10.10.20.199:8000
  insecureSkipVerify: true # disable tls check
  username: {{keep:admin}}
  password: {{keep:!Kixxxxxxxx5!}}
""",
    ),
    # ---- Immich and paperless-ngx --------------------------------------------------------------------
    (
        "https://github.com/immich-app/immich/issues/10193",
        ".txt",
        r"""DB_HOSTNAME=immich_postgres
DB_USERNAME=pg
DB_PASSWORD=[[secret:kv738]]
DB_DATABASE_NAME=immich

# Optional Database settings:
# DB_PORT=5432

REDIS_HOSTNAME=immich_redis

# REDIS_PORT=6379
# REDIS_DBINDEX=0
# REDIS_PASSWORD=
# REDIS_SOCKET=

UPLOAD_LOCATION=/mnt/spinach/immich

TYPESENSE_API_KEY={{keep:some-random-text}}
""",
    ),
    (
        "https://github.com/paperless-ngx/paperless-ngx/issues/9739",
        ".txt",
        r"""[2025-04-21 20:02:49,407] [DEBUG] [paperless_mail] Skipping mail preprocessor MailMessageDecryptor
[2025-04-21 20:02:49,408] [DEBUG] [paperless_mail] Processing mail account [[user:Omar]] icloud
[2025-04-21 20:02:50,377] [DEBUG] [paperless_mail] GMAIL Label Support: False
[2025-04-21 20:02:50,378] [DEBUG] [paperless_mail] AUTH=PLAIN Support: True
[2025-04-21 20:02:50,929] [DEBUG] [paperless_mail] Account {{keep:xxx}} icloud: Processing 1 rule(s)
[2025-04-21 20:02:50,933] [DEBUG] [paperless_mail] Rule {{keep:xxx}} icloud.{{keep:xxx}}: Selecting folder Rechnungen
""",
    ),
    (
        "https://github.com/paperless-ngx/paperless-ngx/issues/5427",
        ".txt",
        r"""[2024-01-16 14:50:00,006] [INFO] [celery.beat] Scheduler: Sending due task Check all e-mail accounts (paperless_mail.tasks.process_mail_accounts)
[2024-01-16 14:50:00,035] [INFO] [celery.worker.strategy] Task paperless_mail.tasks.process_mail_accounts[e4caeca7-0271-43ce-bbf9-d2576879f339] received
[2024-01-16 14:50:03,090] [ERROR] [paperless_mail] Rule [[user:Vostrapeka]].Global: Error while processing rule: UID command error: BAD [b'Command Error. 10']
Traceback (most recent call last):
  File "/usr/src/paperless/src/paperless_mail/mail.py", line 514, in handle_mail_account
    total_processed_files += self._handle_mail_rule(
                             ^^^^^^^^^^^^^^^^^^^^^^^
""",
    ),
    (
        "https://github.com/paperless-ngx/paperless-ngx/issues/1781",
        ".txt",
        r"""[2022-07-19 20:32:37,863] [DEBUG] [paperless_mail] Processing mail account [[email:🌵@🕓.to]]

[2022-07-19 20:34:48,951] [ERROR] [paperless_mail] Error while retrieving mailbox [[email:🌵@🕓.to]]: [Errno 110] Connection timed out

[2022-07-19 20:42:41,464] [DEBUG] [paperless_mail] Processing mail account [[email:🌵@🕓.to]]
""",
    ),
    (
        "https://github.com/paperless-ngx/paperless-ngx/issues/1471",
        ".txt",
        r"""IMAP server: imap.gmail.com
IMAP port: 993
Security: SSL
User name: {{keep:xxx.xxx@gmail.com}}

[2022-08-29 18:45:43,906] [DEBUG] [paperless_mail] Processing mail account {{keep:johndoe@gmail.com}}
[2022-08-29 18:45:54,069] [ERROR] [paperless_mail] Error while retrieving mailbox {{keep:johndoe@gmail.com}}: socket error: EOF
""",
    ),
    # ---- Nginx Proxy Manager and ddns-updater ----------------------------------------------------------
    (
        "https://github.com/NginxProxyManager/nginx-proxy-manager/issues/2787",
        ".txt",
        r"""[3/31/2023] [7:52:02 PM] [SSL      ] › ℹ  info      Requesting Let'sEncrypt certificates for Cert #2: proxy.tq.stonefield.it
[3/31/2023] [7:52:02 PM] [SSL      ] › ℹ  info      Command: certbot certonly --config "/etc/letsencrypt.ini" --work-dir "/tmp/letsencrypt-lib" --logs-dir "/tmp/letsencrypt-log" --cert-name "npm-2" --agree-tos --authenticator webroot --email "[[email:milan@brightcask.eu]]" --preferred-challenges "dns,http" --domains "proxy.tq.stonefield.it" 
[3/31/2023] [7:52:05 PM] [Nginx    ] › ⬤  debug     Deleting file: /data/nginx/temp/letsencrypt_2.conf
""",
    ),
    (
        "https://github.com/jlesage/docker-nginx-proxy-manager/issues/132",
        ".txt",
        r"""      Requesting Let'sEncrypt certificates for Cert #7: heimdall-dashboard.sparkfizz.tk 
      Reloading Nginx 
      Command failed: /usr/bin/certbot certonly --non-interactive --config "/etc/letsencrypt.ini" --cert-name "npm-7" --agree-tos --email "[[email:luisberrond.03@gmail.com]]" --preferred-challenges "dns,http" --domains "heimdall-dashboard.sparkfizz.tk" 
Saving debug log to /var/log/letsencrypt/letsencrypt.log 
Plugins selected: Authenticator webroot, Installer None 
Obtaining a new certificate 
Performing the following challenges: 
http-01 challenge for heimdall-dashboard.sparkfizz.tk 
Using the webroot path /config/letsencrypt-acme-challenge for all unmatched domains. 
Waiting for verification... 
Challenge failed for domain heimdall-dashboard.sparkfizz.tk 
""",
    ),
    (
        "https://github.com/jlesage/docker-nginx-proxy-manager/issues/184",
        ".txt",
        r"""Error: Command failed: /opt/certbot/bin/certbot certonly --non-interactive --config "/etc/letsencrypt.ini" --cert-name "npm-24" --agree-tos --email "{{keep:email@me.com}}" --preferred-challenges "dns,http" --domains "birdcams.dyndns.com" 
The following error was encountered:
[Errno 13] Permission denied: '/var/log/letsencrypt/letsencrypt.log'
Either run as root, or set --config-dir, --work-dir, and --logs-dir to writeable paths.

    at ChildProcess.exithandler (child_process.js:308:12)
    at ChildProcess.emit (events.js:314:20)
""",
    ),
    (
        "https://github.com/qdm12/ddns-updater/issues/239",
        ".txt",
        r"""2021-09-07 16:25:48 | stdout | 2021/09/07 16:25:48 INFO Shutdown successful
2021-09-07 16:25:48 | stdout | 2021/09/07 16:25:48 ERROR open /updater/data/updates.json: permission denied
2021-09-07 16:25:48 | stdout | 💰 Help me? https://www.paypal.me/qmcgaw https://github.com/sponsors/qdm12
2021-09-07 16:25:48 | stdout | 💻 Email? {{keep:quentin.mcgaw@gmail.com}}
2021-09-07 16:25:48 | stdout | ☕ Discussion? https://github.com/qdm12/ddns-updater/discussions/new
2021-09-07 16:25:48 | stdout | Running version latest built on 2021-08-25T00:28:52Z (commit 335c82b)
""",
    ),
]


_RAW_STOP87: list[tuple[str, str, str]] = [
    # ---- mutt and neomutt configs ------------------------------------------------------------
    (
        "https://github.com/LukeSmithxyz/mutt-wizard/pull/441",
        ".txt",
        r"""# vim: filetype=neomuttrc
# muttrc file for account [[user:dalv3]]
set realname = "[[user:dalv2]]"
set from = "[[email:dalv2@vxempire.xyz]]"
set sendmail = "msmtp -a [[user:dalv3]]"
alias me [[user:dalv2]] <[[email:dalv2@vxempire.xyz]]>
set folder = "imaps://[[email:dalv2@vxempire.xyz]]@vxempire.xyz:993"
set imap_user = "[[user:dalv2]]"
set header_cache = /home/[[user:dalv]]{{keep:/.cache/mutt-wizard/}}[[user:dalv3]]/headers
set message_cachedir = /home/[[user:dalv]]{{keep:/.cache/mutt-wizard/}}[[user:dalv3]]/bodies
set imap_pass = "`pass mutt-wizard-[[user:dalv3]]`"
""",
    ),
    (
        "https://github.com/SynoCommunity/spksrc/issues/5394",
        ".txt",
        r"""$ cat .mutt/muttrc
# ================  IMAP ====================
set imap_user = "{{keep:xxxx@mailbox.org}}"
set imap_pass = "{{keep:asdfghjklö}}"
set imap_idle = yes
set spoolfile = "imaps://imap.mailbox.org/INBOX"
set folder    = "imaps://imap.mailbox.org/INBOX"
# ================  SMTP  ====================
set smtp_url = "smtps://smtp.mailbox.org:465/"
set smtp_authenticators = "login"
set smtp_user = $imap_user
set smtp_pass = $imap_pass
set ssl_force_tls = yes # Require encrypted connection
set ssl_starttls = no
# ================  Composition  ====================
set editor = "nano"      # Set your favourite editor.
set edit_headers = yes  # See the headers when editing
set charset = UTF-8     # value of $LANG; also fallback for send_charset
# Sender, email address, and sign-off line must match
unset use_domain        # because {{keep:joe@localhost}} is just embarrassing
set realname = "{{keep:DiskStation 418Play}}"
set from = "{{keep:awsdfghjk@mailbox.org}}"
set use_from = yes
""",
    ),
    # ---- mbsync / isync ------------------------------------------------------------------------
    (
        "https://github.com/LukeSmithxyz/mutt-wizard/issues/643",
        ".txt",
        r"""[[[user:ivan]]@arch ~]$ mw -Y
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:26: unknown keyword 'IMAPStore'
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:27: unknown keyword 'Host'
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:28: unknown keyword 'Port'
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:29: unknown keyword 'User'
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:30: unknown keyword 'PassCmd'
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:31: unknown keyword 'AuthMechs'
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:32: unknown keyword 'SSLType'
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:33: unknown keyword 'CertificateFile'
/home/[[user:ivan]]{{keep:/.mbsyncrc}}:43: unknown store '[[email:pablitos-ruiz_2017@hotmail.com]]-remote'
channel '[[email:pablitos-ruiz_2017@hotmail.com]]' refers to no master store
""",
    ),
    (
        "https://github.com/djcb/mu/issues/2134",
        ".txt",
        r"""# ACCOUNT INFORMATION
IMAPAccount [[user:tanmay]]-disroot
# Address to connect to
Host disroot.org
User {{keep:something@disroot.org}}
PassCmd "pass acc"
AuthMechs LOGIN
SSLType IMAPS
SSLVersions TLSv1.2
# CertificateFile /etc/ssl/certs/ca-certificates.crt


IMAPStore [[user:tanmay]]-disroot-remote
Account [[user:tanmay]]-disroot


MaildirStore [[user:tanmay]]-disroot-local
Path ~/Maildir/[[user:tanmay]]-disroot/
Inbox ~/Maildir/[[user:tanmay]]-disroot/INBOX


Channel [[user:tanmay]]-disroot
""",
    ),
    # ---- msmtp ------------------------------------------------------------------------------------
    (
        "https://github.com/marlam/msmtp/issues/71",
        ".txt",
        r"""msmtp: /etc/msmtprc: line 14: account {{keep:xxxx@xxxx.com}} not (yet) defined

defaults
port 465
tls on
tls_starttls on
tls_trust_file /etc/ssl/certs/ca-certificates.crt

account {{keep:xxxx@xxxx.com}}
host mail.tiersigma.com
from {{keep:xxxx@xxxx.com}}
auth on
logfile /var/log/msmtp
user {{keep:xxxx@xxxx.com}}
password [[secret:KtRaWvemiLpqUe,38,-"]]
account default: {{keep:xxxx@xxxx.com}}
aliases /etc/aliases
""",
    ),
    (
        "https://github.com/msys2/MINGW-packages/issues/22357",
        ".txt",
        r"""C:\msys64\home\[[user:aleks]]{{keep:\.msmtprc}}
defaults
auth    plain

account i2p
tls     off
host    127.0.0.1
port    7659
from    [[email:aleksbodrovich@mail.i2p]]
user    [[user:aleksbodrovich]]
password {{keep:(my password)}}
tls_starttls    off

account default : i2p

msmtp.exe: account default not found: no configuration file available
""",
    ),
    (
        "https://github.com/jekhokie/raspberry-noaa-v2/issues/125",
        ".txt",
        r"""feb 16 22:05:31 host=smtp.gmail.com tls=on auth=on user=[[user:leonardorizzo]] from=[[email:leonardorizzo@gmail.com]] recipients=[[email:leonardorizzo@gmail.com]] errormsg='the server sent an empty reply' exitcode=EX_PROTOCOL
feb 16 22:08:49 host=smtp.gmail.com tls=on auth=on user=[[user:leonardorizzo]] from=[[email:leonardorizzo@gmail.com]] recipients=[[email:leonardorizzo@gmail.com]] smtpstatus=535 smtpmsg='535-5.7.8 Username and Password not accepted. Learn more at\n535 5.7.8  https://support.google.com/mail/?p=BadCredentials y29sm3209301edl.91 - gsmtp' errormsg='authentication failed (method PLAIN)' exitcode=EX_NOPERM
feb 16 22:10:25 host=smtp.gmail.com tls=on auth=on user=[[user:leonardo rizzo]] from=[[email:leonardorizzo@gmail.com]] recipients=[[email:leonardorizzo@gmail.com]] smtpstatus=535 smtpmsg='535-5.7.8 Username and Password not accepted. Learn more at\n535 5.7.8  https://support.google.com/mail/?p=BadCredentials a11sm4878482ejt.112 - gsmtp' errormsg='authentication failed (method PLAIN)' exitcode=EX_NOPERM
""",
    ),
    (
        "https://github.com/LukeSmithxyz/mutt-wizard/issues/667",
        ".txt",
        r"""account {{keep:user@protonmail.ch}}
host 127.0.0.1
port 1025
from {{keep:user@protonmail.ch}}
user {{keep:user@protonmail.ch}}
passwordeval "pass {{keep:user@protonmail.ch}}"
auth login
tls_fingerprint {{keep:A8:52:4B:51:B4:A5:7A:EF:8F:99:39:B5:E6:1B:43:67:21:F7:79:7F:AA:D8:3A:8D:22:23:3E:29:1E:E5:91:44}}
tls_trust_file	/etc/ssl/certs/ca-certificates.crt
logfile /home/[[user:jonas]]{{keep:/.config/msmtp/msmtp.log}}
""",
    ),
    # ---- offlineimap ------------------------------------------------------------------------------
    (
        "https://github.com/OfflineIMAP/offlineimap/issues/383",
        ".txt",
        r"""[general]
accounts = Gmail
maxsyncaccounts = 1
# pythonfile = ~/.offlineimap.py
ui=TTYUI

[Account Gmail]
localrepository = GmailLocal
remoterepository = GmailRemote
status_backend = sqlite
autorefresh = 5

[Repository GmailLocal]
ntype = Maildir
localfolders = ~/Maildir/Gmail

[Repository GmailRemote]
type = IMAP
remotehost = imap.gmail.com
remoteuser = [[email:pbrine512@gmail.com]]
remotepass = {{keep:blablabla}}
# remotepasseval = get_password_emacs("imap.gmail.com", "[[email:pbrine514@gmail.com]]", "993")
ssl = yes
maxconnections = 3
realdelete = no

sslcacertfile = /usr/local/etc/openssl/cert.pem
""",
    ),
    (
        "https://github.com/OfflineIMAP/offlineimap/issues/481",
        ".txt",
        r"""[general]
pythonfile = ~/.offlineimap.py
accounts = Apple

[Account Apple]
localrepository = Local
remoterepository = Remote
proxy = SOCKS5:127.0.0.1:9050
autorefresh = 30
postsynchook = /opt/local/bin/notmuch new

[Repository Local]
type = Maildir
localfolders = ~/Mail

[Repository Remote]
type = IMAP
remotehost = imap.mail.me.com
remoteuser = [[user:k7wx]]
remotepasseval = get_keychain_pass(account="[[user:k7wx]]", server="imap.mail.me.com")
ssl = yes
sslcacertfile = /opt/local/share/curl/curl-ca-bundle.crt
idlefolders = ['INBOX', 'Junk']
""",
    ),
    (
        "https://github.com/OfflineIMAP/offlineimap/issues/175",
        ".txt",
        r"""def username():
   db = MySQLdb.connect(host="localhost", # your host, usually localhost
                     user="{{keep:root}}", # your username
                      passwd="[[secret:2738841]]", # your password
                      db="database") # name of the data base

[Repository Remote2]
type = IMAP
remotehost = imap.gmail.com
remoteuser = [[email:rj47@gmail.com]]
remotepasseval = username()
ssl = yes
sslcacertfile = /etc/ssl/certs/ca-certificates.crt
maxconnections = 3

realdelete = no

*** Finished account 'GMail1' in 0:15
ERROR: Exceptions occurred during the run!
ERROR: All authentication types failed:
        PLAIN: [AUTHENTICATIONFAILED] Invalid credentials (Failure)
        LOGIN: [AUTHENTICATIONFAILED] Invalid credentials (Failure)
""",
    ),
    # ---- himalaya, aerc, fdm --------------------------------------------------------------------
    (
        "https://github.com/pimalaya/himalaya/issues/72",
        ".txt",
        r"""❯ himalaya
Cannot login to IMAP server
 ↳ No Response: Empty username or password.

name = "[[user:Bastien Marcoux]]"
downloads-dir = "~/himalaya"
signature = "Regards,"


[gmail]
default = true
email = "[[email:plumetis@gmail.com]]"

imap-host = "imap.gmail.com"
imap-port = 993
imap-login = "[[email:plumetis@gmail.com]]"
imap-passwd-cmd = ""

smtp-host = "smtp.gmail.com"
smtp-port = 487
smtp-login = "[[email:plumetis@gmail.com]]"
smtp-passwd-cmd = ""
""",
    ),
    (
        "https://github.com/pimalaya/himalaya/issues/175",
        ".txt",
        r'''name = "{{keep:my name}}"
downloads-dir = "/Users/{{keep:name}}/Downloads"
signature = """
--
Regards,
"""

[gmail]
default = true
email = "{{keep:myemail@gmail.com}}"

imap-host = "imap.gmail.com"
imap-port = 993
imap-login = "{{keep:myemail@gmail.com}}"
imap-passwd-cmd = "{{keep:mypassword}}"

smtp-host = "smtp.gmail.com"
smtp-port = 465
smtp-login = "{{keep:myemail@gmail.com}}"
smtp-passwd-cmd = "{{keep:mypassword}}"

Could not login to IMAP server
 ↳ No Response: Empty username or password. j5mb120609005wru
''',
    ),
    (
        "https://github.com/ddevault/aerc/issues/8",
        ".txt",
        r"""Connection failed: Servname not supported for ai_socktype

[Hotmail]
source=imaps://{{keep:myemailaddress@hotmail.com}}[:{{keep:mypassword}}]@imap-mail.outlook.com[:993]

    source=imaps://{{keep:myemailaddress%40hotmail.com}}:{{keep:p%40ssword}}@imap-mail.outlook.com
""",
    ),
    (
        "https://github.com/nicm/fdm/issues/30",
        ".txt",
        r"""$ fdm -k -vvvv fetch
version is: fdm 1.7, started at: Sat Jan  7 17:33:32 2017
running on: Linux 4.4.0-57-generic #78-Ubuntu SMP Fri Dec 9 23:50:32 UTC 2016 x86_64
host is: Inspiron localhost 127.0.0.1
home is: /home/[[user:linwz]]
loading configuration from /home/[[user:linwz]]{{keep:/.fdm.conf}}
added action "inbox": deliver=0:mbox "%h/mail/INBOX" 
added account "{{keep:xx@xx}}": fetch=imaps server "imap.exmail.qq.com" port 993 user "{{keep:xx@xx}}" folders "INBOX"
added rule 0: matches=all actions="inbox"
configuration loaded
locking using: flock 
options are: keep-all, verify-certificates, maximum-size=33554432, timeout=900, default-user="[[user:linwz]]", command-user="[[user:linwz]]", file-umask=077, queue-high=2, queue-low=1, strip-characters="\<>$%^&*|{}[]"'`;"
using tmp directory: /tmp
parent: 3 file descriptors in use
parent: started, pid is 28161
parent: 0 children, 0 dead children
parent: child 28162 ({{keep:xx@xx}}) started
{{keep:xx@xx}}: 4 file descriptors in use
{{keep:xx@xx}}: fetch started, pid 28162
{{keep:xx@xx}}: user is 1000
""",
    ),
    # ---- git send-email --------------------------------------------------------------------------
    (
        "https://github.com/haikuports/haikuports/issues/69",
        ".txt",
        r"""/Data/code/mesa> git send-email --to {{keep:mesa-dev@***}} --cc {{keep:mesa-stable@***}} origin
/tmp/QOXrqcURvS/0001-Haiku-Add-in-public-GL-kit-headers.patch
The following files are 8bit, but do not declare a Content-Transfer-Encoding.
    /tmp/QOXrqcURvS/0001-Haiku-Add-in-public-GL-kit-headers.patch
Which 8bit encoding should I declare [UTF-8]? 
(mbox) Adding cc: [[user:Sebastian van Dorne IV]] <[[user:morrigan3]]@***> from line 'From: [[user:Sebastian van Dorne IV]] <[[user:morrigan3]]@***>'

From: [[user:Sebastian van Dorne IV]] <[[user:morrigan3]]@***>
To: {{keep:mesa-dev@***}}
Cc: {{keep:mesa-stable@***}},
        [[user:Sebastian van Dorne IV]] <[[user:morrigan3]]@***>
Subject: [PATCH] Haiku: Add in public GL kit headers
Date: Sat, 14 Dec 2013 11:53:31 -0600
Message-Id: <1387043611-7391-1-git-send-email-[[user:morrigan3]]@***>
X-Mailer: git-send-email 1.8.3.4
MIME-Version: 1.0
Content-Type: text/plain; charset=UTF-8
Content-Transfer-Encoding: 8bit
""",
    ),
    (
        "https://github.com/gopasspw/git-credential-gopass/issues/73",
        ".txt",
        r"""[sendemail]
	smtpserver = example.com
	smtpuser = {{keep:user@example.com}}
	smtpencryption = ssl
	smtpserverport = 465

[credential "smtp://example.com:465"]
	username = {{keep:user@example.com}}
	helper = gopass -o mail/example_email

git send-email --to="{{keep:test@example.com}}" HEAD^

Password for 'smtp://{{keep:user@example.com}}@example.com:465'
""",
    ),
    # ---- SMTP dialogues ---------------------------------------------------------------------------
    (
        "https://github.com/Foundry376/Mailspring/issues/768",
        ".txt",
        r"""---------SMTP----------
220 mail.hostinprovider.com ESMTP Speedbone Mailservice
EHLO soldberg
250-mail.hostinprovider.com
250-PIPELINING
250-SIZE 71303168
250-VRFY
250-ETRN
250-AUTH PLAIN LOGIN CRAM-MD5
250-AUTH=PLAIN LOGIN CRAM-MD5
250-ENHANCEDSTATUSCODES
250 8BITMIME
AUTH CRAM-MD5
334 {{keep:PDQ1OTUxMTI1MjQzMTIwOTguMTUyMTQ1NDI0OEBtYWlsMDE+}}
[[secret:dG9tQGhvbGxlcnMuYml6IDhlNDFhMDdiZDUyYzlmMzA2NGUxYjdhOWMyMGQ1OGYz]]
235 2.7.0 Authentication successful
MAIL FROM:<{{keep:xx@xxxxxx.com}}>
250 2.1.0 Ok
RCPT TO:<{{keep:email@invalid.com}}>
577 5.1.1 <{{keep:email@invalid.com}}>: Recipient address rejected: undeliverable address: host gw-mail4.jodoshared.com[173.0.129.9] said: 550 sorry, no mailbox here by that name (#5.1.1) (in reply to RCPT TO command)

SMTP Last Response Code: 577
""",
    ),
    (
        "https://github.com/corecode/dma/issues/50",
        ".txt",
        r"""dma: trying delivery
dma: using smarthost (mail.tvralke.de:587)
dma: trying remote delivery to mail.tvralke.de [2a01:4f8:71:2000:61b3:4ace:0:1] pref 0
dma: SSL initialization successful
dma: using SMTP authentication for user [[email:koto.home.tvralke.de@tvralke.de]]
dma: smarthost authentication: AUTH cram-md5 not available: 535 5.7.8 Error: authentication failed: Invalid authentication mechanism
dma: remote delivery deferred: AUTH login not available: 535 5.7.8 Error: authentication failed: Invalid authentication mechanism
dma: SMTP login not available. Trying without.
""",
    ),
    (
        "https://github.com/curl/curl/issues/4080",
        ".txt",
        r"""curl smtp://smtp.world4you.com --user "{{keep:username}}:{{keep:password}}" -v --login-options
 AUTH=PLAIN
* Rebuilt URL to: smtp://smtp.world4you.com/
*   Trying 81.19.149.200...
* TCP_NODELAY set
* Connected to smtp.world4you.com (81.19.149.200) port 25 (#0)
< 220 mx01lb.world4you.com ESMTP Exim 4.92 Wed, 26 Jun 2019 13:42:29 +0200
> EHLO DESKTOP-E0U2VS3
< 250-mx01lb.world4you.com Hello DESKTOP-E0U2VS3 [198.51.100.37]
< 250-SIZE 157286400
< 250-8BITMIME
< 250-PIPELINING
< 250-AUTH PLAIN LOGIN
< 250-CHUNKING
< 250-STARTTLS
< 250 HELP
> AUTH PLAIN
< 535 Incorrect authentication data
* Closing connection 0
curl: (67) Login denied
""",
    ),
    # ---- IMAP client logs -------------------------------------------------------------------------
    (
        "https://github.com/linagora/openpaas-esn/issues/61",
        ".txt",
        r"""[11004:Main Thread]: I/IMAP 25B54000:mail.example.com:NA:SetupWithUrlCallback: clearing IMAP_CONNECTION_IS_OPEN
[11004:Unnamed thread 24C68820]: I/IMAP 25B54000:mail.example.com:NA:ProcessCurrentURL: entering
[11004:Unnamed thread 24C68820]: I/IMAP 25B54000:mail.example.com:NA:ProcessCurrentURL:imap://[[user:jorimvelas]]%40example%2Ecom@mail.example.com:993/select%3E.INBOX:  = currentUrl
[11004:Unnamed thread 24C68820]: I/IMAP 25B54000:mail.example.com:NA:CreateNewLineFromSocket: * OK JAMES IMAP4rev1 Server  Server mail.sorrento.systems is ready.
[11004:Unnamed thread 24C68820]: I/IMAP 25B54000:mail.example.com:NA:SendData: 1 capability
[11004:Unnamed thread 24C68820]: I/IMAP 25B54000:mail.example.com:NA:CreateNewLineFromSocket: * CAPABILITY NAMESPACE QUOTA IMAP4rev1 QRESYNC UNSELECT WITHIN SASL-IR ENABLE SEARCHRES UIDPLUS CHILDREN AUTH=PLAIN LITERAL+ ANNOTATION ESEARCH IDLE I18NLEVEL=1
[11004:Unnamed thread 24C68820]: I/IMAP 25B54000:mail.example.com:NA:CreateNewLineFromSocket: 1 OK CAPABILITY completed.
[11004:Unnamed thread 24C68820]: I/IMAP 25B54000:mail.example.com:NA:SendData: 2 authenticate PLAIN
[11004:Unnamed thread 24C68820]: I/IMAP 25B54000:mail.example.com:NA:CreateNewLineFromSocket: + 
""",
    ),
    (
        "https://github.com/the-djmaze/snappymail/issues/1515",
        ".txt",
        r"""2024-03-28 10:28:10.307508 UTC - [Parent 474262: Main Thread]: I/IMAP check for auth'd:imap://{{keep:user@example.org}}:993/discoverallboxes
2024-03-28 10:28:10.307877 UTC - [Parent 474262: IMAP]: D/IMAP ImapThreadMainLoop entering [this=7f9fdc166b00]
2024-03-28 10:28:10.308035 UTC - [Parent 474262: Main Thread]: I/IMAP check for auth'd:imap://{{keep:user@example.org}}:993/select>.INBOX
2024-03-28 10:28:10.308038 UTC - [Parent 474262: Main Thread]: I/IMAP no auth, cnt 1 & no TLS error - q URL:imap://{{keep:user@example.org}}:993/select>.INBOX
2024-03-28 10:28:10.308039 UTC - [Parent 474262: Main Thread]: I/IMAP queuing url:imap://{{keep:user@example.org}}:993/select>.INBOX
2024-03-28 10:28:10.457327 UTC - [Parent 474262: Main Thread]: I/IMAP 7f9fdc166b00:example.org:NA:SetupWithUrlCallback: clearing IMAP_CONNECTION_IS_OPEN
2024-03-28 10:28:10.457364 UTC - [Parent 474262: Main Thread]: I/IMAP 7f9fdc166b00:example.org:NA:SetupSinkProxy: got m_imapMailFolderSink
""",
    ),
    (
        "https://github.com/imapsync/imapsync/issues/60",
        ".txt",
        r"""$ imapsync --host1 mail.server1.com --user1 '{{keep:user@my-domain.com}}' --password1 '{{keep:12345}}' --host2 mail.server2.com --user2 '{{keep:user@my-domain.com}}' --password2 '{{keep:12345}}' --ssl1 --ssl2 --debug --debugimap

get options: [1]
date_str: 2016_03_07_08_00_03
logfile : LOG_imapsync/2016_03_07_08_00_03_{{keep:user@my-domain.com}}.txt
Transfer started at Mon Mar  7 08:00:03 2016
PID is 1
Here is a [linux] system (Linux 046f570cbfcb 3.13.0-79-generic #123-Ubuntu SMP Fri Feb 19 14:27:58 UTC 2016 x86_64)
With perl 5.22.1 Mail::IMAPClient  3.38
Command line used:
/usr/bin/imapsync --host1 mail.server1.com --user1 '{{keep:user@my-domain.com}}' --password1 {{keep:MASKED}} --host2 mail.server2.com --user2 '{{keep:user@my-domain.com}}' --password2 {{keep:MASKED}} --ssl1 --ssl2 --debug --debugimap
Temp directory is /tmp  ( to change it use --tmpdir dirpath )
""",
    ),
    # ---- Postfix and Dovecot logs -----------------------------------------------------------------
    (
        "https://github.com/naspeh/mailur/issues/20",
        ".txt",
        r"""Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: passwd-file({{keep:root}},::1,master,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): lookup: user={{keep:root}} file=/etc/dovecot/passwd.masters
Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: passwd-file({{keep:root}},::1,master,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Finished passdb lookup
Sep 21 09:58:35 webmail dovecot[11908]: auth: Master user logging in as [[user:dario]]
Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: auth([[user:dario]],::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Auth request finished
Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: client passdb out: OK#0111#011user=[[user:dario]]#011original_user={{keep:root}}#011auth_user={{keep:root}}
Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: auth client connected (pid=19607)
Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: passwd-file([[user:dario]],::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Performing userdb lookup
Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: passwd-file([[user:dario]],::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): lookup: user=[[user:dario]] file=/etc/dovecot/passwd.users
Sep 21 09:58:35 webmail dovecot[11908]: auth: Debug: passwd-file([[user:dario]],::1,<9DjlcH7M6MoAAAAAAAAAAAAAAAAAAAAB>): Finished userdb lookup
""",
    ),
    (
        "https://github.com/crowdsecurity/hub/issues/1159",
        ".txt",
        r"""Nov 14 09:08:30 mail postfix/smtpd[2382177]: warning: a89-153-62-100.cpe.netcabo.pt[89.153.62.100]: SASL LOGIN authentication failed: {{keep:UGFzc3dvcmQ6}}
Nov 14 09:08:38 mail postfix/smtpd[2380154]: warning: unknown[1.228.168.90]: SASL LOGIN authentication failed: {{keep:UGFzc3dvcmQ6}}
Nov 14 09:08:41 mail postfix/smtpd[2380700]: warning: unknown[42.180.162.34]: SASL LOGIN authentication failed: {{keep:UGFzc3dvcmQ6}}
Nov 14 09:09:01 mail postfix/smtpd[2382180]: warning: unknown[103.81.172.82]: SASL LOGIN authentication failed: {{keep:UGFzc3dvcmQ6}}
Nov 14 09:09:02 mail postfix/smtpd[2382177]: warning: unknown[39.152.64.57]: SASL LOGIN authentication failed: {{keep:UGFzc3dvcmQ6}}
""",
    ),
]


# The stop-89 collection (batch 89, collected at stop 52 under scrubber 1.37.0, main at f3d4ef2):
# excerpts of public threads of a source no batch took yet, game launchers' and mod loaders' logs
# and crash reports as people paste them (Forge's ModLauncher arguments and FML logs, Fabric and
# Minecraft crash reports with player names, MultiMC's and Prism Launcher's instance logs, the FTB
# app's and ATLauncher's logs, Heroic's and Lutris' launch logs, Bottles' tracebacks, RetroArch's
# verbose log, a Steam Deck's Heroic launch command).
_RAW_STOP89: list[tuple[str, str, str]] = [
    # ---- Forge: ModLauncher's arguments and the FML log ---------------------------------------
    (
        "https://github.com/Retro64Mod/Retro64Mod.github.io/issues/142",
        ".txt",
        r"""[05Aug2022 15:19:24.438] [main/INFO] [cpw.mods.modlauncher.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, [[user:Crumblerthethird]], --version, 1.18.2-forge-40.1.69, --gameDir, C:\Users\[[user:tmvex]]{{keep:\AppData\Roaming\.minecraft}}, --assetsDir, C:\Users\[[user:tmvex]]{{keep:\AppData\Roaming\.minecraft\assets}}, --assetIndex, 1.18, --uuid, 3f1c07a2d95b4e8e9a6b21c4d07e5f98, --accessToken, {{keep:????????}}, --clientId, ZTQxYjc2OTItMzM4Yy00ZDFlLWI5ZjAtN2E1YzMyMDhkOWMx, --xuid, 2535461203984417, --userType, msa, --versionType, release, --launchTarget, forgeclient, --fml.forgeVersion, 40.1.69, --fml.mcVersion, 1.18.2, --fml.forgeGroup, net.minecraftforge, --fml.mcpVersion, 20220404.173914]
[05Aug2022 15:19:24.448] [main/INFO] [cpw.mods.modlauncher.Launcher/MODLAUNCHER]: ModLauncher 9.1.3+9.1.3+main.9b69c82a starting: java version 17.0.1 by Microsoft
[05Aug2022 15:19:24.602] [main/INFO] [mixin/]: SpongePowered MIXIN Subsystem Version=0.8.5 Source=union:/C:/Users/[[user:tmvex]]{{keep:/AppData/Roaming/.minecraft/libraries/org/spongepowered/mixin/0.8.5/mixin-0.8.5.jar%2314!/}} Service=ModLauncher Env=CLIENT
""",
    ),
    (
        "https://github.com/microsoft/openjdk/issues/552",
        ".txt",
        r"""21:20:00.305
launcher
main
Version does not support log configuration, will assume one plaintext entry per line
21:20:03.900
game
2023-08-24 21:20:03,885 main WARN Advanced terminal features are not available in this environment
21:20:04.146
game
[21:20:04] [main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher running: args [--username, [[user:vrelt]], --version, 1.19.2-forge-43.2.0, --gameDir, C:\Users\{{keep:*}}\AppData\Roaming\.minecraft, --assetsDir, C:\Users\{{keep:*}}\AppData\Roaming\.minecraft\assets, --assetIndex, 1.19, --uuid, 9a4d2e71c08b4f3c8d5e6a1b27f90c43, --accessToken, {{keep:????????}}, --clientId, YjA3ZTQ1ZDItOGMxYS00NjBmLTkzZDctMmU4NWI2ZjEwYzNh, --xuid, 2535419837260518, --userType, msa, --versionType, release, --launchTarget, forgeclient, --fml.forgeVersion, 43.2.0, --fml.mcVersion, 1.19.2, --fml.forgeGroup, net.minecraftforge, --fml.mcpVersion, 20220805.130853]
21:20:04.154
game
[21:20:04] [main/INFO] [cp.mo.mo.Launcher/MODLAUNCHER]: ModLauncher 10.0.8+10.0.8+main.0ef7e830 starting: java version 17.0.3 by Microsoft; OS Windows 10 arch amd64 version 10.0
""",
    ),
    (
        "https://github.com/chocopie69/Minecraft-Modifications-Sources/issues/1",
        ".txt",
        r"""[17:50:13] [Client thread/INFO]: Setting user: {{keep:Player419}}
[17:50:13] [Client thread/INFO]: (Session ID is {{keep:token:0:Player419}})
Exception in thread "Client thread" java.lang.NullPointerException
	at net.minecraft.crash.CrashReport.populateEnvironment(CrashReport.java:145)
	at net.minecraft.crash.CrashReport.<init>(CrashReport.java:54)
	at net.minecraft.crash.CrashReport.makeCrashReport(CrashReport.java:418)
	at net.minecraft.client.Minecraft.run(Minecraft.java:439)
	at net.minecraft.client.main.Main.main(Main.java:113)
	at Start.main(Start.java:11)
[17:50:14] [Client Shutdown Thread/INFO]: Stopping server
""",
    ),
    (
        "https://github.com/MinecraftForge/MinecraftForge/issues/261",
        ".txt",
        r"""------------------- FML Log --------------------
2012-11-17 23:24:33 [INFO] [ForgeModLoader] Forge Mod Loader version 4.5.3.446 for Minecraft 1.4.5 loading
2012-11-17 23:24:33 [FINEST] [ForgeModLoader] All core mods are successfully located
2012-11-17 23:24:33 [FINEST] [ForgeModLoader] Found library file argo-2.25.jar present and correct in lib dir
2012-11-17 23:24:34 [FINEST] [ForgeModLoader] Coremod plugin FMLForgePlugin run successfully
2012-11-17 23:24:34 [FINEST] [ForgeModLoader] Minecraft validated, launching...
2012-11-17 23:24:36 [INFO] [STDOUT] 27 achievements
2012-11-17 23:24:37 [INFO] [STDOUT] 208 recipes
2012-11-17 23:24:37 [INFO] [STDOUT] Setting user: [[user:XxbrauweilerxX]], 
2012-11-17 23:24:37 [INFO] [STDOUT] LWJGL Version: 2.4.2
""",
    ),
    # ---- Fabric and Minecraft crash reports naming players -----------------------------------
    (
        "https://github.com/FabricMC/fabric-loader/issues/570",
        ".txt",
        r"""-- Head --
Thread: Render thread
Stacktrace:
	at net.fabricmc.loader.impl.launch.knot.KnotClassDelegate.getPostMixinClassByteArray(KnotClassDelegate.java:234)
	at net.minecraft.class_761.method_3269(class_761.java:3415)

-- Affected level --
Details:
	All players: 1 total; [class_746['[[user:Moonlight_Owl538]]'/91, l='ClientLevel', x=-386.61, y=65.00, z=-214.80]]
	Chunk stats: 121, 25
	Level dimension: minecraft:overworld
	Level time: 10535 game time, 10535 day time
	Server brand: fabric
	Server type: Integrated singleplayer server
""",
    ),
    (
        "https://github.com/ExterminatorJeff/UndergroundBiomes/issues/15",
        ".txt",
        r"""-- System Details --
Details:
    Minecraft Version: 1.7.10
    Player Count: 2 / 20; [EntityPlayerMP['[[user:Morvena]]'/57228, l='world', x=3654,38, y=63,00, z=5073,34], EntityPlayerMP['[[user:Kivinen]]'/70037, l='world', x=3760,05, y=93,50, z=4995,16]]
    Is Modded: Definitely; Server brand changed to 'fml,forge'
    Type: Dedicated Server (map_server.txt)
""",
    ),
    (
        "https://github.com/CozyCord/homestead/issues/152",
        ".txt",
        r"""-- Entity being ticked --
Details:
	Entity Type: minecraft:player (net.minecraft.class_746)
	Entity ID: 224
	Entity Name: [[user:Tamarind]]
	Entity's Exact location: -1.50, 64.00, 9.50
	Entity's Block location: World: (-2,64,9), Section: (at 14,0,9 in -1,4,0; chunk contains blocks -16,-64,0 to -1,319,15)
	Entity's Momentum: 0.00, 0.00, 0.00
	Entity's Passengers: []
	Entity's Vehicle: null
	Entity NBT: {AbsorptionAmount:0.0f,Air:300s,DataVersion:3465,DeathTime:0s,EnderItems:[],Health:20.0f,Pos:[-1.5d,64.0d,9.5d],UUID:[I;1730514822,-271936455,-1844075103,-957310268],XpLevel:0}
""",
    ),
    # ---- MultiMC and Prism Launcher -----------------------------------------------------------
    (
        "https://github.com/MultiMC/Launcher/issues/1136",
        ".txt",
        r"""    0.109 D MultiMC 5, (c) 2013-2015 MultiMC Contributors
    0.109 D Version                    :  "0.4.7"
    0.109 D Git commit                 :  "678c4793f9a7758b50b78b20208685298986dbd3"
    0.109 D Work dir before adjustment :  "C:/Users/[[user:Leopoldo]]{{keep:/Desktop/mmc/MultiMC}}"
    0.109 D Work dir after adjustment  :  "C:/Users/[[user:Leopoldo]]{{keep:/Desktop/mmc/MultiMC}}"
    0.109 D Adjusted by                :  "Command line C:/Users/[[user:Leopoldo]]{{keep:/Desktop/mmc/MultiMC}}"
    0.109 D Binary path                :  "C:/Users/[[user:Leopoldo]]{{keep:/Desktop/mmc/MultiMC}}"
    0.234 D Detected default console font: "Courier" , substitutions: ""
    0.234 D FTB Launcher paths: "C:/Users/[[user:Leopoldo]]{{keep:/AppData/Roaming/ftblauncher}}" and "C:/Users/[[user:Leopoldo]]{{keep:/AppData/Local/ftblauncher}}"
    0.249 D Your language is "en"
    0.889 D Instance path              :  "instances"
    0.889 D Loading Instances...
    0.904 D Loading MultiMC instance from  "instances/ mc.pyrostasis.com"
    0.920 D Loaded instance  "mc.pyrostasis.com"  from  "C:/Users/[[user:Leopoldo]]{{keep:/Desktop/mmc/MultiMC/instances/ mc.pyrostasis.com}}"
""",
    ),
    (
        "https://github.com/MultiMC/Launcher/issues/847",
        ".txt",
        r"""MultiMC version: 0.4.5

Minecraft folder is:
C:/Users/[[user:malco_000]]{{keep:/AppData/Roaming/.minecraft/MMC/instances/( ͡° ͜ʖ ͡°)/minecraft}}

Java path is:
C:/Program Files/Java/jre1.8.0_31/bin/javaw.exe

Java Arguments:
[-XX:HeapDumpPath=MojangTricksIntelDriversForPerformance_javaw.exe_minecraft.exe.heapdump, -Xms512m, -Xmx1024m, -Duser.language=en, -jar, C:/Users/[[user:malco_000]]{{keep:/AppData/Roaming/.minecraft/MMC/jars/NewLaunch.jar}}]

Using onesix launcher.

Main Class:
  net.minecraft.launchwrapper.Launch

Native path:
  C:/Users/[[user:malco_000]]{{keep:/AppData/Roaming/.minecraft/MMC/instances/( ?° ?? ?°)/natives}}
""",
    ),
    (
        "https://github.com/MultiMC/Launcher/issues/4548",
        ".txt",
        r"""MultiMC version: 0.6.14-3001

Launched instance in online mode

authserver.mojang.com resolves to:
    [52.85.141.71]

session.minecraft.net resolves to:
    [52.205.99.166, 3.224.239.34, 3.211.39.224]

Minecraft folder is:
C:/Users/{{keep:[username]}}/MultiMC/instances/1.17.1/.minecraft

Java path is:
C:/Program Files (x86)/Common Files/Oracle/Java/javapath/javaw.exe

Checking Java version...
Java is version 1.8.0_321, using 64-bit architecture, from Oracle Corporation.

Main Class:
  net.minecraft.client.main.Main

Native path:
  C:/Users/{{keep:[username]}}/MultiMC/instances/1.17.1/natives

Libraries:
  C:/Users/{{keep:[username]}}/MultiMC/libraries/org/lwjgl/lwjgl-glfw/3.2.2/lwjgl-glfw-3.2.2.jar
  C:/Users/{{keep:[username]}}/MultiMC/libraries/org/lwjgl/lwjgl-jemalloc/3.2.2/lwjgl-jemalloc-3.2.2.jar
""",
    ),
    (
        "https://github.com/MultiMC/Launcher/issues/4685",
        ".txt",
        r"""MultiMC version: 0.6.15-3247

Launched instance in online mode

api.mojang.com resolves to:
    [99.86.102.79, 99.86.102.73, 99.86.102.59, 99.86.102.111]

Minecraft folder is:
{{keep:C:/MultiMC/instances/1.18.2/.minecraft}}

Java path is:
C:/Program Files/Java/jre1.8.0_333/bin/javaw.exe

Checking Java version...
Java is version 1.8.0_333, using 64-bit architecture, from Oracle Corporation.

Main Class:
  net.minecraft.client.main.Main

Native path:
  {{keep:C:/MultiMC/instances/1.18.2/natives}}
""",
    ),
    (
        "https://github.com/MultiMC/Launcher/issues/5093",
        ".txt",
        r"""Libraries:
  /home/[[user:ewan]]{{keep:/.local/share/multimc/libraries/org/lwjgl/lwjgl-glfw/3.2.2/lwjgl-glfw-3.2.2.jar}}
  /home/[[user:ewan]]{{keep:/.local/share/multimc/libraries/org/lwjgl/lwjgl-jemalloc/3.2.2/lwjgl-jemalloc-3.2.2.jar}}
  /home/[[user:ewan]]{{keep:/.local/share/multimc/libraries/org/lwjgl/lwjgl-openal/3.2.2/lwjgl-openal-3.2.2.jar}}
  /home/[[user:ewan]]{{keep:/.local/share/multimc/libraries/com/mojang/patchy/1.3.9/patchy-1.3.9.jar}}
  /home/[[user:ewan]]{{keep:/.local/share/multimc/libraries/oshi-project/oshi-core/1.1/oshi-core-1.1.jar}}
""",
    ),
    (
        "https://github.com/PrismLauncher/PrismLauncher/issues/5032",
        ".txt",
        r"""  /home/{{keep:********}}/.local/share/PrismLauncher/libraries/org/apache/logging/log4j/log4j-api/2.22.1/log4j-api-2.22.1.jar
  /home/{{keep:********}}/.local/share/PrismLauncher/libraries/org/jcraft/jorbis/0.0.17/jorbis-0.0.17.jar
  /home/{{keep:********}}/.local/share/PrismLauncher/libraries/org/joml/joml/1.10.5/joml-1.10.5.jar
  /home/{{keep:********}}/.local/share/PrismLauncher/libraries/net/fabricmc/intermediary/1.21/intermediary-1.21.jar (missing)
  /home/{{keep:********}}/.local/share/PrismLauncher/libraries/org/ow2/asm/asm/9.9/asm-9.9.jar (missing)
""",
    ),
    (
        "https://github.com/ToCraft/Remorphed/issues/32",
        ".txt",
        r"""Params:
  --username  --version 1.20.1 --gameDir C:/Users/[[user:RJT]]{{keep:/AppData/Roaming/PrismLauncher/instances/1.20.1/.minecraft}} --assetsDir C:/Users/[[user:RJT]]{{keep:/AppData/Roaming/PrismLauncher/assets}} --assetIndex 5 --uuid  --accessToken  --userType  --versionType release --launchTarget forgeclient --fml.forgeVersion 47.2.0 --fml.mcVersion 1.20.1 --fml.forgeGroup net.minecraftforge --fml.mcpVersion 20230612.114412

Window size: 854 x 480

Launcher: standard

Java Arguments:
[-XX:HeapDumpPath=MojangTricksIntelDriversForPerformance_javaw.exe_minecraft.exe.heapdump, -Xms512m, -Xmx4096m, -Duser.language=en]

Minecraft process ID: 17652
""",
    ),
    (
        "https://github.com/isXander/Controlify/issues/466",
        ".txt",
        r"""[18:35:09.546] [main/INFO] [loading.moddiscovery.ModDiscoverer/SCAN]: Found mod file "JustEnoughMekanismMultiblocks-1.20.4-5.0.jar" of type MOD with provider {mods folder locator at /home/[[user:oscar]]{{keep:/.var/app/org.prismlauncher.PrismLauncher/data/PrismLauncher/instances/FTB NeoTech/minecraft/mods}}} 
[18:35:09.546] [main/INFO] [loading.moddiscovery.ModDiscoverer/SCAN]: Found mod file "JustEnoughProfessions-neoforge-1.20.4-3.2.0.jar" of type MOD with provider {mods folder locator at /home/[[user:oscar]]{{keep:/.var/app/org.prismlauncher.PrismLauncher/data/PrismLauncher/instances/FTB NeoTech/minecraft/mods}}} 
[18:35:09.547] [main/INFO] [loading.moddiscovery.ModDiscoverer/SCAN]: Found mod file "konkrete_neoforge_1.9.1_MC_1.20.4.jar" of type MOD with provider {mods folder locator at /home/[[user:oscar]]{{keep:/.var/app/org.prismlauncher.PrismLauncher/data/PrismLauncher/instances/FTB NeoTech/minecraft/mods}}} 
""",
    ),
    # ---- the FTB app and ATLauncher ------------------------------------------------------------
    (
        "https://github.com/FTBTeam/FTB-Modpack-Issues/issues/5026",
        ".txt",
        r"""	NeoForge: net.neoforged:47.1.84
[15:55:25] [Render thread/FATAL] [ne.mi.co.ForgeMod/]: Preparing crash report with UUID {{keep:22c23a24-8da5-4021-b1c3-05d07d1d494b}}
[15:55:26] [Render thread/FATAL] [ne.mi.co.ForgeMod/]: Preparing crash report with UUID {{keep:b0f933c7-2912-4cc0-a7f3-f9337a69ccc3}}
#@!@# Game crashed! Crash report saved to: #@!@# C:\Users\[[user:tobek]]{{keep:\AppData\Local\.ftba\instances\f3891787-a955-426b-8762-d9b3df0d6f67\crash-reports\crash-2024-03-21_15.55.25-client.txt}}
""",
    ),
    (
        "https://github.com/ATLauncher/ATLauncher/issues/778",
        ".txt",
        r"""[05/07/2023 23:40:16 PM] Organising filesystem
[05/07/2023 23:40:17 PM] ATLauncher Version: 3.4.29.0 [946f8e011626ed8493ab26078e4492094d3d94b9]
[05/07/2023 23:40:17 PM] App Arguments: []
[05/07/2023 23:40:17 PM] JVM Arguments: ["-Djna.nosys=true","-Djava.net.preferIPv4Stack=true","-Dawt.useSystemAAFontSettings=on","-Dswing.aatext=true"]
[05/07/2023 23:40:17 PM] Java Version: Java 17 (17.0.3)
[05/07/2023 23:40:17 PM] Java Path: C:\Program Files\Java\jre-1.8
[05/07/2023 23:40:17 PM] 64 Bit Java: true
[05/07/2023 23:40:17 PM] RAM Available: 7577MB
[05/07/2023 23:40:17 PM] Launcher Directory: {{keep:**USERSDIR**}}
[05/07/2023 23:40:17 PM] CPU: AMD Ryzen 5 5500U with Radeon Graphics 6 cores/12 threads
[05/07/2023 23:40:17 PM] Operating System: Windows (10 (Home) build 19045)
""",
    ),
    # ---- Heroic -------------------------------------------------------------------------------
    (
        "https://github.com/Heroic-Games-Launcher/HeroicGamesLauncher/issues/1345",
        ".txt",
        r"""Launch Command: STEAM_COMPAT_CLIENT_INSTALL_PATH=/home/{{keep:deck}}/.var/app/com.heroicgameslauncher.hgl/.steam/steam STEAM_COMPAT_DATA_PATH=/var/run/media/mmcblk0p1/heroic/prefix/AbsoluteDrift /app/bin/heroic/resources/app.asar.unpacked/build/bin/linux/legendary launch {{keep:19927295d6e3467887d4e830d8c85963}} --no-wine --wrapper "'/home/{{keep:deck}}/.steam/root/compatibilitytools.d/GE-Proton7-18/proton' run"

System Info:

  Heroic Version: 2.3.2 Brook
  Legendary Version:  0.20.25 Our Benefactors
  OS: Freedesktop.org KERNEL: 5.13.0-valve10.3-1-neptune-02176-g5fe416c4acd8 ARCH: x64
  CPU: AMD Custom APU 0405 @1.82 GOVERNOR: schedutil

Game Settings: {
	"autoInstallDxvk": false,
	"wineCrossoverBottle": "Heroic",
	"winePrefix": "/var/run/media/mmcblk0p1/heroic/prefix/AbsoluteDrift"
}
""",
    ),
    (
        "https://github.com/Heroic-Games-Launcher/HeroicGamesLauncher/issues/3740",
        ".txt",
        r"""[5/9/2024, 3:02:52 AM] HEROIC_APP_NAME=0a2d9f6403244d12969e11da6713137b HEROIC_APP_RUNNER=legendary HEROIC_APP_SOURCE=epic STEAM_COMPAT_INSTALL_PATH=/home/[[user:bramz]]{{keep:/Games/Heroic/FallGuys}} STEAM_COMPAT_CLIENT_INSTALL_PATH=/home/[[user:bramz]]{{keep:/.steam/steam}} STEAM_COMPAT_DATA_PATH="/home/[[user:bramz]]{{keep:/Games/Heroic/Prefixes/default/Fall Guys}}" WINE_FULLSCREEN_FSR=0 PROTON_NO_ESYNC=1 PROTON_EAC_RUNTIME=/home/[[user:bramz]]{{keep:/.config/heroic/tools/runtimes/eac_runtime}} STEAM_COMPAT_APP_ID=0 SteamAppId=0 SteamGameId=heroic-FallGuys PROTON_LOG_DIR=/home/[[user:bramz]] LEGENDARY_CONFIG_PATH=/home/[[user:bramz]]{{keep:/.config/heroic/legendaryConfig/legendary}} /tmp/.mount_HeroiclD3l8L/resources/app.asar.unpacked/build/bin/linux/legendary launch 0a2d9f6403244d12969e11da6713137b gamemoderun --no-wine --wrapper " '/home/[[user:bramz]]{{keep:/.config/heroic/tools/proton/Proton-GE-latest/proton}}' waitforexitandrun" --language en --override-exe /home/[[user:bramz]]{{keep:/Games/Heroic/FallGuys/RunFallGuys.exe}}
[cli] INFO: Logging in...
Traceback (most recent call last):
  File "legendary/cli.py", line 3161, in <module>
""",
    ),
    (
        "https://github.com/Heroic-Games-Launcher/HeroicGamesLauncher/issues/2713",
        ".txt",
        r"""(18:38:09) INFO:    [Gog]:              GOGDL location: C:\Users\[[user:fenol]]{{keep:\AppData\Local\Programs\heroic\resources\app.asar.unpacked\build\bin\win32\gogdl}}
(18:38:09) WARNING: [Backend]:          Protocol already registered.
(18:38:09) INFO:    [Connection]:       Connectivity: online
(18:38:09) INFO:    [Backend]:          User Not Found, removing it from Store
(18:38:09) INFO:    [Gog]:              Checking if login is valid
(18:38:09) INFO:    [Gog]:              Running command: C:\Users\[[user:fenol]]{{keep:\AppData\Local\Programs\heroic\resources\app.asar.unpacked\build\bin\win32\gogdl}} --auth-config-path C:\Users\[[user:fenol]]{{keep:\AppData\Roaming\heroic\gog_store\auth.json}} auth
(18:38:10) INFO:    [Backend]:          Loading Screen Ready
(18:38:10) INFO:    [Frontend]:         Refreshing Library
""",
    ),
    # ---- Bottles ------------------------------------------------------------------------------
    (
        "https://github.com/bottlesdevs/Bottles/issues/2549",
        ".txt",
        r"""[Errno 2] No such file or directory: '/home/{{keep:USER}}/.var/app/com.usebottles.bottles/data/bottles/bottles/Opera-GX__185/bottle.yml'  File "/app/share/bottles/bottles/frontend/utils/threading.py", line 61, in __target
    result = self.task_func(*args, **kwargs)

  File "/app/share/bottles/bottles/frontend/windows/main_window.py", line 194, in get_manager
    mng = Manager(window=window, repo_fn_update=repo_fn_update)

  File "/app/share/bottles/bottles/backend/managers/manager.py", line 804, in check_bottles
    process_bottle(b)
""",
    ),
    (
        "https://github.com/flathub/com.usebottles.bottles/issues/7",
        ".txt",
        r"""flatpak run com.usebottles.bottles
2021-02-18 22:32:36 INFO: Runners found: [lutris-6.0-x86_64]
2021-02-18 22:32:36 INFO: Dxvk found: [dxvk-1.7.3]
2021-02-18 22:32:37 INFO: Bottles Started!
2021-02-18 22:32:47 INFO: Creating the wineprefix …
/bin/sh: line 1: /home/[[user:tkrieg]]{{keep:/.local/share/bottles/runners/lutris-6.0-x86_64/bin/wine64}}: No such file or directory
2021-02-18 22:32:48 INFO: Generating Bottle configuration file …
2021-02-18 22:32:49 ERROR: Error while running async job: <bound method BottlesRunner.async_create_bottle of <bottles.runner.BottlesRunner object at 0x7fe897f17040>>
Exception: [Errno 2] No such file or directory: '/home/[[user:tkrieg]]{{keep:/.local/share/bottles/bottles/Test/bottle.json}}'
  File "/app/share/bottles/bottles/utils.py", line 171, in target
""",
    ),
    # ---- Lutris -------------------------------------------------------------------------------
    (
        "https://github.com/lutris/lutris/issues/529",
        ".txt",
        r"""mars 09 21:54:25 [[user:rafi]]-arch-pc lutris.desktop[25902]: ERROR    2017-03-09 21:54:25,324 [thread]:No game process available
DEBUG    2017-03-18 12:21:30,048 [system]:Executing which wine
DEBUG    2017-03-18 12:21:30,135 [thread]:Command env: WINEARCH="win32" WINE="/usr/bin/wine" WINEPREFIX="/home/[[user:rafi]]{{keep:/.local/share/lutris/runners/winesteam/prefix}}" 
DEBUG    2017-03-18 12:21:30,136 [thread]:Running command: "/usr/bin/wine" "control" "joy.cpl"
DEBUG    2017-03-18 12:21:30,140 [thread]:Storing environment variable WINEPREFIX to /home/[[user:rafi]]{{keep:/.local/share/lutris/runners/winesteam/prefix}}
ERROR    2017-03-18 12:21:31,637 [thread]:No game process available
""",
    ),
    (
        "https://github.com/lutris/lutris/issues/6260",
        ".txt",
        r"""Started initial process 1658 from gamemoderun /home/[[user:vikas]]{{keep:/.var/app/net.lutris.Lutris/data/lutris/runners/wine/wine-ge-8-26-x86_64/bin/wine}} /home/[[user:vikas]]{{keep:/Games/Kenshi-AnkerGames/Kenshi/kenshi_x64.exe}}
Start monitoring process.
gamemodeauto: 
fsync: up and running.
wine: RLIMIT_NICE is <= 20, unable to use setpriority safely
Monitored process exited.
Initial process has exited (return code: 13568)
Exit with return code 13568
""",
    ),
    (
        "https://github.com/lutris/lutris/issues/6659",
        ".txt",
        r"""/app/net.lutris.Lutris/data/lutris/runtime/steam/amd64/lib:/home/[[user:jt]]{{keep:/.var/app/net.lutris.Lutris/data/lutris/runtime/steam/amd64/usr/lib/x86_64-linux-gnu}}:/home/[[user:jt]]{{keep:/.var/app/net.lutris.Lutris/data/lutris/runtime/steam/amd64/usr/lib}}:/usr/lib/extensions/vulkan/gamescope/lib
[umu.__main__:78] DEBUG: LESSCLOSE=/usr/bin/lesspipe %s %s
[umu.__main__:78] DEBUG: LESSOPEN=| /usr/bin/lesspipe %s
[umu.__main__:78] DEBUG: LOGNAME=[[user:jt]]
[umu.__main__:78] DEBUG: LS_COLORS=rs=0:di=01;34:ln=01;36:mh=00:pi=40;33:so=01;35
""",
    ),
    # ---- RetroArch ----------------------------------------------------------------------------
    (
        "https://github.com/libretro/RetroArch/issues/17510",
        ".txt",
        r"""[INFO] [Playlist]: Loading history file: "/home/{{keep:ark}}/.config/retroarch/content_history.lpl".
[INFO] [Playlist]: Loading favorites file: "/home/{{keep:ark}}/.config/retroarch/content_favorites.lpl".
[INFO] [Config]: Loading config: "/home/{{keep:ark}}/.config/retroarch/retroarch.cfg".
[INFO] [Overrides]: Saved: "/home/{{keep:ark}}/.config/retroarch/config/Nestopia/Nestopia.cfg".
[INFO] [Overrides]: Overrides saved successfully.
[INFO] [Core]: Unloading core..
[INFO] [Core]: Saved core options file to "/home/{{keep:ark}}/.config/retroarch/retroarch-core-options.cfg".
[INFO] Threaded video stats: Frames pushed: 1709, Frames dropped: 6.
""",
    ),
    # ---- servers' logs naming players ---------------------------------------------------------
    (
        "https://github.com/sksat/mc.yohane.su/issues/110",
        ".txt",
        r"""[Mon, 4. Oct 2021 18:34:46 UTC INFO] UUID of player [[user:tamogai81]] is 5c1e9b07-4d2a-4f83-b6e0-8a71d39c2f45
[Mon, 4. Oct 2021 18:34:46 UTC INFO] [[user:tamogai81]] joined the game
[Mon, 4. Oct 2021 18:34:46 UTC INFO] [[user:tamogai81]][/172.30.0.1:44536] logged in with entity id 2691 at ([world]-13.974790206105956, 63.0, -3.0360375946567135)
[Mon, 4. Oct 2021 18:34:46 UTC WARN] UUID of added entity already exists: EntityEnderman['Enderman'/2751, uuid='b4ac8af8-a6f3-4735-8cf0-f025d93a529d', l='ServerLevel[world]', x=-153.42, y=25.00, z=154.63, cpos=[-10, 9], tl=1901, v=false, rR=null]
[Mon, 4. Oct 2021 18:34:46 UTC WARN] UUID of added entity already exists: EntitySheep['Sheep'/2756, uuid='29edd374-f7b9-4268-8800-231094769c09', l='ServerLevel[world]', x=-191.63, y=62.00, z=145.77, cpos=[-12, 9], tl=502354, v=false, rR=null]
""",
    ),
    (
        "https://github.com/SpigotMC/BungeeCord/issues/3645",
        ".txt",
        r"""[09:00:16] [User Authenticator #8/INFO]: UUID of player [[user:FuZzY_pIcKlE]] is 7d2f4a91-0be3-4c6e-9a58-e13b6f07c2d4
[09:00:17] [Server thread/INFO]: [[user:FuZzY_pIcKlE]] joined the game
[09:00:17] [Server thread/INFO]: [[user:FuZzY_pIcKlE]][/127.0.0.1:8994] logged in with entity id 189739 at ([world]49.885283175403515, 76.0, 79.48223549478229)
[09:00:53] [Server thread/INFO]: [[user:FuZzY_pIcKlE]] lost connection: Disconnected
[09:01:00] [User Authenticator #8/INFO]: UUID of player [[user:Stormwalker_42]] is 91b3e6c0-27fa-3d81-b4c5-0e6a2f9d7b13
[09:01:00] [Server thread/INFO]: [[user:Stormwalker_42]] joined the game
[09:01:00] [Server thread/INFO]: [[user:Stormwalker_42]][/127.0.0.1:9007] logged in with entity id 189890 at ([world]-117.5, 91.0, -24.5)
[09:01:08] [Server thread/INFO]: [[user:Stormwalker_42]] left the game
""",
    ),
    # ---- more launchers: MultiMC's start, Heroic on macOS and Linux, GDLauncher ----------------
    (
        "https://github.com/MultiMC/Launcher/issues/4571",
        ".txt",
        r"""MultiMC.exe --launch 1.8.9 > nul 2> nul

    0.012 D <> Log initialized.
    0.013 D "MultiMC 5" , (c) 2013-2021  "MultiMC Contributors"
    0.013 D Version                    :  "0.6.16-3431"
    0.014 D Git commit                 :  "c6b60969bb64211927a2514c1eb478fd80f2f250"
    0.014 D Work dir before adjustment :  "C:/Users/[[user:Tobias]]{{keep:/Documents/Minecraft/MultiMC}}"
    0.014 D Work dir after adjustment  :  "C:/Users/[[user:Tobias]]{{keep:/Documents/Minecraft/MultiMC}}"
    0.015 D Adjusted by                :  "Fallback to binary path C:/Users/[[user:Tobias]]{{keep:/Documents/Minecraft/MultiMC}}"
    0.017 D ID of instance to launch   :  "1.8.9"
    0.033 D Initializing updater with platform:  "win32"  --  "https://files.multimc.org/update/win32/channels.json"
""",
    ),
    (
        "https://github.com/Heroic-Games-Launcher/HeroicGamesLauncher/issues/3026",
        ".txt",
        r"""(15:03:22) INFO:    [Legendary]:        Running command: XDG_CONFIG_HOME="/Users/[[user:tealmorrows]]{{keep:/Library/Application Support/heroic/legendaryConfig}}" /opt/homebrew/bin/legendary --version
(15:03:22) INFO:    [Legendary]:        Legendary location: /opt/homebrew/bin/legendary
(15:03:22) INFO:    [Gog]:              GOGDL location: /Applications/Heroic.app/Contents/Resources/app.asar.unpacked/build/bin/darwin/gogdl
(15:03:22) INFO:    [Connection]:       Connectivity: check-online
(15:03:22) WARNING: [Backend]:          Protocol already registered.
(15:03:22) INFO:    [Gog]:              Running command: /Applications/Heroic.app/Contents/Resources/app.asar.unpacked/build/bin/darwin/gogdl --auth-config-path "/Users/[[user:tealmorrows]]{{keep:/Library/Application Support/heroic/gog_store/auth.json}}" --version
""",
    ),
    (
        "https://github.com/Heroic-Games-Launcher/HeroicGamesLauncher/issues/4615",
        ".txt",
        r"""Launching "Strinova" (sideload)
Native? No
Installed in: /home/[[user:dj-sunrise]]{{keep:/Games/Prefixes/Strinova/drive_c/Strinova}}

The current system is not a Steam Deck
We are not running inside a Flatpak container

Software Versions:
  Heroic: 2.17.1 Cutty Flam Franky
  Legendary: 0.20.37 Exit 17 (Heroic)

Game Settings: {
    "autoInstallDxvk": true,
    "showMangohud": true,
    "wineVersion": {
        "bin": "/home/[[user:dj-sunrise]]{{keep:/.config/heroic/tools/wine/Wine-GE-Proton8-26/bin/wine}}",
""",
    ),
    (
        "https://github.com/gorilla-devs/GDLauncher/issues/796",
        ".txt",
        r"""C:\Users\{{keep:yourusername}}\AppData\Roaming\gdlauncher_next\instances\Your Instance Name\crash-reports

and latest.log from
C:\Users\{{keep:yourusername}}\AppData\Roaming\gdlauncher_next\instances\Your Instance Name\logs
""",
    ),
    # ---- Dolphin, also on a Steam Deck ----------------------------------------------------------
    (
        "https://github.com/libretro/dolphin/issues/74",
        ".txt",
        r"""C:\Users\{{keep:USER}}\Documents\Dolphin Emulator\Load\Textures\GAME_ID

It's by default under Dolphin Emulator/Config/GFX.ini
[Settings]
CacheHiresTextures = True
HiresTextures = True
""",
    ),
    (
        "https://github.com/dragoonDorise/EmuDeck/issues/405",
        ".txt",
        r"""/home/{{keep:deck}}/.var/app/org.DolphinEmu.dolphin-emu/config/dolphin-emu/GameSettings/

home/{{keep:deck}}/.var/app/org.DolphinEmu.dolphin-emu/data/dolphin-emu/GameSettings/
""",
    ),
]

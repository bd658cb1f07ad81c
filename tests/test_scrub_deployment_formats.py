# ruff: noqa: E501  (tools' lines are kept whole, as they are written)
"""Configuration management's and deployment runs' formats (stop 53, scrubber 1.51.0; issue 35).

The damage and misses of batch 100's tune part (``tests/outside_corpus/SOURCE.md``, "The
stop-100 collection"), each fixed by a general rule:

* ``_made_system_account`` (``intake/scrub/engine.py``): an account the text shows being made
  as a system account, ``useradd -r``/``--system`` or ``adduser --system`` (useradd(8),
  adduser(8): a system account, no person's, even when ``-m`` gives it a home), or Puppet's
  ``User[<x>]`` resource declared by its own module's class (``/Stage[main]/<X>/User[<x>]``,
  ``/Stage[main]/<X>::<Y>/User[<x>]``: Puppet's resource reference ``Type[title]`` under the
  containment path of the class that declares it): neither its home nor its name is learned,
  so nothing named like it (the module's classes ``<x>::…``, ``/Stage[main]/<X>/``) is
  replaced; a ``useradd`` without ``-r`` or a ``User[<x>]`` under another class
  (``/Stage[main]/Profile::Users/User[<x>]``) is still a person's;
* ``system_accounts`` (``scrubbers/words.yaml``): Capistrano's conventional deploy login
  ``deploy`` (``/home/deploy/``, ``deploy@host``: its documentation's ``server 'example.com',
  user: 'deploy'`` and ``deploy_to '/home/deploy/…'``), and Chef server's superuser ``pivotal``
  and its organisation's ``chef-validator``;
* ``masked_segments`` (``scrubbers/allow.yaml``): a token whose every dot-separated segment is
  cut to its ends around an ellipsis (``eyJh...VCJ9.eyJp...1MH0.DHYi...3VIc``) or is a mask
  run (``xxxx``): no credential survives the cut; a token with one whole segment still goes;
* ``interpolated_path`` (``scrubbers/allow.yaml``): a ``*_key`` value that is a path rooted in
  a Ruby interpolation (knife.rb's documented ``client_key "#{current_dir}/admin.pem"``,
  ``"#{ENV['HOME']}/.chef/#{ENV['USER']}.pem"``): an expression naming a key file, no secret;
* ``knife_node_name`` (``scrubbers/user_names.yaml``): knife.rb's ``node_name '<u>'`` (the
  Chef server user that knife authenticates as, Chef's knife.rb/config.rb documentation) and
  the key ``knife configure`` names after it, ``client_key '…/.chef/<u>.pem'``, in a text that
  holds ``.chef/`` or ``knife``; client.rb's ``node_name`` (a host name, ``web01.example.com``)
  and its ``/etc/chef/client.pem`` are not read, nor a validator's key;
* ``chef_user_id`` (``scrubbers/user_names.yaml``): Chef's ``UserIDNotFound`` message,
  ``cannot determine user id for '<u>', does the user exist on this system?`` (the login a
  ``directory``/``file`` resource's ``owner`` names); service, test and placeholder accounts
  stay by the account lists, and the group form (``group id``) is no login.

Each ``*_NOBODY`` list is the harm hunt its rule was attacked with before it was written:
texts of the same shape that name nobody (or hold only public material), which must stay.
"""

from __future__ import annotations

import pytest

from intake.scrub import Scrubber
from tests.support.scrubbing import gone_and_kept, scrubbed

SERVICE_ACCOUNT_NOBODY = [
    "Error: /Stage[main]/Puppetboard/User[puppetboard]/ensure: change from absent to present failed: Could not create user puppetboard: Execution of '/usr/sbin/useradd -g puppetboard -s /bin/bash -m -r puppetboard' returned 12: useradd: cannot create directory /home/puppetboard\n",
    "puppetboard::apache::vhost::port: '80'\nError: Could not create user puppetboard: Execution of '/usr/sbin/useradd -g puppetboard -s /bin/bash -m -r puppetboard' returned 12: useradd: cannot create directory /home/puppetboard\n",
    "Error: /Stage[main]/Consul/User[consul]/ensure: change from absent to present failed: Could not create user consul: useradd: cannot create directory /home/consul\n",
    "Notice: /Stage[main]/Prometheus::Install/User[prometheus]/ensure: created\nNotice: /Stage[main]/Prometheus::Install/File[/home/prometheus]/ensure: created\n",
    "Error: /Stage[main]/Grafana::Install/User[grafana]/ensure: change from absent to present failed: useradd: cannot create directory /home/grafana\n",
    "Execution of '/usr/sbin/useradd -r -m -d /home/jenkins jenkins' returned 12: useradd: cannot create directory /home/jenkins\n",
    "Execution of '/usr/sbin/useradd --system -m -s /usr/sbin/nologin vault' returned 12: useradd: cannot create directory /home/vault\n",
    "$ sudo useradd -mr gitbucket\nuseradd: cannot create directory /home/gitbucket\n",
    "$ sudo adduser --system --group --home /home/minio minio\n",
    "Notice: /Stage[main]/Nomad::Install/User[nomad]/ensure: created\ncrond: chdir failed (/home/nomad)\n",
    "Execution of '/usr/sbin/useradd -r -g traefik -s /sbin/nologin traefik' returned 9: useradd: user 'traefik' already exists\ncd /home/traefik\n",
    "Running [ -L /home/deploy/apps/myapp/releases/20240101 ] as deploy@192.168.2.100\n",
    "DEBUG [abc] Command: cd /home/deploy/apps/shop/releases/20200101 && /usr/bin/env bundle install\n",
    "INFO [7d1a2b3c] Running /usr/bin/env mkdir -p /home/deploy/apps/blog/shared as deploy@example.com\n",
    "set :deploy_to, '/home/deploy/apps/myapp'\n",
]

MASKED_TOKEN_NOBODY = [
    '{"level":"trace","token":"eyJh...VCJ9.eyJp...1MH0.DHYi...3VIc","message":"Token refreshed"}\n',
    '{"token":"eyJhbG...IkpXVCJ9.eyJzdW...MDIyfQ.SflKxw...sw5c"}\n',
    "Authorization: Bearer eyJh...J9.eyJz...fQ.SflK...sw5c\n",
    '"id_token": "eyJ0…In0.eyJp…MH0.Qk1…Zz0"\n',
    "token=eyJhbGci...xxxx.xxxx.xxxx\n",
    '{"token":"xxxx.xxxx.xxxx"}\n',
    '{"token":"..."}\n',
    '{"token":"eyJ..."}\n',
    '{"token":"<redacted>"}\n',
    '{"token":"***"}\n',
    '{"token":""}\n',
]

KNIFE_NOBODY = [
    "node_name 'admin'\nclient_key '/root/.chef/admin.pem'\nchef_server_url 'https://chef.example.com/organizations/acme'\n",
    "node_name 'pivotal'\nclient_key '/etc/opscode/pivotal.pem'\nchef_server_url 'https://127.0.0.1/'\n",
    "node_name 'web01.example.com'\nclient_key '/etc/chef/client.pem'\nchef_server_url 'https://chef.example.com'\n",
    "node_name 'vagrant'\nclient_key '/home/vagrant/.chef/vagrant.pem'\n",
    "node_name 'USERNAME'\nclient_key '~/.chef/USERNAME.pem'\n",
    "node_name 'chef-validator'\nclient_key '/etc/chef/validation.pem'\n",
    "validation_client_name 'chef-validator'\nvalidation_key '/Users/admin/.chef/chef-validator.pem'\n",
    "validation_key '~/.chef/acme-validator.pem'\nnode_name 'admin'\n",
    "current_dir = File.dirname(__FILE__)\nnode_name 'admin'\nclient_key \"#{current_dir}/admin.pem\"\n",
    "node_name ENV['USER']\nclient_key \"#{ENV['HOME']}/.chef/#{ENV['USER']}.pem\"\n",
    'client_key "#{current_dir}/admin.pem"\n',
    "[root@chef-ws chef]# knife client list\nERROR: Your private key could not be loaded from /etc/chef/client.pem\n",
]

USER_ID_NOBODY = [
    "cannot determine user id for 'root', does the user exist on this system?\n",
    "cannot determine user id for 'nginx', does the user exist on this system?\n",
    "cannot determine user id for 'yarn', does the user exist on this system?\n",
    "cannot determine user id for 'test', does the user exist on this system?\n",
    "cannot determine user id for 'USERNAME', does the user exist on this system?\n",
    "cannot determine group id for 'hdfs', does the group exist on this system?\n",
    "cannot determine group id for 'staff', does the group exist on this system?\n",
    "cannot determine user id for 'www-data', does the user exist on this system?\n",
    "cannot determine user id for 'jenkins', does the user exist on this system?\n",
    "cannot determine user id for 'vagrant', does the user exist on this system?\n",
    "    * user[foo] action remove (up to date)\n    * directory[/Users/test/.ssh] action create\n",
]

# (text, the login that must be gone from the whole text, what must stay)
STILL_GO = [
    (
        "Execution of '/usr/sbin/useradd -m -s /bin/bash tmarlow' returned 12: useradd: cannot create directory /home/tmarlow\n",
        "tmarlow",
        "useradd: cannot create directory /home/",
    ),
    (
        "Notice: /Stage[main]/Profile::Users/User[okello]/ensure: created\nNotice: /Stage[main]/Profile::Users/File[/home/okello/.ssh]/ensure: created\n",
        "okello",
        "/.ssh]/ensure: created",
    ),
    (
        "Execution of '/usr/sbin/useradd -r -m gitbucket' returned 12\ncd /home/kvorn/src\n",
        "kvorn",
        "/src",
    ),
    ("Running /usr/bin/env ls as deployer@10.0.0.5 in /home/jbrandt/apps\n", "jbrandt", "/apps"),
    ("ssh deploy@web1 ls /home/hliao/\n", "hliao", "ssh deploy@web1 ls /home/"),
    (
        '{"token":"eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJz...fQ.SflK...sw5c"}\n',
        "eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9",
        '{"token":"',
    ),
    (
        "log_level :info\nnode_name 'fern'\nclient_key '/Users/tomas/.chef/fern.pem'\nvalidation_client_name 'chef-validator'\n",
        "fern",
        "/.chef/",
    ),
    (
        "knife client list\nclient_key               '/Users/owen.hartley/.chef/owen.pem'\n",
        "owen",
        ".pem'",
    ),
    (
        "node_name                'mkovacs'\nchef_server_url          'https://api.chef.io/organizations/acme'\ncurrent_dir = File.dirname(__FILE__)\n# ~/.chef/knife.rb\n",
        "mkovacs",
        "chef_server_url",
    ),
    (
        "      Chef::Exceptions::UserIDNotFound\n      --------------------------------\n      cannot determine user id for 'edwin', does the user exist on this system?\n",
        "edwin",
        "cannot determine user id for '",
    ),
    (
        "cannot determine user id for 'gsolano', does the user exist on this system?\n",
        "gsolano",
        "', does the user exist on this system?",
    ),
]


@pytest.mark.parametrize(
    "text", SERVICE_ACCOUNT_NOBODY + MASKED_TOKEN_NOBODY + KNIFE_NOBODY + USER_ID_NOBODY
)
def test_the_shapes_naming_nobody_stay(engine: Scrubber, text: str) -> None:
    assert scrubbed(engine, text) == text


@pytest.mark.parametrize(("text", "value", "kept"), STILL_GO)
def test_logins_and_tokens_still_go(engine: Scrubber, text: str, value: str, kept: str) -> None:
    gone_and_kept(engine, text, value, kept, any_case=True)

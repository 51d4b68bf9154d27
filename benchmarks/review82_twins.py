"""Adversarial twins of killers174's widenings: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the widened checks catch, but
right after the merge (the merge base is the commit's first parent, upstream the commit):

- a fork function patched over upstream's module function, which upstream's module now calls otherwise
  (``drift/patched_functions.py``; #38482 ``download_bytes_from_url(url)`` and ``make_transcription_wrapper``
  now called with ``allowed_media_domains=``, #12927 ``write_file`` called with the outputs and a temporary
  directory, #32967's ``build_endpoint_registry`` called without three keywords): the new parameters taken
  (the new spelling), ``*args``/``**kwargs``, a lambda taking ``**kw``, upstream's own function put back, the
  patch under a probe of the signature (direct, or through a module-level flag), under a version test, a patch
  of the fork's own module's namesake, of an instance's attribute, through ``mock.patch.object``, the caller
  patched too (upstream's new call replaced wholesale), a function of the module whose calls did not change, a
  local rebinding of the patched name to a wrapper taking ``**kwargs``, a decorator of the fork's file that
  takes ``**kwargs``, ``setattr`` of a function that takes them;
- a negative answer upstream made a raise (``drift/raised_empties.py``, widened; #36789 ``get_max_tokens``
  raises ValueError where it answered ``max_model_len - input_length < 0``): a handler of ValueError (an
  ``except``, ``contextlib.suppress``, ``except Exception``), the answer compared with a name or a bound above 1,
  the fork's own ``get_max_tokens``, an over-long prompt turned away before the call (the equal-length budget,
  0, still tested), the input length clamped to the window in the call, the answer through arithmetic.

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are the replay's four
catches of these widenings, kept to show the reach stays, the same shape on two other real commits (#12927's
``write_file``, #32967's ``build_endpoint_registry``) and in two other spellings (a lambda, ``setattr``), and
round 3's three cases.

Every twin, thought through: after the merge the patched value takes every call upstream's module now makes of
the name, or the module never makes that call (its caller is the fork's), or the patch runs only where a look at
upstream's function (a signature, a version) says the old one is there; and get_max_tokens is never handed an
input longer than the window (turned away or clamped before the call), or its raise is caught.  Three twins
compare get_max_tokens' answer with no bound a negative answer alone falls below (``< wanted``, ``> 512``, the
answer less what was generated ``<= 0``): the fork never spoke of an over-long prompt, which upstream's serving
path rejects before the call; the check leaves those alone by design, and so do they.

Round 1 (main at cf9ae7e3), 8 cases and 26 twins as first written: 8 caught of 8; 5 false errors of 26: the
caller patched too (1: upstream's new call of the downloader sits in ``make_transcription_wrapper``, which the
fork's file replaces as well, so it never runs), the patched name rebound to a wrapper taking ``**kwargs`` (1: the
``def`` as written was read), a decorator of the fork's file giving it ``**kwargs`` (1: likewise), an over-long
prompt turned away before the call and the input length clamped to the window in it (2: upstream's guard
``max_model_len < input_length`` cannot hold for either call, and the ``<= 0`` left is the equal-length budget's).
All five are correct code: none moved to the CASES.
Round 2 (this branch): a new call inside a module function the fork's file patches too is dropped, unless the
file keeps upstream's caller (reads ``mod.caller`` or imports it: its wrapper may still run the new call); a
patched name the file also assigns is no ``def`` of the fork's; a ``def`` under a decorator other than
``functools.wraps`` warns (the decorated value may take what the ``def`` does not); ``Emptied.ordered`` keeps the
guard's two sides, and a call whose argument for the larger side is ``min(..., <the smaller's argument>)`` (or the
smaller's ``max(..., <the larger's>)``), or that follows an ``if`` of its function leaving (return, raise,
continue, break) where the smaller's argument is below the larger's, is quiet.  8 caught of 8; 0 false errors of
26 twins (4 warned: the three guarded patches and the decorated one).
Round 3 (written after the mends, on the mends' edges): 3 cases (the caller patched by a wrapper of upstream's own
caller, whose new call still runs; the input clamped to another bound than the window; an over-long prompt logged,
not turned away, before the call) and 3 twins (the caller replaced through ``setattr``; rows over the window
skipped with ``continue``; a keyword call with the input clamped).  Main (cf9ae7e3): 3 caught, 3 false errors of
3.  This branch: 3 caught, 0 false.
All rounds, main (cf9ae7e3): 11 caught of 11; 8 false errors of 29 twins (3 warned).  This branch: 11 caught of
11; 0 false errors of 29 twins (4 warned).  Regression set on this branch: blind_replay_scoring 22/0/0 of 22 (10
quiet), killer_replay 26/26, kind_change_replay 12/12 (5 quiet), review38_twins 6/6 (20 quiet, 6 warned),
review44_twins 8/8 (32 quiet, 14 warned), blind_replay_fwdctx 19/19 (12 quiet): as before, 0 false errors.

  PYTHONPATH=.. python review82_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- 57861ae48d (#38482): download_bytes_from_url / make_transcription_wrapper called with allowed_media_domains
DB = (
    "#38482",
    "57861ae48d",
    "download_bytes_from_url and make_transcription_wrapper called with allowed_media_domains",
)
RBM = "import vllm.entrypoints.openai.run_batch as run_batch\n\n\n"
READ = (
    "async def _aeon_read(url: str) -> bytes:\n"
    "    # AEON: the Spark lab's audio fixtures sit on a local mirror\n"
    '    with open(url.removeprefix("file://"), "rb") as f:\n'
    "        return f.read()\n\n\n"
)
CASES += [
    (
        "#38482 patched module function",
        "a narrower replacement of the downloader (blind_replay_scoring)",
        K(
            *DB,
            "vllm/aeon/rCPdb0.py",
            RBM + "async def _aeon_download(url: str) -> bytes:\n"
            '    with open(url.removeprefix("file://"), "rb") as f:\n'
            "        return f.read()\n\n\n"
            "run_batch.download_bytes_from_url = _aeon_download\n",
            "run_batch.download_bytes_from_url = _aeon_download",
        ),
    ),
    (
        "#38482 patched module function",
        "a narrower replacement of the wrapper factory (blind_replay_scoring)",
        K(
            *DB,
            "vllm/aeon/rCPdb1.py",
            RBM + "_upstream_wrapper = run_batch.make_transcription_wrapper\n\n\n"
            "def _aeon_wrapper(is_translation: bool):\n"
            "    return _upstream_wrapper(is_translation)\n\n\n"
            "run_batch.make_transcription_wrapper = _aeon_wrapper\n",
            "run_batch.make_transcription_wrapper = _aeon_wrapper",
        ),
    ),
    (
        "#38482 patched module function",
        "a narrower lambda",
        K(
            *DB,
            "vllm/aeon/rCPdb2.py",
            RBM + READ + "run_batch.download_bytes_from_url = lambda url: _aeon_read(url)\n",
            "run_batch.download_bytes_from_url = lambda url: _aeon_read(url)",
        ),
    ),
    (
        "#38482 patched module function",
        "setattr of a narrower function, in an installer",
        K(
            *DB,
            "vllm/aeon/rCPdb3.py",
            RBM + READ + 'def aeon_install() -> None:\n    setattr(run_batch, "download_bytes_from_url", _aeon_read)\n',
            '    setattr(run_batch, "download_bytes_from_url", _aeon_read)',
        ),
    ),
]
TWINS += [
    (
        "#38482 patched module function",
        "twin: the replacement takes allowed_media_domains (the new spelling)",
        K(
            *DB,
            "vllm/aeon/rCPdb10.py",
            RBM + "async def _aeon_download(url: str, allowed_media_domains: list[str] | None = None) -> bytes:\n"
            '    with open(url.removeprefix("file://"), "rb") as f:\n'
            "        return f.read()\n\n\n"
            "run_batch.download_bytes_from_url = _aeon_download\n",
            "run_batch.download_bytes_from_url = _aeon_download",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: a replacement taking *args and **kwargs on to upstream's",
        K(
            *DB,
            "vllm/aeon/rCPdb11.py",
            RBM + "_upstream_download = run_batch.download_bytes_from_url\n\n\n"
            "async def _aeon_download(*args, **kwargs) -> bytes:\n"
            "    return await _upstream_download(*args, **kwargs)  # AEON: timed for the Spark's batch report\n\n\n"
            "run_batch.download_bytes_from_url = _aeon_download\n",
            "run_batch.download_bytes_from_url = _aeon_download",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: a lambda taking **kw",
        K(
            *DB,
            "vllm/aeon/rCPdb12.py",
            RBM + READ + "run_batch.download_bytes_from_url = lambda url, **kw: _aeon_read(url)\n",
            "run_batch.download_bytes_from_url = lambda url, **kw: _aeon_read(url)",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: upstream's own function put back after a narrow patch",
        K(
            *DB,
            "vllm/aeon/rCPdb13.py",
            RBM + READ + "_upstream_download = run_batch.download_bytes_from_url\n\n\n"
            "def aeon_restore() -> None:\n"
            "    run_batch.download_bytes_from_url = _upstream_download\n",
            "    run_batch.download_bytes_from_url = _upstream_download",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: the narrow patch under a probe of the signature",
        K(
            *DB,
            "vllm/aeon/rCPdb14.py",
            "import inspect\n\n" + RBM + READ + "def aeon_install() -> None:\n"
            '    if "allowed_media_domains" not in inspect.signature(run_batch.download_bytes_from_url).parameters:\n'
            "        run_batch.download_bytes_from_url = _aeon_read\n",
            "        run_batch.download_bytes_from_url = _aeon_read",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: the narrow patch under a module-level flag read off the signature",
        K(
            *DB,
            "vllm/aeon/rCPdb15.py",
            "import inspect\n\n" + RBM + READ + "_TAKES_DOMAINS = 'allowed_media_domains' in inspect.signature(\n"
            "    run_batch.download_bytes_from_url\n"
            ").parameters\n\n"
            "if not _TAKES_DOMAINS:  # AEON: older upstreams fetch any URL; the Spark reads its mirror instead\n"
            "    run_batch.download_bytes_from_url = _aeon_read\n",
            "    run_batch.download_bytes_from_url = _aeon_read",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: the narrow patch under a version test",
        K(
            *DB,
            "vllm/aeon/rCPdb16.py",
            "from packaging.version import Version\n\nimport vllm\n" + RBM + READ + "def aeon_install() -> None:\n"
            '    if Version(vllm.__version__) < Version("0.18.1"):  # AEON: the SSRF fix landed in 0.18.1\n'
            "        run_batch.download_bytes_from_url = _aeon_read\n",
            "        run_batch.download_bytes_from_url = _aeon_read",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: the fork's own module's namesake patched",
        K(
            *DB,
            "vllm/aeon/rCPdb17.py",
            "from vllm.aeon import media as aeon_media\n\n\n"
            + READ
            + "aeon_media.download_bytes_from_url = _aeon_read\n",
            "aeon_media.download_bytes_from_url = _aeon_read",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: an instance's attribute of the name",
        K(
            *DB,
            "vllm/aeon/rCPdb18.py",
            READ + "class AeonFetcher:\n"
            "    download_bytes_from_url = None\n\n\n"
            "def aeon_fetcher() -> AeonFetcher:\n"
            "    fetcher = AeonFetcher()\n"
            "    fetcher.download_bytes_from_url = _aeon_read\n"
            "    return fetcher\n",
            "    fetcher.download_bytes_from_url = _aeon_read",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: mock.patch.object with a replacement taking **kwargs",
        K(
            *DB,
            "vllm/aeon/rCPdb19.py",
            "from unittest import mock\n\n" + RBM + "async def _aeon_fake(url: str, **kwargs) -> bytes:\n"
            "    return b''\n\n\n"
            "def aeon_patched():\n"
            '    return mock.patch.object(run_batch, "download_bytes_from_url", _aeon_fake)\n',
            '    return mock.patch.object(run_batch, "download_bytes_from_url", _aeon_fake)',
        ),
    ),
    (
        "#38482 patched module function",
        "twin: the caller patched too (upstream's new call replaced wholesale)",
        K(
            *DB,
            "vllm/aeon/rCPdb20.py",
            RBM + READ + "def _aeon_wrapper(is_translation: bool, allowed_media_domains: list[str] | None = None):\n"
            "    # AEON: the Spark's transcription rows read the mirror; the domains do not apply to it\n"
            "    def wrap(handler_fn):\n"
            "        async def wrapped(batch_request_body):\n"
            "            data = await run_batch.download_bytes_from_url(batch_request_body.file_url)\n"
            "            return await handler_fn(data, batch_request_body, is_translation)\n\n"
            "        return wrapped\n\n"
            "    return wrap\n\n\n"
            "run_batch.make_transcription_wrapper = _aeon_wrapper\n"
            "run_batch.download_bytes_from_url = _aeon_read\n",
            "run_batch.download_bytes_from_url = _aeon_read",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: a function of the module whose calls did not change",
        K(
            *DB,
            "vllm/aeon/rCPdb21.py",
            RBM + "async def _aeon_read_file(path_or_url: str) -> str:\n"
            "    with open(path_or_url) as f:  # AEON: batch inputs never leave the Spark\n"
            "        return f.read()\n\n\n"
            "run_batch.read_file = _aeon_read_file\n",
            "run_batch.read_file = _aeon_read_file",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: the name rebound to a wrapper taking **kwargs before the patch",
        K(
            *DB,
            "vllm/aeon/rCPdb22.py",
            RBM + "def _aeon_any_domain(fetch):\n"
            "    async def fetch_any(url: str, **kwargs) -> bytes:\n"
            "        return await fetch(url)  # AEON: the mirror is local; no domain applies\n\n"
            "    return fetch_any\n\n\n"
            "async def _aeon_download(url: str) -> bytes:\n"
            '    with open(url.removeprefix("file://"), "rb") as f:\n'
            "        return f.read()\n\n\n"
            "_aeon_download = _aeon_any_domain(_aeon_download)\n"
            "run_batch.download_bytes_from_url = _aeon_download\n",
            "run_batch.download_bytes_from_url = _aeon_download",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: a decorator of the fork's file giving the replacement **kwargs",
        K(
            *DB,
            "vllm/aeon/rCPdb23.py",
            RBM + "def _aeon_any_domain(fetch):\n"
            "    async def fetch_any(url: str, **kwargs) -> bytes:\n"
            "        return await fetch(url)  # AEON: the mirror is local; no domain applies\n\n"
            "    return fetch_any\n\n\n"
            "@_aeon_any_domain\n"
            "async def _aeon_download(url: str) -> bytes:\n"
            '    with open(url.removeprefix("file://"), "rb") as f:\n'
            "        return f.read()\n\n\n"
            "run_batch.download_bytes_from_url = _aeon_download\n",
            "run_batch.download_bytes_from_url = _aeon_download",
        ),
    ),
    (
        "#38482 patched module function",
        "twin: setattr of a wrapper factory taking the new parameter",
        K(
            *DB,
            "vllm/aeon/rCPdb24.py",
            RBM + "_upstream_wrapper = run_batch.make_transcription_wrapper\n\n\n"
            "def _aeon_wrapper(is_translation: bool, allowed_media_domains: list[str] | None = None):\n"
            "    return _upstream_wrapper(is_translation, allowed_media_domains)\n\n\n"
            'setattr(run_batch, "make_transcription_wrapper", _aeon_wrapper)\n',
            'setattr(run_batch, "make_transcription_wrapper", _aeon_wrapper)',
        ),
    ),
]

# --- 185cc19f92 (#12927): write_file(path_or_url, data) -> write_file(path_or_url, batch_outputs, output_tmp_dir)
WF = ("#12927", "185cc19f92", "write_file called with the outputs and output_tmp_dir in place of the data string")
CASES += [
    (
        "#12927 patched module function",
        "a replacement of write_file taking the data string",
        K(
            *WF,
            "vllm/aeon/rCPwf0.py",
            RBM + "async def _aeon_write(path_or_url: str, data: str) -> None:\n"
            "    with open(path_or_url, 'w') as f:  # AEON: the Spark's outputs stay on its scratch disk\n"
            "        f.write(data)\n\n\n"
            "run_batch.write_file = _aeon_write\n",
            "run_batch.write_file = _aeon_write",
        ),
    ),
]
TWINS += [
    (
        "#12927 patched module function",
        "twin: a replacement of write_file with output_tmp_dir defaulted",
        K(
            *WF,
            "vllm/aeon/rCPwf1.py",
            RBM + "async def _aeon_write(path_or_url: str, batch_outputs, output_tmp_dir: str | None = None) -> None:\n"
            "    with open(path_or_url, 'w') as f:  # AEON: the Spark's outputs stay on its scratch disk\n"
            "        f.write(str(batch_outputs))\n\n\n"
            "run_batch.write_file = _aeon_write\n",
            "run_batch.write_file = _aeon_write",
        ),
    ),
]

# --- e3b2324ec4: build_endpoint_registry made async, base_model_paths/request_logger/supported_tasks removed
ER = ("#32967", "e3b2324ec4", "build_endpoint_registry called with engine_client and args alone")
CASES += [
    (
        "#32967 patched module function",
        "a replacement requiring the removed parameters",
        K(
            *ER,
            "vllm/aeon/rCPer0.py",
            RBM + "_upstream_registry = run_batch.build_endpoint_registry\n\n\n"
            "def _aeon_registry(engine_client, args, base_model_paths, request_logger, supported_tasks):\n"
            "    registry = _upstream_registry(engine_client, args, base_model_paths, request_logger, supported_tasks)\n"
            "    registry.pop('translations', None)  # AEON: the Spark serves no translation\n"
            "    return registry\n\n\n"
            "run_batch.build_endpoint_registry = _aeon_registry\n",
            "run_batch.build_endpoint_registry = _aeon_registry",
        ),
    ),
]
TWINS += [
    (
        "#32967 patched module function",
        "twin: an async replacement taking engine_client, args and **kwargs",
        K(
            *ER,
            "vllm/aeon/rCPer1.py",
            RBM + "_upstream_registry = run_batch.build_endpoint_registry\n\n\n"
            "async def _aeon_registry(engine_client, args, **kwargs):\n"
            "    registry = await _upstream_registry(engine_client, args, **kwargs)\n"
            "    registry.pop('translations', None)  # AEON: the Spark serves no translation\n"
            "    return registry\n\n\n"
            "run_batch.build_endpoint_registry = _aeon_registry\n",
            "run_batch.build_endpoint_registry = _aeon_registry",
        ),
    ),
]

# --- c84b519cf3 (#36789): get_max_tokens raises ValueError where it answered a negative budget
GM = ("#36789", "c84b519cf3", "get_max_tokens raises ValueError where it returned max_model_len - input_length < 0")
GMI = "from vllm.entrypoints.utils import get_max_tokens\n\n\n"
CASES += [
    (
        "#36789 negative answer made a raise",
        "a comparison of the returned budget with 0 (blind_replay_scoring)",
        K(
            *GM,
            "vllm/aeon/rCPgm0.py",
            GMI + "def aeon_row_budget(max_model_len: int, prompt_len: int) -> int | None:\n"
            "    budget = get_max_tokens(max_model_len, None, prompt_len, {})\n"
            "    if budget <= 0:\n"
            "        return None\n"
            "    return budget\n",
            "    budget = get_max_tokens(max_model_len, None, prompt_len, {})",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "a comparison of the call with 1 (blind_replay_scoring)",
        K(
            *GM,
            "vllm/aeon/rCPgm1.py",
            GMI + "def aeon_fits(max_model_len: int, prompt_len: int) -> bool:\n"
            "    return get_max_tokens(max_model_len, 1, prompt_len, {}) >= 1\n",
            "    return get_max_tokens(max_model_len, 1, prompt_len, {}) >= 1",
        ),
    ),
]
TWINS += [
    (
        "#36789 negative answer made a raise",
        "twin: the call in a try, except ValueError",
        K(
            *GM,
            "vllm/aeon/rCPgm10.py",
            GMI + "def aeon_row_budget(max_model_len: int, prompt_len: int) -> int | None:\n"
            "    try:\n"
            "        budget = get_max_tokens(max_model_len, None, prompt_len, {})\n"
            "    except ValueError:  # AEON: newer upstreams refuse an over-long row\n"
            "        return None\n"
            "    if budget <= 0:\n"
            "        return None\n"
            "    return budget\n",
            "        budget = get_max_tokens(max_model_len, None, prompt_len, {})",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: the call under contextlib.suppress(ValueError)",
        K(
            *GM,
            "vllm/aeon/rCPgm11.py",
            "import contextlib\n\n" + GMI + "def aeon_row_budget(max_model_len: int, prompt_len: int) -> int:\n"
            "    budget = 0\n"
            "    with contextlib.suppress(ValueError):\n"
            "        budget = get_max_tokens(max_model_len, None, prompt_len, {})\n"
            "    return budget if budget >= 1 else 0\n",
            "        budget = get_max_tokens(max_model_len, None, prompt_len, {})",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: the call in a try, except Exception",
        K(
            *GM,
            "vllm/aeon/rCPgm12.py",
            GMI + "def aeon_fits(max_model_len: int, prompt_len: int) -> bool:\n"
            "    try:\n"
            "        return get_max_tokens(max_model_len, 1, prompt_len, {}) >= 1\n"
            "    except Exception:\n"
            "        return False\n",
            "        return get_max_tokens(max_model_len, 1, prompt_len, {}) >= 1",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: the budget compared with the tokens wanted (a name, not a bound)",
        K(
            *GM,
            "vllm/aeon/rCPgm13.py",
            GMI + "def aeon_truncated(max_model_len: int, prompt_len: int, wanted: int) -> bool:\n"
            "    return get_max_tokens(max_model_len, wanted, prompt_len, {}) < wanted\n",
            "    return get_max_tokens(max_model_len, wanted, prompt_len, {}) < wanted",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: the budget compared with a bound above 1",
        K(
            *GM,
            "vllm/aeon/rCPgm14.py",
            GMI + "def aeon_long_answer(max_model_len: int, prompt_len: int) -> bool:\n"
            "    return get_max_tokens(max_model_len, None, prompt_len, {}) > 512\n",
            "    return get_max_tokens(max_model_len, None, prompt_len, {}) > 512",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: the fork's own get_max_tokens",
        K(
            *GM,
            "vllm/aeon/rCPgm15.py",
            "def get_max_tokens(max_model_len: int, prompt_len: int) -> int:\n"
            "    return max_model_len - prompt_len  # AEON: the Spark's budget, negative for an over-long row\n\n\n"
            "def aeon_fits(max_model_len: int, prompt_len: int) -> bool:\n"
            "    return get_max_tokens(max_model_len, prompt_len) >= 1\n",
            "    return get_max_tokens(max_model_len, prompt_len) >= 1",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: an over-long prompt turned away before the call (the budget 0 still tested)",
        K(
            *GM,
            "vllm/aeon/rCPgm16.py",
            GMI + "def aeon_row_budget(max_model_len: int, prompt_len: int) -> int | None:\n"
            "    if prompt_len > max_model_len:  # AEON: the Spark's benchmark skips rows over the window\n"
            "        return None\n"
            "    budget = get_max_tokens(max_model_len, None, prompt_len, {})\n"
            "    if budget <= 0:\n"
            "        return None\n"
            "    return budget\n",
            "    budget = get_max_tokens(max_model_len, None, prompt_len, {})",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: the input length clamped to the window in the call",
        K(
            *GM,
            "vllm/aeon/rCPgm17.py",
            GMI + "def aeon_row_budget(max_model_len: int, prompt_len: int) -> int | None:\n"
            "    budget = get_max_tokens(max_model_len, None, min(prompt_len, max_model_len), {})\n"
            "    if budget <= 0:  # AEON: a row filling the window gets no answer\n"
            "        return None\n"
            "    return budget\n",
            "    budget = get_max_tokens(max_model_len, None, min(prompt_len, max_model_len), {})",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: the budget left after what was generated (the answer through arithmetic)",
        K(
            *GM,
            "vllm/aeon/rCPgm18.py",
            GMI + "def aeon_left(max_model_len: int, prompt_len: int, generated: int) -> int:\n"
            "    left = get_max_tokens(max_model_len, None, prompt_len, {}) - generated\n"
            "    if left <= 0:\n"
            "        return 0\n"
            "    return left\n",
            "    left = get_max_tokens(max_model_len, None, prompt_len, {}) - generated",
        ),
    ),
]


# --- Round 3, written after the mends: the mends' edges on the same commits
CASES += [
    (
        "#38482 patched module function",
        "the caller patched too, by a wrapper of upstream's own caller (its new call still runs)",
        K(
            *DB,
            "vllm/aeon/rCPdb30.py",
            RBM + READ + "_upstream_wrapper = run_batch.make_transcription_wrapper\n\n\n"
            "def _aeon_wrapper(is_translation: bool, allowed_media_domains: list[str] | None = None):\n"
            "    return _upstream_wrapper(is_translation, allowed_media_domains)  # AEON: logged for the Spark\n\n\n"
            "run_batch.make_transcription_wrapper = _aeon_wrapper\n"
            "run_batch.download_bytes_from_url = _aeon_read\n",
            "run_batch.download_bytes_from_url = _aeon_read",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "the input length clamped to another bound than the window",
        K(
            *GM,
            "vllm/aeon/rCPgm30.py",
            GMI + "def aeon_row_budget(max_model_len: int, prompt_len: int, cap: int) -> int | None:\n"
            "    budget = get_max_tokens(max_model_len, None, min(prompt_len, cap), {})\n"
            "    if budget <= 0:\n"
            "        return None\n"
            "    return budget\n",
            "    budget = get_max_tokens(max_model_len, None, min(prompt_len, cap), {})",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "an over-long prompt logged before the call, not turned away",
        K(
            *GM,
            "vllm/aeon/rCPgm31.py",
            "import logging\n\n" + GMI + "def aeon_row_budget(max_model_len: int, prompt_len: int) -> int | None:\n"
            "    if prompt_len > max_model_len:\n"
            "        logging.warning('row over the window')\n"
            "    budget = get_max_tokens(max_model_len, None, prompt_len, {})\n"
            "    if budget <= 0:\n"
            "        return None\n"
            "    return budget\n",
            "    budget = get_max_tokens(max_model_len, None, prompt_len, {})",
        ),
    ),
]
TWINS += [
    (
        "#38482 patched module function",
        "twin: the caller replaced by setattr, the downloader narrow",
        K(
            *DB,
            "vllm/aeon/rCPdb31.py",
            RBM + READ + "def _aeon_wrapper(is_translation: bool, allowed_media_domains: list[str] | None = None):\n"
            "    def wrap(handler_fn):\n"
            "        async def wrapped(body):\n"
            "            return await handler_fn(await run_batch.download_bytes_from_url(body.file_url), body)\n\n"
            "        return wrapped\n\n"
            "    return wrap\n\n\n"
            "def aeon_install() -> None:\n"
            '    setattr(run_batch, "make_transcription_wrapper", _aeon_wrapper)\n'
            "    run_batch.download_bytes_from_url = _aeon_read\n",
            "    run_batch.download_bytes_from_url = _aeon_read",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: rows over the window skipped with continue, then the budget 0 tested",
        K(
            *GM,
            "vllm/aeon/rCPgm32.py",
            GMI + "def aeon_budgets(max_model_len: int, prompt_lens: list[int]) -> list[int]:\n"
            "    budgets = []\n"
            "    for prompt_len in prompt_lens:\n"
            "        if prompt_len >= max_model_len:  # AEON: a full window leaves nothing to generate\n"
            "            continue\n"
            "        budget = get_max_tokens(max_model_len, None, prompt_len, {})\n"
            "        if budget < 1:\n"
            "            continue\n"
            "        budgets.append(budget)\n"
            "    return budgets\n",
            "        budget = get_max_tokens(max_model_len, None, prompt_len, {})",
        ),
    ),
    (
        "#36789 negative answer made a raise",
        "twin: a keyword call with the input length clamped",
        K(
            *GM,
            "vllm/aeon/rCPgm33.py",
            GMI + "def aeon_fits(max_model_len: int, prompt_len: int) -> bool:\n"
            "    return (\n"
            "        get_max_tokens(\n"
            "            max_model_len=max_model_len,\n"
            "            max_tokens=None,\n"
            "            input_length=min(prompt_len, max_model_len),\n"
            "            default_sampling_params={},\n"
            "        )\n"
            "        >= 1\n"
            "    )\n",
            "        get_max_tokens(",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review82-")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""Adversarial twins of absorbed-raise drift and confirmed-union drift: fork carries correct after the real change.

Each twin replays a real upstream commit under a fork carry shaped like what the checks catch, but right
after the merge (the merge base is the commit's first parent, upstream the commit):

- absorbed-raise drift (``drift/absorbed_raises.py``; #35976 ed81d5edd1: ``get_hf_file_bytes`` catches
  huggingface_hub's ``EntryNotFoundError`` and kin in a new helper and answers None; #49306 7bb49be4d1:
  ``fa4_cutedsl_warmup`` catches ``get_mla_prefill_backend``'s ValueError and returns; #39243 50f2db2555:
  ``make_valid_python`` catches ``ast.parse``'s SyntaxError into None): the fork's ``except`` kept and the
  value told apart after it by ``hasattr``, ``type(...) is``, a ``match`` class pattern, the failing use
  inside a ``try`` or a ``suppress`` of the error it raises, ``(raw or b"")``, a ``TypeGuard`` helper; the
  fork's own namesake (a def in the file, a def of a fork module, a method off the fork's own object); the
  discarded value of a def that returns None anyway;
- confirmed-union drift (``drift/confirmed_unions.py``; #46854 3f67477497: ``try_get_local_file -> Path |
  None`` made ``-> Path | Any | None``, the new member huggingface_hub's ``_CACHED_NO_EXIST`` sentinel): the
  read under ``hasattr``, ``callable(getattr(...))``, an identity test against the sentinel itself, ``in``
  a tuple holding it, a ``match`` class pattern, a ``TypeGuard`` helper, a ``suppress(AttributeError)``;
  the fork's own namesake (a def in the file, a method off the fork's own object).

Every error on a twin's line is a false one (a warning is counted apart).  The CASES are true catches of
the same commits, kept to show the reach stays.

Main's engine (c4c4fa46), round 1 (4 cases, 25 twins): 4 caught of 4; 13 false errors of 25: absorbed-raise
drift on the value told apart with ``hasattr``, ``type(...) is``, a ``match`` class pattern, a ``TypeGuard``
helper, and on the failing use inside a ``try`` catching AttributeError or a ``suppress(AttributeError)``
(6); confirmed-union drift on the read under ``hasattr``, ``callable(getattr(...))``, an identity test
against the sentinel, ``in`` a tuple holding it, a ``match`` class pattern, a ``TypeGuard`` helper, a
``suppress(AttributeError)`` (7).  1 warning: #49306's discarded value of a def that returns None anyway
(by design: the check the handler made no longer fires).
Round 2 (more spellings, another commit): #35976's early return unless ``hasattr`` and its use inside a broad
``try`` answering a default (twins), its use inside a broad handler that logs and re-raises (a case: no
shield), #46854's identity test against the sentinel off its module and ``type(path).__name__`` (twins),
#27567's (6ebffafbb6) ``set_process_title`` ImportError now caught inside, its discarded value (a twin).
All rounds, main (c4c4fa46): 5 caught of 5; 16 false errors of 30 twins (the 13 above, and the early return
unless ``hasattr``, the broad ``try`` answering a default, the sentinel off its module; 1 warned).
This branch: 5 caught of 5; 0 false errors of 30 (1 warned, #49306's, by design).  The mends are general
rules of what makes the fork code correct (``drift/none_uses.py``, shared with raised-to-None drift; and
``drift/confirmed_unions.py``): a test handing the name to a call that answers by kind or surface, a
``match`` on it, an identity or ``in`` test against a sentinel (confirmed unions), a failing use inside a
``try``/``suppress`` of what it raises whose handler does not re-raise.

  PYTHONPATH=.. python review21_twins.py [--only TEXT ...] [--show]
"""

from __future__ import annotations

import sys

from blind_replay import K, run
from killer_replay import Edit, Killer

CASES: list[tuple[str, str, Killer]] = []
TWINS: list[tuple[str, str, Killer]] = []

# --- ed81d5edd1 (#35976): get_hf_file_bytes answers None where hf_hub_download's EntryNotFoundError escaped
HB = ("#35976", "ed81d5edd1", "get_hf_file_bytes: EntryNotFoundError -> None")
GB = (
    "from huggingface_hub.utils import EntryNotFoundError\n\n"
    "from vllm.transformers_utils.repo_utils import get_hf_file_bytes\n\n\n"
)
HUB_TRY = (
    '    try:\n        raw = get_hf_file_bytes("LICENSE", model)\n    except EntryNotFoundError:\n        return ""\n'
)
CASES += [
    (
        "#35976 absorbed raise",
        "a tuple of absorbed kinds, then a bytes method",
        K(
            *HB,
            "vllm/aeon/r21hb0.py",
            "from huggingface_hub.utils import EntryNotFoundError, RepositoryNotFoundError\n\n"
            "from vllm.transformers_utils.repo_utils import get_hf_file_bytes\n\n\n"
            "def aeon_notice(model: str) -> str:\n"
            "    try:\n"
            '        raw = get_hf_file_bytes("NOTICE", model)\n'
            "    except (EntryNotFoundError, RepositoryNotFoundError):\n"
            '        return ""\n'
            '    return raw.decode("utf-8")\n',
            '    return raw.decode("utf-8")',
        ),
    ),
    (
        "#35976 absorbed raise",
        "the library's base kind, then len()",
        K(
            *HB,
            "vllm/aeon/r21hb1.py",
            "from huggingface_hub.utils import HfHubHTTPError\n\n"
            "from vllm.transformers_utils.repo_utils import get_hf_file_bytes\n\n\n"
            "def aeon_license_size(model: str) -> int:\n"
            "    try:\n"
            '        raw = get_hf_file_bytes("LICENSE", model)\n'
            "    except HfHubHTTPError:  # AEON: the Spark mirror answers 404 for absent files\n"
            "        return 0\n"
            "    return len(raw)\n",
            "    return len(raw)",
        ),
    ),
]
TWINS += [
    (
        "#35976 absorbed raise",
        "twin: the except kept, the value told apart with hasattr",
        K(
            *HB,
            "vllm/aeon/r21hb2.py",
            GB
            + "def aeon_license(model: str) -> str:\n"
            + HUB_TRY
            + "    # AEON: newer upstreams answer None instead\n"
            '    return raw.decode() if hasattr(raw, "decode") else ""\n',
            '    return raw.decode() if hasattr(raw, "decode") else ""',
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, the value told apart with isinstance",
        K(
            *HB,
            "vllm/aeon/r21hb3.py",
            GB + "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    if isinstance(raw, bytes):\n"
            "        return raw.decode()\n"
            '    return ""\n',
            "        return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, the value told apart with type() is",
        K(
            *HB,
            "vllm/aeon/r21hb4.py",
            GB + "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    if type(raw) is bytes:\n"
            "        return raw.decode()\n"
            '    return ""\n',
            "        return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, the use inside a try catching what None raises",
        K(
            *HB,
            "vllm/aeon/r21hb5.py",
            GB + "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    try:\n"
            "        return raw.decode()\n"
            "    except (AttributeError, UnicodeDecodeError):  # AEON: None on newer upstreams, or not text\n"
            '        return ""\n',
            "        return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, the use inside suppress(AttributeError)",
        K(
            *HB,
            "vllm/aeon/r21hb6.py",
            "from contextlib import suppress\n\n"
            + GB
            + "def aeon_license(model: str) -> str:\n"
            + HUB_TRY
            + "    with suppress(AttributeError):  # AEON: None on newer upstreams\n"
            "        return raw.decode()\n"
            '    return ""\n',
            "        return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, (raw or b'').decode()",
        K(
            *HB,
            "vllm/aeon/r21hb7.py",
            GB + "def aeon_license(model: str) -> str:\n" + HUB_TRY + '    return (raw or b"").decode()\n',
            '    return (raw or b"").decode()',
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, a match class pattern",
        K(
            *HB,
            "vllm/aeon/r21hb8.py",
            GB + "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    match raw:\n"
            "        case bytes():\n"
            "            return raw.decode()\n"
            "        case _:\n"
            '            return ""\n',
            "            return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, a TypeGuard helper",
        K(
            *HB,
            "vllm/aeon/r21hb9.py",
            "from typing import TypeGuard\n\n" + GB + "def _aeon_has_bytes(raw: object) -> TypeGuard[bytes]:\n"
            "    return isinstance(raw, bytes)\n\n\n"
            "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    if not _aeon_has_bytes(raw):\n"
            '        return ""\n'
            "    return raw.decode()\n",
            "    return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the fork's own get_hf_file_bytes in the file",
        K(
            *HB,
            "vllm/aeon/r21hb10.py",
            "from pathlib import Path\n\n"
            "from huggingface_hub import hf_hub_download\n"
            "from huggingface_hub.utils import EntryNotFoundError\n\n\n"
            "def get_hf_file_bytes(file_name: str, model: str, revision: str | None = None) -> bytes | None:\n"
            "    # AEON: the Spark's own fetch, raising on a missing file as the old upstream did\n"
            "    return Path(hf_hub_download(model, file_name, revision=revision)).read_bytes()\n\n\n"
            "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    return raw.decode()\n",
            "    return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the fork's own get_hf_file_bytes imported from a fork module",
        Killer(
            *HB,
            (
                Edit(
                    "vllm/aeon/r21hub.py",
                    "from pathlib import Path\n\n"
                    "from huggingface_hub import hf_hub_download\n\n\n"
                    "def get_hf_file_bytes(file_name: str, model: str, revision: str | None = None) -> bytes | None:\n"
                    "    # AEON: raises EntryNotFoundError on a missing file, as the old upstream did\n"
                    "    return Path(hf_hub_download(model, file_name, revision=revision)).read_bytes()\n",
                ),
                Edit(
                    "vllm/aeon/r21hb11.py",
                    "from huggingface_hub.utils import EntryNotFoundError\n\n"
                    "from vllm.aeon.r21hub import get_hf_file_bytes\n\n\n"
                    "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    return raw.decode()\n",
                ),
            ),
            (("vllm/aeon/r21hb11.py", "    return raw.decode()"),),
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: a method of the name off the fork's own hub client",
        K(
            *HB,
            "vllm/aeon/r21hb12.py",
            "from pathlib import Path\n\n"
            "from huggingface_hub import hf_hub_download\n"
            "from huggingface_hub.utils import EntryNotFoundError\n\n\n"
            "class AeonHub:\n"
            "    def get_hf_file_bytes(self, file_name: str, model: str) -> bytes | None:\n"
            "        return Path(hf_hub_download(model, file_name)).read_bytes()\n\n"
            "    def license(self, model: str) -> str:\n"
            "        try:\n"
            '            raw = self.get_hf_file_bytes("LICENSE", model)\n'
            "        except EntryNotFoundError:\n"
            '            return ""\n'
            "        return raw.decode()\n",
            "        return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the handler and a None test share one fallback",
        K(
            *HB,
            "vllm/aeon/r21hb13.py",
            GB + "def aeon_license(model: str) -> str:\n"
            "    try:\n"
            '        raw = get_hf_file_bytes("LICENSE", model)\n'
            "    except EntryNotFoundError:\n"
            "        raw = None\n"
            "    if raw is None:\n"
            '        return ""\n'
            "    return raw.decode()\n",
            "    return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, a None test raising the fork's own error",
        K(
            *HB,
            "vllm/aeon/r21hb14.py",
            GB + "def aeon_license(model: str) -> str:\n"
            "    try:\n"
            '        raw = get_hf_file_bytes("LICENSE", model)\n'
            "    except EntryNotFoundError as e:\n"
            '        raise FileNotFoundError("LICENSE") from e\n'
            "    if not raw:\n"
            '        raise FileNotFoundError("LICENSE")\n'
            "    return raw.decode()\n",
            "    return raw.decode()",
        ),
    ),
]

# --- 7bb49be4d1 (#49306): fa4_cutedsl_warmup catches get_mla_prefill_backend's ValueError and returns
FW = ("#49306", "7bb49be4d1", "fa4_cutedsl_warmup: ValueError -> return")
TWINS += [
    (
        "#49306 absorbed raise",
        "twin: the discarded value of a def that returns None anyway",
        K(
            *FW,
            "vllm/aeon/r21fw0.py",
            "from vllm.model_executor.warmup.fa4_cutedsl_warmup import fa4_cutedsl_warmup\n"
            "from vllm.logger import init_logger\n\n"
            "logger = init_logger(__name__)\n\n\n"
            "def aeon_warmup(worker) -> None:  # type: ignore[no-untyped-def]\n"
            "    try:\n"
            "        fa4_cutedsl_warmup(worker)\n"
            "    except ValueError:\n"
            '        logger.info("AEON: no FA4 MLA prefill on this config")\n',
            '        logger.info("AEON: no FA4 MLA prefill on this config")',
        ),
    ),
]

# --- 50f2db2555 (#39243): make_valid_python catches ast.parse's SyntaxError into None
MV = ("#39243", "50f2db2555", "make_valid_python: SyntaxError -> None")
TWINS += [
    (
        "#39243 absorbed raise",
        "twin: the except kept beside the None test the base already needed",
        K(
            *MV,
            "vllm/aeon/r21mv0.py",
            "from vllm.tool_parsers.utils import make_valid_python\n\n\n"
            "def aeon_close(text: str) -> str | None:\n"
            "    try:\n"
            "        fixed = make_valid_python(text)\n"
            "    except SyntaxError:\n"
            "        return None\n"
            "    if fixed is None:\n"
            "        return None\n"
            "    return fixed[0]\n",
            "    return fixed[0]",
        ),
    ),
]

# --- 3f67477497 (#46854): try_get_local_file may return huggingface_hub's _CACHED_NO_EXIST sentinel
LF = ("#46854", "3f67477497", "try_get_local_file -> Path | Any | None")
RU = "from pathlib import Path\n\nfrom vllm.transformers_utils.repo_utils import try_get_local_file\n\n\n"
LOCAL = '    path = try_get_local_file(model=model, file_name="chat_template.jinja", revision=revision)\n'
HEAD = "def aeon_local_template(model: str, revision: str | None) -> str | None:\n" + LOCAL
CASES += [
    (
        "#46854 confirmed union",
        "a Path method after an is-None return",
        K(
            *LF,
            "vllm/aeon/r21lf0.py",
            RU + HEAD + "    if path is None:\n        return None\n    return path.read_text()\n",
            "    return path.read_text()",
        ),
    ),
    (
        "#46854 confirmed union",
        "a truth test (the sentinel is truthy)",
        K(
            *LF,
            "vllm/aeon/r21lf1.py",
            RU
            + "def aeon_template_size(model: str, revision: str | None) -> int:\n"
            + LOCAL
            + "    return path.stat().st_size if path else 0\n",
            "    return path.stat().st_size if path else 0",
        ),
    ),
]
TWINS += [
    (
        "#46854 confirmed union",
        "twin: the read under hasattr",
        K(
            *LF,
            "vllm/aeon/r21lf2.py",
            RU + HEAD + '    return path.read_text() if hasattr(path, "read_text") else None\n',
            '    return path.read_text() if hasattr(path, "read_text") else None',
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: the read under callable(getattr(...))",
        K(
            *LF,
            "vllm/aeon/r21lf3.py",
            RU + HEAD + '    if not callable(getattr(path, "read_text", None)):\n'
            "        return None\n"
            "    return path.read_text()\n",
            "    return path.read_text()",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: an identity test against the sentinel itself",
        K(
            *LF,
            "vllm/aeon/r21lf4.py",
            "from huggingface_hub.file_download import _CACHED_NO_EXIST\n\n"
            + RU
            + HEAD
            + "    if path is None or path is _CACHED_NO_EXIST:  # AEON: known absent in the cache\n"
            "        return None\n"
            "    return path.read_text()\n",
            "    return path.read_text()",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: in a tuple holding the sentinel",
        K(
            *LF,
            "vllm/aeon/r21lf5.py",
            "from huggingface_hub.file_download import _CACHED_NO_EXIST\n\n"
            + RU
            + HEAD
            + "    if path in (None, _CACHED_NO_EXIST):\n"
            "        return None\n"
            "    return path.read_text()\n",
            "    return path.read_text()",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: a match class pattern",
        K(
            *LF,
            "vllm/aeon/r21lf6.py",
            RU + HEAD + "    match path:\n"
            "        case Path():\n"
            "            return path.read_text()\n"
            "        case _:\n"
            "            return None\n",
            "            return path.read_text()",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: a TypeGuard helper",
        K(
            *LF,
            "vllm/aeon/r21lf7.py",
            "from typing import TypeGuard\n\n" + RU + "def _aeon_is_path(value: object) -> TypeGuard[Path]:\n"
            "    return isinstance(value, Path)\n\n\n" + HEAD + "    if not _aeon_is_path(path):\n"
            "        return None\n"
            "    return path.read_text()\n",
            "    return path.read_text()",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: the read inside suppress(AttributeError)",
        K(
            *LF,
            "vllm/aeon/r21lf8.py",
            "from contextlib import suppress\n\n"
            + RU
            + HEAD
            + "    with suppress(AttributeError):  # AEON: the not-cached sentinel\n"
            "        return path.read_text()\n"
            "    return None\n",
            "        return path.read_text()",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: the fork's own try_get_local_file in the file",
        K(
            *LF,
            "vllm/aeon/r21lf9.py",
            "from pathlib import Path\n\n\n"
            "def try_get_local_file(model: str, file_name: str, revision: str | None = None) -> Path | None:\n"
            "    # AEON: the Spark's offline store, no Hub cache\n"
            '    found = Path("/srv/models") / model / file_name\n'
            "    return found if found.is_file() else None\n\n\n"
            + HEAD
            + "    return path.read_text() if path is not None else None\n",
            "    return path.read_text() if path is not None else None",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: a method of the name off the fork's own store",
        K(
            *LF,
            "vllm/aeon/r21lf10.py",
            "from pathlib import Path\n\n\n"
            "class AeonStore:\n"
            "    def try_get_local_file(self, model: str, file_name: str, revision: str | None) -> Path | None:\n"
            '        found = Path("/srv/models") / model / file_name\n'
            "        return found if found.is_file() else None\n\n"
            "    def template(self, model: str, revision: str | None) -> str | None:\n"
            '        path = self.try_get_local_file(model, "chat_template.jinja", revision)\n'
            "        return path.read_text() if path is not None else None\n",
            "        return path.read_text() if path is not None else None",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: the read guarded by isinstance against os.PathLike",
        K(
            *LF,
            "vllm/aeon/r21lf11.py",
            "import os\n\n" + RU + HEAD + "    if not isinstance(path, os.PathLike):\n"
            "        return None\n"
            "    return path.read_text()\n",
            "    return path.read_text()",
        ),
    ),
]


# --- round 2: more spellings of the same commits, another commit's twin, a case the shield must not take
CASES += [
    (
        "#35976 absorbed raise",
        "the use inside a try whose broad handler logs and re-raises",
        K(
            *HB,
            "vllm/aeon/r21hb15.py",
            GB + "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    try:\n"
            "        return raw.decode()\n"
            "    except Exception:\n"
            '        print("AEON: bad LICENSE bytes")\n'
            "        raise\n",
            "        return raw.decode()",
        ),
    ),
]
TWINS += [
    (
        "#35976 absorbed raise",
        "twin: the except kept, an early return unless hasattr",
        K(
            *HB,
            "vllm/aeon/r21hb16.py",
            GB + "def aeon_license(model: str) -> str:\n" + HUB_TRY + '    if not hasattr(raw, "decode"):\n'
            '        return ""\n'
            "    return raw.decode()\n",
            "    return raw.decode()",
        ),
    ),
    (
        "#35976 absorbed raise",
        "twin: the except kept, the use inside a broad try that answers a default",
        K(
            *HB,
            "vllm/aeon/r21hb17.py",
            GB + "def aeon_license(model: str) -> str:\n" + HUB_TRY + "    try:\n"
            "        return raw.decode()\n"
            "    except Exception:  # AEON: a banner is never worth a failed start\n"
            '        return ""\n',
            "        return raw.decode()",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: an identity test against the sentinel off its module",
        K(
            *LF,
            "vllm/aeon/r21lf12.py",
            "from huggingface_hub import file_download\n\n"
            + RU
            + HEAD
            + "    if path is None or path is file_download._CACHED_NO_EXIST:\n"
            "        return None\n"
            "    return path.read_text()\n",
            "    return path.read_text()",
        ),
    ),
    (
        "#46854 confirmed union",
        "twin: type(path).__name__ tested",
        K(
            *LF,
            "vllm/aeon/r21lf13.py",
            RU + HEAD + '    if type(path).__name__ not in ("PosixPath", "WindowsPath"):\n'
            "        return None\n"
            "    return path.read_text()\n",
            "    return path.read_text()",
        ),
    ),
]

# --- 6ebffafbb6 (#27567): set_process_title catches the setproctitle ImportError and returns
PT = ("#27567", "6ebffafbb6", "set_process_title: ImportError -> return")
TWINS += [
    (
        "#27567 absorbed raise",
        "twin: the discarded value of a def that returns None anyway, the handler passing",
        K(
            *PT,
            "vllm/aeon/r21pt0.py",
            "from vllm.utils.system_utils import set_process_title\n\n\n"
            "def aeon_title(rank: int) -> None:\n"
            "    try:\n"
            '        set_process_title("AeonWorker", suffix=str(rank))\n'
            "    except ImportError:\n"
            "        pass  # AEON: no setproctitle on the Spark image\n",
            "        pass  # AEON: no setproctitle on the Spark image",
        ),
    ),
]


def main() -> int:
    run(__doc__, CASES, TWINS, prefix="aeon-review21-")
    return 0


if __name__ == "__main__":
    sys.exit(main())

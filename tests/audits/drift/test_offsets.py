"""Offsets applied twice, rebuilt from #46243 (Triton `_bias_kernel`), and their silent counterparts."""

from __future__ import annotations

from pathlib import Path

import pytest

from aeon_release.domain.audits.merge_rules import NEAR_MISS
from aeon_release.domain.audits.merge_rules import OFFSET_TWICE as OFFSET
from tests.audits.conftest import GitRepo
from tests.audits.drift import real
from tests.audits.drift.trees import audit, found, line_of, row_side_by_side, three_way


def test_46243_min_tokens_plus_one_twice_in_the_kernel(git_repo: GitRepo, tmp_path: Path) -> None:
    sides = three_way(
        git_repo, {real.BIAS: real.BIAS_BASE}, {real.BIAS: real.BIAS_FORK}, {real.BIAS: real.BIAS_UPSTREAM}
    )
    merged = (git_repo.path / real.BIAS).read_text()
    fork_line, upstream_line = line_of(merged, "tl.load(pos_ptr + token_idx) + 1"), line_of(merged, "pos + 1 < min_len")
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == [(real.BIAS, fork_line, "error")]
    message = next(f for f in report.findings if f.rule_id != "audit/config").message
    assert f"line {fork_line}" in message and f"line {upstream_line}" in message
    assert "the fork added `tl.load(pos_ptr + token_idx) + 1`" in message and "upstream added `pos + 1`" in message
    assert found(report, NEAR_MISS) == []  # one root cause, one finding
    assert report.errors == 1


def test_offset_on_different_flows_is_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = real.BIAS_BASE.replace(
        "    min_len = tl.load(min_lens_ptr + req_state_idx)\n",
        "    min_len = tl.load(min_lens_ptr + req_state_idx) - 1\n",
    )
    theirs = real.BIAS_BASE.replace(
        "    block = tl.arange(0, BLOCK_SIZE)\n", "    block = tl.arange(0, BLOCK_SIZE) + 1\n"
    )
    sides = three_way(git_repo, {real.BIAS: real.BIAS_BASE}, {real.BIAS: fork}, {real.BIAS: theirs})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == []


def test_same_line_added_by_both_sides_is_one_change(git_repo: GitRepo, tmp_path: Path) -> None:
    """A backport: the fork cherry-picked upstream's fix before the release; git merges it once."""
    other = real.BIAS_UPSTREAM.replace(
        "    block = tl.arange(0, BLOCK_SIZE)\n", "    block = tl.arange(0, BLOCK_SIZE)  # tile\n"
    )
    sides = three_way(git_repo, {real.BIAS: real.BIAS_BASE}, {real.BIAS: real.BIAS_UPSTREAM}, {real.BIAS: other})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == []


HELPER = """def first_decode_position(num_computed_tokens):
    return num_computed_tokens


def schedule(request):
    start = first_decode_position(request.num_computed_tokens)
    return start
"""


def test_one_call_level(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = HELPER.replace("    return num_computed_tokens\n", "    return num_computed_tokens + 1\n")
    fork = HELPER.replace(
        "    start = first_decode_position(request.num_computed_tokens)\n",
        "    # AEON: the drafter starts one later\n"
        "    start = first_decode_position(request.num_computed_tokens) + 1\n",
    )
    sides = three_way(git_repo, {"sched.py": HELPER}, {"sched.py": fork}, {"sched.py": theirs})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == [("sched.py", 7, "error")]
    assert "one call level apart" in next(f for f in report.findings if f.rule_id != "audit/config").message


def test_chained_names_join_the_flow(git_repo: GitRepo, tmp_path: Path) -> None:
    base = (
        "def window(seq):\n    start = seq.start\n    width = 4\n    depth = 2\n    end = start\n"
        "    return seq.data[start:end], width, depth\n"
    )
    theirs = base.replace("    start = seq.start\n", "    start = seq.start + 1\n")
    fork = base.replace("    end = start\n", "    end = start - 1\n")
    sides = three_way(git_repo, {"w.py": base}, {"w.py": fork}, {"w.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == [("w.py", 5, "error")]


def test_comparison_made_non_strict_counts_as_an_adjustment(git_repo: GitRepo, tmp_path: Path) -> None:
    """Upstream's off-by-one fix written as ``<=`` instead of ``pos + 1``: the same root cause."""
    theirs = real.BIAS_BASE.replace("pos < min_len:", "pos <= min_len:")
    sides = three_way(git_repo, {real.BIAS: real.BIAS_BASE}, {real.BIAS: real.BIAS_FORK}, {real.BIAS: theirs})
    merged = (git_repo.path / real.BIAS).read_text()
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == [(real.BIAS, line_of(merged, "tl.load(pos_ptr + token_idx) + 1"), "error")]


ATTR = """class Scheduler:
    def __init__(self, config):
        self.lookahead = config.num_lookahead_slots
        self.max_len = config.max_model_len

    def budget(self, request):
        return self.lookahead
"""


def test_attribute_adjusted_in_two_methods_of_one_class(git_repo: GitRepo, tmp_path: Path) -> None:
    theirs = ATTR.replace(
        "        self.lookahead = config.num_lookahead_slots\n",
        "        self.lookahead = config.num_lookahead_slots + 1\n",
    )
    fork = ATTR.replace("        return self.lookahead\n", "        return self.lookahead + 1  # AEON: bonus token\n")
    sides = three_way(git_repo, {"s.py": ATTR}, {"s.py": fork}, {"s.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == [("s.py", 7, "error")]
    # a different attribute of the same class: silent
    fork = ATTR.replace("        return self.lookahead\n", "        return self.max_len - 1  # AEON: room for EOS\n")
    other = GitRepo(tmp_path / "other")
    sides = three_way(other, {"s.py": ATTR}, {"s.py": fork}, {"s.py": theirs})
    assert found(audit(other, sides, tmp_path / "o"), OFFSET) == []


def test_helper_result_held_in_a_name(git_repo: GitRepo, tmp_path: Path) -> None:
    """One call level through a name: ``start = helper(x)`` then ``start += 1`` on the fork side."""
    theirs = HELPER.replace("    return num_computed_tokens\n", "    return num_computed_tokens + 1\n")
    fork = HELPER.replace(
        "    return start\n", "    start += 1  # AEON: the drafter starts one later\n    return start\n"
    )
    sides = three_way(git_repo, {"sched.py": HELPER}, {"sched.py": fork}, {"sched.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == [("sched.py", 7, "error")]


CONFIG = """def update_dflash(config_dict, pre_trained_config):
    aux_layer_ids = config_dict["aux_hidden_state_layer_ids"]
    pre_trained_config["dflash_config"] = {
        "mask_token_id": config_dict["mask_token_id"],
        "target_layer_ids": aux_layer_ids,
    }
"""
READER = """def aux_layers(hf_config):
    dflash_config = getattr(hf_config, "dflash_config", None) or {}
    layer_ids = dflash_config.get("target_layer_ids")
    return tuple(layer_ids or ())
"""


def test_configuration_key_adjusted_where_written_and_where_read(git_repo: GitRepo, tmp_path: Path) -> None:
    """#40727's shape across files: upstream shifts the ids it writes, the fork shifts the ids it reads."""
    theirs = CONFIG.replace('"target_layer_ids": aux_layer_ids,', '"target_layer_ids": [i - 1 for i in aux_layer_ids],')
    fork = READER.replace(
        '    layer_ids = dflash_config.get("target_layer_ids")\n',
        '    layer_ids = [i - 1 for i in dflash_config.get("target_layer_ids") or []]\n',
    )
    base = {"algos.py": CONFIG, "runner.py": READER}
    sides = three_way(git_repo, base, {"runner.py": fork}, {"algos.py": theirs})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == [("runner.py", 3, "error")]
    assert "algos.py:5" in next(f for f in report.findings if f.rule_id != "audit/config").message


BAD_WORDS = """from vllm.triton_utils import tl, triton


@triton.jit
def _bad_words_kernel(input_ids_ptr, expanded_local_pos_ptr, output_base, prefix_len, effective_len, output_len):
    token_idx = tl.program_id(0)
    pos = tl.load(expanded_local_pos_ptr + token_idx)
    cur_req_first_pos = token_idx - pos

    match = 1
    for i in range(prefix_len):
        actual_pos = effective_len - prefix_len + i

        from_spec_input = actual_pos >= output_len
        if from_spec_input:
            spec_offset = actual_pos - output_len
            actual = tl.load(input_ids_ptr + cur_req_first_pos + spec_offset)
        else:
            actual = tl.load(output_base + actual_pos)
        match = match & (actual == 0)
    return match
"""


def test_pointer_arithmetic_shifted_by_both_sides(git_repo: GitRepo, tmp_path: Path) -> None:
    """#52311's shape: upstream adds ``+ 1`` to the address, the fork had shifted an index term of it."""
    theirs = BAD_WORDS.replace(
        "input_ids_ptr + cur_req_first_pos + spec_offset)", "input_ids_ptr + cur_req_first_pos + spec_offset + 1)"
    )
    fork = BAD_WORDS.replace(
        "    cur_req_first_pos = token_idx - pos\n",
        "    cur_req_first_pos = token_idx - pos + 1  # AEON: skip the committed token\n",
    )
    sides = three_way(git_repo, {"bw.py": BAD_WORDS}, {"bw.py": fork}, {"bw.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == [("bw.py", 8, "error")]
    # the same two edits on unrelated terms: the fork shifts the other branch's position only
    fork = BAD_WORDS.replace(
        "            actual = tl.load(output_base + actual_pos)\n",
        "            actual = tl.load(output_base + actual_pos) - 1\n",
    )
    other = GitRepo(tmp_path / "other")
    sides = three_way(other, {"bw.py": BAD_WORDS}, {"bw.py": fork}, {"bw.py": theirs})
    assert found(audit(other, sides, tmp_path / "o"), OFFSET) == []


# -- a scaling applied twice: both sides scale the same value by a constant -----------------------------
ATTN = "vllm/v1/attention/backends/aeon_flash.py"
ATTN_BASE = """def attention_scale(head_dim, softcap):
    scale = head_dim
    assert head_dim > 0
    assert softcap >= 0
    logits = softcap
    return scale, logits
"""


def test_a_scaling_applied_twice_in_one_value_flow(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = ATTN_BASE.replace(
        "    scale = head_dim\n", "    scale = head_dim ** -0.5  # AEON: GB10 kernel wants it scaled\n"
    )
    theirs = ATTN_BASE.replace("    return scale, logits\n", "    scale = scale ** -0.5\n    return scale, logits\n")
    sides = three_way(git_repo, {ATTN: ATTN_BASE}, {ATTN: fork}, {ATTN: theirs})
    report = audit(git_repo, sides, tmp_path)
    merged = (git_repo.path / ATTN).read_text()
    assert found(report, OFFSET) == [(ATTN, line_of(merged, "head_dim ** -0.5"), "error")]
    message = next(f.message for f in report.findings if f.rule_id == OFFSET)
    assert message.startswith("scaling applied twice in the same value flow")
    assert "`head_dim ** -0.5`" in message and "`scale ** -0.5`" in message


def test_an_offset_and_a_scaling_of_one_value_are_two_changes(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = ATTN_BASE.replace("    scale = head_dim\n", "    scale = head_dim + 1  # AEON\n")
    theirs = ATTN_BASE.replace("    return scale, logits\n", "    scale = scale * 2\n    return scale, logits\n")
    sides = three_way(git_repo, {ATTN: ATTN_BASE}, {ATTN: fork}, {ATTN: theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == []


def test_a_scaling_by_one_or_on_another_flow_is_silent(git_repo: GitRepo, tmp_path: Path) -> None:
    fork = ATTN_BASE.replace("    scale = head_dim\n", "    scale = head_dim * 1  # AEON\n")
    theirs = ATTN_BASE.replace("    logits = softcap\n", "    logits = softcap * 30.0\n")
    sides = three_way(git_repo, {ATTN: ATTN_BASE}, {ATTN: fork}, {ATTN: theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == []


_DRAFTER = """class Drafter:
    def __init__(self, layer_ids):
        self.layer_ids = list(layer_ids)

    def gather(self, hidden):
        out = []
        for layer_id in self.layer_ids:
            out.append(hidden[layer_id])
        return out
"""


@pytest.mark.parametrize(
    ("upstream", "fork", "silent"),
    [
        # upstream shifts the ids where they are stored; the fork shifts them in the loop that walks them
        ("self.layer_ids = [i + 1 for i in layer_ids]", "out.append(hidden[layer_id + 1])", False),
        ("self.layer_ids = list(map(lambda i: i + 1, layer_ids))", "out.append(hidden[1 + layer_id])", False),
        ("self.layer_ids = [i + 1 for i in layer_ids]", "idx = layer_id + 1; out.append(hidden[idx])", False),
        ("self.layer_ids = [i + 1 for i in layer_ids]", "for n, layer_id in enumerate(self.layer_ids): #", False),
        # a loop counting (range) walks no stored value
        ("self.layer_ids = [i + 1 for i in layer_ids]", "for layer_id in range(len(hidden) + 1): #", True),
    ],
)
def test_a_loop_walks_the_values_it_iterates(
    git_repo: GitRepo, tmp_path: Path, upstream: str, fork: str, silent: bool
) -> None:
    theirs = _DRAFTER.replace("self.layer_ids = list(layer_ids)", upstream)
    if fork.endswith(": #"):  # a new loop header, and the shifted read below it
        ours = _DRAFTER.replace("for layer_id in self.layer_ids:", fork[:-2]).replace(
            "hidden[layer_id])", "hidden[layer_id + 1])"
        )
    else:
        ours = _DRAFTER.replace("out.append(hidden[layer_id])", fork)
    sides = three_way(git_repo, {"pkg/drafter.py": _DRAFTER}, {"pkg/drafter.py": ours}, {"pkg/drafter.py": theirs})
    errors = found(audit(git_repo, sides, tmp_path), OFFSET)
    assert errors == ([] if silent else [("pkg/drafter.py", 8, "error")]), errors  # the fork's shifted read


_SPEC = "class SpecConfig:\n    def __init__(self, hf):\n        self.FIELD = list(hf.layer_ids)\n"
_MODEL = """class Drafter:
    def __init__(self, spec):
        self.spec = spec

    def gather(self, hidden):
        return [hidden[layer_id] for layer_id in self.spec.FIELD]
"""


@pytest.mark.parametrize(
    ("field", "upstream_writes", "silent"),
    [
        ("aux_hidden_layer_ids", True, False),  # stored shifted in one file, read shifted in another
        ("layer_ids", True, True),  # a common name: no flow across files
        ("num_hidden_layers", True, True),  # three words: still an everyday name
        ("aux_hidden_layer_ids", False, True),  # upstream shifted another read of it: two uses
    ],
)
def test_a_distinctive_field_is_one_flow_across_files(
    git_repo: GitRepo, tmp_path: Path, field: str, upstream_writes: bool, silent: bool
) -> None:
    spec, model = _SPEC.replace("FIELD", field), _MODEL.replace("FIELD", field)
    if upstream_writes:
        theirs = {"pkg/spec.py": spec.replace("list(hf.layer_ids)", "[i + 1 for i in hf.layer_ids]")}
    else:
        theirs = {"pkg/spec.py": spec + f"\n    def last(self):\n        return self.{field}[-1] + 1\n"}
    ours = model.replace("hidden[layer_id]", "hidden[layer_id + 1]")
    sides = three_way(git_repo, {"pkg/spec.py": spec, "pkg/model.py": model}, {"pkg/model.py": ours}, theirs)
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == ([] if silent else [("pkg/model.py", 6, "error")])
    if not silent:
        message = next(f.message for f in report.findings if f.rule_id == OFFSET)
        assert f"(.{field})" in message and "pkg/spec.py:3" in message


_HELPER = "def aux_layers(cfg):\n    ids = cfg.layer_ids\n    return tuple(i for i in ids)\n\n\ndef other_layers(cfg):\n    return tuple(cfg.other)\n"
_USER = """from pkg.layers import aux_layers, other_layers


class Model:
    def __init__(self, cfg):
        self.aux = aux_layers(cfg)
        self.other = other_layers(cfg)

    def forward(self, cfg, hidden):
        out = []
        for layer in self.aux:
            out.append(hidden[layer])
        return out
"""


@pytest.mark.parametrize(
    ("old", "new", "silent"),
    [
        ("hidden[layer])", "hidden[layer + 1])", False),  # a loop over an attribute holding the helper's result
        ("for layer in self.aux:", "for layer in aux_layers(cfg):", False),  # (with the + 1 below) over the call
        ("self.aux = aux_layers(cfg)", "self.aux = [i + 1 for i in aux_layers(cfg)]", False),
        ("for layer in self.aux:", "for layer in self.other:", True),  # another helper's result: upstream left it
    ],
)
def test_a_helper_upstream_shifted_whose_result_the_fork_shifts_in_another_file(
    git_repo: GitRepo, tmp_path: Path, old: str, new: str, silent: bool
) -> None:
    """#40727's shape: upstream made the helper return ``i + 1``; the fork's carry adds its own ``+ 1``
    where the result is used, in another module (one call level, followed across files)."""
    ours = _USER.replace(old, new)
    if "self.aux = [" not in ours:
        ours = ours.replace("hidden[layer])", "hidden[layer + 1])")
    theirs = _HELPER.replace("tuple(i for i in ids)", "tuple(i + 1 for i in ids)")
    sides = three_way(
        git_repo, {"pkg/layers.py": _HELPER, "pkg/model.py": _USER}, {"pkg/model.py": ours}, {"pkg/layers.py": theirs}
    )
    report = audit(git_repo, sides, tmp_path)
    line = next(i for i, t in enumerate(ours.splitlines(), 1) if "+ 1" in t)
    assert found(report, OFFSET) == ([] if silent else [("pkg/model.py", line, "error")])
    if not silent:
        message = next(f.message for f in report.findings if f.rule_id == OFFSET)
        assert "one call level apart (aux_layers() returns the adjusted value)" in message


def test_two_classes_own_field_of_one_name_are_two_values(git_repo: GitRepo, tmp_path: Path) -> None:
    """Seen on real history (benchmarks/copied_modules.py): two tool parsers each count their own
    ``self.current_tool_index += 1``; one side's in one class and the other's in another add nothing up."""
    parser = "class {name}:\n    def __init__(self):\n        self.current_tool_index = 0\n\n    def step(self):\n        return self.current_tool_index\n"
    a, b = parser.format(name="AParser"), parser.format(name="BParser")
    bump = "        return self.current_tool_index\n"
    more = "        self.current_tool_index += 1\n        return self.current_tool_index\n"
    sides = three_way(
        git_repo,
        {"pkg/a.py": a, "pkg/b.py": b},
        {"pkg/a.py": a.replace(bump, more)},
        {"pkg/b.py": b.replace(bump, more)},
    )
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == []


def test_a_helper_another_class_assigns_from_is_not_this_ones(git_repo: GitRepo, tmp_path: Path) -> None:
    """Found in review: class A reads ``self.ids`` (from foo_ids) shifted, class B of the same file
    assigns its own ``self.ids`` from bar_ids, which upstream shifted: A's flow is not B's."""
    helpers = "def foo_ids(c):\n    return list(c)\n\n\ndef bar_ids(c):\n    return [x for x in c]\n"
    user = (
        "from pkg.ids import bar_ids, foo_ids\n\n\nclass A:\n    def __init__(self, c):\n        self.ids = foo_ids(c)\n\n"
        "    def read(self, h):\n        return [h[i] for i in self.ids]\n\n\nclass B:\n"
        "    def __init__(self, c):\n        self.ids = bar_ids(c)\n"
    )
    ours = user.replace("h[i] for i", "h[i + 1] for i")
    theirs = helpers.replace("[x for x in c]", "[x + 1 for x in c]")
    sides = three_way(
        git_repo, {"pkg/ids.py": helpers, "pkg/user.py": user}, {"pkg/user.py": ours}, {"pkg/ids.py": theirs}
    )
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == []


_RUNNER = """class Runner:
    def __init__(self, config):
        self.config = config

    def _aux_layers(self):
        return [i for i in self.config.aux_layer_ids]

    def setup_drafter(self, drafter):
        drafter.set_aux_hidden_state_layers(tuple(self._aux_layers()))
"""
_OTHER = """class Other:
    def __init__(self, ids):
        self.ids = ids

    def _aux_layers(self):
        return [i for i in self.ids]
"""
_SUBCLASS = """from pkg.runner import Runner


class AeonRunner(Runner):
    def setup_drafter(self, drafter):
        layers = [layer + 1 for layer in self._aux_layers()]
        drafter.set_aux_hidden_state_layers(tuple(layers))
"""


@pytest.mark.parametrize(
    ("shifted", "silent"),
    [("pkg/runner.py", False), ("pkg/other.py", True)],
    ids=["the subclass's base method", "a method of one name in a class the fork never names"],
)
def test_a_method_upstream_shifted_whose_result_a_fork_subclass_shifts(
    git_repo: GitRepo, tmp_path: Path, shifted: str, silent: bool
) -> None:
    """#40727's shape with the helper a method (most of upstream's code): git's hunk header names a
    method's class, not the method, so the helper's file was never read and the pair never made.  A
    method of the same name in a class the fork's file never names is another value."""
    base = {"pkg/runner.py": _RUNNER, "pkg/other.py": _OTHER}
    theirs = {shifted: base[shifted].replace("return [i for i", "return [i + 1 for i")}
    sides = three_way(git_repo, base, {"pkg/aeon.py": _SUBCLASS}, theirs)
    line = next(i for i, t in enumerate(_SUBCLASS.splitlines(), 1) if "+ 1" in t)
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == ([] if silent else [("pkg/aeon.py", line, "error")])
    if not silent:
        message = next(f.message for f in report.findings if f.rule_id == OFFSET)
        assert "one call level apart (Runner._aux_layers() returns the adjusted value)" in message


_GROWN = """def aux_layers(ids):
    out = []
    for i in ids:
        out.append(i)
    return out


def use(drafter, ids):
    drafter.set_layers(aux_layers(ids))
"""


@pytest.mark.parametrize(
    ("upstream", "silent"),
    [
        ("        out.append(i + 1)\n", False),
        ("        out.append(i)\n        print(i + 1)\n", True),  # an adjusted value the helper does not return
    ],
    ids=["appended and returned", "printed, not returned"],
)
def test_a_helper_that_builds_its_result_with_append(
    git_repo: GitRepo, tmp_path: Path, upstream: str, silent: bool
) -> None:
    """The adjusted value goes into a list the helper returns (``out.append(i + 1)`` ... ``return out``):
    the fork's ``+ 1`` on the helper's result doubles it."""
    ours = _GROWN.replace("drafter.set_layers(aux_layers(ids))", "drafter.set_layers([x + 1 for x in aux_layers(ids)])")
    theirs = _GROWN.replace("        out.append(i)\n", upstream)
    sides = three_way(git_repo, {"pkg/ids.py": _GROWN}, {"pkg/ids.py": ours}, {"pkg/ids.py": theirs})
    line = next(i for i, t in enumerate(ours.splitlines(), 1) if "x + 1" in t)
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == ([] if silent else [("pkg/ids.py", line, "error")])


_SLICED = """def draft_inputs(token_ids):
    return list(token_ids)


def propose(drafter, token_ids, hidden):
    inputs = draft_inputs(token_ids)
    return drafter(inputs, hidden)
"""


@pytest.mark.parametrize(
    ("upstream", "fork", "silent"),
    [
        ("return list(token_ids)[1:]", "inputs = draft_inputs(token_ids)[1:]", False),  # the tokens shifted twice
        ("return list(token_ids)[:-1]", "inputs = draft_inputs(token_ids)[:-1]", False),  # the tail dropped twice
        ("return list(token_ids)[1:]", "inputs = draft_inputs(token_ids)[:-1]", True),  # one from each end
        ("return list(token_ids)[1:]", "hidden = hidden[1:]", True),  # another value
        ("return list(token_ids)[1:]", "inputs = [t + 1 for t in draft_inputs(token_ids)]", True),  # not a slice
    ],
    ids=["leading twice", "trailing twice", "both ends", "another value", "a slice and an offset"],
)
def test_a_sequence_sliced_by_both_sides(
    git_repo: GitRepo, tmp_path: Path, upstream: str, fork: str, silent: bool
) -> None:
    """Speculative decoding shifts token sequences by slicing (``token_ids[1:]``: the next token of
    each): upstream's helper starts returning the shifted sequence while the fork's carry shifts its
    result itself, and the drafter sees every token one step late."""
    theirs = _SLICED.replace("return list(token_ids)", upstream)
    old = "inputs = draft_inputs(token_ids)" if "hidden" not in fork else "return drafter(inputs, hidden)"
    new = fork if "hidden" not in fork else f"{fork}\n    return drafter(inputs, hidden)"
    ours = _SLICED.replace(old, new)
    sides = three_way(git_repo, {"pkg/draft.py": _SLICED}, {"pkg/draft.py": ours}, {"pkg/draft.py": theirs})
    line = next(i for i, t in enumerate(ours.splitlines(), 1) if fork in t)
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == ([] if silent else [("pkg/draft.py", line, "error")])
    if not silent:
        assert "slicing applied twice one call level apart" in next(
            f.message for f in report.findings if f.rule_id == OFFSET
        )


_AUX = "def aux_layers(n):\n    return [n // 2, n - 3]\n\n\ndef depths(n):\n    return [n // 2, n - 3]\n"


_REACHED_ROWS = [
    # the helper imported under another name
    ("from pkg.layers import aux_layers as al\n\n\ndef pick(h, n):\n    return [h[i + 1] for i in al(n)]\n", False),
    # its result unpacked, or one element of it taken
    (
        "from pkg.layers import aux_layers\n\n\ndef pick(h, n):\n    a, b = aux_layers(n)\n    return h[a + 1]\n",
        False,
    ),
    (
        "from pkg.layers import aux_layers\n\n\ndef pick(h, n):\n    a = aux_layers(n)[0]\n    return h[a + 1]\n",
        False,
    ),
    # near misses: a helper upstream left alone, under an alias or unpacked
    ("from pkg.layers import depths as al\n\n\ndef pick(h, n):\n    return [h[i + 1] for i in al(n)]\n", True),
    ("from pkg.layers import depths\n\n\ndef pick(h, n):\n    a, b = depths(n)\n    return h[a + 1]\n", True),
]


@pytest.mark.parametrize(("fork", "silent"), _REACHED_ROWS)
def test_a_helpers_result_reached_through_an_alias_or_an_unpack(
    git_repo: GitRepo, tmp_path: Path, fork: str, silent: bool
) -> None:
    """Upstream shifted what ``aux_layers`` returns; the fork shifts it again where it uses it, reaching
    the helper by another spelling than a call of its own name in a loop."""
    theirs = _AUX.replace("    return [n // 2, n - 3]\n", "    return [n // 2 + 1, n - 3 + 1]\n", 1)
    base = {"pkg/__init__.py": "", "pkg/layers.py": _AUX}
    line_no = next(i for i, text in enumerate(fork.splitlines(), 1) if "+ 1" in text)
    if not silent:
        # the error rows' modules side by side, one merge and one audit a process (``row_side_by_side``,
        # suitespeed13); the near misses keep a merge each: another row's module could quiet them
        bodies = [text for text, quiet in _REACHED_ROWS if not quiet]
        upstream = {"pkg/layers.py": theirs}
        _, rows = row_side_by_side(git_repo, tmp_path, base, bodies, fork, upstream, OFFSET, "pkg")
        assert [(f.line, f.severity.value) for f in rows] == [(line_no, "error")]
        return
    sides = three_way(git_repo, base, {"pkg/use.py": fork}, {"pkg/layers.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == []


_OVERRIDDEN = (
    "class Runner:\n    def aux_layers(self):\n        layer_ids = self.cfg.get('ids')\n        return tuple(layer_ids)\n\n"
    "    def depths(self):\n        return tuple(self.cfg.get('depths'))\n"
)


@pytest.mark.parametrize(
    ("method", "silent"),
    [("aux_layers", False), ("depths", True)],  # the near miss: a base method upstream left alone
)
def test_an_override_shifting_what_the_base_method_returns(
    git_repo: GitRepo, tmp_path: Path, method: str, silent: bool
) -> None:
    """#40727 made the base method add 1 to the layer ids; a fork subclass's override adds 1 to what
    ``super()`` returns: the ids are shifted twice."""
    theirs = _OVERRIDDEN.replace("layer_ids = self.cfg.get('ids')", "layer_ids = [i + 1 for i in self.cfg.get('ids')]")
    fork = (
        "from pkg.runner import Runner\n\n\nclass Mine(Runner):\n"
        f"    def {method}(self):\n        layers = super().{method}()\n"
        "        return tuple(i + 1 for i in layers) if layers else layers\n"
    )
    base = {"pkg/__init__.py": "", "pkg/runner.py": _OVERRIDDEN}
    sides = three_way(git_repo, base, {"pkg/mine.py": fork}, {"pkg/runner.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == ([] if silent else [("pkg/mine.py", 7, "error")])


RANGES = """class PlaceholderRange:
    def __init__(self, offset, length):
        self.offset = offset
        self.length = length

    def extract_embeds_range(self):
        return [(self.offset, self.offset + self.length)]
"""


@pytest.mark.parametrize(
    ("use", "doubled"),
    [
        ("[(start, end - 1) for start, end in rng.extract_embeds_range()]", True),
        ("[end - 1 for _, end in rng.extract_embeds_range()]", True),
        ("[(start, end - 1) for start, end in zip(starts, ends)]", False),  # another collection: upstream's left alone
    ],
)
def test_an_element_of_the_tuples_a_helper_returns_adjusted_on_both_sides(
    git_repo: GitRepo, tmp_path: Path, use: str, doubled: bool
) -> None:
    """f5f51e5931 made ``extract_embeds_range()``'s ends inclusive (``self.offset + self.length - 1``); a
    fork that already took one off each end it unpacked (``for start, end in ...``) now takes two."""
    theirs = RANGES.replace("self.offset + self.length)]", "self.offset + self.length - 1)]")
    fork = f"from inputs import PlaceholderRange\n\n\ndef aeon_spans(rng, starts, ends):\n    return {use}\n"
    sides = three_way(git_repo, {"inputs.py": RANGES}, {"aeon.py": fork}, {"inputs.py": theirs})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == ([("aeon.py", 5, "error")] if doubled else [])


@pytest.mark.parametrize(
    ("use", "doubled"),
    [
        ("[(start + 1, end) for start, end in rng.extract_embeds_range()]", True),
        ("[start + 1 for start, _ in rng.extract_embeds_range()]", True),
        # the fork shifts the other element of each tuple: the ends upstream left alone
        ("[(start, end - 1) for start, end in rng.extract_embeds_range()]", False),
        ("[end - 1 for start, end in rng.extract_embeds_range()]", False),
    ],
)
def test_an_element_the_helper_did_not_adjust_is_another_value(
    git_repo: GitRepo, tmp_path: Path, use: str, doubled: bool
) -> None:
    """Upstream moved each range's start (``(self.offset + 1, ...)``): a fork that takes one off each end
    it unpacked adjusts the other element of the tuple, which upstream left alone."""
    theirs = RANGES.replace("[(self.offset, ", "[(self.offset + 1, ")
    fork = f"from inputs import PlaceholderRange\n\n\ndef aeon_spans(rng):\n    return {use}\n"
    sides = three_way(git_repo, {"inputs.py": RANGES}, {"aeon.py": fork}, {"inputs.py": theirs})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == ([("aeon.py", 5, "error")] if doubled else [])


# --- #51256: an offset the fork takes only under a flag (``+ (1 if c else 0)``), on a count upstream now
# raises itself (``max_num_new_slots_for_drafting`` counting DFlash's bonus slot)
@pytest.mark.parametrize(
    "spelled",
    [
        "    start = first_decode_position(request.num_computed_tokens) + (1 if request.bonus else 0)\n",
        "    start = first_decode_position(request.num_computed_tokens)\n    start += 1 if request.bonus else 0\n",
        "    start = (0 if request.plain else 2) + first_decode_position(request.num_computed_tokens)\n",
    ],
    ids=["added-conditional", "augmented-conditional", "conditional-first"],
)
def test_a_conditional_offset_at_the_call_site_one_call_level(git_repo: GitRepo, tmp_path: Path, spelled: str) -> None:
    theirs = HELPER.replace("    return num_computed_tokens\n", "    return num_computed_tokens + 1\n")
    fork = HELPER.replace("    start = first_decode_position(request.num_computed_tokens)\n", spelled)
    sides = three_way(git_repo, {"sched.py": HELPER}, {"sched.py": fork}, {"sched.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == [("sched.py", line_of(fork, "if request."), "error")]


@pytest.mark.parametrize(
    "spelled",
    [
        "    start = first_decode_position(request.num_computed_tokens) + (0 if request.bonus else 0)\n",
        "    start = first_decode_position(request.num_computed_tokens) + (1 if request.bonus else request.extra)\n",
        "    start = first_decode_position(request.num_computed_tokens)\n    width = 4 + (1 if request.bonus else 0)\n",
    ],
    ids=["both-zero", "a-branch-not-a-constant", "another-flow"],
)
def test_a_conditional_that_is_no_constant_offset_or_on_another_flow_is_silent(
    git_repo: GitRepo, tmp_path: Path, spelled: str
) -> None:
    theirs = HELPER.replace("    return num_computed_tokens\n", "    return num_computed_tokens + 1\n")
    fork = HELPER.replace("    start = first_decode_position(request.num_computed_tokens)\n", spelled)
    sides = three_way(git_repo, {"sched.py": HELPER}, {"sched.py": fork}, {"sched.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == []


# --- #51256 (2ac1f683f1), as vLLM spells it: ``max_num_new_slots_for_drafting`` is a ``@property`` whose new
# ``if self.use_dflash(): return num_draft_tokens`` counts the bonus slot a fork added on top of the read
SLOTS = """class Config:
    def __init__(self, k, parallel):
        self.k = k
        self.parallel = parallel

    def use_bonus(self):
        return False

    @property
    def new_slots(self):
        slots = 0
        if self.parallel:
            slots = self.k - 1
        return slots

    @property
    def other_slots(self):
        return self.k
"""
SLOTS_UPSTREAM = SLOTS.replace(
    "        slots = 0\n        if self.parallel:\n            slots = self.k - 1\n        return slots\n",
    "        num_draft = self.k\n        if self.use_bonus():\n            return num_draft\n"
    "        if self.parallel:\n            return num_draft - 1\n        return 0\n",
)
IMPORT = "from spec import Config\n\n\n"


@pytest.mark.parametrize(
    "fork",
    [
        "class AeonConfig(Config):\n    @property\n    def new_slots(self):\n        slots = super().new_slots\n"
        "        if self.use_bonus():\n            slots += 1  # flagged\n        return slots\n",
        "def aeon_slots(spec: Config):\n    return spec.new_slots + (1 if spec.use_bonus() else 0)  # flagged\n",
        "def aeon_slots(spec: Config):\n    slots = spec.new_slots\n    if spec.use_bonus():\n"
        "        slots += 1  # flagged\n    return slots\n",
        "class AeonScheduler:\n    def __init__(self, cfg: Config):\n        self.cfg = cfg\n\n    def slots(self):\n"
        "        return self.cfg.new_slots + (1 if self.cfg.use_bonus() else 0)  # flagged\n",
    ],
    ids=["subclass-override-over-super", "typed-parameter", "augmented-local", "field-typed-in-init"],
)
def test_an_offset_on_a_property_upstream_now_offsets_on_that_path(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    fork = IMPORT + fork
    sides = three_way(git_repo, {"spec.py": SLOTS}, {"spec.py": SLOTS, "aeon.py": fork}, {"spec.py": SLOTS_UPSTREAM})
    report = audit(git_repo, sides, tmp_path)
    assert found(report, OFFSET) == [("aeon.py", line_of(fork, "# flagged"), "error")]
    message = next(f for f in report.findings if f.rule_id == OFFSET).message
    assert "through the property Config.new_slots" in message and "if self.use_bonus()" in message


@pytest.mark.parametrize(
    "fork",
    [
        "class Budget:\n    def __init__(self):\n        self.new_slots = 0\n\n\n"
        "def aeon_slots(budget: Budget, spec: Config):\n"
        "    return budget.new_slots + (1 if spec.use_bonus() else 0)\n",
        "class AeonBudget:\n    @property\n    def new_slots(self):\n        return 2\n\n    def use_bonus(self):\n"
        "        return True\n\n    def total(self):\n        return self.new_slots + (1 if self.use_bonus() else 0)\n",
        "def aeon_slots(spec: Config):\n    return spec.new_slots\n",
        "def aeon_slots(spec: Config):\n    return spec.other_slots + (1 if spec.use_bonus() else 0)\n",
        "VERSION = (0, 9)\n\n\ndef aeon_slots(spec: Config):\n    return spec.new_slots + (1 if VERSION >= (0, 9) else 0)\n",
        'def aeon_slots(spec: Config):\n    return spec.new_slots + (1 if hasattr(spec, "bonus") else 0)\n',
        "def aeon_slots(spec: Config):\n    return spec.new_slots + (0 if spec.use_bonus() else 1)\n",
        "def aeon_slots(spec: Config):\n    slots = spec.new_slots\n    if not spec.use_bonus():\n"
        "        slots += 1\n    return slots\n",
    ],
    ids=[
        "plain-attribute",
        "own-class-property",
        "no-addend",
        "unchanged-property",
        "version-guard",
        "hasattr-guard",
        "other-path-conditional",
        "other-path-if-not",
    ],
)
def test_a_property_read_upstream_did_not_offset_on_that_path_is_silent(
    git_repo: GitRepo, tmp_path: Path, fork: str
) -> None:
    fork = IMPORT + fork
    sides = three_way(git_repo, {"spec.py": SLOTS}, {"spec.py": SLOTS, "aeon.py": fork}, {"spec.py": SLOTS_UPSTREAM})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == []


@pytest.mark.parametrize("addend", ["(1 if spec.use_bonus() else 0)", "1"], ids=["flagged-addend", "plain-addend"])
def test_an_offset_the_getter_takes_on_every_path_pairs_with_any(
    git_repo: GitRepo, tmp_path: Path, addend: str
) -> None:
    theirs = SLOTS.replace("        return self.k\n", "        return self.k + 1\n")
    fork = IMPORT + f"def aeon_slots(spec: Config):\n    return spec.other_slots + {addend}\n"
    sides = three_way(git_repo, {"spec.py": SLOTS}, {"spec.py": SLOTS, "aeon.py": fork}, {"spec.py": theirs})
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == [("aeon.py", 5, "error")]


# --- mend71 (revDF's note): an addend and an offset no path takes both do not add up
BRANCHED = """def schedule(request, a):
    n = request.num_computed_tokens
    if a:
        start = n
    else:
        start = n
    return start
"""


@pytest.mark.parametrize(
    ("upstream_branch", "doubled"),
    [("    else:\n        start = n\n", False), ("    n = request.num_computed_tokens\n", True)],
    ids=["offset-under-else", "offset-on-every-path"],
)
def test_an_addend_and_an_offset_on_exclusive_branches_of_one_function(
    git_repo: GitRepo, tmp_path: Path, upstream_branch: str, doubled: bool
) -> None:
    fork = BRANCHED.replace("    if a:\n        start = n\n", "    if a:\n        start = n + 1\n")
    theirs = BRANCHED.replace(upstream_branch, upstream_branch[:-1] + " - 1\n")
    sides = three_way(git_repo, {"sched.py": BRANCHED}, {"sched.py": fork}, {"sched.py": theirs})
    rows = [("sched.py", line_of(fork, "n + 1"), "error")] if doubled else []
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == rows


FLAGGED = """def first_decode_position(request):
    return request.num_computed_tokens


def schedule(request):
    start = first_decode_position(request)
    return start
"""


@pytest.mark.parametrize(
    ("test", "doubled"), [("not request.bonus", False), ("request.bonus", True)], ids=["not-the-flag", "the-flag"]
)
def test_a_flagged_addend_and_a_helpers_offset_where_the_flag_fails(
    git_repo: GitRepo, tmp_path: Path, test: str, doubled: bool
) -> None:
    """``h(r) + (1 if r.bonus else 0)`` and ``h``'s ``+ 1`` under ``if not r.bonus``: no path takes both."""
    theirs = FLAGGED.replace(
        "    return request.num_computed_tokens\n",
        f"    if {test}:\n        return request.num_computed_tokens + 1\n    return request.num_computed_tokens\n",
    )
    fork = FLAGGED.replace("(request)\n    return", "(request) + (1 if request.bonus else 0)\n    return")
    sides = three_way(git_repo, {"sched.py": FLAGGED}, {"sched.py": fork}, {"sched.py": theirs})
    merged = (git_repo.path / "sched.py").read_text()
    rows = [("sched.py", line_of(merged, "(1 if request.bonus"), "error")] if doubled else []
    assert found(audit(git_repo, sides, tmp_path), OFFSET) == rows

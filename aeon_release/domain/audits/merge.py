"""Merge-aware findings, beyond any fixed rule: enum drift, offsets applied twice, near misses.

Both silent killers of the fork were clean merges: upstream renumbered an enum under a fork-side
literal, and both sides added the same ``+1`` a few lines apart.  Git saw no overlap; these checks
look at the three sides (base, ours = the fork, theirs = upstream) and the merged tree.
"""

from __future__ import annotations

import ast
import bisect
import functools
import itertools
import re
from collections.abc import Callable, Collection, Iterator, Mapping
from dataclasses import dataclass, replace
from pathlib import Path

from aeon_release.adapters import git as repo
from aeon_release.domain.audits import memo
from aeon_release.domain.audits.diffs import (
    ENUM_WORDS,
    changed_files_containing,
    grepped,
    in_background,
    started,
    upstream_changed,
)
from aeon_release.domain.audits.drift import checks as drift_checks
from aeon_release.domain.audits.drift.absorbed_raises import absorbed_raise_drift
from aeon_release.domain.audits.drift.absorbed_steps import absorbed_step_drift
from aeon_release.domain.audits.drift.affixed_elements import affixed_element_drift
from aeon_release.domain.audits.drift.appended_shapes import appended_shape_drift
from aeon_release.domain.audits.drift.arch_lists import arch_list_drift, is_cmake
from aeon_release.domain.audits.drift.array_flavours import array_flavour_drift
from aeon_release.domain.audits.drift.asserted_fields import asserted_field_drift
from aeon_release.domain.audits.drift.bypassed_hooks import bypassed_hook_drift
from aeon_release.domain.audits.drift.callbacks import callback_drift
from aeon_release.domain.audits.drift.caller_stores import caller_store_drift
from aeon_release.domain.audits.drift.checking_only import checking_only_drift
from aeon_release.domain.audits.drift.claimed_ops import claimed_op_drift
from aeon_release.domain.audits.drift.class_properties import class_property_drift, descriptor_kind_drift
from aeon_release.domain.audits.drift.cmake_vars import cmake_variable_drift
from aeon_release.domain.audits.drift.coerced_returns import coerced_return_drift
from aeon_release.domain.audits.drift.colliding_options import colliding_option_drift
from aeon_release.domain.audits.drift.config_entries import dropped_config_entries
from aeon_release.domain.audits.drift.confirmed_unions import confirmed_union_drift
from aeon_release.domain.audits.drift.constant_stores import constant_store_drift
from aeon_release.domain.audits.drift.constants import constant_drift
from aeon_release.domain.audits.drift.copied_fallbacks import copied_fallback_drift
from aeon_release.domain.audits.drift.custom_ops import SCHEMA_SOURCES
from aeon_release.domain.audits.drift.deferred_inits import deferred_init_drift
from aeon_release.domain.audits.drift.demoted_enums import demoted_enum_drift
from aeon_release.domain.audits.drift.device_gates import device_gates_started
from aeon_release.domain.audits.drift.dict_elements import dict_element_drift
from aeon_release.domain.audits.drift.dispatched_calls import dispatched_call_drift
from aeon_release.domain.audits.drift.dropped_caches import dropped_cache_drift
from aeon_release.domain.audits.drift.dropped_dunders import dropped_dunder_drift
from aeon_release.domain.audits.drift.dropped_entries import dropped_entry_drift
from aeon_release.domain.audits.drift.dropped_fixups import dropped_fixup_drift
from aeon_release.domain.audits.drift.dropped_keys import dropped_key_drift
from aeon_release.domain.audits.drift.dropped_kwargs import dropped_kwarg_drift
from aeon_release.domain.audits.drift.dropped_sentinels import dropped_sentinel_drift
from aeon_release.domain.audits.drift.dropped_table_keys import dropped_table_key_drift
from aeon_release.domain.audits.drift.dropped_tags import dropped_tag_drift
from aeon_release.domain.audits.drift.dropped_validations import dropped_validation_drift
from aeon_release.domain.audits.drift.dtypes import dtype_drift
from aeon_release.domain.audits.drift.eager_keys import eager_key_drift
from aeon_release.domain.audits.drift.early_hooks import early_hook_drift
from aeon_release.domain.audits.drift.element_kinds import element_drift
from aeon_release.domain.audits.drift.element_shapes import element_shape_drift
from aeon_release.domain.audits.drift.enum_drift import enum_drift_covering, renumbered_upstream
from aeon_release.domain.audits.drift.env_defaults import env_default_drift
from aeon_release.domain.audits.drift.env_parsing import env_parsing_drift
from aeon_release.domain.audits.drift.env_values import env_value_drift
from aeon_release.domain.audits.drift.escaped_kinds import escaped_kind_drift
from aeon_release.domain.audits.drift.exact_classes import exact_class_drift
from aeon_release.domain.audits.drift.extended_defaults import extended_default_drift
from aeon_release.domain.audits.drift.fewer_dims import fewer_dims_drift
from aeon_release.domain.audits.drift.field_defaults import field_default_drift
from aeon_release.domain.audits.drift.fielded_attributes import fielded_attribute_drift
from aeon_release.domain.audits.drift.filled_fields import filled_field_drift
from aeon_release.domain.audits.drift.filtered_values import filtered_value_drift
from aeon_release.domain.audits.drift.flag_gates import flag_gate_drift
from aeon_release.domain.audits.drift.folded_factors import folded_factor_drift
from aeon_release.domain.audits.drift.forbidden_extras import forbidden_extra_drift
from aeon_release.domain.audits.drift.forwarded_keywords import forwarded_keyword_drift
from aeon_release.domain.audits.drift.gated_attributes import gated_attribute_drift
from aeon_release.domain.audits.drift.gated_lines import gated_warnings
from aeon_release.domain.audits.drift.gone_sentinels import gone_sentinel_drift
from aeon_release.domain.audits.drift.grown_formats import grown_format_drift
from aeon_release.domain.audits.drift.grown_sets import grown_set_drift, shrunk_collection_drift
from aeon_release.domain.audits.drift.grown_tuples import grown_tuple_drift
from aeon_release.domain.audits.drift.handed_back import handed_back_drift
from aeon_release.domain.audits.drift.handed_defaults import handed_default_drift
from aeon_release.domain.audits.drift.handed_kinds import handed_kind_drift
from aeon_release.domain.audits.drift.handed_literals import handed_literal_drift
from aeon_release.domain.audits.drift.handed_needs import handed_need_drift
from aeon_release.domain.audits.drift.helper_guards import imports_read_in
from aeon_release.domain.audits.drift.init_only import init_only_drift
from aeon_release.domain.audits.drift.keys import key_drift
from aeon_release.domain.audits.drift.keyword_shapes import keyword_shape_drift
from aeon_release.domain.audits.drift.knobs import knob_drift, one_patch_a_line
from aeon_release.domain.audits.drift.late_hooks import dropped_slot_drift, late_hook_drift
from aeon_release.domain.audits.drift.layouts import layout_drift
from aeon_release.domain.audits.drift.lazy_pairs import lazy_pair_drift
from aeon_release.domain.audits.drift.lent_attributes import lent_attribute_drift
from aeon_release.domain.audits.drift.list_positions import list_position_drift
from aeon_release.domain.audits.drift.made_dataclasses import made_dataclass_drift
from aeon_release.domain.audits.drift.message_tests import message_test_drift
from aeon_release.domain.audits.drift.module_tables import table_kind_drift
from aeon_release.domain.audits.drift.moved_effects import moved_effect_drift
from aeon_release.domain.audits.drift.moved_writes import moved_write_drift
from aeon_release.domain.audits.drift.mutated_args import mutated_arg_drift
from aeon_release.domain.audits.drift.named_entries import named_entry_drift
from aeon_release.domain.audits.drift.names import NOT_ACCEPTED, name_drift
from aeon_release.domain.audits.drift.narrowed_dispatch import narrowed_dispatch_drift
from aeon_release.domain.audits.drift.narrowed_flags import narrowed_flag_drift
from aeon_release.domain.audits.drift.native_gates import native_gate_drift
from aeon_release.domain.audits.drift.newtyped import newtyped_drift
from aeon_release.domain.audits.drift.none_fields import none_field_drift
from aeon_release.domain.audits.drift.none_sentinels import none_sentinel_drift
from aeon_release.domain.audits.drift.nulled_attributes import nulled_attribute_drift
from aeon_release.domain.audits.drift.nulled_defaults import nulled_default_drift
from aeon_release.domain.audits.drift.nulled_globals import nulled_global_drift
from aeon_release.domain.audits.drift.nulled_setups import nulled_setup_drift
from aeon_release.domain.audits.drift.objectified import tuple_object_drift
from aeon_release.domain.audits.drift.offsets import doubled_offsets, indent_of
from aeon_release.domain.audits.drift.opted_branches import opted_branch_drift
from aeon_release.domain.audits.drift.optional_elements import optional_element_drift
from aeon_release.domain.audits.drift.optional_params import optional_param_drift
from aeon_release.domain.audits.drift.orders import order_drift
from aeon_release.domain.audits.drift.padded_buffers import padded_buffer_drift
from aeon_release.domain.audits.drift.paired_values import paired_value_drift
from aeon_release.domain.audits.drift.param_callbacks import param_callback_drift
from aeon_release.domain.audits.drift.param_keys import param_key_drift
from aeon_release.domain.audits.drift.parsed_options import parsed_option_drift
from aeon_release.domain.audits.drift.patched_functions import patched_function_drift
from aeon_release.domain.audits.drift.patched_targets import patched_target_drift
from aeon_release.domain.audits.drift.patches import dead_patches
from aeon_release.domain.audits.drift.pinned_results import pinned_result_drift
from aeon_release.domain.audits.drift.probed_members import probed_warnings
from aeon_release.domain.audits.drift.probed_partners import probed_partner_drift
from aeon_release.domain.audits.drift.pyindex import dotted_name, parse_module_info
from aeon_release.domain.audits.drift.queued_tuples import queued_tuple_drift
from aeon_release.domain.audits.drift.raised_empties import raised_empty_drift
from aeon_release.domain.audits.drift.raised_kinds import raised_kind_drift
from aeon_release.domain.audits.drift.raised_nones import raised_none_drift
from aeon_release.domain.audits.drift.ranked_returns import ranked_return_drift
from aeon_release.domain.audits.drift.read_only import read_only_drift
from aeon_release.domain.audits.drift.rebuilt_entries import rebuilt_entry_drift
from aeon_release.domain.audits.drift.rederived import rederived_drift
from aeon_release.domain.audits.drift.refused_args import refused_arg_drift
from aeon_release.domain.audits.drift.refused_namespaces import refused_namespace_drift
from aeon_release.domain.audits.drift.refused_values import refused_value_drift
from aeon_release.domain.audits.drift.registered_params import registered_param_drift
from aeon_release.domain.audits.drift.registrations import registration_drift
from aeon_release.domain.audits.drift.registry_calls import registry_call_drift
from aeon_release.domain.audits.drift.rekeyed_returns import rekeyed_return_drift
from aeon_release.domain.audits.drift.removed_options import removed_option_drift
from aeon_release.domain.audits.drift.renamed_siblings import beside_fork_data, renamed_sibling_drift
from aeon_release.domain.audits.drift.rendered_enums import rendered_enum_drift
from aeon_release.domain.audits.drift.reordered_inputs import reordered_input_drift
from aeon_release.domain.audits.drift.repeated_hooks import repeated_hook_drift
from aeon_release.domain.audits.drift.replaced_guards import replaced_guard_drift
from aeon_release.domain.audits.drift.retuned_copies import retuned_copy_drift
from aeon_release.domain.audits.drift.returned_errors import returned_error_drift
from aeon_release.domain.audits.drift.returned_strings import returned_string_drift
from aeon_release.domain.audits.drift.returns import return_drift
from aeon_release.domain.audits.drift.retyped import type_drift
from aeon_release.domain.audits.drift.rewritten_keys import rewritten_key_drift
from aeon_release.domain.audits.drift.rewritten_values import rewritten_value_drift
from aeon_release.domain.audits.drift.shared_values import shared_value_drift
from aeon_release.domain.audits.drift.shifted_joins import shifted_join_drift
from aeon_release.domain.audits.drift.sides import Changes, FileChange, ThreeTrees, own_diff, parse_changes
from aeon_release.domain.audits.drift.signature_shims import shim_drift
from aeon_release.domain.audits.drift.skip_flags import skip_flag_drift
from aeon_release.domain.audits.drift.skipped_setups import skipped_setup_drift
from aeon_release.domain.audits.drift.snapshots import snapshot_drift
from aeon_release.domain.audits.drift.sort_orders import sort_order_drift
from aeon_release.domain.audits.drift.split_aliases import split_alias_drift
from aeon_release.domain.audits.drift.split_counts import split_count_drift
from aeon_release.domain.audits.drift.split_tables import split_table_drift
from aeon_release.domain.audits.drift.spread_keys import spread_key_drift
from aeon_release.domain.audits.drift.stale_copies import restated_store_drift, stale_copy_drift
from aeon_release.domain.audits.drift.stale_doubles import stale_double_drift
from aeon_release.domain.audits.drift.stopped_arg_writes import stopped_arg_write_drift
from aeon_release.domain.audits.drift.stopped_writes import stopped_write_drift
from aeon_release.domain.audits.drift.stored_callables import stored_callable_drift
from aeon_release.domain.audits.drift.stored_tuples import stored_tuple_drift
from aeon_release.domain.audits.drift.struct_tuples import struct_tuple_drift
from aeon_release.domain.audits.drift.subclass_needs import subclass_need_drift
from aeon_release.domain.audits.drift.subscripted_aliases import subscripted_alias_drift
from aeon_release.domain.audits.drift.switched_clocks import switched_clock_drift
from aeon_release.domain.audits.drift.table_params import table_param_drift
from aeon_release.domain.audits.drift.tuple_values import tuple_value_drift
from aeon_release.domain.audits.drift.type_only_names import type_only_name_drift
from aeon_release.domain.audits.drift.unbased import unbased_drift
from aeon_release.domain.audits.drift.unbound_globals import unbound_global_drift
from aeon_release.domain.audits.drift.unbound_names import one_cause_a_line, unbound_name_drift
from aeon_release.domain.audits.drift.unbound_submodules import unbound_submodule_drift
from aeon_release.domain.audits.drift.unchained_inits import unchained_init_drift
from aeon_release.domain.audits.drift.undefaulted import undefaulted_drift
from aeon_release.domain.audits.drift.undispatched import undispatched_drift
from aeon_release.domain.audits.drift.unfolded_factors import unfolded_factor_drift
from aeon_release.domain.audits.drift.unioned_classes import unioned_class_drift
from aeon_release.domain.audits.drift.unjsoned_reprs import unjsoned_repr_drift
from aeon_release.domain.audits.drift.unlisted import unlisted_drift
from aeon_release.domain.audits.drift.unpacked_fields import unpacked_field_drift
from aeon_release.domain.audits.drift.unparsed_bases import unparsed_base_drift
from aeon_release.domain.audits.drift.unread_keys import unread_key_drift
from aeon_release.domain.audits.drift.unread_settings import unread_setting_drift
from aeon_release.domain.audits.drift.untupled import untupled_drift
from aeon_release.domain.audits.drift.widened_literals import widened_literal_drift
from aeon_release.domain.audits.drift.widened_tests import widened_test_drift
from aeon_release.domain.audits.drift.widened_values import widened_value_drift
from aeon_release.domain.audits.drift.wire_mirrors import wire_mirror_drift
from aeon_release.domain.audits.drift.wrapped_values import wrapped_value_drift
from aeon_release.domain.audits.memo import Memo
from aeon_release.domain.audits.merge_rules import NAME_DRIFT, NEAR_MISS, SYMBOL_DRIFT
from aeon_release.domain.audits.model import NOT_AUDITED, Finding, MergeSides, Settings, Severity
from aeon_release.domain.audits.source import (
    MAX_DEPTH,
    SourceCache,
    code_lines,
    parse_limits,
    parse_python,
    walk_defs,
)


@dataclass(frozen=True)
class Hunk:
    old_start: int
    old_count: int
    added: tuple[str, ...]
    removed: tuple[str, ...]

    @property
    def span(self) -> tuple[int, int]:
        """Base lines touched; a pure insertion sits after ``old_start``."""
        return self.old_start, self.old_start + max(self.old_count, 1) - 1


# ``apart(work)``: ``work()`` started in another process (the sidecar's forked child); the function it
# returns gives work's findings, or None when that process failed (then work runs here)
Apart = Callable[[Callable[[], list[Finding]]], Callable[[], list[Finding] | None] | None]


def merge_findings(
    tree: SourceCache, sides: MergeSides, settings: Settings, apart: Apart | None = None
) -> list[Finding]:
    """Findings for the merge of ``sides`` whose result ``tree`` reads (a checkout or the merged revision).

    ``apart`` runs the device and native gate checks, and symbol drift, beside the others (two cores: the
    sidecar's checks are the end of a large merge's critical path, while the merge's own process waits).

    A file whose nesting one of the checks' walks cannot follow costs only what lies below
    MAX_DEPTH in it (source.py says why the checks run again then), not every finding of the merge."""
    with parse_limits(settings.max_parse_bytes), imports_read_in(tree):
        try:
            return _merge_findings(tree, sides, settings, apart)
        except RecursionError:
            pass
    cut: dict[str, int] = {}
    memo.clear_all()  # whole trees parsed so far: parse again, cut
    try:
        with parse_limits(settings.max_parse_bytes, cut), imports_read_in(tree):
            findings = _merge_findings(tree, sides, settings)
    finally:
        memo.clear_all()  # and no cut tree stands in for a whole one later
    return findings + _cut_findings(cut)


def _cut_findings(cut: dict[str, int]) -> list[Finding]:
    """One warning per file cut (a text parsed without its file's name, such as one line, counts as none)."""
    named = {path: line for path, line in cut.items() if not path.startswith("<")}
    places = sorted(named.items()) or ([("", 0)] if cut else [])
    why = f"the merge-aware checks did not look below code nested over {MAX_DEPTH} levels deep"
    return [Finding(NOT_AUDITED, "audit", Severity.WARNING, path, line, why) for path, line in places]


# The semantic checks that need only the three trees and the subject pattern, in the report's order.
_SEMANTIC_CHECKS: tuple[Callable[[ThreeTrees, str], list[Finding]], ...] = (
    name_drift,
    undispatched_drift,
    moved_write_drift,
    dropped_config_entries,
    demoted_enum_drift,
    knob_drift,
    removed_option_drift,
    colliding_option_drift,
    refused_namespace_drift,
    affixed_element_drift,
    parsed_option_drift,
    unread_key_drift,
    param_key_drift,
    dead_patches,
    patched_target_drift,
    lazy_pair_drift,
    eager_key_drift,
    dropped_key_drift,
    wire_mirror_drift,
    struct_tuple_drift,
    made_dataclass_drift,
    grown_tuple_drift,
    element_shape_drift,
    untupled_drift,
    tuple_object_drift,
    cmake_variable_drift,
    renamed_sibling_drift,
    env_default_drift,
    env_value_drift,
    env_parsing_drift,
    field_default_drift,
    handed_default_drift,
    checking_only_drift,
    unchained_init_drift,
    shim_drift,
    callback_drift,
    param_callback_drift,
    stored_callable_drift,
    dropped_cache_drift,
    dropped_kwarg_drift,
    dropped_dunder_drift,
    unbased_drift,
    filled_field_drift,
    none_field_drift,
    wrapped_value_drift,
    nulled_default_drift,
    fielded_attribute_drift,
    nulled_global_drift,
    unbound_global_drift,
    nulled_attribute_drift,
    gated_attribute_drift,
    handed_literal_drift,
    deferred_init_drift,
    early_hook_drift,
    late_hook_drift,
    dropped_slot_drift,
    snapshot_drift,
    skipped_setup_drift,
    unread_setting_drift,
    switched_clock_drift,
    mutated_arg_drift,
    extended_default_drift,
    exact_class_drift,
    repeated_hook_drift,
    skip_flag_drift,
    dropped_fixup_drift,
    dropped_validation_drift,
    patched_function_drift,
    replaced_guard_drift,
    pinned_result_drift,
    folded_factor_drift,
    unfolded_factor_drift,
    constant_store_drift,
    split_count_drift,
    rederived_drift,
    shared_value_drift,
    widened_value_drift,
    stale_copy_drift,
    retuned_copy_drift,
    absorbed_step_drift,
    filtered_value_drift,
    appended_shape_drift,
    restated_store_drift,
    dict_element_drift,
    undefaulted_drift,
    nulled_setup_drift,
    type_only_name_drift,
    unbound_submodule_drift,
    paired_value_drift,
    rewritten_key_drift,
    unbound_name_drift,
    subscripted_alias_drift,
    split_alias_drift,
    none_sentinel_drift,
    claimed_op_drift,
    message_test_drift,
    stale_double_drift,
    gone_sentinel_drift,
    flag_gate_drift,
    unioned_class_drift,
    widened_literal_drift,
    init_only_drift,
    stopped_write_drift,
    stopped_arg_write_drift,
    copied_fallback_drift,
    moved_effect_drift,
    dropped_tag_drift,
    subclass_need_drift,
    handed_need_drift,
    reordered_input_drift,
    bypassed_hook_drift,
    probed_partner_drift,
    caller_store_drift,
    padded_buffer_drift,
    opted_branch_drift,
    refused_value_drift,
    forbidden_extra_drift,
    refused_arg_drift,
    dropped_sentinel_drift,
    lent_attribute_drift,
    registration_drift,
    registered_param_drift,
    registry_call_drift,
    table_param_drift,
    split_table_drift,
    grown_set_drift,
    shrunk_collection_drift,
    unparsed_base_drift,
    return_drift,
    ranked_return_drift,
    unpacked_field_drift,
    shifted_join_drift,
    keyword_shape_drift,
    handed_back_drift,
    dispatched_call_drift,
    returned_string_drift,
    grown_format_drift,
    rendered_enum_drift,
    unjsoned_repr_drift,
    raised_kind_drift,
    raised_none_drift,
    forwarded_keyword_drift,
    narrowed_dispatch_drift,
    raised_empty_drift,
    absorbed_raise_drift,
    escaped_kind_drift,
    widened_test_drift,
    type_drift,
    table_kind_drift,
    named_entry_drift,
    array_flavour_drift,
    element_drift,
    optional_element_drift,
    optional_param_drift,
    handed_kind_drift,
    returned_error_drift,
    confirmed_union_drift,
    rekeyed_return_drift,
    spread_key_drift,
    narrowed_flag_drift,
    read_only_drift,
    class_property_drift,
    descriptor_kind_drift,
    coerced_return_drift,
    rewritten_value_drift,
    unlisted_drift,
    newtyped_drift,
    asserted_field_drift,
    layout_drift,
    fewer_dims_drift,
    tuple_value_drift,
    stored_tuple_drift,
    queued_tuple_drift,
    sort_order_drift,
    list_position_drift,
    dropped_entry_drift,
    key_drift,
    dropped_table_key_drift,
    rebuilt_entry_drift,
    constant_drift,
    dtype_drift,
)


def _merge_findings(
    tree: SourceCache, sides: MergeSides, settings: Settings, apart: Apart | None = None
) -> list[Finding]:
    # A merged checkout is a worktree of the repository: ask git there (the repository may be bare).
    root = getattr(tree.tree, "root", None)
    where = root if isinstance(root, Path) and (root / ".git").exists() else sides.repo
    sides = MergeSides(where, sides.base, sides.ours, sides.theirs)
    mine_diff, upstream_diff, enum_files = started(sides.repo, sides.base, sides.ours, sides.theirs)
    upstream = parse_changes(upstream_diff.result())
    mine = parse_changes(own_diff(mine_diff.result(), upstream))  # upstream's own change on the fork's side: not its
    if not any(c.hunks for c in mine.values()) or not (
        any(c.hunks for c in upstream.values())
        or upstream.deleted
        or _changed_schemas(sides)
        or ((settings.device is not None or any(is_cmake(p) for p in mine)) and _changed_cmake(sides))
        or beside_fork_data(mine, upstream_changed(sides.repo, sides.base, sides.theirs))
    ):
        return []  # one side changed nothing: nothing was merged (a file upstream deleted is a change)
    unread = _past_the_caps(tree, mine, upstream, settings)
    mine, upstream = mine.without(unread), upstream.without(unread)
    both = mine.keys() & upstream.keys()  # near misses need only the files both sides changed
    ours, theirs = _hunks(mine, both), _hunks(upstream, both)
    if apart is not None:
        # Nothing of this process may be starting a git when it forks: a child inherits the half-started
        # process's pipe that tells Popen the exec happened, and that Popen then waits for the child to end
        # (the whole gate check; a hung child's whole wait). The enum files' grep is the thread left running.
        enum_files.exception()
    greps = _greps(sides, settings, enum_files.result, forks=apart is not None)
    trees = ThreeTrees(sides.repo, sides.base, sides.ours, sides.theirs, tree, mine, upstream, greps)
    gates_apart = (
        apart(functools.partial(_gate_findings, trees, settings))
        if apart is not None and settings.device is not None
        else None
    )
    # symbol drift (a parse and walks of each module the fork patched) beside the rest as well
    drift = functools.partial(drift_checks.drift_findings, tree, sides, mine, upstream, settings)
    drift_apart = apart(drift) if apart is not None else None
    findings, covered = enum_drift_covering(trees)
    doubled, offsets_cover = doubled_offsets(trees)
    findings += doubled
    ordered, orders_cover = order_drift(trees, settings.pr_subject_pattern)
    findings += ordered
    if gates_apart is None:
        device_gates = device_gates_started(trees, settings.device, settings.pr_subject_pattern)  # its git log runs on
    for check in _SEMANTIC_CHECKS:
        findings += check(trees, settings.pr_subject_pattern)
    findings += arch_list_drift(trees, settings.device, settings.pr_subject_pattern)
    gates_at = len(findings)
    if gates_apart is None:
        findings += device_gates()
        findings += native_gate_drift(trees, settings.device, settings.pr_subject_pattern)
    for path, spans in (*offsets_cover.items(), *orders_cover.items()):
        covered.setdefault(path, []).extend(spans)
    findings += [
        f
        for f in near_misses(tree, sides, ours, theirs, settings.near_miss_lines)
        if not any(a <= f.line <= b for a, b in covered.get(f.path, []))
    ]
    drifted = drift_apart() if drift_apart is not None else None
    findings += drifted if drifted is not None else drift()  # symbol drift, duplicates
    if gates_apart is not None:
        gates = gates_apart()
        findings[gates_at:gates_at] = gates if gates is not None else _gate_findings(trees, settings)
    # a line under a test of the upstream package's own version is a path per release: a warning (gated_lines)
    kept = gated_warnings(
        _fold_name_drift(_error_stands_for_warning(one_patch_a_line(one_cause_a_line(findings)))), tree
    )
    # so is a line under a probe of a member upstream added or removed (probed_members)
    kept = probed_warnings(kept, tree, upstream)
    return kept + [_unread(path, why) for path, why in unread.items()]


def _past_the_caps(tree: SourceCache, mine: Changes, upstream: Changes, settings: Settings) -> dict[str, str]:
    """The files a side changed that these checks leave unread, and why: a Python file over
    ``settings.max_parse_bytes`` in the merge is not parsed (a pull request padding the fork's file past
    the cap with one comment hid its drift), and a side's diff of one file over that cap is not walked
    line by line (a 48 MB one-line module two sides added cost a minute of CPU: every line check scanned it)."""
    cap, unread = settings.max_parse_bytes, {}
    for path in sorted(mine.keys() | upstream.keys()):
        size = tree.tree.size(path) if path.endswith(".py") else 0
        diff = max(len(side.raw(path)) for side in (mine, upstream) if path in side)
        if size > cap:
            unread[path] = f"{size} bytes, over the {cap}-byte parse cap (settings.max_parse_bytes)"
        elif diff > cap:
            unread[path] = (
                f"a side's diff of it is {diff} characters, over the {cap}-byte cap (settings.max_parse_bytes)"
            )
    return unread


def _unread(path: str, why: str) -> Finding:
    """What the merge-aware checks did not read they cannot pass: a Python file is an error, at line 0
    (no comment suppresses it).  Any other file is a warning: a release's bundled script or data file
    (a 1.5 MB JavaScript bundle) can be rewritten whole by a real upgrade, and few checks read them."""
    python = path.endswith(".py")
    return Finding(
        NOT_AUDITED,
        "audit",
        Severity.ERROR if python else Severity.WARNING,
        path,
        0,
        f"{why}: the merge-aware checks did not read it"
        + ("; what they did not read they cannot pass (raise the cap)" if python else " (raise the cap to read it)"),
    )


def _greps(
    sides: MergeSides, settings: Settings, enum_files: Callable[[], frozenset[str]], forks: bool
) -> dict[tuple[str, ...], Callable[[], frozenset[str]]]:
    """The files upstream changed that hold each set of words the checks look for: the enums', and the
    device-gate drift's, which runs while the other checks do."""
    greps: dict[tuple[str, ...], Callable[[], frozenset[str]]] = {ENUM_WORDS: enum_files}
    if settings.device is not None and settings.device.names:
        words = settings.device.words
        early = grepped(sides.base, sides.theirs, words)  # asked with the enum files' grep (the merge's sidecar)
        if early is not None and early.done() and early.exception() is None:
            greps[words] = early.result
            return greps
        grep = functools.partial(changed_files_containing, sides.repo, sides.base, sides.theirs, words)
        # (in the other process, when it runs there: a thread of this one does not go with the fork)
        greps[words] = functools.cache(grep) if forks else in_background(grep).result
    return greps


def _error_stands_for_warning(findings: list[Finding]) -> list[Finding]:
    """A line one check calls an error and another, of the same rule, a warning (an override whose
    hook upstream renamed: gone, and no longer called) is one finding: the error's."""
    errors = {(f.rule_id, f.path, f.line) for f in findings if f.severity is Severity.ERROR}
    return [f for f in findings if f.severity is Severity.ERROR or (f.rule_id, f.path, f.line) not in errors]


def _gate_findings(trees: ThreeTrees, settings: Settings) -> list[Finding]:
    """Device-gate drift, then native-gate drift."""
    device_gates = device_gates_started(trees, settings.device, settings.pr_subject_pattern)
    return device_gates() + native_gate_drift(trees, settings.device, settings.pr_subject_pattern)


def _changed_cmake(sides: MergeSides) -> bool:
    """Upstream changed a CMake file, which its Python diff leaves out: a kernel's arch list may be in it."""
    return any(is_cmake(p) for p in upstream_changed(sides.repo, sides.base, sides.theirs))


def _changed_schemas(sides: MergeSides) -> bool:
    """Upstream changed a C/C++ file, which its Python diff leaves out: a custom op's schema may be in it."""
    return any(p.endswith(SCHEMA_SOURCES) for p in upstream_changed(sides.repo, sides.base, sides.theirs))


def _fold_name_drift(findings: list[Finding]) -> list[Finding]:
    """A read like ``envs.OLD_FLAG`` that symbol drift resolved too is one finding, answering to both rules.
    A value a field no longer accepts (``TABLE = {"strict": ...}`` looked up by the field) is another cause
    than symbol drift's key nothing reads on its line: that error is not folded into the warning."""
    symbols = {(f.path, f.line) for f in findings if f.rule_id == SYMBOL_DRIFT}
    both = {
        (f.path, f.line)
        for f in findings
        if f.rule_id == NAME_DRIFT and (f.path, f.line) in symbols and NOT_ACCEPTED not in f.message
    }
    return [
        replace(f, also=(*f.also, NAME_DRIFT)) if (f.path, f.line) in both else f
        for f in findings
        if not (f.rule_id == NAME_DRIFT and (f.path, f.line) in both)
    ]


def prepare_sides(sides: MergeSides) -> None:
    """What the checks will read of the two sides, ahead of the merged tree (the merge's sidecar
    process, domain/audits/sidecar.py): the fork's modules as its branch has them (symbol drift reads
    them, and the merged tree shares every file upstream left alone), the base version of the files
    both sides changed (near misses read their functions), then upstream's renumbered enums.  All
    memoised by content, so the checks find them whichever tree they run on."""
    where, base, ours, theirs = sides.repo, sides.base, sides.ours, sides.theirs
    mine, upstream, enums = started(where, base, ours, theirs)
    fork = parse_changes(mine.result())
    texts = repo.read_blobs(where, ours, sorted(p for p in fork if p.endswith(".py")))
    for path, text in texts.items():
        if text is not None:
            parse_module_info(path, dotted_name(path), text)
    # the files both sides changed come from git's file list: upstream's diff is still running
    both = sorted(fork.keys() & set(upstream_changed(where, base, theirs)))
    hunks = _hunks(fork, both)
    for path, text in repo.read_blobs(where, base, both).items():
        _base_spans(path, text, texts.get(path), tuple(hunks.get(path, ())))
    changes = parse_changes(upstream.result())
    renumbered_upstream(changes, enums.result(), functools.partial(repo.read_blobs, where), base, theirs)


def parse_diff(text: str) -> dict[str, list[Hunk]]:
    """A ``-U0`` diff -> {path: hunks}."""
    return _hunks(parse_changes(text))


def _hunks(changes: Mapping[str, FileChange], only: Collection[str] | None = None) -> dict[str, list[Hunk]]:
    paths = changes if only is None else [p for p in only if p in changes]
    return {
        path: [Hunk(start, count, tuple(plus), tuple(minus)) for start, count, plus, minus, _ in change.hunks]
        for path in paths
        if (change := changes[path]).hunks
    }


# -- near misses -----------------------------------------------------------------------------
def near_misses(
    tree: SourceCache, sides: MergeSides, ours: dict[str, list[Hunk]], theirs: dict[str, list[Hunk]], distance: int
) -> Iterator[Finding]:
    git = repo.Git(sides.repo)
    paths = sorted(ours.keys() & theirs.keys())
    conflicts = _Conflicts(git, sides, paths)
    bases = repo.read_blobs(sides.repo, sides.base, paths)  # as prepare_sides read them: one memo key
    forks = repo.read_blobs(sides.repo, sides.ours, [p for p in paths if p.endswith(".py")])
    for path in paths:
        base = bases.get(path) if "\n" not in path else git.show_file(sides.base, path)  # a batch read is by line
        functions = _Functions.of(_base_spans(path, base, forks.get(path), tuple(ours[path])))
        # one warning per function (or per fork hunk outside functions): one place to review, not N pairs
        # the pair each place shows (one that touches, when any does: that is where git stopped), and its count
        groups: dict[str, tuple[Hunk, Hunk, str, int]] = {}
        for mine, first, count in _close_pairs(ours[path], theirs[path], distance, functions):
            region = functions.region(mine)
            if region in groups:
                a, b, why, n = groups[region]
                if not _overlap(a, b) and _overlap(mine, first):
                    a, b, why = mine, first, functions.why(mine, first, distance) or ""
                groups[region] = (a, b, why, n + count)
            else:
                groups[region] = (mine, first, functions.why(mine, first, distance) or "", count)
        merged = _Merged(_read(tree, path) or "", [*ours[path], *theirs[path]])
        for mine, other, why, count in groups.values():
            # Only hunks that overlap or touch can have conflicted: ask git only about those.
            clash = _overlap(mine, other) and conflicts.hold(path)
            finding = _near_miss(path, merged, mine, other, why, clash)
            if count > 1:
                finding = replace(finding, message=f"{finding.message} (and {count - 1} more hunk pair(s) here)")
            yield finding


class _Conflicts:
    """Did git's merge stop on a conflict in a path?  Its own merge of the files both sides changed is
    asked once, when a pair of hunks first touches (``merge-file`` of the path alone where it cannot be)."""

    def __init__(self, git: repo.Git, sides: MergeSides, paths: list[str]) -> None:
        self.git, self.sides, self.paths = git, sides, paths
        self._alone: dict[str, bool] = {}

    @functools.cached_property
    def _merged(self) -> frozenset[str] | None:
        return repo.merge_conflicts(self.git, self.sides.base, self.sides.ours, self.sides.theirs, self.paths)

    def hold(self, path: str) -> bool:
        if self._merged is not None:
            return path in self._merged
        if path not in self._alone:
            sides = self.sides
            self._alone[path] = repo.file_merge_conflicts(self.git, sides.base, sides.ours, sides.theirs, path)
        return self._alone[path]


@dataclass(frozen=True)
class _Functions:
    """The base version's functions of one file (innermost first, as ``_spans`` sorts them), with the
    innermost one holding each line and the next one out holding each function: which functions hold
    a line is a walk out of its nesting, not a look at every function (5,000 functions of one name,
    each changed by both sides, were 25 million looks)."""

    spans: list[tuple[str, int, int]]
    inner: list[int]  # line -> the innermost function holding it (an index into spans), -1: none
    outer: list[int]  # function -> the innermost function holding it, -1: none

    @classmethod
    def of(cls, spans: list[tuple[str, int, int]]) -> _Functions:
        inner = [-1] * (max((b for _, _, b in spans), default=0) + 1)
        outer = [-1] * len(spans)
        for i in range(len(spans) - 1, -1, -1):  # longest first: each after every function holding it
            _, a, b = spans[i]
            outer[i] = inner[a]
            inner[a : b + 1] = [i] * (b - a + 1)
        return cls(spans, inner, outer)

    def holding(self, line: int) -> Iterator[int]:
        """The functions holding ``line``, innermost first (Python's functions nest or stay apart)."""
        i = self.inner[line] if 0 <= line < len(self.inner) else -1
        while i >= 0:
            yield i
            i = self.outer[i]

    def region(self, hunk: Hunk) -> str:
        """The innermost base function holding the hunk; else the hunk itself."""
        start = hunk.span[0]
        i = next(self.holding(start), -1)
        return f"{self.spans[i][0]}:{self.spans[i][1]}" if i >= 0 else f"@{start}"

    def why(self, a: Hunk, b: Hunk, distance: int) -> str | None:
        """Why two hunks are close: a few lines apart, or both inside one function (the innermost)."""
        (a1, a2), (b1, b2) = a.span, b.span
        gap = max(b1 - a2, a1 - b2, 0)
        if gap <= distance:
            return f"{gap} line(s) apart"
        for i in self.holding(a1):
            name, start, end = self.spans[i]
            if start <= b1 <= end:
                return f"both inside {name}()"
        return None


def _close_pairs(
    ours: list[Hunk], theirs: list[Hunk], distance: int, functions: _Functions
) -> Iterator[tuple[Hunk, Hunk, int]]:
    """For each fork hunk with upstream hunks close to it (``_Functions.why``) that add other lines:
    the one that overlaps or touches it, where git stops on a conflict (a near miss showing another
    hunk of the same function said "git merged it without a conflict" of a region a person had
    resolved by hand), else the first such upstream hunk; and how many there are.

    Upstream's hunks are found by bisection on their lines: those within ``distance`` lines, and those
    inside the outermost function holding the fork hunk (every function holding both is inside it).
    The latter are counted, not looked at one by one: 2,000 hunks a side in one long function are 4
    million pairs."""
    order = sorted(theirs, key=lambda h: h.span[0])
    starts = [h.span[0] for h in order]
    reach = list(itertools.accumulate((h.span[1] for h in order), max))  # sorted, unlike the ends
    same: dict[tuple[str, ...], list[int]] = {}  # upstream hunks by the lines they add
    for i, hunk in enumerate(order):
        same.setdefault(hunk.added, []).append(i)
    for mine in ours:
        (a1, a2), equal = mine.span, same.get(mine.added, [])
        near = range(bisect.bisect_left(reach, a1 - distance), bisect.bisect_right(starts, a2 + distance))
        held = range(0)
        outermost = list(functions.holding(a1))[-1:]
        if outermost:
            _, start, end = functions.spans[outermost[0]]
            held = range(bisect.bisect_left(starts, start), bisect.bisect_right(starts, end))
        loose = [i for i in near if i not in held and functions.why(mine, order[i], distance)]
        count = len(held) - (bisect.bisect_right(equal, held.stop - 1) - bisect.bisect_left(equal, held.start))
        count += sum(1 for i in loose if order[i].added != mine.added)
        if not count:
            continue
        touching = range(bisect.bisect_left(reach, a1 - 1), bisect.bisect_right(starts, a2 + 1))
        clash = next((i for i in touching if _overlap(mine, order[i]) and order[i].added != mine.added), None)
        if clash is not None:  # the pair git stopped on, if it did: the one a person resolved by hand
            yield mine, order[clash], count
            continue
        first = next((i for i in loose if order[i].added != mine.added), len(order))
        i = held.start
        while i < min(held.stop, first) and order[i].added == mine.added:
            i += 1
        yield mine, order[min(first, i) if i < held.stop else first], count


def _overlap(a: Hunk, b: Hunk) -> bool:
    """git's merge conflicts on hunks that overlap or touch in the base; farther apart it merges them."""
    (a1, a2), (b1, b2) = a.span, b.span
    return a1 <= b2 + 1 and b1 <= a2 + 1


def _near_miss(path: str, merged: _Merged, mine: Hunk, other: Hunk, why: str, conflicted: bool) -> Finding:
    line = merged.line_of(other) or merged.first_of(other.added) or merged.first_of(mine.added)
    outcome = (
        "git stopped on a conflict here and it was resolved by hand; check the resolution kept both changes"
        if conflicted
        else "git merged it without a conflict; review both hunks"
    )
    message = f"both sides changed this region ({why}) and {outcome}. fork: {_show(mine)} | upstream: {_show(other)}"
    return Finding(NEAR_MISS, "merge", Severity.WARNING, path, line, message)


SHOWN = 80  # characters of each line a near miss quotes: a 200,000-character line is no summary


def _show(hunk: Hunk) -> str:
    parts = [f"-{_cut(t.strip())}" for t in hunk.removed[:3]] + [f"+{_cut(t.strip())}" for t in hunk.added[:3]]
    more = " ..." if len(hunk.removed) > 3 or len(hunk.added) > 3 else ""
    return f"@@ -{hunk.old_start},{hunk.old_count} " + " / ".join(parts) + more


def _cut(text: str) -> str:
    return text if len(text) <= SHOWN else text[: SHOWN - 3] + "..."


def _spans(text: str | None, path: str) -> list[tuple[str, int, int]]:
    """Innermost-first (name, first, last line) of every function in the base version."""
    if not text or not path.endswith(".py"):
        return []
    module = parse_python(text, path)
    if module is None:
        return []
    spans = [
        (name, node.lineno, node.end_lineno or node.lineno)
        for name, node in walk_defs(module)
        if not isinstance(node, ast.ClassDef)
    ]
    return sorted(spans, key=lambda s: s[2] - s[1])


def _spans_of(path: str, base: str | None, fork: str | None, hunks: tuple[Hunk, ...]) -> list[tuple[str, int, int]]:
    """``_spans`` of the base version, read off the fork's parse (which the checks make anyway) through the
    fork's hunks where no hunk can have moved a function's edge; else the base is parsed.  A parse of a
    340 KB module is 0.1 s of a small merge's critical path."""
    if base and fork and path.endswith(".py") and "\r" not in base and "\r" not in fork:
        info = parse_module_info(path, dotted_name(path), fork)
        mapped = None if info is None else _mapped_spans(info.tree, info.lines, code_lines(base), hunks)
        if mapped is not None:
            return mapped
    return _spans(base, path)


_base_spans = Memo(_spans_of)  # once per file of a merge

# a removed line that opened a function or a class: the base had a definition the fork has not
_DEFINES = re.compile(r"[ \t]*(?:async[ \t]+def|def|class)\b")


@dataclass(frozen=True)
class _Placed:
    """A fork hunk in the fork's lines: it added ``first``..``last`` (none: ``last == first - 1``, and the
    lines it removed sat just above ``first``); ``shift`` is a fork line's number minus its base line's,
    for the lines below it."""

    hunk: Hunk
    first: int
    last: int
    shift: int


def _placed(hunks: tuple[Hunk, ...]) -> list[_Placed]:
    out, shift = [], 0
    for hunk in sorted(hunks, key=lambda h: h.old_start):
        first = hunk.old_start + shift + (1 if hunk.old_count == 0 else 0)
        shift += len(hunk.added) - hunk.old_count
        out.append(_Placed(hunk, first, first + len(hunk.added) - 1, shift))
    return out


def _mapped_spans(
    fork: ast.Module, lines: list[str], base: list[str], hunks: tuple[Hunk, ...]
) -> list[tuple[str, int, int]] | None:
    """The base's function spans from the fork's tree: each fork definition's first and last line moved
    back by the lines the hunks above them added.  A definition wholly inside lines the fork added is
    the fork's own.  None (parse the base) when a hunk removed a ``def`` or ``class`` line, or can have
    moved a definition's edge (``_base_last``); each edge is checked against the base's own line too."""
    if any(_DEFINES.match(line) for hunk in hunks for line in hunk.removed):
        return None
    placed = _placed(hunks)
    firsts = [p.first for p in placed]
    spans = []
    for name, node in walk_defs(fork):
        start, end = node.lineno, node.end_lineno or node.lineno
        at = bisect.bisect_right(firsts, start) - 1  # the last hunk placed at or above the first line
        if at >= 0 and placed[at].first <= start <= placed[at].last:
            if end <= placed[at].last:
                continue  # the fork's own definition
            return None
        last = _base_last(lines, placed[at + 1 :], start, end)
        if last is None:
            return None
        first, final = start - _shift(placed, firsts, start), last - _shift(placed, firsts, last)
        if not (
            0 < first <= final <= len(base)
            and base[first - 1] == lines[start - 1]
            and base[final - 1] == lines[last - 1]
        ):
            return None
        if not isinstance(node, ast.ClassDef):
            spans.append((name, first, final))
    return sorted(spans, key=lambda s: s[2] - s[1])


def _base_last(lines: list[str], below: list[_Placed], start: int, end: int) -> int | None:
    """The fork line that is the base version's last line of the definition on ``start``..``end`` (the
    hunks ``below`` its first line, in order); None when the hunks leave it unknown:
    - a hunk inside it removed code no deeper than its ``def`` (the base's definition may have ended there);
    - a hunk replaced its last lines;
    - below its last line, before the next code, a hunk removed code deeper than its ``def`` (the base's
      went on there), or the code after the lines the fork added there is deeper.
    Lines the fork added at its end leave the base's last line the code line above them."""
    depth, last, reach = indent_of(lines[start - 1]), end, end
    for p in below:
        if p.first > _next_code(lines, reach):
            break
        removed = [t for t in p.hunk.removed if _is_code(t)]
        if p.first <= end:  # inside the definition
            if any(indent_of(t) <= depth for t in removed) or (p.last >= end and p.hunk.old_count):
                return None
            if p.last >= end:  # the fork added its last lines
                last = next((i for i in range(p.first - 1, start, -1) if _is_code(lines[i - 1])), 0)
                if not last:
                    return None
                reach = p.last
        elif removed:  # below its last line: the base's first code there says whether it went on
            return last if indent_of(removed[0]) <= depth else None
        else:
            reach = max(reach, p.last)
    after = _next_code(lines, reach)
    return last if after > len(lines) or indent_of(lines[after - 1]) <= depth else None


def _shift(placed: list[_Placed], firsts: list[int], line: int) -> int:
    at = bisect.bisect_right(firsts, line) - 1
    return placed[at].shift if at >= 0 else 0


def _next_code(lines: list[str], line: int) -> int:
    """The first line below ``line`` that is code (not blank, not only a comment); past the end: none."""
    line += 1
    while line <= len(lines) and not _is_code(lines[line - 1]):
        line += 1
    return line


def _is_code(line: str) -> bool:
    stripped = line.strip()
    return bool(stripped) and not stripped.startswith("#")


class _Merged:
    """The merged text of one file and both sides' hunks, indexed once for every near miss in it."""

    def __init__(self, text: str, hunks: list[Hunk]) -> None:
        self.lines = code_lines(text)
        self._ids = {id(h) for h in hunks}
        self._first: dict[str, int] | None = None
        ordered = sorted(hunks, key=lambda h: h.span[1])
        self._ends = [h.span[1] for h in ordered]
        self._shift = [0, *itertools.accumulate(len(h.added) - h.old_count for h in ordered)]

    def line_of(self, hunk: Hunk) -> int:
        """Where the hunk's first added line sits in the merged file (both sides' hunks shift it), or 0."""
        if not hunk.added:
            return 0
        start = hunk.old_start + (1 if hunk.old_count == 0 else 0)
        shift = self._shift[bisect.bisect_left(self._ends, start)]  # every hunk ending above it
        if hunk.span[1] < start and id(hunk) in self._ids:
            shift -= len(hunk.added) - hunk.old_count  # not itself
        line = start + shift
        return line if 0 < line <= len(self.lines) and self.lines[line - 1] == hunk.added[0] else 0

    def first_of(self, wanted: tuple[str, ...]) -> int:
        """The first line of the merged file that is one of ``wanted`` (stripped), or 0."""
        if self._first is None:
            self._first = {}
            for number, line in enumerate(self.lines, 1):
                self._first.setdefault(line.strip(), number)
        found = [self._first[w.strip()] for w in wanted if w.strip() in self._first]
        return min(found, default=0)


def _read(tree: SourceCache, path: str) -> str | None:
    return tree.text(path)

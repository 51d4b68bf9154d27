"""One stage runner: every stage is checked before the first side effect, then planned and run.

A stage has two parts (tbump's executor, goreleaser's pipes):

- ``check(ctx) -> None``: pure preflight.  It reads (files, git, the engine, the registry) and raises
  on anything that would fail later; it changes nothing.  ``Runner.check`` runs the check of *every*
  stage that is still to run before any stage acts, so a bad publish name or a refused registry
  login stops the run before a two-hour build.
- ``plan(ctx) -> list[Action]``: what the stage will do, as Action objects.  An Action's
  ``describe()`` is what ``--dry-run`` prints and its ``do()`` does it: a dry run prints the very
  objects a real run executes.

A stage is planned right before it runs (after the stages before it acted), so its plan can name
what they produced.  An action's ``do()`` returns the stage's result (a record: any object with
``as_dict()``, such as BuildReport or PublishResult) or None; the runner hands the last result to
``on_done``, which serializes and records it (``store.StageEntry``).
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Generic, Protocol, TypeVar

from aeon_release.adapters.store import Record
from aeon_release.errors import check_each

Ctx = TypeVar("Ctx")
Ctx_contra = TypeVar("Ctx_contra", contravariant=True)

Result = Record  # a stage's result: a dataclass that serializes itself (store.Record)


class Action(Protocol):
    def describe(self) -> str: ...

    def do(self) -> Result | None: ...


@dataclass(frozen=True)
class Do:
    """An Action from a sentence and a function."""

    text: str | Callable[[], str]  # a callable: described only when asked (a dry run)
    run: Callable[[], Result | None] | None = None  # None: nothing to do (a note in the plan)

    def describe(self) -> str:
        return self.text if isinstance(self.text, str) else self.text()

    def do(self) -> Result | None:
        return self.run() if self.run is not None else None


class Stage(Protocol[Ctx_contra]):
    @property
    def name(self) -> str: ...

    def check(self, ctx: Ctx_contra) -> None: ...

    def plan(self, ctx: Ctx_contra) -> list[Action]: ...


@dataclass(frozen=True)
class FunctionStage(Generic[Ctx]):
    """A stage made of two functions."""

    name: str
    check_fn: Callable[[Ctx], None]
    plan_fn: Callable[[Ctx], list[Action]]

    def check(self, ctx: Ctx) -> None:
        self.check_fn(ctx)

    def plan(self, ctx: Ctx) -> list[Action]:
        return self.plan_fn(ctx)


@dataclass(frozen=True)
class Runner(Generic[Ctx]):
    stages: tuple[Stage[Ctx], ...]

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(stage.name for stage in self.stages)

    def pending(self, done: Callable[[str], bool]) -> list[Stage[Ctx]]:
        return [stage for stage in self.stages if not done(stage.name)]

    def check(self, ctx: Ctx, stages: Iterable[Stage[Ctx]]) -> None:
        """Every stage's preflight, in order, before any of them acts; every refusal, not the first only
        (``Refusals``: a dry run named the missing pieces one run at a time)."""
        check_each(*(functools.partial(stage.check, ctx) for stage in stages))

    def describe(self, ctx: Ctx, stages: Iterable[Stage[Ctx]]) -> dict[str, list[str]]:
        """The dry run: each stage's plan, described."""
        return {
            stage.name: [line for action in stage.plan(ctx) for line in action.describe().splitlines()]
            for stage in stages
        }

    def run(
        self,
        ctx: Ctx,
        stages: Iterable[Stage[Ctx]],
        on_start: Callable[[str], None],
        on_done: Callable[[str, Result | None], None],
        on_stop: Callable[[str, BaseException], None],
    ) -> None:
        """Plan and run each stage in order; ``on_stop`` sees the exception that stopped one."""
        for stage in stages:
            on_start(stage.name)
            try:
                result: Result | None = None
                for action in stage.plan(ctx):
                    result = action.do() or result
            except BaseException as stop:
                on_stop(stage.name, stop)
                raise
            on_done(stage.name, result)

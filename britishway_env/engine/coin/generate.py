"""Each COIN volume's compiled loops, written from one set of templates.

The random and scripted batch runners, the AEC env's step, the vector env's
step and the rollouts frame of a COIN volume are the same few lines over
that volume's rules. Numba caches a kernel only with the modules it reads as
compile-time constants imported at the top of its own file (no kernel passed
in, no closure: ``../shared/VOLUMES.md``, "Sharing compiled code under
numba"), so each volume keeps real files of its own, and this module writes
them from ``templates/<module>.py.tmpl``; docs/design/shared_volume_kernels.md
tells the story.

    python -m britishway_env.engine.coin.generate            # (re)write every COIN volume's loops
    python -m britishway_env.engine.coin.generate --check    # list the files that differ, exit 1 if any
    python -m britishway_env.engine.coin.generate --hand-written DIR   # what the volumes write by hand, into DIR

The template language is small on purpose:

- ``${name}`` is replaced by a word of the volume (:func:`words`);
- a line ``#if name`` or ``#if not name`` at the start of a line, then
  ``#else`` (optional) and ``#endif``, keeps the lines of one branch by a
  yes/no setting of the volume (no nesting);
- a line starting ``##`` is a note for the template's reader, left out.

A generated file starts with one comment line naming its template; the
rest of it is the rendering.

A template may also be rendered into a region of a hand-written module
(``REGIONS``): the turn skeleton (``templates/flow.py.tmpl``) ends each
volume's ``turns.py``, between a begin and an end marker line, because its
kernels call that module's rules and are reached as that module's own
(``turns.apply``); the rest of the file is the volume's. Rules that a few
volumes share, but not all, are templates of the volumes' own
(``volumes/templates/<name>.py.tmpl``, which the engine does not read from its
kernels): a volume takes one as a region of its ``turns.py`` by naming it in its
spec (``LoopModules.family_regions``).
"""

from __future__ import annotations

import argparse
import importlib.util
import re
import sys
from pathlib import Path
from string import Template
from typing import Mapping, Sequence

from ..spec import VolumeSpec, load

TEMPLATES = Path(__file__).resolve().parent / "templates"
# Templates a few volumes share (their own rules, so not the engine's): rendered as regions of
# the volumes that name them in their spec (``LoopModules.family_regions``).
FAMILY_TEMPLATES = Path(__file__).resolve().parents[2] / "volumes" / "templates"
MODULES = ("playout", "stepper", "batch", "vector", "rollouts", "search")   # templates/<module>.py.tmpl
LOOKAHEAD_BOTS = ("bots",)      # also generated where the spec's loops say ``lookahead_bots``
REGIONS = {"flow": "turns"}     # templates/<template>.py.tmpl rendered into the end of <module>.py
COMMAND = "python -m britishway_env.engine.coin.generate"
REGISTRY = "britishway_env.registry:specs"   # every volume's spec (read by the command only)

_DIRECTIVE = re.compile(r"^#(if|else|endif)\b(.*)$")


class TemplateError(ValueError):
    """A template the renderer cannot read: an unknown word or setting, or unbalanced ``#if`` lines."""


def template_path(module: str) -> Path:
    """The engine's template of that name, else the volumes' shared one (``FAMILY_TEMPLATES``)."""
    engine = TEMPLATES / f"{module}.py.tmpl"
    family = FAMILY_TEMPLATES / f"{module}.py.tmpl"
    return family if not engine.exists() and family.exists() else engine


def template_label(module: str) -> str:
    """Where the template stands, from the package's folder (for the lines that name it)."""
    return template_path(module).relative_to(TEMPLATES.parents[2]).as_posix()


def header(module: str) -> str:
    """The first line of a generated module."""
    return f"# Generated from engine/coin/templates/{module}.py.tmpl by `{COMMAND}`; do not edit by hand.\n"


def region_begin(template: str) -> str:
    """The marker line that opens the region written from ``template``."""
    return (f"# ---- generated from {template_label(template)} by `{COMMAND}` "
            "down to the end marker; do not edit by hand ----\n")


def region_end(template: str) -> str:
    """The marker line that closes the region written from ``template``."""
    return f"# ---- end of the part generated from {template}.py.tmpl ----\n"


def _select(text: str, flags: Mapping[str, bool], name: str) -> list[str]:
    """The lines of ``text`` kept by the ``#if`` blocks, notes (``##``) left out."""
    kept, branch = [], None          # branch: None outside a block, else whether its lines are kept
    opened = False
    for number, line in enumerate(text.splitlines(keepends=True), start=1):
        if line.startswith("##"):
            continue
        directive = _DIRECTIVE.match(line.rstrip("\n"))
        if directive is None:
            if branch is None or branch:
                kept.append(line)
            continue
        word, rest = directive.group(1), directive.group(2).split()
        where = f"{name}:{number}"
        if word == "if":
            if opened:
                raise TemplateError(f"{where}: #if inside #if")
            negate = rest[:1] == ["not"]
            rest = rest[1:] if negate else rest
            if len(rest) != 1 or rest[0] not in flags:
                raise TemplateError(f"{where}: #if needs one setting of {sorted(flags)}, got {rest}")
            branch, opened = flags[rest[0]] != negate, True
        elif word == "else":
            if not opened or rest:
                raise TemplateError(f"{where}: stray #else")
            branch = not branch
        else:
            if not opened or rest:
                raise TemplateError(f"{where}: stray #endif")
            branch, opened = None, False
    if opened:
        raise TemplateError(f"{name}: #if without #endif")
    return kept


def render_text(text: str, words: Mapping[str, str], flags: Mapping[str, bool], name: str = "template") -> str:
    """``text`` with its ``#if`` blocks chosen by ``flags`` and its ``${word}`` replaced from ``words``."""
    body = "".join(_select(text, flags, name))
    try:
        return Template(body).substitute(words)
    except KeyError as exc:
        raise TemplateError(f"{name}: no word {exc.args[0]!r} (known: {sorted(words)})") from None
    except ValueError as exc:
        raise TemplateError(f"{name}: {exc}") from None


def words(spec: VolumeSpec) -> dict[str, str]:
    """The words a volume's loops differ by, all read from its spec."""
    counterinsurgent, insurgent = spec.agents
    if spec.report is not None and spec.report.insurgent != insurgent:
        raise TemplateError(f"{spec.name}: the second seat must be the insurgent")
    return {
        "volume": spec.name,                           # rollouts.run("<volume>", ...), CoinRollouts(volume=)
        "title": spec.title,                           # the docstrings' name of the volume
        "prefix": spec.card_prefix,                    # the card letter of the rows' event columns
        "env": spec.env.rpartition(".")[2],            # the AEC env module ("<volume>_v0")
        "counterinsurgent": counterinsurgent,          # the first seat: policy_<seat> parameters, examples
        "COUNTERINSURGENT": counterinsurgent.upper(),  # its faction constant in the volume's layout
        "insurgent": insurgent,                        # the second seat
    }


def flags(spec: VolumeSpec) -> dict[str, bool]:
    """The yes/no settings a volume's loops differ by (engine/spec.py ``LoopModules``)."""
    loops = spec.loops
    return {"bot_game_memo": loops.bot_game_memo, "lookahead_bots": loops.lookahead_bots,
            "event_counts": loops.event_counts, "event_alt": loops.event_alt, "alt_spaces": loops.alt_spaces,
            "extra_space": loops.extra_space}


def render(module: str, spec: VolumeSpec) -> str:
    """The text of ``spec``'s generated ``module`` (header included)."""
    name = f"{module}.py.tmpl"
    return header(module) + render_text(template_path(module).read_text(), words(spec), flags(spec), name)


def folder(spec: VolumeSpec) -> Path:
    """Where ``spec``'s loops live: its ``LoopModules.package`` folder."""
    found = importlib.util.find_spec(spec.loops.package)
    if found is None or not found.submodule_search_locations:
        raise TemplateError(f"{spec.name}: no package {spec.loops.package!r}")
    return Path(list(found.submodule_search_locations)[0])


def modules(spec: VolumeSpec) -> tuple[str, ...]:
    """The modules generated for ``spec``: the loops, and the look-ahead bots where it has them."""
    return MODULES + (LOOKAHEAD_BOTS if spec.loops.lookahead_bots else ())


def render_region(template: str, spec: VolumeSpec) -> str:
    """The text of ``spec``'s region written from ``template``, markers included."""
    name = f"{template}.py.tmpl"
    body = render_text(template_path(template).read_text(), words(spec), flags(spec), name)
    return region_begin(template) + body + region_end(template)


def with_region(text: str, template: str, spec: VolumeSpec, name: str) -> str:
    """``text`` (a hand-written module) with its region from ``template`` rendered anew."""
    begin, end = region_begin(template), region_end(template)
    if text.count(begin) != 1 or text.count(end) != 1 or text.index(begin) > text.index(end):
        raise TemplateError(f"{name}: needs one line {begin.strip()!r} and, after it, one line {end.strip()!r}")
    head, rest = text.split(begin)
    return head + render_region(template, spec) + rest.split(end)[1]


def regions(spec: VolumeSpec) -> list[tuple[str, str]]:
    """(template, module) of each region written into ``spec``'s hand-written modules: the
    engine's (``REGIONS``), then those of the volumes' shared templates its spec names."""
    return list(REGIONS.items()) + [(template, "turns") for template in spec.loops.family_regions]


def rendered(spec: VolumeSpec) -> dict[Path, str]:
    """Every generated module of ``spec``, and every hand-written module with a
    generated region (those present): path -> text."""
    where = folder(spec)
    texts = {where / f"{module}.py": render(module, spec) for module in modules(spec)}
    for template, module in regions(spec):
        path = where / f"{module}.py"
        if path.exists():
            text = texts.get(path) or path.read_text()
            texts[path] = with_region(text, template, spec, f"{spec.name}/{module}.py")
    return texts


def stale(spec: VolumeSpec) -> list[Path]:
    """The generated modules of ``spec`` whose file differs from the rendering (or is missing)."""
    return [path for path, text in rendered(spec).items() if not path.exists() or path.read_text() != text]


def write(spec: VolumeSpec) -> list[Path]:
    """Write ``spec``'s stale modules; the paths written."""
    changed = stale(spec)
    texts = rendered(spec)
    for path in changed:
        path.write_text(texts[path])
    return changed


def generated_specs(names: Sequence[str] = ()) -> list[VolumeSpec]:
    """The specs of the volumes with generated loops (those named, or all)."""
    found = [s for s in load(REGISTRY)() if s.loops is not None]
    if names:
        unknown = sorted(set(names) - {s.name for s in found})
        if unknown:
            raise SystemExit(f"no generated loops for {unknown}; volumes with them: {[s.name for s in found]}")
        found = [s for s in found if s.name in names]
    return found


def hand_written(spec: VolumeSpec) -> dict[str, str]:
    """What ``spec``'s volume writes by hand: each module of its folder (file name -> text) less
    the generated modules, and its hand-written modules less their generated regions."""
    where = folder(spec)
    generated = {f"{module}.py" for module in modules(spec)}
    marked = {}
    for template, module in regions(spec):
        marked.setdefault(f"{module}.py", []).append(template)
    texts = {}
    for path in sorted(where.glob("*.py")):
        if path.name in generated:
            continue
        text = path.read_text()
        for template in marked.get(path.name, ()):
            head, rest = text.split(region_begin(template))
            text = head + rest.split(region_end(template))[1]
        texts[path.name] = text
    return texts


def write_hand_written(specs: Sequence[VolumeSpec], out: Path) -> list[Path]:
    """Copy what each volume writes by hand (:func:`hand_written`) into ``out/<volume>/``, so that
    ``duplicates --repo out`` reads the volumes' own code only. ``out`` must be new or empty."""
    if out.exists() and (not out.is_dir() or any(out.iterdir())):
        raise SystemExit(f"{out}: not an empty folder; name a new one")
    written = []
    for spec in specs:
        for name, text in hand_written(spec).items():
            path = out / spec.name / name
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text)
            written.append(path)
    return written


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog=COMMAND, description="Write each COIN volume's loops from the templates.")
    parser.add_argument("volumes", nargs="*", help="volumes to write (default: every volume with generated loops)")
    parser.add_argument("--check", action="store_true", help="write nothing; list stale files, exit 1 if any")
    parser.add_argument("--hand-written", type=Path, metavar="DIR",
                        help="write nothing here; copy what each volume writes by hand (its modules less the "
                             "generated ones and regions) into the new folder DIR, for `duplicates --repo DIR`")
    args = parser.parse_args(argv)
    root = Path.cwd()
    if args.hand_written is not None:
        files = write_hand_written(generated_specs(args.volumes), args.hand_written)
        print(f"wrote {len(files)} hand-written modules under {args.hand_written}")
        return 0
    bad = 0
    for spec in generated_specs(args.volumes):
        for path in stale(spec) if args.check else write(spec):
            shown = path.relative_to(root) if path.is_relative_to(root) else path
            print(f"{'stale' if args.check else 'wrote'} {shown}")
            bad += 1
    return 1 if args.check and bad else 0


if __name__ == "__main__":
    sys.exit(main())

"""The ``britishway`` command: batch rollouts and playing in a terminal.

Every error is one line on stderr and a non-zero exit status, never a
traceback (set ``BRITISHWAY_DEBUG=1`` to see one for an unexpected error).
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import List, Optional, Tuple

import numpy as np
import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn, TimeRemainingColumn
from rich.table import Table

from .errors import BritishWayError
from .registry import DEFAULT_VOLUME, specs, volume_names

try:  # recent typer carries its own copy of click; its exceptions are what the app raises
    from typer.core import _click as click
except ImportError:  # pragma: no cover - older typer uses click itself
    import click


class _App(typer.Typer):
    """A Typer app whose failures end as one line on stderr, not a traceback."""

    def __call__(self, *args, **kwargs):
        kwargs["standalone_mode"] = False          # click's errors come here, to be printed as one line
        try:
            code = super().__call__(*args, **kwargs)
        except click.exceptions.NoArgsIsHelpError as err:
            err.show()
            raise SystemExit(err.exit_code) from None
        except click.exceptions.ClickException as err:        # usage errors: bad option values, missing arguments
            where = f" (see {err.ctx.command_path} --help)" if getattr(err, "ctx", None) is not None else ""
            _line(f"error: {_one_line(err.format_message())}{where}")
            raise SystemExit(err.exit_code) from None
        except typer.Abort:
            _line("aborted")
            raise SystemExit(130) from None
        except MemoryError:
            _line("out of memory: run fewer games per run (--games) or fewer threads")
            raise SystemExit(3) from None
        except (BritishWayError, ValueError, OSError) as err:
            if os.environ.get("BRITISHWAY_DEBUG"):
                raise
            _line(f"error: {_one_line(err)}")
            raise SystemExit(2) from None
        except Exception as err:  # an unexpected failure: still one line, with a way to see more
            if os.environ.get("BRITISHWAY_DEBUG"):
                raise
            _line(f"internal error: {type(err).__name__}: {_one_line(err)} "
                  "(set BRITISHWAY_DEBUG=1 for the traceback)")
            raise SystemExit(1) from None
        raise SystemExit(code if isinstance(code, int) else 0)


def _policy_help(found) -> str:
    """What ``--policy`` takes for one volume."""
    from .rollouts import policy_example

    names = " or ".join(found.policies)
    if not found.several_seats:
        return ", ".join(found.policies) + (f", {found.policy_help}" if found.policy_help else "")
    every = "both seats" if len(found.agents) == 2 else "every seat"
    extra = f"; {found.policy_help}" if found.policy_help else ""
    return (f"a policy per seat, e.g. {policy_example(found)} ({names}; one name plays {every}, "
            f"a seat left out plays {found.default_policy}{extra})")


def _or(words) -> str:
    words = list(words)
    return ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)


VOLUMES_HELP = _or(volume_names())
GAMES_HELP = "number of games (at most " + _or(f"{found.max_games:,} {found.name}" for found in specs()) + \
    " games per run)"
POLICY_HELP = "; ".join(f"{found.name}: {_policy_help(found)}" for found in specs())
REPORT_VOLUMES = tuple(found.name for found in specs() if found.report is not None)
RAY_VOLUMES = tuple(found.name for found in specs() if "ray" in found.backends)

app = _App(add_completion=False, no_args_is_help=True, pretty_exceptions_enable=False,
           help="britishway-env: rollouts and play for The British Way volumes and the solo deck.")
console = Console()


def _one_line(err: BaseException) -> str:
    text = " ".join(str(err).split())
    return text or type(err).__name__


def _line(text: str) -> None:
    typer.echo(text, err=True)


def _fail(err: Exception) -> None:
    _line(f"error: {_one_line(err)}")
    raise typer.Exit(code=2)


def _notice(text: str) -> None:
    """Progress notes (compiling, loading) go to stderr, out of the results."""
    typer.echo(text, err=True)


@app.command()
def rollouts(
    volume: str = typer.Argument(..., help=f"volume to play: {VOLUMES_HELP}"),
    games: int = typer.Option(10_000, "--games", "-n", help=GAMES_HELP),
    policy: str = typer.Option("random", help=POLICY_HELP),
    seed: int = typer.Option(0, help="base seed, 0..2**63-1; game i uses a seed derived from (seed, i)"),
    first_game: int = typer.Option(0, "--first-game", help="number of the first game: a part of a larger run "
                                                           "(same --seed) plays games FIRST..FIRST+GAMES-1"),
    threads: Optional[int] = typer.Option(None, help="numba threads (default: all cores)"),
    out: Optional[Path] = typer.Option(None, help="write one row per game to this .parquet or .csv file, with "
                                                  "its provenance (checked before the run, written when it "
                                                  "completes; interrupted, the finished games are kept in "
                                                  "OUT.partial)"),
    resume: bool = typer.Option(False, "--resume", help="finish the interrupted run that kept its games in "
                                                        "OUT.partial (same arguments): the rows are those of an "
                                                        "uninterrupted run"),
    quiet: bool = typer.Option(False, help="no progress bar"),
    backend: str = typer.Option("local", help=f"local (numba threads) or ray (Ray tasks; {_or(RAY_VOLUMES)}); "
                                              "same rows"),
    address: Optional[str] = typer.Option(None, help="with --backend ray: a running Ray cluster ('auto' or "
                                                     "host:port); none starts a local Ray on 127.0.0.1"),
    variant: Optional[Path] = typer.Option(None, help="a variant file (.toml, docs/variants.md) of the volume: "
                                                      "its setup, deck, rule parameters and restrictions, played on "
                                                      "the same seeds as the base game"),
) -> None:
    """Play many games and print win rates with Wilson 95% intervals."""
    from . import rollouts as ro
    from .warmup import ensure_compiled
    from .io import sigterm_as_exit

    # Everything is checked before the first game is played.
    try:
        found = ro.volume_spec(volume)
        games, seed = ro.check_run(volume, games, seed, first_game)
        if not found.several_seats:
            kwargs = {"policy": ro.check_policies(volume, policy)}
            label = policy
        else:
            kwargs = {"policies": ro.parse_policies(volume, policy)}
            label = ",".join(f"{seat}={name}" for seat, name in kwargs["policies"].items())
        threads = ro.check_threads(threads)
        if backend not in ro.BACKENDS:
            raise ValueError(f"--backend must be one of {', '.join(ro.BACKENDS)}, got {backend!r}")
        if backend not in found.backends:
            raise ValueError(f"--backend {backend} is available for {_or(ro.backend_volumes(backend))}, "
                             f"not {volume}")
        if backend != "local":
            from .distributed import check_address, probe, require_ray

            require_ray()                   # the ray extra: say how to install it, before anything else
            target = check_address(address)
            if target is not None:
                probe(*target)              # a closed port fails now, not after the games are set up
            kwargs.update(backend=backend, address=address)
        elif address is not None:
            raise ValueError("--address is only used with --backend ray")
        if out is not None:
            out = ro.check_out(out)
        elif resume:
            raise ValueError("--resume finishes the run writing an --out file: give the same --out")
        if variant is not None:
            from .variants import load_variant

            kwargs["variant"] = load_variant(variant, volume=found.name)
            label += f", variant {kwargs['variant'].name}"
    except (BritishWayError, ValueError) as err:
        _fail(err)
    from .provenance import command_line

    command = command_line(program="britishway")
    with sigterm_as_exit():
        ensure_compiled(volume, ro.compiled_use(volume, **{k: v for k, v in kwargs.items() if k != "variant"}),
                        _notice)
        start = time.perf_counter()         # the games only: compiling is reported on its own
        columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, disable=quiet, transient=False) as bar:
            task = bar.add_task(f"{volume} / {label}", total=games)
            advance = lambda n: bar.advance(task, n)  # noqa: E731
            try:
                if out is None:
                    df = ro.run(volume, games, seed=seed, threads=threads, progress=advance, first_game=first_game,
                                **kwargs)
                else:
                    df = ro.run_to_file(out, volume, games, seed=seed, threads=threads, progress=advance,
                                        first_game=first_game, resume=resume, command=command, notice=_notice,
                                        **kwargs)
            except (BritishWayError, ValueError) as err:
                _fail(err)
        elapsed = time.perf_counter() - start
    summary = ro.summarize(df)
    games_text = f"games {first_game:,}..{first_game + games - 1:,}" if first_game else f"{games:,} games"
    table = Table(title=f"{volume}: {games_text}, policy {label}, seed {seed}")
    for col in ("outcome", "games", "rate", "95% CI"):
        table.add_column(col, justify="right" if col != "outcome" else "left")
    for row in summary.itertuples():
        table.add_row(row.outcome, f"{row.games:,}", f"{row.rate:.4f}",
                      f"[{row.ci95_low:.4f}, {row.ci95_high:.4f}]")
    console.print(table)
    if found.report is not None:
        _print_seat_tables(ro, df, found)
    means = ", ".join(f"mean {column.replace('_', ' ')} {df[column].mean():{fmt}}" for column, fmt in found.rows.means)
    played = df.attrs.get(ro.PLAYED_KEY, len(df))
    console.print(f"{means}; {played / elapsed:,.0f} games/s ({elapsed:.2f} s of play"
                  + (f", {played:,} games played now)" if played != len(df) else ")"))
    if out is not None:
        console.print(f"wrote {len(df):,} rows to {out}")


@app.command()
def report(
    rows: List[Path] = typer.Argument(..., help=f"rollout rows written by `britishway rollouts VOLUME --out "
                                                f"x.parquet` (or .csv; VOLUME: {_or(REPORT_VOLUMES)}): one file, "
                                                "or the files or folder of one run played in parts "
                                                "(--first-game)"),
    out: Path = typer.Option(Path("report"), help="folder for report.md and its PNG plots"),
    title: Optional[str] = typer.Option(None, help="report title (default: '<volume> balance report')"),
    pool: bool = typer.Option(False, "--pool", help="pool rows from different policy pairs into one report "
                                                    "(refused otherwise; the report then says so)"),
    volume: Optional[str] = typer.Option(None, help=f"the rows' volume ({_or(REPORT_VOLUMES)}), when their "
                                                    "columns do not say"),
    min_games: int = typer.Option(30, "--min-games", help="plot and table a comparison (card x campaign, event "
                                                          "text, capability) only when each of its two groups "
                                                          "has at least this many games; the report counts and "
                                                          "lists the others"),
) -> None:
    """Write a markdown balance report with plots from a COIN volume's rollout rows: checked first (rows
    changed since they were written, the same game twice, a result the victory conditions rule out are
    refused), with where they come from."""
    from . import report as rp
    from .io import check_output_path

    try:
        if out.exists() and not out.is_dir():
            raise ValueError(f"--out {str(out)!r} is a file; the report needs a folder")
        rp.check_min_games(min_games)
        check_output_path(out / "report.md", (".md",), what="report")
        source = rp.load(rows, pool=pool)
        path = rp.write(source, out, title=title, pool=pool, volume=volume, min_games=min_games)
        randoms = rp.random_seats(source, volume)
    except (BritishWayError, ValueError, OSError) as err:
        _fail(err)
    for line in source.lines():
        console.print(line, highlight=False, markup=False, soft_wrap=True)
    for note in source.notes:
        console.print(f"note: {note}", highlight=False, markup=False, soft_wrap=True)
    if randoms:
        console.print(f"note: random play ({', '.join(f'{seat}=random' for seat in randoms)}): these rates describe "
                      "random play, not the game's balance; the card and event comparisons are left out",
                      highlight=False, markup=False, soft_wrap=True)
    console.print(f"wrote {path} and its plots ({source.n:,} games)")


COMPARE_VOLUMES = tuple(found.name for found in specs()
                        if found.several_seats and len(found.agents) == 2 and found.report is not None)


@app.command()
def compare(
    rows: List[str] = typer.Argument(..., metavar="BASE ARM [ARM ...]",
                                     help=f"rows files written by `britishway rollouts VOLUME --seed S --out FILE` "
                                          f"(VOLUME: {_or(COMPARE_VOLUMES)}) for the same games: the base first, "
                                          "then the arms; NAME=FILE names one (default: the file's stem); FILE "
                                          "may be a folder holding the parts of one run (--first-game); a word "
                                          "ending in ':' starts a strength level (LEVEL: BASE ARM ... LEVEL: "
                                          "BASE ARM ...), arms matched across levels by name"),
    out: Optional[Path] = typer.Option(None, help="write a Markdown report here (.md) with its forest plot "
                                                  "beside it (same name, .png)"),
    csv: Optional[Path] = typer.Option(None, "--csv", help="write the tidy table here (.csv): level, arm, seat, "
                                                           "measure, base, arm_value, difference, low, high, p, "
                                                           "p_adjusted, ..."),
    adjust: str = typer.Option("holm", help="multiple-comparison correction of the win-rate tests over every arm "
                                            "and level: holm (family-wise error), bh (Benjamini-Hochberg, false "
                                            "discovery rate) or none"),
    allow_partial: bool = typer.Option(False, "--allow-partial", help="compare an arm on the games it shares "
                                                                      "with its base (refused otherwise, naming "
                                                                      "how many differ)"),
    bootstrap: int = typer.Option(2000, help="paired bootstrap resamples of the games (balance and "
                                             "early-victory-round changes), 100..100000"),
) -> None:
    """Compare rollout arms with a base run on the same games (paired by seed and game number): per seat
    the change in win rate with Newcombe's paired interval and McNemar's exact test, corrected for
    multiple comparisons; the changes in game length, victory timing, balance, decisiveness and lead
    changes, each with its interval (docs/compare.md)."""
    from . import compare as cp
    from .io import check_output_path
    from .provenance import command_line

    try:
        cp.check_adjust(adjust)
        cp.check_bootstrap(bootstrap)
        cp.parse_inputs(rows)
        if out is not None:
            check_output_path(out, (".md",), what="--out")
            check_output_path(out.with_suffix(".png"), (".png",), what="the plot beside --out")
        if csv is not None:
            check_output_path(csv, (".csv",), what="--csv")
        result = cp.compare(rows, allow_partial=allow_partial, adjust=adjust, bootstrap=bootstrap)
        command = command_line(program="britishway")
        written = [cp.write_report(result, out, command)] if out is not None else []
        if out is not None:
            written.append(out.with_suffix(".png"))
        if csv is not None:
            written.append(cp.write_csv(result, csv))
    except (BritishWayError, ValueError, OSError) as err:
        _fail(err)
    _print_comparison(cp, result)
    if written:
        console.print("wrote " + ", ".join(map(str, written)), highlight=False)


def _print_comparison(cp, result) -> None:
    """The pairing, the win-rate changes and the game-level measures of every arm."""
    from rich.markup import escape

    for p in result.pairings:
        seed = f"base seed {p.base_seed}" if p.base_seed is not None else "base seed not recorded"
        console.print(f"{(p.level + ': ') if p.level else ''}{p.arm}: {p.games:,} paired games "
                      f"({p.ranges}), {seed}", highlight=False, markup=False, soft_wrap=True)
    t = Table(title=f"{result.volume}: win-rate change arm - base (Newcombe paired 95%; McNemar exact p, "
                    f"{result.adjust} over {result.hypotheses} test{'s' if result.hypotheses != 1 else ''})")
    levels = any(result.table["level"] != "")
    for col in (["level"] if levels else []) + ["arm", "seat", "base", "arm", "change", "95% interval", "p",
                                                "adjusted p"]:
        t.add_column(col, justify="left" if col in ("level", "arm", "seat") else "right")
    for _, r in result.win_rates().iterrows():
        t.add_row(*map(escape, [*([r["level"]] if levels else []), r["arm"], r["seat"], f"{r['base']:.3f}",
                                f"{r['arm_value']:.3f}", f"{r['difference']:+.3f}", cp.interval_text(r),
                                cp._p_text(r["p"]), cp._p_text(r["p_adjusted"])]))
    console.print(t)
    other = result.table[result.table["measure"] != "win_rate"]
    t = Table(title="game-level measures: base, arm and the change arm - base (95%)")
    for col in (["level"] if levels else []) + ["arm", "measure", "base", "arm", "change", "95% interval"]:
        t.add_column(col, justify="left" if col in ("level", "arm", "measure") else "right")
    for _, r in other.iterrows():
        m = r["measure"]
        t.add_row(*map(escape, [*([r["level"]] if levels else []), r["arm"], m, cp._fmt(r["base"], m),
                                cp._fmt(r["arm_value"], m), cp._signed(r["difference"], m), cp.interval_text(r)]))
    console.print(t)
    for line in result.warnings:
        console.print(f"warning: {line}", highlight=False, markup=False, soft_wrap=True)
    for line in result.notes:
        console.print(f"note: {line}", highlight=False, markup=False, soft_wrap=True)


@app.command()
def experiment(
    file: Path = typer.Argument(..., metavar="FILE.toml", help="the experiment file (docs/experiments.md): volume, "
                                                               "games, seed, levels, [[variants]], [cards]"),
    out: Path = typer.Option(..., help="folder for the rows (LEVEL/ARM.parquet), report.md, report.png, "
                                       "table.csv and, with [cards], cards.md"),
    resume: bool = typer.Option(False, "--resume", help="finish runs an interrupted experiment kept in "
                                                        "OUT/LEVEL/ARM.parquet.partial"),
    backend: str = typer.Option("local", help="local (numba threads) or ray (Ray tasks); same rows"),
    address: Optional[str] = typer.Option(None, help="with --backend ray: a running Ray cluster"),
    threads: Optional[int] = typer.Option(None, help="numba threads (default: all cores)"),
) -> None:
    """Run a base game and its variants (or card interventions) on the same seeds at each strength level,
    and compare them game by game: paired intervals, multiple-comparison control, a forest plot
    (docs/experiments.md). Runs already on disk are kept."""
    from . import compare as cp
    from . import experiment as ex
    from .io import sigterm_as_exit
    from .provenance import command_line

    try:
        exp = ex.load_experiment(file)
        if backend not in ("local", "ray"):
            raise ValueError(f"--backend must be local or ray, got {backend!r}")
        if out.exists() and not out.is_dir():
            raise ValueError(f"--out {out} is a file; give a folder")
        console.print(f"{exp.volume}: {len(exp.arms) - 1} arm(s) and the base, {len(exp.levels)} level(s), "
                      f"{exp.games:,} games each (seed {exp.seed})", highlight=False)
        with sigterm_as_exit():
            result = ex.run(exp, out, backend=backend, address=address, resume=resume, threads=threads,
                            say=_notice, command=command_line(program="britishway"))
    except (BritishWayError, ValueError, OSError) as err:
        _fail(err)
    _print_comparison(cp, result)
    console.print(f"wrote {out / 'report.md'}, {out / 'report.png'}, {out / 'table.csv'}"
                  + (f", {out / 'cards.md'}" if any(a.family for a in exp.arms) else ""), highlight=False)


LADDER_VOLUMES = tuple(found.name for found in specs() if found.several_seats and len(found.agents) == 2)
DEFAULT_LADDER = "random,heuristic,trained"


@app.command()
def ladder(
    volume: str = typer.Argument(..., help=f"volume: {_or(LADDER_VOLUMES)}"),
    agents: Optional[str] = typer.Option(None, help=f"agents, comma-separated: policy names as --policy takes "
                                                    f"them, each playing whichever seat it sits in "
                                                    f"(default {DEFAULT_LADDER})"),
    games: Optional[int] = typer.Option(None, "--games", "-n", help="games per seat assignment of each pairing "
                                                                    "(the same games for every pairing; "
                                                                    "default 100)"),
    seed: int = typer.Option(0, help="the ladder's base seed, 0..2**63-1: game i of every pairing uses the "
                                     "seed derived from (seed, i)"),
    out: Optional[Path] = typer.Option(None, help="folder of the ladder's records, games.jsonl (default "
                                                  "runs/ladder/VOLUME); only the games it lacks are played, "
                                                  "and the fit is redone from all of them"),
    backend: str = typer.Option("local", help=f"local (numba threads) or ray (Ray tasks; {_or(RAY_VOLUMES)}); "
                                              "same records"),
    threads: Optional[int] = typer.Option(None, help="numba threads (default: all cores)"),
    sprt: Optional[Tuple[str, str]] = typer.Option(None, "--sprt", help="A B: instead of the ladder, a "
                                                   "sequential probability ratio test of A against B on paired "
                                                   "games (added to the records)"),
    elo0: float = typer.Option(0.0, "--elo0", help="with --sprt: H0, A is stronger than B by ELO0"),
    elo1: float = typer.Option(30.0, "--elo1", help="with --sprt: H1, A is stronger than B by ELO1"),
    alpha: float = typer.Option(0.05, help="with --sprt: the chance of accepting H1 when H0 holds"),
    beta: float = typer.Option(0.05, help="with --sprt: the chance of accepting H0 when H1 holds"),
    max_games: int = typer.Option(20_000, "--max-games", help="with --sprt: stop, inconclusive, after this "
                                                              "many games (both seat assignments)"),
    batch: int = typer.Option(100, help="with --sprt: game numbers per step (each played in both seat "
                                        "assignments) before the LLR is looked at"),
    page: Optional[Path] = typer.Option(None, help="also write a Markdown page of the fit here (e.g. "
                                                   "docs/results/ladder_VOLUME.md) with its plot (same name, "
                                                   ".png)"),
    quiet: bool = typer.Option(False, help="no progress bar"),
) -> None:
    """A rating ladder: every pairing of agents plays the same games in both seat assignments, and a
    Bradley-Terry fit with a seat term gives each agent an Elo rating with a 95% interval, the seat
    term (the volume's balance), the likelihood of superiority and a test of seat-specific strength."""
    from . import ladder as ld
    from . import rollouts as ro
    from .io import check_output_path, sigterm_as_exit
    from .provenance import command_line
    from .warmup import ensure_compiled

    # Everything is checked before the first game is played.
    try:
        found = ro.volume_spec(volume)
        if volume not in LADDER_VOLUMES:
            raise ValueError(f"a ladder needs a volume of two seats ({_or(LADDER_VOLUMES)}), not {volume}")
        folder = out if out is not None else ld.default_out(volume)
        if sprt is not None:
            if agents is not None or games is not None:
                raise ValueError("--sprt plays A against B only, --batch game numbers at a time up to "
                                 "--max-games: leave out --agents and --games")
            a, b = (name.strip() for name in sprt)
            ld.plan_sprt(volume, a, b, seed, folder, elo0, elo1, alpha, beta, max_games, batch, backend, threads)
            pairings = [(a, b), (b, a)]
            total = max_games - max_games % 2
        else:
            names = [name.strip() for name in (agents if agents is not None else DEFAULT_LADDER).split(",")]
            if any(not name for name in names):
                raise ValueError(f"--agents {agents!r} has an empty name: write names separated by commas")
            batches = ld.plan(volume, names, 100 if games is None else games, seed, folder, backend, threads)
            pairings = sorted({(x.first, x.second) for x in batches})
            total = sum(x.count for x in batches)
        if page is not None:
            check_output_path(page, (".md",), what="--page")
    except (BritishWayError, ValueError) as err:
        _fail(err)
    command = command_line(program="britishway")
    seats = found.agents
    with sigterm_as_exit():
        for use in dict.fromkeys(ro.compiled_use(volume, policies={seats[0]: x, seats[1]: y}) for x, y in pairings):
            ensure_compiled(volume, use, _notice)
        columns = (TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(),
                   TimeElapsedColumn(), TimeRemainingColumn())
        with Progress(*columns, console=console, disable=quiet or total == 0, transient=False) as bar:
            what = f"{volume} / sprt {sprt[0]} vs {sprt[1]}" if sprt is not None else f"{volume} / ladder"
            task = bar.add_task(what, total=total)
            advance = lambda n: bar.advance(task, n)  # noqa: E731
            try:
                if sprt is not None:
                    test = ld.sprt(volume, a, b, seed, folder, elo0, elo1, alpha, beta, max_games, batch,
                                   backend, threads, progress=advance)
                    bar.update(task, total=max(test.played, 1), completed=test.played)
                else:
                    ld.play_batches(volume, batches, seed, folder, threads, backend, progress=advance)
                records = ld.read_records(ld.records_path(folder), volume, seed)
                result = ld.fit(records)
                written = ld.write_page(result, page, command, ld.records_path(folder)) if page is not None else None
            except (BritishWayError, ValueError, OSError) as err:
                _fail(err)
    _print_ladder(ld, result, folder)
    if sprt is not None:
        console.print(test.summary(), highlight=False, markup=False, soft_wrap=True)
        console.print("LLR by games used: " + ", ".join(f"{n:,}: {llr:+.3f}" for n, llr in test.trajectory[-10:])
                      + (" (the last 10 batches)" if len(test.trajectory) > 10 else ""), highlight=False)
        console.print(f"played {test.played:,} new games for the test", highlight=False)
    else:
        console.print(f"played {total:,} new games", highlight=False)
    if page is not None:
        console.print(f"wrote {written} and {written.with_suffix('.png')}", highlight=False)


def _print_ladder(ld, result, folder) -> None:
    """The ladder's fit: ratings, seat term, likelihood of superiority, the per-seat model's test."""
    t = Table(title=f"{result.volume} ladder: {result.records:,} games in {ld.records_path(folder)}, "
                    f"{result.anchor} = 0 Elo")
    for col in ("agent", "rating", "SE", "95% interval", "games", "score"):
        t.add_column(col, justify="left" if col == "agent" else "right")
    for row in result.table.itertuples():
        t.add_row(row.agent, ld.fmt_rating(row.rating), f"{row.se:.0f}",
                  f"[{ld.fmt_rating(row.ci95_low)}, {ld.fmt_rating(row.ci95_high)}]", f"{row.games:,}",
                  f"{row.score:.3f}")
    console.print(t)
    console.print(ld.seat_term_line(result), highlight=False, markup=False, soft_wrap=True)
    names = list(result.los.columns)
    t = Table(title="likelihood of superiority: P(row stronger than column)")
    t.add_column("")
    for name in names:
        t.add_column(name, justify="right")
    for x in names:
        t.add_row(x, *("" if x == y else f"{result.los.loc[x, y]:.3f}" for y in names))
    console.print(t)
    console.print(ld.seat_model_line(result), highlight=False, markup=False, soft_wrap=True)


def _print_seat_tables(ro, df, found) -> None:
    """COIN volumes: victory timing and the Political Will distribution."""
    timing = ro.victory_timing(df)
    t = Table(title="victory timing: games ended in each Propaganda Round")
    t.add_column("round", justify="right")
    for seat in timing.columns:
        t.add_column(f"{seat} wins", justify="right")
    t.add_column("share of games", justify="right")
    n = len(df)
    for r, row in timing.iterrows():
        t.add_row(str(r), *(f"{int(v):,}" for v in row), f"{row.sum() / n:.4f}")
    console.print(t)
    pw = ro.political_will_summary(df)
    t = Table(title="Political Will")
    for col in ("political_will", "games", "mean", "min", "p25", "median", "p75", "max"):
        t.add_column(col, justify="left" if col == "political_will" else "right")
    for row in pw.itertuples():
        t.add_row(row.political_will, f"{row.games:,}", f"{row.mean:.2f}",
                  *(f"{v:g}" for v in (row.min, row.p25, row.median, row.p75, row.max)))
    console.print(t)
    top = found.report.political_will_max
    hist = np.bincount(df["final_political_will"].to_numpy(), minlength=top + 1)
    edges = [1 + round(q * top / 4) for q in range(5)]       # 0 alone, then the track in quarters
    bins = [(0, 0)] + [(lo, hi - 1) for lo, hi in zip(edges, edges[1:])]
    console.print("final Political Will: " + ", ".join(
        f"{lo}-{hi}: {hist[lo:hi + 1].sum() / n:.3f}" if lo != hi else f"{lo}: {hist[lo] / n:.3f}" for lo, hi in bins))


def _compile_for_play(volume: str) -> None:
    """Compile what a person's game of ``volume`` runs (the rules, and the bots where it has a bot seat),
    with the compile notice."""
    from .warmup import compile_for_play

    compile_for_play(volume, _notice)


@app.command()
def play(
    volume: Optional[str] = typer.Argument(None, help=f"volume to play: {_or(volume_names())} "
                                                      f"(default {DEFAULT_VOLUME}); "
                                                      "with --load, the saved game's volume"),
    seat: Optional[str] = typer.Option(None, "--as", help="the seat you play (default: the first seat); "
                                                          "'all' plays every seat yourself (no bot)"),
    vs: Optional[str] = typer.Option(None, "--vs", help="the bot in the other seat: a level by strength "
                                                        "(beginner, scripted (default), network, league, "
                                                        "search-quick, search: 'britishway bots VOLUME' lists "
                                                        "them with their ladder ratings), or a policy: "
                                                        "heuristic, random, trained, search, search:N or "
                                                        "search:Ts (docs/search.md), league, or a policy file "
                                                        "(.npz)"),
    seed: Optional[int] = typer.Option(None, help="seed of a new game (default: random); not with --load"),
    save: Optional[Path] = typer.Option(None, help="autosave here (JSON) after every decision; default "
                                                   "saves/VOLUME-SEED.json, or the --load file"),
    load: Optional[Path] = typer.Option(None, help="resume the game saved in this file (replayed from its "
                                                   "seed and actions; it keeps its seats, bot and variant)"),
    variant: Optional[Path] = typer.Option(None, help="a variant file (.toml, docs/variants.md) of the volume: "
                                                      "the game plays its setup, deck, rule parameters and "
                                                      "restrictions; the save keeps it"),
    sandbox: bool = typer.Option(False, "--sandbox", help="full undo: undo and abort may take back die "
                                                          "rolls, chit draws and card reveals (marked on the "
                                                          "save; by default they stop at the last one)"),
    compact: Optional[bool] = typer.Option(None, "--compact/--full", help="after each bot reply print only "
                                                                          "what changed (--compact) or the whole "
                                                                          "board (--full); default: compact when "
                                                                          "the screen is too short for the board"),
) -> None:
    """Play a game in the terminal against a bot: the board in words, every choice named, the bot's
    moves with their dice and reasons; '?' lists the commands (undo, abort, log, map, q). Autosaved
    after every decision."""
    import random

    from .registry import spec
    from .engine.statedict import check_seed
    from .play import INTERRUPTED, default_save_path, load_save, play_in_terminal, write_save
    from .session import PlaySession

    try:
        if load is not None:
            if seed is not None:
                raise ValueError("--seed and --load cannot be used together: a saved game keeps its own seed")
            if seat is not None or vs is not None:
                raise ValueError("--as and --vs cannot be used with --load: a saved game keeps its seats and bot")
            if variant is not None:
                raise ValueError("--variant cannot be used with --load: a saved game keeps its variant")
            if sandbox:
                raise ValueError("--sandbox cannot be used with --load: a saved game keeps its undo rule")
            session = load_save(load, before_replay=_compile_for_play)
            if volume is not None and volume != session.volume:
                raise ValueError(f"{load} holds a {session.volume} game, not {volume}")
            target = save if save is not None else load
        else:
            seed = check_seed(seed if seed is not None else random.randrange(2**62), "--seed")
            volume = volume if volume is not None else DEFAULT_VOLUME
            found = spec(volume)                # an unknown volume fails before anything compiles
            if seat is None:
                human = found.agents[:1]
            elif seat == "all":
                human = found.agents
            else:
                human = (seat,)
            if not found.several_seats and vs is not None:
                raise ValueError(f"the {found.title} has no bot seat: you play {found.faction(found.agents[0])} "
                                 "against the deck; leave out --vs")
            bot = vs if vs is not None else "heuristic"
            if len(human) == len(found.agents) and vs is not None:
                raise ValueError("--as all plays every seat yourself: leave out --vs")
            extra = {}
            if variant is not None:
                from .variants import load_variant

                extra["variant"] = load_variant(variant, volume=found.name)
            session = PlaySession(volume, seed, human=human, bot=bot, before_replay=_compile_for_play,
                                  sandbox=sandbox, **extra)
            target = save if save is not None else default_save_path(volume, seed)
        if target.exists() and (load is None or target.resolve() != load.resolve()):
            raise ValueError(f"{target} already exists; resume that game with --load {target}, "
                             f"or choose another --save")
        try:
            write_save(target, session.save_payload())
        except OSError as err:
            raise ValueError(f"cannot write the save file {target}: {err.strerror or err}") from None
        if load is not None:
            print(f"Resumed the {session.volume} game from {load} after {len(session.game.history)} decisions.")
    except (BritishWayError, ValueError) as err:
        _fail(err)
    if play_in_terminal(session, input_fn=input, print_fn=print, save=target, compact=compact) == INTERRUPTED:
        raise typer.Exit(code=130)


@app.command()
def bots(
    volume: str = typer.Argument(DEFAULT_VOLUME, help=f"volume: {_or(volume_names())}"),
) -> None:
    """The bots you may play against (--vs), by strength: each level's agent and its rating with a 95%
    interval from the volume's ladder page (docs/results/ladder_VOLUME.md; Elo, random = 0)."""
    from .levels import ladder_page, levels
    from .registry import spec

    try:
        found = spec(volume)
    except BritishWayError as err:
        _fail(err)
    offered = levels(volume)
    if not offered:
        print(f"The {found.title} has no bot to play against: you play "
              f"{found.faction(found.agents[0])} against the deck.")
        return
    print(f"Bots of {found.title}, weakest first (britishway play {volume} --vs LEVEL); ratings from "
          f"{ladder_page(volume).relative_to(ladder_page(volume).parents[2]).as_posix()}:")
    for lv in offered:
        print(f"  {lv.line()}")


@app.command()
def serve(
    port: int = typer.Option(8000, min=1, max=65535, help="port to listen on"),
    host: str = typer.Option("127.0.0.1", help="address to listen on: this computer only by default; "
                                               "0.0.0.0 opens it to your network (reached by an IP address or "
                                               "this computer's name); requests for any other Host, or from "
                                               "another page's Origin, are refused"),
) -> None:
    """Serve a page where you play a whole game against a bot in your browser: pick a volume, a seat
    and a bot; the map, the choices as buttons, the bot's moves with their dice in a log, undo, save
    and load. Ctrl-C stops it."""
    from .web.server import serve as run_server

    # The port opens at once: a volume's kernels compile when its first game is asked for (the page
    # shows the compile's progress).
    print(f"Serving on http://{host}:{port}/  (Ctrl-C stops it)")
    run_server(host=host, port=port)


if __name__ == "__main__":
    app()

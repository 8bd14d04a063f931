"""The run of a benchmark script, kept as a data file: `Benchmarks/runs/DATE/SCRIPT.tsv`, one
per script and day (a later run the same day replaces it; git keeps the earlier one).

The file is tab-separated. Lines starting with `#` say what was measured and where (`# key`,
tab, value: the script, when it started and ended, the load, the machine, the binary, its
commit); the others are the figures, under the header `figure`, `value`, `unit`, one a line, the
peer of a figure being a figure of its own. docs/PERFORMANCE.md quotes these files; nothing
else narrates a run.

Every script in Benchmarks/ writes its run through this one helper: common.sh starts the file
(`start`), the scripts add figures (`record` in common.sh, `add` here from Python), and the end
(`end`) adds the load and exit status, or removes the file when a self-check failed (status 2:
a figure measured on the wrong data is worse than none).

    python3 Benchmarks/run_record.py start SCRIPT     prints the file's path
    python3 Benchmarks/run_record.py note KEY VALUE   (the file is $MEALPLAN_RUN_FILE)
    python3 Benchmarks/run_record.py add FIGURE VALUE UNIT
    python3 Benchmarks/run_record.py hyperfine RESULTS.json [NAME...]
    python3 Benchmarks/run_record.py end STATUS

    import run_record; run_record.add("first screen, median", 14.2, "ms")
    run_record.timed("list one week", wall_seconds, cpu_seconds)

MEALPLAN_RUNS names another folder for the runs (a trial that should not be kept);
MEALPLAN_RUN_LABEL a second run of the same day (`SCRIPT.LABEL.tsv`: "before", "after").
"""
import datetime
import hashlib
import os
import platform
import subprocess
import sys

HEADER = "figure\tvalue\tunit\n"
RUNS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "runs")


def _now():
    return datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d %H:%M UTC")


def _load():
    with open("/proc/loadavg") as file:
        return " ".join(file.read().split()[:3])


def _clean(text):
    """One field: no tab or line break may end it early."""
    return " ".join(str(text).split())


def _write(path, line):
    with open(path, "a") as file:
        file.write(line)


def _run_file():
    path = os.environ.get("MEALPLAN_RUN_FILE", "")
    if not path:
        sys.exit("run_record.py: MEALPLAN_RUN_FILE is not set (common.sh sets it)")
    return path


def _machine():
    cores = os.cpu_count()
    model = ""
    try:
        with open("/proc/cpuinfo") as file:
            model = next((line.split(":", 1)[1].strip() for line in file if line.startswith("model name")), "")
    except OSError:
        pass
    memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES") / 2**30
    system = platform.system()
    try:
        with open("/etc/os-release") as file:
            system = next((line.split("=", 1)[1].strip().strip('"') for line in file if line.startswith("PRETTY_NAME=")), system)
    except OSError:
        pass
    return f"{cores} cores {model}, {memory:.0f} GiB, {system}, {platform.system()} {platform.release()}"


def _commit():
    """The repository's commit the scripts ran from, `+changes` when its files differ from it."""
    here = os.path.dirname(os.path.abspath(__file__))
    try:
        commit = subprocess.run(["git", "-C", here, "rev-parse", "--short", "HEAD"], capture_output=True, text=True, check=True).stdout.strip()
        dirty = subprocess.run(["git", "-C", here, "status", "--porcelain", "--untracked-files=no"], capture_output=True, text=True).stdout.strip()
        return commit + (" +changes" if dirty else "")
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def start(script):
    """Makes the run's file afresh, with what says where and when it ran; returns its path."""
    name = os.path.basename(script)
    for suffix in (".sh", ".py"):
        if name.endswith(suffix):
            name = name[: -len(suffix)]
    label = os.environ.get("MEALPLAN_RUN_LABEL", "")
    folder = os.path.join(os.environ.get("MEALPLAN_RUNS") or RUNS, datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%d"))
    os.makedirs(folder, exist_ok=True)
    final = os.path.join(folder, name + (f".{label}" if label else "") + ".tsv")
    # Written under a hidden name and put in place by `end`: a run cut short or refused never
    # replaces the day's run before it.
    path = os.path.join(folder, f".{os.path.basename(final)}.partial")
    with open(path, "w") as file:
        file.write(f"# script\tBenchmarks/{os.path.basename(script)}\n")
        file.write(f"# started\t{_now()}\n")
        file.write(f"# load at start\t{_load()}\n")
        file.write(f"# machine\t{_machine()}\n")
        file.write(f"# scripts at\t{_commit()}\n")
        file.write(HEADER)
    return path


def note(key, value):
    """A line saying more of the run: the binary measured, a peer's version, the plan's size."""
    _write(_run_file(), f"# {_clean(key)}\t{_clean(value)}\n")


def binary(path):
    """The binary measured, by its version and the start of its SHA-256 (a path would say
    nothing on another machine)."""
    with open(path, "rb") as file:
        digest = hashlib.sha256(file.read()).hexdigest()[:12]
    version = subprocess.run([path, "--version"], capture_output=True, text=True).stdout.strip()
    note("binary", f"{version} sha256 {digest}")


def add(figure, value, unit=""):
    """One figure: `value` is a number (rounded to what it can say) or a word (met, missed)."""
    if isinstance(value, str):
        try:
            value = int(value) if value.strip().lstrip("-").isdigit() else float(value)
        except ValueError:
            pass
    if isinstance(value, float):
        value = f"{value:.4g}" if abs(value) < 1e4 else f"{value:.0f}"
    _write(_run_file(), f"{_clean(figure)}\t{_clean(value)}\t{_clean(unit)}\n")


def timed(figure, wall, cpu=None):
    """A timing in seconds, as two figures in milliseconds: the wall time (a median) and,
    when given, the CPU time (user + system)."""
    add(f"{figure}, wall", wall * 1000, "ms")
    if cpu is not None:
        add(f"{figure}, CPU", cpu * 1000, "ms")


def key_times(key, samples):
    """A planner key's samples, each (wall, planner CPU) in seconds: the CPU's median and
    slowest, the wall time's median (tmux's round trip included), in milliseconds."""
    import statistics
    cpus, walls = [cpu for _, cpu in samples], [wall for wall, _ in samples]
    add(f"{key}, planner CPU, median", statistics.median(cpus) * 1000, "ms")
    add(f"{key}, planner CPU, slowest", max(cpus) * 1000, "ms")
    add(f"{key}, wall with tmux, median", statistics.median(walls) * 1000, "ms")


def hyperfine(path, names=()):
    """Every command of a hyperfine `--export-json` file: its median wall time and mean CPU
    time, named by `names` in order, else by the command without its folders."""
    import json
    with open(path) as file:
        results = json.load(file)["results"]
    for index, result in enumerate(results):
        name = names[index] if index < len(names) else " ".join(word.split("/")[-1] for word in result["command"].split())
        timed(name, result["median"], result["user"] + result["system"])


def _final(path):
    """The run's file, from the hidden name it is written under."""
    folder, name = os.path.split(path)
    return os.path.join(folder, name[1:].removesuffix(".partial"))


def end(status):
    """The run's end: the load and exit status, the file put in place (its path printed), or
    no file at all after a failed self-check."""
    path = _run_file()
    if status == 2:
        os.remove(path)
        try:
            os.rmdir(os.path.dirname(path))
        except OSError:
            pass
        return
    _write(path, f"# ended\t{_now()}\n# load at end\t{_load()}\n# exit status\t{status}\n")
    os.replace(path, _final(path))
    print(_final(path))


if __name__ == "__main__":
    command, arguments = (sys.argv[1], sys.argv[2:]) if len(sys.argv) > 1 else ("", [])
    if command == "start" and len(arguments) == 1:
        print(start(arguments[0]))
    elif command == "note" and len(arguments) == 2:
        note(*arguments)
    elif command == "binary" and len(arguments) == 1:
        binary(arguments[0])
    elif command == "add" and len(arguments) in (2, 3):
        add(*arguments)
    elif command == "hyperfine" and len(arguments) >= 1:
        hyperfine(arguments[0], arguments[1:])
    elif command == "end" and len(arguments) == 1:
        end(int(arguments[0]))
    else:
        sys.exit(__doc__)

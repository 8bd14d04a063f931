"""Times short commands run one after another: wall and CPU (user + system) milliseconds of
each run, with the first run of each command left out (it warms the page cache), and the table
of them, printed and kept in the run's data file. Used by the benchmark scripts that time one-shot commands beside
`mealplan --version`, their peer."""
import resource, statistics, subprocess, time

import run_record


def timed(binary, arguments, environment):
    """Wall and CPU milliseconds of one run of `binary arguments`, and its standard output."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    start = time.perf_counter()
    result = subprocess.run([binary] + arguments, env=environment, stdout=subprocess.PIPE, stderr=subprocess.PIPE, check=True)
    wall = time.perf_counter() - start
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall * 1000, (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime) * 1000, result.stdout


def time_side_by_side(binary, commands, environment, runs):
    """Runs each of `commands` (name: arguments) in turn, `runs` + 1 rounds; returns, by name,
    the (wall, CPU) of each run after the first, and the last output of each."""
    times = {name: [] for name in commands}
    outputs = {}
    for run in range(runs + 1):
        for name, arguments in commands.items():
            wall, cpu, outputs[name] = timed(binary, arguments, environment)
            if run > 0:
                times[name].append((wall, cpu))
    return times, outputs


def print_table(times, runs):
    """The table: median and slowest wall, median CPU, per command; each also written to the
    run's data file."""
    print("| command | runs | wall, median | wall, slowest | CPU, median |")
    print("|---|---|---|---|---|")
    for name, measured in times.items():
        walls, cpus = [wall for wall, _ in measured], [cpu for _, cpu in measured]
        print(f"| {name} | {runs} | {statistics.median(walls):.1f} ms | {max(walls):.1f} ms | {statistics.median(cpus):.1f} ms |")
        run_record.add(f"{name}, wall, median", statistics.median(walls), "ms")
        run_record.add(f"{name}, wall, slowest", max(walls), "ms")
        run_record.add(f"{name}, CPU, median", statistics.median(cpus), "ms")


def median_cpu(times, name):
    return statistics.median([cpu for _, cpu in times[name]])

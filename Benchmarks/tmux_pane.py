"""A terminal program in a private tmux server, timed from start to first drawn screen and
from a key to the screen it leads to.

Shared by the planner benchmarks and side-by-side.py, which open the planner alike
(`start_planner`): the program is started with respawn-pane and capture-pane is polled until
the screen passes a check, so the time includes starting the process in tmux and is an upper
bound of the program's own. The program's CPU time (from /proc, which a busy machine does not
stretch) is the measure of its own work.
"""
import contextlib
import datetime
import glob
import statistics
import subprocess
import sys
import time
import uuid

import run_record

DEADLINE = 60


class Tmux:
    """A private tmux server holding one pane, in which a program is (re)started."""

    def __init__(self, width, height):
        self.socket = f"bench-{uuid.uuid4().hex}"
        self.run("-f", "/dev/null", "new-session", "-d", "-x", str(width), "-y", str(height), "true", ";",
                 "set-option", "-g", "remain-on-exit", "on")
        self.wait_for_exit()

    def wait_for_exit(self):
        end = time.monotonic() + DEADLINE
        while self.run("display-message", "-p", "-t", "0", "#{pane_dead}").strip() != "1":
            if time.monotonic() > end:
                sys.exit("timed out waiting for the program to quit")

    def quit(self, key):
        """Quits the program with `key` and waits until it has: killed with the server, calcurse
        would leave its lock file, and its next start warn of another calcurse instead of drawing."""
        self.run("send-keys", "-t", "0", key)
        self.wait_for_exit()

    def run(self, *arguments):
        return subprocess.run(["tmux", "-L", self.socket, *arguments], check=True, stdin=subprocess.DEVNULL,
                              stdout=subprocess.PIPE, text=True).stdout

    def screen(self):
        return self.run("capture-pane", "-p", "-t", "0")

    def wait_for(self, condition, what):
        end = time.monotonic() + DEADLINE
        while True:
            screen = self.screen()
            if condition(screen):
                return screen
            if time.monotonic() > end:
                sys.exit(f"timed out waiting for {what}; the screen:\n{screen}")

    def first_screen(self, command, drawn):
        """Starts `command` in the (dead) pane; returns seconds until `drawn(screen)` holds."""
        if drawn(self.screen()):
            sys.exit("the pane already shows the screen waited for before the program was started")
        started = time.monotonic()
        self.run("respawn-pane", "-t", "0", command)
        self.wait_for(drawn, f"the first screen of {command}")
        return time.monotonic() - started

    def first_screens(self, command, drawn, runs, quit_key):
        """Times `runs` starts of `command`, quitting each but the last with `quit_key`."""
        times = []
        for run in range(runs):
            if run:
                self.quit(quit_key)
            times.append(self.first_screen(command, drawn))
        return times

    def cursor(self):
        return self.run("display-message", "-p", "-t", "0", "#{cursor_x},#{cursor_y}")

    def timed_key(self, pid, key, done=None):
        """Sends `key` and waits until the screen or the cursor changes (and `done(screen)`
        holds, when given) and the program `pid` waits for input again. Returns the wall
        seconds that took (with tmux's round trip) and the program's CPU seconds meanwhile."""
        before = (self.screen(), self.cursor())
        cpu = cpu_seconds(pid)
        started = time.monotonic()
        self.run("send-keys", "-t", "0", key)
        while True:
            screen = self.screen()
            if (screen, self.cursor()) != before and (done is None or done(screen)):
                wall = time.monotonic() - started
                wait_until_idle(pid)
                return wall, cpu_seconds(pid) - cpu
            if time.monotonic() - started > DEADLINE:
                sys.exit(f"timed out waiting for the screen after {key}; the screen:\n{screen}")

    def pane_pid(self):
        return int(self.run("display-message", "-p", "-t", "0", "#{pane_pid}"))

    def close(self):
        subprocess.run(["tmux", "-L", self.socket, "kill-server"], stderr=subprocess.DEVNULL)


def planner_command(binary, database, *arguments, **environment):
    """How a pane runs the planner on `database`: in UTF-8, with tmux's terminfo and the
    variables of `environment` (MEALPLAN_TODAY="2026-03-02"), `arguments` after the database."""
    variables = {"LANG": "C.UTF-8", "TERM": "tmux-256color", **environment}
    settings = " ".join(f"{name}={value}" for name, value in variables.items())
    return " ".join(["exec env", settings, str(binary), "--db", str(database), *map(str, arguments)])


def calcurse_drawn(titles):
    """Whether calcurse (run as side-by-side.sh runs it) has drawn its first screen: its help
    hint, today's heading in the appointments panel (the day padded to two places, "December  2,
    2026") and every one of `titles`, today's appointments."""
    today = datetime.date.today()
    heading = f"{today:%B} {today.day:2}, {today.year}"
    return lambda screen: "? Help" in screen and heading in screen and all(title in screen for title in titles)


def status_line(screen):
    """The screen's last line: the planner's status line."""
    lines = screen.rstrip("\n").splitlines()
    return lines[-1] if lines else ""


def planner_drawn(screen):
    """Whether the planner has drawn its screen: the status line ends in its help hint."""
    return "? help" in status_line(screen)


@contextlib.contextmanager
def start_planner(binary, database, *arguments, width, height, drawn=planner_drawn, **environment):
    """The planner (`planner_command`) started in a private tmux server of `width` × `height`,
    once `drawn(screen)` holds: yields the server and the planner's process id, and closes the
    server at the end."""
    tmux = Tmux(width, height)
    try:
        tmux.first_screen(planner_command(binary, database, *arguments, **environment), drawn)
        yield tmux, tmux.pane_pid()
    finally:
        tmux.close()


def print_key_table(times, goal_ms, by_median=False):
    """Prints the table of `times` (each key's samples of `Tmux.timed_key`), writes it to the
    run's data file, and says whether every key's slowest CPU time (or its median,
    `by_median`) meets `goal_ms`; returns whether one missed it."""
    missed = False
    print("| key | times | planner CPU, median | slowest | wall time with tmux, median |")
    print("|---|---|---|---|---|")
    for key, samples in times.items():
        cpu = [sample[1] * 1000 for sample in samples]
        wall = [sample[0] * 1000 for sample in samples]
        print(f"| {key} | {len(samples)} | {statistics.median(cpu):.2f} ms | {max(cpu):.2f} ms | {statistics.median(wall):.1f} ms |")
        run_record.key_times(key, samples)
        missed = missed or (statistics.median(cpu) if by_median else max(cpu)) > goal_ms
    judged = "of the planner's CPU per key (median)" if by_median else "of CPU per key"
    print(f"goal: at most {goal_ms} ms {judged}: {'MISSED' if missed else 'met'}")
    return missed


def cpu_seconds(pid):
    """The CPU time all threads of the process have used so far (the first field of each
    /proc/PID/task/TID/schedstat, in nanoseconds)."""
    total = 0
    for path in glob.glob(f"/proc/{pid}/task/*/schedstat"):
        with open(path) as schedstat:
            total += int(schedstat.read().split()[0])
    return total / 1e9


def wait_until_idle(pid):
    """Returns once every thread of the process sleeps (waits for input): a screen can show
    before the program has finished the work of the key (tmux reads the output in pieces, and
    the program may be preempted on a busy machine)."""
    end = time.monotonic() + DEADLINE
    while True:
        states = []
        for path in glob.glob(f"/proc/{pid}/task/*/stat"):
            with open(path) as stat:
                states.append(stat.read().rpartition(")")[2].split()[0])
        if all(state != "R" for state in states):
            return
        if time.monotonic() > end:
            sys.exit(f"timed out waiting for process {pid} to wait for input")
        time.sleep(0.001)


def status_date(day):
    """The selected date as the status line shows it: "Wed 4 Mar 2026"."""
    return f"{day:%a} {day.day} {day:%b} {day.year}"


def memory_kib(pid):
    """VmRSS, VmHWM and RssAnon of a process, in KiB. RssAnon is the process's own data (heap,
    stacks, caches); the rest of VmRSS is pages of the binary and libraries."""
    fields = {}
    with open(f"/proc/{pid}/status") as status:
        for line in status:
            name, _, value = line.partition(":")
            if name in ("VmRSS", "VmHWM", "RssAnon"):
                fields[name] = int(value.split()[0])
    return fields["VmRSS"], fields["VmHWM"], fields["RssAnon"]

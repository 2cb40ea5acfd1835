#!/usr/bin/env python3
# Whole processes in turns, with CPU time to the microsecond: bench/processes.ts takes CPU time from GNU time,
# which prints it in 10 ms steps, too coarse for the 5 to 20 ms that separate `relbench fta` from SCRAM on the
# small fault trees. Here each process is started with posix_spawn and reaped with wait4, whose resource
# usage (user + system, all threads) the kernel keeps in microseconds. One untimed warm-up round, then RUNS
# rounds; each round runs every command once per model, in the order given, output to /dev/null. Prints the
# median CPU and wall ms of each command per model, and each command's CPU over the last command's.
#
#   python3 bench/process-pairs.py RUNS FILE... -- NAME=COMMAND...      ({} in COMMAND is the FILE)
#   python3 bench/process-pairs.py 5 tests/fixtures/fta/openpsa/aralia/das9201.xml -- \
#     relbench="node bin/relbench.cjs fta {} --json" scram="scram --bdd --probability 1 -o /dev/null {}"
import os
import shutil
import statistics
import sys
import time

args = sys.argv[1:]
if "--" not in args or len(args) < 4:
    sys.exit(__doc__ or "usage: process-pairs.py RUNS FILE... -- NAME=COMMAND...")
split = args.index("--")
runs = int(args[0])
files = args[1:split]
commands = [a.split("=", 1) for a in args[split + 1 :]]
to_null = [(os.POSIX_SPAWN_OPEN, fd, os.devnull, os.O_WRONLY, 0) for fd in (1, 2)]


def run(argv):
    started = time.perf_counter()
    pid = os.posix_spawn(argv[0], argv, os.environ, file_actions=to_null)
    _, status, usage = os.wait4(pid, 0)
    wall = (time.perf_counter() - started) * 1000
    if status != 0:
        sys.exit(f"{' '.join(argv)} exited with status {status}")
    return (usage.ru_utime + usage.ru_stime) * 1000, wall


last = commands[-1][0]
print("file", *[f"{n}:cpu {n}:wall" for n, _ in commands], *[f"{n}/{last}" for n, _ in commands[:-1]])
for path in files:
    samples = {name: ([], []) for name, _ in commands}
    for round_ in range(-1, runs):
        for name, command in commands:
            argv = command.replace("{}", path).split()
            argv[0] = shutil.which(argv[0]) or argv[0]
            cpu, wall = run(argv)
            if round_ >= 0:
                samples[name][0].append(cpu)
                samples[name][1].append(wall)
    cpu = {n: statistics.median(s[0]) for n, s in samples.items()}
    wall = {n: statistics.median(s[1]) for n, s in samples.items()}
    print(
        os.path.basename(path),
        *[f"{cpu[n]:.1f} {wall[n]:.1f}" for n, _ in commands],
        *[f"{cpu[n] / cpu[last]:.3f}" for n, _ in commands[:-1]],
        flush=True,
    )

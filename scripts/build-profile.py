#!/usr/bin/env python3
"""Where a build spent its time, from ninja's log (docs/building.md).

    scripts/build-profile.py BUILD-DIR [--top N]

Reads BUILD-DIR/.ninja_log (the last run of each step) and prints the steps
by kind - compiling the libraries and programs, the tests, the benchmarks,
moc, linking - with their summed time, share and mean, then the N slowest
steps. Summed time is CPU-bound work: at -j2 the wall time is about half of
it. A step with several outputs (moc's autogen) is counted once.
"""
import argparse
import collections
import os
import sys


def kind(output):
    if 'autogen' in output and not output.endswith('.o'):
        return 'moc (autogen)'
    if output.endswith('mocs_compilation.cpp.o'):
        return 'compile moc output'
    if output.endswith('.o'):
        if output.startswith('tests/bench/'):
            return 'compile benchmarks'
        if output.startswith('tests/'):
            return 'compile tests'
        return 'compile libraries and programs'
    if output.endswith('.a'):
        return 'archive libraries'
    name = os.path.basename(output)
    if '.' not in name:
        if output.startswith('tests/bench/'):
            return 'link benchmarks'
        if output.startswith('tests/'):
            return 'link tests'
        return 'link programs'
    return 'other'


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument('build_dir')
    parser.add_argument('--top', type=int, default=10)
    args = parser.parse_args()
    path = os.path.join(args.build_dir, '.ninja_log')
    try:
        lines = open(path).read().splitlines()
    except OSError as error:
        sys.exit(f'build-profile: cannot read {path}: {error.strerror}')
    last = {}
    for line in lines:
        if line.startswith('#'):
            continue
        fields = line.split('\t')
        if len(fields) != 5:
            continue
        start, end, _, output, _ = fields
        last[output] = (int(start), int(end))
    steps = {}
    for output, (start, end) in last.items():
        if output.startswith('/'):
            continue  # the absolute twin of a relative output
        key = os.path.dirname(output) if kind(output) == 'moc (autogen)' else output
        steps.setdefault((start, end, key), output)
    if not steps:
        sys.exit(f'build-profile: {path} records no step')
    totals = collections.defaultdict(lambda: [0, 0])
    for (start, end, _), output in steps.items():
        total = totals[kind(output)]
        total[0] += 1
        total[1] += end - start
    summed = sum(ms for _, ms in totals.values())
    wall = max(e for s, e, _ in steps) - min(s for s, e, _ in steps)
    print(f'{len(steps)} steps, {summed / 1000:.0f} s summed, {wall / 1000:.0f} s from first to last')
    for name, (count, ms) in sorted(totals.items(), key=lambda item: -item[1][1]):
        print(f'  {name:32s} {count:4d} steps {ms / 1000:7.1f} s {100 * ms / summed:5.1f}%'
              f'   mean {ms / count / 1000:5.2f} s')
    print(f'slowest {args.top}:')
    slowest = sorted(steps.items(), key=lambda item: item[0][0] - item[0][1])[:args.top]
    for (start, end, _), output in slowest:
        print(f'  {(end - start) / 1000:6.1f} s  {output}')


if __name__ == '__main__':
    main()

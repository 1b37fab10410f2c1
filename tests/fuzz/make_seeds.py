#!/usr/bin/env python3
"""Writes raw seed inputs for the fuzz targets from the repository's test data.

    tests/fuzz/make_seeds.py OUTDIR [PEP_MEMORY_DIR]

OUTDIR/TARGET/ gets one file per seed. The stored corpora (tests/fuzz/corpus/)
are these seeds minimised with libFuzzer's -merge=1 (docs/fuzzing.md), not the
raw output of this script.
"""
import glob
import hashlib
import json
import os
import re
import sys

root = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
out = sys.argv[1]
pep = sys.argv[2] if len(sys.argv) > 2 else os.path.join(root, '..', 'shared', 'corpus',
                                                         'pep-memory', 'contexts', 'memory')


def write(target, data):
    if isinstance(data, str):
        data = data.encode('utf-8')
    os.makedirs(os.path.join(out, target), exist_ok=True)
    name = hashlib.sha1(data).hexdigest()
    with open(os.path.join(out, target, name), 'wb') as f:
        f.write(data)


def read(path):
    with open(path, encoding='utf-8') as f:
        return f.read()


# ingest_line: every line of the demo files, and the records the ingest tests
# write (their JSON literals).
for path in sorted(glob.glob(os.path.join(root, 'resources/demo/*.jsonl'))):
    for line in read(path).splitlines():
        if line.strip():
            write('ingest_line', line)

# memory_file: the demo memory tree and a sample of the PEP corpus.
for path in sorted(glob.glob(os.path.join(root, 'resources/demo/contexts/memory/**/*.md'),
                             recursive=True)):
    write('memory_file', read(path))
for path in sorted(glob.glob(os.path.join(pep, '**/*.md'), recursive=True))[::25]:
    write('memory_file', read(path)[:4000])

# version_scope: the scopes in the demo data and the versions in the tests.
scopes = set()
for path in glob.glob(os.path.join(root, 'resources/demo/*.jsonl')):
    scopes.update(re.findall(r'"versions":"([^"]*)"', read(path)))
for path in glob.glob(os.path.join(root, 'tests/**/*.cpp'), recursive=True):
    text = read(path)
    scopes.update(re.findall(r'"((?:[<>=]=?)?\d+(?:\.\d+|\.x|\*)*(?: (?:[<>=]=?)?\d+(?:\.\d+)*)*)"', text))
for scope in sorted(scopes):
    write('version_scope', scope)

# fts_query: the request texts of the strategy goldens, the memory-search
# keywords, and titles from the demo data.
for path in sorted(glob.glob(os.path.join(root, 'tests/golden/strategies/*.json'))):
    for query in json.load(open(path))['queries']:
        args = query['arguments']
        if '--text' in args:
            write('fts_query', args[args.index('--text') + 1])
for path in sorted(glob.glob(os.path.join(root, 'tests/golden/memory-search/b-*.json'))):
    write('fts_query', os.path.basename(path)[2:-5].replace('-', ' '))
for path in sorted(glob.glob(os.path.join(root, 'tests/golden/memory-search/c-*.json'))):
    write('fts_query', os.path.basename(path)[2:-5].upper())
for path in glob.glob(os.path.join(root, 'resources/demo/*.jsonl')):
    for title in re.findall(r'"title":"([^"]*)"', read(path)):
        write('fts_query', title)

#!/usr/bin/env python3
"""Validates JSON documents and JSON Lines files against the schemas of docs/schema.

    validate_json.py SCHEMA_DIR MANIFEST

MANIFEST is a JSON file: {"checks": [{"schema": "lag.schema.json", "file": "/tmp/x.json",
"lines": false}, ...]}; "schema" is a path under SCHEMA_DIR, "lines" true validates
every non-empty line of the file on its own (JSON Lines). Every schema under
SCHEMA_DIR is first checked against the JSON Schema 2020-12 meta-schema, and
every $ref must resolve within SCHEMA_DIR (nothing is fetched).

Prints one line per problem (file:line: schema: where: what) and a summary;
exits 0 when all is valid, 1 when something is not, 2 when it cannot run.
Runs with python3-jsonschema 4.10 (Debian 12) and later (4.18+ resolve
references through the referencing package).
"""

import json
import pathlib
import sys

try:
    import jsonschema
    from jsonschema import Draft202012Validator
except ImportError:
    print("validate_json.py: python3-jsonschema is not installed "
          "(apt-get install python3-jsonschema; scripts/setup.sh installs it)", file=sys.stderr)
    sys.exit(2)


def load_schemas(root):
    schemas = {}
    for path in sorted(root.rglob("*.schema.json")):
        schema = json.loads(path.read_text(encoding="utf-8"))
        Draft202012Validator.check_schema(schema)
        name = path.relative_to(root).as_posix()
        if not schema.get("$id", "").endswith("/" + name):
            raise ValueError(f"{name}: $id {schema.get('$id')!r} does not end in its own path")
        schemas[name] = schema
    return schemas


def validator_factory(schemas):
    """A function making a validator for one schema that resolves $ref among all of them."""
    by_id = {schema["$id"]: schema for schema in schemas.values()}
    try:
        from referencing import Registry, Resource
        from referencing.jsonschema import DRAFT202012
    except ImportError:  # jsonschema < 4.18: RefResolver with a store
        def make(schema):
            resolver = jsonschema.RefResolver(base_uri=schema["$id"], referrer=schema,
                                              store=dict(by_id))
            return Draft202012Validator(schema, resolver=resolver)
        return make
    registry = Registry().with_resources(
        (uri, Resource.from_contents(schema, default_specification=DRAFT202012))
        for uri, schema in by_id.items())

    def make(schema):
        return Draft202012Validator(schema, registry=registry)
    return make


def library_version():
    try:
        from importlib.metadata import version
        return version("jsonschema")
    except Exception:  # noqa: BLE001 - only for the summary line
        return "?"


def where(error):
    path = "/".join(str(p) for p in error.absolute_path)
    return "/" + path if path else "(document)"


def describe(error):
    # oneOf/anyOf failures say little on their own: name the closest branch's problem.
    if not error.context:
        return error.message[:400]
    # The branch that got furthest into the document is the one meant (the
    # others fail at its top, e.g. on "type").
    best = max(error.context, key=lambda e: len(e.absolute_path))
    return (f"matches none of its {error.validator} branches; closest: {where(best)}: "
            f"{best.message[:300]}")


def documents(check):
    path = pathlib.Path(check["file"])
    text = path.read_text(encoding="utf-8")
    if not check.get("lines"):
        yield 0, text
        return
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            yield number, line


def main(argv):
    if len(argv) != 3:
        print(__doc__.strip().splitlines()[2], file=sys.stderr)
        return 2
    root = pathlib.Path(argv[1])
    schemas = load_schemas(root)
    make = validator_factory(schemas)
    validators = {name: make(schema) for name, schema in schemas.items()}
    checks = json.loads(pathlib.Path(argv[2]).read_text(encoding="utf-8"))["checks"]
    problems = 0
    validated = 0
    for check in checks:
        name = check["schema"]
        if name not in validators:
            print(f"{check['file']}: no schema {name} under {root}")
            problems += 1
            continue
        for line, text in documents(check):
            at = f"{check['file']}:{line}" if line else check["file"]
            try:
                document = json.loads(text)
            except json.JSONDecodeError as error:
                print(f"{at}: not JSON: {error}")
                problems += 1
                continue
            validated += 1
            for error in sorted(validators[name].iter_errors(document), key=lambda e: e.path):
                print(f"{at}: {name}: {where(error)}: {describe(error)}")
                problems += 1
    print(f"validate_json.py: {validated} documents against {len(schemas)} schemas "
          f"(jsonschema {library_version()}): {problems} problems",
          file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv))
    except (OSError, ValueError, jsonschema.exceptions.SchemaError) as error:
        print(f"validate_json.py: {error}", file=sys.stderr)
        sys.exit(2)

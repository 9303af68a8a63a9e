#!/bin/sh
# End-to-end check of transplt and its reference runtime: convert every training fixture,
# validate each conversion (must be EQUAL), then check that validate catches a CUDA call put
# back into a converted script and a changed learning rate.
#
# Usage, from the repository root:  tests/e2e/validate_fixtures.sh TRANSPLT_BIN
# PYTHON selects the interpreter that has torch (default /usr/bin/python3, Debian's python3-torch).
set -u

bin=${1:?usage: tests/e2e/validate_fixtures.sh TRANSPLT_BIN}
python=${PYTHON:-/usr/bin/python3}
fixtures=fixtures/train
max_steps=20

if [ ! -x "$bin" ]; then
    echo "validate_fixtures.sh: $bin is not an executable transplt binary" >&2
    exit 2
fi
if [ ! -d "$fixtures" ]; then
    echo "validate_fixtures.sh: run me from the repository root ($fixtures not found)" >&2
    exit 2
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT INT TERM
failures=0

fail() {
    echo "FAIL: $*" >&2
    failures=$((failures + 1))
}

# The C tool execs the runtime itself once it has a `validate` command.
if "$bin" validate --help >"$tmp/help.txt" 2>&1 && grep -q 'ORIGINAL' "$tmp/help.txt"; then
    validate() { "$bin" validate "$@"; }
else
    validate() { PYTHONPATH=runtime "$python" -m transplt_runtime validate "$@"; }
fi

# convert NAME: converts $fixtures/NAME.py into $tmp/NAME/NAME_msft/NAME.py.
convert() {
    mkdir -p "$tmp/$1"
    if ! "$bin" -i "$fixtures/$1.py" -o "$tmp/$1" >"$tmp/$1.convert.log" 2>&1; then
        fail "$1: transplt exited non-zero"
        cat "$tmp/$1.convert.log" >&2
        return 1
    fi
    if [ ! -f "$tmp/$1/$1_msft/$1.py" ]; then
        fail "$1: transplt wrote no $1_msft/$1.py"
        return 1
    fi
}

# shown PATH: PATH as validate prints it (relative when under the working directory).
shown() {
    case $1 in
        "$PWD"/*) echo "${1#"$PWD"/}" ;;
        *) echo "$1" ;;
    esac
}

for original in "$fixtures"/*.py; do
    name=$(basename "$original" .py)
    convert "$name" || continue
    if validate --max-steps "$max_steps" "$original" "$tmp/$name/${name}_msft/$name.py" >"$tmp/$name.out" 2>&1; then
        echo "ok: $name: $(grep '^EQUAL' "$tmp/$name.out")"
    else
        fail "$name: validate failed"
        cat "$tmp/$name.out" >&2
    fi
done

# Negative 1: one torch.cuda.synchronize() put back must be reported at its file:line.
mkdir -p "$tmp/negative"
if [ -f "$tmp/streams_ckpt/streams_ckpt_msft/streams_ckpt.py" ]; then
    copy=$tmp/negative/streams_ckpt.py
    line=$(grep -n 'torch\.npu\.synchronize()' "$tmp/streams_ckpt/streams_ckpt_msft/streams_ckpt.py" | head -n 1 | cut -d: -f1)
    if [ -z "$line" ]; then
        fail "streams_ckpt: the converted script has no torch.npu.synchronize()"
    else
        sed "${line}s/torch\.npu\.synchronize()/torch.cuda.synchronize()/" \
            "$tmp/streams_ckpt/streams_ckpt_msft/streams_ckpt.py" >"$copy"
        validate --max-steps "$max_steps" "$fixtures/streams_ckpt.py" "$copy" >"$tmp/negative/sync.out" 2>&1
        status=$?
        expected="unconverted CUDA use at $(shown "$copy"):$line"
        if [ "$status" -eq 1 ] && grep -qF "$expected" "$tmp/negative/sync.out"; then
            echo "ok: put-back torch.cuda.synchronize() caught: $expected"
        else
            fail "put-back torch.cuda.synchronize(): expected exit 1 and '$expected', got exit $status"
            cat "$tmp/negative/sync.out" >&2
        fi
    fi
fi

# Negative 2: a changed learning rate must make validate name the diverging step.
if [ -f "$tmp/cnn_amp/cnn_amp_msft/cnn_amp.py" ]; then
    copy=$tmp/negative/cnn_amp.py
    sed -E '/"--lr"/ s/default=[0-9.eE+-]+/default=0.07/' "$tmp/cnn_amp/cnn_amp_msft/cnn_amp.py" >"$copy"
    validate --max-steps "$max_steps" "$fixtures/cnn_amp.py" "$copy" >"$tmp/negative/lr.out" 2>&1
    status=$?
    if [ "$status" -eq 1 ] && grep -qE '^DIFFER at backward #[0-9]+: original [^ ]+ vs converted [^ ]+$' "$tmp/negative/lr.out"; then
        echo "ok: changed learning rate caught: $(grep '^DIFFER at backward' "$tmp/negative/lr.out")"
    else
        fail "changed learning rate: expected exit 1 and 'DIFFER at backward #N', got exit $status"
        cat "$tmp/negative/lr.out" >&2
    fi
fi

if [ "$failures" -ne 0 ]; then
    echo "validate_fixtures.sh: $failures failure(s)" >&2
    exit 1
fi
echo "validate_fixtures.sh: all fixtures validated"

#!/bin/sh
# Runs one fuzz target (issue 14) for SECONDS (default 300), one job, at low priority:
#   fuzz/run.sh wgsl|glsl|agsl|mutants [SECONDS]
# Needs `cargo install cargo-fuzz` and the nightly toolchain. The seed programs are read where
# they are (../shared/corpus, tests/*/ok), never copied into the repository; libFuzzer's own
# corpus of interesting inputs grows in fuzz/corpus/TARGET (ignored by git), findings go to
# fuzz/artifacts/TARGET.
set -eu
target=${1:?usage: fuzz/run.sh wgsl|glsl|agsl|mutants [SECONDS]}
seconds=${2:-300}
here=$(cd "$(dirname "$0")" && pwd)
root=$here/..
shared=$root/../shared/corpus
case $target in
    wgsl) seeds="$shared/wgsl $root/tests/wgsl/ok" ;;
    glsl) seeds="$shared/glsl $root/tests/glsl/ok" ;;
    agsl) seeds="$root/tests/agsl/ok $shared/glsl" ;;
    mutants) seeds="" ;; # its mutator reads the seed programs itself
    *) echo "unknown target $target" >&2; exit 2 ;;
esac
mkdir -p "$here/corpus/$target"
cd "$root"
# One process (no -jobs: the machine is shared). -a: debug assertions, so an arithmetic
# overflow panics as in the tests; -s none: no AddressSanitizer (the compiler forbids unsafe
# code; a panic, abort, stack overflow, time-out or the memory limit is what is looked for).
# -rss_limit_mb: bounded memory is part of what is checked; -timeout: a hang is a finding.
# shellcheck disable=SC2086
# FUZZ_TARGET_DIR: where to build (default fuzz/target).
exec nice -n 19 cargo +nightly fuzz run --fuzz-dir "$here" ${FUZZ_TARGET_DIR:+--target-dir "$FUZZ_TARGET_DIR"} -a -s none "$target" "$here/corpus/$target" $seeds -- \
    -max_total_time="$seconds" -timeout=10 -rss_limit_mb=2048 -max_len=65536 -print_final_stats=1

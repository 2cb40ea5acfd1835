#!/usr/bin/env bash
# CI's benchmark gate (.ci/run): runs `relbench bench --quick` and fails (exit 1) only when a kernel got
# slower than the base by more than the tolerance with confidence (README, "Benchmarks"). The base is
# BENCH_BASE, a report stored earlier (the README's artifact recipe), or else the commit before this one
# (BENCH_BASE_REF, default HEAD~1) exported and benchmarked here first, on the same machine in the same
# job: a report from another machine carries its own ratio of wasm to JIT-compiled TypeScript, which is
# not this machine's. A base that cannot be had (a shallow clone, a commit without `bench --out`, a base
# run past BENCH_BASE_TIMEOUT seconds) is said in one line and the benchmarks run without a comparison,
# so the step stays bounded and never fails for want of a base.
#
#   scripts/bench-gate.sh [relbench bench options...]      e.g. --filter normal-quantile --rounds 21
#   BENCH_BASE=base.json BENCH_TOLERANCE=10 BENCH_SUMMARY=summary.md scripts/bench-gate.sh
set -euo pipefail
cd "$(dirname "$0")/.."

tolerance="${BENCH_TOLERANCE:-10}"
summary="${BENCH_SUMMARY:-${GITHUB_STEP_SUMMARY:-bench-summary.md}}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

plain() {
  echo "bench gate: $1; the benchmarks run without a comparison" >&2
  shift
  status=0
  node bin/relbench.cjs bench --quick "$@" || status=$?
  exit "$status"
}

base="${BENCH_BASE:-}"
if [ -z "$base" ]; then
  ref="${BENCH_BASE_REF:-HEAD~1}"
  sha="$(git rev-parse --verify -q "$ref^{commit}" 2>/dev/null)" || plain "no commit $ref in this clone" "$@"
  mkdir "$work/base"
  git archive "$sha" | tar -x -C "$work/base"
  ln -s "$PWD/node_modules" "$work/base/node_modules"
  base="$work/base.json"
  echo "bench gate: benchmarking the base ${sha:0:12} first" >&2
  # The base's own command line builds its kernels and itself on this first run; outside git its report
  # names the commit from GITHUB_SHA.
  if ! (cd "$work/base" && GITHUB_SHA="$sha" timeout "${BENCH_BASE_TIMEOUT:-420}" node bin/relbench.cjs \
    bench --quick --json --out "$base" "$@" >/dev/null); then
    plain "the base ${sha:0:12} could not be benchmarked" "$@"
  fi
fi
node bin/relbench.cjs bench --quick --compare "$base" --tolerance "$tolerance" --markdown "$summary" "$@"

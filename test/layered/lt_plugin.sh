#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# lt_plugin.sh - MPICH loaded as a plugin (dlopen RTLD_LOCAL) by a program
# with no MPI of its own, as Python with mpi4py, Julia or R load it:
#
#  (a) plain MPICH, no typeshim                          LT_EXPECT=mpich
#  (b) libtypeshim.so preloaded: typeshim finds MPICH    LT_EXPECT=typeshim
#      in the plugin's scope and runs layered
#  (c) (b) with TYPESHIM_CHECK=1: the cross-check compared something
#  (d) (b) with TYPESHIM_DISABLE=1: typeshim_mode() is 2 LT_EXPECT=mpich
#  (e) preloaded, the host makes a standalone type before loading the
#      plugin: the plugin's first constructor fails with a message naming
#      MPICH and the process ends with an error, never a segmentation fault
#
# Each runs under mpiexec with one process.  Exit status: 0 pass, 1 fail,
# 77 skip (no MPICH launcher), 99 setup error.

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${LT_PRELOAD_LIB:=$top_builddir/.libs/libtypeshim.so}"
: "${LT_TIMEOUT:=120}"

dir=$top_builddir/test/layered
host=$dir/lt_plugin_host
plugin=$dir/.libs/lt_plugin.so

# shellcheck source=lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

mpiexec=$(lt_find_mpiexec)
if test -z "$mpiexec"; then
    echo "SKIP: neither mpiexec.hydra nor mpiexec.mpich is installed"
    exit 77
fi
for f in "$host" "$plugin" "$LT_PRELOAD_LIB"; do
    if test ! -f "$f"; then
        echo "ERROR: $f is missing (not built?)"
        exit 99
    fi
done
to=
if command -v timeout >/dev/null 2>&1; then
    to="timeout -k 10 $LT_TIMEOUT"
fi
preload=$(lt_preload_value "$LT_PRELOAD_LIB" "$host")
# a sanitizer build of the plugin needs its runtime preloaded even alone
plain=$(asan_of "$plugin")

tmp=${TMPDIR:-/tmp}/lt_plugin.$$
mkdir -p "$tmp" || exit 99
trap 'rm -rf "$tmp"' EXIT INT TERM
passed=0
failed=0

# run NAME EXPECT ENV... : runs the host in a clean environment plus ENV
run() {
    name=$1 expect=$2
    shift 2
    echo "lt_plugin: ($name) $* $mpiexec -n 1 $host $plugin $extra"
    env "$@" LT_EXPECT="$expect" $to "$mpiexec" -n 1 "$host" "$plugin" $extra \
        >"$tmp/out" 2>"$tmp/err"
    status=$?
}

report() {
    if test "$1" = ok; then
        passed=$((passed + 1))
        echo "lt_plugin: ($name) PASS: $2"
    else
        failed=$((failed + 1))
        echo "lt_plugin: ($name) FAIL: $2"
        sed 's/^/  stdout: /' "$tmp/out"
        sed 's/^/  stderr: /' "$tmp/err"
    fi
}

# A run of the plugin's checks passes with exit 0 and its "ok" line.
expect_ok() {
    if test "$status" -eq 0 && grep -q '^lt_plugin rank 0: ok' "$tmp/out"; then
        report ok "exit 0, $(sed -n 's/^lt_plugin rank 0: ok (\(.*\))$/\1/p' "$tmp/out")"
    else
        report fail "exit $status"
    fi
}

extra=
run a mpich ${plain:+LD_PRELOAD=$plain}
expect_ok
run b typeshim LD_PRELOAD="$preload"
expect_ok
if grep -q 'typeshim_mode 1' "$tmp/out"; then
    report ok "typeshim_mode() is 1 (layered) inside the plugin"
else
    report fail "typeshim_mode() is not 1 inside the plugin"
fi
run c typeshim LD_PRELOAD="$preload" TYPESHIM_CHECK=1 LT_PLUGIN_CHECKS=1
expect_ok
if grep -q 'UNEXPECTED' "$tmp/err" "$tmp/out"; then
    report fail "the cross-check reported an unexpected divergence"
else
    report ok "no unexpected divergence"
fi
run d mpich LD_PRELOAD="$preload" TYPESHIM_DISABLE=1
expect_ok
if grep -q 'typeshim_mode 2' "$tmp/out"; then
    report ok "typeshim_mode() is 2 (disabled) inside the plugin"
else
    report fail "typeshim_mode() is not 2 inside the plugin"
fi

extra=standalone-first
run e typeshim LD_PRELOAD="$preload"
msg='MPICH \(.*libmpich[^)]*\) was loaded into this process after typeshim had chosen standalone mode'
if test "$status" -eq 0; then
    report fail "exit 0: the plugin ran with a standalone typeshim"
elif grep -qiE 'segmentation|signal 11|SIGSEGV|EXIT CODE: 139' "$tmp/out" "$tmp/err"; then
    report fail "a segmentation fault"
elif ! grep -q 'standalone type .* made before the plugin' "$tmp/out"; then
    report fail "the host's standalone type was not made"
elif grep -qE "$msg" "$tmp/err"; then
    report ok "exit $status with: $(grep -oE "$msg" "$tmp/err" | sed 1q)"
else
    report fail "exit $status without the message"
fi

echo "lt_plugin: $passed passed, $failed failed"
test "$failed" -eq 0

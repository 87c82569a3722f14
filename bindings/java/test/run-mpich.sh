#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run-mpich.sh - the Java binding over MPICH with typeshim layered: the
# two-rank program mpi.TwoRanks under "mpiexec.hydra -n 2 java ...", which
# loads libtypeshim-java-mpich.so (linked with libtypeshim ahead of MPICH)
# because MPICH's launcher started it.  Both ranks must print
# "TwoRanks rank R: ok (N checks)".  (check-install.sh runs a program
# through the installed typeshim-java launcher.)
#
# Exit status: 0 pass, 1 fail, 77 skip (Java not configured, or no
# mpiexec.hydra / mpiexec.mpich, or an ASan build).
# Environment (make check): top_builddir, top_srcdir, TS_JAVA, TS_JAVA_BIN;
# optional TSJ_TIMEOUT (seconds, default 120).

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${TSJ_TIMEOUT:=120}"

if [ "${TS_JAVA-}" != yes ]; then
    echo "SKIP: the Java binding was not configured (no JDK found, or --without-java)"
    exit 77
fi
# shellcheck source=../../../test/layered/lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"
mpiexec=$(lt_find_mpiexec)
if [ -z "$mpiexec" ]; then
    echo "SKIP: neither mpiexec.hydra nor mpiexec.mpich is installed"
    exit 77
fi

b=$top_builddir/bindings/java
for f in "$b/typeshim.jar" "$b/test-classes.stamp" "$b/.libs/libtypeshim-java-mpich.so" \
    "$b/.libs/libtsjtest.so"; do
    if [ ! -f "$f" ]; then
        echo "ERROR: $f is missing (not built?)"
        exit 99
    fi
done
# A sanitizer build: the ASan runtime would have to come first in the
# JVM's libraries, and ASan's signal handling fights the JVM's; the Java
# tests run in the other builds.
if [ -n "$(asan_of "$b/.libs/libtypeshim-java-mpich.so")" ]; then
    echo "SKIP: an AddressSanitizer build (the JVM cannot load the ASan runtime first)"
    exit 77
fi

LD_LIBRARY_PATH=$top_builddir/.libs:$b/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
unset TYPESHIM_JAVA_RUNTIME TYPESHIM_DISABLE TYPESHIM_CHECK
# UCX must leave the JVM's SIGSEGV handler alone (typeshim-java(1))
UCX_ERROR_SIGNALS=
export UCX_ERROR_SIGNALS
to=
if command -v timeout >/dev/null 2>&1; then
    to="timeout -k 10 $TSJ_TIMEOUT"
fi

out=$(mktemp "${TMPDIR:-/tmp}/run-mpich.XXXXXX") || exit 99
trap 'rm -f "$out"' 0
echo "$mpiexec -n 2 java -Xcheck:jni -cp typeshim.jar:test-classes mpi.TwoRanks"
# shellcheck disable=SC2086 # $to is a command prefix
$to "$mpiexec" -n 2 "$TS_JAVA_BIN" -Xcheck:jni -Xmx256m -Djava.library.path="$b/.libs" \
    -cp "$b/typeshim.jar:$b/test-classes" mpi.TwoRanks >"$out" 2>&1
rc=$?
cat "$out"
n=$(grep -c '^TwoRanks rank [01]: ok (' "$out")
if [ $rc -ne 0 ] || [ "$n" -ne 2 ]; then
    echo "FAIL: mpiexec exited $rc, $n of 2 ranks ok"
    exit 1
fi
if grep -qi '^warning' "$out"; then
    echo "FAIL: -Xcheck:jni warned"
    exit 1
fi
echo "ok: 2 ranks over MPICH, typeshim layered"

# Without UCX_ERROR_SIGNALS, where MPICH uses UCX, MPI.Init refuses to go
# on with UCX's SIGSEGV handler in place of the JVM's.
unset UCX_ERROR_SIGNALS
# shellcheck disable=SC2086 # $to is a command prefix
$to "$mpiexec" -n 1 "$TS_JAVA_BIN" -Xmx256m -Djava.library.path="$b/.libs" \
    -cp "$b/typeshim.jar:$b/test-classes" mpi.TwoRanks >"$out" 2>&1
if grep -q 'MPI.Init: UCX (.*) has replaced the JVM' "$out"; then
    echo "ok: without UCX_ERROR_SIGNALS, MPI.Init refuses UCX's SIGSEGV handler"
elif grep -q 'TwoRanks rank 0: FAIL: size 2' "$out"; then
    echo "ok: without UCX_ERROR_SIGNALS, MPI.Init went on (this MPICH does not use UCX)"
else
    cat "$out"
    echo "FAIL: without UCX_ERROR_SIGNALS: neither MPI.Init's refusal nor a run"
    exit 1
fi
exit 0

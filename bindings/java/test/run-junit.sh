#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# run-junit.sh - the Java binding's tests (bindings/java/test/mpi), in one
# JVM on libtypeshim-serial: mpi.RunAll checks what holds before MPI.Init,
# runs the JUnit classes, then checks what holds after MPI.Finalize.  The
# JVM runs with -Xcheck:jni, and any JNI warning it prints fails the test.
#
# Exit status: 0 pass, 1 fail, 77 skip (Java not configured, no JUnit, or
# an AddressSanitizer build).
# Environment (make check): top_builddir, top_srcdir, TS_JAVA, TS_JAVA_BIN,
# TS_JUNIT_CP; optional TSJ_TIMEOUT (seconds, default 240).

: "${top_builddir:=.}"
: "${top_srcdir:=.}"
: "${TSJ_TIMEOUT:=240}"

if [ "${TS_JAVA-}" != yes ]; then
    echo "SKIP: the Java binding was not configured (no JDK found, or --without-java)"
    exit 77
fi
if [ -z "${TS_JUNIT_CP-}" ]; then
    echo "SKIP: JUnit 4 was not found (apt-get install junit4, or configure --with-junit=CLASSPATH)"
    exit 77
fi

b=$top_builddir/bindings/java
for f in "$b/typeshim.jar" "$b/test-classes.stamp" "$b/.libs/libtypeshim-java.so" \
    "$b/.libs/libtsjtest.so"; do
    if [ ! -f "$f" ]; then
        echo "ERROR: $f is missing (not built?)"
        exit 99
    fi
done

# shellcheck source=../../../test/layered/lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"
# A sanitizer build: the ASan runtime would have to come first in the
# JVM's libraries, and ASan's signal handling fights the JVM's; the Java
# tests run in the other builds.
if [ -n "$(asan_of "$b/.libs/libtypeshim-java.so")" ]; then
    echo "SKIP: an AddressSanitizer build (the JVM cannot load the ASan runtime first)"
    exit 77
fi

LD_LIBRARY_PATH=$top_builddir/.libs:$b/.libs${LD_LIBRARY_PATH:+:$LD_LIBRARY_PATH}
export LD_LIBRARY_PATH
unset TYPESHIM_JAVA_RUNTIME
to=
if command -v timeout >/dev/null 2>&1; then
    to="timeout -k 10 $TSJ_TIMEOUT"
fi

out=$(mktemp "${TMPDIR:-/tmp}/run-junit.XXXXXX") || exit 99
trap 'rm -f "$out"' 0
# shellcheck disable=SC2086 # $to is a command prefix
$to "$TS_JAVA_BIN" -Xcheck:jni -Xmx512m -Djava.library.path="$b/.libs" \
    -Dtypeshim.runtime=serial -cp "$b/typeshim.jar:$b/test-classes:$TS_JUNIT_CP" mpi.RunAll \
    >"$out" 2>&1
rc=$?
cat "$out"
if [ $rc -ne 0 ]; then
    echo "FAIL: mpi.RunAll exited $rc"
    exit 1
fi
if grep -qi '^warning' "$out"; then
    echo "FAIL: -Xcheck:jni warned"
    exit 1
fi
exit 0

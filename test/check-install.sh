#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-install.sh - what "make install" puts in place works for a user:
#   1. make install DESTDIR=<tmp>/root (make check has built everything:
#      install only copies, and relinks libtypeshim-serial for DESTDIR);
#   2. the installed files, and man -M renders a page and a .so alias;
#   3. pkg-config finds typeshim and typeshim-serial in the DESTDIR tree;
#   4. test/install/outside_standalone.c built with
#      "pkg-config --cflags --libs typeshim-serial" runs without MPICH, and
#      without LD_LIBRARY_PATH when the .pc files carry an rpath (libdir not
#      a system directory);
#      examples/ex_halo3d.c built by the installed typeshim-cc runs too;
#   5. the same linked with the static archives, as pkg-config --static says;
#   6. test/install/outside_layered.c, an MPICH program linked with
#      -ltypeshim ahead of -lmpich, runs on 2 ranks with typeshim layered;
#   6b. the same built by the installed typeshim-cc --layered (over
#      mpicc.mpich, as-needed or not): libtypeshim NEEDED ahead of libmpich;
#   7. the installed typeshim-run --check runs it built with MPICH alone;
#   7b. with the Java binding (TS_JAVA=yes): its jar, JNI libraries,
#      launcher, page and javadoc are installed; test/install/OutsideJava.java
#      built against the installed jar runs under the installed typeshim-java,
#      alone and as 2 ranks over MPICH;
#   8. make uninstall DESTDIR=<tmp>/root leaves no file behind.
# Each step prints "ok: ...", "skip: ..." or "FAIL: ..." (with the log).
#
# Exit status: 0 pass, 1 fail.
# Environment (AM_TESTS_ENVIRONMENT): top_srcdir, top_builddir; TS_JAVA,
# TS_JAVAC, TS_DATADIR, TS_DOCDIR (the Java binding); TS_PREFIX,
# TS_LIBDIR, TS_BINDIR, TS_INCLUDEDIR, TS_MANDIR (default: from
# $top_builddir/typeshim.pc); TS_CC, TS_CFLAGS, TS_SAN_CFLAGS (configure's
# CC, CFLAGS and sanitizer flags: the outside programs are built like the
# libraries); MAKE, PKG_CONFIG.

LC_ALL=C
export LC_ALL

top_srcdir=${top_srcdir:-.}
top_builddir=${top_builddir:-.}
MAKE=${MAKE:-make}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}
cc=${TS_CC:-${CC:-cc}}
cflags="${TS_CFLAGS-${CFLAGS-}} ${TS_SAN_CFLAGS-}"
src=$top_srcdir/test/install

# the install directories: configure's, else those typeshim.pc names
pc=$top_builddir/typeshim.pc
prefix=${TS_PREFIX:-$($PKG_CONFIG --variable=prefix "$pc")}
libdir=${TS_LIBDIR:-$($PKG_CONFIG --variable=libdir "$pc")}
includedir=${TS_INCLUDEDIR:-$($PKG_CONFIG --variable=includedir "$pc")}
bindir=${TS_BINDIR:-$prefix/bin}
mandir=${TS_MANDIR:-$prefix/share/man}
if [ -z "$prefix" ] || [ -z "$libdir" ]; then
    echo "FAIL: cannot tell prefix and libdir (set TS_PREFIX, TS_LIBDIR)"
    exit 1
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-install.XXXXXX") || exit 1
# a signal ends the script (then the exit trap cleans up)
trap 'rm -rf "$tmp"' 0
trap 'exit 1' HUP INT PIPE TERM
root=$tmp/root # DESTDIR: only what make install puts there
work=$tmp/work # the outside programs and the logs
mkdir "$work" || exit 1

# The runs must see only what this script sets.  LeakSanitizer off
# (sanitizer builds): MPICH leaks at MPI_Finalize (see lt_preload.sh).
unset LD_PRELOAD TYPESHIM_CHECK TYPESHIM_DUMP TYPESHIM_DISABLE TYPESHIM_LOG TYPESHIM_LIBRARY
# shellcheck source=layered/lt_preload.sh
. "$top_srcdir/test/layered/lt_preload.sh"

# shellcheck source=report.sh
. "$top_srcdir/test/report.sh"

# make in the build tree, with none of the caller's make flags (make check
# runs this script: its -j jobserver and variables are not for us)
tmake() {
    (unset MAKEFLAGS MFLAGS && $MAKE -C "$top_builddir" "$@")
}

to=
if command -v timeout >/dev/null 2>&1; then
    to="timeout -k 10 120"
fi

# ---------------------------------------------------------------- 1. install
if ! tmake install DESTDIR="$root" >"$work/install.log" 2>&1; then
    fail "make install DESTDIR=$root" "$work/install.log"
    exit 1
fi
ok "make install DESTDIR=$root"

# ---------------------------------------------------------------- 2. files, man
# the archives unless configure was given --disable-static
static=yes
if ${LIBTOOL:-$top_builddir/libtool} --features 2>/dev/null | grep -q '^disable static'; then
    static=no
fi
archives=
if [ $static = yes ]; then
    archives="$libdir/libtypeshim.a $libdir/libtypeshim-serial.a $libdir/libtypeshim-fort.a"
fi
missing=
# shellcheck disable=SC2086 # archives is a list
for f in "$includedir/typeshim.h" "$includedir/typeshim_version.h" "$libdir/libtypeshim.so" "$libdir/libtypeshim-serial.so" \
    "$libdir/libtypeshim-fort.so" $archives \
    "$libdir/pkgconfig/typeshim.pc" "$libdir/pkgconfig/typeshim-serial.pc" \
    "$libdir/cmake/typeshim/typeshimConfig.cmake" "$libdir/cmake/typeshim/typeshimConfigVersion.cmake" \
    "$bindir/typeshim-run" "$bindir/typeshim-cc" "$bindir/typeshim-c++" "$bindir/typeshim-fort" \
    "$mandir/man3/MPI_Type_vector.3ts" "$mandir/man3/PMPI_Type_vector.3ts" \
    "$mandir/man7/typeshim.7" "$mandir/man1/typeshim-run.1" "$mandir/man1/typeshim-cc.1"; do
    [ -f "$root$f" ] || missing="$missing $f"
done
if [ -n "$missing" ]; then
    fail "not installed:$missing"
else
    ok "header, libraries, pkg-config files, CMake package, typeshim-run, typeshim-cc, man pages installed"
fi

# The page and an alias (".so man3/MPI_Type_vector.3ts") as a user reads
# them, in section 3ts (configure's default), where they do not shadow
# MPICH's pages; MAN_DISABLE_SECCOMP: man-db's sandbox may be refused in
# containers.
sec=$(sed -n 's/^TS_MAN3EXT = //p' "$top_builddir/Makefile")
for p in MPI_Type_vector PMPI_Type_vector; do
    if command -v man >/dev/null 2>&1; then
        how="man -M $sec"
        MAN_DISABLE_SECCOMP=1 MANPAGER=cat man -P cat -M "$root$mandir" "$sec" "$p" \
            >"$work/man.out" 2>"$work/man.err"
    elif command -v groff >/dev/null 2>&1; then
        how="groff -man (no man here)"
        (cd "$root$mandir" && groff -man -Tutf8 -P-cbou "man3/$p.$sec") >"$work/man.out" 2>"$work/man.err"
    else
        skip "$p($sec) not rendered: neither man nor groff is installed"
        continue
    fi
    if grep -q "^MPI_Type_vector($sec) .* typeshim " "$work/man.out" &&
        grep -q '^SYNOPSIS' "$work/man.out"; then
        ok "$how renders $p($sec)"
    else
        cat "$work/man.err" "$work/man.out" >"$work/man.log"
        fail "$how $p($sec) does not render typeshim's MPI_Type_vector($sec):" "$work/man.log"
    fi
done

# The installed pages carry the version and date configure chose, where
# the sources hold placeholders.
want_version=$(sed -n 's/^PACKAGE_VERSION = //p' "$top_builddir/Makefile")
want_date=$(sed -n 's/^TS_MAN_DATE = //p' "$top_builddir/Makefile")
bad_th=
for f in "man3/MPI_Type_vector.$sec" man7/typeshim.7 man1/typeshim-run.1; do
    th=$(grep -m 1 '^\.TH' "$root$mandir/$f")
    case $th in
    *"\"$want_date\" \"typeshim $want_version\""*) ;;
    *) bad_th="$bad_th $f ($th)" ;;
    esac
done
if [ -n "$want_version" ] && [ -n "$want_date" ] && [ -z "$bad_th" ]; then
    ok "installed pages carry typeshim $want_version, $want_date"
else
    fail "installed pages without the version '$want_version' and date '$want_date':$bad_th"
fi

# ---------------------------------------------------------------- 3. pkg-config
# Not PKG_CONFIG_SYSROOT_DIR: pkgconf would prefix MPICH's -I, which
# typeshim.pc passes on, with the sysroot too.  Redefining prefix moves
# only typeshim's paths: MPICH's .pc names its directories literally, and
# this step checks that its flags come out unchanged.
mpich_pcdir=$($PKG_CONFIG --variable=pcfiledir mpich 2>/dev/null)
# one space between flags, none at the ends (for the comparisons below)
squeeze() { sed 's/[[:space:]][[:space:]]*/ /g; s/^ //; s/ $//'; }
tpc() {
    PKG_CONFIG_PATH=$root$libdir/pkgconfig${mpich_pcdir:+:$mpich_pcdir}${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} \
        $PKG_CONFIG --define-variable=prefix="$root$prefix" "$@"
}
serial_flags=$(tpc --cflags --libs typeshim-serial 2>"$work/pc.err" | squeeze)
ts_flags=$(tpc --cflags --libs typeshim 2>>"$work/pc.err" | squeeze)
mpich_cflags=$($PKG_CONFIG --cflags mpich 2>>"$work/pc.err" | squeeze)
version=$(tpc --modversion typeshim 2>>"$work/pc.err")
case " $serial_flags " in
*" -I$root$includedir "*" -L$root$libdir "*"-ltypeshim-serial "*"-Wl,--push-state,--no-as-needed -ltypeshim -Wl,--pop-state "*)
    case " $ts_flags " in
    *" $mpich_cflags "*) ok "pkg-config: typeshim-serial $version: $serial_flags" ;;
    *) fail "pkg-config --cflags typeshim lacks MPICH's '$mpich_cflags': $ts_flags" "$work/pc.err" ;;
    esac
    ;;
*) fail "pkg-config --cflags --libs typeshim-serial: '$serial_flags', not in $root" "$work/pc.err" ;;
esac

# The .pc files carry an rpath to libdir unless it is a system directory
# (configure decides): then the programs built with them run without
# LD_LIBRARY_PATH (the rpath names the DESTDIR tree, prefix redefined).
case " $serial_flags " in
*" -Wl,-rpath,$root$libdir "*)
    pc_rpath=yes
    ldpath=
    ;;
*)
    pc_rpath=no
    ldpath=$root$libdir
    ;;
esac
# lpath CMD...: CMD with LD_LIBRARY_PATH=$ldpath, or without any when the
# .pc files carry the rpath
lpath() {
    if [ -n "$ldpath" ]; then
        LD_LIBRARY_PATH=$ldpath "$@"
    else
        env -u LD_LIBRARY_PATH "$@"
    fi
}

# ---------------------------------------------------------------- 4. standalone
# A user's build: the compiler, the program, the flags pkg-config gives.
# The program checks its own answers and that libtypeshim* comes from the
# DESTDIR tree and MPICH is not loaded.
libreal=$(cd "$root$libdir" && pwd -P) # /proc/self/maps shows real paths
# shellcheck disable=SC2046,SC2086 # flag lists
if ! $cc $cflags -o "$work/standalone" "$src/outside_standalone.c" $serial_flags \
    >"$work/standalone.log" 2>&1; then
    fail "cc outside_standalone.c \$(pkg-config --cflags --libs typeshim-serial)" "$work/standalone.log"
elif ! lpath $to "$work/standalone" "$libreal" >"$work/standalone.out" 2>&1 ||
    ! grep -q '^outside_standalone: ok (' "$work/standalone.out" ||
    ! grep -qx "version: $version, standalone, 1 process" "$work/standalone.out"; then
    fail "outside_standalone (shared libraries) did not pass:" "$work/standalone.out"
else
    ok "outside_standalone, shared, no MPICH loaded, $([ $pc_rpath = yes ] && echo "no LD_LIBRARY_PATH (the .pc rpath)" || echo "LD_LIBRARY_PATH (libdir is a system directory: no rpath)"): $(sed -n 's/^outside_standalone: //p' "$work/standalone.out")"
fi

# ---------------------------------------------------------------- 4b. typeshim-cc
# The installed compiler wrapper builds and links an example alone (the
# DESTDIR tree named by TYPESHIM_INCLUDEDIR and TYPESHIM_LIBDIR, as for a
# moved installation); the program runs as one process, without MPICH.
# TS_SAN_CFLAGS: a sanitizer build needs its runtime at link time.
if ! TYPESHIM_CC=$cc TYPESHIM_INCLUDEDIR=$root$includedir TYPESHIM_LIBDIR=$root$libdir \
    "$root$bindir/typeshim-cc" ${TS_SAN_CFLAGS-} "$top_srcdir/examples/ex_halo3d.c" \
    -o "$work/halo3d" >"$work/wrapper.log" 2>&1; then
    fail "typeshim-cc examples/ex_halo3d.c" "$work/wrapper.log"
elif ! $to "$work/halo3d" >"$work/halo3d.out" 2>&1 ||
    ! grep -q 'face ghost cells hold their neighbours' "$work/halo3d.out"; then
    fail "ex_halo3d built by typeshim-cc did not pass:" "$work/halo3d.out"
elif ! "$root$bindir/typeshim-c++" -link-info | grep -q -- '-ltypeshim-serial -ltypeshim'; then
    fail "typeshim-c++ -link-info does not name the libraries"
else
    ok "typeshim-cc examples/ex_halo3d.c -o x && ./x: ghost cells as the example checks them"
fi
# typeshim-fort, the same way, with a Fortran halo exchange (skipped
# without gfortran)
if ! command -v gfortran >/dev/null 2>&1; then
    echo "note: no gfortran: typeshim-fort not tried"
elif ! TYPESHIM_INCLUDEDIR=$root$includedir TYPESHIM_LIBDIR=$root$libdir \
    "$root$bindir/typeshim-fort" ${TS_SAN_CFLAGS-} "$top_srcdir/test/fortran/halo.f90" \
    -J "$work" -o "$work/halo-f" >"$work/wrapper-f.log" 2>&1; then
    fail "typeshim-fort test/fortran/halo.f90" "$work/wrapper-f.log"
elif ! (cd "$work" && $to "$work/halo-f") >"$work/halo-f.out" 2>&1 ||
    ! grep -qx 'halo: ok' "$work/halo-f.out"; then
    fail "the Fortran halo exchange built by typeshim-fort did not pass:" "$work/halo-f.out"
else
    ok "typeshim-fort test/fortran/halo.f90 -o x && ./x: ghost cells as the program checks them"
fi

# ---------------------------------------------------------------- 5. static
# The typeshim archives forced with -Bstatic, the rest as pkg-config
# --static lists it; LD_LIBRARY_PATH still set, so a dynamic libtypeshim
# would be found (and the program fails when one is mapped).
# --no-as-needed: every library listed is loaded, whatever the toolchain's
# default (Debian's gcc drops unused ones, but not with -fsanitize).
if [ $static = no ]; then
    skip "static link: configured with --disable-static"
else
    ts_l=
    rest=
    for f in $(tpc --static --libs typeshim-serial); do
        case $f in
        -ltypeshim*) ts_l="$ts_l $f" ;;
        *) rest="$rest $f" ;;
        esac
    done
    # shellcheck disable=SC2046,SC2086 # flag lists
    if ! $cc $cflags -o "$work/standalone-static" "$src/outside_standalone.c" \
        $(tpc --cflags typeshim-serial) -Wl,--no-as-needed -Wl,-Bstatic $ts_l -Wl,-Bdynamic $rest \
        >"$work/static.log" 2>&1; then
        fail "static link: -Wl,--no-as-needed -Wl,-Bstatic$ts_l -Wl,-Bdynamic$rest" "$work/static.log"
    elif ! LD_LIBRARY_PATH=$root$libdir $to "$work/standalone-static" - >"$work/static.out" 2>&1 ||
        ! grep -q '^outside_standalone: ok (' "$work/static.out"; then
        fail "outside_standalone, static (-Wl,--no-as-needed -Wl,-Bstatic$ts_l -Wl,-Bdynamic$rest):" "$work/static.out"
        if grep -q 'typeshim_mode() 1' "$work/static.out"; then
            echo "    (typeshim went layered: the link loaded libmpich, which pkg-config --static must not name)"
        fi
    else
        ok "outside_standalone, static archives: $(sed -n 's/^outside_standalone: //p' "$work/static.out")"
    fi
fi

# ---------------------------------------------------------------- 6. layered
mpiexec=$(lt_find_mpiexec)

# layered_ok OUT: both ranks ok, rank 1 received the right data, and
# MPICH reports no leaked handle
layered_ok() {
    [ "$(grep -c '^outside_layered rank [01]: ok (' "$1")" -eq 2 ] &&
        grep -qx 'outside_layered rank 1: received 0 1.5 3 4.5 and 11 33' "$1" &&
        ! grep -q 'leaked handle' "$1"
}

if [ -z "$mpiexec" ]; then
    skip "layered runs: neither mpiexec.hydra nor mpiexec.mpich is installed"
else
    # shellcheck disable=SC2046,SC2086 # flag lists
    if ! $cc $cflags -o "$work/layered" "$src/outside_layered.c" $ts_flags \
        $(tpc --libs mpich) >"$work/layered.log" 2>&1; then
        fail "cc outside_layered.c \$(pkg-config --cflags --libs typeshim) \$(pkg-config --libs mpich)" \
            "$work/layered.log"
    elif ! lpath $to "$mpiexec" -n 2 "$work/layered" "$libreal" \
        >"$work/layered.out" 2>&1 || ! layered_ok "$work/layered.out"; then
        fail "$mpiexec -n 2 outside_layered (-ltypeshim -lmpich):" "$work/layered.out"
    else
        ok "outside_layered, -ltypeshim ahead of -lmpich, 2 ranks: typeshim layered, data received"
    fi

    # ------------------------------------------------------------ 6b. --layered
    # MPICH's own wrapper underneath (running configure's compiler,
    # MPICH_CC), whatever the toolchain's as-needed default:
    # -Wl,--as-needed forces the case that drops a plain -ltypeshim.
    # lw TOOL ARG...: the installed TOOL, the DESTDIR tree named to it
    lw() {
        t=$1
        shift
        MPICH_CC=$cc TYPESHIM_INCLUDEDIR=$root$includedir TYPESHIM_LIBDIR=$root$libdir \
            "$root$bindir/$t" "$@"
    }
    needed=
    # shellcheck disable=SC2086 # flag lists
    if ! command -v mpicc.mpich >/dev/null 2>&1; then
        skip "typeshim-cc --layered: no mpicc.mpich"
    elif ! lw typeshim-cc --layered ${TS_SAN_CFLAGS-} -Wl,--as-needed -o "$work/layered-wrapped" \
        "$src/outside_layered.c" >"$work/layered-wrapped.log" 2>&1; then
        fail "typeshim-cc --layered outside_layered.c" "$work/layered-wrapped.log"
    elif ! needed=$(readelf -d "$work/layered-wrapped" 2>/dev/null |
        sed -n 's/.*(NEEDED).*\[\(lib\(typeshim\|mpich\)\.so[.0-9]*\)\]$/\1/p' | tr '\n' ' ') ||
        [ "$needed" != "libtypeshim.so.0 libmpich.so.12 " ]; then
        fail "typeshim-cc --layered: NEEDED '$needed', not libtypeshim.so.0 then libmpich.so.12"
    elif ! $to "$mpiexec" -n 2 "$work/layered-wrapped" "$libreal" >"$work/layered-wrapped.out" 2>&1 ||
        ! layered_ok "$work/layered-wrapped.out"; then
        fail "$mpiexec -n 2 outside_layered (typeshim-cc --layered):" "$work/layered-wrapped.out"
    elif ! lw typeshim-c++ --layered -link-info | grep -q -- \
        "-Wl,--push-state,--no-as-needed -ltypeshim -Wl,--pop-state .*-lmpichcxx -lmpich"; then
        fail "typeshim-c++ --layered -link-info: $(lw typeshim-c++ --layered -link-info)"
    else
        ok "typeshim-cc --layered -Wl,--as-needed: NEEDED $needed(in this order), rpath, 2 ranks: typeshim layered"
    fi

    # ------------------------------------------------------------ 7. typeshim-run
    # Linked with MPICH alone: the preload is what brings typeshim in
    # (typeshim-run puts the ASan runtime first for a sanitizer build).
    # shellcheck disable=SC2046,SC2086 # flag lists
    if ! $cc $cflags -o "$work/layered-mpich" "$src/outside_layered.c" \
        $(tpc --cflags --libs mpich) >"$work/mpich.log" 2>&1; then
        fail "cc outside_layered.c \$(pkg-config --cflags --libs mpich)" "$work/mpich.log"
    else
        TYPESHIM_LIBRARY=$root$libdir/libtypeshim.so TYPESHIM_MPIEXEC=$mpiexec $to \
            "$root$bindir/typeshim-run" --check -n 2 -- "$work/layered-mpich" "$libreal" \
            >"$work/run.out" 2>&1
        rc=$?
        summary=$(grep '^typeshim-run: 2 processes: [0-9]* checks*, ' "$work/run.out")
        # every divergence is an intended one (the marker type's extent)
        d=$(echo "$summary" | sed -n 's/.* \([0-9]*\) divergences* (\([0-9]*\) intended)$/\1 \2/p')
        if [ $rc -eq 0 ] && layered_ok "$work/run.out" && [ -n "$d" ] &&
            [ "${d% *}" = "${d#* }" ]; then
            ok "installed typeshim-run --check -n 2, preloading DESTDIR$libdir/libtypeshim.so: $summary"
        else
            fail "typeshim-run --check -n 2 -- outside_layered (MPICH only): exit $rc" "$work/run.out"
        fi
    fi
fi

# ---------------------------------------------------------------- 7b. Java
# The mpiJava 1.2 binding as a user meets it: javac against the installed
# jar, the installed launcher (which finds the JNI libraries and the jar
# through TYPESHIM_LIBDIR and TYPESHIM_JAR, as for a moved installation).
if [ "${TS_JAVA-}" = yes ]; then
    datadir=${TS_DATADIR:-$prefix/share}
    docdir=${TS_DOCDIR:-$datadir/doc/typeshim}
    jar=$root$datadir/java/typeshim.jar
    missing=
    for f in "$datadir/java/typeshim.jar" "$datadir/java/typeshim-$want_version.pom" \
        "$libdir/libtypeshim-java.so" \
        "$libdir/libtypeshim-java-mpich.so" "$bindir/typeshim-java" \
        "$mandir/man1/typeshim-java.1" "$docdir/java/index.html" "$docdir/java/mpi/Datatype.html"; do
        [ -f "$root$f" ] || missing="$missing $f"
    done
    th=$(grep -m 1 '^\.TH' "$root$mandir/man1/typeshim-java.1" 2>/dev/null)
    if [ -n "$missing" ]; then
        fail "Java binding not installed:$missing"
    elif [ "$th" != ".TH typeshim-java 1 \"$want_date\" \"typeshim $want_version\" \"typeshim\"" ]; then
        fail "installed typeshim-java(1) has '$th'"
    else
        ok "typeshim.jar and its POM, libtypeshim-java{,-mpich}.so, typeshim-java, its page and the javadoc installed"
    fi
    asan=$(asan_of "$root$libdir/libtypeshim-java.so")
    jrun() {
        TYPESHIM_LIBDIR=$root$libdir TYPESHIM_JAR=$jar LD_LIBRARY_PATH=$root$libdir "$@"
    }
    if [ -n "$asan" ]; then
        skip "Java programs: a sanitizer build (run-junit.sh runs the tests)"
    elif ! mkdir "$work/java" || ! ${TS_JAVAC:-javac} --release 11 -cp "$jar" -d "$work/java" \
        "$src/OutsideJava.java" >"$work/javac.log" 2>&1; then
        fail "javac -cp DESTDIR$datadir/java/typeshim.jar OutsideJava.java" "$work/javac.log"
    elif ! jrun $to "$root$bindir/typeshim-java" -cp "$work/java" OutsideJava "$libreal" \
        >"$work/java.out" 2>&1 || ! grep -q '^outside_java rank 0: ok (1 processes, serial' "$work/java.out"; then
        fail "typeshim-java -cp . OutsideJava did not pass:" "$work/java.out"
    else
        ok "typeshim-java OutsideJava: $(sed -n 's/^outside_java rank 0: //p' "$work/java.out")"
        if [ -z "$mpiexec" ]; then
            skip "typeshim-java over MPICH: neither mpiexec.hydra nor mpiexec.mpich is installed"
        elif ! jrun $to "$mpiexec" -n 2 "$root$bindir/typeshim-java" -cp "$work/java" OutsideJava \
            "$libreal" >"$work/java2.out" 2>&1 ||
            [ "$(grep -c '^outside_java rank [01]: ok (2 processes, mpich' "$work/java2.out")" -ne 2 ]; then
            fail "$mpiexec -n 2 typeshim-java OutsideJava:" "$work/java2.out"
        else
            ok "$mpiexec -n 2 typeshim-java OutsideJava: both ranks ok over MPICH"
        fi
    fi
else
    skip "the Java binding: not configured"
fi

# ---------------------------------------------------------------- 8. uninstall
if ! tmake uninstall DESTDIR="$root" >"$work/uninstall.log" 2>&1; then
    fail "make uninstall DESTDIR=$root" "$work/uninstall.log"
else
    find "$root" ! -type d >"$work/left"
    if [ -s "$work/left" ]; then
        fail "make uninstall left $(wc -l <"$work/left" | tr -d ' ') files:" "$work/left"
    else
        ok "make uninstall DESTDIR=$root left no file"
    fi
fi

exit $status

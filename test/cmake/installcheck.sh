#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# installcheck.sh DIR - make installcheck: the installed typeshim as a user
# finds it, from its prefix (under DESTDIR when set), with no
# LD_LIBRARY_PATH:
#   1. DIR/CMakeLists.txt holds exactly the lines of the README's CMake
#      example (its "cmake_minimum_required" block);
#   2. cmake configures DIR with -DCMAKE_PREFIX_PATH=<prefix> and builds
#      app (typeshim::serial) and app-mpich (typeshim::typeshim), linked
#      --as-needed; app runs as one process without MPICH; app-mpich keeps
#      libtypeshim NEEDED ahead of libmpich, and on 2 ranks under
#      mpiexec.hydra typeshim answers (TYPESHIM_DUMP prints its commits);
#   3. the version file: find_package(typeshim <major.minor>) finds it, the
#      next minor (and, before 1.0, the previous one) does not;
#   4. find_package(MPI) with -DMPI_C_COMPILER=<bindir>/typeshim-cc
#      builds app, which runs standalone;
#   5. pkg-config: app built with typeshim-serial.pc runs; built with
#      mpicc.mpich -Wl,--as-needed and typeshim.pc ahead of -lmpich it keeps
#      libtypeshim NEEDED first and typeshim answers on 2 ranks; linked the
#      wrong way round (-lmpich first) libtypeshim is still NEEDED, so
#      TYPESHIM_VERBOSE can warn.
# Each step prints "ok: ...", "skip: ..." or "FAIL: ..." (with its log).
#
# Exit status: 0 pass, 1 fail, 77 skip (no cmake).
# Environment: DESTDIR, TS_PREFIX, TS_BINDIR, TS_LIBDIR, TS_INCLUDEDIR (make's), TS_CC,
# TS_README (the README.md to compare with), PKG_CONFIG.

LC_ALL=C
export LC_ALL
dir=${1:?usage: installcheck.sh DIR}
dir=$(cd "$dir" && pwd) || exit 1
prefix=${TS_PREFIX:?}
bindir=${TS_BINDIR:-$prefix/bin}
libdir=${TS_LIBDIR:-$prefix/lib}
includedir=${TS_INCLUDEDIR:-$prefix/include}
root=${DESTDIR-}
cc=${TS_CC:-cc}
PKG_CONFIG=${PKG_CONFIG:-pkg-config}

if ! command -v cmake >/dev/null 2>&1; then
    echo "SKIP: installcheck: cmake is not installed (apt-get install cmake)"
    exit 77
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/ts-installcheck.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' HUP INT PIPE TERM

# shellcheck source=../report.sh
. "$(dirname "$0")/../report.sh"
# NAMES: does libtypeshim come before libmpich among them?
typeshim_first() {
    case " $1 " in
    *" libtypeshim.so."*" libmpich.so."*) return 0 ;;
    *) return 1 ;;
    esac
}
# run without the caller's LD_LIBRARY_PATH: the rpath must be enough
run() { env -u LD_LIBRARY_PATH "$@"; }
to=
command -v timeout >/dev/null 2>&1 && to="timeout -k 10 120"
mpiexec=
for m in mpiexec.hydra mpiexec.mpich; do
    if command -v $m >/dev/null 2>&1; then
        mpiexec=$m
        break
    fi
done
# OUT N: N ranks said ok, and typeshim committed the type on each (layered)
layered_ok() {
    [ "$(grep -c "^app: rank [0-9]* of $2: ok (size 32, extent 56, received 0 3 6 9)" "$1")" -eq "$2" ] &&
        [ "$(grep -c '^typeshim: rank [0-9]*: committed datatype' "$1")" -eq "$2" ]
}

# ---------------------------------------------------------------- 1. README
if [ -f "${TS_README-}" ]; then
    awk '/^    cmake_minimum_required\(/ { on = 1 } on && !/^    / { exit } on { print substr($0, 5) }' \
        "$TS_README" >"$tmp/readme.txt"
    grep -v '^#' "$dir/CMakeLists.txt" >"$tmp/project.txt"
    if [ -s "$tmp/readme.txt" ] && cmp -s "$tmp/readme.txt" "$tmp/project.txt"; then
        ok "test/cmake/CMakeLists.txt is the README's CMake example ($(wc -l <"$tmp/project.txt" | tr -d ' ') lines)"
    else
        diff -u "$tmp/readme.txt" "$tmp/project.txt" >"$tmp/readme.diff"
        fail "the README's CMake example (-) and test/cmake/CMakeLists.txt (+) differ" "$tmp/readme.diff"
    fi
else
    skip "no README.md to compare test/cmake/CMakeLists.txt with"
fi

# ---------------------------------------------------------------- 2. CMake
b=$tmp/build
want_dir=$(cd "$root$libdir/cmake/typeshim" 2>/dev/null && pwd -P)
if ! cmake -S "$dir" -B "$b" -DCMAKE_PREFIX_PATH="$root$prefix" -DCMAKE_C_COMPILER="${cc%% *}" \
    -DCMAKE_EXE_LINKER_FLAGS=-Wl,--as-needed >"$tmp/cmake.log" 2>&1; then
    fail "cmake -DCMAKE_PREFIX_PATH=$root$prefix test/cmake" "$tmp/cmake.log"
elif found=$(sed -n 's/^typeshim_DIR:PATH=//p' "$b/CMakeCache.txt") &&
    [ "$(cd "$found" && pwd -P)" != "$want_dir" ]; then
    fail "find_package(typeshim) found $found, not $root$libdir/cmake/typeshim"
elif ! cmake --build "$b" >"$tmp/build.log" 2>&1; then
    fail "cmake --build (typeshim::serial, typeshim::typeshim)" "$tmp/build.log"
else
    ok "cmake -DCMAKE_PREFIX_PATH=$root$prefix: find_package(typeshim) in $found, app and app-mpich built"
    n=$(needed "$b/app")
    if ! run $to "$b/app" >"$tmp/app.out" 2>&1 ||
        ! grep -qx 'app: rank 0 of 1: ok (size 32, extent 56, received 0 3 6 9)' "$tmp/app.out"; then
        fail "app (typeshim::serial) did not pass without LD_LIBRARY_PATH:" "$tmp/app.out"
    else
        case " $n " in
        *" libmpich.so."*) fail "app (typeshim::serial) needs MPICH: $n" ;;
        *" libtypeshim-serial.so."*" libtypeshim.so."*)
            ok "app (typeshim::serial) runs as one process, no MPICH: NEEDED $n" ;;
        *) fail "app (typeshim::serial): NEEDED $n" ;;
        esac
    fi
    n=$(needed "$b/app-mpich")
    if ! typeshim_first "$n"; then
        fail "app-mpich (typeshim::typeshim, --as-needed): libtypeshim not NEEDED ahead of libmpich: $n"
    elif [ -z "$mpiexec" ]; then
        ok "app-mpich (typeshim::typeshim, --as-needed): NEEDED $n"
        skip "app-mpich on 2 ranks: neither mpiexec.hydra nor mpiexec.mpich is installed"
    elif ! TYPESHIM_DUMP=1 run $to "$mpiexec" -n 2 "$b/app-mpich" >"$tmp/app-mpich.out" 2>&1 ||
        ! layered_ok "$tmp/app-mpich.out" 2; then
        fail "$mpiexec -n 2 app-mpich (typeshim::typeshim), TYPESHIM_DUMP=1:" "$tmp/app-mpich.out"
    else
        ok "$mpiexec -n 2 app-mpich (typeshim::typeshim, --as-needed, NEEDED $n): both ranks ok, typeshim committed the type"
    fi
fi

# ------------------------------------------------- 2b. through a symlink
# A prefix whose lib is a symbolic link to the installed one (/lib ->
# /usr/lib on a merged /usr): the package must name the real prefix, not
# the directory above the link.  Only without DESTDIR, where the package
# sits where it was configured to.
if [ -n "$root" ]; then
    skip "find_package through a symbolic link to lib: not under DESTDIR"
else
    mkdir "$tmp/linked" && ln -s "$libdir" "$tmp/linked/lib"
    rm -rf "$tmp/bl"
    if cmake -S "$dir" -B "$tmp/bl" -DCMAKE_PREFIX_PATH="$tmp/linked" -DCMAKE_C_COMPILER="${cc%% *}" \
        >"$tmp/cmake-link.log" 2>&1 && cmake --build "$tmp/bl" --target app >>"$tmp/cmake-link.log" 2>&1 &&
        run $to "$tmp/bl/app" >>"$tmp/cmake-link.log" 2>&1; then
        ok "find_package(typeshim) through $tmp/linked/lib -> $libdir: app built and ran"
    else
        fail "find_package(typeshim) through a symbolic link to $libdir" "$tmp/cmake-link.log"
    fi
fi

# ---------------------------------------------------------------- 3. version
version=$(sed -n 's/^set(PACKAGE_VERSION "\(.*\)")$/\1/p' "$root$libdir/cmake/typeshim/typeshimConfigVersion.cmake")
major=${version%%.*}
minor=${version#*.}
minor=${minor%%.*}
# WANT [EXACT]: "found <version>" or "not found"
findv() {
    rm -rf "$tmp/v"
    cmake -S "$dir/version" -B "$tmp/v" -DCMAKE_PREFIX_PATH="$root$prefix" -DWANT="$1" ${2:+-DEXACT=$2} \
        2>&1 | sed -n "s/^-- typeshim $1: //p"
}
expect="$major.$minor=found $version;$version EXACT=found $version;$major.$((minor + 1))=not found"
expect="$expect;$((major + 1)).0=not found"
if [ "$major" = 0 ] && [ "$minor" -gt 0 ]; then
    expect="$expect;0.$((minor - 1))=not found"
fi
bad=
oldifs=$IFS
IFS=';'
for e in $expect; do
    IFS=$oldifs
    w=${e%%=*}
    got=$(findv ${w% EXACT} $(case $w in *EXACT) echo EXACT ;; esac))
    [ "$got" = "${e#*=}" ] || bad="$bad; $w: '$got', not '${e#*=}'"
done
IFS=$oldifs
if [ -z "$version" ]; then
    fail "no PACKAGE_VERSION in $root$libdir/cmake/typeshim/typeshimConfigVersion.cmake"
elif [ -n "$bad" ]; then
    fail "typeshimConfigVersion.cmake $version${bad}"
else
    ok "typeshim $version satisfies find_package(typeshim $major.$minor) and $version EXACT, not $major.$((minor + 1)) nor $((major + 1)).0$([ "$major" = 0 ] && [ "$minor" -gt 0 ] && echo " nor 0.$((minor - 1))")"
fi

# ---------------------------------------------------------------- 4. FindMPI
# typeshim-cc names the final directories: point it at the DESTDIR tree.
if [ -n "$root" ]; then
    TYPESHIM_INCLUDEDIR=$root$includedir
    TYPESHIM_LIBDIR=$root$libdir
    export TYPESHIM_INCLUDEDIR TYPESHIM_LIBDIR
fi
f=$tmp/findmpi
if ! TYPESHIM_CC=$cc cmake -S "$dir/findmpi" -B "$f" -DMPI_C_COMPILER="$root$bindir/typeshim-cc" \
    >"$tmp/findmpi.log" 2>&1; then
    fail "cmake -DMPI_C_COMPILER=$root$bindir/typeshim-cc (find_package(MPI))" "$tmp/findmpi.log"
elif ! cmake --build "$f" >>"$tmp/findmpi.log" 2>&1; then
    fail "cmake --build: find_package(MPI) over typeshim-cc" "$tmp/findmpi.log"
elif ! run $to "$f/app-findmpi" >"$tmp/findmpi.out" 2>&1 ||
    ! grep -qx 'app: rank 0 of 1: ok (size 32, extent 56, received 0 3 6 9)' "$tmp/findmpi.out"; then
    fail "app built by find_package(MPI) over typeshim-cc did not pass:" "$tmp/findmpi.out"
else
    ok "find_package(MPI) with MPI_C_COMPILER=typeshim-cc: MPI::MPI_C builds app, which runs standalone ($(needed "$f/app-findmpi"))"
fi

# ---------------------------------------------------------------- 5. pkg-config
# PKG_CONFIG_PATH names the prefix's pkgconfig directory, as the README
# says; under DESTDIR the prefix variable moves typeshim's paths there.
tpc() {
    PKG_CONFIG_PATH=$root$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH} \
        $PKG_CONFIG ${root:+--define-variable=prefix="$root$prefix"} "$@"
}
if ! command -v "$PKG_CONFIG" >/dev/null 2>&1; then
    skip "pkg-config: $PKG_CONFIG is not installed"
else
    serial=$(tpc --cflags --libs typeshim-serial)
    # shellcheck disable=SC2086 # flag lists
    if ! $cc -o "$tmp/app-pc" "$dir/app.c" $serial >"$tmp/pc.log" 2>&1; then
        fail "cc app.c \$(pkg-config --cflags --libs typeshim-serial)" "$tmp/pc.log"
    elif ! run $to "$tmp/app-pc" >"$tmp/app-pc.out" 2>&1 ||
        ! grep -qx 'app: rank 0 of 1: ok (size 32, extent 56, received 0 3 6 9)' "$tmp/app-pc.out"; then
        fail "app built with typeshim-serial.pc ($serial) did not run without LD_LIBRARY_PATH:" "$tmp/app-pc.out"
    else
        ok "cc app.c \$(pkg-config --cflags --libs typeshim-serial): runs without LD_LIBRARY_PATH"
    fi
    layered=$(tpc --cflags --libs typeshim)
    mpicc=
    command -v mpicc.mpich >/dev/null 2>&1 && mpicc=mpicc.mpich
    # shellcheck disable=SC2086 # flag lists
    if [ -z "$mpicc" ]; then
        skip "layered pkg-config link: mpicc.mpich is not installed"
    elif ! $mpicc -Wl,--as-needed -o "$tmp/app-pc-mpich" "$dir/app.c" $layered -lmpich >"$tmp/pcl.log" 2>&1; then
        fail "mpicc.mpich -Wl,--as-needed app.c \$(pkg-config --cflags --libs typeshim) -lmpich" "$tmp/pcl.log"
    elif n=$(needed "$tmp/app-pc-mpich") && ! typeshim_first "$n"; then
        fail "mpicc.mpich -Wl,--as-needed app.c \$(pkg-config --libs typeshim) -lmpich: NEEDED $n"
    elif [ -n "$mpiexec" ] && { ! TYPESHIM_DUMP=1 run $to "$mpiexec" -n 2 "$tmp/app-pc-mpich" >"$tmp/pcl.out" 2>&1 ||
        ! layered_ok "$tmp/pcl.out" 2; }; then
        fail "$mpiexec -n 2 app (typeshim.pc ahead of -lmpich), TYPESHIM_DUMP=1:" "$tmp/pcl.out"
    else
        ok "mpicc.mpich -Wl,--as-needed app.c \$(pkg-config --libs typeshim) -lmpich: NEEDED $n${mpiexec:+; 2 ranks, typeshim answered}"
    fi
    # the wrong order: libtypeshim stays NEEDED (behind MPICH), so the
    # library is loaded and TYPESHIM_VERBOSE can say it is unused
    # shellcheck disable=SC2086 # flag lists
    if [ -n "$mpicc" ]; then
        if ! $mpicc -Wl,--as-needed -o "$tmp/app-pc-wrong" "$dir/app.c" -lmpich $layered >"$tmp/pcw.log" 2>&1; then
            fail "mpicc.mpich -Wl,--as-needed app.c -lmpich \$(pkg-config --cflags --libs typeshim)" "$tmp/pcw.log"
        else
            n=$(needed "$tmp/app-pc-wrong")
            case " $n " in
            *" libtypeshim.so."*) ok "mpicc.mpich -Wl,--as-needed app.c -lmpich \$(pkg-config --libs typeshim): libtypeshim still NEEDED ($n)" ;;
            *) fail "mpicc.mpich -Wl,--as-needed app.c -lmpich \$(pkg-config --libs typeshim) dropped libtypeshim: NEEDED $n" ;;
            esac
        fi
    fi
fi

exit $status

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
#   6. Open MPI's flavour, when libtypeshim-ompi is installed (else: no
#      typeshim-ompi.pc is installed either, and the rest is skipped):
#      a. find_package(typeshim 0.2 REQUIRED COMPONENTS ompi) defines
#         typeshim::ompi; app-ompi linked with it --as-needed keeps
#         libtypeshim-ompi NEEDED ahead of libmpi, and on 2 ranks under
#         mpirun.openmpi typeshim answers (its version string, and the
#         type committed on each rank);
#      b. a copy of the package beside the libraries without
#         libtypeshim-ompi: find_package(typeshim) still succeeds, without
#         typeshim::ompi, and COMPONENTS ompi fails with a message;
#      c. pkg-config typeshim-ompi: its version, and mpicc.openmpi
#         -Wl,--as-needed app.c with its flags keeps libtypeshim-ompi NEEDED
#         ahead of libmpi; 2 ranks under mpirun.openmpi, typeshim answers;
#      d. the installed typeshim-cc --layered --abi=openmpi: -show,
#         -compile-info and -link-info name libtypeshim-ompi and Open MPI's
#         flags; app built -Wl,--as-needed keeps libtypeshim-ompi NEEDED
#         ahead of libmpi, and typeshim answers on 2 ranks; --abi=openmpi
#         without --layered builds app standalone (libtypeshim-serial-ompi,
#         no libmpi), which runs without LD_LIBRARY_PATH.
# Each step prints "ok: ...", "skip: ..." or "FAIL: ..." (with its log).
#
# Exit status: 0 pass, 1 fail, 77 skip (no cmake).  Open MPI runs as root
# get OMPI_ALLOW_RUN_AS_ROOT=1 (and its _CONFIRM).
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

# ---------------------------------------------------------------- 6. Open MPI
# ompi_first NAMES: does libtypeshim-ompi come before libmpi among them?
ompi_first() {
    case " $1 " in
    *" libtypeshim-ompi.so."*" libmpi.so."*) return 0 ;;
    *) return 1 ;;
    esac
}
mpirun_ompi=$(command -v mpirun.openmpi 2>/dev/null)
if [ "$(id -u)" = 0 ]; then
    OMPI_ALLOW_RUN_AS_ROOT=1
    OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
    export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
fi
# ompi_run OUT PROG: PROG on 2 ranks under mpirun.openmpi, TYPESHIM_DUMP=1
ompi_run() {
    TYPESHIM_DUMP=1 run $to "$mpirun_ompi" --oversubscribe -n 2 -x TYPESHIM_DUMP "$2" >"$1" 2>&1
}
ompi_lib=
for f in "$root$libdir/libtypeshim-ompi.so" "$root$libdir/libtypeshim-ompi.a"; do
    [ -e "$f" ] && ompi_lib=$f && break
done
if [ -z "$ompi_lib" ]; then
    if [ -e "$root$libdir/pkgconfig/typeshim-ompi.pc" ]; then
        fail "typeshim-ompi.pc is installed, but not libtypeshim-ompi"
    else
        ok "no libtypeshim-ompi installed (configured without Open MPI), and no typeshim-ompi.pc"
    fi
    skip "Open MPI's flavour: libtypeshim-ompi is not installed (typeshim was configured without Open MPI)"
elif [ -z "$mpirun_ompi" ] || ! command -v mpicc.openmpi >/dev/null 2>&1; then
    skip "Open MPI's flavour: mpirun.openmpi or mpicc.openmpi is not installed"
else
    # The program: app.c, and beside it ver.c, which prints, before main,
    # whether MPI_Get_library_version (callable before MPI_Init) is
    # typeshim's, layered over Open MPI.
    cat >"$tmp/ver.c" <<'EOF'
#include <mpi.h>
#include <stdio.h>
#include <string.h>
__attribute__((constructor)) static void ts_version(void)
{
    char v[MPI_MAX_LIBRARY_VERSION_STRING];
    int len = 0;
    MPI_Get_library_version(v, &len);
    printf("app: library: %s\n", strncmp(v, "typeshim ", 9) == 0 && strstr(v, "(layered) over: Open MPI") ? "typeshim over Open MPI" : v);
}
EOF
    # a. CMake
    mkdir -p "$tmp/ompi-src"
    cat >"$tmp/ompi-src/CMakeLists.txt" <<EOF
cmake_minimum_required(VERSION 3.13)
project(app_ompi C)
find_package(typeshim 0.2 REQUIRED COMPONENTS ompi)
add_executable(app-ompi "$dir/app.c" "$tmp/ver.c")
target_link_libraries(app-ompi PRIVATE typeshim::ompi)
EOF
    bo=$tmp/build-ompi
    if ! cmake -S "$tmp/ompi-src" -B "$bo" -DCMAKE_PREFIX_PATH="$root$prefix" -DCMAKE_C_COMPILER="${cc%% *}" \
        -DCMAKE_EXE_LINKER_FLAGS=-Wl,--as-needed >"$tmp/cmake-ompi.log" 2>&1; then
        fail "cmake: find_package(typeshim 0.2 REQUIRED COMPONENTS ompi)" "$tmp/cmake-ompi.log"
    elif ! cmake --build "$bo" >>"$tmp/cmake-ompi.log" 2>&1; then
        fail "cmake --build: app-ompi (typeshim::ompi)" "$tmp/cmake-ompi.log"
    elif n=$(needed "$bo/app-ompi") && ! ompi_first "$n"; then
        fail "app-ompi (typeshim::ompi, --as-needed): libtypeshim-ompi not NEEDED ahead of libmpi: $n"
    elif ! ompi_run "$tmp/app-ompi.out" "$bo/app-ompi" || ! layered_ok "$tmp/app-ompi.out" 2 ||
        [ "$(grep -c '^app: library: typeshim over Open MPI$' "$tmp/app-ompi.out")" -ne 2 ]; then
        fail "mpirun.openmpi -n 2 app-ompi (typeshim::ompi), TYPESHIM_DUMP=1:" "$tmp/app-ompi.out"
    else
        ok "mpirun.openmpi -n 2 app-ompi (typeshim::ompi, --as-needed, NEEDED $n): both ranks ok, typeshim's version string, typeshim committed the type"
    fi

    # b. the same package where libtypeshim-ompi is not installed
    # shellcheck disable=SC2016 # the file's own text
    case $(sed -n 's/^set(_typeshim_libdir "\(.*\)")$/\1/p' "$root$libdir/cmake/typeshim/typeshimConfig.cmake") in
    '${_typeshim_prefix}/'*)
        np=$tmp/no-ompi
        sub=$(sed -n 's/^set(_typeshim_libdir "${_typeshim_prefix}\/\(.*\)")$/\1/p' "$root$libdir/cmake/typeshim/typeshimConfig.cmake")
        isub=$(sed -n 's/^set(_typeshim_includedir "${_typeshim_prefix}\/\(.*\)")$/\1/p' "$root$libdir/cmake/typeshim/typeshimConfig.cmake")
        mkdir -p "$np/$sub/cmake/typeshim" "$np/$isub"
        cp "$root$libdir"/cmake/typeshim/*.cmake "$np/$sub/cmake/typeshim/"
        for f in "$root$libdir"/libtypeshim*; do
            case ${f##*/} in
            libtypeshim-ompi*) ;;
            *) ln -s "$f" "$np/$sub/" ;;
            esac
        done
        ln -s "$root$includedir/typeshim.h" "$np/$isub/typeshim.h"
        mkdir -p "$tmp/probe"
        cat >"$tmp/probe/CMakeLists.txt" <<'EOF'
cmake_minimum_required(VERSION 3.13)
project(probe NONE)
if(WANT_OMPI)
  find_package(typeshim 0.2 COMPONENTS ompi)
else()
  find_package(typeshim 0.2 REQUIRED)
endif()
if(TARGET typeshim::ompi)
  message(STATUS "probe: found=${typeshim_FOUND} ompi=target")
else()
  message(STATUS "probe: found=${typeshim_FOUND} ompi=none")
endif()
EOF
        got=$(cmake -S "$tmp/probe" -B "$tmp/probe-b" -DCMAKE_PREFIX_PATH="$np" 2>&1 | sed -n 's/^-- probe: //p')
        rm -rf "$tmp/probe-b"
        got2=$(cmake -S "$tmp/probe" -B "$tmp/probe-b" -DCMAKE_PREFIX_PATH="$np" -DWANT_OMPI=ON 2>&1)
        got2s=$(printf '%s\n' "$got2" | sed -n 's/^-- probe: //p')
        rm -rf "$tmp/probe-b"
        got3=$(cmake -S "$tmp/probe" -B "$tmp/probe-b" -DCMAKE_PREFIX_PATH="$root$prefix" 2>&1 | sed -n 's/^-- probe: //p')
        if [ "$got" != "found=1 ompi=none" ]; then
            fail "without libtypeshim-ompi, find_package(typeshim) gave '$got', not 'found=1 ompi=none'"
        elif [ "$got2s" != "found=0 ompi=none" ] ||
            ! printf '%s\n' "$got2" | tr -s ' \n' '  ' | grep -q 'lacks the component(s) ompi'; then
            printf '%s\n' "$got2" >"$tmp/probe.log"
            fail "without libtypeshim-ompi, find_package(typeshim COMPONENTS ompi) gave '$got2s', not 'found=0 ompi=none' and a message" "$tmp/probe.log"
        elif [ "$got3" != "found=1 ompi=target" ]; then
            fail "the installed package: find_package(typeshim) gave '$got3', not 'found=1 ompi=target'"
        else
            ok "typeshim::ompi only where libtypeshim-ompi is installed: without it find_package(typeshim) still succeeds, COMPONENTS ompi fails with a message"
        fi
        ;;
    *) skip "typeshim::ompi absent without libtypeshim-ompi: the package's libdir is not below its prefix" ;;
    esac

    # c. pkg-config
    if ! command -v "$PKG_CONFIG" >/dev/null 2>&1; then
        skip "pkg-config typeshim-ompi: $PKG_CONFIG is not installed"
    elif ! v=$(tpc --modversion typeshim-ompi 2>"$tmp/pco.log") || [ "$v" != "$version" ]; then
        fail "pkg-config --modversion typeshim-ompi: '$v', not '$version'" "$tmp/pco.log"
    else
        flags=$(tpc --cflags --libs typeshim-ompi)
        # shellcheck disable=SC2086 # flag lists
        if ! mpicc.openmpi -Wl,--as-needed -o "$tmp/app-pc-ompi" "$dir/app.c" "$tmp/ver.c" $flags >"$tmp/pco.log" 2>&1; then
            fail "mpicc.openmpi -Wl,--as-needed app.c \$(pkg-config --cflags --libs typeshim-ompi)" "$tmp/pco.log"
        elif n=$(needed "$tmp/app-pc-ompi") && ! ompi_first "$n"; then
            fail "mpicc.openmpi -Wl,--as-needed app.c \$(pkg-config --libs typeshim-ompi): NEEDED $n"
        elif ! ompi_run "$tmp/pco.out" "$tmp/app-pc-ompi" || ! layered_ok "$tmp/pco.out" 2 ||
            [ "$(grep -c '^app: library: typeshim over Open MPI$' "$tmp/pco.out")" -ne 2 ]; then
            fail "mpirun.openmpi -n 2 app (typeshim-ompi.pc), TYPESHIM_DUMP=1:" "$tmp/pco.out"
        else
            ok "mpicc.openmpi -Wl,--as-needed app.c \$(pkg-config --cflags --libs typeshim-ompi) ($v): NEEDED $n; 2 ranks, typeshim answered"
        fi
    fi

    # d. typeshim-cc (it names the final directories: TYPESHIM_INCLUDEDIR
    # and TYPESHIM_LIBDIR point it at a DESTDIR tree, step 4)
    tcc=$root$bindir/typeshim-cc
    ompi_inc=$(mpicc.openmpi --showme:compile)
    ompi_link=$(mpicc.openmpi --showme:link)
    tslink="-Wl,--push-state,--no-as-needed -ltypeshim-ompi -Wl,--pop-state"
    shown=$("$tcc" --layered --abi=openmpi -show app.c 2>&1)
    ci=$("$tcc" --layered --abi=openmpi -compile-info 2>&1)
    li=$("$tcc" --layered --abi=openmpi -link-info 2>&1)
    "$tcc" --abi=openmpi -o "$tmp/x" "$dir/app.c" >/dev/null 2>"$tmp/abi.err"
    abi_rc=$?
    case $shown in
    *" app.c "*"$tslink "*"$ompi_inc "*"$ompi_link"*) shown_ok=yes ;;
    *) shown_ok=no ;;
    esac
    case "$ci" in
    *"$ompi_inc "*"-I$root$includedir"*) ci_ok=yes ;;
    *) ci_ok=no ;;
    esac
    case "$li" in
    *"-L$root$libdir "*"$tslink $ompi_link"*) li_ok=yes ;;
    *) li_ok=no ;;
    esac
    if [ $shown_ok = no ] || [ $ci_ok = no ] || [ $li_ok = no ]; then
        printf '%s\n' "-show: $shown" "-compile-info: $ci" "-link-info: $li" >"$tmp/tcc.log"
        fail "typeshim-cc --layered --abi=openmpi: -show, -compile-info or -link-info lacks typeshim's or Open MPI's flags" "$tmp/tcc.log"
    elif [ $abi_rc -ne 0 ]; then
        fail "typeshim-cc --abi=openmpi app.c (standalone): exit $abi_rc" "$tmp/abi.err"
    elif n=$(needed "$tmp/x") && case " $n " in *" libmpi.so"*) true ;; *) false ;; esac; then
        fail "typeshim-cc --abi=openmpi app.c (standalone) needs libmpi: NEEDED $n"
    elif ! run "$tmp/x" >"$tmp/abi.out" 2>&1 || ! grep -q '^app: rank 0 of 1: ok' "$tmp/abi.out"; then
        fail "app (typeshim-cc --abi=openmpi, standalone) did not pass without LD_LIBRARY_PATH:" "$tmp/abi.out"
    elif ! "$tcc" --layered --abi=openmpi -Wl,--as-needed -o "$tmp/app-cc-ompi" "$dir/app.c" "$tmp/ver.c" \
        >"$tmp/tcc.log" 2>&1; then
        fail "typeshim-cc --layered --abi=openmpi -Wl,--as-needed app.c" "$tmp/tcc.log"
    elif n=$(needed "$tmp/app-cc-ompi") && ! ompi_first "$n"; then
        fail "typeshim-cc --layered --abi=openmpi -Wl,--as-needed app.c: NEEDED $n"
    elif ! ompi_run "$tmp/tcc.out" "$tmp/app-cc-ompi" || ! layered_ok "$tmp/tcc.out" 2 ||
        [ "$(grep -c '^app: library: typeshim over Open MPI$' "$tmp/tcc.out")" -ne 2 ]; then
        fail "mpirun.openmpi -n 2 app (typeshim-cc --layered --abi=openmpi), TYPESHIM_DUMP=1:" "$tmp/tcc.out"
    else
        ok "typeshim-cc --layered --abi=openmpi: -show, -compile-info, -link-info; app built -Wl,--as-needed: NEEDED $n, 2 ranks, typeshim answered; --abi=openmpi alone: standalone app, no libmpi, ran"
    fi
fi

exit $status

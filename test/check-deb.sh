#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-deb.sh DEB...|DIR: the Debian packages, installed, work for a user.
#   1. dpkg -i the six packages (libtypeshim0, libtypeshim-dev,
#      libtypeshim-ompi0, libtypeshim-ompi-dev, typeshim-tools,
#      libtypeshim-java; given as files or found in DIR), apt-get -f
#      install for missing dependencies;
#   2. the files are where Debian puts them (multiarch libdir, man pages
#      in section 3ts, the jar and JNI libraries, Open MPI's flavour);
#   3. examples/ex_triangle.c built by /usr/bin/typeshim-cc, and built with
#      "pkg-config --cflags --libs typeshim-serial", runs standalone and
#      loads /usr/lib/<triplet>/libtypeshim*;
#   4. the same built as a plain MPICH program (mpicc.mpich) runs on 2 ranks
#      under /usr/bin/typeshim-run --check, typeshim layered over MPICH;
#      built with -ltypeshim ahead of MPICH it runs layered under mpiexec;
#   4b. over Open MPI: the same built by mpicc.openmpi runs on 2 ranks
#      under /usr/bin/typeshim-run --check (libtypeshim-ompi preloaded);
#      built with "pkg-config typeshim-ompi", by /usr/bin/typeshim-cc
#      --layered --abi=openmpi and with CMake's typeshim::ompi (component
#      ompi) it runs layered under mpirun.openmpi on
#      /usr/lib/<triplet>/libtypeshim-ompi.so.0; built by typeshim-cc
#      --abi=openmpi it runs standalone, needing no libmpi;
#   5. test/install/OutsideJava.java, compiled against
#      /usr/share/java/typeshim.jar, runs under /usr/bin/typeshim-java;
#   6. the packages are purged (also when a step fails: exit trap).
# Each step prints "ok: ..." or "FAIL: ..." (with the log); the last line
# is "check-deb: N packages installed, examples ran, purged".  It refuses
# to run when a typeshim package is already installed (it would purge it).
# Runs as root (dpkg); exit status 0 pass, 1 fail, 77 not root.
#
# A typeshim under /usr/local (make install) must not stand in for the
# packages: the programs are named by absolute /usr/bin paths, pkg-config
# searches only the system directories, and ldd must show the libraries of
# /usr/lib/<triplet>.

LC_ALL=C
export LC_ALL
unset LD_LIBRARY_PATH LD_PRELOAD PKG_CONFIG_PATH TYPESHIM_LIBRARY TYPESHIM_LIBDIR TYPESHIM_INCLUDEDIR \
    TYPESHIM_JAR TYPESHIM_CHECK TYPESHIM_DISABLE TYPESHIM_CC TYPESHIM_CXX

srcdir=$(cd "$(dirname "$0")/.." && pwd)
pkgs="libtypeshim0 libtypeshim-dev libtypeshim-ompi0 libtypeshim-ompi-dev typeshim-tools libtypeshim-java"

if [ "$(id -u)" -ne 0 ]; then
    echo "check-deb.sh: installs packages with dpkg: run it as root" >&2
    exit 77
fi
if [ $# -eq 0 ]; then
    echo "usage: check-deb.sh DEB... | DIR (the .deb files built by dpkg-buildpackage)" >&2
    exit 1
fi
# the .deb files: those given, or the six packages found in DIR
debs=
if [ $# -eq 1 ] && [ -d "$1" ]; then
    for p in $pkgs; do
        f=$(ls "$1"/"${p}"_*.deb 2>/dev/null | tail -n 1)
        [ -n "$f" ] || {
            echo "check-deb.sh: no ${p}_*.deb in $1" >&2
            exit 1
        }
        debs="$debs $f"
    done
else
    debs="$*"
fi
for p in $pkgs; do
    if dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q '^install ok installed'; then
        echo "check-deb.sh: $p is already installed; purge it first (dpkg --purge $p)" >&2
        exit 1
    fi
done

triplet=$(dpkg-architecture -qDEB_HOST_MULTIARCH 2>/dev/null || gcc -print-multiarch)
libdir=/usr/lib/$triplet
if ls /usr/local/lib/libtypeshim* /usr/local/lib/"$triplet"/libtypeshim* >/dev/null 2>&1; then
    # ld.so's cache lists /usr/local/lib first: the programs would load
    # that typeshim, not the packages'
    echo "note: a typeshim is installed under /usr/local too; LD_LIBRARY_PATH=$libdir for the runs"
    LD_LIBRARY_PATH=$libdir
    export LD_LIBRARY_PATH
fi

tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-deb.XXXXXX") || exit 1
installed=no
cleanup() {
    if [ $installed = yes ]; then
        # dbgsym packages too, when someone installed them meanwhile
        # shellcheck disable=SC2086 # pkgs is a list
        dpkg --purge $pkgs libtypeshim0-dbgsym libtypeshim-ompi0-dbgsym libtypeshim-java-dbgsym \
            >"$tmp/purge.log" 2>&1 ||
            { echo "FAIL: dpkg --purge $pkgs"; sed 's/^/    /' "$tmp/purge.log"; }
    fi
    rm -rf "$tmp"
}
trap cleanup 0
trap 'exit 1' HUP INT PIPE TERM

# shellcheck source=report.sh
. "$srcdir/test/report.sh"
# uses_system_libs PROG LIB...: ldd resolves each LIB to $libdir's file
# (through /lib/<triplet> on a merged /usr, never /usr/local's)
uses_system_libs() {
    prog=$1
    shift
    ldd "$prog" >"$tmp/ldd.out" 2>&1 || return 1
    for l in "$@"; do
        got=$(sed -n "s/^[[:space:]]*$l => \([^ ]*\) .*/\1/p" "$tmp/ldd.out")
        [ -n "$got" ] && [ "$(readlink -f "$got")" = "$(readlink -f "$libdir/$l")" ] || return 1
    done
}

# ---------------------------------------------------------------- 1. install
# shellcheck disable=SC2086 # debs is a list of paths without blanks
installed=yes
if ! dpkg -i $debs >"$tmp/install.log" 2>&1; then
    # missing dependencies: let apt install them (and configure ours)
    if ! DEBIAN_FRONTEND=noninteractive apt-get -f install -y -q >>"$tmp/install.log" 2>&1; then
        fail "dpkg -i$debs; apt-get -f install" "$tmp/install.log"
        exit 1
    fi
fi
for p in $pkgs; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' ||
        fail "$p not installed after dpkg -i" "$tmp/install.log"
done
[ $status -eq 0 ] || exit 1
ok "dpkg -i: $(dpkg-query -W -f='${Package} ${Version}, ' $pkgs | sed 's/, $//')"

# ---------------------------------------------------------------- 2. files
missing=
for f in "$libdir/libtypeshim.so.0" "$libdir/libtypeshim-serial.so.0" /usr/include/typeshim.h \
    /usr/include/typeshim_version.h "$libdir/libtypeshim.so" "$libdir/libtypeshim-serial.so" \
    "$libdir/pkgconfig/typeshim.pc" "$libdir/pkgconfig/typeshim-serial.pc" \
    /usr/share/man/man3/MPI_Type_vector.3ts.gz /usr/share/man/man7/typeshim.7.gz \
    /usr/bin/typeshim-run /usr/bin/typeshim-cc /usr/bin/typeshim-c++ \
    /usr/share/man/man1/typeshim-run.1.gz /usr/share/java/typeshim.jar \
    "$libdir/libtypeshim-java.so" "$libdir/libtypeshim-java-mpich.so" /usr/bin/typeshim-java \
    "$libdir/libtypeshim-ompi.so.0" "$libdir/libtypeshim-ompi.so" "$libdir/libtypeshim-ompi.a" \
    "$libdir/pkgconfig/typeshim-ompi.pc" "$libdir/libtypeshim-serial-ompi.so.0" \
    "$libdir/libtypeshim-serial-ompi.so" "$libdir/pkgconfig/typeshim-serial-ompi.pc"; do
    [ -e "$f" ] || missing="$missing $f"
done
if [ -n "$missing" ]; then
    fail "not installed:$missing"
else
    ok "libraries in $libdir, header, pkg-config, man pages (3ts, 7, 1), tools, jar, JNI libraries, Open MPI's flavour"
fi

# ---------------------------------------------------------------- 3. standalone
cp "$srcdir/examples/ex_triangle.c" "$srcdir/examples/ex_common.h" "$tmp/" || exit 1
cd "$tmp" || exit 1
# triangle_ok OUT PROCS MODE: the example's own checks passed and it ran
# as PROCS processes answered by MODE
triangle_ok() {
    grep -q "^    $2 process.*; datatypes answered by typeshim $3" "$1" &&
        grep -q '^    size 168 bytes (21 doubles), lb 0, extent 288' "$1" &&
        ! grep -qi 'wrong\|FAIL' "$1"
}

if ! /usr/bin/typeshim-cc ex_triangle.c -o tri_cc >cc.log 2>&1; then
    fail "/usr/bin/typeshim-cc ex_triangle.c" cc.log
elif ! ./tri_cc >tri_cc.out 2>&1 || ! triangle_ok tri_cc.out 1 standalone; then
    fail "ex_triangle built by typeshim-cc did not pass:" tri_cc.out
elif ! uses_system_libs ./tri_cc libtypeshim-serial.so.0 libtypeshim.so.0; then
    fail "ex_triangle built by typeshim-cc does not load $libdir's libraries:" ldd.out
else
    ok "/usr/bin/typeshim-cc ex_triangle.c: runs standalone with $libdir/libtypeshim*"
fi

# pkg-config, limited to the system's directories (not /usr/local's)
pc="pkg-config --with-path=$libdir/pkgconfig"
export PKG_CONFIG_LIBDIR="$libdir/pkgconfig:/usr/share/pkgconfig"
# shellcheck disable=SC2046 # pkg-config's output is a list of flags
if [ "$($pc --variable=libdir typeshim-serial)" != "$libdir" ]; then
    fail "pkg-config --variable=libdir typeshim-serial: '$($pc --variable=libdir typeshim-serial)', not $libdir"
elif ! gcc $($pc --cflags typeshim-serial) ex_triangle.c -o tri_pc $($pc --libs typeshim-serial) -ldl \
    >pc.log 2>&1; then
    fail "gcc \$(pkg-config --cflags typeshim-serial) ex_triangle.c \$(pkg-config --libs typeshim-serial)" pc.log
elif ! ./tri_pc >tri_pc.out 2>&1 || ! triangle_ok tri_pc.out 1 standalone; then
    fail "ex_triangle built with pkg-config typeshim-serial did not pass:" tri_pc.out
elif ! uses_system_libs ./tri_pc libtypeshim-serial.so.0 libtypeshim.so.0; then
    fail "ex_triangle built with pkg-config does not load $libdir's libraries:" ldd.out
else
    ok "pkg-config typeshim-serial ($($pc --modversion typeshim-serial)): ex_triangle runs standalone"
fi

# CMake: the package in $libdir/cmake, found from the prefix / (on a
# merged /usr through the link /lib -> usr/lib, where the directories
# above the package are not its prefix), the README's CMake example built
# and its standalone program run
if ! command -v cmake >/dev/null 2>&1; then
    ok "CMake package: not tried (no cmake here)"
elif ! cmake -S "$srcdir/test/cmake" -B "$tmp/cmake" -DCMAKE_PREFIX_PATH=/ >cmake.log 2>&1 ||
    ! cmake --build "$tmp/cmake" --target app >>cmake.log 2>&1; then
    fail "cmake test/cmake (find_package(typeshim 0.2) from the packages)" cmake.log
elif ! "$tmp/cmake/app" >cmake.out 2>&1 || ! uses_system_libs "$tmp/cmake/app" libtypeshim-serial.so.0 libtypeshim.so.0; then
    fail "the CMake example built against the packages did not run on $libdir's libraries:" cmake.out
else
    ok "find_package(typeshim) from libtypeshim-dev: $(sed -n 's/^typeshim_DIR:PATH=//p' "$tmp/cmake/CMakeCache.txt"), app ran"
fi

# ---------------------------------------------------------------- 4. over MPICH
mpiexec=$(command -v mpiexec.hydra || command -v mpiexec.mpich)
if ! mpicc.mpich ex_triangle.c -o tri_mpich >mpicc.log 2>&1; then
    fail "mpicc.mpich ex_triangle.c" mpicc.log
elif ! /usr/bin/typeshim-run --check -n 2 -- ./tri_mpich >run.out 2>run.err ||
    ! triangle_ok run.out 2 layered; then
    cat run.out run.err >run.log
    fail "/usr/bin/typeshim-run --check -n 2 -- ./tri_mpich did not pass:" run.log
elif ! grep -q '^typeshim-run: 2 processes: [1-9][0-9]* checks*, 0 divergences' run.err; then
    fail "typeshim-run --check: no checks or a divergence:" run.err
else
    ok "/usr/bin/typeshim-run --check -n 2 -- ./tri_mpich: layered, $(sed -n 's/^typeshim-run: 2 processes: //p' run.err)"
fi

# libtypeshim linked ahead of libmpich (mpicc.mpich puts -lmpich last);
# --no-as-needed keeps it NEEDED although the program names no symbol
# that only libtypeshim defines.
# shellcheck disable=SC2046 # pkg-config's output is a list of flags
if ! mpicc.mpich ex_triangle.c -o tri_layered -Wl,--no-as-needed $($pc --libs typeshim) \
    >layered.log 2>&1; then
    fail "mpicc.mpich ex_triangle.c -Wl,--no-as-needed \$(pkg-config --libs typeshim)" layered.log
elif ! "$mpiexec" -n 2 ./tri_layered >layered.out 2>&1 || ! triangle_ok layered.out 2 layered; then
    fail "$mpiexec -n 2 ./tri_layered (libtypeshim ahead of MPICH) did not pass:" layered.out
elif ! uses_system_libs ./tri_layered libtypeshim.so.0; then
    fail "tri_layered does not load $libdir/libtypeshim.so.0:" ldd.out
else
    ok "mpicc.mpich ex_triangle.c \$(pkg-config --libs typeshim): layered on 2 ranks under ${mpiexec##*/}"
fi

# ---------------------------------------------------------------- 4b. over Open MPI
# mpirun.openmpi refuses root unless told (typeshim-run tells it itself)
OMPI_ALLOW_RUN_AS_ROOT=1
OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
export OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
mpirun_ompi=$(command -v mpirun.openmpi)
# ompi_layered_ok NAME PROG WHAT: ./PROG on 2 ranks under mpirun.openmpi,
# typeshim layered over Open MPI, from $libdir's libtypeshim-ompi.so.0
ompi_layered_ok() {
    if ! "$mpirun_ompi" --oversubscribe -n 2 "./$2" >"$1.out" 2>&1 ||
        ! triangle_ok "$1.out" 2 "layered over Open MPI"; then
        fail "mpirun.openmpi -n 2 ./$2 ($3) did not pass:" "$1.out"
    elif ! uses_system_libs "./$2" libtypeshim-ompi.so.0; then
        fail "$2 ($3) does not load $libdir/libtypeshim-ompi.so.0:" ldd.out
    else
        ok "$3: ex_triangle layered over Open MPI on 2 ranks under mpirun.openmpi"
    fi
}
if [ -z "$mpirun_ompi" ]; then
    fail "mpirun.openmpi is not installed (openmpi-bin, which libtypeshim-ompi-dev pulls in)"
elif ! mpicc.openmpi ex_triangle.c -o tri_ompi >ompicc.log 2>&1; then
    fail "mpicc.openmpi ex_triangle.c" ompicc.log
else
    if ! /usr/bin/typeshim-run --check -n 2 -- ./tri_ompi >orun.out 2>orun.err ||
        ! triangle_ok orun.out 2 "layered over Open MPI"; then
        cat orun.out orun.err >orun.log
        fail "/usr/bin/typeshim-run --check -n 2 -- ./tri_ompi did not pass:" orun.log
    elif ! grep -q '^typeshim-run: 2 processes: [1-9][0-9]* checks*, 0 divergences' orun.err; then
        fail "typeshim-run --check (Open MPI): no checks or a divergence:" orun.err
    else
        ok "/usr/bin/typeshim-run --check -n 2 -- ./tri_ompi: over Open MPI, $(sed -n 's/^typeshim-run: 2 processes: //p' orun.err)"
    fi
    # shellcheck disable=SC2046 # pkg-config's output is a list of flags
    if ! mpicc.openmpi $($pc --cflags typeshim-ompi) ex_triangle.c -o tri_ompi_pc \
        -Wl,--as-needed $($pc --libs typeshim-ompi) >ompi_pc.log 2>&1; then
        fail "mpicc.openmpi \$(pkg-config --cflags typeshim-ompi) ex_triangle.c \$(pkg-config --libs typeshim-ompi)" ompi_pc.log
    else
        ompi_layered_ok ompi_pc tri_ompi_pc "pkg-config typeshim-ompi ($($pc --modversion typeshim-ompi)), --as-needed"
    fi
    if ! /usr/bin/typeshim-cc --layered --abi=openmpi ex_triangle.c -o tri_ompi_cc >ompi_cc.log 2>&1; then
        fail "/usr/bin/typeshim-cc --layered --abi=openmpi ex_triangle.c" ompi_cc.log
    else
        ompi_layered_ok ompi_cc tri_ompi_cc "/usr/bin/typeshim-cc --layered --abi=openmpi"
    fi
    # standalone with Open MPI's mpi.h: no libmpi, one process
    if ! /usr/bin/typeshim-cc --abi=openmpi ex_triangle.c -o tri_ompi_sa >ompi_sa.log 2>&1; then
        fail "/usr/bin/typeshim-cc --abi=openmpi ex_triangle.c (standalone)" ompi_sa.log
    elif ldd tri_ompi_sa | grep -q 'libmpi\.so'; then
        fail "tri_ompi_sa (typeshim-cc --abi=openmpi) needs libmpi: $(ldd tri_ompi_sa | grep libmpi)"
    elif ! env -u LD_LIBRARY_PATH ./tri_ompi_sa >ompi_sa.out 2>&1 ||
        ! grep -q 'libtypeshim-serial-ompi' ompi_sa.out; then
        fail "./tri_ompi_sa (standalone, Open MPI's ABI) did not pass:" ompi_sa.out
    else
        ok "/usr/bin/typeshim-cc --abi=openmpi ex_triangle.c: standalone, no libmpi, ran on libtypeshim-serial-ompi"
    fi
    if command -v cmake >/dev/null 2>&1; then
        mkdir cmake-ompi-src
        cat >cmake-ompi-src/CMakeLists.txt <<EOF
cmake_minimum_required(VERSION 3.13)
project(tri_ompi C)
find_package(typeshim 0.2 REQUIRED COMPONENTS ompi)
add_executable(tri_ompi_cmake "$tmp/ex_triangle.c")
target_link_libraries(tri_ompi_cmake PRIVATE typeshim::ompi)
EOF
        if ! cmake -S cmake-ompi-src -B cmake-ompi -DCMAKE_PREFIX_PATH=/ >cmake-ompi.log 2>&1 ||
            ! cmake --build cmake-ompi >>cmake-ompi.log 2>&1; then
            fail "cmake: find_package(typeshim 0.2 REQUIRED COMPONENTS ompi) from the packages" cmake-ompi.log
        elif ! cp cmake-ompi/tri_ompi_cmake .; then
            fail "cmake: no tri_ompi_cmake built" cmake-ompi.log
        else
            ompi_layered_ok ompi_cmake tri_ompi_cmake "find_package(typeshim COMPONENTS ompi), typeshim::ompi"
        fi
    fi
fi

# ---------------------------------------------------------------- 5. Java
if ! command -v javac >/dev/null 2>&1; then
    echo "skip: the Java program: no javac (apt-get install default-jdk-headless)"
elif ! mkdir java || ! javac --release 11 -cp /usr/share/java/typeshim.jar -d java \
    "$srcdir/test/install/OutsideJava.java" >javac.log 2>&1; then
    fail "javac -cp /usr/share/java/typeshim.jar OutsideJava.java" javac.log
elif ! /usr/bin/typeshim-java -cp java OutsideJava "$libdir/" >java.out 2>&1 ||
    ! grep -q '^outside_java rank 0: ok (1 processes, serial' java.out; then
    fail "/usr/bin/typeshim-java -cp java OutsideJava did not pass:" java.out
else
    ok "/usr/bin/typeshim-java OutsideJava: $(sed -n 's/^outside_java rank 0: //p' java.out)"
fi

# ---------------------------------------------------------------- 6. purge
cd / || exit 1
# shellcheck disable=SC2086 # pkgs is a list
if ! dpkg --purge $pkgs >"$tmp/purge.log" 2>&1; then
    fail "dpkg --purge $pkgs" "$tmp/purge.log"
else
    installed=no
    left=$(ls "$libdir"/libtypeshim* /usr/include/typeshim.h /usr/bin/typeshim-* 2>/dev/null)
    if [ -n "$left" ]; then
        fail "files left after the purge: $left"
    else
        ok "dpkg --purge: no typeshim file left in /usr"
    fi
fi

if [ $status -eq 0 ]; then
    echo "check-deb: $(echo $pkgs | wc -w) packages installed, examples ran, purged"
fi
exit $status

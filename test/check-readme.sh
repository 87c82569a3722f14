#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-readme.sh SRCDIR PREFIX LIBDIR BINDIR - the README's commands work as written,
# against an installed typeshim (make installcheck runs it; make distcheck
# therefore runs it from a prefix other than /usr/local).
#
# README.md marks each block a user types with a comment line
#     <!-- run: NAME -->
# just before the block (indented by four spaces).  Each marked block runs
# as one "sh -e" script in a scratch directory holding a copy of
# examples/, with the installed BINDIR first on PATH, the installed
# pkg-config files found, and /usr/local (the README's prefix) replaced by
# PREFIX and /usr/local/lib by LIBDIR.  A block marked
#     <!-- output of: NAME -->
# is the output the block NAME prints: it must hold the lines the run
# printed (stdout and stderr), each once, in any order (ranks interleave),
# once addresses (+0x...) and the scratch directory are blanked out.
# Blocks named *-ompi run only when libtypeshim-ompi is installed and
# mpirun.openmpi is found (skipped with a message otherwise).  A name no block has, or a marked block that is missing,
# fails: the README cannot lose a tested block silently.
#
# Exit status: 0 pass, 1 fail.
LC_ALL=C
export LC_ALL
srcdir=${1:?usage: check-readme.sh SRCDIR PREFIX LIBDIR BINDIR}
prefix=${2:?usage: check-readme.sh SRCDIR PREFIX LIBDIR BINDIR}
libdir=${3:?usage: check-readme.sh SRCDIR PREFIX LIBDIR BINDIR}
bindir=${4:?usage: check-readme.sh SRCDIR PREFIX LIBDIR BINDIR}
readme=$srcdir/README.md

if ! command -v mpiexec.hydra >/dev/null 2>&1; then
    echo "FAIL: no mpiexec.hydra (MPICH's launcher, which the README's blocks use)"
    exit 1
fi
tmp=$(mktemp -d "${TMPDIR:-/tmp}/check-readme.XXXXXX") || exit 1
trap 'rm -rf "$tmp"' 0
trap 'exit 1' HUP INT PIPE TERM

# marked blocks into $tmp/blocks/{run,out}.NAME: the indented lines after
# the marker (blank lines before the block skipped), indentation removed
mkdir "$tmp/blocks" || exit 1
awk -v dir="$tmp/blocks" '
    /^<!-- (run|output of): [A-Za-z0-9_-]+ -->$/ {
        kind = ($2 == "run:") ? "run" : "out"
        name = (kind == "run") ? $3 : $4
        file = dir "/" kind "." name
        state = 1
        next
    }
    state == 1 && /^$/ { next }
    state >= 1 && /^    / { print substr($0, 5) > file; state = 2; next }
    { if (state == 1) { print "marker without a block: " file > "/dev/stderr"; bad = 1 }
      if (state == 2) close(file)
      state = 0 }
    END { exit bad }
' "$readme" || exit 1

fail=0
nrun=0
for block in "$tmp"/blocks/run.*; do
    [ -f "$block" ] || { echo "FAIL: $readme marks no block to run"; exit 1; }
    name=${block##*/run.}
    # the Open MPI flavour's blocks need it installed, and Open MPI
    case $name in
    *-ompi)
        if [ ! -f "$libdir/libtypeshim-ompi.so.0" ] || ! command -v mpirun.openmpi >/dev/null 2>&1; then
            echo "skipped: README block '$name' (no libtypeshim-ompi installed, or no mpirun.openmpi)"
            continue
        fi
        ;;
    esac
    nrun=$((nrun + 1))
    work=$tmp/work.$name
    # (writable: make distcheck's source tree is read-only, and cp keeps modes)
    mkdir "$work" && cp -R "$srcdir/examples" "$work/" && chmod -R u+w "$work" || exit 1
    sed -e "s|/usr/local/bin|$bindir|g" -e "s|/usr/local/lib|$libdir|g" -e "s|/usr/local|$prefix|g" "$block" >"$work/block.sh"
    (
        cd "$work" || exit 1
        PATH=$bindir:$PATH
        PKG_CONFIG_PATH=$libdir/pkgconfig${PKG_CONFIG_PATH:+:$PKG_CONFIG_PATH}
        # Open MPI's mpirun refuses root unless told (CI runs as root)
        OMPI_ALLOW_RUN_AS_ROOT=1
        OMPI_ALLOW_RUN_AS_ROOT_CONFIRM=1
        export PATH PKG_CONFIG_PATH OMPI_ALLOW_RUN_AS_ROOT OMPI_ALLOW_RUN_AS_ROOT_CONFIRM
        # a README block must not need these: nothing of the build tree
        unset LD_LIBRARY_PATH LD_PRELOAD TYPESHIM_LIBRARY TYPESHIM_CHECK TYPESHIM_LOG \
            TYPESHIM_LEAKS TYPESHIM_DUMP TYPESHIM_VERBOSE TYPESHIM_DISABLE
        sh -e block.sh
    ) >"$tmp/got.$name" 2>&1
    rc=$?
    if [ $rc -ne 0 ]; then
        echo "FAIL: README block '$name' exited $rc:"
        sed 's/^/    /' "$work/block.sh"
        echo "  its output:"
        sed 's/^/    /' "$tmp/got.$name"
        fail=1
        continue
    fi
    echo "ok: README block '$name' ran ($(wc -l <"$work/block.sh") lines)"
    out=$tmp/blocks/out.$name
    [ -f "$out" ] || continue
    blank() { sed -e 's/(+0x[0-9a-f]*)/(+0x?)/g' -e "s|$work/||g" -e 's|\./||g' "$1" | sort; }
    if blank "$out" >"$tmp/want" && blank "$tmp/got.$name" >"$tmp/have" &&
        diff -u "$tmp/want" "$tmp/have" >"$tmp/diff"; then
        echo "ok: README output of '$name' is what it prints"
    else
        echo "FAIL: README output of '$name' differs from what it prints (- README, + run):"
        cat "$tmp/diff"
        fail=1
    fi
done
for out in "$tmp"/blocks/out.*; do
    [ -f "$out" ] || continue
    name=${out##*/out.}
    [ -f "$tmp/blocks/run.$name" ] || { echo "FAIL: README shows the output of '$name', which no block runs"; fail=1; }
done
[ $fail -eq 0 ] && echo "check-readme: $nrun README blocks ran as written"
exit $fail

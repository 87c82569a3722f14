#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bootstrap.sh [configure options]: install what the build needs (Debian),
# regenerate the build system, configure.  Idempotent; one short line on
# standard error a step, the tools' own output only when they fail.
set -e
cd "$(dirname "$0")"
say() { echo "bootstrap.sh: $*" >&2; }

PKGS="mpich libmpich-dev check autoconf automake libtool pkg-config cmake make gcc gfortran valgrind groff-base libopenmpi-dev openmpi-bin gnuplot-nox clang libclang-rt-14-dev clang-format default-jdk-headless junit4"
# shellcheck disable=SC2086 # a list; "$@" stays configure's
say "checking $(printf '%s\n' $PKGS | wc -l) Debian packages..."
missing=""
for p in $PKGS; do
    dpkg-query -W -f='${Status}\n' "$p" 2>/dev/null | grep -q 'install ok installed' || missing="$missing $p"
done
if [ -n "$missing" ]; then
    if ! command -v apt-get >/dev/null 2>&1; then
        echo "bootstrap.sh: missing packages:$missing (no apt-get here; install them by hand)" >&2
        exit 1
    fi
    if [ "$(id -u)" -eq 0 ]; then
        say "updating the package lists (apt-get update)..."
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
        say "installing:$missing"
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    else
        echo "bootstrap.sh: missing packages. Run:" >&2
        echo "  sudo apt-get install -y$missing" >&2
        exit 1
    fi
fi

if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt Makefile.in ]; then
    say "regenerating the build system (autoreconf)..."
    autoreconf -fi >/dev/null 2>&1 || autoreconf -fi
else
    say "the build system is up to date (no autoreconf)"
fi
say "configuring${*:+ with $*}..."
./configure --quiet "$@"
say "done: now run make"

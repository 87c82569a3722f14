#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# bootstrap.sh [configure options]: install what the build needs (Debian),
# regenerate the build system, configure.  Quiet and idempotent.
set -e
cd "$(dirname "$0")"

PKGS="mpich libmpich-dev check autoconf automake libtool pkg-config cmake make gcc gfortran valgrind groff-base libopenmpi-dev openmpi-bin gnuplot-nox clang libclang-rt-14-dev clang-format default-jdk-headless junit4"
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
        echo "bootstrap.sh: installing$missing" >&2
        DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null
        DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
    else
        echo "bootstrap.sh: missing packages. Run:" >&2
        echo "  sudo apt-get install -y$missing" >&2
        exit 1
    fi
fi

if [ ! -x configure ] || [ configure.ac -nt configure ] || [ Makefile.am -nt Makefile.in ]; then
    autoreconf -fi >/dev/null 2>&1 || autoreconf -fi
fi
./configure --quiet "$@"

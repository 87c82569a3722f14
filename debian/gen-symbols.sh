#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# gen-symbols.sh PACKAGE VERSION: debian/PACKAGE.symbols on stdout, made
# from the export lists (one symbol a line), every symbol introduced in
# VERSION.  PACKAGE is
#   libtypeshim0       libtypeshim.so.0 (lib/typeshim.sym) and
#                      libtypeshim-serial.so.0 (lib/typeshim-serial.sym),
#                      libtypeshim-fort.so.0 (lib/typeshim-fort.sym);
#   libtypeshim-ompi0  libtypeshim-ompi.so.0, Open MPI's flavour, which
#                      exports libtypeshim's list (lib/typeshim.sym), and
#                      libtypeshim-serial-ompi.so.0
#                      (lib/typeshim-serial-ompi.sym).
# debian/rules runs it before dh_makeshlibs.
set -eu
pkg=${1:?usage: gen-symbols.sh PACKAGE VERSION}
v=${2:?usage: gen-symbols.sh PACKAGE VERSION}
cd "$(dirname "$0")/.."
case $pkg in
libtypeshim0)
    dev=libtypeshim-dev
    libs="libtypeshim.so.0:lib/typeshim.sym libtypeshim-serial.so.0:lib/typeshim-serial.sym libtypeshim-fort.so.0:lib/typeshim-fort.sym"
    ;;
libtypeshim-ompi0)
    dev=libtypeshim-ompi-dev
    libs="libtypeshim-ompi.so.0:lib/typeshim.sym libtypeshim-serial-ompi.so.0:lib/typeshim-serial-ompi.sym"
    ;;
*)
    echo "gen-symbols.sh: no export list for the package '$pkg'" >&2
    exit 1
    ;;
esac
for pair in $libs; do
    echo "${pair%%:*} $pkg #MINVER#"
    echo "* Build-Depends-Package: $dev"
    grep -v '^[[:space:]]*\(#\|$\)' "${pair#*:}" | LC_ALL=C sort -u | sed "s/^\(.*\)\$/ \1@Base $v/"
done

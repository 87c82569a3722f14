#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# gen-symbols.sh VERSION: debian/libtypeshim0.symbols on stdout, made from
# the export lists lib/typeshim.sym and lib/typeshim-serial.sym (one
# symbol a line), every symbol introduced in VERSION (the first packaged
# release).  debian/rules runs it before dh_makeshlibs.
set -eu
v=${1:?usage: gen-symbols.sh VERSION}
cd "$(dirname "$0")/.."
for pair in "libtypeshim.so.0 lib/typeshim.sym" "libtypeshim-serial.so.0 lib/typeshim-serial.sym"; do
    set -- $pair
    echo "$1 libtypeshim0 #MINVER#"
    echo "* Build-Depends-Package: libtypeshim-dev"
    grep -v '^[[:space:]]*\(#\|$\)' "$2" | LC_ALL=C sort -u | sed "s/^\(.*\)\$/ \1@Base $v/"
done

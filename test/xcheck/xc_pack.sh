#!/bin/sh
# Cross-check of area "pack" against MPICH: see test/xcheck/xcheck.sh.
exec ${SHELL:-/bin/sh} "$top_srcdir/test/xcheck/xcheck.sh" pack

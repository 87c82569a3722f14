#!/bin/sh
# Cross-check of area "address" against MPICH: see test/xcheck/xcheck.sh.
exec ${SHELL:-/bin/sh} "$top_srcdir/test/xcheck/xcheck.sh" address

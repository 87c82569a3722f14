#!/bin/sh
# Cross-check of area "errors" against MPICH: see test/xcheck/xcheck.sh.
exec ${SHELL:-/bin/sh} "$top_srcdir/test/xcheck/xcheck.sh" errors

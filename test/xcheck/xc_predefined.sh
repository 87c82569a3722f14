#!/bin/sh
# Cross-check of area "predefined" against MPICH: see test/xcheck/xcheck.sh.
exec ${SHELL:-/bin/sh} "$top_srcdir/test/xcheck/xcheck.sh" predefined

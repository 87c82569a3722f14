#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# Cross-check of area "ctor" against MPICH: see test/xcheck/xcheck.sh.
exec ${SHELL:-/bin/sh} "$top_srcdir/test/xcheck/xcheck.sh" ctor

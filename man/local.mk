# SPDX-License-Identifier: BSD-3-Clause
# Man pages: hand-written nroff, committed; nothing is generated at build
# time.  man/man1 holds one page per program of tools/local.mk;
# man/man3 holds one real page per function and one-line ".so"
# alias pages for the PMPI_, _c and _x forms and for MPIR_Dup_fn;
# man/man7/typeshim.7 is the overview.  The list of pages (man/pages.mk)
# and the alias pages are generated from lib/api.def (make api);
# test/check-manpages.sh fails when the list, the pages and the export
# lists disagree, when groff warns, or when a SYNOPSIS differs from mpi.h.
# To add a page: write man/man3/<symbol>.3, name it in lib/api.def, and
# run make api.

include man/pages.mk

TESTS += test/check-manpages.sh
EXTRA_DIST += test/check-manpages.sh

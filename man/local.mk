# SPDX-License-Identifier: BSD-3-Clause
# Man pages: hand-written nroff, committed.  Their .TH lines carry
# placeholders for the date and the version, which make install replaces
# (TS_MAN_DATE and PACKAGE_VERSION, from configure).  man/man1 holds one page per program of tools/local.mk;
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

# The placeholders are split ('@''X@') so that configure leaves this rule
# alone.
install-data-hook: install-man-dates
install-man-dates:
	@for p in $(dist_man_MANS); do \
	    f=`basename $$p`; t="$(DESTDIR)$(mandir)/man$${f##*.}/$$f"; \
	    if test -f "$$t" && grep -q '^\.TH .*@''TS_MAN_DATE@' "$$t"; then \
	        sed -e 's/@''TS_MAN_DATE@/$(TS_MAN_DATE)/' \
	            -e 's/@''PACKAGE_VERSION@/$(PACKAGE_VERSION)/' "$$t" >"$$t.tmp" && \
	        mv "$$t.tmp" "$$t" || exit 1; \
	    fi; \
	done
.PHONY: install-man-dates

dist-hook: dist-man-date
dist-man-date:
	echo '$(TS_MAN_DATE)' >"$(distdir)/.man-date"
.PHONY: dist-man-date

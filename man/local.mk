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
EXTRA_DIST += $(TS_MAN3_PAGES)

# The function pages go to man3 with the section suffix TS_MAN3EXT
# (configure --with-man3-section, default 3ts): "man 3ts MPI_Type_vector"
# is typeshim's page, while "man MPI_Type_vector" stays MPICH's when MPICH's
# pages are installed (man-db prefers the plain section).  Each page's .TH
# section and its .so target follow; the date and version are filled in.
ts_man3dir = $(mandir)/man3
install-data-local: install-man3
install-man3:
	@$(MKDIR_P) '$(DESTDIR)$(ts_man3dir)'
	@for p in $(TS_MAN3_PAGES); do \
	    f=`basename $$p .3`; \
	    sed -e '1,/^\.TH/s/^\(\.TH [^ ]* \)3 /\1$(TS_MAN3EXT) /' \
	        -e 's|^\.so man3/\(.*\)\.3$$|.so man3/\1.$(TS_MAN3EXT)|' \
	        -e 's/@''TS_MAN_DATE@/$(TS_MAN_DATE)/' \
	        -e 's/@''PACKAGE_VERSION@/$(PACKAGE_VERSION)/' \
	        '$(srcdir)/'$$p >'$(DESTDIR)$(ts_man3dir)/'$$f.$(TS_MAN3EXT) || exit 1; \
	done
uninstall-local: uninstall-man3
uninstall-man3:
	@for p in $(TS_MAN3_PAGES); do \
	    rm -f '$(DESTDIR)$(ts_man3dir)/'`basename $$p .3`.$(TS_MAN3EXT); \
	done
.PHONY: install-man3 uninstall-man3

TESTS += test/check-manpages.sh
EXTRA_DIST += test/check-manpages.sh

# The placeholders are split ('@''X@') so that configure leaves this rule
# alone.
install-data-hook: install-man-dates
install-man-dates:
	@for p in $(dist_man_MANS) $(man_MANS); do \
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

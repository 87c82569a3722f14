#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# format-check.sh SRCDIR: every C source and header of the tree must be as
# SRCDIR/.clang-format lays it out.  The files are those git tracks (in a
# checkout) or every *.c / *.h below SRCDIR (in a release tarball).
# clang-format 14 (Debian 12's) is the reference: other major versions lay
# some constructs out differently, so without it the check is skipped.
# Exit status: 0 formatted (or skipped), 1 a file differs.
srcdir=${1:-.}

cf=
for c in clang-format-14 clang-format; do
    if command -v "$c" >/dev/null 2>&1 &&
        "$c" --version 2>/dev/null | grep -q 'version 14\.'; then
        cf=$c
        break
    fi
done
if test -z "$cf"; then
    echo "format-check: skipped: clang-format 14 is not installed (apt-get install clang-format)"
    exit 0
fi

cd "$srcdir" || exit 1
if git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    files=$(git ls-files '*.c' '*.h')
else
    files=$(find . -name '*.c' -o -name '*.h' | grep -v '/_\|typeshim_config\.h' | sort)
fi
bad=0
n=0
for f in $files; do
    # generated from lib/api.def (tools/gen-api.sh): laid out by the generator
    head -n 2 "$f" | grep -q 'Generated from lib/api.def' && continue
    n=$((n + 1))
    if ! "$cf" --dry-run -Werror "$f" >/dev/null 2>&1; then
        echo "format-check: $f differs from .clang-format (run: $cf -i $f)"
        bad=$((bad + 1))
    fi
done
echo "format-check: $n files, $bad differ ($cf)"
test "$bad" -eq 0

#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-spdx.sh: every tracked source, script, build file and man page
# names its licence (an SPDX-License-Identifier line among its first three
# lines), and COPYING holds the licence text.  Data and editor settings
# (export lists, .clang-format, .editorconfig, .gitignore) and the prose
# files (README.md, NEWS), the fuzzers' inputs (test/fuzz/corpus,
# test/fuzz/regress), the README's figure (bench/speed.png, an image
# bench/readme.sh copies from a make bench run) and the Debian files whose
# format has no comments (debian/changelog, debian/source/format;
# debian/copyright states the licence itself) are exempt.
# Exit status: 0 pass, 1 fail, 77 skip (not a git checkout: a release
# tarball was checked before it was made).
: "${top_srcdir:=.}"
cd "$top_srcdir" || exit 99
if ! git rev-parse --is-inside-work-tree >/dev/null 2>&1; then
    echo "SKIP: not a git checkout"
    exit 77
fi
grep -q '^BSD 3-Clause License$' COPYING 2>/dev/null || { echo "FAIL: COPYING is not the BSD 3-Clause licence"; exit 1; }
bad=0
n=0
for f in $(git ls-files); do
    case $f in
    *.sym | .clang-format | .editorconfig | .gitignore | README.md | NEWS | COPYING) continue ;;
    test/fuzz/corpus/* | test/fuzz/regress/* | bench/speed.png) continue ;;
    debian/changelog | debian/copyright | debian/source/format) continue ;;
    esac
    n=$((n + 1))
    if ! head -n 3 "$f" | grep -q 'SPDX-License-Identifier: BSD-3-Clause'; then
        echo "FAIL: $f has no SPDX-License-Identifier line"
        bad=$((bad + 1))
    fi
done
echo "check-spdx: $n files, $bad without an SPDX line"
test "$bad" -eq 0

#!/bin/sh
# SPDX-License-Identifier: BSD-3-Clause
# check-jar.sh - typeshim.jar's manifest names the package version (and
# the mpiJava 1.2 specification), and the Maven POM made beside it,
# typeshim-VERSION.pom, is org.typeshim:typeshim:VERSION, packaging jar,
# licence BSD-3-Clause, well-formed XML; make installs both in
# $(datadir)/java (into a DESTDIR here).
#
# Exit status: 0 pass, 1 fail, 77 skip (Java not configured, or no unzip),
# 99 setup error.
# Environment (make check): top_builddir, TS_JAVA, TS_DATADIR, MAKE.

: "${top_builddir:=.}"
: "${MAKE:=make}"

if [ "${TS_JAVA-}" != yes ]; then
    echo "SKIP: the Java binding was not configured (no JDK found, or --without-java)"
    exit 77
fi
command -v unzip >/dev/null 2>&1 || { echo "SKIP: no unzip"; exit 77; }
vh=$top_builddir/include/typeshim_version.h
version=$(sed -n 's/^#define TYPESHIM_VERSION *"\(.*\)"$/\1/p' "$vh")
jar=$top_builddir/bindings/java/typeshim.jar
pom=$top_builddir/bindings/java/typeshim-$version.pom
for f in "$jar" "$pom"; do
    [ -n "$version" ] && [ -f "$f" ] || { echo "ERROR: $f is missing (not built?)"; exit 99; }
done
tmp=${TMPDIR:-/tmp}/check-jar.$$
trap 'rm -rf "$tmp"' EXIT INT TERM
mkdir -p "$tmp" || exit 99
fail=0
no() { echo "FAIL: $*"; fail=1; }

# the manifest, its CR LF line ends made plain
unzip -p "$jar" META-INF/MANIFEST.MF | tr -d '\r' >"$tmp/manifest"
echo "--- META-INF/MANIFEST.MF:"
cat "$tmp/manifest"
for line in "Implementation-Title: typeshim" "Implementation-Version: $version" \
    "Implementation-Vendor: typeshim" "Specification-Title: mpiJava" \
    "Specification-Version: 1.2" "Automatic-Module-Name: org.typeshim"; do
    grep -qx "$line" "$tmp/manifest" || no "the manifest has no line '$line'"
done

# the POM's coordinates
echo "--- $pom:"
cat "$pom"
pomval() { # the text of /project/NAME[/NAME...], namespaces ignored
    xp=
    for n in project "$@"; do xp="$xp/*[local-name()='$n']"; done
    xmllint --xpath "string($xp)" "$pom"
}
if command -v xmllint >/dev/null 2>&1; then
    xmllint --noout "$pom" || no "the POM is not well-formed XML"
    [ "$(pomval groupId)" = org.typeshim ] || no "groupId is '$(pomval groupId)'"
    [ "$(pomval artifactId)" = typeshim ] || no "artifactId is '$(pomval artifactId)'"
    [ "$(pomval version)" = "$version" ] || no "version is '$(pomval version)', not $version"
    [ "$(pomval packaging)" = jar ] || no "packaging is '$(pomval packaging)'"
    [ "$(pomval licenses license name)" = BSD-3-Clause ] || no "the licence is not BSD-3-Clause"
    [ -n "$(pomval description)" ] || no "the POM has no description"
else
    grep -q "<version>$version</version>" "$pom" || no "the POM does not name version $version"
    grep -q '<groupId>org.typeshim</groupId>' "$pom" || no "the POM's groupId is not org.typeshim"
fi

# installed side by side
(cd "$top_builddir" && $MAKE -s install-tsjarDATA DESTDIR="$tmp/dest") >"$tmp/install.log" 2>&1 ||
    { cat "$tmp/install.log"; no "make install-tsjarDATA failed"; }
for f in typeshim.jar "typeshim-$version.pom"; do
    [ -f "$tmp/dest${TS_DATADIR-}/java/$f" ] || no "$f is not installed in \$(datadir)/java"
done
[ "$fail" = 0 ] && echo "PASS: typeshim.jar says $version; typeshim-$version.pom beside it"
exit $fail

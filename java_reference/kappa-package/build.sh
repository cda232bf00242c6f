#!/usr/bin/env bash
# Builds the WEKA package wekaevalKappa: compiles src/main/java (javac --release 11) against the weka.jar that
# python-weka-wrapper3 ships (found as java_reference/build.sh finds it), jars the classes, and writes
# OUTDIR/wekaevalKappa.zip holding Description.props, PluginManager.props, wekaevalKappa.jar and src/.
# Usage: build.sh OUTDIR.  Works from any directory.  Exit status 2 when OUTDIR is not given or when javac,
# jar or weka.jar is missing.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=../find-weka-jar.sh
. "$here/../find-weka-jar.sh"

fail() {
    echo "java_reference/kappa-package/build.sh: error: $1" >&2
    exit 2
}

if [ $# -ne 1 ] || [ -z "$1" ]; then
    fail "usage: build.sh OUTDIR (the directory to write wekaevalKappa.zip into)"
fi
for tool in javac jar; do
    if ! command -v "$tool" >/dev/null 2>&1; then
        fail "$tool not found: install a JDK >= 11 (Debian: apt-get install default-jdk-headless)"
    fi
done
if ! find_weka_jar; then
    fail "$WEKA_JAR_PROBLEM"
fi

mkdir -p "$1"
outdir=$(cd "$1" && pwd)
staging=$(mktemp -d "${TMPDIR:-/tmp}/wekaevalKappa.XXXXXX")
trap 'rm -rf "$staging"' EXIT

mkdir -p "$staging/classes" "$staging/package"
mapfile -t sources < <(find "$here/src" -name '*.java' | sort)
javac --release 11 -encoding UTF-8 -Xlint:all -Xlint:-options -Werror -cp "$WEKA_JAR_FOUND" -d "$staging/classes" \
    "${sources[@]}"
jar --create --file "$staging/package/wekaevalKappa.jar" -C "$staging/classes" .
cp "$here/Description.props" "$here/PluginManager.props" "$staging/package/"
cp -R "$here/src" "$staging/package/src"
# Description.props first: WEKA's package manager reads the first entry whose name ends with it.
jar --create --no-manifest --file "$staging/wekaevalKappa.zip" -C "$staging/package" Description.props \
    -C "$staging/package" PluginManager.props -C "$staging/package" wekaevalKappa.jar -C "$staging/package" src
mv -f "$staging/wekaevalKappa.zip" "$outdir/wekaevalKappa.zip"
echo "java_reference/kappa-package: built $outdir/wekaevalKappa.zip" >&2

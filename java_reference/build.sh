#!/usr/bin/env bash
# Compiles src/*.java (WekaReference and its --bench-predictions mode) into java_reference/classes/ against
# WEKA's weka.jar (javac --release 11).  Rebuilds only when a source is newer than WekaReference's class file.
# Works from any directory.  Exit status 2 when javac or weka.jar is missing.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=find-weka-jar.sh
. "$here/find-weka-jar.sh"

class_file=$here/classes/WekaReference.class

if ! command -v javac >/dev/null 2>&1; then
    echo "java_reference/build.sh: error: javac not found: install a JDK >= 11 (Debian: apt-get install default-jdk-headless)" >&2
    exit 2
fi
if ! find_weka_jar; then
    echo "java_reference/build.sh: error: $WEKA_JAR_PROBLEM" >&2
    exit 2
fi
stale=no
for source_file in "$here"/src/*.java; do
    if [ ! -f "$class_file" ] || [ "$source_file" -nt "$class_file" ]; then
        stale=yes
    fi
done
if [ "$stale" = no ]; then
    exit 0
fi
# Compile aside, then rename each class file into place: a run.sh started meanwhile sees old or new classes.
mkdir -p "$here/classes"
staging=$(mktemp -d "$here/classes/.build.XXXXXX")
trap 'rm -rf "$staging"' EXIT
javac --release 11 -encoding UTF-8 -Xlint:all -Xlint:-options -cp "$WEKA_JAR_FOUND" -d "$staging" "$here"/src/*.java
for compiled in "$staging"/*.class; do
    mv -f "$compiled" "$here/classes/"
done
echo "java_reference: built $class_file" >&2

#!/usr/bin/env bash
# Runs WekaReference (building it first if needed): WEKA's kappa and confusion matrix as one JSON object.
# See java_reference/README.md, or run.sh --help.  Works from any directory.
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
# shellcheck source=find-weka-jar.sh
. "$here/find-weka-jar.sh"

for source_file in "$here"/src/*.java; do
    if [ ! -f "$here/classes/WekaReference.class" ] || [ "$source_file" -nt "$here/classes/WekaReference.class" ]; then
        "$here/build.sh" 2>/dev/null >&2 || "$here/build.sh"  # quiet; on failure run again to show why
        break
    fi
done
if ! find_weka_jar; then
    echo "java_reference: error: $WEKA_JAR_PROBLEM" >&2
    exit 2
fi
if ! command -v java >/dev/null 2>&1; then
    echo "java_reference: error: java not found: install a JDK >= 11 (Debian: apt-get install default-jdk-headless)" >&2
    exit 2
fi
exec java --add-opens java.base/java.lang=ALL-UNNAMED -Djava.awt.headless=true \
    -Dweka.packageManager.loadPackages=false \
    -cp "$here/classes:$WEKA_CLASSPATH" WekaReference "$@"

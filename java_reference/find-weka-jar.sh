# Sourced by build.sh and run.sh.  find_weka_jar sets WEKA_JAR_FOUND to WEKA's weka.jar and WEKA_CLASSPATH to
# it plus the jars beside it (WEKA's distribution and python-weka-wrapper3 ship mtj.jar, arpack_combined.jar
# and core.jar there, which e.g. LinearRegression needs), or returns 1 with a message in WEKA_JAR_PROBLEM.
# Looks at $WEKA_JAR, then the python-weka-wrapper3 of the python3 on PATH, then the project's .venv.
# No downloads.

java_reference_dir=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
project_dir=$(dirname "$java_reference_dir")

jar_of_python() {  # the weka.jar that python-weka-wrapper3 ships, for the Python interpreter $1
    "$1" -c 'import weka, os; print(os.path.join(os.path.dirname(weka.__file__), "lib", "weka.jar"))' 2>/dev/null
}

weka_classpath() {  # WEKA_JAR_FOUND, then its sibling jars (not sources, not python-weka-wrapper's own)
    local jar
    WEKA_CLASSPATH=$WEKA_JAR_FOUND
    for jar in "$(dirname "$WEKA_JAR_FOUND")"/*.jar; do
        case "$(basename "$jar")" in
            "$(basename "$WEKA_JAR_FOUND")" | *src* | python-weka-wrapper*) ;;
            *) if [ -f "$jar" ]; then WEKA_CLASSPATH=$WEKA_CLASSPATH:$jar; fi ;;
        esac
    done
}

find_weka_jar() {
    WEKA_JAR_FOUND=
    WEKA_CLASSPATH=
    WEKA_JAR_PROBLEM=
    if [ -n "${WEKA_JAR:-}" ]; then
        if [ -f "$WEKA_JAR" ]; then
            WEKA_JAR_FOUND=$WEKA_JAR
            weka_classpath
            return 0
        fi
        WEKA_JAR_PROBLEM="WEKA_JAR=$WEKA_JAR is not a file"
        return 1
    fi
    local python candidate
    for python in "$(command -v python3 2>/dev/null)" "$project_dir/.venv/bin/python"; do
        [ -n "$python" ] && [ -x "$python" ] || continue
        candidate=$(jar_of_python "$python") || continue
        if [ -n "$candidate" ] && [ -f "$candidate" ]; then
            WEKA_JAR_FOUND=$candidate
            weka_classpath
            return 0
        fi
    done
    WEKA_JAR_PROBLEM="weka.jar not found: set WEKA_JAR, or install python-weka-wrapper3 (\`make test\` creates .venv with it)"
    return 1
}

#!/bin/sh
# Fail, naming each one, when a load-bearing part of the serving image is missing.
# POSIX sh (runs under busybox).  Usage: check-load-bearing.sh [LIST]
# LIST defaults to load_bearing.txt next to this script; its header documents the format.
# `label` entries are skipped: labels are not visible from inside a container (build checks them).
set -u
list=${1:-${0%/*}/load_bearing.txt}
if [ ! -r "$list" ]; then
    echo "check-load-bearing: cannot read the list $list" >&2
    exit 2
fi

missing=0
checked=0
miss() {
    echo "MISSING $1 $2${3:+ $3}: $4"
    missing=$((missing + 1))
}

has_conf_line() {
    for f in "$1"/*; do
        [ -f "$f" ] && grep -qF -- "$2" "$f" && return 0
    done
    return 1
}

has_pkg() {
    for f in /var/lib/dpkg/info/"$1".list /var/lib/dpkg/info/"$1":*.list; do
        [ -s "$f" ] && return 0
    done
    return 1
}

while read -r kind target arg rest; do
    case "$kind" in
        ''|'#'*) continue ;;
    esac
    checked=$((checked + 1))
    case "$kind" in
        cmd)   command -v "$target" >/dev/null 2>&1 || miss cmd "$target" "" "not on PATH ($PATH)" ;;
        exec)  [ -f "$target" ] && [ -x "$target" ] || miss exec "$target" "" "no executable file there" ;;
        link)  if [ ! -L "$target" ]; then miss link "$target" "" "not a symbolic link"
               elif [ ! -e "$target" ]; then miss link "$target" "" "dangling link"; fi ;;
        file)  [ -e "$target" ] || miss file "$target" "" "does not exist" ;;
        pkg)   has_pkg "$target" || miss pkg "$target" "" "not installed (no dpkg file list)" ;;
        conf)  has_conf_line "$target" "$arg" || miss conf "$target" "$arg" "no file there has that line" ;;
        label) checked=$((checked - 1)) ;;
        *)     echo "check-load-bearing: $list: unknown kind '$kind'" >&2; exit 2 ;;
    esac
done < "$list"

if [ "$missing" -gt 0 ]; then
    echo "check-load-bearing: $missing of $checked load-bearing part(s) missing"
    exit 1
fi
echo "check-load-bearing: all $checked load-bearing parts present"

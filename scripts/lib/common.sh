# shellcheck shell=bash
#
# Shared helpers for layoutbench's scripts. Source it; don't run it:
#
#     source "$(dirname "${BASH_SOURCE[0]}")/lib/common.sh"
#
# Every helper is idempotent: on a machine that already has what it needs it
# does nothing and touches no network. Failures print what failed and what to
# do on stderr, and return non-zero (callers run with `set -euo pipefail`).

# The repository root (the folder holding Package.swift).
LB_REPO_ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
export LB_REPO_ROOT

# The tools venv made by lb_ensure_venv, and the pinned requirements it installs.
LB_VENV_DIR="${LB_VENV_DIR:-$LB_REPO_ROOT/.venv-tools}"
LB_TOOLS_REQUIREMENTS="$LB_REPO_ROOT/scripts/requirements-tools.txt"

# The flags every `swift build` and `swift test` of the scripts pass: in CI (CI=true), or with
# LAYOUTBENCH_WARNINGS_AS_ERRORS=1, `-Xswiftc -warnings-as-errors`, so that a warning in our own
# targets fails the build (docs/ci.md, "Warnings are errors in CI"). SwiftPM compiles the
# packages we depend on with -suppress-warnings and leaves this flag out for them, so their
# warnings cannot fail our build. The same flags in every script keep one build folder's
# products valid from one script to the next (a changed flag rebuilds every module).
LB_SWIFT_FLAGS=()
if [[ "${CI:-}" == true || "${LAYOUTBENCH_WARNINGS_AS_ERRORS:-0}" == 1 ]]; then
    LB_SWIFT_FLAGS=(-Xswiftc -warnings-as-errors)
fi

# The test build of `scripts/test` (without a sanitizer): the release configuration, so that
# each module is optimized whole (-wmo), with everything a debug build checks compiled in:
# -enable-testing for @testable imports, DEBUG, the solver's CASSOWARY_INTERNAL_CHECKS (which
# Package.swift defines for debug builds only) and the trait SolverChecks, the engine's checker
# (a solver-checks test fails when LAYOUTBENCH_SOLVER_CHECKS is set and the checker is missing),
# and assertions (-assert-config Debug; -O alone would drop `assert`). -Xswiftc reaches the
# packages we depend on too, as a debug build's DEBUG does. Against the debug configuration
# optimized file by file (-O), the tests with the audit beside them take about 0.9 of the time,
# and the build as long (docs/ci.md, "How long scripts/test takes"). Other flags than the other
# scripts' builds, so a folder of its own: a build with other flags recompiles every module.
LB_TEST_SWIFT_FLAGS=(
    -c release -Xswiftc -enable-testing -Xswiftc -assert-config -Xswiftc Debug
    -Xswiftc -DDEBUG -Xswiftc -DCASSOWARY_INTERNAL_CHECKS --traits SolverChecks
)
LB_TEST_SCRATCH_PATH=".build-test"

# lb_is_tty: succeeds when stdout is a terminal (chatty output is for people only).
lb_is_tty() { [[ -t 1 ]]; }

# lb_step TITLE: prints a step header with the seconds since the script started (bash's
# SECONDS), so that a CI log shows where the time went.
lb_step() { printf '==> [%d s] %s\n' "$SECONDS" "$*"; }

# lb_given_binary: succeeds when LAYOUTBENCH_BINARY names an already built layoutbench (the
# scripts that take it, directly or through lb_release_binary, then build nothing), fails when
# it is unset, and exits naming it when it is set but not an executable. Call it in the
# script's own shell, not in $(...), so that the exit ends the script.
lb_given_binary() {
    [[ -n "${LAYOUTBENCH_BINARY:-}" ]] || return 1
    [[ -x "$LAYOUTBENCH_BINARY" ]] || lb_die "LAYOUTBENCH_BINARY is '$LAYOUTBENCH_BINARY', which is not an executable."
}

# lb_release_binary: sets LB_BINARY to a release build of layoutbench: LAYOUTBENCH_BINARY when it
# is set (through lb_given_binary), otherwise the product built now with LB_SWIFT_FLAGS, in
# LAYOUTBENCH_SCRATCH_PATH when that is set (.build otherwise). scripts/layoutbench, ci-gate,
# oracle-soak and .ci/run build it here, with the same flags in the same folder, so that one
# build serves them all (a changed flag rebuilds every module); scripts/compare-kiwi keeps a
# folder of its own, .build-release. The build's messages go to stderr: on a
# terminal all of them, elsewhere only the last lines of a failed build. Call it in the script's
# own shell, not in $(...), so that a failure ends the script.
lb_release_binary() {
    if lb_given_binary; then
        LB_BINARY="$LAYOUTBENCH_BINARY"
        return
    fi
    local options=(--package-path "$LB_REPO_ROOT" -c release "${LB_SWIFT_FLAGS[@]}")
    if [[ -n "${LAYOUTBENCH_SCRATCH_PATH:-}" ]]; then
        options+=(--scratch-path "$LAYOUTBENCH_SCRATCH_PATH")
    fi
    if lb_is_tty; then
        lb_step "Building layoutbench (swift build -c release --product layoutbench)" >&2
    fi
    lb_run_quiet swift build "${options[@]}" --product layoutbench >&2 ||
        lb_die "The release build failed (its messages are above)." \
            "Run 'swift build -c release --product layoutbench' to see all of them."
    LB_BINARY="$(swift build "${options[@]}" --show-bin-path)/layoutbench"
}

# lb_die MESSAGE...: prints an error to stderr and exits 1.
lb_die() {
    printf 'error: %s\n' "$1" >&2
    shift
    local line
    for line in "$@"; do printf '       %s\n' "$line" >&2; done
    exit 1
}

# lb_run_quiet COMMAND...: runs a command; when stdout is not a terminal its
# output is kept in a log and shown only if the command fails.
lb_run_quiet() {
    if lb_is_tty; then
        "$@"
        return
    fi
    local log status=0
    log="$(mktemp "${TMPDIR:-/tmp}/layoutbench.XXXXXX.log")"
    "$@" >"$log" 2>&1 || status=$?
    if ((status != 0)); then
        tail -n 40 "$log" >&2
    fi
    rm -f "$log"
    return "$status"
}

# lb_ensure_apt_packages PACKAGE...: installs the Debian packages that are missing.
#
# Checks each with `dpkg -s` first; runs `apt-get update` (once per shell) and
# `apt-get install -y --no-install-recommends` only for the missing ones.
lb_ensure_apt_packages() {
    local missing=() pkg
    for pkg in "$@"; do
        if ! dpkg -s "$pkg" 2>/dev/null | grep -q '^Status: install ok installed'; then
            missing+=("$pkg")
        fi
    done
    ((${#missing[@]} == 0)) && return 0

    command -v apt-get >/dev/null 2>&1 ||
        lb_die "Debian packages missing: ${missing[*]}; apt-get is not available." \
            "Install them with your system's package manager and run again."
    local sudo=()
    if ((EUID != 0)); then
        command -v sudo >/dev/null 2>&1 ||
            lb_die "Debian packages missing: ${missing[*]}; installing them needs root." \
                "Run as root, or: apt-get install ${missing[*]}"
        sudo=(sudo)
    fi

    lb_step "Installing Debian packages: ${missing[*]}"
    if [[ -z "${LB_APT_UPDATED:-}" ]]; then
        lb_run_quiet "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive apt-get update ||
            lb_die "'apt-get update' failed (needed to install: ${missing[*]})." \
                "Check the network access to Debian's mirrors, then run again."
        LB_APT_UPDATED=1
    fi
    lb_run_quiet "${sudo[@]}" env DEBIAN_FRONTEND=noninteractive \
        apt-get install -y --no-install-recommends "${missing[@]}" ||
        lb_die "'apt-get install ${missing[*]}' failed." \
            "Run it by hand to see the full error."
}

# lb_ensure_system_libraries: makes the C libraries the package links available, with their
# headers and pkg-config files: jemalloc (CJemalloc, allocation counts), HarfBuzz and FreeType
# (CHarfBuzz, text shaping), and the Inter font that LayoutText measures text in (fonts-inter;
# docs/text.md).
lb_ensure_system_libraries() {
    lb_ensure_apt_packages libjemalloc-dev pkg-config libharfbuzz-dev libfreetype-dev fonts-inter
    local module package
    for module in jemalloc:libjemalloc-dev harfbuzz:libharfbuzz-dev freetype2:libfreetype-dev; do
        package="${module#*:}"
        module="${module%%:*}"
        pkg-config --exists "$module" ||
            lb_die "pkg-config cannot find '$module' although $package is installed." \
                "Check 'pkg-config --modversion $module' and PKG_CONFIG_PATH."
    done
    [[ -r /usr/share/fonts/opentype/inter/Inter-Regular.otf || -r /usr/share/fonts/truetype/inter/Inter-Regular.ttf ]] ||
        lb_die "Inter's font files are not where fonts-inter installs them (dpkg -L fonts-inter lists them)." \
            "LayoutText searches FontFiles.defaultDirectories (Sources/LayoutText/FontFiles.swift)."
}

# lb_ensure_venv: makes the tools venv and installs the pinned tool requirements.
#
# Creates $LB_VENV_DIR with `python3 -m venv` when missing; reinstalls the
# requirements only when scripts/requirements-tools.txt differs from the copy
# stamped inside the venv at the last successful install. Prints the venv's
# python path on stdout (everything else goes to stderr).
lb_ensure_venv() {
    local python="$LB_VENV_DIR/bin/python"
    local stamp="$LB_VENV_DIR/.layoutbench-requirements"

    [[ -f "$LB_TOOLS_REQUIREMENTS" ]] ||
        lb_die "Missing $LB_TOOLS_REQUIREMENTS (the pinned Python tool requirements)."

    if [[ ! -x "$python" ]]; then
        # Debian's python3 makes venvs only with python3-venv (ensurepip); install both when
        # python3 is missing or cannot make one.
        if ! command -v python3 >/dev/null 2>&1 || ! python3 -c 'import ensurepip, venv' >/dev/null 2>&1; then
            lb_ensure_apt_packages python3 python3-venv >&2
        fi
        command -v python3 >/dev/null 2>&1 ||
            lb_die "python3 is not installed; it is needed for the tools venv." \
                "Install Python 3.11 or later (Debian: apt-get install python3 python3-venv)."
        lb_step "Creating the Python tools venv at ${LB_VENV_DIR#"$LB_REPO_ROOT"/}" >&2
        if ! lb_run_quiet python3 -m venv "$LB_VENV_DIR" >&2; then
            rm -rf "$LB_VENV_DIR"
            lb_die "'python3 -m venv $LB_VENV_DIR' failed." \
                "On Debian's own python3, install python3-venv (apt-get install python3-venv)."
        fi
    fi

    if ! cmp -s "$LB_TOOLS_REQUIREMENTS" "$stamp"; then
        lb_step "Installing Python tool requirements (scripts/requirements-tools.txt)" >&2
        rm -f "$stamp"
        lb_run_quiet "$python" -m pip install --disable-pip-version-check --no-input \
            -r "$LB_TOOLS_REQUIREMENTS" >&2 ||
            lb_die "'pip install -r scripts/requirements-tools.txt' failed in $LB_VENV_DIR." \
                "Check PyPI access; to start over, delete $LB_VENV_DIR and run again."
        cp "$LB_TOOLS_REQUIREMENTS" "$stamp"
    fi
    printf '%s\n' "$python"
}

# Shared set-up for the scripts: install what is missing, or say in one sentence what to install.
# Sourced, not run.

tb_root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"

tb_as_root() {
    if [ "$(id -u)" = 0 ]; then "$@"
    elif command -v sudo >/dev/null 2>&1 && sudo -n true 2>/dev/null; then sudo "$@"
    else return 1
    fi
}

# tb_apt_install PACKAGE...: installs Debian packages when missing (quietly).
tb_apt_install() {
    local missing=()
    for package in "$@"; do
        dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
    done
    [ ${#missing[@]} -eq 0 ] && return 0
    command -v apt-get >/dev/null 2>&1 || return 1
    echo "installing ${missing[*]} ..." >&2
    tb_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1 && return 0
    tb_as_root env DEBIAN_FRONTEND=noninteractive apt-get update -qq >/dev/null 2>&1 || true
    tb_as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${missing[@]}" >/dev/null 2>&1
}

# tb_find_chromium: prints the headless Chromium to use, installing chromium-headless-shell
# through apt when none is found; fails when there is none. The one place the scripts find it,
# in the order `touchbench replay --page` does (PageReplay's BrowserLocator):
# $TOUCHBENCH_CHROMIUM, then these names on PATH, then Debian's places outside PATH.
tb_find_chromium() {
    _tb_chromium_lookup() {
        if [ -n "${TOUCHBENCH_CHROMIUM:-}" ] && [ -x "$TOUCHBENCH_CHROMIUM" ]; then echo "$TOUCHBENCH_CHROMIUM"; return 0; fi
        for candidate in chromium-headless-shell chromium chromium-browser google-chrome; do
            if command -v "$candidate" >/dev/null 2>&1; then command -v "$candidate"; return 0; fi
        done
        for candidate in /usr/lib/chromium/chromium-headless-shell /usr/lib/chromium/chromium; do
            if [ -x "$candidate" ]; then echo "$candidate"; return 0; fi
        done
        return 1
    }
    _tb_chromium_lookup && return 0
    tb_apt_install chromium-headless-shell >/dev/null 2>&1 || tb_apt_install chromium >/dev/null 2>&1 || true
    _tb_chromium_lookup
}

tb_require_swift() {
    command -v swift >/dev/null 2>&1 && return 0
    [ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH" && return 0
    echo "error: Swift 6 is required; install it from https://swift.org/install and put 'swift' on PATH." >&2
    exit 1
}

tb_require_zstd() {
    if pkg-config --exists libzstd 2>/dev/null; then return 0; fi
    case "$(uname -s)" in
        Darwin)
            if command -v brew >/dev/null 2>&1; then brew list zstd >/dev/null 2>&1 || brew install zstd; return 0; fi
            echo "error: libzstd is required; install Homebrew and run 'brew install zstd'." >&2; exit 1 ;;
        *)
            tb_apt_install libzstd-dev pkg-config && pkg-config --exists libzstd && return 0
            echo "error: libzstd is required; install your system's libzstd development package (Debian: sudo apt-get install libzstd-dev pkg-config)." >&2
            exit 1 ;;
    esac
}

# tb_release_touchbench: prints the path of a release build of touchbench, building it when
# needed: $TB_RELEASE_TOUCHBENCH when scripts/test has set it (the one it built beside the
# benchmarks), else the root package's.
tb_release_touchbench() {
    if [ -n "${TB_RELEASE_TOUCHBENCH:-}" ] && [ -x "$TB_RELEASE_TOUCHBENCH" ]; then echo "$TB_RELEASE_TOUCHBENCH"; return 0; fi
    swift build -c release --product touchbench >/dev/null || return 1
    echo "$(swift build -c release --show-bin-path)/touchbench"
}

tb_setup() {
    tb_require_swift
    tb_require_zstd
    cd "$tb_root"
}

# Shared by ./run and ./test: installs what is missing, then builds the engine (native + WASM) and
# the static site. Sourced, not run; a second call reuses everything already built.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."

say() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

chromium_path() {
  if [ -n "${CHROMIUM_PATH:-}" ]; then echo "$CHROMIUM_PATH"; else echo /usr/bin/chromium; fi
}

install_missing_packages() {
  local missing=()
  command -v cmake >/dev/null || missing+=(cmake)
  command -v g++ >/dev/null || missing+=(g++)
  command -v make >/dev/null || missing+=(make)
  command -v em++ >/dev/null || missing+=(emscripten)
  [ -f /usr/include/doctest/doctest.h ] || missing+=(doctest-dev)
  [ -f /usr/include/nlohmann/json.hpp ] || missing+=(nlohmann-json3-dev)
  # The sanitize and fuzz layers of ./test: clang with ASan/UBSan and libFuzzer (docs/fuzzing.md).
  command -v clang++ >/dev/null || missing+=(clang)
  compgen -G '/usr/lib/llvm-*/lib/clang/*/lib/linux/libclang_rt.fuzzer-x86_64.a' >/dev/null ||
    missing+=(libclang-rt-dev)
  # polytwist serve: libmicrohttpd, and librsvg + cairo for PNG pictures (docs/server.md).
  command -v pkg-config >/dev/null || missing+=(pkg-config)
  [ -f /usr/include/microhttpd.h ] || missing+=(libmicrohttpd-dev)
  # The server layer's deployment test: Debian's nginx in front (assets/deploy/).
  [ -x /usr/sbin/nginx ] || missing+=(nginx)
  [ -f /usr/include/librsvg-2.0/librsvg/rsvg.h ] || missing+=(librsvg2-dev)
  [ -f /usr/include/cairo/cairo.h ] || missing+=(libcairo2-dev)
  # The survey layer of ./test: a single-node Slurm cluster and GNU parallel (docs/survey.md).
  command -v slurmctld >/dev/null || missing+=(slurm-wlm)
  command -v munged >/dev/null || missing+=(munge)
  command -v parallel >/dev/null || missing+=(parallel)
  # The wiki layer of ./test: a throw-away MediaWiki on PHP's built-in server with SQLite.
  [ -d /usr/share/mediawiki ] || missing+=(mediawiki)
  command -v php >/dev/null || missing+=(php-cli)
  grep -q pdo_sqlite <<<"$(php -m 2>/dev/null)" || missing+=(php-sqlite3)
  [ -x "$(chromium_path)" ] || missing+=(chromium)
  command -v node >/dev/null || missing+=(nodejs)
  command -v npm >/dev/null || missing+=(npm)
  [ ${#missing[@]} -eq 0 ] && return
  say "installing ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || { echo "need root (or sudo) to apt-get install ${missing[*]}" >&2; exit 1; }
    sudo=(sudo)
  fi
  "${sudo[@]}" apt-get update -q
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -q "${missing[@]}"
}

install_node_modules() {
  # npm ci only when the lock file changed since the last install.
  if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
    say "npm ci"
    npm ci --no-audit --no-fund
  fi
}

build_engine() {
  export NODE_PATH=/usr/share/nodejs  # Debian's emscripten tools need it
  say "building engine (native + WebAssembly)"
  [ -f build/CMakeCache.txt ] || cmake -S . -B build -DCMAKE_BUILD_TYPE=Release >/dev/null
  cmake --build build -j "$(nproc)"
}

build_site() {
  say "building the static site"
  npm run --silent build:web
}

install_missing_packages
# npm ci mostly waits on the registry: it runs while the engine compiles, which needs none of it.
install_node_modules &
node_modules_job=$!
build_engine
wait "$node_modules_job" || { echo "npm ci failed" >&2; exit 1; }
build_site

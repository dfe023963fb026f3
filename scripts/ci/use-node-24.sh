# Sourced by .ci/run (and usable by hand: `. scripts/ci/use-node-24.sh`): puts Node 24, the runtime
# production uses (Dockerfile, .nvmrc), first on PATH when the machine's node is older. The binary comes
# from the npm registry's `node-linux-<arch>` package (what the `node` package installs, without its
# install script), kept in a cache folder so a second run reuses it. Its headers (include/node) are what
# node-gyp builds native modules against (better-sqlite3), so npm_config_nodedir points there.
medallion_node_major=24
medallion_current_major="$(node -p 'process.versions.node.split(".")[0]' 2>/dev/null || echo 0)"
if [ "${medallion_current_major}" -lt "${medallion_node_major}" ]; then
  case "$(uname -m)" in
    x86_64) medallion_arch=x64 ;;
    aarch64 | arm64) medallion_arch=arm64 ;;
    *) medallion_arch="$(uname -m)" ;;
  esac
  medallion_node_pkg="node-linux-${medallion_arch}"
  medallion_node_dir="${MEDALLION_NODE_DIR:-${XDG_CACHE_HOME:-${HOME}/.cache}/medallion/node-${medallion_node_major}}"
  if [ ! -x "${medallion_node_dir}/node_modules/${medallion_node_pkg}/bin/node" ]; then
    echo "node: the machine has Node ${medallion_current_major}; installing Node ${medallion_node_major} (npm package ${medallion_node_pkg}@${medallion_node_major}) into ${medallion_node_dir}"
    mkdir -p "${medallion_node_dir}"
    npm install --prefix "${medallion_node_dir}" --no-fund --no-audit --no-package-lock "${medallion_node_pkg}@${medallion_node_major}" >/dev/null
  fi
  export PATH="${medallion_node_dir}/node_modules/${medallion_node_pkg}/bin:${PATH}"
  export npm_config_nodedir="${medallion_node_dir}/node_modules/${medallion_node_pkg}"
fi
echo "node: $(node -v) ($(command -v node)), npm $(npm -v)"

#!/usr/bin/env bash
# Installs what the VS Code end-to-end test (tests/vscode/e2e.test.mjs) needs:
#   - Debian's Chromium (driven headless by playwright-core), libkrb5-dev (the
#     kerberos module of code-server compiles from source), ripgrep;
#   - code-server 4.100.3 (VS Code 1.100.3) in a cache folder outside the repo.
# playwright-core and @vscode/vsce are devDependencies: `npm ci` installs them.
#
# Idempotent: each step is skipped when its result is already there, so a second
# run takes about a second. The cache folder is $PALLAS_VSCODE_CACHE, by default
# ~/.cache/pallas-lsp-vscode; the e2e test looks there too.
#
# Why 4.100.3: code-server >= 4.103 refuses Node 20 ("requires node v24").
# Why the ripgrep pre-seed: code-server's postinstall (@vscode/ripgrep) downloads
# rg from GitHub, which is not reachable here; it first looks in its cache
# folder under $TMPDIR, so Debian's rg is packed there under the name it expects.
set -euo pipefail

CODE_SERVER_VERSION=4.100.3
RIPGREP_CACHE=vscode-ripgrep-cache-1.15.11
RIPGREP_ARCHIVE=ripgrep-v13.0.0-10-x86_64-unknown-linux-musl.tar.gz
CACHE=${PALLAS_VSCODE_CACHE:-$HOME/.cache/pallas-lsp-vscode}

apt_packages=()
[ -x /usr/bin/chromium ] || apt_packages+=(chromium)
[ -x /usr/bin/rg ] || apt_packages+=(ripgrep)
dpkg -s libkrb5-dev >/dev/null 2>&1 || apt_packages+=(libkrb5-dev)
if [ ${#apt_packages[@]} -gt 0 ]; then
  echo "setup-vscode: apt-get install ${apt_packages[*]}"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "${apt_packages[@]}" >/dev/null
fi

code_server="$CACHE/node_modules/code-server/out/node/entry.js"
installed_version=$(node -p "require('$CACHE/node_modules/code-server/package.json').version" 2>/dev/null || true)
if [ -f "$code_server" ] && [ "$installed_version" = "$CODE_SERVER_VERSION" ] \
   && [ -d "$CACHE/node_modules/code-server/lib/vscode/node_modules" ]; then
  echo "setup-vscode: code-server $CODE_SERVER_VERSION present in $CACHE"
  exit 0
fi

echo "setup-vscode: installing code-server $CODE_SERVER_VERSION into $CACHE (about 2 minutes)"
mkdir -p "$CACHE"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
mkdir -p "$tmp/$RIPGREP_CACHE" "$tmp/rgpkg"
cp /usr/bin/rg "$tmp/rgpkg/rg"
tar czf "$tmp/$RIPGREP_CACHE/$RIPGREP_ARCHIVE" -C "$tmp/rgpkg" rg
[ -f "$CACHE/package.json" ] || echo '{"name": "pallas-lsp-vscode-tools", "private": true}' > "$CACHE/package.json"
# npm_config_yes: node-pty's postinstall runs npx. argon2 and kerberos try
# GitHub prebuilds first, fail, and compile from source: that noise is harmless.
(cd "$CACHE" && TMPDIR=$tmp npm_config_yes=true npm install --no-audit --no-fund \
  --unsafe-perm "code-server@$CODE_SERVER_VERSION" >"$tmp/npm.log" 2>&1) || {
  tail -40 "$tmp/npm.log" >&2
  echo "setup-vscode: npm install code-server failed" >&2
  exit 1
}
node -p "'setup-vscode: code-server ' + require('$CACHE/node_modules/code-server/package.json').version + ' installed'"

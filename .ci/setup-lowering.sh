#!/usr/bin/env bash
# What the lowering-check tests (tests/lowering) need beyond the Python venvs:
#   * the two JAX environments (.ci/jax-envs.sh): real lowering under 0.10.2 and 0.12.0.1;
#   * OpenSSH's server and client: remote mode is tested through a real sshd that
#     the test starts on 127.0.0.1 (a free port, generated keys, key-only login).
# Idempotent; needs root (or sudo) for apt.
set -euo pipefail
cd "$(dirname "$0")/.."

if ! command -v sshd >/dev/null 2>&1 && [ ! -x /usr/sbin/sshd ] || ! command -v ssh >/dev/null 2>&1; then
  SUDO=""
  [ "$(id -u)" -ne 0 ] && SUDO="sudo"
  $SUDO apt-get update -q
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -q --no-install-recommends \
    openssh-server openssh-client
fi
# sshd refuses to start without its privilege-separation directory.
if [ "$(id -u)" -eq 0 ]; then mkdir -p /run/sshd; else sudo mkdir -p /run/sshd || true; fi

.ci/jax-envs.sh

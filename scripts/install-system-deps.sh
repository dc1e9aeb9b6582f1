#!/usr/bin/env bash
# Installs the Debian/Ubuntu packages the full test run needs, when it can (root or sudo), and fails loudly
# naming what is missing when it cannot. Nothing is ever skipped for want of a package.
set -euo pipefail

# command-or-file to probe  →  package that provides it
declare -A PROBES=(
  [/usr/bin/chromium]=chromium
  [Xvfb]=xvfb
  [xauth]=xauth
  [dbus-run-session]=dbus
  [dbus-daemon]=dbus
  [gnome-keyring-daemon]=gnome-keyring
  [notify-send]=libnotify-bin
  [dunst]=dunst
  [/usr/include/libsecret-1/libsecret/secret.h]=libsecret-1-dev
  [pkg-config]=pkg-config
  [python3]=python3
  [make]=make
  [g++]=g++
  [git]=git
  [tmux]=tmux
  # Chinese screenshots are looked at: without a CJK font Chromium draws every character as a box.
  [/usr/share/fonts/truetype/wqy/wqy-microhei.ttc]=fonts-wqy-microhei
)

missing=()
for probe in "${!PROBES[@]}"; do
  if [[ "$probe" == /* ]]; then [[ -e "$probe" ]] && continue; else command -v "$probe" >/dev/null 2>&1 && continue; fi
  missing+=("${PROBES[$probe]}")
done
mapfile -t missing < <(printf '%s\n' "${missing[@]}" | sort -u | sed '/^$/d')

if ((${#missing[@]} == 0)); then
  echo "System packages: all present."
  exit 0
fi

echo "System packages missing: ${missing[*]}"
if [[ $(id -u) -eq 0 ]]; then as_root=(); elif command -v sudo >/dev/null 2>&1; then as_root=(sudo); else
  echo "error: cannot install ${missing[*]} (not root and no sudo). Install them with: apt-get install ${missing[*]}" >&2
  exit 1
fi
if ! command -v apt-get >/dev/null 2>&1; then
  echo "error: no apt-get on this machine; install the equivalents of: ${missing[*]}" >&2
  exit 1
fi
export DEBIAN_FRONTEND=noninteractive
"${as_root[@]}" apt-get update -qq
"${as_root[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
echo "System packages: installed ${missing[*]}."

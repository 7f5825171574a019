#!/usr/bin/env bash
# Installs what the test suite drives besides Bun, when it is missing, so that the
# README's test command works on a machine with only Node.js and npm:
#   - Deno, from npm: the same app is tested on Deno (shutdown, contract suite);
#   - Debian's Chromium: the browser tests (playwright-core downloads no browser);
#   - Debian's wrk: the benchmark's own test (tests/bench/turns.test.ts);
#   - Debian's tmux and curl: the terminal output, checked in a real terminal;
#   - Debian's openssh-client (ssh, sftp, ssh-keyscan, ssh-keygen) and netcat-openbsd
#     (nc): the SSH and finger doors, met by the clients visitors use (tests/doors/);
#   - Debian's Wget, HTTPie and python3-requests: compressed answers, decoded by the
#     clients people use (tests/http/real-clients.test.ts);
#   - Debian's zbar-tools (zbarimg): the vCard's QR code, decoded as a phone would;
#   - Debian's libxml2-utils (xmllint): the sitemap, validated against its XSD;
#   - Debian's python3-gi and Pango: a Waybar one-liner's text, parsed as Waybar's Pango
#     markup parser reads it;
#   - Debian's python3-feedparser: the Atom feed, read as feed readers read it;
#   - Debian's fonts-lohit-deva: a font for Devanagari, so that Chromium draws the test
#     owner whose name is in that script as a reader would see it, not as empty boxes;
#   - Debian's prometheus (promtool): the metrics' exposition, parsed and linted;
#     without its recommended node exporter, which is no part of the tests;
#   - Debian's faketime (libfaketime): the owner's commands run on a clock set to another
#     time, as a computer in another time zone has it (tests/support/faked-clock.ts).
#   - Debian's tesseract-ocr, with its English and Hindi data: the preview image read back
#     as words by an OCR engine (tests/support/ocr.ts).
# Does nothing when all are present. Set CHROMIUM_PATH to use another Chromium.
set -euo pipefail

if ! command -v deno >/dev/null 2>&1; then
  echo "--- installing deno from npm" >&2
  npm install -g deno@2.9.6 >/dev/null
fi

packages=()
if [ -z "${CHROMIUM_PATH:-}" ] && [ ! -x /usr/bin/chromium ]; then packages+=(chromium); fi
if ! command -v wrk >/dev/null 2>&1; then packages+=(wrk); fi
if ! command -v tmux >/dev/null 2>&1; then packages+=(tmux); fi
if ! command -v curl >/dev/null 2>&1; then packages+=(curl); fi
if ! command -v ssh-keyscan >/dev/null 2>&1 || ! command -v sftp >/dev/null 2>&1; then packages+=(openssh-client); fi
# OpenBSD's nc: it exits when the server closes, as a finger client does.
if ! nc -h 2>&1 | grep OpenBSD >/dev/null; then packages+=(netcat-openbsd); fi
if ! command -v wget >/dev/null 2>&1; then packages+=(wget); fi
if ! command -v http >/dev/null 2>&1; then packages+=(httpie); fi
if ! /usr/bin/python3 -c "import requests" >/dev/null 2>&1; then packages+=(python3-requests); fi
if ! command -v zbarimg >/dev/null 2>&1; then packages+=(zbar-tools); fi
if ! command -v xmllint >/dev/null 2>&1; then packages+=(libxml2-utils); fi
if ! /usr/bin/python3 -c "import gi; gi.require_version('Pango', '1.0')" >/dev/null 2>&1; then
  packages+=(python3-gi gir1.2-pango-1.0)
fi
if ! /usr/bin/python3 -c "import feedparser" >/dev/null 2>&1; then packages+=(python3-feedparser); fi
if ! fc-list :lang=hi 2>/dev/null | grep -q .; then packages+=(fonts-lohit-deva); fi
if ! command -v faketime >/dev/null 2>&1; then packages+=(faketime); fi
if ! command -v tesseract >/dev/null 2>&1; then packages+=(tesseract-ocr tesseract-ocr-eng); fi
if ! tesseract --list-langs 2>/dev/null | grep -qx hin; then packages+=(tesseract-ocr-hin); fi
sudo=""
if [ "$(id -u)" -ne 0 ]; then sudo="sudo"; fi
if [ "${#packages[@]}" -gt 0 ]; then
  echo "--- installing Debian's ${packages[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${packages[@]}" >/dev/null
fi
if ! command -v promtool >/dev/null 2>&1; then
  echo "--- installing Debian's prometheus (for promtool)" >&2
  # The package lists are fresh if the step above just read them.
  if [ "${#packages[@]}" -eq 0 ]; then $sudo apt-get update -qq; fi
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends prometheus >/dev/null
fi

#!/usr/bin/env bash
# The one command that runs everything on a fresh Debian/Ubuntu machine: system packages, npm ci,
# typecheck, lint, format check, build, the pinned real agents, unit and integration tests (the agent
# compatibility suite among them), end-to-end tests in Chromium, and the
# system tests against the real keychain and notification daemon. README.md documents it; .ci/run calls it.
set -euo pipefail
cd "$(dirname "$0")/.."

step() { printf '\n==> %s\n' "$*"; }

step "System packages"
bash scripts/install-system-deps.sh

step "npm ci"
# Electron's binary cannot be downloaded here and the tests never need it (main/app/ tests mock it).
export ELECTRON_SKIP_BINARY_DOWNLOAD=1
# Native modules (better-sqlite3, keytar) build against the local Node headers when they exist.
if [[ -d /usr/include/node ]]; then export npm_config_nodedir=/usr; fi
npm ci --no-audit --no-fund

step "Typecheck"
npm run typecheck

step "Lint"
npm run lint

step "Format"
npm run format:check

step "Build"
npm run build

step "Real agents (pinned in tests/agents/pins.json, cached outside node_modules)"
npm run agents:install

mkdir -p reports
step "Unit, integration and system tests"
npx vitest run --project node --project jsdom --reporter=default --reporter=json --outputFile.json=reports/vitest.json

step "Compatibility suite on the real agents"
npx vitest run --project agents --reporter=default --reporter=json --outputFile.json=reports/vitest-agents.json

step "End-to-end tests (Chromium)"
npx playwright test

step "Summary"
node scripts/test-summary.mjs reports/vitest.json reports/vitest-agents.json reports/playwright.json

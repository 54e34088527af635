import { defineConfig } from '@playwright/test'

const PORT = Number(process.env.E2E_PORT ?? 4173)

export default defineConfig({
  testDir: 'e2e',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: false,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: process.env.PW_JSON ? [['list'], ['json', { outputFile: process.env.PW_JSON }]] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic', '--disable-dev-shm-usage'],
    },
    permissions: ['clipboard-read', 'clipboard-write'],
    // The app's service worker stays out of the other specs (page.route cannot see requests a
    // service worker handles); e2e/offline.spec.ts allows it where it tests it.
    serviceWorkers: 'block',
    trace: 'off',
  },
  webServer: {
    command: `node scripts/e2e-server.mjs --port ${PORT}`,
    url: `http://127.0.0.1:${PORT}/devnet.json`,
    reuseExistingServer: false,
    timeout: 60_000,
  },
})

/**
 * The vanity and CREATE2-salt pages measured in Chromium (the production build in dist/,
 * one Web Worker per core, as a person runs them) beside cast timed in the same run.
 * Rates are per CPU-second of the whole Chromium process tree (Linux /proc), so other load
 * on a shared machine does not skew the ratio; the page's own wall rate is printed too.
 *
 * `npx vite build && npx tsx bench/vanity-browser.ts` (env: SECS per page, default 8;
 * CAST_C2_TRIALS, CAST_VANITY_TRIALS; CHROMIUM_PATH, default /usr/bin/chromium).
 */
import { readdirSync, readFileSync } from 'node:fs'
import { availableParallelism } from 'node:os'
import { join } from 'node:path'
import { chromium, type Page } from '@playwright/test'
import { castBin, castRate } from './vanityCast'

const SECS = Number(process.env.SECS ?? 8)
const TICK = 100 // USER_HZ on Linux

/** CPU seconds (user + system) of `root` and all its descendants, from /proc. */
function treeCpu(root: number): number {
  const stats = new Map<number, { ppid: number; cpu: number }>()
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue
    try {
      const s = readFileSync(`/proc/${d}/stat`, 'utf8')
      const f = s.slice(s.lastIndexOf(')') + 2).split(' ')
      stats.set(Number(d), { ppid: Number(f[1]), cpu: (Number(f[11]) + Number(f[12])) / TICK })
    } catch {
      /* the process ended */
    }
  }
  const inTree = (pid: number): boolean => {
    for (let p = pid, i = 0; p > 1 && i < 64; i++) {
      if (p === root) return true
      p = stats.get(p)?.ppid ?? 0
    }
    return false
  }
  let cpu = 0
  for (const [pid, s] of stats) if (inTree(pid)) cpu += s.cpu
  return cpu
}

const attemptsOf = async (page: Page) => Number(((await page.getByLabel('Attempts').textContent()) ?? '0').replace(/,/g, ''))

async function measurePage(page: Page, root: number, path: string): Promise<{ perCpu: number; wall: number; workers: string }> {
  await page.goto(path)
  await page.getByRole('button', { name: 'Search' }).click()
  await page.getByRole('button', { name: 'Start anyway' }).click()
  await page.getByLabel('Rate').waitFor({ timeout: 60_000 })
  await page.waitForTimeout(1500) // past the workers' start-up and V8's tier-up
  const a0 = await attemptsOf(page)
  const c0 = treeCpu(root)
  const t0 = performance.now()
  await page.waitForTimeout(SECS * 1000)
  const a1 = await attemptsOf(page)
  const c1 = treeCpu(root)
  const wall = (a1 - a0) / ((performance.now() - t0) / 1000)
  const workers = (await page.getByRole('status', { name: 'Search progress' }).textContent())?.match(/on (\d+ cores?)/)?.[1] ?? '?'
  await page.getByRole('button', { name: 'Cancel' }).click()
  return { perCpu: (a1 - a0) / (c1 - c0), wall, workers }
}

const fmt = (r: number) => (r >= 1e6 ? `${(r / 1e6).toFixed(2)} M` : `${(r / 1e3).toFixed(1)} k`)

const { serveDist } = (await import('../scripts/serve.mjs' as string)) as { serveDist(o: { root: string; port?: number }): Promise<{ url: string; close(): Promise<void> }> }
const server = await serveDist({ root: join(import.meta.dirname, '..', 'dist') })
const browserServer = await chromium.launchServer({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] })
const root = browserServer.process().pid!
const browser = await chromium.connect(browserServer.wsEndpoint())
const page = await browser.newPage({ baseURL: server.url })
const cores = availableParallelism()
try {
  const castC2 = castBin ? castRate('create2', Number(process.env.CAST_C2_TRIALS ?? 20), cores) : null
  const salts = await measurePage(page, root, `/create2-salt?prefix=0123456789&initCodeHash=0x${'ab'.repeat(32)}`)
  const c2 = await castC2
  const castV = castBin ? castRate('vanity', Number(process.env.CAST_VANITY_TRIALS ?? 8), cores) : null
  const keys = await measurePage(page, root, '/vanity?prefix=0123456789')
  const v = await castV
  console.log(`Vanity and CREATE2 pages in Chromium (${browser.version()}), ${cores} cores, per CPU-second of the browser's processes (page wall rate in parentheses)`)
  console.log(`  create2-salt page, ${salts.workers}: ${fmt(salts.perCpu)} salts/CPU-s (${fmt(salts.wall)}/s wall)`)
  if (c2) console.log(`  cast create2 -j ${cores}: ${fmt(c2.perCpu)} salts/CPU-s (${fmt(c2.wall)}/s wall, ${c2.trials} trials)  → ratio ${(salts.perCpu / c2.perCpu).toFixed(2)}  [goal ≥ 0.5: ${salts.perCpu / c2.perCpu >= 0.5 ? 'met' : 'NOT met'}]`)
  console.log(`  vanity page, ${keys.workers}: ${fmt(keys.perCpu)} keys/CPU-s (${fmt(keys.wall)}/s wall)`)
  if (v) console.log(`  cast wallet vanity -j ${cores}: ${fmt(v.perCpu)} keys/CPU-s (${fmt(v.wall)}/s wall, ${v.trials} trials)  → ratio ${(keys.perCpu / v.perCpu).toFixed(1)}  [goal ≥ 3: ${keys.perCpu / v.perCpu >= 3 ? 'met' : 'NOT met'}]`)
} finally {
  await browser.close()
  await browserServer.close()
  await server.close()
}

/**
 * The main thread only renders (issue #11), checked by what can be observed in Chromium, never
 * by time: what the page posts to its workers, which workers are alive, and which parts of the
 * page React commits while a person types.
 */
import { ethers } from 'ethers'
import { expect, openTool, output, test } from './fixtures'

const PHRASE = 'test test test test test test test test test test test junk'

/**
 * Records every message the page posts to a worker (by worker: the order in which they were
 * made), and counts the workers made. With `holdShare`, a split run's `share` request is held
 * back until `window.__releaseShare()`, so a test can act while the seed is being computed.
 */
function recordWorkerMessages(holdShare: boolean) {
  return `(() => {
    const w = window
    w.__toWorkers = []
    w.__held = []
    w.__spawned = 0
    const ids = new WeakMap()
    const Base = w.Worker
    w.Worker = class extends Base {
      constructor(...args) {
        super(...args)
        ids.set(this, w.__spawned++)
      }
    }
    const post = Base.prototype.postMessage
    Base.prototype.postMessage = function (m, ...rest) {
      w.__toWorkers.push({ worker: ids.get(this), msg: JSON.parse(JSON.stringify(m)) })
      if (${holdShare} && m && m.type === 'share') {
        w.__held.push(() => post.call(this, m, ...rest))
        return
      }
      return post.call(this, m, ...rest)
    }
    w.__releaseShare = () => w.__held.splice(0).forEach((f) => f())
  })()`
}

interface Sent {
  worker: number
  msg: { type: string; toolId?: string; raw?: Record<string, string>; shared?: { parentKey?: string } }
}

test('hd-derive: one worker computes the seed; the derivation workers get the parent key of the path, never the phrase', async ({ page }) => {
  await page.addInitScript(recordWorkerMessages(false))
  const root = ethers.utils.HDNode.fromMnemonic(PHRASE)
  await openTool(page, 'hd-derive')
  await page.getByLabel('Recovery phrase or xprv').fill(PHRASE)
  await page.getByLabel('How many').fill('1000')
  await page.getByRole('button', { name: 'Derive' }).click()
  const table = page.getByRole('table', { name: 'Derived addresses' })
  await expect(table).toHaveAttribute('aria-rowcount', '1001', { timeout: 60_000 })
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveCount(0)
  await expect(output(page, "Address m/44'/60'/0'/0/0")).toHaveText(root.derivePath("m/44'/60'/0'/0/0").address)

  const sent = await page.evaluate(() => (window as unknown as { __toWorkers: Sent[] }).__toWorkers)
  const shares = sent.filter((s) => s.msg.type === 'share')
  const runs = sent.filter((s) => s.msg.type === 'run')
  // The phrase went to one worker, once: the one that computes the seed.
  expect(shares).toHaveLength(1)
  expect(shares[0]!.msg.raw?.phrase).toBe(PHRASE)
  expect(sent.filter((s) => JSON.stringify(s.msg).includes('junk'))).toEqual(shares)
  // The derivation workers (more than one: the range is split) each got the xprv of m/44'/60'/0'/0, as ethers derives it.
  expect(runs.length).toBeGreaterThan(1)
  const parentKey = root.derivePath("m/44'/60'/0'/0").extendedKey
  const seed = ethers.utils.mnemonicToSeed(PHRASE).slice(2)
  for (const r of runs) {
    expect(r.worker).not.toBe(shares[0]!.worker)
    expect(r.msg.shared?.parentKey).toBe(parentKey)
    expect(Object.keys(r.msg.raw ?? {}).sort()).toEqual(['count', 'path', 'preset', 'start'])
    expect(JSON.stringify(r.msg)).not.toContain(seed)
  }
  // The slices cover 0..999 once each.
  const covered = runs.flatMap((r) => Array.from({ length: Number(r.msg.raw!.count) }, (_, j) => Number(r.msg.raw!.start) + j)).sort((a, b) => a - b)
  expect(covered).toEqual(Array.from({ length: 1000 }, (_, j) => j))
})

test('hd-derive: Cancel while the seed is computed stops every worker of the derivation', async ({ page }) => {
  await page.addInitScript(recordWorkerMessages(true))
  await openTool(page, 'hd-derive')
  const workers: import('@playwright/test').Worker[] = []
  const closed = new Set<import('@playwright/test').Worker>()
  page.on('worker', (w) => {
    workers.push(w)
    w.on('close', () => closed.add(w))
  })
  await page.getByLabel('Recovery phrase or xprv').fill(PHRASE)
  await page.getByLabel('How many').fill('1000')
  await page.getByRole('button', { name: 'Derive' }).click()
  // The share request is held: the page waits for the seed, with its derivation workers started.
  await expect(page.getByRole('status').filter({ hasText: 'Computing the seed' })).toBeVisible()
  const spawned = await page.evaluate(() => (window as unknown as { __spawned: number }).__spawned)
  expect(spawned).toBeGreaterThan(1)
  await expect.poll(() => workers.length).toBe(spawned)
  expect(closed.size).toBe(0)
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alert').filter({ hasText: 'Cancelled.' })).toBeVisible()
  // Every worker of the run is terminated, the one holding the phrase included.
  await expect.poll(() => closed.size, { timeout: 15_000 }).toBe(spawned)
  await page.evaluate(() => (window as unknown as { __releaseShare: () => void }).__releaseShare())
  await expect(page.getByRole('table', { name: 'Derived addresses' })).toHaveCount(0)
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveCount(0)
})

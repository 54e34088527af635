/**
 * The main thread only renders (issue #11), checked by what can be observed in Chromium, never
 * by time: what the page posts to its workers, which workers are alive, and which parts of the
 * page React commits while a person types.
 */
import { ethers } from 'ethers'
import { deriveThousand, expect, openTool, output, test } from './fixtures'

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
  await deriveThousand(page, PHRASE)
  await expect(page.getByRole('progressbar', { name: 'Progress' })).toHaveCount(0)
  await expect(output(page, "Address m/44'/60'/0'/0/0")).toHaveText(root.derivePath("m/44'/60'/0'/0/0").address)

  const sent = await page.evaluate(() => (window as unknown as { __toWorkers: Sent[] }).__toWorkers)
  const shares = sent.filter((s) => s.msg.type === 'share')
  const runs = sent.filter((s) => s.msg.type === 'run')
  // The phrase went to one worker, once: the one that computes the seed.
  expect(shares).toHaveLength(1)
  expect(shares[0]!.msg.raw?.phrase).toBe(PHRASE)
  expect(sent.filter((s) => JSON.stringify(s.msg).includes('junk'))).toEqual(shares)
  // The derivation workers (one per core, up to 8: the range is split) each got the xprv of m/44'/60'/0'/0, as ethers derives it.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency || 2)
  expect(runs).toHaveLength(Math.min(cores, 8))
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

/**
 * Watches React's commits through the hook React calls for its developer tools (it does so in
 * production builds too): after each commit, the function components that rendered in it
 * (their props or hook state changed since the last commit, and which props), each named by the `.field` it
 * draws (its label), or by the tag of its first element (of the element holding what it draws,
 * for a component such as the list of fields that draws through others).
 */
const WATCH_COMMITS = `(() => {
  const w = window
  w.__rendered = []
  const seen = new WeakMap()
  // The first element a component draws; for one that draws through other components (a list
  // of fields), the element that holds what it draws.
  const firstHost = (f) => {
    let through = false
    for (let c = f.child; c; c = c.child) {
      if (c.tag === 5) return through ? c.stateNode.parentElement : c.stateNode
      if (c.tag === 0 || c.tag === 11 || c.tag === 14 || c.tag === 15) through = true
    }
    return null
  }
  const nameOf = (el) => {
    if (!el) return '(none)'
    const field = el.closest('.field')
    return field ? 'field: ' + (field.querySelector('label')?.textContent ?? '').trim() : el.tagName.toLowerCase()
  }
  const walk = (root, out) => {
    const stack = [root]
    while (stack.length) {
      const f = stack.pop()
      if (f.tag === 0 || f.tag === 11 || f.tag === 14 || f.tag === 15) {
        const prev = seen.get(f) ?? (f.alternate ? seen.get(f.alternate) : undefined)
        if (!prev) out.push([f, ['(mounted)']])
        else if (prev[0] !== f.memoizedProps) out.push([f, Object.keys(f.memoizedProps ?? {}).filter((k) => prev[0]?.[k] !== f.memoizedProps[k])])
        else if (prev[1] !== f.memoizedState) out.push([f, ['(state)']])
        const now = [f.memoizedProps, f.memoizedState]
        seen.set(f, now)
        if (f.alternate) seen.set(f.alternate, now)
      }
      if (f.sibling) stack.push(f.sibling)
      if (f.child) stack.push(f.child)
    }
  }
  w.__REACT_DEVTOOLS_GLOBAL_HOOK__ = {
    supportsFiber: true,
    isDisabled: false,
    renderers: new Map(),
    inject() { return 1 },
    checkDCE() {},
    onCommitFiberUnmount() {},
    onPostCommitFiberRoot() {},
    onCommitFiberRoot(_id, root) {
      const out = []
      walk(root.current, out)
      if (w.__recording) w.__rendered.push(out.map(([f, why]) => ({ name: nameOf(firstHost(f)), why })))
    },
  }
  w.__replaced = 0
  const replace = history.replaceState.bind(history)
  history.replaceState = (...args) => {
    w.__replaced++
    return replace(...args)
  }
})()`

test('calldata-decode: typing into a held (large) ABI rewrites no URL and draws no other field again; the tool reads the typed text', async ({ page }) => {
  await page.addInitScript(WATCH_COMMITS)
  const lines = Array.from({ length: 800 }, (_, i) => `function f${i}(address to, uint256 amount) returns (bool)`)
  const abi = lines.join('\n')
  expect(abi.length).toBeGreaterThan(16 * 1024) // over MAX_URL_VALUE: held in memory, not in the URL
  const iface = new ethers.utils.Interface(['function extra(uint8 x)'])
  await openTool(page, 'calldata-decode')
  await page.getByLabel('Call data', { exact: true }).fill(iface.encodeFunctionData('extra', [7]))
  const box = page.getByLabel('ABI (optional)', { exact: true })
  await box.focus()
  await page.evaluate((d) => navigator.clipboard.writeText(d), abi)
  await page.keyboard.press('Control+V')
  await expect(page.getByRole('note').filter({ hasText: 'too large for a link' })).toBeVisible()
  const url = page.url()
  // The rows drawn so far are not part of what is measured.
  await page.evaluate(() => {
    const w = window as unknown as { __recording: boolean; __rendered: unknown[]; __replaced: number }
    w.__rendered = []
    w.__replaced = 0
    w.__recording = true
  })
  await box.press('Control+End')
  await box.pressSequentially('\nfunction extra(uint8 x)')
  // The tool decoded with the typed function (the argument named x: only the typed text has that name).
  await expect(output(page, 'x')).toHaveText('7', { timeout: 30_000 })
  const seen = await page.evaluate(() => {
    const w = window as unknown as { __recording: boolean; __rendered: { name: string; why: string[] }[][]; __replaced: number }
    w.__recording = false
    return { rendered: w.__rendered, replaced: w.__replaced }
  })
  // The URL kept its reference to the held value: not rewritten on any key.
  expect(seen.replaced).toBe(0)
  expect(page.url()).toBe(url)
  // React committed (the result changed). Of the fields, the ABI's own was drawn again for its
  // value; any other only to show a changed error (a half-typed ABI), never for the ABI's text.
  expect(seen.rendered.length).toBeGreaterThan(0)
  const drawn = seen.rendered.flat().filter((r) => r.name.startsWith('field: '))
  expect(drawn.filter((r) => r.name === 'field: ABI (optional)').length).toBeGreaterThan(0)
  expect(drawn.filter((r) => r.name !== 'field: ABI (optional)' && r.why.some((p) => p !== 'error'))).toEqual([])
  expect(await box.inputValue()).toBe(`${abi}\nfunction extra(uint8 x)`)
})

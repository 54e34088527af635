/**
 * Naming a large trace by verified sources, as the page does it (#36): how long the main thread
 * is held. On the devnet, {@link PROXIES} more ERC-1967 proxies of test/chain/sourcifyServer.ts's
 * Counter are deployed beside its fixtures, and a fan-out contract (compiled here by solc, not
 * verified on the host) bumps each of them {@link ROUNDS} times in one call: a trace of
 * 1 + 2 × PROXIES × ROUNDS frames (each proxy's CALL and its DELEGATECALL into Counter), as many
 * Bumped events, and PROXIES + 2 contracts to look up. /simulate runs it unticked first (nothing
 * sent to the host: the baseline of the page's own rendering), then ticked: every proxy is named
 * "ERC1967Proxy → Counter" by the local Sourcify (each answer read and checked in the
 * verified-source worker; the naming itself, `SimVerified.apply`, on the main thread), and the
 * fan-out listed as not named. The main thread's long tasks (a PerformanceObserver installed before
 * any page script) are split into the one that draws the result (the trace's rows: the same work
 * named or not) and every other; while the sources are fetched, checked (verified-source worker)
 * and applied to the report (`SimVerified.apply`, in that worker too) no task may pass 200 ms.
 * Both are printed, with the unticked run's for comparison (docs/BENCHMARKS.md).
 */
import { createRequire } from 'node:module'
import type { Page } from '@playwright/test'
import { encodeFunctionData, type Abi, type Hex } from 'viem'
import { expect, openTool, output, test as base } from './fixtures'
import { serveSourcify } from './sourcifyKit'
import { compileFixtures, deployFixtures, PROXY_PATH, startSourcifyServer, type Deployed } from '../test/chain/sourcifyServer'
import { A0 } from '../test/chain/sim/contracts'
import { sentAt } from '../test/support'

const test = base.extend({
  // the fan-out is not verified: the host answers 404 for it, as Sourcify does, and Chromium logs that
  // eslint-disable-next-line no-empty-pattern
  browserNetworkErrors: async ({}, use) => use([/Failed to load resource: the server responded with a status of 404/]),
})

const PROXIES = 30
const ROUNDS = 10
const LONGEST_TASK_MS = 200

const FAN_OUT_SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.28;
interface IBump { function bump() external; }
contract FanOut {
    function run(address[] calldata targets, uint256 rounds) external {
        for (uint256 r; r < rounds; r++) for (uint256 i; i < targets.length; i++) IBump(targets[i]).bump();
    }
}
`

function compileFanOut(): { abi: Abi; bytecode: Hex } {
  const solc = createRequire(import.meta.url)('solc') as { compile(input: string): string }
  const input = { language: 'Solidity', sources: { 'FanOut.sol': { content: FAN_OUT_SOL } }, settings: { optimizer: { enabled: true, runs: 200 }, evmVersion: 'cancun', outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object'] } } } }
  const c = (JSON.parse(solc.compile(JSON.stringify(input))) as { contracts: Record<string, Record<string, { abi: Abi; evm: { bytecode: { object: string } } }>> }).contracts['FanOut.sol']!.FanOut!
  return { abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }
}

/** Long tasks (start and duration, page clock) from before any page script; and when a text first appeared after a click. */
const WATCH = `
  window.__long = [];
  new PerformanceObserver((l) => { for (const e of l.getEntries()) window.__long.push({ start: e.startTime, ms: e.duration }) }).observe({ type: 'longtask', buffered: true });
`
type Task = { start: number; ms: number }
type Watched = { __long: Task[]; __clicked: number; __shown: number }

/** Arms a timer: the next click's time, and the first moment `text` is in the page (a MutationObserver: the commit that shows it). */
const arm = (page: Page, text: string) =>
  page.evaluate((t) => {
    const w = window as unknown as Watched
    w.__long = []
    w.__clicked = 0
    w.__shown = 0
    addEventListener('click', () => (w.__clicked = performance.now()), { capture: true, once: true })
    const obs = new MutationObserver(() => {
      if (w.__clicked && (document.body.textContent ?? '').includes(t)) {
        w.__shown = performance.now()
        obs.disconnect()
      }
    })
    obs.observe(document.body, { subtree: true, childList: true, characterData: true })
  }, text)

/**
 * Waits (cheaply: no role queries over a page of hundreds of rows, which would be long tasks of
 * the test's own) for the armed text, then splits the long tasks since the click: the one that
 * drew the result (it holds the moment the text appeared) and every other.
 */
async function measured(page: Page): Promise<{ ms: number; render: number; other: number; tasks: string }> {
  await page.waitForFunction(() => (window as unknown as Watched).__shown > 0, undefined, { timeout: 120_000, polling: 250 })
  return page.evaluate(() => {
    const w = window as unknown as Watched
    const since = w.__long.filter((t) => t.start + t.ms >= w.__clicked)
    const drew = (t: Task) => t.start <= w.__shown && w.__shown <= t.start + t.ms + 1
    return {
      ms: Math.round(w.__shown - w.__clicked),
      render: Math.round(Math.max(0, ...since.filter(drew).map((t) => t.ms))),
      other: Math.round(Math.max(0, ...since.filter((t) => !drew(t)).map((t) => t.ms))),
      tasks: since.map((t) => `${Math.round(t.ms)} ms at +${Math.round(t.start - w.__clicked)}${drew(t) ? ' (drew)' : ''}`).join(', '),
    }
  })
}

test('naming a trace of 601 frames and 32 contracts by verified sources: every proxy named, the host asked for exactly the contracts of the trace; the longest main-thread task while fetching, checking and naming printed against the 200 ms goal', async ({ page, devnet, baseURL }) => {
  test.setTimeout(240_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const build = compileFixtures()
  const counter = build.contracts['src/Counter.sol']!.Counter!.abi as Abi
  const proxyC = build.contracts[PROXY_PATH]!.ERC1967Proxy!
  const init = encodeFunctionData({ abi: counter, functionName: 'initialize', args: [A0] } as never)
  const deploy = async (data: Hex) => (await sentAt(devnet.rpcUrl, { from: A0, data, gas: '0x989680' })).contractAddress as Hex
  const { encodeDeployData } = await import('viem')
  const proxies: Deployed[] = []
  for (let i = 0; i < PROXIES; i++) {
    const address = await deploy(encodeDeployData({ abi: proxyC.abi as Abi, bytecode: `0x${proxyC.evm.bytecode.object}`, args: [fx.contracts.implementation.address, init] } as never))
    proxies.push({ address, path: PROXY_PATH, name: 'ERC1967Proxy' })
  }
  const fan = compileFanOut()
  const fanOut = await deploy(fan.bytecode)
  const server = await startSourcifyServer(fx, proxies)
  try {
    const host = await serveSourcify(page, baseURL, server)
    await page.addInitScript(WATCH)
    const data = encodeFunctionData({ abi: fan.abi, functionName: 'run', args: [proxies.map((p) => p.address), BigInt(ROUNDS)] } as never)
    await openTool(page, 'simulate', { mode: 'call', from: A0, to: fanOut, data, host })
    const simulate = page.getByRole('button', { name: 'Simulate', exact: true })

    // unticked: the page's own work on this trace (the simulation in its worker, the result drawn), nothing sent
    await arm(page, `#${PROXIES * ROUNDS - 1} `)
    await simulate.click()
    const plain = await measured(page)
    await expect(output(page, 'Status')).toHaveText('success')
    expect(server.requests, 'nothing is sent to the host before the box is ticked').toEqual([])

    // ticked: every proxy named by Counter's verified source, the fan-out not named
    await page.getByRole('checkbox', { name: 'Name the trace with verified sources from this host' }).check()
    // clicked by the mouse at the button's place, found before the timer is armed: the locator's own query over a
    // page of hundreds of rows would be a long task of the test's, not the page's
    await simulate.scrollIntoViewIfNeeded()
    const at = (await simulate.boundingBox())!
    await arm(page, 'Verified sources from')
    await page.mouse.click(at.x + at.width / 2, at.y + at.height / 2)
    const named = await measured(page)
    const list = page.getByRole('region', { name: 'Verified sources' })
    await expect(list.getByText('ERC1967Proxy → Counter', { exact: true })).toHaveCount(PROXIES)
    await expect(list).toContainText('not named')
    const asked = new Set(server.requests.map((r) => r.url.split('?')[0]))
    expect(asked).toEqual(new Set([...proxies.map((p) => p.address), fx.contracts.implementation.address, fanOut].map((a) => `/v2/contract/${fx.chainId}/${a.toLowerCase()}`)))
    await expect(page.getByRole('region', { name: 'Events' })).toContainText(/Bumped\(address,uint256\).*decoded with the verified source of ERC1967Proxy → Counter/)
    console.log(
      `${1 + 2 * PROXIES * ROUNDS} frames, ${PROXIES * ROUNDS} events, ${PROXIES + 2} contracts. ` +
        `Unticked: click → result ${plain.ms} ms, drawing it ${plain.render} ms, longest other main-thread task ${plain.other} ms. ` +
        `Ticked: click → named result ${named.ms} ms, drawing it ${named.render} ms, longest other main-thread task (fetching, checking, naming) ${named.other} ms. Long tasks after the click, unticked: ${plain.tasks}; ticked: ${named.tasks}`,
    )
    // a measurement, printed and kept in docs/BENCHMARKS.md, not asserted: a time depends on the machine's load that day (house rule: never timed assertions)
    console.log(`goal: no main-thread task over ${LONGEST_TASK_MS} ms while the sources are fetched, checked and applied: ${named.other <= LONGEST_TASK_MS ? 'met' : 'NOT met'} (${named.other} ms)`)
  } finally {
    await server.close()
  }
})

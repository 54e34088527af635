/**
 * /debug with verified sources (#36), end to end on the real anvil devnet: the contracts of
 * test/chain/sourcifyServer.ts (an OpenZeppelin ERC-1967 proxy and its Counter implementation,
 * among others) deployed on the devnet, their real solc outputs served in Sourcify's v2 shape by
 * the local server. The page records bump() through the proxy; nothing goes to the host until
 * "Fetch verified sources" is ticked; then both contracts are named by the verified source (full
 * match), and with no file dropped the keyboard steps by source line from the proxy's
 * delegatecall into Counter and to the line that stores `count` (the fixture's own text), where
 * the call stack names the function the step is inside (bump(), from the verified source map).
 * A second test steps the same way through the token (OpenZeppelin's ERC20, read from the
 * package's own file: the SSTOREs on the lines that write `_balances`, inside `_update`) and
 * through an external library call (a breakpoint on Math3's `return x * 3;`, reached inside the
 * library's DELEGATECALL frame, in `triple`).
 * The host is served under the app's origin (routed to the local server by Playwright), so the
 * page's requests stay with the app and the devnet, as the fixtures require.
 */
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Locator, Page } from '@playwright/test'
import { encodeFunctionData, type Abi } from 'viem'
import { debugCall } from './debugKit'
import { expect, test } from './fixtures'
import { serveSourcify } from './sourcifyKit'
import { compileFixtures, COUNTER_SOL, deployFixtures, LIB_SOL, startSourcifyServer } from '../test/chain/sourcifyServer'

// an address of this spec alone (bump() may be called by anyone)
const FROM = '0x00000000000000000000000000000000DeB05C36'

test('verified sources: none asked before the opt-in; then the proxy and Counter named, stepping by source line into Counter', async ({ page, devnet, baseURL }) => {
  test.setTimeout(180_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const server = await startSourcifyServer(fx)
  try {
    const host = await serveSourcify(page, baseURL, server)
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(host)) asked.push(r.url())
    })
    const abi = compileFixtures().contracts['src/Counter.sol']!.Counter!.abi as Abi
    await debugCall(page, { from: FROM, to: fx.contracts.proxy.address, data: encodeFunctionData({ abi, functionName: 'bump' } as never) }, 'success')

    const panel = page.getByRole('region', { name: 'Verified sources' })
    const box = panel.getByRole('checkbox', { name: 'Fetch verified sources' })
    await expect(box).not.toBeChecked()
    await expect(panel).toContainText('Off by default, and nothing is sent while it is off.')
    // the debugger is up and nothing has gone to the host
    await expect(page.getByRole('region', { name: 'Debugger' })).toBeVisible()
    expect(asked).toEqual([])
    expect(server.requests).toEqual([])

    await panel.getByRole('textbox', { name: 'from host' }).fill(host)
    await box.check()
    const named = panel.getByRole('list', { name: 'Which source named each contract' })
    await expect(named.getByRole('listitem')).toHaveText([
      new RegExp(`ERC1967Proxy — verified source from ${host}, full match`),
      new RegExp(`Counter — verified source from ${host}, full match`),
    ], { timeout: 30_000 })
    expect(asked.map((u) => u.slice(host.length).split('?')[0])).toEqual([
      `/v2/contract/${fx.chainId}/${fx.contracts.proxy.address.toLowerCase()}`,
      `/v2/contract/${fx.chainId}/${fx.contracts.implementation.address.toLowerCase()}`,
    ])

    const line = page.getByRole('status', { name: 'Current source line' })
    await page.getByRole('region', { name: 'Debugger' }).focus()
    await expect(page.getByRole('region', { name: /^Source of .*Proxy\.sol$/ })).toBeVisible()
    // n: the delegatecall, in the proxy's source; '.': the next source line, inside Counter.
    // Pressed back to back, faster than the worker answers: '.' counts from where 'n' lands
    // (CI run of 06a1c84 saw '.' count from step 0 when it raced 'n')
    await page.keyboard.press('n')
    await page.keyboard.press('.')
    await expect(page.getByRole('region', { name: 'Source of src/Counter.sol' })).toBeVisible()
    // s: the SSTORE of count, on the line the fixture's source has for it
    await page.keyboard.press('s')
    const countLine = COUNTER_SOL.split('\n').find((l) => l.includes('count += step;'))!.trim()
    await expect(line).toHaveText(countLine)
    // the call stack names the function the step is inside, from the verified source map (no file dropped)
    await expect(page.getByRole('navigation', { name: 'Call stack' }).getByRole('listitem').filter({ hasText: /^bump\(\)$/ })).toHaveCount(1)
  } finally {
    await server.close()
  }
})

/** Ticks the lookup from `host` on the debugger's panel; the list of what named each contract. */
async function optIn(page: Page, host: string): Promise<Locator> {
  const panel = page.getByRole('region', { name: 'Verified sources' })
  await panel.getByRole('textbox', { name: 'from host' }).fill(host)
  await panel.getByRole('checkbox', { name: 'Fetch verified sources' }).check()
  return panel.getByRole('list', { name: 'Which source named each contract' })
}

test('verified sources: a token transfer steps through OpenZeppelin’s ERC20 by its lines, and a breakpoint in an external library stops inside it', async ({ page, devnet, baseURL }) => {
  test.setTimeout(180_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const server = await startSourcifyServer(fx)
  try {
    const host = await serveSourcify(page, baseURL, server)
    const out = compileFixtures().contracts
    // the token: the minter sends 5 units
    const token = out['src/Token.sol']!.Token!.abi as Abi
    await debugCall(page, { from: fx.immutables.minter, to: fx.contracts.token.address, data: encodeFunctionData({ abi: token, functionName: 'transfer', args: ['0x00000000000000000000000000000000000000b0', 5n] } as never) }, 'success')
    let named = await optIn(page, host)
    await expect(named.getByRole('listitem')).toHaveText([new RegExp(`Token — verified source from ${host}, full match`)], { timeout: 30_000 })
    const oz = readFileSync(createRequire(import.meta.url).resolve('@openzeppelin/contracts/token/ERC20/ERC20.sol'), 'utf8')
    const writes = oz.split('\n').filter((l) => /_balances\[(from|to)\]\s*(=|\+=)/.test(l)).map((l) => l.trim())
    expect(writes.length).toBeGreaterThanOrEqual(2)
    const line = page.getByRole('status', { name: 'Current source line' })
    const stack = page.getByRole('navigation', { name: 'Call stack' })
    await page.getByRole('region', { name: 'Debugger' }).focus()
    const aWrite = new RegExp(`^(${writes.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})$`)
    const seen: string[] = []
    for (let k = 0; k < 2; k++) {
      // s: the next SSTORE, on a line of the package's ERC20.sol that writes a balance (a line not yet seen), inside _update
      await page.keyboard.press('s')
      for (const before of seen) await expect(line).not.toHaveText(before)
      await expect(line).toHaveText(aWrite)
      seen.push((await line.textContent())!)
      await expect(page.getByRole('region', { name: 'Source of @openzeppelin/contracts/token/ERC20/ERC20.sol' })).toBeVisible()
      await expect(page.getByRole('region', { name: 'Step', exact: true })).toContainText('SSTORE')
      await expect(stack.locator('li[aria-current="step"]')).toHaveText('_update()')
    }

    // the library: UsesLib.f(11) delegatecalls Math3.triple
    const lib = out['src/Lib.sol']!.UsesLib!.abi as Abi
    await debugCall(page, { from: FROM, to: fx.contracts.usesLib.address, data: encodeFunctionData({ abi: lib, functionName: 'f', args: [11n] } as never) }, 'success')
    named = await optIn(page, host)
    await expect(named.getByRole('listitem')).toHaveText([new RegExp(`(UsesLib|Math3) — verified source from ${host}, full match`), new RegExp(`(UsesLib|Math3) — verified source from ${host}, full match`)], { timeout: 30_000 })
    await expect(named).toContainText('UsesLib')
    await expect(named).toContainText('Math3')
    const ret = LIB_SOL.split('\n').findIndex((l) => l.includes('return x * 3;')) + 1
    await page.getByRole('region', { name: 'Source of src/Lib.sol' }).getByRole('button', { name: `Breakpoint on line ${ret}` }).click()
    await page.getByRole('region', { name: 'Debugger' }).focus()
    await page.keyboard.press('b')
    await expect(line).toHaveText('return x * 3;')
    await expect(stack.locator('li[aria-current="step"]')).toHaveText('triple()')
    await expect(stack).toContainText('Math3')
    // s: back in UsesLib, the SSTORE of `last`
    await page.keyboard.press('s')
    await expect(line).toHaveText(LIB_SOL.split('\n').find((l) => l.includes('last = Math3.triple(x);'))!.trim())
  } finally {
    await server.close()
  }
})

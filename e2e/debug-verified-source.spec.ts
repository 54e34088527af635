/**
 * /debug with verified sources (#36), end to end on the real anvil devnet: the contracts of
 * test/chain/sourcifyServer.ts (an OpenZeppelin ERC-1967 proxy and its Counter implementation,
 * among others) deployed on the devnet, their real solc outputs served in Sourcify's v2 shape by
 * the local server. The page records bump() through the proxy; nothing goes to the host until
 * "Fetch verified sources" is ticked; then both contracts are named by the verified source (full
 * match), and with no file dropped the keyboard steps by source line from the proxy's
 * delegatecall into Counter and to the line that stores `count` (the fixture's own text), where
 * the call stack names the function the step is inside (bump(), from the verified source map).
 * The host is served under the app's origin (routed to the local server by Playwright), so the
 * page's requests stay with the app and the devnet, as the fixtures require.
 */
import { encodeFunctionData, type Abi } from 'viem'
import { debugCall } from './debugKit'
import { expect, forward, test } from './fixtures'
import { compileFixtures, COUNTER_SOL, deployFixtures, startSourcifyServer } from '../test/chain/sourcifyServer'

// an address of this spec alone (bump() may be called by anyone)
const FROM = '0x00000000000000000000000000000000DeB05C36'

test('verified sources: none asked before the opt-in; then the proxy and Counter named, stepping by source line into Counter', async ({ page, devnet, baseURL }) => {
  test.setTimeout(180_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const server = await startSourcifyServer(fx)
  try {
    const host = `${baseURL}/verified-source-host`
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(host)) asked.push(r.url())
    })
    await page.route(`${host}/**`, (route) => forward(route, { url: server.url + route.request().url().slice(host.length) }))
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

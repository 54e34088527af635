/**
 * Verified ABIs where addresses appear (#36), end to end on the anvil devnet with the local
 * Sourcify of test/chain/sourcifyServer.ts (real solc outputs of the contracts deployed there),
 * served under the app's origin as in debug-verified-source.spec.ts. A URL saying lookup=true
 * opens the page with the lookup off and sends nothing (requests counted at the server); ticked
 * and asked, /contract-read offers Counter's functions behind the proxy with no ABI pasted and
 * /transaction names bump() and its event from the verified ABI, each saying which source named it;
 * /simulate, from a lookup=true URL, simulates with nothing sent, then ticked names bump() in the
 * trace, the Bumped event and the proxy's changed variables (Counter's storage layout), each saying
 * which source named it.
 */
import { encodeFunctionData, getAddress, type Abi, type Hex } from 'viem'
import { expect, forward, openTool, output, test } from './fixtures'
import { compileFixtures, deployFixtures, startSourcifyServer } from '../test/chain/sourcifyServer'
import { sentAt } from '../test/support'
import { A0 } from '../test/chain/sim/contracts'


test('verified ABIs: nothing sent from a lookup=true URL; then /contract-read, /transaction and /simulate named by the verified source', async ({ page, devnet, baseURL }) => {
  test.setTimeout(180_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const server = await startSourcifyServer(fx)
  try {
    const host = `${baseURL}/verified-source-host`
    await page.route(`${host}/**`, (route) => forward(route, { url: server.url + route.request().url().slice(host.length) }))
    const counter = compileFixtures().contracts['src/Counter.sol']!.Counter!.abi as Abi
    const proxy = fx.contracts.proxy.address

    // /contract-read from a URL that says lookup=true: off, nothing sent
    await page.goto(`/contract-read?address=${proxy}&lookup=true&host=${encodeURIComponent(host)}`)
    const box = page.getByRole('checkbox', { name: 'With no ABI pasted, offer the verified functions from this host' })
    await expect(box).not.toBeChecked()
    await expect(page.getByRole('button', { name: 'Fetch verified functions' })).toHaveCount(0)
    expect(server.requests).toEqual([])
    await box.check()
    await page.getByRole('button', { name: 'Fetch verified functions' }).click()
    await expect(page.getByRole('status', { name: 'Functions named by' })).toContainText(`Functions named by the verified source of ERC1967Proxy → Counter: verified source from ${host}, full match`, { timeout: 30_000 })
    // every view function of solc's Counter ABI is offered, with no ABI pasted
    for (const f of counter.filter((x) => x.type === 'function' && (x.stateMutability === 'view' || x.stateMutability === 'pure')))
      await expect(page.getByRole('button', { name: new RegExp(`^Call ${(f as { name: string }).name}\\(`) })).toBeVisible()
    expect(server.requests.map((r) => r.url.split('?')[0]).sort()).toEqual([`/v2/contract/${fx.chainId}/${fx.contracts.implementation.address.toLowerCase()}`, `/v2/contract/${fx.chainId}/${proxy.toLowerCase()}`].sort())

    // /transaction: bump() through the proxy
    const r = await sentAt(devnet.rpcUrl, { from: A0, to: proxy, data: encodeFunctionData({ abi: counter, functionName: 'bump' } as never), gas: '0x989680' })
    const hash = r.transactionHash as Hex
    const before = server.requests.length
    await page.goto(`/transaction?hash=${hash}&lookup=true&host=${encodeURIComponent(host)}`)
    const txBox = page.getByRole('checkbox', { name: 'Decode with verified ABIs from this host' })
    await expect(txBox).not.toBeChecked()
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(page.getByText('Gas used')).toBeVisible({ timeout: 30_000 })
    expect(server.requests.length).toBe(before)
    await txBox.check()
    await page.getByRole('button', { name: 'Look up', exact: true }).click()
    await expect(page.getByText(/named by the verified source of ERC1967Proxy → Counter/).first()).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText('bump()', { exact: true })).toBeVisible()
    await expect(page.getByText(/^Bumped\(who=/i)).toBeVisible()

    // /simulate: bump() through the proxy, from a URL that says lookup=true: off, simulated with nothing sent
    const asked = server.requests.length
    await openTool(page, 'simulate', { mode: 'call', from: A0, to: proxy, data: encodeFunctionData({ abi: counter, functionName: 'bump' } as never), lookup: 'true', host })
    const simBox = page.getByRole('checkbox', { name: 'Name the trace with verified sources from this host' })
    await expect(simBox).not.toBeChecked()
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })
    await expect(page.getByRole('region', { name: 'Verified sources' })).toHaveCount(0)
    expect(server.requests.length).toBe(asked)
    await simBox.check()
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Verified sources' })).toContainText('ERC1967Proxy → Counter', { timeout: 30_000 })
    // the function: the top frame's details (open in a small tree) say the verified source named it
    const by = `the verified source of ERC1967Proxy → Counter: verified source from ${host}, full match`
    await expect(page.getByRole('list', { name: 'Call tree' })).toContainText('bump()')
    await expect(page.getByRole('list', { name: 'Call tree' }).getByText(`decoded with ${by}`).first()).toBeVisible()
    // the event
    const events = page.getByRole('region', { name: 'Events' })
    await expect(events).toContainText('Bumped(address,uint256)')
    await expect(events).toContainText(`decoded with ${by}`)
    // the state variables, by Counter's layout on the proxy's storage
    const storage = page.getByRole('table', { name: new RegExp(`Storage of ${getAddress(proxy)}`) })
    await expect(storage).toContainText('Slots named by the storage layout of the verified source of ERC1967Proxy → Counter')
    await expect(storage.getByText('count', { exact: true })).toBeVisible()
    await expect(storage.getByText(`byWho[${getAddress(A0)}]`, { exact: true })).toBeVisible()
  } finally {
    await server.close()
  }
})

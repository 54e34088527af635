/**
 * Verified ABIs where addresses appear (#36), end to end on the anvil devnet with the local
 * Sourcify of test/chain/sourcifyServer.ts (real solc outputs of the contracts deployed there),
 * served under the app's origin as in debug-verified-source.spec.ts. A URL saying lookup=true
 * opens the page with the lookup off and sends nothing (requests counted at the server); ticked
 * and asked, /contract-read offers Counter's functions behind the proxy with no ABI pasted and
 * /transaction names bump() and its event from the verified ABI, each saying which source named it;
 * /simulate, from a lookup=true URL, simulates with nothing sent, then ticked names bump() in the
 * trace, the Bumped event and the proxy's changed variables (Counter's storage layout), each saying
 * which source named it; its capsule carries them, and opened with the host refusing everything it is
 * named by them (checked against its proofs). Those sources are kept in the page (IndexedDB): /transaction and /simulate
 * name them again with nothing sent, and with the host gone and another host named /verified-source still shows
 * Counter, labelled with the host that served it
 * (its immutable `step` by name, equal to what the getter returns),
 * says it came from the page's copy and lists what is kept; Remove and Remove all empty the list,
 * and the next lookup asks the host again. /storage-read by address: with no layout pasted and the
 * lookup off it asks for a layout at the field and sends nothing; ticked, the proxy's variables are
 * read by its implementation's verified layout (only the implementation asked of the host) and
 * equal the node's answers to the getters.
 */
import { decodeFunctionResult, encodeFunctionData, getAddress, type Abi, type Hex } from 'viem'
import { expect, impersonatedSender, openTool, output, test } from './fixtures'
import { serveSourcify, toSourcify } from './sourcifyKit'
import { compileFixtures, deployFixtures, startSourcifyServer } from '../test/chain/sourcifyServer'
import { nodeReply, sentAt } from '../test/support'
import * as SimCapsule from '../src/core/sim/SimCapsule'
import { savedFile } from './witnessKit'
import { A0 } from '../test/chain/sim/contracts'


test('verified ABIs: nothing sent from a lookup=true URL; then /contract-read, /transaction and /simulate named by the verified source', async ({ page, devnet, baseURL }) => {
  test.setTimeout(180_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const server = await startSourcifyServer(fx)
  try {
    const host = await serveSourcify(page, baseURL, server)
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
    // kept in the page (IndexedDB) by /contract-read's fetch: /transaction named them from there, nothing sent
    expect(server.requests.length).toBe(before)
    await expect(page.getByText(/named by the verified source of ERC1967Proxy → Counter: verified source from .* \(kept in this browser since .*; nothing sent\), full match/).first()).toBeVisible()

    // /simulate: bump() through the proxy, from a URL that says lookup=true: off, simulated with nothing sent
    const beforeSim = server.requests.length
    await openTool(page, 'simulate', { mode: 'call', from: A0, to: proxy, data: encodeFunctionData({ abi: counter, functionName: 'bump' } as never), lookup: 'true', host })
    const simBox = page.getByRole('checkbox', { name: 'Name the trace with verified sources from this host' })
    await expect(simBox).not.toBeChecked()
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })
    await expect(page.getByRole('region', { name: 'Verified sources' })).toHaveCount(0)
    expect(server.requests.length).toBe(beforeSim)
    await simBox.check()
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Verified sources' })).toContainText('ERC1967Proxy → Counter', { timeout: 30_000 })
    // the function: the top frame's details (open in a small tree) say the verified source named it
    // kept by /contract-read's fetch: named from the page's copy, nothing sent
    const by = /decoded with the verified source of ERC1967Proxy → Counter: verified source from .* \(kept in this browser since .*; nothing sent\), full match/
    await expect(page.getByRole('list', { name: 'Call tree' })).toContainText('bump()')
    await expect(page.getByRole('list', { name: 'Call tree' }).getByText(by).first()).toBeVisible()
    // the event
    const events = page.getByRole('region', { name: 'Events' })
    await expect(events).toContainText('Bumped(address,uint256)')
    await expect(events).toContainText(by)
    // the state variables, by Counter's layout on the proxy's storage
    const storage = page.getByRole('table', { name: new RegExp(`Storage of ${getAddress(proxy)}`) })
    await expect(storage).toContainText('Slots named by the storage layout of the verified source of ERC1967Proxy → Counter')
    await expect(storage.getByText('count', { exact: true })).toBeVisible()
    await expect(storage.getByText(`byWho[${getAddress(A0)}]`, { exact: true })).toBeVisible()
    expect(server.requests.length).toBe(beforeSim)
    // the capsule carries the sources (from the page's copy, nothing sent); opened with the host refusing everything, it is named by them
    const panel = page.getByRole('region', { name: 'Capsule' })
    await panel.getByRole('button', { name: 'Export a capsule' }).click()
    const made = panel.getByRole('region', { name: 'Exported capsule' })
    await expect(made.getByRole('status', { name: 'Verified sources', exact: true })).toHaveText(/^2 carried: ERC1967Proxy → Counter/, { timeout: 60_000 })
    const file = await savedFile(page, panel.getByRole('link', { name: 'Save the capsule' }), (await made.getByRole('status', { name: 'Capsule SHA-256', exact: true }).textContent())!)
    expect(SimCapsule.decode(file).sources?.map((x) => x.address).sort()).toEqual([fx.contracts.implementation.address, proxy].map((a) => a.toLowerCase()).sort())
    let refusedCapsule = 0
    await page.unroute(`${host}/**`)
    await page.route(`${host}/**`, (route) => (refusedCapsule++, route.abort('connectionrefused')))
    await panel.getByLabel('Open a capsule').setInputFiles({ name: 'named.ewc', mimeType: 'application/octet-stream', buffer: file })
    await expect(panel.getByRole('region', { name: 'Opened capsule' }).getByRole('status', { name: 'Verified sources', exact: true })).toHaveText(/^2 carried: ERC1967Proxy → Counter/, { timeout: 60_000 })
    await expect(panel.getByRole('region', { name: 'Verified sources' })).toContainText(`Verified sources from the capsule (served by ${host})`)
    await expect(panel.getByRole('list', { name: 'Call tree' })).toContainText('bump()')
    await expect(panel.getByRole('list', { name: 'Call tree' }).getByText(/decoded with the verified source of ERC1967Proxy → Counter: verified source from .* \(carried in the capsule, checked against the code its proofs hold; nothing sent\), full match/).first()).toBeVisible()
    expect(refusedCapsule).toBe(0)
    expect(server.requests.length).toBe(beforeSim)
    // the host gone (every request to it fails and is counted), and the person names another host (every request
    // to it counted too): /verified-source still names Counter, from the page's copy, labelled with the host that served it
    let sent = 0
    let down = true
    const otherHost = `${baseURL}/another-sourcify`
    await page.unroute(`${host}/**`)
    await page.route(`${host}/**`, (route) => (down ? (sent++, route.abort('connectionrefused')) : toSourcify(route, host, server)))
    await page.route(`${otherHost}/**`, (route) => (sent++, route.abort('connectionrefused')))
    await page.goto(`/verified-source?address=${fx.contracts.implementation.address}&host=${encodeURIComponent(otherHost)}`)
    await page.getByRole('checkbox', { name: 'Fetch the verified source from this host' }).check()
    await page.getByRole('button', { name: 'Fetch and check' }).click()
    await expect(page.getByText('kept in this browser: nothing sent')).toBeVisible({ timeout: 30_000 })
    await expect(page.getByText('Counter', { exact: true }).first()).toBeVisible()
    await expect(output(page, 'Host')).toHaveText(host)
    expect(sent).toBe(0)
    // Counter's immutable by name, read from the chain's code: the constructor's value, as the getter step() returns it
    const stepCall = await fetch(devnet.rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'eth_call', params: [{ to: fx.contracts.implementation.address, data: encodeFunctionData({ abi: [{ type: 'function', name: 'step', inputs: [], outputs: [{ type: 'uint256' }], stateMutability: 'view' }], functionName: 'step' }) }, 'latest'] }) })
    const step = BigInt(((await stepCall.json()) as { result: Hex }).result)
    expect(step).toBe(fx.immutables.step)
    // (the function step() is listed too, under Functions: the immutable's row is the one holding a number)
    await expect(page.getByRole('heading', { name: 'Immutables (1), read from the chain’s code' })).toBeVisible()
    await expect(page.getByRole('status', { name: 'step', exact: true }).filter({ hasText: /^\d+$/ })).toHaveText(String(step))
    // listed, and removable: Remove takes one row, Remove all the rest
    const kept = page.getByRole('table', { name: 'Kept verified sources' })
    await expect(kept.getByRole('row')).toHaveCount(3)
    await expect(kept.getByRole('cell', { name: 'ERC1967Proxy', exact: true })).toBeVisible()
    await page.getByRole('button', { name: new RegExp(`^Remove ERC1967Proxy at ${proxy}`, 'i') }).click()
    await expect(kept.getByRole('cell', { name: 'ERC1967Proxy', exact: true })).toHaveCount(0)
    await expect(kept.getByRole('cell', { name: 'Counter', exact: true })).toBeVisible()
    await page.getByRole('button', { name: 'Remove all kept sources' }).click()
    await expect(page.getByText('None kept yet.')).toBeVisible()
    // removed means gone: with the host back, the next lookup asks it (one request) and keeps it again
    down = false
    await page.getByLabel('Verified-source host').fill(host)
    const asked = server.requests.length
    await page.getByRole('button', { name: 'Fetch and check' }).click()
    await expect(page.getByText('from the host just now')).toBeVisible({ timeout: 30_000 })
    expect(server.requests.length - asked).toBe(1)
    expect(sent).toBe(0)
    await expect(kept.getByRole('cell', { name: 'Counter', exact: true })).toBeVisible()
  } finally {
    await server.close()
  }
})

test('the send confirmation: its trace named by verified sources only once ticked, from the host, before anything is signed', async ({ page, devnet, baseURL }) => {
  test.setTimeout(120_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const server = await startSourcifyServer(fx)
  // a sender of this test's own: the node signs for it (the devnet default), funded and impersonated
  const FROM = '0x00000000000000000000000000000000deb05c37'
  await impersonatedSender(devnet, FROM)
  try {
    const host = await serveSourcify(page, baseURL, server)
    const counter = compileFixtures().contracts['src/Counter.sol']!.Counter!.abi as Abi
    const proxy = fx.contracts.proxy.address
    const data = encodeFunctionData({ abi: counter, functionName: 'bump' } as never)
    await openTool(page, 'send-transaction', { from: FROM, to: proxy, data, lookup: 'true', host })
    // lookup=true in the link does not tick the box: reviewed with nothing sent to the host
    const box = page.getByRole('checkbox', { name: 'Name the confirmation’s trace with verified sources from this host' })
    await expect(box).not.toBeChecked()
    await page.getByRole('button', { name: 'Review', exact: true }).click()
    const confirm = page.getByRole('region', { name: 'Confirmation' })
    await expect(confirm.getByRole('list', { name: 'Call tree' })).toBeVisible({ timeout: 30_000 })
    await expect(confirm.getByRole('region', { name: 'Verified sources' })).toHaveCount(0)
    expect(server.requests).toEqual([])
    // ticked: the next review's simulation is named, the host asked for the proxy and its implementation only
    await page.getByRole('button', { name: 'Edit' }).click()
    await box.check()
    await page.getByRole('button', { name: 'Review', exact: true }).click()
    await expect(confirm.getByRole('region', { name: 'Verified sources' })).toContainText('ERC1967Proxy → Counter', { timeout: 30_000 })
    await expect(confirm.getByRole('list', { name: 'Call tree' })).toContainText('bump()')
    expect(server.requests.map((r) => r.url.split('?')[0]).sort()).toEqual([`/v2/contract/${fx.chainId}/${fx.contracts.implementation.address.toLowerCase()}`, `/v2/contract/${fx.chainId}/${proxy.toLowerCase()}`].sort())
    await expect(confirm.getByRole('button', { name: 'Confirm and send with the wallet' })).toBeEnabled()
  } finally {
    await server.close()
  }
})

test('/storage-read by address: no layout pasted and the lookup off asks for one and sends nothing; ticked, the proxy read by its implementation’s verified layout, as the node answers its getters', async ({ page, devnet, baseURL }) => {
  test.setTimeout(120_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const server = await startSourcifyServer(fx)
  try {
    const host = await serveSourcify(page, baseURL, server)
    const counter = compileFixtures().contracts['src/Counter.sol']!.Counter!.abi as Abi
    const proxy = fx.contracts.proxy.address
    // the node's own answers to the getters, through the proxy
    const getter = async (name: 'count' | 'owner') =>
      decodeFunctionResult({ abi: counter, functionName: name, data: (await nodeReply<Hex>(devnet.rpcUrl, 'eth_call', [{ to: proxy, data: encodeFunctionData({ abi: counter, functionName: name } as never) }, 'latest'])).result! } as never) as unknown as bigint | string

    await openTool(page, 'storage-read', { address: proxy, host })
    const box = page.getByRole('checkbox', { name: 'With no layout pasted, fetch the verified source’s layout from this host' })
    await expect(box).not.toBeChecked()
    await page.getByRole('button', { name: 'Read storage' }).click()
    await expect(page.getByRole('textbox', { name: 'Storage layout' })).toHaveAccessibleDescription(/Paste a storage layout, or tick/)
    expect(server.requests).toEqual([])

    await box.check()
    await page.getByRole('button', { name: 'Read storage' }).click()
    await expect(output(page, 'Names from')).toHaveText(`verified source from ${host}, full match`, { timeout: 30_000 })
    await expect(output(page, 'count')).toHaveText(String(await getter('count')))
    await expect(output(page, 'owner')).toHaveText(new RegExp(`^${String(await getter('owner'))}$`, 'i'))
    // the proxy's implementation is read from its EIP-1967 slot at the node: only the implementation is asked of the host
    expect(server.requests.map((r) => r.url.split('?')[0])).toEqual([`/v2/contract/${fx.chainId}/${fx.contracts.implementation.address.toLowerCase()}`])
    await expect(page.getByRole('region', { name: 'Result' })).toContainText(`the implementation at ${getAddress(fx.contracts.implementation.address)} behind this proxy`)
  } finally {
    await server.close()
  }
})

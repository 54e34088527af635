/**
 * /simulate named by verified sources beyond the proxy (#36): with no file dropped, the local
 * Sourcify of test/chain/sourcifyServer.ts (real solc outputs of the contracts deployed on the
 * devnet) names an OpenZeppelin ERC-20 transfer (the function, the Transfer event, and both
 * `_balances` entries it writes, by the token's own storage layout) and a call through an external
 * library (UsesLib.f, the DELEGATECALL into Math3.triple, and the variable `last`), each saying
 * which source named it. Nothing is sent to the host before the box is ticked. The names expected
 * come from solc's own ABI and storage layout of the same build; each changed variable's value
 * before and after (read by its type from the slot's word) equals the node's getter and word before
 * and after the same call is sent.
 */
import { encodeAbiParameters, encodeFunctionData, getAddress, keccak256, type Abi, type Hex } from 'viem'
import type { Locator } from '@playwright/test'
import { utils } from 'ethers'
import { expect, openTool, output, test } from './fixtures'
import { serveSourcify } from './sourcifyKit'
import { compileFixtures, deployFixtures, startSourcifyServer } from '../test/chain/sourcifyServer'
import { A0 } from '../test/chain/sim/contracts'
import { nodeRpc, sentAt } from '../test/support'

const TO = '0x00000000000000000000000000000000000000b0'

interface Layout {
  storage: { label: string; type: string; slot: string }[]
}

/** A storage table's row for a variable: its Before and After cells. */
const cells = (table: Locator, label: string) => {
  const row = table.getByRole('row').filter({ has: table.page().getByText(label, { exact: true }) })
  return { before: row.getByRole('cell').nth(1), after: row.getByRole('cell').nth(2) }
}

/** A getter's value (a uint256) and the slot's word, as the node holds them now. */
async function held(rpcUrl: string, to: Hex, abi: Abi, getter: string, args: unknown[], slot: Hex): Promise<{ value: string; word: string }> {
  const ret = await nodeRpc<Hex>(rpcUrl, 'eth_call', [{ to, data: encodeFunctionData({ abi, functionName: getter, args } as never) }, 'latest'])
  return { value: BigInt(ret).toString(), word: await nodeRpc<string>(rpcUrl, 'eth_getStorageAt', [to, slot, 'latest']) }
}

test('/simulate names a token transfer and an external library call by their verified sources, each name said where it came from', async ({ page, devnet, baseURL }) => {
  test.setTimeout(180_000)
  const fx = await deployFixtures(devnet.rpcUrl)
  const server = await startSourcifyServer(fx)
  try {
    const host = await serveSourcify(page, baseURL, server)
    const out = compileFixtures().contracts
    const tokenOut = out['src/Token.sol']!.Token! as { abi: Abi; storageLayout: Layout }
    const libOut = out['src/Lib.sol']!.UsesLib! as { abi: Abi; storageLayout: Layout }
    const mathOut = out['src/Lib.sol']!.Math3! as { abi: Abi }
    // the names the page must show, from solc's own outputs of the same build
    const balances = tokenOut.storageLayout.storage.find((v) => v.type.startsWith('t_mapping(t_address,t_uint256)'))!.label
    expect(balances).toBe('_balances')
    const last = libOut.storageLayout.storage.map((v) => v.label)
    expect(last).toEqual(['last'])
    const transferEvent = tokenOut.abi.find((x) => x.type === 'event' && x.name === 'Transfer') as unknown as { inputs: { type: string }[] }
    const eventSig = `Transfer(${transferEvent.inputs.map((i) => i.type).join(',')})`
    const triple = mathOut.abi.find((x) => x.type === 'function') as { name: string }

    // the token: the minter sends 5 units to TO
    const minter = getAddress(fx.immutables.minter)
    const token = getAddress(fx.contracts.token.address)
    await openTool(page, 'simulate', { mode: 'call', from: minter, to: token, data: encodeFunctionData({ abi: tokenOut.abi, functionName: 'transfer', args: [TO, 5n] } as never), host })
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })
    expect(server.requests, 'nothing is sent to the host before the box is ticked').toEqual([])
    await page.getByRole('checkbox', { name: 'Name the trace with verified sources from this host' }).check()
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    await expect(page.getByRole('region', { name: 'Verified sources' })).toContainText('Token', { timeout: 30_000 })
    expect(server.requests.map((r) => r.url.split('?')[0])).toEqual([`/v2/contract/${fx.chainId}/${token.toLowerCase()}`])
    const by = (name: string) => new RegExp(`decoded with the verified source of ${name}: verified source from .*, full match`)
    const tree = page.getByRole('list', { name: 'Call tree' })
    await expect(tree).toContainText('transfer(')
    await expect(tree.getByText(by('Token')).first()).toBeVisible()
    const events = page.getByRole('region', { name: 'Events' })
    await expect(events).toContainText(eventSig)
    await expect(events).toContainText(by('Token'))
    // the amount in the token's units, as ethers v5 formats 5 raw units at the decimals the token returns, in the trace and the event
    const decimals = Number(BigInt(await nodeRpc<Hex>(devnet.rpcUrl, 'eth_call', [{ to: token, data: encodeFunctionData({ abi: tokenOut.abi, functionName: 'decimals' } as never) }, 'latest'])))
    const units = `${utils.formatUnits(5, decimals).replace(/\.0$/, '')} TT`
    await expect(tree).toContainText(`transfer(to: 0x000000…${getAddress(TO).slice(-6)}, value: ${units})`)
    await expect(tree).toContainText(`Transfer(from: ${minter}, to: ${getAddress(TO)}, value: ${units})`)
    await expect(events).toContainText(`value=${units}`)
    const storage = page.getByRole('table', { name: new RegExp(`Storage of ${token}`) })
    await expect(storage).toContainText('Slots named by the storage layout of the verified source of Token')
    await expect(storage.getByText(`${balances}[${minter}]`, { exact: true })).toBeVisible()
    await expect(storage.getByText(`${balances}[${getAddress(TO)}]`, { exact: true })).toBeVisible()
    // each balance's value before and after, as the source reads it: the node's getter and word now, and after the same call is sent
    const balSlot = (who: string) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [getAddress(who), BigInt(tokenOut.storageLayout.storage.find((v) => v.label === balances)!.slot)]))
    const tokenTx = { from: minter, to: token, data: encodeFunctionData({ abi: tokenOut.abi, functionName: 'transfer', args: [TO, 5n] } as never), gas: '0x989680' }
    const held0 = { from: await held(devnet.rpcUrl, token, tokenOut.abi, 'balanceOf', [minter], balSlot(minter)), to: await held(devnet.rpcUrl, token, tokenOut.abi, 'balanceOf', [TO], balSlot(TO)) }
    expect((await sentAt(devnet.rpcUrl, tokenTx)).status).toBe('0x1')
    const held1 = { from: await held(devnet.rpcUrl, token, tokenOut.abi, 'balanceOf', [minter], balSlot(minter)), to: await held(devnet.rpcUrl, token, tokenOut.abi, 'balanceOf', [TO], balSlot(TO)) }
    for (const [who, key] of [[minter, 'from'], [getAddress(TO), 'to']] as const) {
      const row = cells(storage, `${balances}[${who}]`)
      await expect(row.before).toHaveText(`${held0[key].value}${held0[key].word}`)
      await expect(row.after).toHaveText(`${held1[key].value}${held1[key].word}`)
    }

    // the library: UsesLib.f(11) delegatecalls Math3.triple and writes `last`
    const usesLib = getAddress(fx.contracts.usesLib.address)
    const asked = server.requests.length
    await openTool(page, 'simulate', { mode: 'call', from: A0, to: usesLib, data: encodeFunctionData({ abi: libOut.abi, functionName: 'f', args: [11n] } as never), host })
    await page.getByRole('checkbox', { name: 'Name the trace with verified sources from this host' }).check()
    await page.getByRole('button', { name: 'Simulate', exact: true }).click()
    const named = page.getByRole('region', { name: 'Verified sources' })
    await expect(named).toContainText('UsesLib', { timeout: 30_000 })
    await expect(named).toContainText('Math3')
    const library = fx.contracts.library.address.toLowerCase()
    expect(server.requests.slice(asked).map((r) => r.url.split('?')[0]).sort()).toEqual([`/v2/contract/${fx.chainId}/${library}`, `/v2/contract/${fx.chainId}/${usesLib.toLowerCase()}`].sort())
    await expect(tree).toContainText('f(')
    await expect(tree).toContainText(`${triple.name}(`)
    await expect(tree.getByText(by('UsesLib')).first()).toBeVisible()
    // the library's frame, opened: a DELEGATECALL named by Math3's own verified source
    const libFrame = tree.getByRole('button', { name: new RegExp(`^DELEGATECALL Math3 .*${triple.name}\\(`) })
    await libFrame.click()
    await expect(libFrame).toHaveAttribute('aria-expanded', 'true')
    await expect(tree.getByText(by('Math3')).first()).toBeVisible()
    const libStorage = page.getByRole('table', { name: new RegExp(`Storage of ${usesLib}`) })
    await expect(libStorage).toContainText('Slots named by the storage layout of the verified source of UsesLib')
    await expect(libStorage.getByText(last[0]!, { exact: true })).toBeVisible()
    // `last` before and after, as the source reads it: the getter and the word on the node, before and after the same call is sent
    const lastSlot = `0x${BigInt(libOut.storageLayout.storage[0]!.slot).toString(16).padStart(64, '0')}` as Hex
    const before = await held(devnet.rpcUrl, usesLib, libOut.abi, 'last', [], lastSlot)
    expect((await sentAt(devnet.rpcUrl, { from: A0, to: usesLib, data: encodeFunctionData({ abi: libOut.abi, functionName: 'f', args: [11n] } as never), gas: '0x989680' })).status).toBe('0x1')
    const after = await held(devnet.rpcUrl, usesLib, libOut.abi, 'last', [], lastSlot)
    expect(after.value).toBe('33')
    const row = cells(libStorage, last[0]!)
    await expect(row.before).toHaveText(`${before.value}${before.word}`)
    await expect(row.after).toHaveText(`${after.value}${after.word}`)
  } finally {
    await server.close()
  }
})

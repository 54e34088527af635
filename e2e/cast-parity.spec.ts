/**
 * Issue #27 through the UI against the devnet (a real anvil): /find-block finds the block for a
 * time among blocks mined at known timestamps and agrees with `cast find-block`; /safe-tx on a
 * 1-of-1 Safe (the published Safe 1.4.1 contracts deployed on the devnet) gives the
 * execTransaction call data as soon as the owner signs in the page, and that call data executes.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { Address, Hex, Secp256k1 } from 'ox'
import { createSafe, deploySafeContracts, rpcOf, send, type H } from '../test/chain/safeKit'
import { expect, openTool, output, test } from './fixtures'

const castBin = join(process.cwd(), 'node_modules', '.bin', 'cast')

test('find-block: the block at or before a time, and the closest as cast find-block picks it', async ({ page, devnet }) => {
  const rpc = rpcOf(devnet.rpcUrl)
  const head = await rpc<{ number: string; timestamp: string }>('eth_getBlockByNumber', ['latest', false])
  // Mine 6 blocks 100 s apart after the head; the time asked is 30 s after the 3rd.
  let t = BigInt(head.timestamp) + 1000n
  const mined: { n: bigint; t: bigint }[] = []
  for (let i = 0; i < 6; i++) {
    await rpc('evm_setNextBlockTimestamp', [Number(t)])
    await rpc('evm_mine', [])
    mined.push({ n: BigInt(head.number) + 1n + BigInt(i), t })
    t += 100n
  }
  const target = mined[2]!.t + 30n
  await openTool(page, 'find-block', { time: target.toString() })
  await page.getByRole('button', { name: 'Find the block', exact: true }).click()
  await expect(output(page, 'Block at or before')).toHaveText(mined[2]!.n.toString())
  const theirs = execFileSync(castBin, ['find-block', target.toString(), '--rpc-url', devnet.rpcUrl], { encoding: 'utf8' }).trim()
  await expect(output(page, 'Closest (cast find-block)')).toHaveText(theirs)
  expect(theirs).toBe(mined[2]!.n.toString()) // 30 s after it, 70 s before the next
  await expect(output(page, 'UTC date')).toHaveText(new Date(Number(target) * 1000).toISOString().replace('.000Z', 'Z'))
})

test('safe-tx: a 1-of-1 owner signing in the page gets execTransaction call data that executes', async ({ page, devnet }) => {
  const rpc = rpcOf(devnet.rpcUrl)
  const deployer = (await rpc<H[]>('eth_accounts'))[0]!
  const d = await deploySafeContracts(rpc, deployer, '1.4.1')
  const b = new Uint8Array(32)
  crypto.getRandomValues(b)
  const key = Hex.fromBytes(b) as H
  const owner = Address.checksum(Address.fromPublicKey(Secp256k1.getPublicKey({ privateKey: key }))) as H
  const safe = await createSafe(rpc, deployer, d, [owner], 1n, BigInt(Date.now()))
  await rpc('anvil_setBalance', [safe, '0xde0b6b3a7640000'])
  crypto.getRandomValues(b)
  const to = Address.checksum(Hex.slice(Hex.fromBytes(b), 0, 20)) as H

  await openTool(page, 'safe-tx', { safe, to, value: '31337' })
  await page.getByLabel('Sign the safeTxHash').selectOption('eip712')
  await page.getByLabel('Owner private key').fill(key)
  await page.getByRole('button', { name: 'Check the Safe transaction', exact: true }).click()
  // The Safe section shows the threshold (1 of 1 owners); the combined section, signatures counted against it.
  await expect(output(page, 'Threshold').filter({ hasText: 'required' })).toHaveText('1 of 1 required')
  const data = (await output(page, 'execTransaction call data').textContent())!.trim()
  expect(data).toMatch(/^0x6a761202/)
  await expect(page).not.toHaveURL(new RegExp(key.slice(2)))
  const r = await send(rpc, { from: deployer, to: safe, data, gas: Hex.fromNumber(1_000_000) })
  expect(r.status).toBe('0x1')
  expect(BigInt(await rpc<H>('eth_getBalance', [to, 'latest']))).toBe(31337n)
})

/**
 * ERC-4337 user operations end to end (#27), on the devnet the e2e server starts (a real
 * anvil) with the published EntryPoint contracts deployed there (@account-abstraction/contracts
 * v0.6.0/v0.7.0/v0.8.0, test/fixtures/entrypoint): the userOpHash /user-operation shows equals
 * the deployed EntryPoint's own getUserOpHash (read here, in the test) for each version; and a
 * SimpleAccount op signed in the page simulates as executed and its handleOps call data,
 * sent by the test, executes (the ether arrives, UserOperationEvent carries the same hash).
 */
import { AbiFunction, Address, Hex } from 'ox'
import { expect, openTool, output, test, type Devnet } from './fixtures'
import { bytes, ownerOf, rpcOf, send, type H } from '../test/chain/safeKit'
import { deployEntryPoint, EP_VERSIONS, type EpVersion } from '../test/chain/userOpKit'
import type { Page } from '@playwright/test'

const execute = AbiFunction.from('function execute(address dest, uint256 value, bytes func)')
const getAddress = AbiFunction.from('function getAddress(address owner, uint256 salt) view returns (address)')
const createAccount = AbiFunction.from('function createAccount(address owner, uint256 salt)')
const EVENT_TOPIC = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'

/** A SimpleAccount op for `version` that deploys the owner's account through the factory and pays `value` to `to`. */
async function simpleAccountOp(devnet: Devnet, version: EpVersion, owner: H, to: H, value: bigint) {
  const rpc = rpcOf(devnet.rpcUrl)
  const deployer = (await rpc<H[]>('eth_accounts'))[7]!
  const d = await deployEntryPoint(rpc, deployer, version)
  const salt = BigInt(Date.now())
  const sender = AbiFunction.decodeResult(getAddress, await rpc<H>('eth_call', [{ to: d.factory, data: AbiFunction.encodeData(getAddress, [owner, salt]) }, 'latest'])) as H
  await rpc('anvil_setBalance', [sender, '0xde0b6b3a7640000'])
  const factoryData = AbiFunction.encodeData(createAccount, [owner, salt])
  const op = {
    sender,
    nonce: '0x0',
    ...(version === '0.6' ? { initCode: Hex.concat(d.factory, factoryData), paymasterAndData: '0x' } : { factory: d.factory, factoryData }),
    callData: AbiFunction.encodeData(execute, [to, value, '0x']),
    callGasLimit: '0x186a0',
    verificationGasLimit: '0xf4240',
    preVerificationGas: '0xea60',
    maxFeePerGas: '0x77359400',
    maxPriorityFeePerGas: '0x3b9aca00',
    signature: '0x',
  }
  return { rpc, deployer, d, json: JSON.stringify(op, null, 1) }
}

async function fillOp(page: Page, version: EpVersion, json: string, entryPoint: string) {
  await openTool(page, 'user-operation')
  await page.getByLabel('EntryPoint version', { exact: true }).selectOption(version)
  await page.getByLabel('User operation JSON', { exact: true }).fill(json)
  await page.getByText('Entry point, chain, beneficiary').click()
  await page.getByLabel('Entry point', { exact: true }).fill(entryPoint)
}

test('user-operation: the userOpHash equals the deployed EntryPoint\'s getUserOpHash for v0.6, v0.7 and v0.8', async ({ page, devnet }) => {
  for (const version of EP_VERSIONS) {
    const { rpc, d, json } = await simpleAccountOp(devnet, version, ownerOf(bytes(32)), Address.checksum(bytes(20)), 1234n)
    const { op } = (await import('../src/core/tx/UserOperation')).fromJson(json)
    const data = (await import('../src/core/tx/UserOperation')).getUserOpHashData(op, version)
    const contractHash = await rpc<H>('eth_call', [{ to: d.entryPoint, data }, 'latest'])
    await fillOp(page, version, json, d.entryPoint)
    await page.getByRole('button', { name: 'Check the user operation' }).click()
    await expect(output(page, 'userOpHash')).toHaveText(contractHash)
    await expect(output(page, "Entry point's getUserOpHash")).toHaveText(contractHash)
    // Unsigned: the entry point refuses it in the simulation (the account rejects the empty signature).
    await expect(output(page, 'Simulation')).toContainText(/^failed-op: The entry point refused the op: AA2[34]/)
  }
})

test('user-operation: signed in the page with a SimpleAccount owner key, simulated, and its handleOps executes', async ({ page, devnet }) => {
  const key = bytes(32)
  const owner = ownerOf(key)
  const to = Address.checksum(bytes(20))
  const { rpc, deployer, d, json } = await simpleAccountOp(devnet, '0.7', owner, to, 424242n)
  await fillOp(page, '0.7', json, d.entryPoint)
  await page.getByLabel('Beneficiary (gets the fees; sends the simulation)', { exact: true }).fill(deployer)
  await page.getByLabel('Sign the userOpHash', { exact: true }).selectOption('account')
  await page.getByLabel('Owner private key', { exact: true }).fill(key)
  await page.getByRole('button', { name: 'Check the user operation' }).click()

  await expect(output(page, 'Signer')).toHaveText(owner)
  await expect(output(page, 'Simulation')).toContainText(/^executed: /)
  await expect(output(page, 'call 1')).toContainText(`CALL ${to}  value 424242`)
  const userOpHash = await output(page, 'userOpHash').textContent()
  expect(await output(page, "Entry point's getUserOpHash").textContent()).toBe(userOpHash)
  const data = (await output(page, 'handleOps call data').textContent()) as H
  expect(page.url()).not.toContain(key.slice(2, 20))

  const r = await send(rpc, { from: deployer, to: d.entryPoint, data, gas: Hex.fromNumber(3_000_000) })
  expect(r.status).toBe('0x1')
  expect(BigInt(await rpc<H>('eth_getBalance', [to, 'latest']))).toBe(424242n)
  expect(r.logs.find((l) => l.topics[0] === EVENT_TOPIC)!.topics[1]).toBe(userOpHash)
})

/**
 * Smart accounts end to end, on the devnet the e2e server starts (a real anvil): /safe-tx
 * reads a Safe 1.4.1 deployed there from the published artifacts and shows the hashes, which
 * must equal the contract's own getTransactionHash (read here, in the test), with a warning;
 * and verify-signature checks a message signed for an ERC-1271 wallet through the chain.
 */
import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { AbiParameters, Hex } from 'ox'
import { expect, openTool, output, test } from './fixtures'
import { call, createSafe, deploy, deploySafeContracts, fn, rpcOf, wallets, type H } from '../test/chain/safeKit'

// anvil's documented test account #0 (a public test key).
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const OWNER2 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const castBin = join(process.cwd(), 'node_modules', '.bin', 'cast')
const cast = (args: string[]) => execFileSync(castBin, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }).trim()

test('safe-tx: hashes of a devnet Safe equal its getTransactionHash, with a DELEGATECALL warning', async ({ page, devnet }) => {
  const rpc = rpcOf(devnet.rpcUrl)
  const deployer = (await rpc<H[]>('eth_accounts'))[5]!
  const d = await deploySafeContracts(rpc, deployer, '1.4.1')
  const safe = await createSafe(rpc, deployer, d, [ADDRESS, OWNER2], 1n, BigInt(Date.now()))
  const tx = { to: '0x000000000000000000000000000000000000dEaD', value: 12345n, data: '0xdeadbeef' as H, operation: 1, nonce: 0n }
  const contractHash = await call<string>(rpc, safe, fn(d.safeAbi, 'getTransactionHash'), [tx.to, tx.value, tx.data, tx.operation, 0n, 0n, 0n, '0x0000000000000000000000000000000000000000', '0x0000000000000000000000000000000000000000', tx.nonce])
  const domainSeparator = await call<string>(rpc, safe, fn(d.safeAbi, 'domainSeparator'))

  await openTool(page, 'safe-tx')
  await page.getByLabel('Safe address', { exact: true }).fill(safe)
  await page.getByLabel('to', { exact: true }).fill(tx.to)
  await page.getByLabel('value (wei)', { exact: true }).fill(tx.value.toString())
  await page.getByLabel('data', { exact: true }).fill(tx.data)
  await page.getByLabel('operation', { exact: true }).selectOption('1')
  await page.getByLabel('Sign the safeTxHash', { exact: true }).selectOption('eip712')
  await page.getByLabel('Owner private key', { exact: true }).fill(KEY)
  await page.getByRole('button', { name: 'Check the Safe transaction' }).click()

  await expect(output(page, 'safeTxHash')).toHaveText(contractHash)
  await expect(output(page, "Contract's getTransactionHash")).toHaveText(contractHash)
  await expect(output(page, 'Domain hash')).toHaveText(domainSeparator)
  await expect(output(page, 'Domain hash (Ledger)')).toHaveText(`0x${domainSeparator.slice(2).toUpperCase()}`)
  await expect(output(page, 'Version')).toHaveText('1.4.1')
  await expect(page.getByText(/DELEGATECALL to 0x000000000000000000000000000000000000dEaD, which is not a known MultiSend/).first()).toBeVisible()
  // The signature is cast's signature of the same hash (EIP-712 form: the hash signed as is).
  await expect(output(page, 'Your signature')).toHaveText(cast(['wallet', 'sign', '--no-hash', '--private-key', KEY, contractHash]))
  await expect(output(page, 'Signer')).toHaveText(ADDRESS)
  expect(page.url()).not.toContain(KEY.slice(2, 20))
})

test('safe-tx: an address without code gets a clear message at the field', async ({ page }) => {
  await openTool(page, 'safe-tx', { safe: '0x00000000000000000000000000000000000b0b00', to: ADDRESS })
  await page.getByRole('button', { name: 'Check the Safe transaction' }).click()
  await expect(page.getByText(/There is no contract at 0x00000000000000000000000000000000000b0b00 on chain/)).toBeVisible()
})

test('verify-signature: a message signed for an ERC-1271 wallet, checked on the chain', async ({ page, devnet }) => {
  const rpc = rpcOf(devnet.rpcUrl)
  const deployer = (await rpc<H[]>('eth_accounts'))[6]!
  const init = Hex.concat(wallets.contracts.Wallet1271.bytecode, AbiParameters.encode(AbiParameters.from('address'), [ADDRESS])) as H
  const wallet = await deploy(rpc, deployer, init)
  const message = 'gm from a contract wallet'
  const signature = cast(['wallet', 'sign', '--private-key', KEY, message])

  await openTool(page, 'verify-signature')
  await page.getByLabel(/^Message, typed data JSON/).fill(message)
  await page.getByLabel('Signature', { exact: true }).fill(signature)
  await page.getByLabel('Expected signer (optional)').fill(wallet)
  // Offline (the check unticked): the key's signature does not recover to the wallet.
  await expect(output(page, 'Result')).toHaveText('INVALID: no mode recovers the expected address')
  await page.getByRole('checkbox', { name: /Check contract accounts on the connected chain/ }).check()
  await expect(output(page, 'Result')).toHaveText('Valid: signed by the expected address (EIP-191 personal message)')
  await expect(output(page, 'Decided by')).toHaveText('ERC-1271 isValidSignature (the signer is a contract)')
})

/**
 * The Safe flows of #27 end to end, through the pages, against the published Safe contracts
 * (1.3.0 and 1.4.1 from test/fixtures/safe, deployed here on the e2e devnet, a real anvil):
 * - /safe-tx on a 1-of-2 Safe: an owner signs in the page, which shows at once the combined
 *   signatures and the execTransaction call data; sent from Node (ethers v5), the Safe executes
 *   it (ExecutionSuccess with the page's safeTxHash, nonce + 1, the ether arrives);
 * - a 2-of-3: one signature pasted (made by ethers v5) and one made in the page;
 * - a nested Safe (an owner of the outer Safe that is a Safe): both hashes equal the contracts'
 *   getTransactionHash, the inner approveHash executes, then the outer execTransaction does;
 * - /safe-message on 1.3.0 and 1.4.1: the hash equals the Safe's getMessageHash (its
 *   CompatibilityFallbackHandler, whose deployed code hashes to safe-deployments' canonical code
 *   hash), a signature made in the page makes isValidSignature return the EIP-1271 magic value on
 *   the node, and a stranger's signature is said not valid;
 * - the legacy domain (before 1.3.0, no chain id) offline: equal to ethers v5's _TypedDataEncoder.
 *
 * Every key and random input comes from one printed seed (TEST_SEED=<n> to replay); every
 * transaction is sent by a fresh key funded here, so no nonce is shared with another spec.
 */
import type { Page } from '@playwright/test'
import { ethers } from 'ethers'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { expect, openTool, output, test, type Devnet } from './fixtures'
import { safeArtifact, type Artifact } from '../test/chain/safeKit'

const seedWord = new Uint32Array(1)
crypto.getRandomValues(seedWord)
const SEED = process.env.TEST_SEED ?? String(seedWord[0])
test.beforeAll(() => console.log(`safe-flows seed ${SEED} (TEST_SEED=${SEED} to replay)`))

const ZERO = ethers.constants.AddressZero
const u = ethers.utils
/** 32 bytes from the seed and a label (keys, messages, amounts). */
const rand = (label: string) => u.keccak256(u.toUtf8Bytes(`safe-flows:${SEED}:${label}`))
const randAddress = (label: string) => u.getAddress(u.hexDataSlice(rand(label), 12))
const randUint = (label: string, bits: number) => ethers.BigNumber.from(rand(label)).mask(bits)

/** The version's CompatibilityFallbackHandler (test/fixtures/safe/<version>, from the same tarball as its Safe). */
const handlerOf = (version: '1.3.0' | '1.4.1') => JSON.parse(readFileSync(join(process.cwd(), 'test', 'fixtures', 'safe', version, 'compatibilityFallbackHandler.json'), 'utf8')) as Artifact
/** The code hash of the version's canonical CompatibilityFallbackHandler, as @safe-global/safe-deployments records it. */
const canonicalHandlerCodeHash = (version: '1.3.0' | '1.4.1') =>
  (JSON.parse(readFileSync(join(process.cwd(), 'node_modules', '@safe-global', 'safe-deployments', 'dist', 'assets', `v${version}`, 'compatibility_fallback_handler.json'), 'utf8')) as { deployments: { canonical: { codeHash: string } } }).deployments.canonical.codeHash
const approveHash = new u.Interface(['function approveHash(bytes32 hashToApprove)'])

type SafeTx = { to: string; value: ethers.BigNumberish; data: string; operation: number; safeTxGas: number; baseGas: number; gasPrice: number; gasToken: string; refundReceiver: string; nonce: ethers.BigNumberish }
const txArgs = (t: SafeTx) => [t.to, t.value, t.data, t.operation, t.safeTxGas, t.baseGas, t.gasPrice, t.gasToken, t.refundReceiver, t.nonce] as const
const plainTx = (to: string, value: ethers.BigNumberish, data: string, nonce: ethers.BigNumberish = 0): SafeTx => ({ to, value, data, operation: 0, safeTxGas: 0, baseGas: 0, gasPrice: 0, gasToken: ZERO, refundReceiver: ZERO, nonce })

/** The devnet from Node: a fresh sender key (from the seed and `label`) funded with 100 ether. */
async function chainFor(devnet: Devnet, label: string) {
  const provider = new ethers.providers.StaticJsonRpcProvider(devnet.rpcUrl)
  provider.pollingInterval = 20
  const wallet = new ethers.Wallet(rand(`${label}:sender`), provider)
  await provider.send('anvil_setBalance', [wallet.address, '0x56bc75e2d63100000'])
  return { provider, wallet, label }
}
type Chain = Awaited<ReturnType<typeof chainFor>>

async function deployArtifact(c: Chain, a: Artifact): Promise<ethers.Contract> {
  const contract = await new ethers.ContractFactory(a.abi as never, a.bytecode, c.wallet).deploy()
  return contract.deployed()
}

/** A Safe of `version` with these owners and threshold, through the version's own proxy factory. */
async function createSafe(c: Chain, version: '1.3.0' | '1.4.1', owners: string[], threshold: number, fallbackHandler = ZERO): Promise<ethers.Contract> {
  const safeArt = safeArtifact(version, 'safe')!
  const singleton = await deployArtifact(c, safeArt)
  const factory = await deployArtifact(c, safeArtifact(version, 'factory')!)
  const initializer = singleton.interface.encodeFunctionData('setup', [owners, threshold, ZERO, '0x', fallbackHandler, ZERO, 0, ZERO])
  const salt = randUint(`${c.label}:salt:${owners.join()}`, 64)
  const address = await factory.callStatic.createProxyWithNonce!(singleton.address, initializer, salt)
  await (await factory.createProxyWithNonce!(singleton.address, initializer, salt)).wait()
  return new ethers.Contract(address, safeArt.abi as never, c.wallet)
}

/** Sends `data` to the Safe from Node and checks it executed the transaction whose hash is `safeTxHash`. */
async function execute(c: Chain, safe: ethers.Contract, data: string, safeTxHash: string) {
  expect(data, 'execTransaction call data').toMatch(/^0x6a761202/)
  const nonce = (await safe.nonce!()) as ethers.BigNumber
  const receipt = await (await c.wallet.sendTransaction({ to: safe.address, data, gasLimit: 1_000_000 })).wait()
  expect(receipt.status).toBe(1)
  const events = receipt.logs.filter((l) => l.address === safe.address).map((l) => safe.interface.parseLog(l))
  const success = events.find((e) => e.name === 'ExecutionSuccess')
  expect(success, `ExecutionSuccess among ${events.map((e) => e.name).join(', ')}`).toBeTruthy()
  expect(success!.args.txHash).toBe(safeTxHash)
  expect(((await safe.nonce!()) as ethers.BigNumber).toNumber()).toBe(nonce.toNumber() + 1)
}

/** An owner signature over a hash, EIP-712 form (v = 27/28), by ethers v5. */
const signHash = (key: string, hash: string) => u.joinSignature(new u.SigningKey(key).signDigest(hash))

/** The rows of the result section titled `title` (a title can repeat a row label of another section). */
const section = (page: Page, title: string) => page.locator('.section').filter({ has: page.getByRole('heading', { name: title, exact: true }) })
const text = async (page: Page, label: string) => (await output(page, label).textContent())!

async function fillSafeTx(page: Page, safe: string, tx: { to: string; value: string; data?: string }, key?: string) {
  await openTool(page, 'safe-tx')
  await page.getByLabel('Safe address', { exact: true }).fill(safe)
  await page.getByLabel('to', { exact: true }).fill(tx.to)
  await page.getByLabel('value (wei)', { exact: true }).fill(tx.value)
  if (tx.data) await page.getByLabel('data', { exact: true }).fill(tx.data)
  if (key) {
    await page.getByLabel('Sign the safeTxHash', { exact: true }).selectOption('eip712')
    await page.getByLabel('Owner private key', { exact: true }).fill(key)
  }
}
const check = (page: Page) => page.getByRole('button', { name: 'Check the Safe transaction' }).click()

for (const version of ['1.3.0', '1.4.1'] as const) {
  test(`safe-tx ${version}, 1 of 2: the owner signs in the page, the call data shows at once and the Safe executes it`, async ({ page, devnet }) => {
    const c = await chainFor(devnet, `one-of-two-${version}`)
    const keys = [rand(`${c.label}:owner0`), rand(`${c.label}:owner1`)]
    const owners = keys.map((k) => new ethers.Wallet(k).address)
    const safe = await createSafe(c, version, owners, 1)
    await c.provider.send('anvil_setBalance', [safe.address, '0xde0b6b3a7640000'])
    const to = randAddress(`${c.label}:to`)
    const value = randUint(`${c.label}:value`, 48).toString()
    const contractHash = await safe.getTransactionHash!(...txArgs(plainTx(to, value, '0x')))

    await fillSafeTx(page, safe.address, { to, value }, keys[1]!)
    await check(page)
    await expect(output(page, 'safeTxHash')).toHaveText(contractHash)
    await expect(output(page, 'Signer')).toHaveText(owners[1]!)
    const combined = section(page, 'Combined signatures')
    await expect(combined.getByRole('status', { name: 'Threshold', exact: true })).toHaveText('1 of 1 required')
    await expect(output(page, 'signatures')).toHaveText(await text(page, 'Your signature'))
    await expect(output(page, 'signatures')).toHaveText(signHash(keys[1]!, contractHash))
    const data = await text(page, 'execTransaction call data')
    expect(page.url()).not.toContain(keys[1]!.slice(2, 20))

    await execute(c, safe, data, contractHash)
    expect((await c.provider.getBalance(to)).toString()).toBe(value)
  })
}

test('safe-tx 1.4.1, 2 of 3: one signature pasted and one made in the page; below the threshold no call data', async ({ page, devnet }) => {
  const c = await chainFor(devnet, 'two-of-three')
  const keys = [0, 1, 2].map((i) => rand(`${c.label}:owner${i}`))
  const owners = keys.map((k) => new ethers.Wallet(k).address)
  const safe = await createSafe(c, '1.4.1', owners, 2)
  // The effect: the Safe raises its own threshold to 3 (a call to itself).
  const data = safe.interface.encodeFunctionData('changeThreshold', [3])
  const contractHash = await safe.getTransactionHash!(...txArgs(plainTx(safe.address, 0, data)))

  await fillSafeTx(page, safe.address, { to: safe.address, value: '0', data }, keys[2]!)
  await check(page)
  await expect(output(page, 'safeTxHash')).toHaveText(contractHash)
  const combined = section(page, 'Combined signatures')
  await expect(combined.getByRole('status', { name: 'Threshold', exact: true })).toHaveText('1 of 2 required')
  await expect(combined).toContainText('Collect the other owners\' signatures and paste them above')
  await expect(output(page, 'execTransaction call data')).toHaveCount(0)

  await page.getByLabel('Owner signatures to combine (optional)', { exact: true }).fill(signHash(keys[0]!, contractHash))
  await check(page)
  await expect(combined.getByRole('status', { name: 'Threshold', exact: true })).toHaveText('2 of 2 required')
  const sorted = [0, 2].sort((a, b) => (BigInt(owners[a]!) < BigInt(owners[b]!) ? -1 : 1))
  await expect(output(page, 'signatures')).toHaveText(u.hexConcat(sorted.map((i) => signHash(keys[i]!, contractHash))))
  await execute(c, safe, await text(page, 'execTransaction call data'), contractHash)
  expect(((await safe.getThreshold!()) as ethers.BigNumber).toNumber()).toBe(3)
})

test('safe-tx nested: the outer and inner approveHash hashes equal the contracts\'; the inner executes, then the outer', async ({ page, devnet }) => {
  const c = await chainFor(devnet, 'nested')
  const innerKey = rand(`${c.label}:inner-owner`)
  const outerKey = rand(`${c.label}:outer-owner`)
  // A 1.3.0 Safe owned by one key is an owner of a 1.4.1 Safe, with a key owner: 2 of 2.
  const inner = await createSafe(c, '1.3.0', [new ethers.Wallet(innerKey).address], 1)
  const outer = await createSafe(c, '1.4.1', [inner.address, new ethers.Wallet(outerKey).address], 2)
  await c.provider.send('anvil_setBalance', [outer.address, '0xde0b6b3a7640000'])
  const to = randAddress(`${c.label}:to`)
  const value = randUint(`${c.label}:value`, 40).toString()
  const outerHash = (await outer.getTransactionHash!(...txArgs(plainTx(to, value, '0x')))) as string
  const innerData = approveHash.encodeFunctionData('approveHash', [outerHash])
  const innerHash = (await inner.getTransactionHash!(...txArgs(plainTx(outer.address, 0, innerData)))) as string

  await fillSafeTx(page, outer.address, { to, value }, outerKey)
  await page.getByText('More options', { exact: true }).click()
  await page.getByLabel('Nested Safe (an owner that is a Safe)', { exact: true }).fill(inner.address)
  await check(page)
  await expect(output(page, 'safeTxHash')).toHaveText(outerHash)
  await expect(output(page, 'Inner safeTxHash')).toHaveText(innerHash)
  await expect(output(page, 'Inner transaction')).toHaveText(`to ${outer.address}\ndata ${innerData}`)
  await expect(output(page, 'Inner domain hash')).toHaveText(await inner.domainSeparator!())
  // Only the page's own signature so far: 1 of 2, no call data.
  await expect(section(page, 'Combined signatures').getByRole('status', { name: 'Threshold', exact: true })).toHaveText('1 of 2 required')

  // The nested Safe's owner signs the inner hash (ethers v5) and the inner approveHash executes.
  const innerCall = inner.interface.encodeFunctionData('execTransaction', [...txArgs(plainTx(outer.address, 0, innerData)).slice(0, 9), signHash(innerKey, innerHash)])
  await execute(c, inner, innerCall, innerHash)
  expect(((await outer.approvedHashes!(inner.address, outerHash)) as ethers.BigNumber).toNumber()).toBe(1)

  // The page's approved-hash signature of the nested Safe, pasted back: the outer executes.
  await page.getByLabel('Owner signatures to combine (optional)', { exact: true }).fill(await text(page, 'Outer signature of the nested Safe'))
  await check(page)
  await expect(section(page, 'Combined signatures').getByRole('status', { name: 'Threshold', exact: true })).toHaveText('2 of 2 required')
  await execute(c, outer, await text(page, 'execTransaction call data'), outerHash)
  expect((await c.provider.getBalance(to)).toString()).toBe(value)
})

for (const version of ['1.3.0', '1.4.1'] as const) {
test(`safe-message ${version}: the hash equals getMessageHash, the page's signature passes isValidSignature on the node, a stranger's does not`, async ({ page, devnet }) => {
  const c = await chainFor(devnet, version === '1.4.1' ? 'message' : `message-${version}`)
  const keys = [rand(`${c.label}:owner0`), rand(`${c.label}:owner1`)]
  const handlerArtifact = handlerOf(version)
  const handler = await deployArtifact(c, handlerArtifact)
  // The handler deployed is the published one: its code hashes to safe-deployments' canonical codeHash.
  expect(u.keccak256(await c.provider.getCode(handler.address))).toBe(canonicalHandlerCodeHash(version))
  const safe = await createSafe(c, version, keys.map((k) => new ethers.Wallet(k).address), 1, handler.address)
  const viaHandler = new ethers.Contract(safe.address, handlerArtifact.abi as never, c.provider)
  const message = `Sign in to example.org, nonce ${rand(`${c.label}:message`).slice(2, 18)}`
  const digest = u.hashMessage(message) // what the Safe apps sign for a text message: SafeMessage(bytes message = this)
  const contractHash = (await viaHandler.getMessageHash!(digest)) as string
  const { chainId } = await c.provider.getNetwork()
  expect(contractHash).toBe(u._TypedDataEncoder.hash({ chainId, verifyingContract: safe.address }, { SafeMessage: [{ name: 'message', type: 'bytes' }] }, { message: digest }))

  await openTool(page, 'safe-message')
  await page.getByLabel('Safe address', { exact: true }).fill(safe.address)
  await page.getByLabel('Message', { exact: true }).fill(message)
  await page.getByLabel('Sign the safeMessageHash', { exact: true }).selectOption('eip712')
  await page.getByLabel('Owner private key', { exact: true }).fill(keys[1]!)
  const hash = () => page.getByRole('button', { name: 'Hash the Safe message' }).click()
  await hash()
  await expect(output(page, 'safeMessageHash')).toHaveText(contractHash)
  await expect(output(page, "Safe's getMessageHash")).toHaveText(contractHash)
  await expect(output(page, 'isValidSignature')).toHaveText('valid')
  await expect(output(page, '#1 eip712')).toHaveText(new ethers.Wallet(keys[1]!).address)
  const signatures = await text(page, 'signatures')
  expect(signatures).toBe(signHash(keys[1]!, contractHash))
  expect(await viaHandler['isValidSignature(bytes32,bytes)']!(digest, signatures)).toBe('0x1626ba7e')
  expect(page.url()).not.toContain(keys[1]!.slice(2, 20))

  // A stranger's signature over the same hash, pasted: not valid, on the node and in the page.
  const stranger = signHash(rand(`${c.label}:stranger`), contractHash)
  await expect(viaHandler['isValidSignature(bytes32,bytes)']!(digest, stranger)).rejects.toThrow()
  await page.getByLabel('Sign the safeMessageHash', { exact: true }).selectOption('none')
  await page.getByLabel('Owner signatures to combine (optional)', { exact: true }).fill(stranger)
  await hash()
  await expect(output(page, 'isValidSignature')).toHaveText('not valid')
  const combined = section(page, 'Combined signatures')
  await expect(output(page, '#1 eip712')).toHaveText(new ethers.Wallet(rand(`${c.label}:stranger`)).address)
  await expect(combined).toContainText('NOT an owner of this Safe')
  await expect(combined).toContainText('isValidSignature(bytes32,bytes): reverted: GS026: Invalid owner provided (a signature is not from an owner of this Safe')
  await expect(combined.getByRole('status', { name: 'Threshold', exact: true })).toHaveText('0 of 1 required')
})
}

test('safe-tx legacy domain (1.0.0, 1.1.1, 1.2.0), offline: hashes equal ethers v5 over EIP712Domain(verifyingContract)', async ({ page }) => {
  for (const version of ['1.0.0', '1.1.1', '1.2.0']) {
    const l = `legacy-${version}`
    const safe = randAddress(`${l}:safe`)
    const tx = { ...plainTx(randAddress(`${l}:to`), randUint(`${l}:value`, 80).toString(), u.hexDataSlice(rand(`${l}:data`), 0, 1 + (randUint(`${l}:len`, 5).toNumber())), randUint(`${l}:nonce`, 16).toString()), operation: randUint(`${l}:op`, 1).toNumber(), safeTxGas: randUint(`${l}:sg`, 20).toNumber(), baseGas: randUint(`${l}:bg`, 16).toNumber() }
    // From 1.0.0 on the field is baseGas (its SAFE_TX_TYPEHASH 0xbb8310d4…, as in the 1.0.0 artifact); dataGas was before 1.0.0.
    const types = { SafeTx: [['address', 'to'], ['uint256', 'value'], ['bytes', 'data'], ['uint8', 'operation'], ['uint256', 'safeTxGas'], ['uint256', 'baseGas'], ['uint256', 'gasPrice'], ['address', 'gasToken'], ['address', 'refundReceiver'], ['uint256', 'nonce']].map(([type, name]) => ({ type: type!, name: name! })) }
    const domain = { verifyingContract: safe }
    const expected = u._TypedDataEncoder.hash(domain, types, tx)

    await fillSafeTx(page, safe, { to: tx.to, value: String(tx.value), data: tx.data })
    await page.getByRole('checkbox', { name: 'Read version, nonce and owners from the connected chain' }).uncheck()
    await page.getByLabel('Safe version', { exact: true }).selectOption(version)
    await page.getByLabel('operation', { exact: true }).selectOption(String(tx.operation))
    await page.getByLabel('safeTxGas', { exact: true }).fill(String(tx.safeTxGas))
    await page.getByLabel('baseGas', { exact: true }).fill(String(tx.baseGas))
    await page.getByLabel('nonce', { exact: true }).fill(String(tx.nonce))
    await check(page)
    await expect(output(page, 'safeTxHash'), `Safe ${version}`).toHaveText(expected)
    await expect(output(page, 'Domain hash')).toHaveText(u._TypedDataEncoder.hashDomain(domain))
    await expect(output(page, 'Version')).toHaveText(version)
  }
})

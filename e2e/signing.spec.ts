import { execFileSync } from 'node:child_process'
import { join } from 'node:path'
import { expect, importKeyThenPickIn, openTool, output, test } from './fixtures'

// anvil's documented test account #0 (a public test key).
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const castBin = join(process.cwd(), 'node_modules', '.bin', 'cast')
const cast = (args: string[]) => execFileSync(castBin, args, { encoding: 'utf8', env: { ...process.env, NO_COLOR: '1' } }).trim()

test('sign a message, then verify it from the result link', async ({ page }) => {
  await openTool(page, 'sign-message')
  await page.getByLabel('Private key', { exact: true }).fill(KEY)
  await page.getByLabel('Message', { exact: true }).fill('gm from Ether Workbench')
  const expected = cast(['wallet', 'sign', '--private-key', KEY, 'gm from Ether Workbench'])
  await expect(output(page, 'Signature')).toHaveText(expected)
  await expect(output(page, 'Signer')).toHaveText(ADDRESS)
  // the key never reaches the URL
  expect(page.url()).not.toContain(KEY.slice(2, 20))
  await page.getByRole('link', { name: 'Verify it' }).click()
  await expect(page).toHaveURL(/\/verify-signature\?/)
  await expect(output(page, 'Result')).toHaveText('Valid: signed by the expected address (EIP-191 personal message)')
  // one changed character and it no longer verifies
  await page.getByLabel(/^Message, typed data JSON/).fill('gm from Ether Workbench!')
  await expect(output(page, 'Result')).toHaveText('INVALID: no mode recovers the expected address')
})

test('verify a typed-data signature made by cast, mode unknown', async ({ page }) => {
  const typed = {
    types: {
      EIP712Domain: [{ name: 'name', type: 'string' }, { name: 'chainId', type: 'uint256' }],
      Order: [{ name: 'maker', type: 'address' }, { name: 'amount', type: 'uint256' }, { name: 'note', type: 'string' }],
    },
    primaryType: 'Order',
    domain: { name: 'Workbench Exchange', chainId: 1 },
    message: { maker: ADDRESS, amount: '1000000000000000000', note: 'e2e' },
  }
  const json = JSON.stringify(typed)
  const signature = cast(['wallet', 'sign', '--private-key', KEY, '--data', json])
  await openTool(page, 'verify-signature')
  await page.getByLabel(/^Message, typed data JSON/).fill(json)
  await page.getByLabel('Signature', { exact: true }).fill(signature)
  await page.getByLabel('Expected signer (optional)').fill(ADDRESS)
  await expect(output(page, 'Result')).toHaveText('Valid: signed by the expected address (EIP-712 typed data)')
  await expect(output(page, 'Matched mode')).toHaveText('EIP-712 typed data digest')
})

test('build and sign an EIP-1559 transaction, then decode it', async ({ page }) => {
  await openTool(page, 'tx-build')
  await page.getByLabel('Type', { exact: true }).selectOption('eip1559')
  await page.getByLabel('Chain id', { exact: true }).fill('1')
  await page.getByLabel('Nonce', { exact: true }).fill('3')
  await page.getByLabel('To (empty = contract creation)').fill('0x3535353535353535353535353535353535353535')
  await page.getByLabel(/^Value/).fill('1 ether')
  await page.getByLabel('Gas limit').fill('21000')
  await page.getByLabel(/^Max fee per gas/).fill('20')
  await page.getByLabel(/^Max priority fee per gas/).fill('1')
  // legacy-only fields are not shown for a 1559 transaction
  await expect(page.getByLabel(/^Gas price/)).toHaveCount(0)
  await page.getByLabel(/^Private key/).fill(KEY)
  const expected = cast(['mktx', '--private-key', KEY, '--chain', '1', '--nonce', '3', '--gas-limit', '21000', '--gas-price', '20gwei', '--priority-gas-price', '1gwei', '--value', '1ether', '0x3535353535353535353535353535353535353535'])
  await expect(output(page, 'Raw signed transaction')).toHaveText(expected)
  await expect(output(page, 'Sender')).toHaveText(ADDRESS)
  await page.getByRole('link', { name: 'Decode it' }).last().click()
  await expect(page).toHaveURL(/\/tx-decode\?/)
  await expect(output(page, 'Type')).toHaveText('EIP-1559 (fee market) · 0x02')
  await expect(output(page, 'Sender')).toHaveText(ADDRESS)
  await expect(output(page, 'Value')).toHaveText('1 ether')
  await expect(output(page, 'Max fee per gas')).toHaveText('20 gwei')
  await expect(output(page, 'Transaction hash')).toHaveText(cast(['keccak', expected]))
})

test('inspect a high-s signature: flagged, with its canonical twin', async ({ page }) => {
  // ERC-2098 test case 1 with s replaced by n - s and v flipped (27 -> 28).
  await openTool(page, 'signature-inspect', {
    r: '0x68a020a209d3d56c46f38cc50a33f704f4a9a10a59377f8dd762ac66910e9b90',
    s: '0x8179a52fa3bfca54a86d8782b5fd685a84972e5d3617f93d725032fd219120dd',
    v: '28',
    digest: cast(['hash-message', 'Hello World']),
  })
  await expect(output(page, 'High s')).toContainText('Yes: s > n/2')
  await expect(output(page, 'Canonical twin')).toHaveText(
    '0x68a020a209d3d56c46f38cc50a33f704f4a9a10a59377f8dd762ac66910e9b907e865ad05c4035ab5792787d4a0297a43617ae897930a6fe4d822b8faea520641b',
  )
  await expect(output(page, 'Address')).toHaveText(cast(['wallet', 'address', '--private-key', '0x1234567890123456789012345678901234567890123456789012345678901234']))
})

test('malformed input gets an error that names the problem', async ({ page }) => {
  await openTool(page, 'tx-decode')
  // legacy transaction whose nonce is written with a leading zero byte
  await page.getByRole('textbox', { name: 'Raw transaction' }).fill('0xc6008080808080')
  await expect(page.getByRole('alert').first()).toContainText('The nonce (field 0 of a legacy transaction) has a leading zero byte')
  await openTool(page, 'rlp', { mode: 'decode', input: '0x8100' })
  await expect(page.getByRole('alert').first()).toContainText('Non-canonical RLP')
})

test('a key imported by the wallet tools can be picked from the keyring, not retyped', async ({ page }) => {
  await importKeyThenPickIn(page, KEY, ADDRESS, { query: 'sign a message', option: /Sign a message/, id: 'sign-message' })
  await page.getByLabel('Message', { exact: true }).fill('picked from the keyring')
  await expect(output(page, 'Signature')).toHaveText(cast(['wallet', 'sign', '--private-key', KEY, 'picked from the keyring']))
  expect(page.url()).not.toContain(KEY.slice(2, 20))
})

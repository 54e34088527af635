/**
 * The newcomer's day (#17), its remaining points: decoded values shown formatted, the
 * selectors of a contract read from the node, and messages in the field's words. (The
 * structure check of every page at both sizes is in every-page.spec.ts.)
 * Values come from cast, Node's Date and solc-js, never from the page under test.
 */
import type { Page } from '@playwright/test'
import { expect, impersonatedSender, openTool, output, test } from './fixtures'

// The tests are independent (each has its own page): both workers take them.
test.describe.configure({ mode: 'parallel' })

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText())
/** cast to-unit keeps every fractional digit unless the value is whole ("1.500000" vs "1"). */
const trimFraction = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s)

test('decoded values: units with a decimals picker, a date, a checksummed address, bytes32 text, the raw value one press away', async ({ page }) => {
  const { cast } = await import('../test/support')
  const who = '0xd8da6bf26964af9d7eed9e03e53415d37aa96045'
  const word = cast(['format-bytes32-string', 'hello'])
  const data = cast(['abi-encode', 'f(uint256,uint256,address,bytes32)', '1500000', '1700000000', who, word])
  await openTool(page, 'result-decode', { data, function: '(uint256 amount, uint256 time, address who, bytes32 name)' })
  await expect(output(page, 'amount')).toHaveText('1500000')

  // one "Show as" per type (#35): every uint256 raw by default; 6 decimals → what cast to-unit says, for both uint256 values
  const showUint = page.getByRole('group', { name: 'Show values as' }).getByRole('combobox', { name: 'Show every uint256 as' })
  await expect(showUint).toHaveValue('raw')
  await expect(page.getByRole('combobox', { name: /^Show as/ })).toHaveCount(0)
  await showUint.selectOption({ label: 'Amount in units' })
  await page.getByRole('combobox', { name: 'Decimals (uint256 values)' }).selectOption('6')
  await expect(output(page, 'amount')).toHaveText(trimFraction(cast(['to-unit', '1500000', '6'])))
  await expect(output(page, 'time')).toHaveText(trimFraction(cast(['to-unit', '1700000000', '6'])))
  await page.getByRole('button', { name: 'Copy amount', exact: true }).click()
  await expect.poll(() => clipboard(page)).toBe(trimFraction(cast(['to-unit', '1500000', '6'])))
  await page.getByRole('button', { name: 'Copy amount (raw)' }).click()
  await expect.poll(() => clipboard(page)).toBe('1500000')
  // The raw toggle, by keyboard
  const raw = page.getByRole('button', { name: 'Raw', exact: true }).first()
  await raw.focus()
  await page.keyboard.press('Space')
  await expect(raw).toHaveAttribute('aria-pressed', 'true')
  await expect(output(page, 'amount')).toHaveText('1500000')
  await page.keyboard.press('Space')
  await expect(output(page, 'amount')).toHaveText('1.5')
  // other decimals, typed; a wrong one is said at the control
  await page.getByRole('combobox', { name: 'Decimals (uint256 values)' }).selectOption({ label: 'Other…' })
  const other = page.getByRole('textbox', { name: 'Other decimals (uint256 values), 0 to 77' })
  await other.fill('abc')
  await expect(page.getByRole('alert')).toContainText('not a number of decimals')
  await other.fill('2')
  await expect(output(page, 'amount')).toHaveText(trimFraction(cast(['to-unit', '1500000', '2'])))

  // time: a uint256 too, but a date: its own choice, as Node's Date gives it; the amount keeps the type's
  await page.getByRole('button', { name: 'Show as… (time)' }).click()
  await page.getByRole('combobox', { name: 'Show as (time)' }).selectOption({ label: 'Date (unix time)' })
  await expect(output(page, 'time')).toContainText(new Date(1700000000 * 1000).toISOString())
  await expect(output(page, 'time')).toContainText('ago')
  await expect(output(page, 'amount')).toHaveText(trimFraction(cast(['to-unit', '1500000', '2'])))

  // who: checksummed (cast to-check-sum-address) and lowercase
  const showWho = page.getByRole('combobox', { name: 'Show every address as' })
  await showWho.selectOption({ label: 'Checksummed (EIP-55)' })
  await expect(output(page, 'who')).toHaveText(cast(['to-check-sum-address', who]))
  await showWho.selectOption({ label: 'Lowercase' })
  await expect(output(page, 'who')).toHaveText(who)

  // name: the bytes32 string's text (cast parse-bytes32-string)
  await page.getByRole('combobox', { name: 'Show every bytes32 as' }).selectOption({ label: 'Text (bytes32 string)' })
  await expect(output(page, 'name')).toHaveText(cast(['parse-bytes32-string', word]))
  // the same choice in the call-data decoder
  await openTool(page, 'calldata-decode', { data: cast(['calldata', 'transfer(address,uint256)', who, '2500000000000000000']) })
  await page.getByRole('combobox', { name: 'Show every uint256 as' }).selectOption({ label: 'Amount in units' })
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(trimFraction(cast(['to-unit', '2500000000000000000', '18'])))
  // and in a decoded transaction's call (a transfer signed offline by cast mktx)
  const key = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80' // anvil account 0, public test key
  const rawTx = cast(['mktx', '--private-key', key, '--chain', '1', '--nonce', '0', '--gas-limit', '60000', '--gas-price', '1000000000', '--legacy', '0x6b175474e89094c44da98b954eedeac495271d0f', 'transfer(address,uint256)', who, '2500000000000000000'])
  await openTool(page, 'tx-decode')
  const rawField = page.getByRole('textbox').first()
  await rawField.fill(rawTx)
  await rawField.press('Control+Enter')
  const amountChoice = page.getByRole('combobox', { name: 'Show every uint256 as' })
  await amountChoice.selectOption({ label: 'Amount in units' })
  await expect(page.getByRole('region', { name: 'Result' })).toContainText(trimFraction(cast(['to-unit', '2500000000000000000', '18'])))
})

test('bytecode-selectors: the selectors of a contract on the node, and of a proxy\'s implementation (cast code, cast selectors)', async ({ page, devnet }) => {
  const { cast } = await import('../test/support')
  const { compile } = await import('../test/chain/solc')
  // A sender of its own (impersonated, funded): the devnet's test accounts belong to other tests that count their nonces.
  const { deploy } = await impersonatedSender(devnet, '0x00000000000000000000000000000000000e2e17')
  const c = compile(`// SPDX-License-Identifier: MIT
pragma solidity ^0.8.0;
contract Counter { uint256 public count; function inc() external { count += 1; } function add(uint256 v) external { count += v; } }
contract Proxy1967 {
  constructor(address impl) { assembly { sstore(0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc, impl) } }
  fallback() external payable { assembly { let ok := delegatecall(gas(), sload(0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc), 0, 0, 0, 0) } }
}`)
  const counter = await deploy(c.Counter!.bytecode)
  const proxy = await deploy(`${c.Proxy1967!.bytecode}${cast(['abi-encode', 'f(address)', counter]).slice(2)}`)
  const theirs = cast(['selectors', cast(['code', counter, '--rpc-url', devnet.rpcUrl])]).split('\n').map((l) => l.split(/\s/)[0]!)
  expect(theirs.length).toBe(3)

  await openTool(page, 'bytecode-selectors')
  await page.getByRole('combobox', { name: 'Read selectors from' }).selectOption({ label: 'An address on the connected node' })
  const address = page.getByRole('textbox', { name: 'Contract address' })
  await address.fill(counter)
  await address.press('Control+Enter')
  for (const sel of theirs) await expect(output(page, sel)).toBeVisible()
  await expect(output(page, 'Address')).toHaveText(cast(['to-check-sum-address', counter]))

  // the proxy: its own code dispatches none of them; followed, the implementation's
  await address.fill(proxy)
  await address.press('Control+Enter')
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('No functions found')
  await page.getByRole('checkbox', { name: 'Follow a proxy to its implementation' }).check()
  await address.press('Control+Enter')
  for (const sel of theirs) await expect(output(page, sel)).toBeVisible()
  await expect(output(page, 'Implementation')).toHaveText(cast(['to-check-sum-address', cast(['implementation', proxy, '--rpc-url', devnet.rpcUrl])]))

  // an address with no code is said at the address field
  await address.fill('0x000000000000000000000000000000000000dEaD')
  await page.getByRole('checkbox', { name: 'Follow a proxy to its implementation' }).uncheck()
  await address.press('Control+Enter')
  await expect(page.getByRole('alert')).toContainText('No code at 0x000000000000000000000000000000000000dead')
})

test('messages speak the field: JSON errors name a line and column, never the engine\'s text; no NaN; labels, not keys', async ({ page }) => {
  await openTool(page, 'abi')
  const abi = page.getByRole('textbox').first()
  await abi.fill('[{"type": "function",, }]')
  await abi.blur()
  await expect(page.getByRole('alert').first()).toContainText('at line 1, column 22')
  await expect(page.getByText(/in JSON at position|Unexpected token/)).toHaveCount(0)

  await openTool(page, 'rlp', { mode: 'encode' })
  const rlp = page.getByRole('textbox').first()
  await rlp.fill('["0x61",\n  ["0x62" 1]]')
  await rlp.blur()
  await expect(page.getByRole('alert').first()).toContainText('unexpected "1" at line 2, column 11')

  await openTool(page, 'storage-slot', { layout: 'array' })
  const size = page.getByRole('textbox', { name: 'Array element size in bytes' })
  await size.fill('abc')
  await size.blur()
  await expect(page.getByRole('alert').filter({ hasText: 'Element size' })).toContainText('"abc" is not a number of bytes')
  await expect(page.getByText(/\bNaN\b/)).toHaveCount(0)

  await openTool(page, 'safe-tx', { readChain: 'false' })
  const chain = page.getByRole('textbox', { name: 'Chain id' })
  // The page may still be settling (connection state) when it first shows: type again until the run sees it.
  await expect(async () => {
    await chain.fill('ten')
    await chain.press('Control+Enter')
    await expect(page.getByRole('alert').filter({ hasText: 'Chain id is not a whole number' })).toBeVisible({ timeout: 3000 })
  }).toPass({ timeout: 30_000 })
  await expect(page.getByText(/chainId is not/)).toHaveCount(0)
})

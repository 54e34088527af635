import { expect, openTool, output, test } from './fixtures'

// Expected values come from Foundry's cast (cast calldata / cast sig / cast sig-event).
const ERC20_ABI = `function balanceOf(address owner) view returns (uint256)
function transfer(address to, uint256 amount) returns (bool)
function approve(address spender, uint256 amount) returns (bool)
event Transfer(address indexed from, address indexed to, uint256 value)`
// A function no public table knows: cast calldata "mintTo(address,uint256,bytes32)" 0xd8dA…6045 7 0x6d656d6f…
const MINT_TO = '0x6fb66f2d000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000000076d656d6f00000000000000000000000000000000000000000000000000000000'
// cast calldata "transfer(address,uint256)" 0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045 1500000000000000000
const TRANSFER_1_5 = '0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000014d1120d7b160000'
// cast calldata "aggregate3((address,bool,bytes)[])" with a USDC transfer and an unlimited approve to the Uniswap V3 router
const AGGREGATE3 =
  '0x82ad56cb0000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000000200000000000000000000000000000000000000000000000000000000000000400000000000000000000000000000000000000000000000000000000000000120000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000044a9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f424000000000000000000000000000000000000000000000000000000000000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48000000000000000000000000000000000000000000000000000000000000000100000000000000000000000000000000000000000000000000000000000000600000000000000000000000000000000000000000000000000000000000000044095ea7b3000000000000000000000000e592427a0aece92de3edee1f18e0157c05861564ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff00000000000000000000000000000000000000000000000000000000'
// cast calldata "Error(string)" "Not enough Ether provided."
const REVERT =
  '0x08c379a00000000000000000000000000000000000000000000000000000000000000020000000000000000000000000000000000000000000000000000000000000001a4e6f7420656e6f7567682045746865722070726f76696465642e000000000000'

test('calldata: paste an ERC-20 ABI, see selectors, keep it in the library', async ({ page }) => {
  await openTool(page, 'abi')
  await page.getByLabel('ABI', { exact: true }).fill(`${ERC20_ABI}\nfunction mintTo(address to, uint256 amount, bytes32 memo)`)
  await expect(output(page, 'transfer(address,uint256)')).toHaveText('0xa9059cbb')
  await expect(output(page, 'Transfer(address,address,uint256)')).toHaveText('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')
  await expect(output(page, 'interface')).toContainText('function transfer(address to, uint256 amount) external returns (bool);')
  await page.getByLabel('Name for this ABI').fill('My token')
  await page.getByRole('button', { name: 'Save to library' }).click()
  await expect(page.getByRole('list', { name: 'Saved ABIs' })).toContainText('My token')
  // a malformed ABI points at the line and the problem
  await page.getByLabel('ABI', { exact: true }).fill('function ok()\nfunction bad(uint7 x)')
  await expect(page.getByRole('alert').first()).toContainText('Line 2')
  await expect(page.getByRole('alert').first()).toContainText('uint7: integer sizes are multiples of 8')
  // the library survives a reload and can load the ABI back
  await page.reload()
  await page.getByRole('button', { name: 'Load My token' }).click()
  await expect(output(page, 'balanceOf(address)')).toHaveText('0x70a08231')
  // the decoder consults the library: a selector no table knows decodes with its names
  await openTool(page, 'calldata-decode', { data: MINT_TO })
  await expect(output(page, 'function')).toHaveText('mintTo(address,uint256,bytes32)')
  await expect(output(page, 'source')).toHaveText('an ABI you gave or saved in your library')
  await expect(output(page, 'memo')).toHaveText('0x6d656d6f00000000000000000000000000000000000000000000000000000000')
  await openTool(page, 'abi')
  await page.getByRole('button', { name: 'Remove My token' }).click()
  await expect(page.getByRole('list', { name: 'Saved ABIs' })).toHaveCount(0)
})

test('calldata: encode transfer from a generated form, share it by URL', async ({ page }) => {
  await openTool(page, 'abi-encode')
  await page.getByLabel('ABI', { exact: true }).fill(ERC20_ABI)
  await page.getByLabel('Function', { exact: true }).selectOption('transfer(address,uint256)')
  const to = page.getByLabel(/^to address/)
  await to.fill('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96046')
  await expect(page.getByRole('alert').first()).toContainText('Checksum mismatch')
  await to.fill('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
  await page.getByLabel(/^amount uint256/).fill('1.5 ether')
  await expect(output(page, 'call data')).toHaveText(TRANSFER_1_5)
  await expect(output(page, '0x024 word 1')).toHaveText('0x00000000000000000000000000000000000000000000000014d1120d7b160000')
  // the URL carries the whole state
  await expect(page).toHaveURL(/args=/)
  const url = page.url()
  await page.goto('about:blank')
  await page.goto(url)
  await expect(output(page, 'call data')).toHaveText(TRANSFER_1_5)
  // open the result in the decoder
  await page.getByRole('link', { name: 'Decode it' }).click()
  await expect(page).toHaveURL(/\/calldata-decode\?/)
  await expect(output(page, 'amount')).toHaveText('1500000000000000000')
})

test('calldata: encode nested tuples and arrays', async ({ page }) => {
  await openTool(page, 'abi-encode', {
    abi: 'function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)',
  })
  await page.getByRole('button', { name: 'Add to calls' }).click()
  await page.getByLabel(/^calls\[0\]\.target address/).fill('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
  await page.getByLabel(/^calls\[0\]\.callData bytes/).fill('0xa9059cbb000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa9604500000000000000000000000000000000000000000000000000000000000f4240')
  await page.getByRole('button', { name: 'Add to calls' }).click()
  await page.getByLabel(/^calls\[1\]\.target address/).fill('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
  await page.getByLabel(/^calls\[1\]\.allowFailure bool/).selectOption('true')
  await page.getByLabel(/^calls\[1\]\.callData bytes/).fill('0x095ea7b3000000000000000000000000e592427a0aece92de3edee1f18e0157c05861564ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff')
  await expect(output(page, 'call data')).toHaveText(AGGREGATE3)
})

test('calldata: decode a real-world multicall with nested calls, by selector alone', async ({ page }) => {
  await openTool(page, 'calldata-decode')
  await page.getByLabel('Call data', { exact: true }).fill(AGGREGATE3)
  await expect(output(page, 'function').first()).toHaveText('aggregate3((address,bool,bytes)[])')
  await expect(page.getByRole('heading', { name: 'calls[0].callData: call' })).toBeVisible()
  await expect(output(page, 'function').nth(1)).toHaveText('transfer(address,uint256)')
  await expect(output(page, 'function').nth(2)).toHaveText('approve(address,uint256)')
  await expect(output(page, 'value').last()).toHaveText('115792089237316195423570985008687907853269984665640564039457584007913129639935')
  // hostile data: an error that names the word
  await page.getByLabel('Call data', { exact: true }).fill(`0x82ad56cb${'0'.repeat(62)}20${'f'.repeat(64)}`)
  await expect(page.getByRole('note').first()).toContainText('aggregate3((address target, bool allowFailure, bytes callData)[] calls)')
  await expect(page.getByRole('note').first()).toContainText('Word 1 (byte 0x24)')
  // with the signature given, the error itself is shown
  await page.getByLabel('Signature (optional)').fill('aggregate3((address,bool,bytes)[])')
  await expect(page.getByRole('alert').first()).toContainText('Word 1 (byte 0x24)')
})

test('calldata: decode a revert and a Transfer log', async ({ page }) => {
  await openTool(page, 'error-decode', { data: REVERT })
  await expect(output(page, 'reason')).toHaveText('Not enough Ether provided.')
  await openTool(page, 'error-decode', { data: '0x4e487b710000000000000000000000000000000000000000000000000000000000000011' })
  await expect(output(page, 'reason')).toHaveText('Arithmetic overflow or underflow outside an unchecked block.')
  await openTool(page, 'event-decode')
  await page.getByLabel('Topics').fill(
    '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef\n0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045\n0x000000000000000000000000a0b86991c6218b36c1d19d4a2e9eb0ce3606eb48',
  )
  await page.getByLabel('Data', { exact: true }).fill('0x00000000000000000000000000000000000000000000000000000000000f4240')
  await expect(output(page, 'event')).toHaveText('Transfer(address,address,uint256)')
  await expect(output(page, 'from')).toHaveText('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
  await expect(output(page, 'to')).toHaveText('0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')
  await expect(output(page, 'value')).toHaveText('1000000')
})

// The opt-in online lookup is the one place a request may leave the app: this spec-only
// override of the `requests` fixture allows exactly api.openchain.xyz (stood in for by
// page.route, since the real service cannot be reached here) and still fails on any other host.
const OPENCHAIN = 'https://api.openchain.xyz'

/**
 * Ticks the lookup box on a page opened with it off: the page's connect-src does not name the
 * lookup's host, so the page says to reload (nothing sent), and the reloaded page, opened with
 * lookup=true in its address, may ask it (#41).
 */
async function tickLookup(page: import('@playwright/test').Page, asked: string[]) {
  await page.getByRole('checkbox', { name: 'Look up unknown signatures online (api.openchain.xyz)' }).check()
  await expect(page.getByText('The lookup is on in the address bar now: reload the page', { exact: false })).toBeVisible()
  expect(asked).toEqual([])
  expect(page.url()).toContain('lookup=true')
  await page.reload()
}
const testWithOpenchain = test.extend({
  // A plain function keeps the base fixture's options (auto: true).
  requests: async ({ page, baseURL, devnet }, use) => {
    const urls: string[] = []
    page.on('request', (r) => urls.push(r.url()))
    await use(urls)
    const allowed = [new URL(baseURL!).origin, new URL(devnet.rpcUrl).origin, OPENCHAIN]
    const foreign = urls.filter((u) => !u.startsWith('data:') && !u.startsWith('blob:') && !allowed.includes(new URL(u).origin))
    expect(foreign, 'requests to hosts other than the app, the chosen node and the opted-in lookup').toEqual([])
  },
})

testWithOpenchain('calldata: unknown selectors are looked up online only when the box is ticked', async ({ page, requests }) => {
  const asked: string[] = []
  await page.route(`${OPENCHAIN}/**`, async (route) => {
    asked.push(route.request().url())
    // approve(...) does not hash to 0x6fb66f2d: a lying answer, to be ignored.
    const body = { ok: true, result: { event: {}, function: { '0x6fb66f2d': [{ name: 'approve(address,uint256)', filtered: false }, { name: 'mintTo(address,uint256,bytes32)', filtered: false }] } } }
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(body) })
  })
  await openTool(page, 'calldata-decode', { data: MINT_TO })
  const box = page.getByRole('checkbox', { name: 'Look up unknown signatures online (api.openchain.xyz)' })
  await expect(box).not.toBeChecked()
  // off: the types are guessed, and nothing is sent anywhere
  await expect(output(page, 'function')).toContainText('guessed_6fb66f2d')
  await page.waitForTimeout(300)
  expect(asked).toEqual([])
  expect(requests.filter((u) => u.startsWith(OPENCHAIN))).toEqual([])
  // on: one request for the selector; the lying candidate is dropped, the one that fits is used
  await tickLookup(page, asked)
  await expect(box).toBeChecked()
  await expect(output(page, 'function')).toHaveText('mintTo(address,uint256,bytes32)')
  await expect(output(page, 'source')).toHaveText('api.openchain.xyz (online lookup)')
  await expect(output(page, 'candidate 1')).toHaveText('mintTo(address,uint256,bytes32)')
  await expect(output(page, 'arg2')).toHaveText('0x6d656d6f00000000000000000000000000000000000000000000000000000000')
  await expect(page.getByText('1 answer from api.openchain.xyz did not hash to 0x6fb66f2d and was ignored.')).toBeVisible()
  expect(asked).toEqual([`${OPENCHAIN}/signature-database/v1/lookup?function=0x6fb66f2d&filter=true`])
  // off again: back to guessing, no further request
  await box.uncheck()
  await expect(output(page, 'function')).toContainText('guessed_6fb66f2d')
  expect(asked).toHaveLength(1)
})

testWithOpenchain('calldata: an unknown custom error is looked up online only when the box is ticked', async ({ page }) => {
  // ethers v5: Interface(['error NotEnoughTickets(uint256 wanted, uint256 left)']).encodeErrorResult('NotEnoughTickets', [5, 2])
  const data = '0x77e4cc7600000000000000000000000000000000000000000000000000000000000000050000000000000000000000000000000000000000000000000000000000000002'
  const asked: string[] = []
  await page.route(`${OPENCHAIN}/**`, async (route) => {
    asked.push(route.request().url())
    const body = { ok: true, result: { event: {}, function: { '0x77e4cc76': [{ name: 'NotEnoughTickets(uint256,uint256)', filtered: false }] } } }
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(body) })
  })
  await openTool(page, 'error-decode', { data })
  await expect(output(page, 'error')).toContainText('UnknownError_77e4cc76')
  await page.waitForTimeout(300)
  expect(asked).toEqual([])
  await tickLookup(page, asked)
  await expect(output(page, 'error')).toHaveText('NotEnoughTickets(uint256,uint256)')
  await expect(output(page, 'source')).toHaveText('api.openchain.xyz (online lookup)')
  await expect(output(page, 'arg0')).toHaveText('5')
  await expect(output(page, 'arg1')).toHaveText('2')
  expect(asked).toEqual([`${OPENCHAIN}/signature-database/v1/lookup?function=0x77e4cc76&filter=true`])
})

testWithOpenchain('calldata: an unknown event is looked up online only when the box is ticked', async ({ page }) => {
  // ethers v5: Interface(['event RaffleTicketMinted(address indexed to, uint256 amount)']).encodeEventLog(…, [0xd8dA…6045, 42])
  // (Minted(address,uint256) is in the offline table since #27: an event no package ships)
  const topic0 = '0xd30a16e432993860847f5f625caf4df12302b3e075a93952e6aa87c896c5bd08'
  const asked: string[] = []
  await page.route(`${OPENCHAIN}/**`, async (route) => {
    asked.push(route.request().url())
    const body = { ok: true, result: { function: {}, event: { [topic0]: [{ name: 'RaffleTicketMinted(address,uint256)', filtered: false }] } } }
    await route.fulfill({ status: 200, contentType: 'application/json', headers: { 'access-control-allow-origin': '*' }, body: JSON.stringify(body) })
  })
  await openTool(page, 'event-decode', { topics: `${topic0}\n0x000000000000000000000000d8da6bf26964af9d7eed9e03e53415d37aa96045`, data: '0x000000000000000000000000000000000000000000000000000000000000002a' })
  await expect(page.getByText(/No known event has the topic/).first()).toBeVisible()
  await page.waitForTimeout(300)
  expect(asked).toEqual([])
  await tickLookup(page, asked)
  await expect(output(page, 'event')).toHaveText('RaffleTicketMinted(address,uint256)')
  await expect(output(page, 'source')).toHaveText('api.openchain.xyz (online lookup)')
  await expect(output(page, 'arg0')).toHaveText('0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045')
  await expect(output(page, 'arg1')).toHaveText('42')
  expect(asked).toEqual([`${OPENCHAIN}/signature-database/v1/lookup?event=${topic0}&filter=true`])
})

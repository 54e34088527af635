/**
 * The newcomer's day (#17): quiet forms, fresh results, keyboard paths, and layouts that fit.
 * Each test here failed before the change it covers. The walks over every page (an untouched
 * form is quiet; no page scrolls sideways) are in examples-show.spec.ts and every-page.spec.ts.
 */
import { expect, openTool, output, test } from './fixtures'

// The tests are independent (each has its own page): both workers take them.
test.describe.configure({ mode: 'parallel' })

test('errors appear once a field is touched, or at once when the tool is run (Ctrl+Enter)', async ({ page }) => {
  await openTool(page, 'rlp')
  const input = page.getByLabel('Input')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await input.fill('0xc2')
  await expect(page.getByRole('alert')).toContainText('RLP')
  // Cleared again: a blank live form is quiet (no error, no "(none)").
  await input.fill('')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await expect(page.getByRole('region', { name: 'Result' })).toHaveCount(0)
  await openTool(page, 'tx-decode')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await page.getByRole('textbox').first().press('Control+Enter')
  await expect(page.getByRole('alert').first()).toContainText('empty')
})

test('a result never outlives its input: /hash marks it outdated, Ctrl+Enter runs it again', async ({ page }) => {
  const { utils } = await import('ethers')
  await openTool(page, 'hash')
  const input = page.getByRole('textbox', { name: 'Input' })
  await input.fill('hello')
  await input.press('Control+Enter')
  await expect(output(page, 'Keccak-256')).toHaveText(utils.keccak256(utils.toUtf8Bytes('hello')))
  await input.fill('hello!')
  await expect(page.getByRole('region', { name: 'Outdated result' })).toBeVisible()
  await expect(page.getByRole('note').filter({ hasText: 'Outdated' })).toBeVisible()
  await input.press('Control+Enter')
  await expect(page.getByRole('region', { name: 'Result' })).toBeVisible()
  await expect(output(page, 'Keccak-256')).toHaveText(utils.keccak256(utils.toUtf8Bytes('hello!')))
})

test('a decrypted key goes when the keystore password changes', async ({ page }) => {
  await openTool(page, 'keystore-decrypt')
  await page.getByRole('button', { name: 'geth test keystore (scrypt)' }).click()
  await page.getByRole('button', { name: 'Decrypt' }).click()
  // The geth test vector's address (go-ethereum accounts/keystore/testdata, as its example says).
  const { examples } = await import('../src/tools/keystore-decrypt/examples')
  await expect(output(page, 'Address')).toHaveText(String(examples[0]!.expect!.Address), { timeout: 60_000 })
  await page.getByLabel('Password', { exact: true }).fill('foobar2')
  await expect(output(page, 'Address')).toHaveCount(0)
  await expect(page.getByRole('note').filter({ hasText: 'result was cleared' })).toBeVisible()
})

test('choosing a tool in the palette focuses its first field; Escape closes the palette in one press', async ({ page }) => {
  await page.goto('/')
  await expect(page.getByRole('heading', { level: 2, name: 'Units' })).toBeVisible()
  await page.keyboard.press('Control+k')
  const box = page.getByRole('combobox', { name: 'Find a tool' })
  await box.fill('keccak')
  await page.keyboard.press('Escape')
  await expect(page.getByRole('dialog', { name: 'Find a tool' })).toBeHidden()
  await page.keyboard.press('Control+k')
  await box.fill('hash calculator')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/hash$/)
  await expect(page.getByRole('textbox', { name: 'Input' })).toBeFocused()
})

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true })

  test('the header is one row: endpoint and theme in a menu, no Ctrl K hint', async ({ page }) => {
    await openTool(page, 'units')
    const header = page.getByRole('banner')
    const box = (await header.boundingBox())!
    const search = page.getByRole('button', { name: /Find a tool/ })
    expect(box.height).toBeLessThan(2 * (await search.boundingBox())!.height + 20)
    await expect(search.locator('kbd')).toBeHidden()
    const themeSelect = page.getByRole('combobox', { name: 'Theme' })
    await expect(themeSelect).toBeHidden()
    await page.getByRole('button', { name: 'Connection and theme' }).click()
    await themeSelect.selectOption('dark')
    await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark')
  })

  test('a secret field keeps its width: Show is an icon with an accessible name', async ({ page }) => {
    await openTool(page, 'sign-message')
    const key = page.getByLabel('Private key', { exact: true })
    const form = page.getByRole('form', { name: 'Sign a message' })
    const keyWidth = (await key.boundingBox())!.width
    const formWidth = (await form.boundingBox())!.width
    expect(keyWidth / formWidth).toBeGreaterThan(0.75)
    await page.getByRole('button', { name: 'Show private key' }).click()
    await expect(key).toHaveAttribute('type', 'text')
    await expect(page.getByRole('button', { name: 'Hide private key' })).toBeVisible()
  })
})

test('hex-bytes: a bytes32 string, then the text back with a hidden bidi character made visible (values from cast)', async ({ page }) => {
  const { cast } = await import('../test/support')
  await openTool(page, 'hex-bytes')
  const input = page.getByRole('textbox', { name: 'Input' })
  await input.fill('gm, world')
  await expect(output(page, 'bytes32')).toHaveText(cast(['format-bytes32-string', 'gm, world']))
  const word = cast(['format-bytes32-string', 'pay\u202Eevil'])
  await page.getByLabel('Conversion').selectOption('from-bytes32-string')
  await input.fill(word)
  await expect(output(page, 'Text')).toHaveText('pay\\u{202E}evil')
  await expect(page.getByText('U+202E RIGHT-TO-LEFT OVERRIDE')).toBeVisible()
  await page.getByLabel('Conversion').selectOption('pad-left')
  await input.fill('0x1234')
  await page.getByLabel('Length in bytes').fill('40')
  await expect(output(page, 'Padded')).toHaveText(cast(['pad', '0x1234', '--len', '40']))
  await page.getByLabel('Length in bytes').fill('1')
  await expect(page.getByRole('alert')).toContainText('longer than 1 byte')
})

test('signature-from-selector and bytecode-selectors: names from the offline table that cast sig hashes back', async ({ page }) => {
  const { cast } = await import('../test/support')
  await openTool(page, 'signature-from-selector')
  const transfer = cast(['sig', 'transfer(address,uint256)'])
  const topic = cast(['sig-event', 'Transfer(address,address,uint256)'])
  await page.getByRole('textbox', { name: 'Selectors or topics' }).fill(`${transfer}\n${topic}`)
  await expect(output(page, transfer)).toHaveText('transfer(address,uint256)')
  await expect(output(page, topic)).toHaveText('Transfer(address,address,uint256)')

  const { examples } = await import('../src/tools/bytecode-selectors/examples')
  await openTool(page, 'bytecode-selectors')
  await page.getByRole('button', { name: examples[0]!.title }).click()
  const listed = cast(['selectors', examples[0]!.inputs.code!]).split('\n').map((l) => l.split(/\s/)[0]!)
  expect(listed.length).toBe(3)
  for (const sel of listed) await expect(output(page, sel)).toBeVisible()
  await expect(output(page, transfer)).toHaveText('transfer(address,uint256)')
  await page.getByRole('textbox', { name: 'Runtime bytecode' }).fill('0x6')
  await expect(page.getByRole('alert')).toContainText('odd number')
})

test('the keyring: the newest key is preselected, keys are listed, one removed, all cleared', async ({ page }) => {
  const { ANVIL_KEYS } = await import('../test/support')
  const { ethers } = await import('ethers')
  const [k1, k2] = [ANVIL_KEYS[0], ANVIL_KEYS[1]]
  const [a1, a2] = [new ethers.Wallet(k1).address, new ethers.Wallet(k2).address]
  await openTool(page, 'key')
  for (const [key, address] of [[k1, a1], [k2, a2]] as const) {
    await page.getByRole('textbox', { name: 'Private key' }).fill(key)
    await page.getByRole('button', { name: 'Import key' }).click()
    await expect(output(page, 'Address')).toHaveText(address)
  }
  // In-app navigation keeps the in-memory keyring.
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Find a tool' }).fill('sign a message')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/sign-message/)
  const picker = page.getByLabel("Key from this page's keyring")
  await expect(picker).toHaveValue(a2)
  await expect(page.getByRole('textbox', { name: 'Private key' })).toHaveValue(k2)
  await page.getByText(/Keyring: 2 keys in this page/).click()
  const list = page.getByRole('list', { name: "Keys in this page's keyring" })
  await expect(list.getByRole('listitem')).toHaveCount(2)
  await list.getByRole('button', { name: `Remove ${a2} from the keyring` }).click()
  await expect(list.getByRole('listitem')).toHaveCount(1)
  await expect(page.getByRole('textbox', { name: 'Private key' })).toHaveValue('')
  await expect(picker.locator('option', { hasText: a2 })).toHaveCount(0)
  await page.getByRole('button', { name: 'Clear keyring' }).click()
  await expect(picker).toHaveCount(0)
})

test('address checker: a correct EIP-1191 (RSK, chain 30) checksum is not a mismatch', async ({ page }) => {
  const { cast } = await import('../test/support')
  const rsk = cast(['to-check-sum-address', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed', '30'])
  expect(rsk).not.toBe(cast(['to-check-sum-address', '0x5aaeb6053f3e94c9b9a09f33669435e7ef1beaed']))
  await openTool(page, 'address', { address: rsk, chainId: '30' })
  await expect(output(page, 'Status')).toHaveText('Valid, checksum correct for chain 30 (EIP-1191)')
  await expect(page.getByRole('alert')).toHaveCount(0)
  await openTool(page, 'address', { address: rsk })
  await expect(output(page, 'Status')).toContainText('chain 30 (EIP-1191)')
  await openTool(page, 'address', { address: rsk, chainId: '1' })
  await expect(output(page, 'Status')).toContainText('Checksum mismatch')
})

test('CREATE2 with both init code and a different hash is refused at the hash', async ({ page }) => {
  const { cast } = await import('../test/support')
  const code = '0x6080604052348015600f57600080fd5b50'
  const deployer = '0x4e59b44847b379578588920cA78FbF26c0B4956C'
  const salt = `0x${'00'.repeat(31)}01`
  await openTool(page, 'contract-address', { mode: 'create2', deployer, salt, initCode: code, initCodeHash: cast(['keccak', '0x00']) })
  await expect(page.getByRole('alert')).toContainText(`not the keccak256 of the init code above (that is ${cast(['keccak', code])})`)
  await expect(output(page, 'Contract address')).toHaveCount(0)
  // The matching hash is accepted, and the address is cast's.
  await openTool(page, 'contract-address', { mode: 'create2', deployer, salt, initCode: code, initCodeHash: cast(['keccak', code]) })
  await expect(output(page, 'Contract address')).toHaveText(cast(['compute-address', deployer, '--salt', salt, '--init-code', code]).replace(/^.*(0x[0-9a-fA-F]{40}).*$/s, '$1'))
})

test('units: invalid decimals is said once and the named units still convert; empty decimals means 18, as the help says', async ({ page }) => {
  const { utils } = await import('ethers')
  await openTool(page, 'units', { amount: '1.5', unit: 'ether', decimals: 'abc' })
  await expect(page.getByRole('alert')).toHaveCount(1)
  await expect(page.getByLabel('gwei', { exact: true })).toHaveValue(utils.formatUnits(utils.parseEther('1.5'), 'gwei').replace(/\.0$/, ''))
  await expect(page.getByLabel('wei', { exact: true })).toHaveValue(utils.parseEther('1.5').toString())
  await openTool(page, 'units', { amount: '2', unit: 'token', decimals: 'abc' })
  await expect(page.getByRole('alert')).toHaveCount(1)
  await openTool(page, 'units', { amount: '2', unit: 'token', decimals: '' })
  await expect(page.getByText('empty means 18')).toBeVisible()
  await expect(page.getByLabel('wei', { exact: true })).toHaveValue(utils.parseUnits('2', 18).toString())
  await expect(page.getByLabel('Token (18 decimals)', { exact: true })).toHaveValue('2')
})

test('message hash: says line breaks were hashed as LF and offers the exact bytes as hex', async ({ page }) => {
  const { utils } = await import('ethers')
  await openTool(page, 'message-hash')
  await page.getByRole('textbox', { name: 'Message' }).fill('line one\nline two')
  await expect(output(page, 'Message hash')).toHaveText(utils.hashMessage('line one\nline two'))
  await expect(page.getByRole('note').filter({ hasText: 'hashed as LF' })).toBeVisible()
  await page.getByRole('link', { name: 'Hash the exact bytes' }).click()
  const box = page.getByRole('textbox', { name: 'Message' })
  await expect(box).toHaveValue(utils.hexlify(utils.toUtf8Bytes('line one\nline two')))
  await box.fill(utils.hexlify(utils.toUtf8Bytes('line one\r\nline two')))
  await expect(output(page, 'Message hash')).toHaveText(utils.hashMessage(utils.toUtf8Bytes('line one\r\nline two')))
})

test('sign message, auto mode: says text or bytes, and refuses odd-length hex', async ({ page }) => {
  const { utils, Wallet } = await import('ethers')
  const { ANVIL_KEYS } = await import('../test/support')
  await openTool(page, 'sign-message', { mode: 'auto' })
  await page.getByRole('textbox', { name: 'Private key' }).fill(ANVIL_KEYS[0])
  const message = page.getByRole('textbox', { name: 'Message' })
  await message.fill('0x123')
  await expect(page.getByRole('alert')).toContainText('odd number of digits')
  await message.fill('0x1234')
  await expect(output(page, 'Signed as')).toHaveText('bytes (2 from the hex)')
  const sig = (await output(page, 'Signature').textContent())!
  expect(utils.verifyMessage(utils.arrayify('0x1234'), sig)).toBe(new Wallet(ANVIL_KEYS[0]).address)
  await message.fill('gm')
  await expect(output(page, 'Signed as')).toHaveText('UTF-8 text')
  expect(utils.verifyMessage('gm', (await output(page, 'Signature').textContent())!)).toBe(new Wallet(ANVIL_KEYS[0]).address)
})

test('hd-derive: a range clipped at the last non-hardened index says so', async ({ page }) => {
  const { ethers } = await import('ethers')
  const phrase = 'test test test test test test test test test test test junk'
  const last = 2 ** 31 - 1
  await openTool(page, 'hd-derive', { start: String(last - 2), count: '10' })
  await page.getByRole('textbox', { name: 'Recovery phrase or xprv' }).fill(phrase)
  await page.getByRole('button', { name: 'Derive' }).click()
  const table = page.getByRole('table', { name: 'Derived addresses' })
  await expect(table.getByRole('row')).toHaveCount(4) // header + 3
  await expect(page.getByRole('note').filter({ hasText: 'Only 3 addresses of the 10 asked for' })).toBeVisible()
  const lastAddress = ethers.utils.HDNode.fromMnemonic(phrase).derivePath(`m/44'/60'/0'/0/${last}`).address
  await expect(table).toContainText(lastAddress)
  await expect(page.getByRole('button', { name: 'Next page' })).toBeDisabled()
})

test('decoded strings show invisible and bidirectional characters visibly', async ({ page }) => {
  const { cast } = await import('../test/support')
  const data = cast(['calldata', 'Error(string)', 'pay\u202Eevil\u200B'])
  await openTool(page, 'error-decode', { data })
  const result = page.getByRole('region', { name: 'Result' })
  await expect(result).toContainText('pay\\u{202E}evil\\u{200B}')
  await expect(result).toContainText('U+202E RIGHT-TO-LEFT OVERRIDE')
  await expect(result).toContainText('U+200B ZERO WIDTH SPACE')
})

test('messages speak the field label: no "accessList[0]", no "the value of the value", no "1 bytes"', async ({ page }) => {
  await openTool(page, 'tx-build', { type: 'eip1559', accessList: '[{"address": "0x12"}]' })
  const access = page.getByRole('alert').filter({ hasText: 'Access list entry 1' })
  await expect(access).toBeVisible()
  await expect(page.getByText('accessList[')).toHaveCount(0)
  await openTool(page, 'result-decode', { data: '0x00', function: '(uint256)' })
  await expect(page.getByRole('alert').first()).toContainText('the value is missing')
  await expect(page.getByText('the value of the value')).toHaveCount(0)
  await openTool(page, 'message-hash', { message: 'a' })
  await expect(output(page, 'Message length')).toHaveText('1 byte')
})

test('decoders take Etherscan\'s "MethodID / [0]:" view, and ENS names with a [labelhash] label', async ({ page }) => {
  const { cast } = await import('../test/support')
  const data = cast(['calldata', 'transfer(address,uint256)', '0x000000000000000000000000000000000000dEaD', '1000000'])
  const words = data.slice(10).match(/.{64}/g)!
  const view = ['Function: transfer(address _to, uint256 _value)', '', `MethodID: ${data.slice(0, 10)}`, ...words.map((w, i) => `[${i}]:  ${w}`)].join('\n')
  await openTool(page, 'calldata-decode')
  await page.getByRole('textbox', { name: 'Call data' }).fill(view)
  await expect(output(page, 'function')).toHaveText('transfer(address,uint256)')
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('1000000')

  const h = cast(['keccak', 'vitalik']).slice(2)
  await openTool(page, 'namehash', { name: `[${h}].eth` })
  await expect(output(page, 'Namehash')).toHaveText(cast(['namehash', 'vitalik.eth']))
})

test('mnemonic and find-address can add the key they found to the keyring', async ({ page }) => {
  const { ethers } = await import('ethers')
  const phrase = 'test test test test test test test test test test test junk'
  const root = ethers.utils.HDNode.fromMnemonic(phrase)
  const first = root.derivePath("m/44'/60'/0'/0/0")
  const third = root.derivePath("m/44'/60'/0'/0/2")
  await openTool(page, 'mnemonic', { mode: 'check' })
  await page.getByRole('textbox', { name: 'Recovery phrase' }).fill(phrase)
  await page.getByRole('button', { name: 'Run' }).click()
  await page.getByRole('button', { name: "Add the key of m/44'/60'/0'/0/0 to the keyring" }).click()
  await expect(page.getByRole('note').filter({ hasText: `${first.address} is in the in-page keyring` })).toBeVisible()
  // In-app navigation keeps the keyring.
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Find a tool' }).fill('find my address')
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/\/find-address/)
  await page.getByLabel('Address to find').fill(third.address)
  await page.getByRole('textbox', { name: 'Recovery phrase or xprv' }).fill(phrase)
  await page.getByLabel('Indexes per path').fill('5')
  await page.getByRole('button', { name: 'Run' }).click()
  await page.getByRole('button', { name: 'Add this key to the keyring' }).click()
  await expect(page.getByRole('note').filter({ hasText: `${third.address} is in the in-page keyring` })).toBeVisible()
  await page.keyboard.press('Control+k')
  await page.getByRole('combobox', { name: 'Find a tool' }).fill('sign a message')
  await page.keyboard.press('Enter')
  const picker = page.getByLabel("Key from this page's keyring")
  await expect(picker).toHaveValue(third.address)
  await expect(picker.locator('option', { hasText: first.address })).toHaveCount(1)
  await expect(page.getByRole('textbox', { name: 'Private key' })).toHaveValue(third.privateKey)
})

test('event-encode: topics and data as ethers v5 encodeEventLog gives them, and back through the decoder', async ({ page }) => {
  const { ethers } = await import('ethers')
  const sig = 'Deposit(address indexed who, string indexed memo, uint256 amount)'
  const values = ['0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045', 'gm', '42']
  const iface = new ethers.utils.Interface([`event ${sig}`])
  const theirs = iface.encodeEventLog(iface.getEvent('Deposit'), values)
  await openTool(page, 'event-encode')
  await page.getByRole('textbox', { name: 'Event' }).fill(sig)
  await page.getByRole('textbox', { name: 'Values (JSON array)' }).fill(JSON.stringify(values))
  for (const [i, t] of theirs.topics.entries()) await expect(output(page, `topic ${i}`)).toHaveText(t)
  await expect(output(page, 'data')).toHaveText(theirs.data)
  await page.getByRole('link', { name: 'Decode it again' }).click()
  await expect(page).toHaveURL(/\/event-decode/)
  await expect(page.getByRole('region', { name: 'Result' })).toContainText('42')
})

import { createHash } from 'node:crypto'
import { ethers } from 'ethers'
import { expect, openTool, output, test } from './fixtures'

test('hash: a text gives Keccak-256 and SHA3-256 apart, and hex input is read as bytes', async ({ page }) => {
  await openTool(page, 'hash')
  await expect(page.getByRole('checkbox', { name: 'Keccak-256' })).toBeChecked() // preselected
  for (const name of ['SHA3-256 (FIPS 202)', 'SHA-256', 'RIPEMD-160']) await page.getByRole('checkbox', { name }).check()
  await page.getByLabel('Input', { exact: true }).fill('abc')
  await page.getByRole('button', { name: 'Run' }).click()
  // FIPS 202 / Keccak known answers for "abc".
  await expect(output(page, 'Keccak-256')).toHaveText('0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45')
  await expect(output(page, 'SHA3-256 (FIPS 202)')).toHaveText('0x3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532')
  await expect(output(page, 'SHA-256')).toHaveText(`0x${createHash('sha256').update('abc').digest('hex')}`)
  await expect(output(page, 'RIPEMD-160')).toHaveText('0x8eb208f7e05d987a9b044a8e98c6b087f15a0bfc')

  await page.getByLabel('Input encoding').selectOption('hex')
  await page.getByLabel('Input', { exact: true }).fill('0x616263')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(output(page, 'Hashed')).toHaveText('hex bytes')
  await expect(output(page, 'Keccak-256')).toHaveText('0x4e03657aea45a94fc7d47ba826c8d667c0d1e6e33a64a036ec44f58fa12d6c45')

  await page.getByLabel('Input', { exact: true }).fill('0x61626')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(page.getByRole('alert').first()).toHaveText(/Odd number of hex digits/)
})

test('hash: after each run the next worker starts and waits, and the next Run uses it', async ({ page }) => {
  const workers: string[] = []
  page.on('worker', (w) => workers.push(w.url()))
  await openTool(page, 'hash')
  await page.getByLabel('Input', { exact: true }).fill('abc')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(output(page, 'Keccak-256')).toHaveText(ethers.utils.keccak256(ethers.utils.toUtf8Bytes('abc')))
  // The run's own worker, then the one that waits for the next Run.
  await expect.poll(() => workers.length).toBe(2)
  await page.getByLabel('Input', { exact: true }).fill('abcd')
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(output(page, 'Keccak-256')).toHaveText(ethers.utils.keccak256(ethers.utils.toUtf8Bytes('abcd')))
  // The second run took the waiting worker (no worker of its own), and another now waits.
  await expect.poll(() => workers.length).toBe(3)
  await page.waitForTimeout(300)
  expect(workers).toHaveLength(3)
})

test('hash: a dropped file is hashed in workers (one per core, each reading it once for its share; SHA-256 by WebCrypto in one of its own)', async ({ page }) => {
  // Every worker the page starts, from the moment it opens (it starts one to wait for Run once a file is chosen).
  const workers: string[] = []
  page.on('worker', (w) => workers.push(w.url()))
  await openTool(page, 'hash')
  // 3 slices of 16 MiB and 7 bytes: reads that end exactly on, and just past, a slice boundary.
  const size = 3 * 16 * 1024 * 1024 + 7
  // The same bytes the page builds: byte i = i mod 251.
  const bytes = Buffer.alloc(size)
  for (let i = 0; i < size; i++) bytes[i] = i % 251
  const expected: Record<string, string> = {
    'Keccak-256': ethers.utils.keccak256(bytes),
    'SHA3-256 (FIPS 202)': `0x${createHash('sha3-256').update(bytes).digest('hex')}`,
    'SHA-256': `0x${createHash('sha256').update(bytes).digest('hex')}`,
    'SHA-512': `0x${createHash('sha512').update(bytes).digest('hex')}`,
    'RIPEMD-160': `0x${createHash('ripemd160').update(bytes).digest('hex')}`,
  }

  const dataTransfer = await page.evaluateHandle((n) => {
    const b = new Uint8Array(n)
    for (let i = 0; i < n; i++) b[i] = i % 251
    const dt = new DataTransfer()
    dt.items.add(new File([b], 'blob.bin', { type: 'application/octet-stream' }))
    return dt
  }, size)
  await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer })
  await expect(page.getByText(`blob.bin: ${size.toLocaleString('en-US')} bytes`)).toBeVisible()
  for (const name of ['SHA3-256 (FIPS 202)', 'SHA-256']) await page.getByRole('checkbox', { name }).check()
  await page.getByRole('button', { name: 'Run' }).click()
  await expect(output(page, 'SHA-256')).toHaveText(expected['SHA-256']!, { timeout: 60_000 })
  await expect(output(page, 'SHA3-256 (FIPS 202)')).toHaveText(expected['SHA3-256 (FIPS 202)']!)
  await expect(output(page, 'Keccak-256')).toHaveText(expected['Keccak-256']!)
  await expect(output(page, 'Hashed')).toHaveText('file blob.bin')
  await expect(output(page, 'Size')).toHaveText(`${size.toLocaleString('en-US')} bytes (48.0 MiB)`)
  await expect(output(page, 'SHA-512')).toHaveCount(0) // not chosen
  // Keccak-256 and SHA3-256 on min(cores, 2) workers, SHA-256 (WebCrypto's, the file being
  // under 512 MiB) on one of its own: the worker waiting since the file was chosen, the others
  // started for the run, and one more started after it to wait for the next Run.
  const cores = await page.evaluate(() => navigator.hardwareConcurrency || 2)
  await expect.poll(() => workers.length).toBe(Math.min(cores, 2) + 1 + 1)

  // All five, again through the workers: each equals node:crypto's (ethers v5's for Keccak-256).
  for (const name of ['SHA-512', 'RIPEMD-160']) await page.getByRole('checkbox', { name }).check()
  await page.getByRole('button', { name: 'Run' }).click()
  for (const [name, value] of Object.entries(expected)) await expect(output(page, name)).toHaveText(value, { timeout: 60_000 })
})

test('hash: the page stays responsive while a long file hashes, and the hash can be cancelled', async ({ page }) => {
  await openTool(page, 'hash')
  const dataTransfer = await page.evaluateHandle(() => {
    const dt = new DataTransfer()
    // 256 MiB from one 16 MiB part repeated: large enough to still be running when Cancel is clicked.
    const part = new Uint8Array(16 * 1024 * 1024)
    dt.items.add(new File(Array.from({ length: 16 }, () => part), 'huge.bin'))
    return dt
  })
  await page.locator('.dropzone').dispatchEvent('drop', { dataTransfer })
  // All five hashes: long enough to still be running when Cancel is clicked.
  for (const box of await page.getByRole('group', { name: 'Hashes to compute' }).getByRole('checkbox').all()) await box.check()
  await page.getByRole('button', { name: 'Run' }).click()
  const progress = page.getByRole('progressbar', { name: 'Progress' })
  await expect(progress).toBeVisible()
  // The page stays responsive while the worker hashes: typing lands at once.
  const t0 = Date.now()
  await page.getByLabel('Input', { exact: true }).fill('typed while hashing')
  await expect(page.getByLabel('Input', { exact: true })).toHaveValue('typed while hashing')
  expect(Date.now() - t0).toBeLessThan(2000)
  await expect(progress).toBeVisible()
  await page.getByRole('button', { name: 'Cancel' }).click()
  await expect(page.getByRole('alert')).toHaveText(/Cancelled/)
  await expect(output(page, 'Keccak-256')).toHaveCount(0)
})

test('selector: a signature with names and spaces gives the canonical form and selector', async ({ page }) => {
  await openTool(page, 'selector')
  await page.getByRole('textbox', { name: 'Signature', exact: true }).fill('function transfer( address to , uint amount ) external returns (bool)')
  await expect(output(page, 'Canonical signature')).toHaveText('transfer(address,uint256)')
  await expect(output(page, 'Selector')).toHaveText('0xa9059cbb')
  await page.getByRole('textbox', { name: 'Signature', exact: true }).fill('event Transfer(address indexed from, address indexed to, uint256 value)')
  await expect(output(page, 'Topic 0')).toHaveText('0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef')
  await page.getByRole('textbox', { name: 'Signature', exact: true }).fill('f(MyStruct s)')
  await expect(page.getByRole('alert')).toHaveText(/not an ABI type/)
})

test('storage-slot: a mapping entry, then an ERC-7201 root', async ({ page }) => {
  await openTool(page, 'storage-slot')
  await page.getByLabel('Declared slot (of the mapping or array)').fill('1')
  await page.getByLabel('Mapping keys, one per line (outermost first)').fill('address 0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266')
  // cast index address 0xf39F… 1
  await expect(output(page, 'Slot')).toHaveText('0xa3c1274aadd82e4d12c8004c33fb244ca686dad4fcc8957fc5668588c11d9502')
  await page.getByLabel('What to locate').selectOption('erc7201')
  await expect(page.getByLabel('Mapping keys, one per line (outermost first)')).toHaveCount(0)
  await page.getByLabel('ERC-7201 namespace id').fill('example.main')
  await expect(output(page, 'Slot')).toHaveText('0x183a6125c38840424c4a85fa12bab2ab606c4b6d0e7cc73c0c06ba5300eab500')
})

test('contract-address: CREATE2 from deployer, salt and init code (EIP-1014 example 4)', async ({ page }) => {
  await openTool(page, 'contract-address')
  await page.getByLabel('Opcode').selectOption('create2')
  await page.getByLabel('Deployer').fill('0x00000000000000000000000000000000deadbeef')
  await page.getByLabel('Salt (CREATE2)').fill('0xcafebabe')
  await page.getByLabel('Init code (CREATE2)').fill('0xdeadbeef')
  await expect(output(page, 'Contract address')).toHaveText('0x60f3f640a8508fC6a86d45DF051962668E1e8AC7')
  await expect(output(page, 'Salt (32 bytes)')).toHaveText(`0x${'0'.repeat(56)}cafebabe`)
  await expect(page.getByLabel('Nonce (CREATE)')).toHaveCount(0)
})

test('address: a mistyped checksum is shown with its positions and fixed in one click', async ({ page }) => {
  await openTool(page, 'address')
  await page.getByLabel('Address or ICAP').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAeD')
  await expect(output(page, 'Status')).toHaveText('Checksum mismatch at character 40')
  await expect(output(page, 'Checksummed (EIP-55)')).toHaveText('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
  await expect(page.getByRole('figure', { name: 'Checksum comparison' }).locator('mark')).toHaveCount(2)
  await page.getByRole('link', { name: 'Check this form' }).click()
  await expect(page.getByLabel('Address or ICAP')).toHaveValue('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')
  await expect(output(page, 'Status')).toHaveText('Valid, checksum correct (EIP-55)')
  await page.getByLabel('Address or ICAP').fill('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAe')
  await expect(page.getByRole('alert')).toHaveText(/this has 39 \(1 missing\)/)
})

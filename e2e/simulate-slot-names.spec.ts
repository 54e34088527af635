/**
 * /simulate names the slots of its storage changes from a storage layout (issue 25), end to end
 * on the devnet, as the debugger's storage panel does: a contract compiled by solc here with
 * storageLayout in its outputSelection is deployed; a call that writes a packed variable,
 * dynamic-array elements and a long string is simulated with solc's output pasted; each changed
 * slot shows the variables solc's layout places there (slots worked out here with viem's
 * keccak256), each value type's value after the call is what the source assigns (read by its type
 * from the word, packed ones by offset), and a slot the call wrote that the layout does not place
 * shows no name.
 */
import { expect, openTool, output, test } from './fixtures'
import { encodeFunctionData, getAddress, keccak256, pad, toHex } from 'viem'
import { deploySlots } from './debugKit'

const FROM = '0x00000000000000000000000000000000DeB05C03'

test('the storage changes name each slot from the pasted solc output\'s storageLayout', async ({ page, devnet }) => {
  const go = 'first = 5; a = 7; b = true; c = msg.sender; list.push(1); list.push(2); text = "a string long enough to need three data words, seventy bytes or so..";'
  const raw = '  function raw() external { assembly { sstore(0x1234, 1) } }\n'
  const { output: out, c, address } = await deploySlots(devnet.rpcUrl, FROM, go, raw, ['abi', 'evm.bytecode.object', 'storageLayout'])
  expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/)

  await openTool(page, 'simulate', { mode: 'call', from: FROM, to: address, data: encodeFunctionData({ abi: c.abi, functionName: 'go' }) })
  await page.getByText('Name storage slots from a layout').click()
  await page.getByLabel('Storage layout (JSON)').fill(JSON.stringify(out))
  await page.getByLabel('Contract name (when it holds several)').fill('Slots')
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })

  const at = (label: string) => c.storageLayout.storage.find((e) => e.label === label)!
  const word = (n: bigint) => pad(toHex(n), { size: 32 })
  const hashOf = (label: string) => BigInt(keccak256(word(BigInt(at(label).slot))))
  const packed = c.storageLayout.storage.filter((e) => e.slot === at('a').slot).sort((x, y) => x.offset - y.offset)
  const expected: [string, string][] = [
    [word(BigInt(at('first').slot)), 'first'],
    [word(BigInt(at('a').slot)), packed.map((e) => `${e.label} (offset ${e.offset})`).join(', ')],
    [word(BigInt(at('list').slot)), 'list.length'],
    [word(hashOf('list')), 'list[0]'],
    [word(hashOf('list') + 1n), 'list[1]'],
    [word(BigInt(at('text').slot)), 'text'],
    [word(hashOf('text')), 'text (data word 0)'],
    [word(hashOf('text') + 2n), 'text (data word 2)'],
  ]
  const table = page.getByRole('table', { name: new RegExp(`Storage of ${address}`, 'i') })
  const cells = await table.locator('tbody tr td:first-child').evaluateAll((tds) => tds.map((td) => [td.childNodes[0]!.textContent!, td.querySelector('.hint')?.textContent ?? '']))
  const byWord = new Map(cells.map(([slot, name]) => [`0x${BigInt(slot!).toString(16).padStart(64, '0')}`, name]))
  for (const [slot, name] of expected) expect(byWord.get(slot), slot).toBe(name)
  expect(packed.length).toBeGreaterThanOrEqual(3)
  // each value type's value after the call, read by its type from the slot's word: what `go` assigns in the source
  const assigned: Record<string, string> = { first: '5', a: '7', b: 'true', c: getAddress(FROM), 'list.length': '2', 'list[0]': '1', 'list[1]': '2' }
  const after = await table.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [tr.querySelector('td')!.childNodes[0]!.textContent!, tr.querySelectorAll('td')[2]!.querySelector('strong')?.textContent ?? '']))
  const afterByWord = new Map(after.map(([slot, v]) => [`0x${BigInt(slot!).toString(16).padStart(64, '0')}`, v]))
  expect(afterByWord.get(word(BigInt(at('first').slot)))).toBe(assigned.first)
  expect(afterByWord.get(word(BigInt(at('a').slot)))).toBe(packed.map((e) => `${e.label} = ${assigned[e.label]}`).join(', '))
  for (const [slot, label] of [[word(BigInt(at('list').slot)), 'list.length'], [word(hashOf('list')), 'list[0]'], [word(hashOf('list') + 1n), 'list[1]']] as const) expect(afterByWord.get(slot), label).toBe(assigned[label])
  // a text's slot and its data words are not value types: no value is read from one word
  expect(afterByWord.get(word(hashOf('text')))).toBe('')

  // A slot the layout does not place: changed, shown, unnamed.
  await page.goto(`/simulate?${new URLSearchParams({ mode: 'call', from: FROM, to: address, data: encodeFunctionData({ abi: c.abi, functionName: 'raw' }) })}`)
  await page.getByText('Name storage slots from a layout').click()
  await page.getByLabel('Storage layout (JSON)').fill(JSON.stringify(out))
  await page.getByLabel('Contract name (when it holds several)').fill('Slots')
  await page.getByRole('button', { name: 'Simulate', exact: true }).click()
  await expect(output(page, 'Status')).toHaveText('success', { timeout: 30_000 })
  const row = page.getByRole('table', { name: new RegExp(`Storage of ${address}`, 'i') }).locator('tbody tr td:first-child')
  await expect(row).toHaveCount(1)
  await expect(row.locator('.hint')).toHaveCount(0)
})

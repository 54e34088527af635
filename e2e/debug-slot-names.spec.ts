/**
 * /debug names the storage slots (issue 25), end to end on the devnet: a contract compiled by solc
 * here with storageLayout in its outputSelection is deployed; the page records a call that writes
 * a packed variable, dynamic-array elements and a long string; the solc output is pasted, and at
 * the last step the storage panel shows beside each slot the variables solc's layout places there.
 * Mapping entries (test/chain/ledgerKit.ts's Ledger): after each SSTORE step the written slot is
 * named `balances[<checksummed key>]` and `allowance[<owner>][<spender>]` from the SHA3 inputs the
 * worker recorded, at the slots viem's keccak256 of the ABI-encoded key and slot gives.
 */
import { debugCall, deployFrom, deploySlots } from './debugKit'
import { expect, test } from './fixtures'
import { encodeAbiParameters, encodeDeployData, encodeFunctionData, getAddress, keccak256, pad, toHex, type Abi } from 'viem'
import type { Page } from '@playwright/test'
import { compileLedger } from '../test/chain/ledgerKit'

const FROM = '0x00000000000000000000000000000000DeB05C01'


test('the storage panel names each slot from the pasted solc output\'s storageLayout', async ({ page, devnet }) => {
  const go = 'a = 7; b = true; c = msg.sender; list.push(1); list.push(2); text = "a string long enough to need three data words, seventy bytes or so..";'
  const { output, c, address } = await deploySlots(devnet.rpcUrl, FROM, go, '', ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.sourceMap', 'storageLayout'])
  await debugCall(page, { from: FROM, to: address, data: encodeFunctionData({ abi: c.abi, functionName: 'go' }) }, 'success')

  await pasteOutput(page, output)
  await page.getByRole('region', { name: 'Debugger' }).focus()
  await page.keyboard.press('End')

  // the names the layout implies, with keccak256 by viem
  const at = (label: string) => c.storageLayout.storage.find((e) => e.label === label)!
  const word = (n: bigint) => pad(toHex(n), { size: 32 })
  const hashOf = (label: string) => BigInt(keccak256(word(BigInt(at(label).slot))))
  const packed = c.storageLayout.storage.filter((e) => e.slot === at('a').slot).sort((x, y) => x.offset - y.offset)
  const expected: [string, string][] = [
    [word(BigInt(at('a').slot)), packed.map((e) => `${e.label} (offset ${e.offset})`).join(', ')],
    [word(hashOf('list') + 1n), 'list[1]'],
    [word(hashOf('text') + 2n), 'text (data word 2)'],
    [word(BigInt(at('text').slot)), 'text'],
  ]
  const table = page.getByRole('table', { name: 'Storage', exact: true })
  await expect(table.getByRole('columnheader', { name: 'Variable' })).toBeVisible()
  for (const [slot, name] of expected) {
    const row = table.getByRole('row').filter({ has: page.getByRole('cell', { name: slot, exact: true }) }).first()
    await expect(row.getByRole('cell').nth(3)).toHaveText(name)
  }
})

/** Pastes the solc output into the debugger and waits until it matched the contract. */
async function pasteOutput(page: Page, output: unknown) {
  const drop = page.getByRole('region', { name: 'Compiler output' })
  await drop.getByText('Paste compiler output').click()
  await drop.getByLabel('Compiler output (JSON)').fill(JSON.stringify(output))
  await drop.getByRole('button', { name: 'Load' }).click()
  await expect(drop.getByRole('status')).toContainText('matched')
}

test('after each SSTORE the storage panel names the mapping entry written, nested ones too', async ({ page, devnet }) => {
  const ledger = compileLedger()
  const abi = ledger.abi as Abi
  const address = await deployFrom(devnet.rpcUrl, FROM, encodeDeployData({ abi, bytecode: ledger.bytecode }))
  const to = '0x5b38da6a701c568545dcfcb03fcb875f56beddc4'
  const spender = '0xab8483f64d9c6d1ecf9b849ae677dd3315835cb2'
  await debugCall(page, { from: FROM, to: address, data: encodeFunctionData({ abi, functionName: 'move', args: [to, spender, 3n, 'alice'] }) }, 'success')
  await pasteOutput(page, ledger.output)

  // the slots by viem: keccak256(abi.encode(key, slot)), nested for allowance
  const slotOf = (label: string) => BigInt(ledger.storageLayout.storage.find((e) => e.label === label)!.slot)
  const entry = (key: `0x${string}`, slot: bigint) => keccak256(encodeAbiParameters([{ type: 'address' }, { type: 'uint256' }], [key, slot]))
  const balance = entry(to, slotOf('balances'))
  const allowance = entry(spender, BigInt(entry(FROM.toLowerCase() as `0x${string}`, slotOf('allowance'))))
  const table = page.getByRole('table', { name: 'Storage', exact: true })
  const written = (slot: string) => table.getByRole('row').filter({ has: page.getByRole('cell', { name: slot, exact: true }) }).filter({ has: page.getByRole('cell', { name: 'write', exact: true }) })

  const debuggerRegion = page.getByRole('region', { name: 'Debugger' })
  await debuggerRegion.focus()
  const opcode = page.getByRole('region', { name: 'Step', exact: true }).getByRole('status', { name: 'Opcode', exact: true })
  const stepNo = page.getByRole('region', { name: 'Step', exact: true }).getByRole('status', { name: 'Step', exact: true })
  /** Moves by key and waits until the step shown is the one it leads to. */
  async function move(key: string, op?: string) {
    const before = await stepNo.textContent()
    await page.keyboard.press(key)
    await expect(stepNo).not.toHaveText(before!)
    if (op) await expect(opcode).toHaveText(op)
  }
  await expect(written(balance)).toHaveCount(0) // the first step: nothing written yet
  await move('s', 'SSTORE') // the first SSTORE: balances[to] += 5
  await move('j') // the step after it: the write is in the panel, named
  await expect(written(balance).getByRole('cell').nth(3)).toHaveText(`balances[${getAddress(to)}]`)
  await move('s', 'SSTORE') // allowance[msg.sender][spender] = 7
  await move('j')
  await expect(written(allowance).getByRole('cell').nth(3)).toHaveText(`allowance[${getAddress(FROM)}][${getAddress(spender)}]`)
  await expect(written(balance).getByRole('cell').nth(3)).toHaveText(`balances[${getAddress(to)}]`)
})

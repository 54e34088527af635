/**
 * /debug names the storage slots (issue 25), end to end on the devnet: a contract compiled by solc
 * here with storageLayout in its outputSelection is deployed; the page records a call that writes
 * a packed variable, dynamic-array elements and a long string; the solc output is pasted, and at
 * the last step the storage panel shows beside each slot the variables solc's layout places there.
 */
import { debugCall, deployFrom } from './debugKit'
import { expect, test } from './fixtures'
import { encodeDeployData, encodeFunctionData, keccak256, pad, toHex, type Abi } from 'viem'
import { compileFull } from '../test/chain/sourceKit'

const FROM = '0x00000000000000000000000000000000DeB05C01'
const PATH = 'src/Slots.sol'
const SOL = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Slots {
  uint256 first; uint8 a; bool b; address c; uint256[] list; string text;
  function go() external { a = 7; b = true; c = msg.sender; list.push(1); list.push(2); text = "a string long enough to need three data words, seventy bytes or so.."; }
}
`


test('the storage panel names each slot from the pasted solc output\'s storageLayout', async ({ page, devnet }) => {
  const { output } = compileFull({ [PATH]: SOL }, false, { outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object', 'evm.deployedBytecode.sourceMap', 'storageLayout'] } } })
  const c = (output.contracts[PATH] as any).Slots as { abi: Abi; evm: { bytecode: { object: string } }; storageLayout: { storage: { label: string; slot: string; offset: number }[] } }
  const address = await deployFrom(devnet.rpcUrl, FROM, encodeDeployData({ abi: c.abi, bytecode: `0x${c.evm.bytecode.object}` }))
  await debugCall(page, { from: FROM, to: address, data: encodeFunctionData({ abi: c.abi, functionName: 'go' }) }, 'success')

  const drop = page.getByRole('region', { name: 'Compiler output' })
  await drop.getByText('Paste compiler output').click()
  await drop.getByLabel('Compiler output (JSON)').fill(JSON.stringify(output))
  await drop.getByRole('button', { name: 'Load' }).click()
  await expect(drop.getByRole('status')).toContainText('matched')
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

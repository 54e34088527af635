// @vitest-environment jsdom
/**
 * The debugger's storage panel names the slots from the dropped compiler output's storageLayout
 * (issue 25): solc-js compiles a contract with storageLayout in its outputSelection; the panel
 * shows, beside each slot, the variables solc's layout places there (packed ones by offset) and
 * the array elements and long-string data words at slots ethers' keccak256 computes, and a mapping
 * entry named from its SHA3 input (ethers' ABI encoding of key and slot).
 */
import { createRequire } from 'node:module'
import { cleanup, render, screen, within } from '@testing-library/react'
import { ethers } from 'ethers'
import { afterEach, describe, expect, it } from 'vitest'
import { StoragePanel } from './Panels'
import { layoutOf, slotLabels } from './slotNames'

afterEach(cleanup)
const require = createRequire(import.meta.url)

const SOURCE = `// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;
contract Other { uint256 x; }
contract Packed { uint256 first; uint8 a; bool b; address c; uint256[] list; string text; mapping(address => uint256) m; }`

function compile(): { text: string; layout: { storage: { label: string; slot: string; offset: number }[] } } {
  const solc = require('solc') as { compile(input: string): string }
  const input = { language: 'Solidity', sources: { 'P.sol': { content: SOURCE } }, settings: { outputSelection: { '*': { '*': ['evm.deployedBytecode', 'storageLayout'] } } } }
  const text = solc.compile(JSON.stringify(input))
  return { text, layout: JSON.parse(text).contracts['P.sol'].Packed.storageLayout }
}

const word = (n: ethers.BigNumberish) => ethers.utils.hexZeroPad(ethers.BigNumber.from(n).toHexString(), 32)

describe('the storage panel with a layout', () => {
  it('names each slot beside it from the dropped solc output', () => {
    const { text, layout: solcLayout } = compile()
    const at = (label: string) => solcLayout.storage.find((e) => e.label === label)!
    const layout = layoutOf([{ name: 'out.json', text }], 'Packed')
    expect(layout).toBeDefined()
    const packed = word(at('a').slot)
    const element = word(ethers.BigNumber.from(ethers.utils.keccak256(word(at('list').slot))).add(2))
    const data = word(ethers.BigNumber.from(ethers.utils.keccak256(word(at('text').slot))).add(1))
    const stranger = word(99)
    const slots = [packed, element, data, stranger]
    const names = slotLabels(layout, slots)
    const items = slots.map((slot, i) => ({ slot: slot as `0x${string}`, value: word(i) as `0x${string}`, kind: 'sstore' as const, step: i }))
    render(<StoragePanel title="Storage" items={items} names={names} />)
    const table = screen.getByRole('table', { name: 'Storage' })
    expect(within(table).getByRole('columnheader', { name: 'Variable' })).toBeTruthy()
    const rows = within(table).getAllByRole('row').slice(1)
    const cellOf = (slot: string) => {
      const row = rows.find((r) => within(r).queryByText(slot))!
      return within(row).getAllByRole('cell')[3]!.textContent
    }
    const sameSlot = solcLayout.storage.filter((e) => e.slot === at('a').slot).sort((x, y) => x.offset - y.offset)
    expect(sameSlot.map((e) => e.label)).toEqual(['a', 'b', 'c'])
    expect(cellOf(packed)).toBe(sameSlot.map((e) => `${e.label} (offset ${e.offset})`).join(', '))
    expect(cellOf(element)).toBe('list[2]')
    expect(cellOf(data)).toBe('text (data word 1)')
    expect(cellOf(stranger)).toBe('(not in the layout)')
  })

  it('names a mapping entry from the SHA3 input the step view carries, with a checksummed key', () => {
    const { text, layout: solcLayout } = compile()
    const layout = layoutOf([{ name: 'out.json', text }], 'Packed')
    const key = ethers.Wallet.createRandom().address.toLowerCase()
    const preimage = ethers.utils.defaultAbiCoder.encode(['address', 'uint256'], [key, solcLayout.storage.find((e) => e.label === 'm')!.slot])
    const slot = ethers.utils.keccak256(preimage)
    expect(slotLabels(layout, [slot]).get(slot)).toBeUndefined()
    const names = slotLabels(layout, [slot], [preimage])
    render(<StoragePanel title="Storage" items={[{ slot: slot as `0x${string}`, value: word(5) as `0x${string}`, kind: 'sstore', step: 3 }]} names={names} />)
    const row = within(screen.getByRole('table', { name: 'Storage' })).getAllByRole('row')[1]!
    expect(within(row).getAllByRole('cell')[3]!.textContent).toBe(`m[${ethers.utils.getAddress(key)}]`)
  })

  it('no layout for a contract the files do not hold, and no column without names', () => {
    const { text } = compile()
    expect(layoutOf([{ name: 'out.json', text }], 'Missing')).toBeUndefined()
    render(<StoragePanel title="Storage" items={[{ slot: word(0) as `0x${string}`, value: word(1) as `0x${string}`, kind: 'sload', step: 0 }]} />)
    expect(screen.queryByRole('columnheader', { name: 'Variable' })).toBeNull()
  })
})

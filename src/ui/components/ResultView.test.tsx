// @vitest-environment jsdom
import fc from 'fast-check'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { utils } from 'ethers'
import { afterEach, describe, expect, it } from 'vitest'
import { testSeed } from '../../../test/support'
import { ResultRow } from './ResultView'

afterEach(cleanup)

// The format choice of a typed result row, against ethers v5 (formatUnits, getAddress,
// parseBytes32String) on random values (seed printed).
const shown = (label: string) => screen.getByRole('status', { name: label }).textContent
const trimFraction = (s: string) => (s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '') : s)

describe('ResultRow format choice', () => {
  it('a row without an ABI type, or a secret, offers none', async () => {
    render(
      <dl>
        <ResultRow row={{ label: 'plain', value: '1700000000' }} />
        <ResultRow row={{ label: 'hidden', value: '1700000000', abiType: 'uint256', secret: true }} />
        <ResultRow row={{ label: 'typed', value: '1700000000', abiType: 'uint256' }} />
      </dl>,
    )
    // the formatter loads lazily: once the typed row offers its choice, the others have had theirs
    await screen.findByRole('combobox', { name: 'Show as (typed)' }, { timeout: 20_000 })
    expect(screen.getAllByRole('combobox')).toHaveLength(1)
  })

  it('uint: units with the chosen decimals as ethers formatUnits gives them; raw is one press away', async () => {
    for (const [v, d] of fc.sample(fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.constantFrom('0', '6', '8', '18')), { numRuns: 8, seed: testSeed })) {
      render(
        <dl>
          <ResultRow row={{ label: 'amount', value: v.toString(), abiType: 'uint256' }} />
        </dl>,
      )
      const kind = await screen.findByRole('combobox', { name: 'Show as (amount)' }, { timeout: 20_000 })
      fireEvent.change(kind, { target: { value: 'units' } })
      fireEvent.change(screen.getByRole('combobox', { name: 'Decimals (amount)' }), { target: { value: d } })
      await waitFor(() => expect(shown('amount')).toBe(trimFraction(utils.formatUnits(v, Number(d)))))
      // formatted: Copy copies what is shown, and the raw value has its own copy button
      expect(screen.getByRole('button', { name: 'Copy amount (raw)' })).toBeTruthy()
      const raw = screen.getByRole('button', { name: 'Raw' })
      fireEvent.click(raw)
      expect(raw.getAttribute('aria-pressed')).toBe('true')
      expect(shown('amount')).toBe(v.toString())
      cleanup()
    }
  })

  it('address: checksummed as ethers getAddress; bytes32: text as ethers parseBytes32String', async () => {
    const [bytes] = fc.sample(fc.uint8Array({ minLength: 20, maxLength: 20 }), { numRuns: 1, seed: testSeed })
    const lower = utils.hexlify(bytes!)
    const word = utils.formatBytes32String('gm, frens')
    render(
      <dl>
        <ResultRow row={{ label: 'who', value: lower, abiType: 'address' }} />
        <ResultRow row={{ label: 'name', value: word, abiType: 'bytes32' }} />
      </dl>,
    )
    fireEvent.change(await screen.findByRole('combobox', { name: 'Show as (who)' }, { timeout: 20_000 }), { target: { value: 'checksum' } })
    await waitFor(() => expect(shown('who')).toBe(utils.getAddress(lower)))
    fireEvent.change(screen.getByRole('combobox', { name: 'Show as (name)' }), { target: { value: 'text' } })
    await waitFor(() => expect(shown('name')).toBe(utils.parseBytes32String(word)))
  })
})

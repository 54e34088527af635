// @vitest-environment jsdom
import fc from 'fast-check'
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { utils } from 'ethers'
import { afterEach, describe, expect, it } from 'vitest'
import { testSeed } from '../../../test/support'
import { ResultRow, ResultView, subtreeEnds } from './ResultView'

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

describe('one "Show as" per value type, each row able to take its own (#35)', () => {
  it('every uint256 follows the type\'s choice (ethers formatUnits); a deadline takes its own, a date as Node\'s Date gives it; "As every uint256" puts it back', async () => {
    for (const [amount, d, at] of fc.sample(fc.tuple(fc.bigInt({ min: 0n, max: 2n ** 256n - 1n }), fc.constantFrom('6', '8', '18'), fc.integer({ min: 1_000_000_000, max: 2_000_000_000 })), { numRuns: 4, seed: testSeed })) {
      const deadline = String(at)
      render(
        <ResultView
          result={{
            sections: [
              { title: 'Arguments', rows: [{ label: 'amount', value: amount.toString(), abiType: 'uint256' }, { label: 'deadline', value: deadline, abiType: 'uint256' }] },
              { title: 'More', rows: [{ label: 'who', value: '0xd8da6bf26964af9d7eed9e03e53415d37aa96045', abiType: 'address' }, { label: 'plain', value: '12' }] },
            ],
          }}
        />,
      )
      const bar = await screen.findByRole('group', { name: 'Show values as' }, { timeout: 20_000 })
      // one choice per type, across sections, and none on a row until it is asked for
      expect(screen.getAllByRole('combobox').map((c) => c.getAttribute('aria-label') ?? (c.id && document.querySelector(`label[for="${c.id}"]`)?.textContent))).toEqual(['Show every uint256 as', 'Show every address as'])
      expect(bar.contains(screen.getByRole('combobox', { name: 'Show every uint256 as' }))).toBe(true)
      fireEvent.change(screen.getByRole('combobox', { name: 'Show every uint256 as' }), { target: { value: 'units' } })
      fireEvent.change(screen.getByRole('combobox', { name: 'Decimals (uint256 values)' }), { target: { value: d } })
      await waitFor(() => expect(shown('amount')).toBe(trimFraction(utils.formatUnits(amount, Number(d)))))
      expect(shown('deadline')).toBe(trimFraction(utils.formatUnits(deadline, Number(d))))
      // the deadline, its own choice: a date; the amount keeps the type's
      fireEvent.click(screen.getByRole('button', { name: 'Show as… (deadline)' }))
      fireEvent.change(screen.getByRole('combobox', { name: 'Show as (deadline)' }), { target: { value: 'date' } })
      await waitFor(() => expect(shown('deadline')).toContain(new Date(at * 1000).toISOString()))
      expect(shown('amount')).toBe(trimFraction(utils.formatUnits(amount, Number(d))))
      // the address type, checksummed (ethers getAddress)
      fireEvent.change(screen.getByRole('combobox', { name: 'Show every address as' }), { target: { value: 'checksum' } })
      await waitFor(() => expect(shown('who')).toBe(utils.getAddress('0xd8da6bf26964af9d7eed9e03e53415d37aa96045')))
      // back to the type's choice
      fireEvent.click(screen.getByRole('button', { name: 'As every uint256 (deadline)' }))
      await waitFor(() => expect(shown('deadline')).toBe(trimFraction(utils.formatUnits(deadline, Number(d)))))
      expect(screen.queryByRole('combobox', { name: 'Show as (deadline)' })).toBeNull()
      expect(shown('plain')).toBe('12')
      cleanup()
    }
  })

  it('a result with no typed value has no bar', () => {
    render(<ResultView result={{ sections: [{ rows: [{ label: 'plain', value: '1700000000' }] }] }} />)
    expect(screen.queryByRole('group', { name: 'Show values as' })).toBeNull()
    expect(screen.queryAllByRole('combobox')).toHaveLength(0)
  })
})

describe('nested rows fold under their row', () => {
  it('subtreeEnds: each row ends where the next row no deeper than it starts (against a plain scan, random trees)', () => {
    fc.assert(
      fc.property(fc.array(fc.nat({ max: 5 }), { maxLength: 60 }), (depths) => {
        const rows = depths.map((d, i) => ({ label: `r${i}`, value: '', ...(d ? { depth: d } : {}) }))
        const scan = depths.map((d, i) => {
          let j = i + 1
          while (j < depths.length && depths[j]! > d) j++
          return j
        })
        expect(subtreeEnds(rows)).toEqual(scan)
      }),
      { seed: testSeed, numRuns: 300 },
    )
  })

  it('a struct folds its fields (nested ones too) and unfolds them; the rows after it stay', async () => {
    const rows = [
      { label: 'order', value: '(…)' },
      { label: 'order.maker', value: '0x01', depth: 1 },
      { label: 'order.legs[0]', value: '(…)', depth: 1 },
      { label: 'order.legs[0].amount', value: '5', depth: 2 },
      { label: 'order.legs[0].token', value: '0x02', depth: 2 },
      { label: 'order.salt', value: '7', depth: 1 },
      { label: 'deadline', value: '9' },
    ]
    render(<ResultView result={{ sections: [{ rows }] }} />)
    const labels = () => screen.getAllByRole('status').map((e) => e.getAttribute('aria-label'))
    await waitFor(() => expect(labels()).toEqual(rows.map((r) => r.label)))
    const order = screen.getByRole('button', { name: 'Fields of order' })
    const leg = screen.getByRole('button', { name: 'Fields of order.legs[0]' })
    expect(screen.queryByRole('button', { name: 'Fields of deadline' })).toBeNull()
    expect(order.getAttribute('aria-expanded')).toBe('true')
    fireEvent.click(leg)
    expect(labels()).toEqual(['order', 'order.maker', 'order.legs[0]', 'order.salt', 'deadline'])
    expect(leg.getAttribute('aria-expanded')).toBe('false')
    expect(screen.getByText('(2 folded)')).toBeTruthy()
    fireEvent.click(order)
    expect(labels()).toEqual(['order', 'deadline'])
    expect(screen.getByText('(5 folded)')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Fields of order' }))
    // the inner fold is kept: unfolding the struct shows the leg still folded
    expect(labels()).toEqual(['order', 'order.maker', 'order.legs[0]', 'order.salt', 'deadline'])
    fireEvent.click(screen.getByRole('button', { name: 'Fields of order.legs[0]' }))
    expect(labels()).toEqual(rows.map((r) => r.label))
  })
})

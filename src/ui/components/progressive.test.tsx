// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { Row, ToolResult } from '../../tools/types'
import { allocate, carried, FIRST_ROWS, STEP_ROWS } from './progressive'
import { ResultView, ROWS_SHOWN } from './ResultView'

afterEach(cleanup)

describe('allocate', () => {
  it('gives rows out in section order, none past what a section wants, never taking any back', () => {
    expect(allocate([3, 100], [], 10)).toEqual([3, 7])
    expect(allocate([3, 100], [3, 7], 16)).toEqual([3, 23])
    expect(allocate([3, 100], [3, 95], 16)).toEqual([3, 100])
    // a section that wants fewer now is cut to that; a later one still gets the budget
    expect(allocate([2, 5, 40], [3, 0, 0], 10)).toEqual([2, 5, 5])
    expect(allocate([], [], 10)).toEqual([])
  })
})

describe('carried', () => {
  it('counts the leading rows that are the same objects, up to those drawn', () => {
    const a = [{}, {}, {}, {}]
    expect(carried(a, a, 3)).toBe(3)
    expect(carried(a, [a[0], a[1], {}, a[3]], 4)).toBe(2)
    expect(carried(undefined, a, 4)).toBe(0)
    expect(carried(a, a.slice(0, 2), 4)).toBe(2)
  })
})

const rows = (n: number, tag: string): Row[] => Array.from({ length: n }, (_, i) => ({ label: `${tag}${i}`, value: `0x${i.toString(16).padStart(64, '0')}` }))
const outputs = () => screen.queryAllByRole('status').length

describe('ResultView draws rows a screen at a time', () => {
  it('the first rows at once, the rest of the first hundred in later tasks, every value complete; busy until then', { timeout: 150_000 }, async () => {
    const result: ToolResult = { sections: [{ title: 'Call', rows: rows(3, 'c') }, { title: 'Arguments', rows: rows(250, 'a') }] }
    render(<ResultView result={result} />)
    expect(outputs()).toBe(FIRST_ROWS)
    expect(screen.getByRole('region', { name: 'Result' }).getAttribute('aria-busy')).toBe('true')
    // generous: role queries over jsdom are slow on a loaded 2-core machine (a run beside e2e took 52 s)
    await waitFor(() => expect(outputs()).toBe(3 + ROWS_SHOWN), { timeout: 60_000 })
    expect(screen.getByRole('region', { name: 'Result' }).getAttribute('aria-busy')).toBeNull()
    // every row drawn holds its whole value, in order
    expect(screen.getByRole('status', { name: 'a99' }).textContent).toBe(`0x${(99).toString(16).padStart(64, '0')}`)
    // more on request, drawn the same way
    fireEvent.click(screen.getByRole('button', { name: 'Show 150 more' }))
    expect(outputs()).toBeLessThanOrEqual(3 + ROWS_SHOWN + STEP_ROWS)
    await waitFor(() => expect(outputs()).toBe(3 + 250), { timeout: 60_000 })
    expect(screen.queryByRole('button', { name: /Show .* more/ })).toBeNull()
  })

  it('a result built anew from the same rows keeps them drawn; new rows start again from the first screen', { timeout: 90_000 }, async () => {
    const call = rows(3, 'c')
    const args = rows(60, 'a')
    const { rerender } = render(<ResultView result={{ sections: [{ rows: call }, { rows: args }] }} />)
    await waitFor(() => expect(outputs()).toBe(63), { timeout: 30_000 })
    rerender(<ResultView result={{ sections: [{ rows: call }, { rows: args }] }} />)
    expect(outputs()).toBe(63)
    rerender(<ResultView result={{ sections: [{ rows: call }, { rows: rows(60, 'b') }] }} />)
    // the call's three rows kept, and a first screen of the new arguments
    expect(outputs()).toBe(3 + FIRST_ROWS)
    await waitFor(() => expect(outputs()).toBe(63), { timeout: 30_000 })
    expect(screen.getByRole('status', { name: 'b59' })).toBeTruthy()
  })
})

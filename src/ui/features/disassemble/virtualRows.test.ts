import { describe, expect, it } from 'vitest'
import { blockFrom } from './JumpTo'
import { centreOn, keyScroll, OVERSCAN, ROW, windowOf } from './virtualRows'

describe('the listing window (fixed row height, header one row tall)', () => {
  const height = 20 * ROW // a box showing the header and 19 rows
  it('draws the rows in view and OVERSCAN either side, never past the ends', () => {
    expect(windowOf(0, height, 15_000)).toEqual({ first: 0, last: 19 + 1 + OVERSCAN })
    const top = 1000 * ROW
    const { first, last } = windowOf(top, height, 15_000)
    expect(first).toBe(1000 - OVERSCAN)
    // every row whose box meets the view (under the sticky header) is drawn
    for (let k = 1000; k < 1000 + 19; k++) expect(k >= first && k < last).toBe(true)
    expect(windowOf(15_000 * ROW, height, 15_000).last).toBe(15_000)
    expect(windowOf(0, height, 5)).toEqual({ first: 0, last: 5 })
    expect(windowOf(0, height, 0)).toEqual({ first: 0, last: 0 })
  })
  it('stays small whatever the size of the listing', () => {
    for (const count of [10, 1_000, 24_576, 49_152]) {
      for (const top of [0, 7 * ROW + 5, (count / 2) * ROW, count * ROW]) {
        const { first, last } = windowOf(top, 900, count)
        expect(last - first).toBeLessThanOrEqual(Math.ceil(900 / ROW) + 2 * OVERSCAN + 1)
      }
    }
  })
  it('centres a row: at the centred scroll position it lies in the middle of the view', () => {
    const k = 5000
    const top = centreOn(k, height)
    const rowTop = (k + 1) * ROW - top // in the box, below the header
    expect(rowTop).toBeGreaterThanOrEqual(ROW)
    expect(Math.abs(rowTop + ROW / 2 - (ROW + (height - ROW) / 2))).toBeLessThanOrEqual(ROW)
    expect(centreOn(0, height)).toBe(0)
  })
  it('keys scroll by a page (keeping a row), to the ends, and by a row; other keys are left alone', () => {
    const full = 1001 * ROW
    expect(keyScroll('Home', 5000, height, full)).toBe(0)
    expect(keyScroll('End', 0, height, full)).toBe(full - height)
    expect(keyScroll('PageDown', 0, height, full)).toBe(18 * ROW)
    expect(keyScroll('PageUp', 18 * ROW, height, full)).toBe(0)
    expect(keyScroll('PageUp', 3, height, full)).toBe(0)
    expect(keyScroll('PageDown', full - height - 1, height, full)).toBe(full - height)
    expect(keyScroll('ArrowDown', 0, height, full)).toBe(ROW)
    expect(keyScroll('a', 0, height, full)).toBeUndefined()
    expect(keyScroll('Tab', 0, height, full)).toBeUndefined()
  })
})

describe('block jumps', () => {
  const starts = Uint32Array.from([0, 5, 12, 40])
  it('the next block after an offset, the one before the block holding it', () => {
    expect(blockFrom(starts, -1, 1)).toBe(0)
    expect(blockFrom(starts, 0, 1)).toBe(5)
    expect(blockFrom(starts, 7, 1)).toBe(12)
    expect(blockFrom(starts, 40, 1)).toBeUndefined()
    expect(blockFrom(starts, 12, -1)).toBe(5)
    expect(blockFrom(starts, 13, -1)).toBe(5)
    expect(blockFrom(starts, 4, -1)).toBeUndefined()
    expect(blockFrom(starts, 41, -1)).toBe(12)
  })
})

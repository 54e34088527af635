/**
 * BundleInput: the calls of a bundle as the form gives them, each error naming its line; the
 * reordering of the page. Values checked against the JSON they were written from.
 */
import { describe, expect, it } from 'vitest'
import * as BundleInput from './BundleInput'

describe('BundleInput', () => {
  const from = '0x' + 'aB'.repeat(20)
  it('reads one object per line or a JSON array, and names the line at fault', () => {
    expect(BundleInput.parse(`{"from":"${from}","to":"${from}","value":"10","data":"0x12"}\n\n{"from":"${from}","gas":"0x5208"}`)).toEqual([
      { from: from.toLowerCase(), to: from.toLowerCase(), value: 10n, data: '0x12' },
      { from: from.toLowerCase(), gas: 21_000n },
    ])
    expect(BundleInput.parse(`[{"from":"${from}"}]`)).toEqual([{ from: from.toLowerCase() }])
    expect(() => BundleInput.parse(`{"from":"${from}"}\n{"from":"0x12"}`)).toThrow(/line 2: "from" is "0x12", not an address/)
    expect(() => BundleInput.parse(`{"from":"${from}"}\nnope`)).toThrow(/line 2: it is not valid JSON/)
    expect(() => BundleInput.parse(`{"from":"${from}","value":"-1"}`)).toThrow(/line 1: "value"/)
    expect(() => BundleInput.parse(`{"from":"${from}","data":"0x1"}`)).toThrow(/line 1: "data"/)
    expect(() => BundleInput.parse('')).toThrow(/no calls/)
    expect(() => BundleInput.parse(`[{"from":"${from}", "nonce": 1}]`)).toThrow(/unknown field "nonce"/)
  })
  it('format and parse round-trip; move keeps every call once', () => {
    const calls = BundleInput.parse(`{"from":"${from}","to":"${from}","value":"10","data":"0x12","gas":"7"}\n{"from":"${from}"}`)
    expect(BundleInput.parse(BundleInput.format(calls))).toEqual(calls)
    expect(BundleInput.move([1, 2, 3], 0, -1)).toEqual([1, 2, 3])
    expect(BundleInput.move([1, 2, 3], 2, -1)).toEqual([1, 3, 2])
    expect(BundleInput.move([1, 2, 3], 0, 1)).toEqual([2, 1, 3])
  })
  it('moveText moves one line and keeps its text; an array is written one call per line', () => {
    const a = `{"from":"${from}","value":"10"}`
    const b = `{"from":"${from}", "data": "0x12"}`
    expect(BundleInput.moveText(`${a}\n\n${b}\n`, 1, -1)).toBe(`${b}\n${a}`)
    expect(BundleInput.parse(BundleInput.moveText(`[${a}, ${b}]`, 0, 1))).toEqual(BundleInput.parse(`${b}\n${a}`))
    expect(() => BundleInput.moveText('nope', 0, 1)).toThrow(/line 1/)
  })
})

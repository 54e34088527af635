/**
 * CarriedSources' own parts (#36). What a capsule carries, named and checked against its witness,
 * is covered on anvil with the local Sourcify in test/chain/capsule-verified.test.ts (a core test
 * may not import the simulate tool that exports the capsule); here: the collector keeps one source
 * per address (the last accepted, by lowercase address), the heading names every host once, a
 * capsule that carries nothing gives the report back untouched, and the two refusals say what is
 * missing and why.
 */
import { describe, expect, it } from 'vitest'
import type * as SimCapsule from '../sim/SimCapsule'
import type * as SimReport from '../sim/SimReport'
import * as CarriedSources from './CarriedSources'
import * as VerifiedSource from './VerifiedSource'

const A = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
const B = '0xe7f1725E7734CE288F8367e1Bb143E90bb3F0512'
const accepted = (address: string, host: string, text: string) => ({ address, host, text }) as Parameters<ReturnType<typeof CarriedSources.collector>['onSource']>[0]

describe('CarriedSources.collector', () => {
  it('keeps one source per address, lowercased, the last accepted winning, in the order first seen', () => {
    const c = CarriedSources.collector()
    expect(c.sources()).toEqual([])
    c.onSource(accepted(A, 'https://one.example', 'first'))
    c.onSource(accepted(B, 'https://two.example', 'b'))
    c.onSource(accepted(A.toLowerCase(), 'https://one.example', 'second'))
    expect(c.sources()).toEqual([
      { address: A.toLowerCase(), host: 'https://one.example', text: 'second' },
      { address: B.toLowerCase(), host: 'https://two.example', text: 'b' },
    ])
  })
})

describe('CarriedSources.hostOf', () => {
  it('names each host once, in the order the sources list them', () => {
    const s = (address: string, host: string): SimCapsule.Source => ({ address: address.toLowerCase() as `0x${string}`, host, text: '' })
    expect(CarriedSources.hostOf([s(A, 'https://sourcify.dev/server'), s(B, 'https://sourcify.dev/server')])).toBe('the capsule (served by https://sourcify.dev/server)')
    expect(CarriedSources.hostOf([s(A, 'https://a.example'), s(B, 'https://b.example')])).toBe('the capsule (served by https://a.example, https://b.example)')
  })
})

describe('CarriedSources.name', () => {
  it('gives back the very report when the capsule carries no source, reading nothing', async () => {
    const report = { root: {} } as unknown as SimReport.Report
    let reads = 0
    const read: typeof VerifiedSource.readChecked = () => {
      reads++
      throw new Error('not to be read')
    }
    const opened = { capsule: { sources: [] }, verified: { accounts: new Map() } } as unknown as Parameters<typeof CarriedSources.name>[1]
    expect(await CarriedSources.name(report, opened, read)).toBe(report)
    const without = { capsule: {}, verified: { accounts: new Map() } } as unknown as Parameters<typeof CarriedSources.name>[1]
    expect(await CarriedSources.name(report, without, read)).toBe(report)
    expect(reads).toBe(0)
  })
})

describe('CarriedSources refusals', () => {
  it('a contract without a carried source is a kind of “not verified”, naming the address and why', () => {
    const e = new CarriedSources.NotCarriedError(A)
    expect(e).toBeInstanceOf(VerifiedSource.NotVerifiedError)
    expect(e.message).toContain(`The capsule carries no verified source for ${A}.`)
    expect(e.hints.join(' ')).toMatch(/lookup was off, or the host had none/)
  })
  it('what the witness does not prove says so, and what the capsule does prove', () => {
    const e = new CarriedSources.NotProvenError('eth_getCode of 0x01')
    expect(e.message).toContain('Not proven by the capsule: eth_getCode of 0x01.')
    expect(e.hints.join(' ')).toMatch(/only the accounts and slots its call read/)
  })
})

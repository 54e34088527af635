import { describe, expect, it } from 'vitest'
import type { ToolMeta } from '../../tools/types'
import { HIDDEN, routeErrors, scrub } from './runErrors'

const meta: Pick<ToolMeta, 'fields'> = {
  fields: [
    { name: 'key', label: 'Private key', kind: 'text', secret: true },
    { name: 'pin', label: 'PIN', kind: 'text', secret: true },
    { name: 'to', label: 'To', kind: 'text' },
  ],
}
const KEY = '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'
const raw = { key: KEY, pin: '1234', to: '0xabc' }

describe('routeErrors: one rule for every error a run reports', () => {
  it('field errors show at their fields, and the error that came with them is not shown twice', () => {
    expect(routeErrors(meta, raw, { name: 'InputError', message: 'Some inputs are not valid.', hints: [] }, { to: 'Not an address.' })).toEqual({ fieldErrors: { to: 'Not an address.' } })
  })

  it('an error naming a field the tool has shows there (with its hints); any other shows above the result', () => {
    expect(routeErrors(meta, raw, { name: 'X', message: 'Bad.', hints: ['Try 1.'], field: 'to' })).toEqual({ fieldErrors: { to: 'Bad. Try 1.' } })
    const above = { name: 'X', message: 'Node down.', hints: [], field: 'nonce' }
    expect(routeErrors(meta, raw, above)).toEqual({ fieldErrors: {}, error: above })
    expect(routeErrors(meta, raw, { name: 'X', message: 'Node down.', hints: [] })).toEqual({ fieldErrors: {}, error: { name: 'X', message: 'Node down.', hints: [] } })
  })

  it('a secret field’s value never appears in a message, a hint or a field error, whole or cut short', () => {
    const routed = routeErrors(meta, raw, { name: 'X', message: `Key ${KEY} is not on the curve.`, hints: [`got "${KEY.slice(0, 20)}…"`, 'PIN 1234 refused'] })
    const text = JSON.stringify(routed)
    expect(text).not.toContain(KEY.slice(0, 10))
    expect(text).not.toContain('1234')
    expect(routed.error?.message).toBe(`Key ${HIDDEN} is not on the curve.`)
    expect(routed.error?.hints).toEqual([`got "${HIDDEN}…"`, `PIN ${HIDDEN} refused`])
    expect(routeErrors(meta, raw, undefined, { key: `${KEY} is too long` }).fieldErrors.key).toBe(`${HIDDEN} is too long`)
    expect(routeErrors(meta, raw, { name: 'X', message: `bad ${KEY}`, hints: [], field: 'to' }).fieldErrors.to).toBe(`bad ${HIDDEN}`)
  })

  it('a short secret is hidden where it stands alone, not in every word that holds its letters; other values stay', () => {
    expect(scrub(meta, { pin: 'ab' }, 'ab is wrong; abc and tab stay')).toBe(`${HIDDEN} is wrong; abc and tab stay`)
    expect(scrub(meta, { to: '0xabc' }, 'To 0xabc is not valid')).toBe('To 0xabc is not valid')
    expect(scrub(meta, { key: '' }, 'nothing to hide')).toBe('nothing to hide')
  })
})

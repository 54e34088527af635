/**
 * Parsing of the pattern fields of the vanity and create2-salt tools (kit/vanityFields.ts)
 * and the difficulty rows both show.
 */
import * as Vanity from '../../core/address/Vanity'
import type { errorCollector } from '../define'
import type { RawInput, Row } from '../types'

/** Parses the pattern fields; errors go to the field they belong to. */
export function parsePattern(raw: RawInput, at: ReturnType<typeof errorCollector>['at']): Vanity.Pattern | undefined {
  const mode = (Vanity.MODES as readonly string[]).includes(raw.mode ?? '') ? (raw.mode as Vanity.Mode) : 'prefix'
  const zeroText = (raw.zeroBytes ?? '4').trim() || '4'
  if (mode === 'zeros' && !/^\d{1,2}$/.test(zeroText))
    return at('zeroBytes', () => {
      throw new Vanity.InvalidZeroBytesError()
    })
  return at('prefix', () => Vanity.parse({ mode, prefix: raw.prefix, suffix: raw.suffix, contains: raw.contains, matchCase: raw.matchCase === 'true', zeroBytes: Number(zeroText) }))
}

/** The difficulty rows: expected attempts and time on one core at `rate` per second. */
export function planRows(pattern: Vanity.Pattern, rate: number): Row[] {
  return [
    { label: 'Pattern', value: pattern.summary, mono: false, copy: false },
    { label: 'Expected attempts', value: Vanity.formatCount(pattern.attempts), mono: false, ...(pattern.caseLetters ? { note: `Includes ×${2 ** pattern.caseLetters} for ${pattern.caseLetters} letters whose case must match.` } : {}) },
    { label: 'Expected time on one core', value: Vanity.formatDuration(Vanity.expectedSeconds(pattern.attempts, rate)), mono: false, copy: false, note: `At ${Vanity.formatCount(rate)} per second (measured on a reference machine; the page measures yours).` },
  ]
}

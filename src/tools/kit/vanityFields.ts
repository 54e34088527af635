/**
 * The pattern fields of the vanity and create2-salt tools (mode, prefix, suffix, contains,
 * zeroBytes, matchCase): plain data for their meta.ts (no core imports here).
 */
import type { FieldSpec } from '../types'

/** The pattern fields, shown while `action` is `mine` when `whenMining` is given. */
export function patternFields(whenMining?: FieldSpec['showWhen']): FieldSpec[] {
  const mode: FieldSpec = { name: 'mode', label: 'Match', kind: 'select', default: 'prefix', options: [
    { value: 'prefix', label: 'Starts with' },
    { value: 'suffix', label: 'Ends with' },
    { value: 'both', label: 'Starts and ends with' },
    { value: 'contains', label: 'Contains' },
    { value: 'zeros', label: 'Most leading zero bytes' },
  ], ...(whenMining ? { showWhen: whenMining } : {}) }
  return [
    mode,
    { name: 'prefix', label: 'Starts with', kind: 'text', placeholder: 'dead', help: 'Hex digits after 0x.', showWhen: { field: 'mode', is: ['prefix', 'both'] } },
    { name: 'suffix', label: 'Ends with', kind: 'text', placeholder: 'beef', showWhen: { field: 'mode', is: ['suffix', 'both'] } },
    { name: 'contains', label: 'Contains', kind: 'text', placeholder: 'c0ffee', showWhen: { field: 'mode', is: ['contains'] } },
    { name: 'zeroBytes', label: 'Stop at leading zero bytes', kind: 'text', default: '4', inputMode: 'numeric', help: 'The best results are kept as they come; the search stops when one has this many (1 to 20).', showWhen: { field: 'mode', is: ['zeros'] } },
    { name: 'matchCase', label: 'Match the checksum case (EIP-55) as typed', kind: 'checkbox', default: 'false', help: 'Each letter then has to match its case too: twice as long per letter.', showWhen: { field: 'mode', not: ['zeros'] } },
  ]
}

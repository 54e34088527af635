/**
 * The declarations of the block context fields and of a replay's place (parsed by
 * blockContext.ts). Only types here: every tool's meta loads on the first screen.
 */
import type { FieldSpec } from '../types'

/** The block context fields as a form declares them, in `group`, shown while `showWhen` holds. */
export function blockContextFields(group: string, showWhen: FieldSpec['showWhen']): FieldSpec[] {
  const f = (name: string, label: string, placeholder: string, help?: string): FieldSpec => ({ name, label, kind: 'text', placeholder, ...(help ? { help } : {}), group, ...(showWhen ? { showWhen } : {}) })
  return [
    f('timestamp', 'Block timestamp', 'unix seconds (empty: the block\'s)', 'What block.timestamp returns: a deadline or a vesting date can be tried before and after.'),
    f('number', 'Block number', 'empty: the block\'s'),
    f('baseFee', 'Base fee', 'in gwei unless a unit follows (empty: the block\'s)'),
    f('coinbase', 'Coinbase', '0x… (empty: the block\'s)'),
    f('prevrandao', 'Prevrandao', '0x… 32 bytes (empty: the block\'s)'),
    f('blockGasLimit', 'Block gas limit', 'empty: the block\'s'),
  ]
}

/** The replay's place as a form declares it, shown while `showWhen` holds. */
export function replayPlaceFields(showWhen: FieldSpec['showWhen']): FieldSpec[] {
  return [
    { name: 'atBlock', label: 'Replay at block', kind: 'text', placeholder: 'empty: its own block', help: 'Run its call (sender, recipient, value, data, gas) on the state after this block instead, the sender impersonated.', ...(showWhen ? { showWhen } : {}) },
    { name: 'position', label: 'Position in its block', kind: 'text', placeholder: 'empty: its own', help: 'Replay it after this many of the block\'s other transactions (0: first in the block).', ...(showWhen ? { showWhen } : {}) },
  ]
}

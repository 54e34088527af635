/**
 * The declarations of the block context fields, of the call and of the mined transaction a
 * simulation or a debug session runs, and of a replay's place (parsed by blockContext.ts).
 * Cheap: every tool's meta loads on the first screen.
 */
import type { FieldSpec } from '../types'
import { address, hexData, text } from './fieldKinds'

/** A call by any sender (from, to, value, data, gas), shown while `showWhen` holds. */
export function callFields(showWhen: FieldSpec['showWhen']): FieldSpec[] {
  return [
    address('from', 'From', { default: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266', help: 'Any address: the sender is impersonated (no signature, balance or nonce checks).', showWhen }),
    text('to', 'To', { placeholder: '0x… (empty: create a contract)', showWhen }),
    text('value', 'Value', { placeholder: '0', help: 'In ether unless a unit follows (1.5, 20 gwei, 1000 wei).', showWhen }),
    hexData('data', 'Data', { showWhen }),
    text('gas', 'Gas limit', { placeholder: 'cap: 16,777,216 (Osaka) or 30,000,000', showWhen }),
  ]
}

/** A mined transaction by its hash, and the place it is replayed at, shown while `showWhen` holds. */
export function minedFields(showWhen: FieldSpec['showWhen']): FieldSpec[] {
  return [
    text('hash', 'Transaction hash', { placeholder: '0x… (64 hex digits)', help: 'Replayed at its parent block after the block\'s earlier transactions, as cast run does. The hash is sent to the connected node, and nothing else: a private key has the same 32 bytes, so never paste one here.', showWhen }),
    ...replayPlaceFields(showWhen),
  ]
}

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

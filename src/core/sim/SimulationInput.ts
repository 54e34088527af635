/**
 * What a simulation is asked to run, as the simulate tool's form gives it: the mode and the
 * signed transaction. Cheap (no EVM), so the form can check it on the main thread.
 *
 * @example
 * ```ts
 * SimulationInput.parseMode('hash') // 'hash'
 * ```
 */
import { BaseError } from '../Errors'

export type Mode = 'call' | 'hash' | 'raw'
export const MODES: readonly Mode[] = ['call', 'hash', 'raw']

/** The simulation mode: a call, a mined transaction by hash, or a raw signed transaction. */
export function parseMode(text: string): Mode {
  if (!(MODES as readonly string[]).includes(text)) throw new InvalidModeError(text)
  return text as Mode
}

/** A raw signed transaction is required in raw mode: `0x` alone is refused. */
export function requireRaw(hex: `0x${string}`): `0x${string}` {
  if (hex === '0x') throw new MissingRawError()
  return hex
}

/**
 * Where a mined transaction is replayed instead of its own place: `atBlock` (a block tag: on the
 * state after that block, as a call from its sender) or `position` (in its own block, after that
 * many of the block's other transactions). One or neither; both is refused at `atBlock`.
 */
export function replayPlace(atBlock: string, position: string, parseTag: (t: string) => string): { atBlock?: string; position?: number } {
  const a = atBlock.trim()
  const p = position.trim()
  if (a !== '' && p !== '') throw new ReplayPlaceError()
  if (a !== '') return { atBlock: parseTag(a) }
  if (p === '') return {}
  if (!/^\d{1,5}$/.test(p)) throw new InvalidPositionError(p)
  return { position: Number(p) }
}

export class ReplayPlaceError extends BaseError {
  constructor() {
    super('SimulationInput.ReplayPlaceError', 'Replay it at another block or at another position in its block, not both.', {
      hints: ['Empty one of the two: "At block" runs it on the state after that block; "Position in its block" replays its own block up to there first.'],
      field: 'atBlock',
    })
  }
}

export class InvalidPositionError extends BaseError {
  constructor(text: string) {
    super('SimulationInput.InvalidPositionError', `"${text.slice(0, 20)}" is not a position in a block.`, {
      hints: ['A whole number: 0 runs it first in its block, 1 after one of its other transactions, and so on.'],
      field: 'position',
    })
  }
}

export class InvalidModeError extends BaseError {
  constructor(text: string) {
    super('SimulationInput.InvalidModeError', `"${text.slice(0, 20)}" is not a mode.`, { hints: ['Choose call, hash or raw.'] })
  }
}

export class MissingRawError extends BaseError {
  constructor() {
    super('SimulationInput.MissingRawError', 'Paste the signed transaction.', {
      hints: ['0x followed by its bytes, as eth_sendRawTransaction takes it (the tx-build tool makes one).'],
    })
  }
}

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

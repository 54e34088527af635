/**
 * Split-key vanity mining, the way profanity2 does it: the page makes a seed key pair and
 * hands out only its public key P; a GPU miner searches offsets k' until the address of
 * P + k'·G has the pattern and prints k' ("Private: 0x…"); the page adds the offset to the
 * seed's private key (mod n, the group order) and checks the resulting address before it
 * shows the key. The miner never learns the key: k' without the seed is worth nothing. The
 * scalar addition is noble's field arithmetic (`secp256k1.Point.Fn`), the address ox's.
 *
 * @example
 * ```ts
 * const seed = SplitKey.seed()          // { privateKey, publicKey: 128 hex digits for profanity2 -z }
 * const out = SplitKey.parseOutput('Private: 0x…  Address: 0x…')
 * const key = SplitKey.combine(seed.privateKey, out.offset)
 * ```
 */
import { secp256k1 } from '@noble/curves/secp256k1.js'
import { Bytes, Hex } from 'ox'
import * as Vanity from './Vanity'
import { BaseError, errorType } from '../Errors'
import * as Key from '../keys/Key'

/** A seed key pair: the private key stays in the page; the public key goes to the miner. */
export interface Seed {
  privateKey: Key.PrivateKey
  /** The public key as profanity2's `-z` takes it: x ‖ y, 128 hex digits, without 04 and 0x. */
  publicKey: string
}

/** A fresh seed (Key.random: crypto.getRandomValues). */
export function seed(): Seed {
  const privateKey = Key.random()
  return { privateKey, publicKey: minerPublicKey(privateKey) }
}

/** The public key of `privateKey` in the miner's form: x ‖ y as 128 lower-case hex digits. */
export function minerPublicKey(privateKey: Key.PrivateKey): string {
  return Hex.fromBytes(secp256k1.getPublicKey(Bytes.fromHex(privateKey), false)).slice(4)
}

/** What the miner printed: the offset, and the address it printed with it (null: not given). */
export interface MinerOutput {
  offset: bigint
  /** The address the miner printed (lower case), and whether it called it the contract's. */
  printed: { address: string; contract: boolean } | null
}

const OFFSET_IN_LINE = /Private:\s*(0x[0-9a-fA-F]+)/
const ADDRESS_IN_LINE = /(Address|Contract):\s*(0x[0-9a-fA-F]{40})\b/

/**
 * Reads the miner's output: the offset alone (hex, with or without 0x, at most 64 digits), or a
 * whole line profanity2 printed (`Time: … Score: … Private: 0x… Address: 0x…`), whose address is
 * taken too. `address` (optional, its own field) is the address printed, given apart; given
 * twice, both must agree. Errors name the field they belong to (`offset`, `minerAddress`).
 */
export function parseOutput(text: string, address = ''): MinerOutput {
  const t = text.trim()
  if (t === '') throw new EmptyOffsetError().at('offset')
  const inLine = OFFSET_IN_LINE.exec(t)
  const hex = (inLine ? inLine[1]! : t).replace(/^0x/i, '')
  if (!/^[0-9a-fA-F]{1,64}$/.test(hex))
    throw new InvalidOffsetError(
      inLine ? `The offset after "Private:" is ${hex.length} hex digits; profanity2 prints 64.` : 'The offset is hex digits (profanity2 prints 0x and 64 of them), or the whole line it printed.',
      ['Paste what follows "Private:" in its output, or the whole line.'],
    ).at('offset')
  const offset = BigInt(`0x${hex}`)
  if (offset >= Key.CURVE_ORDER) throw new InvalidOffsetError('The offset is not below the secp256k1 group order n: no miner prints that.', ['Check that nothing was added when copying.']).at('offset')
  const fromLine = ADDRESS_IN_LINE.exec(t)
  const given = address.trim()
  if (given !== '' && !/^0x[0-9a-fA-F]{40}$/.test(given)) throw new InvalidOffsetError('An address is 0x followed by 40 hex digits.').at('minerAddress')
  if (given !== '' && fromLine && fromLine[2]!.toLowerCase() !== given.toLowerCase())
    throw new MismatchError(`The pasted line names ${fromLine[2]!.toLowerCase()}, the address field ${given.toLowerCase()}.`, ['Give the address from the same line as the offset, or leave the field empty.']).at('minerAddress')
  const printed = given !== '' ? { address: given.toLowerCase(), contract: fromLine?.[1] === 'Contract' } : fromLine ? { address: fromLine[2]!.toLowerCase(), contract: fromLine[1] === 'Contract' } : null
  return { offset, printed }
}

/** The key: (seed + offset) mod n, by noble's scalar field. Throws if the sum is 0 (no key). */
export function combine(seedKey: Key.PrivateKey, offset: bigint): Key.PrivateKey {
  const Fn = secp256k1.Point.Fn
  const sum = Fn.add(Fn.create(Bytes.toBigInt(Bytes.fromHex(seedKey))), Fn.create(offset))
  if (Fn.is0(sum)) throw new InvalidOffsetError('This offset cancels the seed (their sum is 0 mod n): that is no key.', ['The offset was not mined for this seed.']).at('offset')
  return Hex.fromNumber(sum, { size: 32 }) as Key.PrivateKey
}

/**
 * Combines the seed and the miner's output, then checks before anything is shown: the address
 * the key gives (or its first contract's, for `target: 'create'`) must equal the one the miner
 * printed, when given, and must have the pattern. Each failure is an error at the offset field
 * that says what the key would give and why it does not fit; the key itself is never in it.
 */
export function verify(seedKey: Key.PrivateKey, output: MinerOutput, pattern: Vanity.Pattern, target: Vanity.Target): Vanity.KeyCheck {
  const key = combine(seedKey, output.offset)
  const c = Vanity.checkKey(pattern, target, key)
  const what = target === 'create' ? 'first contract address' : 'address'
  if (output.printed) {
    if (output.printed.contract !== (target === 'create'))
      throw new MismatchError(
        output.printed.contract ? 'The miner printed a contract address (it ran with --contract), but the pattern is for the key’s own address.' : 'The miner printed the key’s own address, but the pattern is for its first contract (run it with --contract).',
        ['Choose the same "Address to match" as the miner searched for.'],
      ).at('offset')
    if (output.printed.address !== c.matched.toLowerCase())
      throw new MismatchError(`The miner printed ${output.printed.address}, but this seed and offset give the ${what} ${c.matched}.`, [
        'The offset was mined for another public key (one from before a reload, or a new seed), or was copied wrongly.',
      ]).at('offset')
  }
  if (!c.ok)
    throw new MismatchError(`This seed and offset give the ${what} ${c.matched}, which does not fit: ${pattern.summary}.`, [
      'profanity2 prints better and better partial matches: take the line whose score is the whole pattern, and check it was mined for this page’s public key.',
    ]).at('offset')
  return c
}

export class EmptyOffsetError extends BaseError {
  constructor() {
    super('SplitKey.EmptyOffsetError', 'Paste the offset the miner printed (after "Private:"), or the whole line.', { hints: ['Run the command shown with this page’s public key first.'] })
  }
}

export class NoSeedError extends BaseError {
  constructor() {
    super('SplitKey.NoSeedError', 'This page holds no seed key, so no offset can be added to it.', { hints: ['Choose the GPU search again: the page makes a new seed. An offset mined for an earlier one (before a reload) cannot be used.'] })
  }
}

export class InvalidOffsetError extends errorType('SplitKey.InvalidOffsetError') {}

export class MismatchError extends errorType('SplitKey.MismatchError') {}

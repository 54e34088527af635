/**
 * Address validation that says exactly what is wrong, and EIP-55 and EIP-1191 checksums.
 * (Addresses of keys are `Key`'s.)
 *
 * @example
 * ```ts
 * AddressCheck.inspect('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359').status // 'lowercase'
 * AddressCheck.checksum('0xfb6916095ca1df60bb79ce92ce3ea74c37c5d359') // '0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359'
 * ```
 */
import { Address, Bytes, Hash, Hex } from 'ox'
import { BaseError } from '../Errors'

/** A lowercase `0x` + 40 hex address, as core passes it around internally. */
export type Lower = `0x${string}`

/** Chains that adopted EIP-1191 (RSK mainnet and testnet), per the EIP's table. */
export const EIP1191_ADOPTED: readonly number[] = [30, 31]

/** Longest address text looked at (anything longer is reported by its length only). */
const MAX_TEXT = 1000

export type Status = 'checksummed' | 'lowercase' | 'uppercase' | 'mismatch'

export interface Inspection {
  /** The address as given (trimmed), `0x` + 40 hex characters. */
  input: string
  /** Lowercase form. */
  lower: Lower
  /** EIP-55 checksum form. */
  checksummed: string
  status: Status
  /**
   * For `mismatch`: 1-based positions (counting the characters after `0x`) whose case
   * differs from the checksum form.
   */
  wrongCase: number[]
}

/**
 * Checks an address string and classifies it. Throws a precise error when it is not an
 * address at all (empty, missing `0x`, wrong length, non-hex characters); a checksum
 * mismatch is not thrown but reported with the positions of the wrong-case characters.
 *
 * @example
 * ```ts
 * AddressCheck.inspect('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed').status // 'checksummed'
 * ```
 */
export function inspect(text: string): Inspection {
  const input = text.trim()
  const body = shape(input)
  const lower = `0x${body.toLowerCase()}` as Lower
  const checksummed = checksum(lower)
  let status: Status
  const wrongCase: number[] = []
  if (body === body.toLowerCase()) status = 'lowercase'
  else if (body === body.toUpperCase()) status = 'uppercase'
  else if (`0x${body}` === checksummed) status = 'checksummed'
  else {
    status = 'mismatch'
    for (let i = 0; i < 40; i++) if (body[i] !== checksummed[i + 2]) wrongCase.push(i + 1)
  }
  return { input: `0x${body}`, lower, checksummed, status, wrongCase }
}

/**
 * Parses an address for use as an input elsewhere: accepts checksummed, all-lowercase or
 * all-uppercase; throws on anything else, including a checksum mismatch.
 */
export function parse(text: string): Lower {
  const r = inspect(text)
  if (r.status === 'mismatch') throw new ChecksumMismatchError(r.input, r.checksummed, r.wrongCase)
  return r.lower
}

/**
 * Parses an address as {@link parse} does (lower, upper or valid EIP-55 mixed case) and
 * returns its checksummed form.
 */
export function parseChecksummed(text: string): Address.Address {
  return Address.checksum(parse(text) as Address.Address)
}

/** Validates the shape and returns the 40 hex characters after `0x`. */
function shape(input: string): string {
  if (input === '') throw new EmptyAddressError()
  if (input.length > MAX_TEXT) throw new InvalidLengthError(input.length, input.length)
  let body: string
  if (/^0[xX]/.test(input)) body = input.slice(2)
  else if (/^[0-9a-fA-F]{40}$/.test(input)) throw new MissingPrefixError(input)
  else if (/^(XE|xe)[0-9]{2}[0-9A-Za-z]{30,31}$/.test(input)) throw new IcapGivenError(input)
  else if (/\.[a-z]+$/i.test(input) && !/\s/.test(input)) throw new EnsNameGivenError(input)
  else body = input
  if (input.slice(0, 2) === '0X') throw new InvalidCharacterError(input, 2, 'X', ['Write the prefix as a lowercase 0x.'])
  const bad = /[^0-9a-fA-F]/.exec(body)
  if (bad) {
    const pos = input.length - body.length + bad.index + 1
    const hints = /\s/.test(bad[0])
      ? ['Remove the spaces or line breaks inside the address.']
      : body === input
        ? ['An address is 0x followed by 40 hexadecimal characters (0-9, a-f).']
        : ['Only 0-9 and a-f (either case) may follow 0x.']
    throw new InvalidCharacterError(input, pos, bad[0], hints)
  }
  if (body.length !== 40) throw new InvalidLengthError(body.length, input.length)
  return body
}

/**
 * EIP-55 mixed-case checksum of an address (any case accepted, the checksum is not
 * verified: use {@link parse} for that).
 */
export function checksum(address: string): string {
  const lower = `0x${shape(address.trim()).toLowerCase()}`
  return Address.checksum(lower as Address.Address)
}

/**
 * EIP-1191 checksum: the hash input is `chainId + "0x" + lowercase address`. Applied for
 * any chain id, as Foundry's `cast to-check-sum-address <address> <chainId>` does; see
 * {@link checksumForChain} for the EIP's rule that only adopting chains use it.
 */
export function checksumEip1191(address: string, chainId: bigint | number): string {
  const id = BigInt(chainId)
  if (id < 0n) throw new InvalidChainIdError(String(chainId))
  const body = shape(address.trim()).toLowerCase()
  const hash = Hash.keccak256(Hex.fromString(`${id}0x${body}`)).slice(2)
  let out = '0x'
  for (let i = 0; i < 40; i++) {
    const c = body[i]!
    out += c >= 'a' && parseInt(hash[i]!, 16) >= 8 ? c.toUpperCase() : c
  }
  return out
}

/** The checksum a chain expects: EIP-1191 on the chains that adopted it, EIP-55 elsewhere. */
export function checksumForChain(address: string, chainId: bigint | number): string {
  return EIP1191_ADOPTED.includes(Number(chainId)) ? checksumEip1191(address, chainId) : checksum(address)
}

/** An address accepted for signing or sending, and what to say about it. */
export interface ForSigning {
  /** The address as given (trimmed). */
  address: `0x${string}`
  lower: Lower
  /** Set for an all-lower-case (or all-upper-case) address: it carries no checksum. */
  note?: string
}

/**
 * Strict parse of an address that feeds a signature or a send: a mixed-case address must
 * match its checksum, EIP-55, or on the chains that adopted EIP-1191 (chain ids 30 and 31,
 * RSK) the EIP-1191 form for that chain (the EIP-55 form is accepted there too). A mismatch
 * throws {@link ChecksumMismatchError} with the 1-based positions (after 0x) of the
 * wrong-case characters. An all-lower-case or all-upper-case address is accepted with a note.
 */
export function parseForSigning(text: string, chainId?: bigint | number): ForSigning {
  const r = inspect(text)
  const address = r.input as `0x${string}`
  if (r.status === 'lowercase' || r.status === 'uppercase')
    return { address, lower: r.lower, note: `${address} is all ${r.status === 'lowercase' ? 'lower' : 'upper'} case: it carries no checksum, so a mistyped character cannot be caught. Compare it with its source.` }
  const rsk = chainId !== undefined && EIP1191_ADOPTED.includes(Number(chainId))
  // On a chain that adopted EIP-1191 its checksum decides (an EIP-55 form is a different, wrong case there).
  if (r.status === 'checksummed' && !rsk) return { address, lower: r.lower }
  if (rsk) {
    const expected = checksumEip1191(r.lower, chainId!)
    if (address === expected) return { address, lower: r.lower }
    const positions: number[] = []
    for (let i = 2; i < 42; i++) if (address[i] !== expected[i]) positions.push(i - 1)
    throw new ChecksumMismatchError(address, expected, positions, `EIP-1191, chain ${chainId}`)
  }
  throw new ChecksumMismatchError(address, r.checksummed, r.wrongCase, 'EIP-55')
}

/** Bytes of a lowercase address (helper for other core modules). */
export function toBytes(address: Lower): Uint8Array {
  return Bytes.fromHex(address)
}

export class EmptyAddressError extends BaseError {
  constructor() {
    super('AddressCheck.EmptyAddressError', 'Enter an address.', { hints: ['An address is 0x followed by 40 hexadecimal characters.'] })
  }
}

export class MissingPrefixError extends BaseError {
  constructor(input: string) {
    super('AddressCheck.MissingPrefixError', 'The address is missing its 0x prefix.', { hints: [`Write it as 0x${input}.`] })
  }
}

export class InvalidLengthError extends BaseError {
  constructor(hexDigits: number, total: number) {
    const diff = hexDigits - 40
    super(
      'AddressCheck.InvalidLengthError',
      total > MAX_TEXT
        ? `This text is ${total} characters long; an address is 42 (0x + 40 hex).`
        : `An address has 40 hex digits; this has ${hexDigits} (${diff > 0 ? `${diff} too many` : `${-diff} missing`}).`,
      {
        hints: [
          hexDigits === 64
            ? 'This looks like a 32-byte value (a hash, key or padded word); an address is its last 20 bytes.'
            : diff > 0
              ? 'Check for extra characters, for example a doubled digit or a pasted suffix.'
              : 'Check that the address was copied completely.',
        ],
      },
    )
  }
}

export class InvalidCharacterError extends BaseError {
  constructor(input: string, position: number, char: string, hints: string[]) {
    const shown = /\s/.test(char) ? JSON.stringify(char) : `"${char}"`
    super('AddressCheck.InvalidCharacterError', `Character ${shown} at position ${position} is not hexadecimal.`, { hints, position: position - 1 })
    void input
  }
}

export class ChecksumMismatchError extends BaseError {
  readonly positions: readonly number[]
  constructor(given: string, correct: string, positions: number[], rule?: string) {
    super(
      'AddressCheck.ChecksumMismatchError',
      `Checksum mismatch${rule ? ` (${rule})` : ''}: the case of character${positions.length === 1 ? '' : 's'} ${positions.join(', ')} (after 0x) is wrong.`,
      { hints: [`Did you mean ${correct}? A wrong-case letter usually means a mistyped address; check it against the source before use.`] },
    )
    this.positions = positions
    void given
  }
}

export class IcapGivenError extends BaseError {
  constructor(input: string) {
    super('AddressCheck.IcapGivenError', `"${input}" is an ICAP (IBAN-style) address, not a hex address.`, {
      hints: ['Convert it with the ICAP field of the address tool to get the 0x form.'],
    })
  }
}

export class EnsNameGivenError extends BaseError {
  constructor(input: string) {
    super('AddressCheck.EnsNameGivenError', `"${input}" looks like an ENS name, not an address.`, {
      hints: ['Resolve it with the ENS resolve tool (needs a connection), or enter the 0x address.'],
    })
  }
}

export class InvalidChainIdError extends BaseError {
  constructor(given: string) {
    super('AddressCheck.InvalidChainIdError', `"${given}" is not a valid chain id.`, { hints: ['Use a non-negative whole number, e.g. 1 (Ethereum), 30 (RSK) or 0x1e.'] })
  }
}

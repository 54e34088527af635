/**
 * Malformed raw transactions are refused in TxDecode's words, naming the field (its position
 * and the transaction type) or the envelope, never a library's internal text. The valid
 * transactions corrupted here are made by `cast mktx` (legacy, EIP-2930, EIP-1559, EIP-7702);
 * field replacements are re-encoded with ethers v5's RLP, so the envelope stays well formed and
 * only the replaced field is wrong.
 */
import { ethers } from 'ethers'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { ANVIL_KEYS, castAsync, expectDomainErrorOrValue } from '../../../test/support'
import { BaseError } from '../Errors'
import * as TxDecode from './TxDecode'

const TO = '0x70997970c51812dc3a010c7d01b50e0d17dc79c8'
const KEY = ANVIL_KEYS[0]!
const COMMON = ['--private-key', KEY, '--chain', '1', '--nonce', '7', '--gas-limit', '90000', '--value', '5']
const ACCESS = JSON.stringify([{ address: TO, storageKeys: [`0x${'00'.repeat(31)}01`] }])
const KIND = { legacy: 'a legacy transaction', eip2930: 'an EIP-2930 transaction', eip1559: 'an EIP-1559 transaction', eip7702: 'an EIP-7702 transaction' } as const
type Kind = keyof typeof KIND

let valid: { kind: Kind; raw: string }[] = []

beforeAll(async () => {
  const data = ['transfer(address,uint256)', TO, '100']
  const made = await Promise.all([
    castAsync(['mktx', ...COMMON, '--legacy', '--gas-price', '30gwei', TO, ...data]),
    castAsync(['mktx', ...COMMON, '--legacy', '--gas-price', '30gwei', '--access-list', ACCESS, TO, ...data]),
    castAsync(['mktx', ...COMMON, '--gas-price', '30gwei', '--priority-gas-price', '2gwei', '--access-list', ACCESS, TO, ...data]),
    castAsync(['mktx', ...COMMON, '--gas-price', '30gwei', '--priority-gas-price', '2gwei', '--auth', TO, TO]),
  ])
  valid = (['legacy', 'eip2930', 'eip1559', 'eip7702'] as const).map((kind, i) => ({ kind, raw: made[i]! }))
}, 60_000)

/** Field names TxDecode reads, top level and nested. */
const FIELD_WORDS = /\b(chainId|nonce|gasPrice|maxPriorityFeePerGas|maxFeePerGas|gas|to|value|data|accessList|authorizationList|v|yParity|r|s|signature)\b/
/** What every refusal must name: a field with its position and type, a nested field inside one, or the envelope (type byte, RLP, field count). */
const NAMES_PLACE = /(field \d+ of an? (legacy|EIP-\d+) transaction|fields \d+–\d+ \(|\benvelope\b|\bhex\b|transaction is empty)/
/** Words of the libraries underneath (ox, noble), never shown. */
const LIBRARY_TEXT = /Position|out of bounds|Rlp\.|BaseError|Docs:|Version: ox|Details:|undefined|NaN|\[object/

function refusal(raw: string, signed = false): string | null {
  try {
    if (signed) TxDecode.decodeSigned(raw)
    else TxDecode.decode(raw)
    return null
  } catch (e) {
    expect(e, String(e)).toBeInstanceOf(BaseError)
    const err = e as BaseError
    expect(err.field, err.message).toBeTruthy()
    expect(err.message).toMatch(NAMES_PLACE)
    expect(err.message).not.toMatch(LIBRARY_TEXT)
    return err.message
  }
}

const prefixOf = (raw: string) => (raw.startsWith('0xc') || raw.startsWith('0xf') ? '0x' : raw.slice(0, 4))
const bodyOf = (raw: string) => `0x${raw.slice(prefixOf(raw).length)}`

describe('TxDecode: random corruptions of valid transactions (made by cast mktx) are refused naming a field or the envelope', () => {
  it('the valid ones decode, signed, with the sender of the key', () => {
    for (const v of valid) {
      const d = TxDecode.decodeSigned(v.raw)
      expect(d.sender?.toLowerCase()).toBe(new ethers.Wallet(KEY).address.toLowerCase())
    }
  })

  it('byte flips, cuts, insertions and deletions', () => {
    const arb = fc.record({ which: fc.nat(3), op: fc.constantFrom('flip', 'cut', 'insert', 'delete'), at: fc.nat(), byte: fc.integer({ min: 0, max: 255 }) })
    fc.assert(
      fc.property(arb, ({ which, op, at, byte }) => {
        const bytes = ethers.utils.arrayify(valid[which]!.raw)
        const i = at % bytes.length
        let out: Uint8Array
        if (op === 'flip') out = Uint8Array.from(bytes, (b, k) => (k === i ? b ^ (byte || 1) : b))
        else if (op === 'cut') out = bytes.slice(0, i)
        else if (op === 'insert') out = Uint8Array.from([...bytes.slice(0, i), byte, ...bytes.slice(i)])
        else out = Uint8Array.from([...bytes.slice(0, i), ...bytes.slice(i + 1)])
        const raw = ethers.utils.hexlify(out)
        expectDomainErrorOrValue(() => TxDecode.decode(raw))
        refusal(raw)
        refusal(raw, true)
      }),
      { numRuns: 800 },
    )
  })

  it('one field replaced by random bytes or a list (well-formed RLP): the refusal names that field, its position and the type', () => {
    const arb = fc.record({
      which: fc.nat(3),
      field: fc.nat(),
      value: fc.oneof(
        fc.uint8Array({ maxLength: 40 }).map((b) => ethers.utils.hexlify(b)),
        fc.constant([] as string[]),
        fc.array(fc.uint8Array({ maxLength: 4 }).map((b) => ethers.utils.hexlify(b)), { maxLength: 3 }),
      ),
    })
    let named = 0
    fc.assert(
      fc.property(arb, ({ which, field, value }) => {
        const { kind, raw } = valid[which]!
        const items = ethers.utils.RLP.decode(bodyOf(raw)) as unknown[]
        const k = field % items.length
        items[k] = value
        const corrupted = prefixOf(raw) === '0x' ? ethers.utils.RLP.encode(items as never) : `${prefixOf(raw)}${ethers.utils.RLP.encode(items as never).slice(2)}`
        const msg = refusal(corrupted, true)
        if (msg === null) return
        // the field replaced, or (when it was well formed but the signature no longer recovers) the signature fields
        if (new RegExp(`field ${k} of ${KIND[kind]}|in field ${k} of ${KIND[kind]}`).test(msg)) {
          named++
          expect(msg).toMatch(FIELD_WORDS)
        } else expect(msg).toMatch(new RegExp(`fields \\d+–\\d+ \\(.*\\) of ${KIND[kind]}|The envelope`))
      }),
      { numRuns: 800 },
    )
    expect(named).toBeGreaterThan(150)
  })
})

describe('TxDecode: fixed malformed cases, each message in full', () => {
  const rebuild = (raw: string, k: number, value: unknown) => {
    const items = ethers.utils.RLP.decode(bodyOf(raw)) as unknown[]
    items[k] = value
    const body = ethers.utils.RLP.encode(items as never)
    return prefixOf(raw) === '0x' ? body : `${prefixOf(raw)}${body.slice(2)}`
  }
  const byKind = (k: Kind) => valid.find((v) => v.kind === k)!.raw
  const msg = (raw: string, signed = false) => {
    try {
      if (signed) TxDecode.decodeSigned(raw)
      else TxDecode.decode(raw)
      return 'decoded'
    } catch (e) {
      return `${(e as BaseError).field}: ${(e as BaseError).shortMessage}`
    }
  }
  it('names field, position, type and the rule', () => {
    expect(msg(rebuild(byKind('eip1559'), 1, `0x01${'00'.repeat(32)}`))).toBe('nonce: The nonce (field 1 of an EIP-1559 transaction) is 33 bytes; at most 8 (64-bit).')
    expect(msg(rebuild(byKind('eip1559'), 0, `0x01${'00'.repeat(32)}`))).toBe('chainId: The chainId (field 0 of an EIP-1559 transaction) is 33 bytes; at most 32 (256-bit).')
    expect(msg(rebuild(byKind('legacy'), 1, '0x0001'))).toBe('gasPrice: The gasPrice (field 1 of a legacy transaction) has a leading zero byte.')
    expect(msg(rebuild(byKind('eip2930'), 4, '0x1234'))).toBe('to: The to (field 4 of an EIP-2930 transaction) is 2 bytes; an address is 20 (or empty for contract creation).')
    expect(msg(rebuild(byKind('eip7702'), 5, '0x'))).toBe('to: The to (field 5 of an EIP-7702 transaction) is 0 bytes; an address is 20.')
    expect(msg(rebuild(byKind('eip1559'), 7, ['0x12']))).toBe('data: The data (field 7 of an EIP-1559 transaction) is a list; it should be a byte string.')
    expect(msg(rebuild(byKind('eip1559'), 8, [[TO, ['0x1234']]]))).toBe(
      'accessList[0].storageKeys[0]: accessList[0].storageKeys[0] (in field 8 of an EIP-1559 transaction) is 2 bytes; it must be exactly 32.',
    )
    expect(msg(rebuild(byKind('eip1559'), 9, '0x02'))).toBe('yParity: The yParity (field 9 of an EIP-1559 transaction) is 2; it must be 0 or 1.')
    expect(msg(rebuild(byKind('legacy'), 6, '0x05'))).toBe('v: The v (field 6 of a legacy transaction) is 5, not a valid legacy v.')
    expect(msg(rebuild(byKind('eip1559'), 10, '0x'))).toBe('r: The signature\'s r (field 10 of an EIP-1559 transaction) is zero.')
  })
  it('names the envelope', () => {
    const raw = byKind('eip1559')
    expect(msg(raw.slice(0, -2))).toMatch(/^raw: The envelope of an EIP-1559 transaction is malformed \(byte \d+ of the raw bytes\): Truncated RLP: /)
    expect(msg(`${raw}00`)).toMatch(/^raw: The envelope of an EIP-1559 transaction is malformed \(byte \d+ of the raw bytes\): 1 extra byte after the RLP item/)
    expect(msg('0x05c0')).toBe("type: The envelope's type byte 0x05 is not a known transaction type.")
    expect(msg('0x02c0')).toBe('raw: The envelope of an EIP-1559 transaction has 9 (unsigned) or 12 fields; this one has 0.')
    const items = ethers.utils.RLP.decode(bodyOf(raw)) as unknown[]
    const unsignedRaw = `0x02${ethers.utils.RLP.encode(items.slice(0, 9) as never).slice(2)}`
    expect(msg(unsignedRaw)).toBe('decoded')
    expect(msg(unsignedRaw, true)).toBe('raw: The envelope of an EIP-1559 transaction has no signature: fields 9–11 (yParity, r, s) are absent.')
  })
})

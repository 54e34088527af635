import * as Chains from '../../core/chain/Chains'
import type * as EthSignRequest from '../../core/qr/EthSignRequest'
import { BaseError } from '../../core/Errors'
import * as HexBytes from '../../core/format/HexBytes'
import type * as TxBuild from '../../core/tx/TxBuild'
import { defineTool, errorCollector } from '../define'
import type { Eip1193Like, Parsed, RawInput, ToolAction, ToolResult } from '../types'
import meta from './meta'
import { amount, hexBytes, signingAddress, uint } from '../kit/fields'

/** The checked field values; the request itself is made in `run` (its code loads with the first result). */
export interface Input {
  chainId: bigint
  from?: `0x${string}`
  path: string
  sourceFingerprint?: number
  requestId: string
  origin: string
  fragment: number
  content:
    | { mode: 'build'; tx: Omit<TxBuild.Input, 'type' | 'chainId'> }
    | { mode: 'hex'; hex: `0x${string}` }
    | { mode: 'message'; bytes: Uint8Array }
    | { mode: 'typed-data'; text: string }
}

/** What a page needs to animate the code and, later, to check the signature against this request. */
export interface QrRequestData {
  /** The parts to show in turn (one for a single-part code). */
  parts: string[]
  /** Pure fragments (1 for a single-part code). */
  fragments: number
  /** The request's CBOR, hex: kept in the page's memory to match the signature that comes back. */
  request: `0x${string}`
  requestId: string
}

const hexToBytes = (h: string) => {
  const out = new Uint8Array((h.length - 2) / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(h.slice(2 + 2 * i, 4 + 2 * i), 16)
  return out
}

/** A message as bytes: 0x and whole hex bytes are those bytes, anything else UTF-8 text (as cast wallet sign reads it). */
const messageBytes = (v: string): Uint8Array => (/^0x([0-9a-fA-F]{2})*$/.test(v) ? hexToBytes(v) : new TextEncoder().encode(v))

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const mode = (['build', 'hex', 'message', 'typed-data'].includes(raw.mode ?? '') ? raw.mode : 'build') as Input['content']['mode']
  const chainId = at('chainId', () => Chains.parseChainIdBig(raw.chainId || '1', 64))
  const from = at('from', () => signingAddress('from', raw.from ?? '', chainId, mode === 'build'))
  const fpText = (raw.sourceFingerprint ?? '').trim().replace(/^0x/i, '')
  const fp = fpText === '' ? undefined : parseInt(fpText, 16)
  if (fpText !== '' && (!/^[0-9a-fA-F]{1,8}$/.test(fpText) || fp === 0))
    errors.sourceFingerprint = 'Not a key fingerprint: write 8 hex digits (the first 4 bytes of HASH160 of the master public key), not zero.'

  let content: Input['content'] | undefined
  if (mode === 'build') {
    const nonce = at('nonce', () => uint('nonce', raw.nonce ?? '0', 64))
    const gas = at('gas', () => uint('gas', raw.gas ?? '21000', 64))
    const value = at('value', () => amount('value', raw.value ?? '0', 'ether', 0n))
    const maxFeePerGas = at('maxFeePerGas', () => amount('maxFeePerGas', raw.maxFeePerGas ?? '', 'gwei'))
    const maxPriorityFeePerGas = at('maxPriorityFeePerGas', () => amount('maxPriorityFeePerGas', raw.maxPriorityFeePerGas ?? '', 'gwei', 0n))
    const to = at('to', () => signingAddress('to', raw.to ?? '', chainId, false))
    const data = at('data', () => ((raw.data ?? '').trim() === '' ? '0x' : hexBytes('data', raw.data!)))
    if (nonce !== undefined && gas !== undefined && value !== undefined && maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined && data !== undefined && !errors.to)
      content = { mode, tx: { nonce, gas, value, maxFeePerGas, maxPriorityFeePerGas, data, ...(to ? { to } : {}) } }
  } else if (mode === 'hex') {
    const hex = at('unsigned', () => HexBytes.parse(raw.unsigned ?? '', 'The unsigned transaction'))
    if (hex === '0x') errors.unsigned = 'Paste the unsigned transaction (0x02…, 0xf8…).'
    else if (hex !== undefined) content = { mode, hex }
  } else if (mode === 'message') {
    const m = raw.message ?? ''
    if (m === '') errors.message = 'Enter the message to sign.'
    else if (/^0x[0-9a-fA-F]*$/.test(m) && m.length % 2) errors.message = 'The message looks like hex but has an odd number of digits: add the missing digit to sign bytes.'
    else content = { mode, bytes: messageBytes(m) }
  } else {
    const text = (raw.typedData ?? '').trim()
    if (text === '') errors.typedData = 'Paste the typed data JSON.'
    else content = { mode, text }
  }
  if (Object.keys(errors).length || !content || chainId === undefined) return { ok: false, errors }
  return {
    ok: true,
    value: {
      chainId,
      ...(from ? { from } : {}),
      path: raw.path || "m/44'/60'/0'/0/0",
      ...(fp !== undefined ? { sourceFingerprint: fp } : {}),
      requestId: (raw.requestId ?? '').trim(),
      origin: (raw.origin ?? '').trim(),
      fragment: Number(raw.fragment) || 200,
      content,
    },
  }
}

const atField = <T>(field: string, f: () => T): T => {
  try {
    return f()
  } catch (e) {
    if (e instanceof BaseError) e.field ??= field
    throw e
  }
}

/** The request and its review, or a domain error at the field it is about. */
async function makeRequest(input: Input): Promise<EthSignRequest.Review> {
  const EthSignRequest = await import('../../core/qr/EthSignRequest')
  const c = input.content
  let signData: Uint8Array
  let dataType: EthSignRequest.DataType
  let field: string
  if (c.mode === 'build') {
    const TxBuild = await import('../../core/tx/TxBuild')
    const built = atField('to', () => TxBuild.build({ type: 'eip1559', chainId: input.chainId, ...c.tx }))
    ;[signData, dataType, field] = [hexToBytes(built.unsigned), 4, 'to']
  } else if (c.mode === 'hex') [signData, dataType, field] = [hexToBytes(c.hex), parseInt(c.hex.slice(2, 4), 16) >= 0xc0 ? 1 : 4, 'unsigned']
  else if (c.mode === 'message') [signData, dataType, field] = [c.bytes, 3, 'message']
  else [signData, dataType, field] = [new TextEncoder().encode(c.text), 2, 'typedData']
  const request: EthSignRequest.Request = {
    requestId: atField('requestId', () => (input.requestId === '' ? EthSignRequest.newRequestId() : EthSignRequest.uuidFromString(input.requestId))),
    signData,
    dataType,
    chainId: input.chainId,
    derivationPath: { ...atField('path', () => EthSignRequest.parsePath(input.path)), ...(input.sourceFingerprint !== undefined ? { sourceFingerprint: input.sourceFingerprint } : {}) },
    ...(input.from ? { address: input.from } : {}),
    ...(input.origin ? { origin: input.origin } : {}),
  }
  try {
    return EthSignRequest.review(request)
  } catch (e) {
    if (e instanceof EthSignRequest.WrongChainError) e.field = 'chainId'
    else if (e instanceof BaseError) e.field ??= field
    throw e
  }
}

/** Fills nonce, fees and chain id from the connected node: reads the sender alone, so it works before the fees it fills are given. */
const fill = {
  label: 'Fill nonce, fees and chain id from the node',
  runs: 'network',
  parse: (raw: RawInput) => ({ ok: true as const, value: { from: raw.from ?? '' } }),
  run: async ({ from }: { from: string }, { rpc }): Promise<ToolResult<RawInput>> => ({ sections: [], data: await fillFromNode(rpc, from) }),
} satisfies ToolAction<{ from: string }, RawInput>

export default defineTool<Input, QrRequestData, { fill: typeof fill }>(meta, {
  parse,
  actions: { fill },
  run: async (input): Promise<ToolResult<QrRequestData>> => {
    // The request code, the UR codec and the audit rows load with the first result, not with the form.
    const [review, EthSignRequest, Ur, { reviewSections }] = await Promise.all([makeRequest(input), import('../../core/qr/EthSignRequest'), import('../../core/qr/Ur'), import('../kit/signRequestRows')])
    const cbor = EthSignRequest.encodeRequest(review.request)
    const enc = Ur.encode(EthSignRequest.REQUEST_TYPE, cbor, { maxFragmentLength: input.fragment })
    const single = Ur.encodeSingle(EthSignRequest.REQUEST_TYPE, cbor)
    const { sections, notes } = await reviewSections(review)
    let request = '0x'
    for (const b of cbor) request += b.toString(16).padStart(2, '0')
    return {
      notes: [
        ...(enc.fragments > 1 ? [{ tone: 'info' as const, text: `${cbor.length} bytes: shown as an animated code of ${enc.fragments} parts (fountain-coded: the signer may start at any frame).` }] : []),
        ...notes,
      ],
      sections: [
        {
          title: 'eth-sign-request',
          rows: [
            { label: 'UR', value: single, note: enc.fragments > 1 ? 'the whole request as one UR (to paste); the QR shows it in parts' : 'what the QR code holds' },
            { label: 'Parts', value: String(enc.fragments), mono: false, copy: false },
          ],
        },
        ...sections,
      ],
      data: { parts: enc.parts, fragments: enc.fragments, request: request as `0x${string}`, requestId: review.id },
    }
  },
})

/** Nonce, fees and chain id from the connected node, as raw field values (wei, exact). */
export async function fillFromNode(rpc: Eip1193Like | undefined, from: string): Promise<RawInput> {
  const TxFill = await import('../../core/tx/TxFill')
  const n = await TxFill.fromNode(rpc, from.trim() === '' ? undefined : from)
  return {
    chainId: String(n.chainId),
    ...(n.nonce !== undefined ? { nonce: String(n.nonce) } : {}),
    maxFeePerGas: `${n.maxFeePerGas} wei`,
    maxPriorityFeePerGas: `${n.maxPriorityFeePerGas} wei`,
  }
}

export interface Imported {
  result: ToolResult
  /** The signed transaction, for /broadcast; absent for a message or typed data. */
  raw?: `0x${string}`
  chainId: string
}

/**
 * Checks a scanned eth-signature against the request kept in memory (its CBOR): same request
 * id, signer and chain; for a transaction, assembles the signed transaction and decodes it.
 */
export async function importSignature(requestCbor: `0x${string}`, signatureCbor: Uint8Array): Promise<Imported> {
  const EthSignRequest = await import('../../core/qr/EthSignRequest')
  const rv = EthSignRequest.review(EthSignRequest.decodeRequest(hexToBytes(requestCbor)))
  const accepted = EthSignRequest.accept(rv, EthSignRequest.decodeSignature(signatureCbor))
  const chainId = String(rv.chainId)
  const head = {
    title: 'Signature checked',
    rows: [
      { label: 'Answers request', value: rv.id, tone: 'ok' as const },
      { label: 'Signer', value: accepted.signer, tone: 'ok' as const, ...(rv.request.address ? { note: 'the address the request named' } : { note: 'recovered (the request named no address)' }) },
      { label: 'Chain id', value: chainId, mono: false },
      { label: 'Signature', value: accepted.signature },
      ...(accepted.response.origin ? [{ label: 'Signed by', value: accepted.response.origin, mono: false }] : []),
    ],
  }
  if (accepted.raw && accepted.decoded) {
    const { decodedSections } = await import('../kit/txRows')
    head.rows.push({ label: 'Signed transaction', value: accepted.raw, note: 'hand it to Broadcast, which checks the chain again and sends it once' } as (typeof head.rows)[number])
    return { result: { sections: [head, ...decodedSections(accepted.decoded)] }, raw: accepted.raw, chainId }
  }
  const c = rv.content
  const verify =
    c.kind === 'message'
      ? { tool: 'verify-signature', inputs: { message: c.text ?? c.hex, signature: accepted.signature, expected: accepted.signer, mode: 'eip191', encoding: c.text !== undefined ? 'text' : 'hex' }, label: 'Verify it' }
      : c.kind === 'typed-data'
        ? { tool: 'verify-signature', inputs: { message: c.json, signature: accepted.signature, expected: accepted.signer, mode: 'eip712' }, label: 'Verify it' }
        : undefined
  head.rows[3] = { ...head.rows[3]!, ...(verify ? { open: verify } : {}) }
  return { result: { sections: [head] }, chainId }
}


import * as Chains from '../../core/Chains'
import * as EthSignRequest from '../../core/EthSignRequest'
import * as HexBytes from '../../core/HexBytes'
import * as Signing from '../../core/Signing'
import * as TxBuild from '../../core/TxBuild'
import * as Ur from '../../core/Ur'
import { defineTool, errorCollector } from '../define'
import type { Parsed, RawInput, ToolResult } from '../types'
import meta from './meta'
import { amount, hexBytes, signingAddress, uint } from '../kit/fields'
import { reviewSections } from '../kit/signRequestRows'

export interface Input {
  review: EthSignRequest.Review
  fragment: number
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

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const mode = raw.mode || 'build'
  const chainId = at('chainId', () => Chains.parseChainIdBig(raw.chainId || '1', 64))
  const from = at('from', () => signingAddress('from', raw.from ?? '', chainId, mode === 'build'))
  const path = at('path', () => EthSignRequest.parsePath(raw.path || "m/44'/60'/0'/0/0"))
  const fp = at('sourceFingerprint', () => {
    const t = (raw.sourceFingerprint ?? '').trim().replace(/^0x/i, '')
    if (t === '') return undefined
    if (!/^[0-9a-fA-F]{1,8}$/.test(t) || /^0+$/.test(t)) throw new EthSignRequest.MalformedError('The fingerprint', 'is not 8 hex digits (the first 4 bytes of HASH160 of the master public key, not zero)')
    return parseInt(t, 16)
  })
  const requestId = at('requestId', () => ((raw.requestId ?? '').trim() === '' ? EthSignRequest.newRequestId() : EthSignRequest.uuidFromString(raw.requestId!)))
  let content: { signData: Uint8Array; dataType: EthSignRequest.DataType; field: string } | undefined
  if (mode === 'build') {
    const nonce = at('nonce', () => uint('nonce', raw.nonce ?? '0', 64))
    const gas = at('gas', () => uint('gas', raw.gas ?? '21000', 64))
    const value = at('value', () => amount('value', raw.value ?? '0', 'ether', 0n))
    const maxFeePerGas = at('maxFeePerGas', () => amount('maxFeePerGas', raw.maxFeePerGas ?? '', 'gwei'))
    const maxPriorityFeePerGas = at('maxPriorityFeePerGas', () => amount('maxPriorityFeePerGas', raw.maxPriorityFeePerGas ?? '', 'gwei', 0n))
    const to = at('to', () => signingAddress('to', raw.to ?? '', chainId, false))
    const data = at('data', () => ((raw.data ?? '').trim() === '' ? '0x' : hexBytes('data', raw.data!)))
    if (chainId !== undefined && nonce !== undefined && gas !== undefined && value !== undefined && maxFeePerGas !== undefined && maxPriorityFeePerGas !== undefined && data !== undefined && !errors.to) {
      const built = at('to', () => TxBuild.build({ type: 'eip1559', chainId, nonce, gas, value, maxFeePerGas, maxPriorityFeePerGas, data, ...(to ? { to } : {}) }))
      if (built) content = { signData: hexToBytes(built.unsigned), dataType: 4, field: 'to' }
    }
  } else if (mode === 'hex') {
    const hex = at('unsigned', () => HexBytes.parse(raw.unsigned ?? '', 'The unsigned transaction'))
    if (hex !== undefined) {
      if (hex === '0x') errors.unsigned = 'Paste the unsigned transaction (0x02…, 0xf8…).'
      else content = { signData: hexToBytes(hex), dataType: parseInt(hex.slice(2, 4), 16) >= 0xc0 ? 1 : 4, field: 'unsigned' }
    }
  } else if (mode === 'message') {
    const bytes = at('message', () => Signing.messageBytes(raw.message ?? '', 'auto'))
    if (bytes !== undefined) {
      if (bytes.length === 0) errors.message = 'Enter the message to sign.'
      else content = { signData: bytes, dataType: 3, field: 'message' }
    }
  } else {
    const text = (raw.typedData ?? '').trim()
    if (text === '') errors.typedData = 'Paste the typed data JSON.'
    else content = { signData: new TextEncoder().encode(text), dataType: 2, field: 'typedData' }
  }
  if (Object.keys(errors).length || !content || chainId === undefined || !path || !requestId) return { ok: false, errors }
  const request: EthSignRequest.Request = {
    requestId,
    signData: content.signData,
    dataType: content.dataType,
    chainId,
    derivationPath: { ...path, ...(fp !== undefined ? { sourceFingerprint: fp } : {}) },
    ...(from ? { address: from } : {}),
    ...((raw.origin ?? '').trim() ? { origin: raw.origin!.trim() } : {}),
  }
  const review = at(content.field, () => {
    try {
      return EthSignRequest.review(request)
    } catch (e) {
      if (e instanceof EthSignRequest.WrongChainError) e.field = 'chainId'
      throw e
    }
  })
  if (!review) return { ok: false, errors }
  const fragment = Number(raw.fragment) || 200
  return { ok: true, value: { review, fragment } }
}

export default defineTool<Input>(meta, {
  parse,
  run: async ({ review, fragment }): Promise<ToolResult<QrRequestData>> => {
    const cbor = EthSignRequest.encodeRequest(review.request)
    const enc = Ur.encode(EthSignRequest.REQUEST_TYPE, cbor, { maxFragmentLength: fragment })
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

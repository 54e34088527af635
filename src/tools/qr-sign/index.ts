import * as EthSignRequest from '../../core/qr/EthSignRequest'
import * as Ur from '../../core/qr/Ur'
import { defineTool, errorCollector } from '../define'
import type { Parsed, RawInput, Section, ToolResult } from '../types'
import meta from './meta'
import { privateKey } from '../kit/fields'

export interface Input {
  review: EthSignRequest.Review
  privateKey: `0x${string}`
}

/** The signature as QR parts, for the page to show. */
export interface QrSignData {
  parts: string[]
  fragments: number
}

/**
 * Reads a sign request from UR text (one part per line, any order, duplicates allowed) and
 * reviews it; throws a domain error for a foreign, incomplete, corrupted or inconsistent one.
 */
export function readRequest(text: string): EthSignRequest.Review {
  const lines = text.split(/\s+/).filter((l) => l !== '')
  if (lines.length === 0) throw new EthSignRequest.MalformedError('The sign request', 'is empty: scan the code on the online device, or paste its ur:eth-sign-request/… text')
  const d = Ur.decoder({ types: [EthSignRequest.REQUEST_TYPE] })
  for (const l of lines) if (!d.result()) d.receive(l)
  const done = d.result()
  if (!done) {
    const p = d.progress()!
    throw new EthSignRequest.MalformedError('The sign request', `is incomplete: ${p.received} of ${p.expected} parts so far; keep scanning`)
  }
  return EthSignRequest.review(EthSignRequest.decodeRequest(done.cbor))
}

/** The audit view of a request, for the page to show before anything can be signed. */
export async function preview(text: string): Promise<{ sections: Section[]; notes: NonNullable<ToolResult['notes']> }> {
  const review = readRequest(text)
  const { reviewSections } = await import('../kit/signRequestRows')
  return reviewSections(review)
}

/**
 * Loads what reviewing and signing a request need (the audit rows, the offline signature
 * table), so that a page opened online keeps working once the device goes offline.
 */
export async function preload(): Promise<void> {
  const [, { table }] = await Promise.all([import('../kit/signRequestRows'), import('../kit/signatureTable')])
  await table('function')
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const review = at('request', () => readRequest(raw.request ?? ''))
  const key = at('privateKey', () => privateKey(raw.privateKey ?? ''))
  if (raw.reviewed !== 'true') errors.reviewed = 'Read the whole request first, then tick this box to sign it.'
  if (Object.keys(errors).length || !review || !key) return { ok: false, errors }
  return { ok: true, value: { review, privateKey: key } }
}

export default defineTool<Input, QrSignData>(meta, {
  parse,
  run: async ({ review, privateKey }): Promise<ToolResult<QrSignData>> => {
    const answer = (() => {
      try {
        return EthSignRequest.sign(review, privateKey, 'Ether Workbench')
      } catch (e) {
        if (e instanceof EthSignRequest.WrongSignerError) e.field = 'privateKey'
        throw e
      }
    })()
    const cbor = EthSignRequest.encodeSignature(answer.response)
    const enc = Ur.encode(EthSignRequest.SIGNATURE_TYPE, cbor)
    const { reviewSections } = await import('../kit/signRequestRows')
    const { sections, notes } = await reviewSections(review)
    return {
      notes,
      sections: [
        {
          title: 'eth-signature',
          rows: [
            { label: 'UR', value: Ur.encodeSingle(EthSignRequest.SIGNATURE_TYPE, cbor), note: 'what the QR code holds: scan it on the online device' },
            { label: 'Signature', value: answer.signature, note: review.content.kind === 'transaction' ? 'r ‖ s ‖ v (v as the transaction carries it)' : 'r ‖ s ‖ v, v = 27 or 28' },
            { label: 'Signer', value: answer.signer },
            ...(answer.raw ? [{ label: 'Signed transaction', value: answer.raw, note: 'for reference: the online device assembles the same bytes' }] : []),
          ],
        },
        ...sections.map((s) => (s.title === 'Request' ? { ...s, title: 'Signed request' } : s)),
      ],
      data: { parts: enc.parts, fragments: enc.fragments },
    }
  },
})

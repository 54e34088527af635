import { BaseError } from '../../core/Errors'
import type * as EthSignRequest from '../../core/qr/EthSignRequest'
import * as Hd from '../../core/keys/Hd'
import { defineTool, errorCollector } from '../define'
import type { Parsed, RawInput, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  node: Hd.Node
  path: string
  sourceFingerprint?: number
  name: string
}

/** The code to show. */
export interface QrAccountData {
  parts: string[]
}

const hex = (b: Uint8Array) => {
  let s = '0x'
  for (const x of b) s += x.toString(16).padStart(2, '0')
  return s
}

export function parse(raw: RawInput): Parsed<Input> {
  const { errors, at } = errorCollector()
  const node = at('xpub', () => {
    const n = Hd.fromExtendedKey(raw.xpub ?? '')
    if (n.privateKey) throw new Hd.InvalidExtendedKeyError('This is a private extended key (xprv): export its xpub instead; a watch-only wallet must never hold the key.')
    return n
  })
  const fpText = (raw.sourceFingerprint ?? '').trim().replace(/^0x/i, '')
  const fp = fpText === '' ? undefined : parseInt(fpText, 16)
  if (fpText !== '' && (!/^[0-9a-fA-F]{1,8}$/.test(fpText) || fp === 0)) errors.sourceFingerprint = 'Not a key fingerprint: write 8 hex digits (the first 4 bytes of HASH160 of the master public key), not zero.'
  if (Object.keys(errors).length || !node) return { ok: false, errors }
  return { ok: true, value: { node, path: raw.path || "m/44'/60'/0'", ...(fp !== undefined ? { sourceFingerprint: fp } : {}), name: (raw.name ?? '').trim() } }
}

export default defineTool<Input, QrAccountData>(meta, {
  parse,
  run: async ({ node, path: pathText, sourceFingerprint, name }): Promise<ToolResult<QrAccountData>> => {
    // The CBOR and UR code load with the first result, not with the form.
    const [EthSignRequest, Ur] = await Promise.all([import('../../core/qr/EthSignRequest'), import('../../core/qr/Ur')])
    let path: EthSignRequest.KeyPath
    try {
      path = { ...EthSignRequest.parsePath(pathText), ...(sourceFingerprint !== undefined ? { sourceFingerprint } : {}) }
    } catch (e) {
      if (e instanceof BaseError) e.field = 'path'
      throw e
    }
    if (path.components.length !== node.depth) throw new EthSignRequest.DepthMismatchError(path.components.length, node.depth)
    const key: EthSignRequest.HdKey = {
      keyData: node.publicKey!,
      chainCode: node.chainCode!,
      useInfo: { type: 60 },
      origin: path,
      ...(node.parentFingerprint ? { parentFingerprint: node.parentFingerprint } : {}),
      ...(name ? { name } : {}),
    }
    const ur = Ur.encodeSingle(EthSignRequest.HDKEY_TYPE, EthSignRequest.encodeHdKey(key))
    return {
      notes: [{ tone: 'info', text: 'This code reveals every address of the account (not its keys). Show it only to the wallet that should follow them.' }],
      sections: [
        {
          title: 'crypto-hdkey',
          rows: [
            { label: 'UR', value: ur, note: 'what the QR code holds' },
            { label: 'Key data', value: hex(node.publicKey!) },
            { label: 'Chain code', value: hex(node.chainCode!) },
            { label: 'Parent fingerprint', value: node.parentFingerprint.toString(16).padStart(8, '0') },
            { label: 'Origin', value: EthSignRequest.pathToString(path), ...(path.sourceFingerprint !== undefined ? { note: `master fingerprint ${path.sourceFingerprint.toString(16).padStart(8, '0')}` } : {}) },
            { label: 'First address (0/0)', value: Hd.addressOf(Hd.derive(node, '0/0')), note: 'check it against the wallet that will watch the account' },
          ],
        },
      ],
      data: { parts: [ur] },
    }
  },
})

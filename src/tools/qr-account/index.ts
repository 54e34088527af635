import * as EthSignRequest from '../../core/EthSignRequest'
import * as Hd from '../../core/Hd'
import * as Ur from '../../core/Ur'
import { defineTool, errorCollector } from '../define'
import type { Parsed, RawInput, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  node: Hd.Node
  path: EthSignRequest.KeyPath
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
  const path = at('path', () => EthSignRequest.parsePath(raw.path || "m/44'/60'/0'"))
  const fpText = (raw.sourceFingerprint ?? '').trim().replace(/^0x/i, '')
  const fp = fpText === '' ? undefined : parseInt(fpText, 16)
  if (fpText !== '' && (!/^[0-9a-fA-F]{1,8}$/.test(fpText) || fp === 0)) errors.sourceFingerprint = 'Not a key fingerprint: write 8 hex digits (the first 4 bytes of HASH160 of the master public key), not zero.'
  if (node && path && path.components.length !== node.depth)
    errors.path = `The path has ${path.components.length} levels but the xpub is at depth ${node.depth}: give the path the xpub was derived along.`
  if (Object.keys(errors).length || !node || !path) return { ok: false, errors }
  return { ok: true, value: { node, path: { ...path, ...(fp !== undefined ? { sourceFingerprint: fp } : {}) }, name: (raw.name ?? '').trim() } }
}

export default defineTool<Input>(meta, {
  parse,
  run: ({ node, path, name }): ToolResult<QrAccountData> => {
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

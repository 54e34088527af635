import * as Chains from '../../core/chain/Chains'
import * as SigningEngine from '../../core/sign/SigningEngine'
import * as Authorization from '../../core/tx/Authorization'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'
import { addressNote, privateKey, signingAddress, uint } from '../kit/fields'

type Input =
  | { action: 'sign'; auth: Authorization.Unsigned; privateKey?: `0x${string}` }
  | { action: 'recover'; signed: Authorization.Signed }

const signParse = fieldParser<{ chainId: bigint; address: `0x${string}`; nonce: bigint; privateKey: `0x${string}` | undefined }>({
  chainId: (v) => Chains.parseChainIdBig(v),
  address: (v, raw) => signingAddress('address', v, raw.chainId, true)!,
  nonce: (v) => uint('nonce', v, 64),
  privateKey: (v) => (v.trim() === '' ? undefined : privateKey(v)),
})
const recoverParse = fieldParser<{ signed: Authorization.Signed }>({ signed: (v) => Authorization.parseSigned(v) })

function parse(raw: Record<string, string>) {
  if (raw.action === 'recover') {
    const p = recoverParse(raw)
    return p.ok ? { ok: true as const, value: { action: 'recover' as const, signed: p.value.signed } } : p
  }
  const p = signParse(raw)
  if (!p.ok) return p
  const { privateKey: key, ...auth } = p.value
  return { ok: true as const, value: { action: 'sign' as const, auth, ...(key ? { privateKey: key } : {}) } }
}

function signedRows(s: Authorization.Signed): Row[] {
  const hex = (n: bigint) => `0x${n.toString(16).padStart(64, '0')}`
  return [
    { label: 'Signed (RLP)', value: Authorization.toRlp(s), note: 'rlp([chainId, address, nonce, yParity, r, s]), as cast wallet sign-auth prints it' },
    { label: 'Signed (JSON)', value: Authorization.toJson(s), note: 'for authorizationList in eth_sendTransaction; cast recover-authority takes it' },
    { label: 'yParity', value: String(s.yParity), mono: false },
    { label: 'r', value: hex(s.r) },
    { label: 's', value: hex(s.s) },
  ]
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input): Promise<ToolResult> => {
    await SigningEngine.useWasmEngine()
    const auth = input.action === 'sign' ? input.auth : input.signed
    const warnings = Authorization.warnings(auth)
    const rows: Row[] = [
      { label: 'Chain id', value: String(auth.chainId), mono: false, ...(auth.chainId === 0n ? { tone: 'warn' as const, note: 'valid on every chain' } : {}) },
      { label: 'Delegate', value: auth.address, ...(input.action === 'sign' && addressNote('Delegate', auth.address) ? { note: addressNote('Delegate', auth.address)! } : {}) },
      { label: 'Nonce', value: String(auth.nonce), mono: false },
      { label: 'Signing hash', value: Authorization.signingHash(auth), note: 'keccak256(0x05 ‖ rlp([chainId, address, nonce]))' },
    ]
    const sections: ToolResult['sections'] = [{ rows }]
    if (input.action === 'sign' && input.privateKey) {
      const s = Authorization.sign(input.auth, input.privateKey)
      rows.push({ label: 'Authority', value: Authorization.recover(s), note: 'the account that will run the delegate code' })
      sections.push({ title: 'Signature', rows: signedRows(s) })
    } else if (input.action === 'recover') {
      rows.push({ label: 'Authority', value: Authorization.recover(input.signed), note: 'recovered from the signature' })
      sections.push({ title: 'Signature', rows: signedRows(input.signed) })
    }
    return { sections, ...(warnings.length ? { notes: warnings.map((text) => ({ tone: 'warn' as const, text })) } : {}) }
  },
})

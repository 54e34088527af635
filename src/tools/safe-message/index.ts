import * as BigNum from '../../core/format/BigNum'
import * as Safe from '../../core/sign/Safe'
import * as SafeMessage from '../../core/sign/SafeMessage'
import * as SigningEngine from '../../core/sign/SigningEngine'
import { defineTool, errorCollector, visibleRaw } from '../define'
import { onField, privateKey, signingAddress } from '../kit/fields'
import type { RawInput, Row, Section, ToolResult } from '../types'
import meta from './meta'

export interface Input {
  readChain: boolean
  safe: Safe.Hex
  chainId?: bigint
  version?: Safe.Version
  message: Safe.Hex
  signForm: 'none' | 'eip712' | 'eth_sign'
  privateKey?: Safe.Hex
  signatures: string
}

export function parse(rawIn: RawInput): { ok: true; value: Input } | { ok: false; errors: Record<string, string> } {
  const visible = visibleRaw(meta, rawIn)
  const raw = (k: string) => visible[k] ?? ''
  const { errors, at } = errorCollector()
  const readChain = raw('readChain') !== 'false'
  const safe = at('safe', () => signingAddress('safe', raw('safe'), raw('chainId'), true))
  const chainId = at('chainId', () => (raw('chainId').trim() === '' ? undefined : BigNum.parseUint('chainId', raw('chainId'), 64, undefined, 'Chain id')))
  const v = raw('version') || 'auto'
  const version = v === 'auto' ? undefined : at('version', () => Safe.parseVersion(v))
  if (v === 'auto' && !readChain) errors.version ??= 'Choose the Safe version, or tick "Read … from the connected chain".'
  if (!readChain && version && Safe.domainHasChainId(version) && chainId === undefined) errors.chainId ??= `Enter the chain id: Safe ${version} signs it as part of the hash.`
  const k = raw('kind')
  const kind: SafeMessage.MessageKind = k === 'typed' || k === 'bytes' ? k : 'text'
  if (kind !== 'text' && raw('message').trim() === '') errors.message ??= kind === 'typed' ? 'Paste the EIP-712 typed data JSON.' : 'Enter the message bytes (0x…).'
  const message = errors.message ? undefined : at('message', () => SafeMessage.messageBytes(kind, raw('message')))
  const f = raw('signForm')
  const signForm = f === 'eip712' || f === 'eth_sign' ? f : 'none'
  const key = signForm === 'none' ? undefined : at('privateKey', () => privateKey(raw('privateKey')))
  if (Object.keys(errors).length || !safe || !message) return { ok: false, errors }
  return { ok: true, value: { readChain, safe, ...(chainId !== undefined ? { chainId } : {}), ...(version ? { version } : {}), message, signForm, ...(key ? { privateKey: key } : {}), signatures: raw('signatures') } }
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx): Promise<ToolResult> => {
    const notes: NonNullable<ToolResult['notes']> = []
    let state: Safe.OnChain | undefined
    if (input.readChain) {
      if (!ctx.rpc) throw new Safe.NotConnectedError()
      state = await Safe.read(ctx.rpc, input.safe, input.chainId)
    }
    const version = input.version ?? state!.version
    if (state && input.version && input.version !== state.version) notes.push({ tone: 'error', text: `You chose Safe ${input.version}, but the contract says VERSION() = ${state.versionText}.` })
    const chainId = input.chainId ?? state?.chainId ?? 0n
    const h = SafeMessage.hashes({ version, chainId, safe: input.safe, message: input.message })
    const hashRows: Row[] = [
      { label: 'Message bytes', value: input.message, note: 'SafeMessage.message: what the Safe apps sign for this message' },
      { label: 'Domain hash', value: h.domainHash, note: Safe.domainHasChainId(version) ? 'EIP712Domain(uint256 chainId, address verifyingContract)' : 'EIP712Domain(address verifyingContract): no chain id before 1.3.0' },
      { label: 'Message hash', value: h.messageHash, note: 'hashStruct(SafeMessage(bytes message))' },
      { label: 'safeMessageHash', value: h.safeMessageHash, note: 'keccak256(0x1901 ‖ domain hash ‖ message hash): what the owners sign' },
      { label: 'Domain hash (Ledger)', value: Safe.ledgerFormat(h.domainHash) },
      { label: 'Message hash (Ledger)', value: Safe.ledgerFormat(h.messageHash) },
    ]
    if (ctx.rpc && input.readChain) {
      const onChain = await SafeMessage.contractMessageHash(ctx.rpc, input.safe, input.message)
      if (onChain) hashRows.push({ label: "Safe's getMessageHash", value: onChain, tone: onChain === h.safeMessageHash ? 'ok' : 'error', note: onChain === h.safeMessageHash ? 'The Safe computes the same hash.' : 'DIFFERENT from ours: check the version and chain id.' })
      else notes.push({ tone: 'info', text: "The Safe does not answer getMessageHash (no fallback handler set): the hash is not cross-checked on the chain." })
    }
    const sections: Section[] = [{ title: 'Hashes', rows: hashRows }]
    const own: Safe.OwnerSignature[] = []
    if (input.signForm !== 'none' && input.privateKey) {
      await SigningEngine.useWasmEngine()
      const s = input.signForm === 'eth_sign' ? Safe.signEthSign(input.privateKey, h.safeMessageHash, version) : Safe.signEip712(input.privateKey, h.safeMessageHash)
      own.push(s)
      sections.push({ title: 'Your signature', rows: [{ label: 'Your signature', value: s.signature }, { label: 'Signer', value: s.owner }] })
    }
    const pasted = input.signatures.trim() ? onField('signatures', [], () => Safe.parseOwnerSignatures(input.signatures, h.safeMessageHash, version)) : []
    const all = [...own, ...pasted]
    if (all.length) {
      const signatures = onField('signatures', [], () => Safe.combine(all))
      const rows: Row[] = signerRows(all, state?.owners)
      rows.push({ label: 'signatures', value: signatures, note: 'sorted by owner address, as the Safe checks them' })
      if (state) {
        const r = Safe.readiness(all, state.threshold, state.owners)
        rows.push({ label: 'Threshold', value: `${r.counted} of ${state.threshold} required`, mono: false, tone: r.ready ? 'ok' : 'warn' })
        const v = await SafeMessage.isValidSignature(ctx.rpc!, { safe: input.safe, message: input.message, signatures, safeMessageHash: h.safeMessageHash })
        rows.push({ label: 'isValidSignature', value: v.valid ? 'valid' : 'not valid', mono: false, tone: v.valid ? 'ok' : 'error', note: `${v.method}: ${v.detail}` })
      }
      sections.push({ title: 'Combined signatures', rows })
    }
    if (!state) notes.push({ tone: 'info', text: 'Offline: the version, owners and signatures were not checked against the chain.' })
    return { ...(notes.length ? { notes } : {}), sections, data: { version, chainId: chainId.toString(), ...h } }
  },
})

/** One row per signer, sorted by owner as combined; a signer who is not an owner of the Safe (when read) is flagged. */
function signerRows(sigs: readonly Safe.OwnerSignature[], owners: readonly string[] | undefined): Row[] {
  const sorted = [...sigs].sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : 1))
  return sorted.map((s, i) => {
    const isOwner = owners ? owners.some((x) => x.toLowerCase() === s.owner.toLowerCase()) : undefined
    return { label: `#${i + 1} ${s.kind}`, value: s.owner, ...(isOwner === false ? { tone: 'error' as const, note: 'NOT an owner of this Safe (or the signature is over another hash): the Safe will refuse it' } : isOwner ? { tone: 'ok' as const, note: 'an owner of this Safe' } : {}) }
  })
}

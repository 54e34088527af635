import * as BigNum from '../../core/format/BigNum'
import * as Calldata from '../../core/abi/Calldata'
import { BaseError } from '../../core/Errors'
import * as Safe from '../../core/sign/Safe'
import * as SigningEngine from '../../core/sign/SigningEngine'
import { defineTool, errorCollector, visibleRaw } from '../define'
import { callSections } from '../kit/abiRows'
import { hexBytes, onField, privateKey, signingAddress, uint } from '../kit/fields'
import type { RawInput, RunContext, Row, Section, ToolResult } from '../types'

type SafeRpc = NonNullable<RunContext['rpc']>
import meta from './meta'

type SignForm = 'none' | 'eip712' | 'eth_sign'

export interface Input {
  readChain: boolean
  safe: Safe.Hex
  chainId?: bigint
  version?: Safe.Version
  tx: Omit<Safe.SafeTx, 'nonce'> & { nonce?: bigint }
  imported?: Safe.Imported
  signForm: SignForm
  privateKey?: Safe.Hex
  signatures: string
  /** Signatures required, as typed (the chain's getThreshold() wins when read). */
  threshold?: bigint
  nested?: { safe: Safe.Hex; nonce?: bigint }
}

/** What pages read (plain data). */
export interface Data {
  version: Safe.Version
  chainId: string
  safe: string
  nonce: string
  domainHash: string
  messageHash: string
  safeTxHash: string
  contractSafeTxHash?: string
  warnings: { code: Safe.WarningCode; level: 'danger' | 'warn'; message: string; at: string }[]
}

const Z = Safe.ZERO_ADDRESS

export function parse(rawIn: RawInput): { ok: true; value: Input } | { ok: false; errors: Record<string, string> } {
  const visible = visibleRaw(meta, rawIn)
  const raw = (k: string) => visible[k] ?? ''
  const { errors, at } = errorCollector()
  const readChain = raw('readChain') !== 'false'
  const source = raw('source') === 'json' ? 'json' : 'fields'
  const imported = source === 'json' ? at('json', () => {
    if (raw('json').trim() === '') throw new Safe.InvalidJsonError('Paste the exported transaction JSON.')
    return Safe.fromJson(raw('json'))
  }) : undefined
  const safe = at('safe', () => signingAddress('safe', raw('safe'), raw('chainId'))) ?? imported?.safe
  if (!safe && !errors.safe && !(source === 'json' && !imported)) errors.safe = 'Enter the Safe address (0x followed by 40 hex digits).'
  const chainId = at('chainId', () => (raw('chainId').trim() === '' ? imported?.chainId : BigNum.parseUint('chainId', raw('chainId'), 64, undefined, 'Chain id')))
  const v = raw('version') || 'auto'
  const version = v === 'auto' ? undefined : at('version', () => Safe.parseVersion(v))
  if (v === 'auto' && !readChain) errors.version ??= 'Choose the Safe version, or tick "Read … from the connected chain".'
  if (!readChain && version && Safe.domainHasChainId(version) && chainId === undefined) errors.chainId ??= `Enter the chain id: Safe ${version} signs it as part of the hash.`

  let tx: Input['tx'] | undefined
  if (source === 'json') {
    if (imported) {
      const t = imported.tx
      tx = { to: t.to!, value: t.value ?? 0n, data: t.data ?? '0x', operation: t.operation ?? 0, safeTxGas: t.safeTxGas ?? 0n, baseGas: t.baseGas ?? 0n, gasPrice: t.gasPrice ?? 0n, gasToken: t.gasToken ?? Z, refundReceiver: t.refundReceiver ?? Z, ...(t.nonce !== undefined ? { nonce: t.nonce } : {}) }
      if (t.nonce === undefined && !readChain) errors.json ??= 'The JSON has no nonce: add "nonce", or tick "Read … from the connected chain".'
    }
  } else {
    const to = at('to', () => signingAddress('to', raw('to'), raw('chainId'), true))
    const num = (k: string, bits = 256) => at(k, () => uint(k, raw(k), bits, 0n))
    const data = at('data', () => hexBytes('data', raw('data')))
    const op = raw('operation') === '1' ? 1 : 0
    const gasToken = at('gasToken', () => signingAddress('gasToken', raw('gasToken'), raw('chainId'))) ?? Z
    const refundReceiver = at('refundReceiver', () => signingAddress('refundReceiver', raw('refundReceiver'), raw('chainId'))) ?? Z
    const nonce = raw('nonce').trim() === '' ? undefined : at('nonce', () => uint('nonce', raw('nonce')))
    if (raw('nonce').trim() === '' && !readChain) errors.nonce ??= 'Enter the nonce, or tick "Read … from the connected chain".'
    const value = num('value')
    const safeTxGas = num('safeTxGas')
    const baseGas = num('baseGas')
    const gasPrice = num('gasPrice')
    if (to && data !== undefined && value !== undefined && safeTxGas !== undefined && baseGas !== undefined && gasPrice !== undefined)
      tx = { to: to as Safe.Hex, value, data: data as Safe.Hex, operation: op, safeTxGas, baseGas, gasPrice, gasToken: gasToken as Safe.Hex, refundReceiver: refundReceiver as Safe.Hex, ...(nonce !== undefined ? { nonce } : {}) }
  }
  const f = raw('signForm')
  const signForm: SignForm = f === 'eip712' || f === 'eth_sign' ? f : 'none'
  const key = signForm === 'none' ? undefined : at('privateKey', () => privateKey(raw('privateKey')))
  if (signForm === 'eth_sign' && version && !Safe.supportsEthSign(version)) errors.signForm ??= `Safe ${version} does not accept eth_sign signatures: choose the EIP-712 form.`
  const threshold = raw('threshold').trim() === '' ? undefined : at('threshold', () => uint('threshold', raw('threshold'), 8))
  const nestedSafe = at('nestedSafe', () => signingAddress('nestedSafe', raw('nestedSafe'), raw('chainId')))
  const nestedNonce = raw('nestedNonce').trim() === '' ? undefined : at('nestedNonce', () => BigNum.parseUint('nestedNonce', raw('nestedNonce'), 256, undefined, 'Nested Safe nonce'))
  if (nestedSafe && nestedNonce === undefined && !readChain) errors.nestedNonce ??= 'Enter the nested Safe\'s nonce, or tick "Read … from the connected chain".'
  if (threshold === 0n) errors.threshold ??= 'A Safe needs at least 1 signature: enter 1 or more.'
  if (Object.keys(errors).length || !tx || !safe) return { ok: false, errors: Object.keys(errors).length ? errors : { json: 'The transaction is incomplete.' } }
  return {
    ok: true,
    value: {
      readChain,
      safe: safe as Safe.Hex,
      ...(chainId !== undefined ? { chainId } : {}),
      ...(version ? { version } : {}),
      tx,
      ...(imported ? { imported } : {}),
      signForm,
      ...(key ? { privateKey: key } : {}),
      signatures: raw('signatures'),
      ...(threshold !== undefined ? { threshold } : {}),
      ...(nestedSafe ? { nested: { safe: nestedSafe as Safe.Hex, ...(nestedNonce !== undefined ? { nonce: nestedNonce } : {}) } } : {}),
    },
  }
}

const OPERATION = ['CALL', 'DELEGATECALL']

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx): Promise<ToolResult<Data>> => {
    const notes: NonNullable<ToolResult['notes']> = []
    let state: Safe.OnChain | undefined
    if (input.readChain) {
      if (!ctx.rpc)
        throw new Safe.NotConnectedError()
      state = await Safe.read(ctx.rpc, input.safe, input.chainId)
    }
    const version = input.version ?? state!.version
    if (state && input.version && input.version !== state.version)
      notes.push({ tone: 'error', text: `You chose Safe ${input.version}, but the contract says VERSION() = ${state.versionText}. The hashes below use ${input.version}: the Safe will not accept signatures over them unless that is right.` })
    const chainId = input.chainId ?? state?.chainId ?? 0n
    const tx: Safe.SafeTx = { ...input.tx, nonce: input.tx.nonce ?? state!.nonce }
    const h = Safe.hashes({ version, chainId, safe: input.safe, tx })

    const hashRows: Row[] = [
      { label: 'Domain hash', value: h.domainHash, note: Safe.domainHasChainId(version) ? 'EIP712Domain(uint256 chainId, address verifyingContract)' : 'EIP712Domain(address verifyingContract): no chain id before 1.3.0' },
      { label: 'Message hash', value: h.messageHash, note: 'hashStruct(SafeTx)' },
      { label: 'safeTxHash', value: h.safeTxHash, note: 'keccak256(0x1901 ‖ domain hash ‖ message hash): what the owners sign' },
      { label: 'Domain hash (Ledger)', value: Safe.ledgerFormat(h.domainHash), note: 'As a Ledger shows it when blind-signing (0x, then upper case), and as safe-tx-hashes-util prints it' },
      { label: 'Message hash (Ledger)', value: Safe.ledgerFormat(h.messageHash), note: 'Trezor and the Safe app show the same hashes in lower case' },
    ]
    let contractSafeTxHash: Safe.Hex | undefined
    if (ctx.rpc && input.readChain) {
      contractSafeTxHash = await Safe.contractTxHash(ctx.rpc, input.safe, tx)
      const same = contractSafeTxHash === h.safeTxHash
      hashRows.push({ label: "Contract's getTransactionHash", value: contractSafeTxHash, tone: same ? 'ok' : 'error', note: same ? 'The Safe on the chain computes the same hash.' : 'DIFFERENT from ours: check the version and chain id before signing anything.' })
      if (state?.domainSeparator && state.domainSeparator !== h.domainHash) notes.push({ tone: 'error', text: `The contract's domainSeparator() is ${state.domainSeparator}, not ${h.domainHash}.` })
    }
    if (input.imported?.safeTxHash) {
      const same = input.imported.safeTxHash === h.safeTxHash
      hashRows.push({ label: 'safeTxHash in the JSON', value: input.imported.safeTxHash, tone: same ? 'ok' : 'error', note: same ? 'Matches the recomputed hash.' : 'DOES NOT match the hash of the fields: the export is inconsistent; do not sign it.' })
    }

    const safeRows: Row[] = [
      { label: 'Safe', value: input.safe },
      { label: 'Version', value: version, mono: false, note: state ? `VERSION() = ${state.versionText}` : 'as chosen (offline)' },
      { label: 'Chain id', value: chainId.toString(), mono: false, note: input.chainId !== undefined ? 'as typed' : 'the connected node\'s' },
    ]
    if (state) {
      safeRows.push({ label: "Safe's nonce", value: state.nonce.toString(), mono: false })
      safeRows.push({ label: 'Threshold', value: `${state.threshold} of ${state.owners.length}`, mono: false })
      safeRows.push({ label: 'Owners', value: state.owners.join('\n') })
    }

    const warnings = Safe.warnings({ tx, safe: input.safe, chainId, currentNonce: state?.nonce })
    for (const w of warnings) notes.push({ tone: w.level === 'danger' ? 'error' : 'warn', text: `${w.at === 'tx' ? '' : `${w.at}: `}${w.message}` })
    if (!state) notes.push({ tone: 'info', text: 'Offline: the nonce, owners and threshold were not checked against the chain.' })

    const txRows: Row[] = [
      { label: 'to', value: tx.to },
      { label: 'value', value: tx.value.toString(), note: 'wei' },
      { label: 'data', value: tx.data },
      { label: 'operation', value: `${tx.operation} (${OPERATION[tx.operation]})`, mono: false, ...(tx.operation === 1 ? { tone: 'warn' as const } : {}) },
      { label: 'safeTxGas', value: tx.safeTxGas.toString() },
      { label: 'baseGas', value: tx.baseGas.toString() },
      { label: 'gasPrice', value: tx.gasPrice.toString(), ...(tx.gasPrice > 0n ? { tone: 'warn' as const } : {}) },
      { label: 'gasToken', value: tx.gasToken },
      { label: 'refundReceiver', value: tx.refundReceiver },
      { label: 'nonce', value: tx.nonce.toString(), note: input.tx.nonce === undefined ? "the Safe's current nonce" : 'as given' },
    ]
    const sections: Section[] = [
      { title: 'Hashes', rows: hashRows },
      { title: 'Warnings', rows: warnings.length ? warnings.map((w) => ({ label: w.at, value: w.message, mono: false, tone: w.level === 'danger' ? ('error' as const) : ('warn' as const) })) : [{ label: 'None', value: 'No warning for this transaction.', mono: false, copy: false, tone: 'ok' as const }] },
      { title: 'Safe', rows: safeRows },
      { title: 'Transaction', rows: txRows },
    ]

    // The decoded call (nested MultiSend batches included) and, for a batch, its steps.
    const steps = Safe.steps(tx)
    if (steps.length > 1)
      sections.push({
        title: `Batch (${steps[0]!.format === 'legacy' ? 'MultiSend 1.0.0 format' : 'MultiSend'})`,
        rows: steps.slice(1).map((s) => ({ label: s.at.replace(/^tx › /, ''), value: `${OPERATION[s.operation] ?? `operation ${s.operation}`} ${s.to}  value ${s.value}\n${s.data}`, ...(s.operation !== 0 ? { tone: 'warn' as const } : {}) })),
      })
    if (tx.data.length >= 10) {
      try {
        sections.push(...callSections(Calldata.decodeCall(tx.data), 'data'))
      } catch (e) {
        sections.push({ title: 'data: call', rows: [{ label: 'data', value: tx.data, note: e instanceof BaseError ? e.shortMessage : 'Not decodable.', tone: 'warn' }] })
      }
    }

    if (input.nested) sections.push(await nestedSection(input.nested, { rpc: input.readChain ? ctx.rpc : undefined, version, chainId, safe: input.safe, safeTxHash: h.safeTxHash, owners: state?.owners }))
    // Signing and combining.
    sections.push(...(await signatureSections(input, { version, tx, safeTxHash: h.safeTxHash, state })))

    return {
      ...(notes.length ? { notes } : {}),
      sections,
      data: {
        version,
        chainId: chainId.toString(),
        safe: input.safe,
        nonce: tx.nonce.toString(),
        domainHash: h.domainHash,
        messageHash: h.messageHash,
        safeTxHash: h.safeTxHash,
        ...(contractSafeTxHash ? { contractSafeTxHash } : {}),
        warnings: warnings.map((w) => ({ ...w })),
      },
    }
  },
})

/**
 * Your signature (made here) and, when signatures were pasted or the collected ones meet the
 * threshold (the Safe's getThreshold() when read, else the one typed), the combined signatures
 * sorted by owner and the execTransaction call data.
 */
async function signatureSections(input: Input, o: { version: Safe.Version; tx: Safe.SafeTx; safeTxHash: Safe.Hex; state: Safe.OnChain | undefined }): Promise<Section[]> {
  const { version, tx, safeTxHash, state } = o
  const sections: Section[] = []
  const own: Safe.OwnerSignature[] = []
  if (input.signForm !== 'none' && input.privateKey) {
    await SigningEngine.useWasmEngine()
    const s = input.signForm === 'eth_sign' ? Safe.signEthSign(input.privateKey, safeTxHash, version) : Safe.signEip712(input.privateKey, safeTxHash)
    own.push(s)
    const isOwner = state ? state.owners.some((x) => x.toLowerCase() === s.owner.toLowerCase()) : undefined
    sections.push({
      title: 'Your signature',
      rows: [
        { label: 'Your signature', value: s.signature, note: input.signForm === 'eth_sign' ? 'eth_sign form: personal_sign of the safeTxHash, v + 4' : 'EIP-712 form: the safeTxHash signed, v = 27/28' },
        { label: 'Signer', value: s.owner, ...(isOwner === false ? { tone: 'error' as const, note: 'NOT an owner of this Safe: the Safe will reject this signature.' } : isOwner ? { tone: 'ok' as const, note: 'an owner of this Safe' } : {}) },
      ],
    })
  }
  const pasted = input.signatures.trim() ? onField('signatures', [], () => Safe.parseOwnerSignatures(input.signatures, safeTxHash, version)) : []
  const fromJson = (input.imported?.confirmations ?? []).map((c) => onField('signatures', [], () => Safe.parseOwnerSignature(c.signature, safeTxHash, version)))
  const all = dedupe([...own, ...pasted, ...fromJson])
  const threshold = state?.threshold ?? input.threshold
  const ready = threshold !== undefined ? Safe.readiness(all, threshold, state?.owners) : undefined
  if (!(pasted.length || fromJson.length || ready?.ready)) {
    if (own.length && threshold !== undefined) sections.push({ title: 'Combined signatures', rows: [{ label: 'Threshold', value: `${ready!.counted} of ${threshold} required`, mono: false, tone: 'warn', note: 'Collect the other owners\' signatures and paste them above: the execTransaction call data appears once the threshold is met.' }] })
    return sections
  }
  const signatures = onField('signatures', [], () => Safe.combine(all))
  const sorted = [...all].sort((a, b) => (BigInt(a.owner) < BigInt(b.owner) ? -1 : 1))
  const rows: Row[] = sorted.map((s, i) => {
    const isOwner = state ? state.owners.some((x) => x.toLowerCase() === s.owner.toLowerCase()) : undefined
    const note = isOwner === false ? 'not an owner of this Safe' : s.kind === 'approved' ? 'approved hash: valid only if this owner submits the transaction or called approveHash' : s.kind === 'contract' ? 'contract owner: the Safe asks its isValidSignature' : undefined
    return { label: `#${i + 1} ${s.kind}`, value: s.owner, ...(note ? { note } : {}), ...(isOwner === false ? { tone: 'error' as const } : {}) }
  })
  if (ready) rows.push({ label: 'Threshold', value: `${ready.counted} of ${threshold} required`, mono: false, tone: ready.ready ? 'ok' : 'warn', note: `${state ? "the Safe's getThreshold()" : 'as typed'}${ready.ready ? ': met, the transaction can be executed' : ': not met yet, execTransaction would revert (GS020)'}` })
  rows.push({ label: 'signatures', value: signatures, note: 'sorted by owner address, as execTransaction requires' })
  rows.push({ label: 'execTransaction call data', value: Safe.execTransactionData(tx, signatures), note: `send to the Safe ${input.safe} (anyone may send it)` })
  sections.push({ title: 'Combined signatures', rows })
  return sections
}

/** A nested Safe (an owner of this Safe that is itself a Safe): its approveHash transaction and hashes. */
async function nestedSection(nested: NonNullable<Input['nested']>, o: { rpc: SafeRpc | undefined; version: Safe.Version; chainId: bigint; safe: Safe.Hex; safeTxHash: Safe.Hex; owners: readonly string[] | undefined }): Promise<Section> {
  const inner = o.rpc ? await Safe.read(o.rpc, nested.safe, o.chainId) : undefined
  const version = inner?.version ?? o.version
  const nonce = nested.nonce ?? inner!.nonce
  const n = Safe.nestedApproval({ outerSafe: o.safe, outerSafeTxHash: o.safeTxHash, nestedSafe: nested.safe, version, chainId: o.chainId, nonce })
  const isOwner = o.owners ? o.owners.some((x) => x.toLowerCase() === nested.safe.toLowerCase()) : undefined
  return {
    title: 'Nested Safe approval',
    rows: [
      { label: 'Nested Safe', value: nested.safe, note: `Safe ${version}${inner ? ` (VERSION() = ${inner.versionText}, threshold ${inner.threshold})` : ' (assumed the same version, offline)'}${isOwner === false ? ': NOT an owner of the outer Safe' : ''}`, ...(isOwner === false ? { tone: 'error' as const } : {}) },
      { label: 'Inner transaction', value: `to ${n.tx.to}\ndata ${n.tx.data}`, note: `approveHash(outer safeTxHash), CALL, value 0, nonce ${nonce}${nested.nonce === undefined ? " (the nested Safe's current nonce)" : ''}` },
      { label: 'Inner domain hash', value: n.hashes.domainHash },
      { label: 'Inner message hash', value: n.hashes.messageHash },
      { label: 'Inner safeTxHash', value: n.hashes.safeTxHash, note: "what the nested Safe's owners sign" },
      { label: 'Inner domain hash (Ledger)', value: Safe.ledgerFormat(n.hashes.domainHash) },
      { label: 'Inner message hash (Ledger)', value: Safe.ledgerFormat(n.hashes.messageHash) },
      { label: 'Outer signature of the nested Safe', value: n.outerSignature.signature, note: 'approved-hash form (v = 1): paste it among the signatures once the inner transaction has executed' },
    ],
  }
}

/** One signature per owner: the same signature pasted twice (or in the JSON too) counts once. */
function dedupe(sigs: Safe.OwnerSignature[]): Safe.OwnerSignature[] {
  const seen = new Map<string, Safe.OwnerSignature>()
  for (const s of sigs) {
    const k = s.owner.toLowerCase()
    const prev = seen.get(k)
    if (prev && prev.signature === s.signature && prev.contractSignature === s.contractSignature) continue
    if (prev) throw new Safe.DuplicateOwnerError(s.owner)
    seen.set(k, s)
  }
  return [...seen.values()]
}

import * as Chains from '../../core/chain/Chains'
import * as CastCommand from '../../core/chain/CastCommand'
import { terminalSection } from '../kit/castRow'
import * as SigningEngine from '../../core/sign/SigningEngine'
import * as Authorization from '../../core/tx/Authorization'
import * as TxBuild from '../../core/tx/TxBuild'
import * as TxDecode from '../../core/tx/TxDecode'
import type { TxType } from '../../core/tx/TxDecode'
import { BaseError } from '../../core/Errors'
import * as Units from '../../core/format/Units'
import * as Key from '../../core/keys/Key'
import { defineTool, fieldParser } from '../define'
import type { RawInput, Row, Section, ToolAction, ToolResult } from '../types'
import meta from './meta'
import * as IntrinsicGas from '../../core/tx/IntrinsicGas'
import { addressNote, amount, hexBytes, onField, privateKey, signingAddress, uint } from '../kit/fields'

interface Input extends Record<string, unknown> {
  tx: TxBuild.Input
  privateKey?: `0x${string}`
}

const TYPES: TxType[] = ['legacy', 'eip2930', 'eip1559', 'eip4844', 'eip7702']

const lines = (v: string) => v.split(/[\n,]/).map((l) => l.trim()).filter(Boolean)

const inner = fieldParser<Record<string, any>>({
  type: (v) => (TYPES.includes(v as TxType) ? v : 'eip1559'),
  chainId: (v) => Chains.parseChainIdBig(v, 64),
  eip155: (v) => v !== 'false',
  nonce: (v) => uint('nonce', v, TxDecode.FIELD_BITS.nonce, 0n),
  to: (v, raw) => signingAddress('to', v, raw.chainId),
  value: (v) => amount('value', v, 'ether', 0n),
  data: (v) => hexBytes('data', v),
  gas: (v) => uint('gas', v, TxDecode.FIELD_BITS.gas),
  // Fields of other transaction types are hidden by meta's showWhen: their parsers do not run.
  gasPrice: (v) => amount('gasPrice', v, 'gwei'),
  maxFeePerGas: (v) => amount('maxFeePerGas', v, 'gwei'),
  maxPriorityFeePerGas: (v) => amount('maxPriorityFeePerGas', v, 'gwei', 0n),
  maxFeePerBlobGas: (v) => amount('maxFeePerBlobGas', v, 'gwei'),
  blobVersionedHashes: (v) => TxBuild.parseBlobHashes(lines(v)),
  accessList: (v) => TxBuild.parseAccessList(v),
  authorizationList: (v) => lines(v.replace(/}\s*,?\s*{/g, '}\n{')).map((l) => Authorization.parseSigned(l)),
  privateKey: (v) => (v.trim() === '' ? undefined : privateKey(v)),
}, meta)

function parse(raw: Record<string, string>) {
  const p = inner(raw)
  if (!p.ok) return p
  const { privateKey: key, ...rest } = p.value
  const tx: Record<string, unknown> = {}
  for (const [k, v] of Object.entries(rest)) if (v !== undefined) tx[k] = v
  // A gas limit below the intrinsic cost is refused before anything is signed.
  const shape = tx as unknown as TxBuild.Input
  const low = shape.gas !== undefined && IntrinsicGas.problem(shape.gas, { ...(shape.to ? { to: shape.to } : {}), data: shape.data ?? '0x', ...(shape.accessList ? { accessList: shape.accessList } : {}), ...(shape.authorizationList ? { authorizationList: shape.authorizationList } : {}) })
  if (low) return { ok: false as const, errors: { gas: low } }
  return { ok: true as const, value: { tx: tx as unknown as TxBuild.Input, ...(key ? { privateKey: key } : {}) } as Input }
}

/** What "Fill from the node" read: the field values to set, and what to say of them. */
export interface Filled {
  values: RawInput
  note: string
}

/**
 * Fills nonce, fees and chain id from the connected node (the nonce only when a valid private
 * key names the sender). It reads the key alone, so it works before the fees it fills are given.
 */
const fill = {
  label: 'Fill nonce, fees and chain id from the node',
  runs: 'network',
  parse: (raw) => {
    let from: string | undefined
    try {
      from = raw.privateKey?.trim() ? Key.toAddress(Key.parse(raw.privateKey)) : undefined
    } catch {
      from = undefined
    }
    return { ok: true, value: from ? { from } : {} }
  },
  run: async ({ from }, { rpc }) => {
    const TxFill = await import('../../core/tx/TxFill')
    const n = await TxFill.fromNode(rpc, from).catch((e: unknown) => {
      throw e instanceof BaseError ? e : new TxFill.NodeError(e)
    })
    const gwei = (w: bigint) => `${Units.format(w, 'gwei')} gwei`
    const values: RawInput = {
      chainId: String(n.chainId),
      ...(n.nonce !== undefined ? { nonce: String(n.nonce) } : {}),
      gasPrice: gwei(n.gasPrice),
      maxFeePerGas: gwei(n.maxFeePerGas),
      maxPriorityFeePerGas: gwei(n.maxPriorityFeePerGas),
    }
    const note = `Filled from the node: chain ${n.chainId}, fees${n.nonce !== undefined ? `, nonce ${n.nonce} of ${from}` : ' (give the private key first to fill the nonce too)'}.`
    return { sections: [], data: { values, note } }
  },
} satisfies ToolAction<{ from?: string }, Filled>

export default defineTool<Input, unknown, { fill: typeof fill }>(meta, {
  parse,
  actions: { fill },
  run: async ({ tx, privateKey }): Promise<ToolResult> => {
    await SigningEngine.useWasmEngine()
    const fields = meta.fields.map((f) => f.name)
    const built = onField('type', fields, () => TxBuild.build(tx))
    const rows: Row[] = [
      { label: 'Unsigned transaction', value: built.unsigned, open: { tool: 'tx-decode', inputs: { raw: built.unsigned }, label: 'Decode it' } },
      { label: 'Signing hash', value: built.signingHash, note: 'what the sender signs' },
    ]
    const notes: NonNullable<ToolResult['notes']> = []
    if (tx.type === 'legacy' && tx.eip155 === false) notes.push({ tone: 'warn', text: 'Without EIP-155 the signed transaction can be replayed on every chain where the nonce matches.' })
    if (!tx.to) notes.push({ tone: 'info', text: 'No recipient: this transaction creates a contract from the data (init code).' })
    const caseNote = addressNote('To', tx.to)
    if (caseNote) notes.push({ tone: 'info', text: caseNote })
    if (privateKey) {
      const s = onField('type', fields, () => TxBuild.sign(tx, privateKey))
      rows.push(
        { label: 'Raw signed transaction', value: s.raw, open: { tool: 'broadcast', inputs: { raw: s.raw, chainId: String(tx.chainId) }, label: 'Broadcast' } },
        { label: 'Decode', value: s.raw, copy: false, note: 'the signed transaction, field by field', open: { tool: 'tx-decode', inputs: { raw: s.raw }, label: 'Decode it' } },
        { label: 'Transaction hash', value: s.hash },
        { label: 'Sender', value: s.sender },
        { label: tx.type === 'legacy' ? 'v' : 'yParity', value: String(s.v), mono: false },
        { label: 'r', value: s.r },
        { label: 's', value: s.s },
      )
    } else notes.push({ tone: 'info', text: 'Not signed: give a private key to sign offline, or sign the signing hash elsewhere.' })
    // the same transaction built and signed by cast, offline: the key asked for, never in the line
    const cast = CastCommand.mktx(tx)
    const sections: Section[] = [{ rows }, ...(cast ? terminalSection(CastCommand.line(cast), "The same transaction built and signed offline by Foundry's cast: it asks for the key (--interactive), which is never in this line.") : [])]
    return { sections, ...(notes.length ? { notes } : {}) }
  },
})

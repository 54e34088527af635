import * as AbiFromBytecode from '../../core/abi/AbiFromBytecode'
import * as AddressCheck from '../../core/address/AddressCheck'
import * as DispatchCode from '../../core/chain/DispatchCode'
import * as HexBytes from '../../core/format/HexBytes'
import * as SignatureTable from '../../core/abi/SignatureTable'
import { defineTool, fieldParser } from '../define'
import type { Row, RunContext, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  source: 'code' | 'address'
  /** Pasted runtime code (source 'code'). */
  code?: string
  /** Source 'address': read its code from the node. */
  address?: AddressCheck.Lower
  proxy?: boolean
}

/** One function the code dispatches: what the offline table knows of it and what evmole infers. */
export type Named = AbiFromBytecode.Inferred

export const parse = fieldParser<Input>(
  {
    source: (v) => (v === 'address' ? 'address' : 'code'),
    code: (v) => HexBytes.parse(v, 'code'),
    address: (v) => AddressCheck.parse(v),
    proxy: (v) => v === 'true',
  },
  meta,
)

/** The code to read, and rows saying where it came from (source 'address'). */
async function found(input: Input, ctx: RunContext): Promise<{ code: string; from?: Section }> {
  if (input.source !== 'address' || !input.address) return { code: input.code ?? '0x' }
  const got = await DispatchCode.fetch(ctx.rpc, input.address, { followProxy: !!input.proxy })
  const rows: Row[] = [{ label: 'Address', value: AddressCheck.checksum(got.address) }]
  if (got.proxy)
    rows.push({ label: 'Implementation', value: AddressCheck.checksum(got.proxy.implementation), note: got.proxy.how, open: { tool: 'account', inputs: { address: AddressCheck.checksum(got.proxy.implementation) }, label: 'Inspect' } })
  rows.push({ label: 'Code size', value: `${(got.code.length - 2) / 2} bytes`, mono: false, copy: false, note: got.proxy ? "The implementation's runtime code (eth_getCode)." : 'Runtime code from eth_getCode.' })
  return { code: got.code, from: { title: 'Code', rows } }
}

const MUTABILITY: Record<AbiFromBytecode.Mutability, string> = {
  pure: 'pure (reads no state)',
  view: 'view (reads state, changes none)',
  nonpayable: 'nonpayable (may change state, takes no ether)',
  payable: 'payable (takes ether)',
}

function row(f: Named): Row {
  const inferred = `(${f.inputs.join(', ')})`
  const typesDiffer = f.chosen && f.chosen.slice(f.chosen.indexOf('(')) !== `(${f.inputs.join(',')})`
  const notes = [
    MUTABILITY[f.mutability],
    typesDiffer ? `arguments inferred from the code: ${inferred}` : '',
    f.signatures.length > 1 ? 'several known signatures share this selector' : '',
    `code at byte ${f.offset}`,
  ].filter(Boolean)
  if (f.chosen) return { label: f.selector, value: f.signatures.length > 1 ? f.signatures.join('\n') : f.chosen, note: `${notes.join(' · ')}.` }
  // No warning colour: an unknown name is common (the table holds published ABIs), and the Look up link says what to do.
  return {
    label: f.selector,
    value: `${f.selector}${inferred}`,
    note: `Name not in the offline table; argument types inferred · ${notes.join(' · ')}.`,
    open: { tool: 'signature-from-selector', inputs: { keys: f.selector }, label: 'Look up' },
  }
}

function abiSection(fns: readonly Named[], address?: string): Section | undefined {
  const abi = AbiFromBytecode.toAbi(fns)
  if (!abi.length) return undefined
  const json = JSON.stringify(abi)
  const unnamed = fns.length - abi.length
  return {
    title: 'ABI',
    rows: [
      { label: 'ABI (JSON)', value: json, note: `${abi.length} named function${abi.length === 1 ? '' : 's'}, argument types from the signature table, mutability from the code; no outputs (code does not tell them).${unnamed ? ` ${unnamed} without a known name left out: a call needs the name its selector is computed from.` : ''}`,
        open: { tool: 'contract-read', inputs: { ...(address ? { address } : {}), abi: json }, label: 'Read the contract' } },
      { label: 'Signatures', value: AbiFromBytecode.toHuman(fns), open: { tool: 'abi-encode', inputs: { abi: AbiFromBytecode.toHuman(fns) }, label: 'Encode a call' } },
    ],
  }
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx) => {
    const { code, from } = await found(input, ctx)
    const table = await SignatureTable.load('function')
    const fns = await AbiFromBytecode.infer(code, { table })
    const known = fns.filter((n) => n.chosen).length
    const abi = abiSection(fns, input.address && AddressCheck.checksum(input.address))
    return {
      sections: [
        { title: `${fns.length} function${fns.length === 1 ? '' : 's'}, ${known} named`, rows: fns.map(row) },
        ...(abi ? [abi] : []),
        ...(from ? [from] : []),
      ],
      notes: fns.length
        ? [{ tone: 'info', text: 'Argument types and mutability are inferred by evmole from how each function reads its call data; a bytes32 read whole looks like a uint256, and a string like bytes.' }]
        : [{ tone: 'warn', text: 'No functions found. A proxy forwards every call (follow it to its implementation), and code that is not a Solidity or Vyper dispatcher may hide its selectors.' }],
      data: fns,
    }
  },
})

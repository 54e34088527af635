import * as AddressCheck from '../../core/address/AddressCheck'
import * as Chains from '../../core/chain/Chains'
import * as Icap from '../../core/address/Icap'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  address: { inspection: AddressCheck.Inspection; icap?: Icap.Decoded }
  chainId: bigint | null
}

export const parse = fieldParser<Input>({
  address: (v) => {
    if (Icap.looksLikeIcap(v) || /^\s*XE/i.test(v)) {
      const icap = Icap.toAddress(v)
      return { inspection: AddressCheck.inspect(icap.address), icap }
    }
    return { inspection: AddressCheck.inspect(v) }
  },
  chainId: (v) => (v.trim() === '' ? null : Chains.parseChainIdBig(v)),
})

/** Groups of 4 for reading an address aloud or comparing it by eye. */
/**
 * The chain whose EIP-1191 checksum the address as typed carries: the chain given, or
 * (none given) one of the chains that adopted EIP-1191; undefined when it carries none.
 */
function eip1191Chain(r: { input: string; lower: string }, chainId: bigint | null): bigint | undefined {
  const chains = chainId !== null ? [chainId] : AddressCheck.EIP1191_ADOPTED.map(BigInt)
  return chains.find((c) => AddressCheck.checksumEip1191(r.lower, c) === r.input)
}

function grouped(a: string): string {
  return `0x ${a.slice(2).match(/.{4}/g)!.join(' ')}`
}

export default defineTool<Input>(meta, {
  parse,
  run: ({ address: { inspection: r, icap }, chainId }): ToolResult => {
    const notes: ToolResult['notes'] = []
    let status: Row
    if (icap) status = { label: 'Status', value: `Valid ICAP (${icap.form} form)`, tone: 'ok', mono: false, copy: false }
    else if (r.status === 'checksummed') status = { label: 'Status', value: 'Valid, checksum correct (EIP-55)', tone: 'ok', mono: false, copy: false }
    else if (r.status === 'mismatch' && eip1191Chain(r, chainId) !== undefined) {
      const chain = eip1191Chain(r, chainId)!
      status = {
        label: 'Status',
        value: `Valid, checksum correct for chain ${chain} (EIP-1191)`,
        tone: 'ok',
        mono: false,
        copy: false,
        note:
          chainId === null
            ? `This is the EIP-1191 form for chain ${chain} (RSK), not the EIP-55 form: wallets of other chains will call it a checksum mismatch. Give the chain id to check it for another chain.`
            : 'EIP-1191 mixes the chain id into the checksum; wallets of chains without EIP-1191 expect the EIP-55 form below.',
      }
    } else if (r.status === 'mismatch') {
      const n = r.wrongCase.length
      status = {
        label: 'Status',
        value: `Checksum mismatch at character${n === 1 ? '' : 's'} ${r.wrongCase.join(', ')}`,
        tone: 'error',
        mono: false,
        copy: false,
        note: 'Counting the 40 characters after 0x. The wrong case means the address was altered or mistyped: check it against its source before sending anything.',
      }
      notes.push({ tone: 'error', text: `Checksum mismatch. The correct form is ${r.checksummed}; characters ${r.wrongCase.join(', ')} have the wrong case.` })
    } else if (r.input === r.checksummed)
      status = {
        label: 'Status',
        value: /[a-fA-F]/.test(r.input.slice(2)) ? `Valid: all ${r.status}, which is also its checksum form` : 'Valid: digits only, nothing to checksum',
        tone: 'ok',
        mono: false,
        copy: false,
        note: 'An address with few letters can be all one case and still be its own EIP-55 form.',
      }
    else
      status = {
        label: 'Status',
        value: `Valid but unchecked: all ${r.status === 'lowercase' ? 'lowercase' : 'uppercase'}`,
        tone: 'warn',
        mono: false,
        copy: false,
        note: 'Without mixed case there is no checksum to catch a typo. Use the checksummed form below.',
      }
    const rows: Row[] = [status]
    if (r.status === 'mismatch' && eip1191Chain(r, chainId) === undefined) rows.push({ label: 'As given', value: r.input, tone: 'error', copy: false, note: `Wrong case at: ${r.input.slice(2).split('').map((c, i) => (r.wrongCase.includes(i + 1) ? `[${c}]` : c)).join('')}` })
    rows.push({ label: 'Checksummed (EIP-55)', value: r.checksummed, open: { tool: 'address', inputs: { address: r.checksummed }, label: 'Check this form' } })
    rows.push({ label: 'Lowercase', value: r.lower })
    rows.push({ label: 'Grouped for comparison', value: grouped(r.checksummed), copy: false, note: 'Compare every group when checking an address by eye: look-alike addresses share their first and last characters.' })
    if (chainId !== null) {
      const adopted = AddressCheck.EIP1191_ADOPTED.includes(Number(chainId))
      rows.push({
        label: `EIP-1191 (chain ${chainId})`,
        value: AddressCheck.checksumEip1191(r.lower, chainId),
        note: adopted ? 'This chain adopted EIP-1191: wallets on it expect this form.' : 'This chain did not adopt EIP-1191: its wallets expect the EIP-55 form above (cast to-check-sum-address with a chain id gives this one).',
      })
    }
    const basic = Icap.fromAddress(r.lower, 'basic')
    const auto = Icap.fromAddress(r.lower)
    const icapRows: Row[] = []
    if (auto !== basic) icapRows.push({ label: 'ICAP (direct)', value: auto })
    icapRows.push({ label: 'ICAP (basic)', value: basic })
    if (icap) icapRows.unshift({ label: 'ICAP given', value: icap.icap })
    return { sections: [{ rows }, { title: 'ICAP', rows: icapRows }], ...(notes.length ? { notes } : {}) }
  },
})

import * as AccessList from '../../core/chain/AccessList'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as AddressCheck from '../../core/address/AddressCheck'
import * as Rpc from '../../core/chain/Rpc'
import * as Units from '../../core/format/Units'
import { defineTool, fieldParser } from '../define'
import type { Row, ToolResult } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  to: `0x${string}`
  data: `0x${string}`
  from: `0x${string}` | undefined
  value: bigint
  block: Rpc.BlockTag
}


export const parse = fieldParser<Input>({
  to: (v) => AddressCheck.parseChecksummed(v),
  data: (v) => AccessList.parseData(v),
  from: (v) => (v.trim() ? AddressCheck.parseChecksummed(v) : undefined),
  value: (v) => (v.trim() ? Units.parse(v, 'ether') : 0n),
  block: (v) => Rpc.parseBlockTag(v),
})

const json = (l: AccessList.Entry[]) => JSON.stringify(l.map((e) => ({ address: AddressCheck.checksum(e.address), storageKeys: e.storageKeys })))
const signed = (n: bigint) => (n >= 0n ? `${n} saved` : `${-n} more`)

function listRows(list: AccessList.Entry[]): Row[] {
  const rows: Row[] = []
  list.forEach((e, i) => {
    const address = AddressCheck.checksum(e.address)
    rows.push({ label: `Account ${i + 1}`, value: address, note: `${e.storageKeys.length} storage key${e.storageKeys.length === 1 ? '' : 's'}`, open: { tool: 'account', inputs: { address }, label: 'Inspect' } })
    e.storageKeys.forEach((k, j) => rows.push({ label: `Key ${i + 1}.${j + 1}`, value: k, depth: 1 }))
  })
  return rows.length ? rows : [{ label: 'Access list', value: 'empty: the call touches no other account or slot', mono: false, copy: false }]
}

export default defineTool<Input>(meta, {
  parse,
  async run(input, ctx): Promise<ToolResult> {
    if (!ctx.rpc) throw new Rpc.NotConnectedError()
    const r = await AccessList.create(ctx.rpc, { to: input.to, data: input.data, from: input.from, value: input.value, block: input.block })
    const gas: Row[] = [
      { label: 'Gas used (cast access-list)', value: r.gasUsed.toString(), note: 'eth_createAccessList\'s gasUsed, with the list' },
      { label: 'Estimate without a list', value: r.gasWithout.toString() },
      { label: 'Estimate with the list', value: r.gasWith.toString(), note: signed(r.saved), tone: r.saved >= 0n ? 'ok' : 'warn' },
    ]
    const notes: NonNullable<ToolResult['notes']> = []
    if (r.trimmed) {
      gas.push({ label: 'Estimate with the trimmed list', value: r.trimmed.gas.toString(), note: `${signed(r.trimmed.saved)}; without the sender's and recipient's entries (warm anyway)`, tone: r.trimmed.saved >= 0n ? 'ok' : 'warn' })
    }
    const best = r.trimmed && r.trimmed.saved > r.saved ? r.trimmed : { list: r.list, saved: r.saved }
    notes.push(best.saved > 0n
      ? { tone: 'info', text: `Sending ${best === r.trimmed ? 'the trimmed' : 'this'} list with the transaction saves ${best.saved} gas.` }
      : { tone: 'warn', text: 'No list saves gas for this call: send it without one.' })
    const listJson: Row[] = [{ label: 'Access list (JSON)', value: json(r.list), open: { tool: 'tx-build', inputs: { type: 'eip2930', to: input.to, data: input.data, accessList: json(r.list) }, label: 'Build a transaction' } }]
    if (r.trimmed) listJson.push({ label: 'Trimmed list (JSON)', value: json(r.trimmed.list) })
    const cast = CastCommand.accessList({ to: input.to, data: input.data, from: input.from, value: input.value, block: input.block })
    return { notes, sections: [{ title: 'Access list', rows: listRows(r.list) }, { title: 'Gas', rows: gas }, { title: 'To copy', rows: listJson }, ...castSection([cast], ctx.rpcUrl)], data: { accessList: r.list, gasUsed: r.gasUsed.toString(), saved: r.saved.toString() } }
  },
})

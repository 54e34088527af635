import * as AddressCheck from '../../core/address/AddressCheck'
import * as Dispatch from '../../core/abi/Dispatch'
import * as DispatchCode from '../../core/chain/DispatchCode'
import * as Selector from '../../core/abi/Selector'
import * as SignatureTable from '../../core/abi/SignatureTable'
import { defineTool, fieldParser } from '../define'
import type { Row, RunContext, Section } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  source: 'code' | 'address'
  /** Pasted code's selectors (source 'code'). */
  code?: Dispatch.Found[]
  /** Source 'address': read its code from the node. */
  address?: AddressCheck.Lower
  proxy?: boolean
}

export interface Named {
  selector: string
  offset: number
  /** Canonical signatures the offline table knows for it (several can share a selector). */
  signatures: string[]
}

export const parse = fieldParser<Input>(
  {
    source: (v) => (v === 'address' ? 'address' : 'code'),
    code: (v) => Dispatch.selectors(v),
    address: (v) => AddressCheck.parse(v),
    proxy: (v) => v === 'true',
  },
  meta,
)

/** The selectors to name, and rows saying where the code came from (source 'address'). */
async function found(input: Input, ctx: RunContext): Promise<{ code: Dispatch.Found[]; from?: Section }> {
  if (input.source !== 'address' || !input.address) return { code: input.code ?? [] }
  const got = await DispatchCode.fetch(ctx.rpc, input.address, { followProxy: !!input.proxy })
  const rows: Row[] = [{ label: 'Address', value: AddressCheck.checksum(got.address) }]
  if (got.proxy)
    rows.push({ label: 'Implementation', value: AddressCheck.checksum(got.proxy.implementation), note: got.proxy.how, open: { tool: 'account', inputs: { address: AddressCheck.checksum(got.proxy.implementation) }, label: 'Inspect' } })
  rows.push({ label: 'Code size', value: `${(got.code.length - 2) / 2} bytes`, mono: false, copy: false, note: got.proxy ? "The implementation's runtime code (eth_getCode)." : 'Runtime code from eth_getCode.' })
  return { code: Dispatch.selectors(got.code), from: { title: 'Code', rows } }
}

export default defineTool<Input>(meta, {
  parse,
  run: async (input, ctx) => {
    const { code, from } = await found(input, ctx)
    const table = await SignatureTable.load('function')
    const named: Named[] = code.map((f) => {
      const hits = table.lookup('function', f.selector).map((m: SignatureTable.Match) => Selector.from(m.human, 'function').canonical)
      return { selector: f.selector, offset: f.offset, signatures: [...new Set(hits)] }
    })
    const rows: Row[] = named.map((n) =>
      n.signatures.length
        ? { label: n.selector, value: n.signatures.join('\n'), note: `Compared at byte ${n.offset}.${n.signatures.length > 1 ? ' Several signatures share this selector.' : ''}` }
        : { label: n.selector, value: 'not in the offline table', mono: false, copy: false, tone: 'warn', note: `Compared at byte ${n.offset}. Its name may be in openchain.xyz (cast 4byte ${n.selector}).`,
            open: { tool: 'signature-from-selector', inputs: { keys: n.selector }, label: 'Look up' } },
    )
    const known = named.filter((n) => n.signatures.length).length
    return {
      sections: [{ title: `${named.length} selector${named.length === 1 ? '' : 's'}, ${known} named`, rows }, ...(from ? [from] : [])],
      notes: named.length
        ? []
        : [{ tone: 'warn', text: 'No selector comparisons found. A proxy forwards every call (look up its implementation), and code that is not a Solidity or Vyper dispatcher may hide its selectors.' }],
      data: named,
    }
  },
})

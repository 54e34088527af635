import * as Abi from '../../core/abi/Abi'
import * as CastCommand from '../../core/chain/CastCommand'
import { castSection } from '../kit/castRow'
import * as AbiCodec from '../../core/abi/AbiCodec'
import * as AddressCheck from '../../core/address/AddressCheck'
import * as CalldataEncode from '../../core/abi/CalldataEncode'
import * as Erc20Preset from '../../core/abi/Erc20Preset'
import * as ChainCall from '../../core/chain/ChainCall'
import * as Proxy from '../../core/chain/Proxy'
import * as Rpc from '../../core/chain/Rpc'
import * as TokenInfo from '../../core/chain/TokenInfo'
import * as Units from '../../core/format/Units'
import { defineTool, fieldParser } from '../define'
import * as StateOverrides from '../../core/sim/StateOverrides'
import type { Row, RunContext, ToolAction } from '../types'
import meta from './meta'

interface Input extends Record<string, unknown> {
  address: `0x${string}`
  abi: Abi.Abi
  function: Abi.FunctionItem
  args: unknown[]
  block: Rpc.BlockTag
  from: `0x${string}` | undefined
  value: bigint
  overrides: ChainCall.StateOverride | undefined
  proxy: boolean
  abiText: string
  overridesText: string
}

function abiOf(raw: Record<string, string>): Abi.Abi {
  return Abi.parse(raw.abi ?? '')
}

/** The arguments text (a JSON array, or a comma list of simple values) coerced for `fn`. */
export function argsOf(fn: Abi.FunctionItem, text: string): unknown[] {
  return AbiCodec.coerceAll(fn.inputs, AbiCodec.parseJsonValues(text))
}

export const parse = fieldParser<Input>({
  address: (v) => AddressCheck.parseChecksummed(v),
  abi: (_v, raw) => abiOf(raw),
  function: (v, raw) => {
    let abi: Abi.Abi
    try {
      abi = abiOf(raw)
    } catch {
      return undefined as never // reported at the ABI field
    }
    return Abi.pickFunction(abi, v)
  },
  args: (v, raw) => {
    let fn: Abi.FunctionItem
    try {
      fn = Abi.pickFunction(abiOf(raw), raw.function ?? '')
    } catch {
      return [] // reported at the function or ABI field
    }
    return argsOf(fn, v)
  },
  block: (v) => Rpc.parseBlockTag(v),
  from: (v) => (v.trim() ? AddressCheck.parseChecksummed(v) : undefined),
  value: (v) => (v.trim() ? Units.parse(v, 'ether') : 0n),
  overrides: (v) => ChainCall.parseStateOverride(v),
  proxy: (v) => v === 'true',
  abiText: (_v, raw) => raw.abi ?? '',
  overridesText: (_v, raw) => raw.overrides ?? '',
})

/** A write function's call, as the send-transaction tool's fields (Prepare transaction). */
export interface PreparedTx {
  to: string
  data: `0x${string}`
  abi: string
  /** msg.value in ether, for a payable function given one. */
  value?: string
}

/** eth_call's default sender when none is given; the simulation uses the same. */
const ZERO = '0x0000000000000000000000000000000000000000'

/** The call to simulate (same sender, msg.value, block and state overrides as the read) and the ABIs that name what it meets. */
export interface SimCall {
  call: { from: `0x${string}`; to: `0x${string}`; value: bigint; data: `0x${string}`; block: Rpc.BlockTag; overrides: StateOverrides.Overrides }
  abis: Abi.Abi[]
}

const actions = {
  /** A write function: its call data and msg.value for the send-transaction tool, where it is reviewed and sent. */
  prepare: {
    label: 'Prepare transaction',
    run: (input) => {
      const fn = input.function
      const value = input.value ? Units.format(input.value, 'ether') : ''
      if (input.value && fn.stateMutability !== 'payable')
        throw new CalldataEncode.NotPayableError(fn.name, value)
      const data = CalldataEncode.encodeCall(fn, input.args)
      return { sections: [], data: { to: input.address, data, abi: input.abiText, ...(value ? { value } : {}) } }
    },
  } satisfies ToolAction<Input, PreparedTx>,
  /** Simulate: the same call in the simulation worker (the page starts it), with the person's ABI library. */
  simulate: {
    label: 'Simulate (call tree)',
    run: (input, ctx) => ({
      sections: [],
      data: {
        call: { from: input.from ?? ZERO, to: input.address, value: input.value, data: CalldataEncode.encodeCall(input.function, input.args), block: input.block, overrides: StateOverrides.parse(input.overridesText) },
        abis: [...(ctx.abis ?? []), input.abi],
      },
    }),
  } satisfies ToolAction<Input, SimCall>,
}

/**
 * An ERC-20 amount read (balanceOf, allowance, totalSupply) in the token's units, its symbol and
 * decimals read from the node; an unlimited allowance flagged. Nothing when the contract does not
 * answer symbol() and decimals() as a token.
 */
async function unitRows(ctx: RunContext, input: Input, r: ChainCall.ReadResult): Promise<Row[]> {
  if (!Erc20Preset.AMOUNT_READS.has(r.fn) || r.outputs.length !== 1 || r.outputs[0]!.type !== 'uint256') return []
  const token = await TokenInfo.read(ctx.rpc, input.address, input.block)
  const a = token && Erc20Preset.amount(r.fn, BigInt(r.raw.slice(0, 66)), token)
  if (!a) return []
  return [{ label: 'In units', value: a.text, mono: false, note: `${token.decimals} decimals, read from the token`,
    ...(a.unlimited ? { tone: 'warn' as const, note: 'An unlimited allowance: the spender can move all of the owner\'s tokens, now and later, until it is revoked (approve 0).' } : {}) }]
}

export default defineTool<Input, unknown, typeof actions>(meta, {
  parse,
  actions,
  async run(input, ctx) {
    const fnRow = { label: 'Function', value: Abi.entries([input.function])[0]!.signature }
    const calldata = CalldataEncode.encodeCall(input.function, input.args)
    const callRow: Row = { label: 'Call data', value: calldata, open: { tool: 'calldata-decode', inputs: { data: calldata, abi: input.abiText }, label: 'Decode' } }
    const ctxRows: Row[] = [{ label: 'At block', value: input.block }]
    if (input.from) ctxRows.push({ label: 'From', value: input.from })
    if (input.value) ctxRows.push({ label: 'msg.value (ether)', value: Units.format(input.value, 'ether'), note: `${input.value} wei` })
    if (input.overrides) ctxRows.push({ label: 'State overrides', value: `${Object.keys(input.overrides).length} account${Object.keys(input.overrides).length === 1 ? '' : 's'}`, mono: false, note: Object.keys(input.overrides).join(', ') })
    if (input.proxy) {
      const found = await Proxy.implementationOf(ctx.rpc, input.address, input.block)
      if (!found) throw new Proxy.NotAProxyError(input.address)
      const impl = AddressCheck.parseChecksummed(found.implementation)
      ctxRows.unshift(
        { label: 'Implementation', value: impl, note: `${found.how}. The ABI above is used as this implementation's; the call goes to the proxy.`, open: { tool: 'account', inputs: { address: impl }, label: 'Inspect' } },
        { label: 'Proxy kind', value: found.kind === 'eip1967' ? 'EIP-1967' : found.kind === 'eip1822' ? 'EIP-1822 (UUPS)' : 'EIP-1967 beacon', mono: false },
      )
      if (found.beacon) ctxRows.splice(2, 0, { label: 'Beacon', value: AddressCheck.parseChecksummed(found.beacon) })
    }
    try {
      const r = await ChainCall.read(ctx.rpc, { address: input.address, fn: input.function, args: input.args, block: input.block, abi: input.abi, ...(input.from ? { from: input.from } : {}), ...(input.value ? { value: input.value } : {}), ...(input.overrides ? { stateOverride: input.overrides } : {}) })
      const outs: Row[] = r.outputs.map((o) => ({ label: `${o.name} (${o.type})`, value: o.value, abiType: o.type, ...(o.type === 'address' ? { open: { tool: 'account', inputs: { address: o.value }, label: 'Inspect' } } : {}) }))
      outs.push(...(await unitRows(ctx, input, r)))
      return {
        sections: [
          { title: 'Result', rows: outs.length ? outs : [{ label: 'Result', value: 'no outputs', mono: false, copy: false }] },
          { title: 'Call', rows: [fnRow, { label: 'Selector', value: r.selector }, callRow, ...ctxRows, { label: 'Raw result', value: r.raw }] },
          // the same bytes to the same address (state overrides are the page's alone: no command then)
          ...castSection([input.overrides ? undefined : CastCommand.call({ to: input.address, data: calldata, from: input.from, value: input.value, block: input.block })], ctx.rpcUrl),
        ],
      }
    } catch (e) {
      if (!(e instanceof ChainCall.RevertError)) throw e
      return {
        notes: [{ tone: 'error', text: `The call reverted: ${e.revert.text}.` }],
        sections: [
          { title: 'Revert', rows: [{ label: 'Reverted', value: e.revert.text, tone: 'error' }, { label: 'Revert data', value: e.revert.data, ...(e.revert.data !== '0x' ? { open: { tool: 'error-decode', inputs: { data: e.revert.data, abi: input.abiText }, label: 'Decode error' } } : {}) }] },
          { title: 'Call', rows: [fnRow, callRow, ...ctxRows] },
        ],
      }
    }
  },
})

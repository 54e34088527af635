/**
 * What a smart account is asked to do: the `execute`/`executeBatch` call data of the common
 * ERC-4337 accounts, read into the calls it will make (target, value, data, call or
 * delegatecall). Known: SimpleAccount v0.6/v0.7/v0.8 (and LightAccount, Coinbase Smart Wallet,
 * Kernel v2, which share its selectors), the Safe 4337 module (`executeUserOp`), Kernel v2's
 * `execute` with an operation, and ERC-7579 `execute(mode, executionCalldata)` (Kernel v3,
 * Nexus, Safe7579) for single, batch and delegatecall modes.
 *
 * @example
 * ```ts
 * AccountCall.decode('0xb61d27f6…')?.steps[0].to
 * ```
 */
import { AbiFunction, AbiParameters, Address, Hex } from 'ox'

export interface Step {
  to: Address.Address
  value: bigint
  data: Hex.Hex
  operation: 'call' | 'delegatecall' | 'staticcall'
}

export interface Decoded {
  /** Which accounts use this function. */
  account: string
  /** The function's signature. */
  signature: string
  steps: Step[]
  /** ERC-7579: the mode in words. */
  mode?: string
}

interface Known {
  account: string
  fn: AbiFunction.AbiFunction
  steps: (args: readonly unknown[]) => Step[] | { steps: Step[]; mode: string }
}

const call = (to: unknown, value: unknown, data: unknown, operation: Step['operation'] = 'call'): Step => ({ to: Address.checksum(to as Address.Address), value: BigInt(value as bigint), data: data as Hex.Hex, operation })
const ops = (n: unknown): Step['operation'] => (Number(n) === 1 ? 'delegatecall' : 'call')

const KNOWN: Known[] = [
  { account: 'SimpleAccount (v0.6–v0.8), LightAccount, Coinbase Smart Wallet', fn: AbiFunction.from('function execute(address dest, uint256 value, bytes func)'), steps: ([t, v, d]) => [call(t, v, d)] },
  {
    account: 'SimpleAccount v0.6, LightAccount',
    fn: AbiFunction.from('function executeBatch(address[] dest, bytes[] func)'),
    steps: ([t, d]) => (t as unknown[]).map((x, i) => call(x, 0n, (d as unknown[])[i])),
  },
  {
    account: 'SimpleAccount v0.7, LightAccount',
    fn: AbiFunction.from('function executeBatch(address[] dest, uint256[] value, bytes[] func)'),
    steps: ([t, v, d]) => (t as unknown[]).map((x, i) => call(x, (v as unknown[]).length ? (v as unknown[])[i] : 0n, (d as unknown[])[i])),
  },
  {
    account: 'SimpleAccount v0.8 (BaseAccount), Coinbase Smart Wallet, Kernel v2',
    fn: AbiFunction.from('function executeBatch((address target, uint256 value, bytes data)[] calls)'),
    steps: ([c]) => (c as { target: unknown; value: unknown; data: unknown }[]).map((x) => call(x.target, x.value, x.data)),
  },
  { account: 'Safe 4337 module', fn: AbiFunction.from('function executeUserOp(address to, uint256 value, bytes data, uint8 operation)'), steps: ([t, v, d, o]) => [call(t, v, d, ops(o))] },
  { account: 'Safe 4337 module', fn: AbiFunction.from('function executeUserOpWithErrorString(address to, uint256 value, bytes data, uint8 operation)'), steps: ([t, v, d, o]) => [call(t, v, d, ops(o))] },
  { account: 'Kernel v2', fn: AbiFunction.from('function execute(address to, uint256 value, bytes data, uint8 operation)'), steps: ([t, v, d, o]) => [call(t, v, d, ops(o))] },
  { account: 'ERC-7579 (Kernel v3, Nexus, Safe7579)', fn: AbiFunction.from('function execute(bytes32 mode, bytes executionCalldata)'), steps: ([m, e]) => erc7579(m as Hex.Hex, e as Hex.Hex) },
]

const EXECUTIONS = AbiParameters.from('(address target, uint256 value, bytes callData)[]')
const CALL_TYPES: Record<string, string> = { '00': 'single call', '01': 'batch', fe: 'static call', ff: 'delegatecall' }

function erc7579(mode: Hex.Hex, exec: Hex.Hex): { steps: Step[]; mode: string } {
  const callType = mode.slice(2, 4).toLowerCase()
  const execType = mode.slice(4, 6).toLowerCase()
  const words = `${CALL_TYPES[callType] ?? `call type 0x${callType}`}, ${execType === '00' ? 'revert on failure' : execType === '01' ? 'try (failures do not revert)' : `exec type 0x${execType}`}`
  const n = Hex.size(exec)
  if (callType === '01') {
    const [list] = AbiParameters.decode(EXECUTIONS, exec) as unknown as [{ target: unknown; value: unknown; callData: unknown }[]]
    return { steps: list.map((x) => call(x.target, x.value, x.callData)), mode: words }
  }
  if (callType === 'ff') {
    if (n < 20) throw new Error('short delegatecall execution')
    return { steps: [call(Hex.slice(exec, 0, 20), 0n, n > 20 ? Hex.slice(exec, 20) : '0x', 'delegatecall')], mode: words }
  }
  if (n < 52) throw new Error('short single execution')
  return { steps: [call(Hex.slice(exec, 0, 20), Hex.toBigInt(Hex.slice(exec, 20, 52)), n > 52 ? Hex.slice(exec, 52) : '0x', callType === 'fe' ? 'staticcall' : 'call')], mode: words }
}

/** The calls a known account's call data makes, or undefined when the selector is not a known account's (or the data does not fit it). */
export function decode(callData: Hex.Hex): Decoded | undefined {
  if (Hex.size(callData) < 4) return undefined
  const selector = Hex.slice(callData, 0, 4).toLowerCase()
  for (const k of KNOWN) {
    if (AbiFunction.getSelector(k.fn) !== selector) continue
    try {
      const args = AbiFunction.decodeData(k.fn, callData) as readonly unknown[]
      const r = k.steps(args)
      const signature = AbiFunction.format(k.fn)
      return Array.isArray(r) ? { account: k.account, signature, steps: r } : { account: k.account, signature, steps: r.steps, mode: r.mode }
    } catch {
      /* the data does not fit this function: try the next with the same selector */
    }
  }
  return undefined
}

/** The call data of each known function (for builders and tests). */
export function encode(signature: string, args: readonly unknown[]): Hex.Hex {
  const k = KNOWN.find((x) => AbiFunction.format(x.fn) === signature || x.fn.name === signature)
  const fn = k?.fn ?? (AbiFunction.from(signature) as AbiFunction.AbiFunction)
  return AbiFunction.encodeData(fn, args as never)
}

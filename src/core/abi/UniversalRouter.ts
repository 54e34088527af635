/**
 * Uniswap's Universal Router and Permit2, opened: `execute(bytes commands, bytes[] inputs[,
 * uint256 deadline])` read command by command. Each command byte is split into its type and
 * its allow-revert flag (0x80); each input is decoded with the types the router decodes it with
 * (V2/V3/V4 swaps, wrap/unwrap WETH, Permit2 permit, permit batch and transfers, sweep, pay
 * portion, transfer, balance check, the position-manager calls, V4 pool initialisation, the
 * Across bridge deposit); a V3 path is split into its tokens and fees; a V4 swap's actions are
 * opened one by one; an EXECUTE_SUB_PLAN is opened as a plan of its own; a Permit2 allowance
 * without limit is flagged.
 *
 * The command and action layouts are those of `@uniswap/universal-router` 2.x and
 * `@uniswap/universal-router-sdk` (`COMMAND_DEFINITION`, `V4_BASE_ACTIONS_ABI_DEFINITION`), for
 * the router versions 2.0 and 2.1.1+ (whose V2/V3/V4 swaps carry a `minHopPriceX36` list): the
 * layout whose canonical encoding is exactly the input is the one shown.
 *
 * @example
 * ```ts
 * const call = Calldata.decodeCall(data, { table })
 * const plan = UniversalRouter.ofCall(call) // null unless the call is execute(bytes,bytes[],…)
 * plan?.commands.map(UniversalRouter.summary) // ['WRAP_ETH(recipient=ADDRESS_THIS, amount=…)', …]
 * ```
 */
import { Address, Hex } from 'ox'
import * as Abi from './Abi'
import * as AbiCodec from './AbiCodec'
import * as Approval from './Approval'
import * as Calldata from './Calldata'
import { BaseError } from '../Errors'

/** The router's entry points (canonical signatures). */
export const EXECUTE = ['execute(bytes,bytes[],uint256)', 'execute(bytes,bytes[])', 'executeSigned(bytes,bytes[],bytes32,bytes32,bool,bytes32,bytes,uint256)'] as const
/** A command byte's high bit: the plan goes on when this command fails. */
export const FLAG_ALLOW_REVERT = 0x80
export const COMMAND_TYPE_MASK = 0x7f
/** Recipient and amount constants the router (and V4's ActionConstants) read specially. */
export const MSG_SENDER = '0x0000000000000000000000000000000000000001'
export const ADDRESS_THIS = '0x0000000000000000000000000000000000000002'
export const CONTRACT_BALANCE = 1n << 255n
/** How deep sub-plans are opened, and how many commands and actions in one call at most. */
export const MAX_DEPTH = Calldata.MAX_NESTING
export const MAX_COMMANDS = 256

export interface Hop {
  tokenIn: string
  tokenOut: string
  /** The pool fee in hundredths of a basis point (3000 = 0.3%). */
  fee: number
}

export interface Step {
  index: number
  /** The raw byte (with the allow-revert flag for commands). */
  byte: number
  /** Without the flag. */
  type: number
  /** `V3_SWAP_EXACT_IN`; `UNKNOWN_0x15` when the byte names no command. */
  name: string
  /** What it does, in a few words. */
  what: string
  input: Hex.Hex
  args: Calldata.Arg[]
  /** What special argument values mean, by argument path (`recipient`: "the caller (MSG_SENDER)"). */
  meanings: Record<string, string>
  /** The layout that fits the input exactly, when there are several (`router 2.1.1+ (minHopPriceX36)`). */
  layout?: string
  /** Why the input was not decoded (unknown command, malformed input). */
  error?: string
}

export interface Action extends Step {
  /** A V3 path (none in V4 actions; kept for one shape). */
  path?: Hop[]
}

export interface Command extends Step {
  allowRevert: boolean
  /** A V3 swap's path, split into hops in the order the tokens are swapped. */
  path?: Hop[]
  /** A V4 swap's or position manager call's actions. */
  actions?: Action[]
  /** The call a position-manager command makes (V3 `permit`/`decreaseLiquidity`/…, V4 `modifyLiquidities`). */
  call?: Calldata.Call
  /** An EXECUTE_SUB_PLAN's plan. */
  plan?: Plan
  /** Permit2 allowances this command grants. */
  grants: Approval.Grant[]
}

export interface Plan {
  commands: Command[]
  /** The deadline argument (seconds since 1970), when the call has one. */
  deadline?: string
  /** Plan-level problems: length mismatch, too deep, too many commands. */
  warnings: string[]
}

// ---------------------------------------------------------------------------------------
// Command and action layouts.

interface Layout {
  label?: string
  types: string
}
interface Def {
  name: string
  what: string
  layouts?: Layout[]
  /** How the input is read beyond its ABI layout. */
  special?: 'v3-in' | 'v3-out' | 'v4' | 'sub-plan' | 'v3-pm' | 'v4-pm' | 'permit' | 'permit-batch'
}

const MIN_HOP = 'router 2.1.1+ (with minHopPriceX36)'
const swapLayouts = (path: string, amounts: string): Layout[] => [
  { label: MIN_HOP, types: `address recipient, ${amounts}, ${path} path, bool payerIsUser, uint256[] minHopPriceX36` },
  { label: 'router 2.0', types: `address recipient, ${amounts}, ${path} path, bool payerIsUser` },
]
const PERMIT_DETAILS = '(address token, uint160 amount, uint48 expiration, uint48 nonce)'
const POOL_KEY = '(address currency0, address currency1, uint24 fee, int24 tickSpacing, address hooks) poolKey'
const PATH_KEY = '(address intermediateCurrency, uint256 fee, int24 tickSpacing, address hooks, bytes hookData)[] path'

const COMMANDS: Record<number, Def> = {
  0x00: { name: 'V3_SWAP_EXACT_IN', what: 'Uniswap V3 swap of an exact input amount', layouts: swapLayouts('bytes', 'uint256 amountIn, uint256 amountOutMin'), special: 'v3-in' },
  0x01: { name: 'V3_SWAP_EXACT_OUT', what: 'Uniswap V3 swap for an exact output amount', layouts: swapLayouts('bytes', 'uint256 amountOut, uint256 amountInMax'), special: 'v3-out' },
  0x02: { name: 'PERMIT2_TRANSFER_FROM', what: "Permit2 transfer from the caller's allowance", layouts: [{ types: 'address token, address recipient, uint160 amount' }] },
  0x03: { name: 'PERMIT2_PERMIT_BATCH', what: 'Permit2 signed allowance for several tokens', layouts: [{ types: `(${PERMIT_DETAILS}[] details, address spender, uint256 sigDeadline) permitBatch, bytes signature` }], special: 'permit-batch' },
  0x04: { name: 'SWEEP', what: "send the router's whole balance of a token, at least a minimum", layouts: [{ types: 'address token, address recipient, uint256 amountMin' }] },
  0x05: { name: 'TRANSFER', what: 'transfer a token amount from the router', layouts: [{ types: 'address token, address recipient, uint256 value' }] },
  0x06: { name: 'PAY_PORTION', what: "pay a share (in basis points) of the router's balance", layouts: [{ types: 'address token, address recipient, uint256 bips' }] },
  0x07: { name: 'PAY_PORTION_FULL_PRECISION', what: "pay a share (in 1e18ths) of the router's balance", layouts: [{ types: 'address token, address recipient, uint256 portion' }] },
  0x08: { name: 'V2_SWAP_EXACT_IN', what: 'Uniswap V2 swap of an exact input amount', layouts: swapLayouts('address[]', 'uint256 amountIn, uint256 amountOutMin') },
  0x09: { name: 'V2_SWAP_EXACT_OUT', what: 'Uniswap V2 swap for an exact output amount', layouts: swapLayouts('address[]', 'uint256 amountOut, uint256 amountInMax') },
  0x0a: { name: 'PERMIT2_PERMIT', what: 'Permit2 signed allowance for one token', layouts: [{ types: `(${PERMIT_DETAILS} details, address spender, uint256 sigDeadline) permitSingle, bytes signature` }], special: 'permit' },
  0x0b: { name: 'WRAP_ETH', what: 'wrap ether into WETH', layouts: [{ types: 'address recipient, uint256 amount' }] },
  0x0c: { name: 'UNWRAP_WETH', what: 'unwrap WETH into ether, at least a minimum', layouts: [{ types: 'address recipient, uint256 amountMin' }] },
  0x0d: { name: 'PERMIT2_TRANSFER_FROM_BATCH', what: "Permit2 transfers of several tokens from the caller's allowances", layouts: [{ types: '(address from, address to, uint160 amount, address token)[] transferFrom' }] },
  0x0e: { name: 'BALANCE_CHECK_ERC20', what: 'revert unless an owner holds at least a balance', layouts: [{ types: 'address owner, address token, uint256 minBalance' }] },
  0x10: { name: 'V4_SWAP', what: 'Uniswap V4 swap (its actions below)', special: 'v4' },
  0x11: { name: 'V3_POSITION_MANAGER_PERMIT', what: 'permit on the V3 position manager (NFT)', special: 'v3-pm' },
  0x12: { name: 'V3_POSITION_MANAGER_CALL', what: 'call the V3 position manager (migration)', special: 'v3-pm' },
  0x13: { name: 'V4_INITIALIZE_POOL', what: 'create a Uniswap V4 pool at a price', layouts: [{ types: `${POOL_KEY}, uint160 sqrtPriceX96` }] },
  0x14: { name: 'V4_POSITION_MANAGER_CALL', what: 'call the V4 position manager', special: 'v4-pm' },
  0x21: { name: 'EXECUTE_SUB_PLAN', what: 'run a plan of its own (below)', layouts: [{ types: 'bytes commands, bytes[] inputs' }], special: 'sub-plan' },
  0x40: {
    name: 'ACROSS_V4_DEPOSIT_V3',
    what: 'bridge through an Across deposit',
    layouts: [{ types: '(address depositor, address recipient, address inputToken, address outputToken, uint256 inputAmount, uint256 outputAmount, uint256 destinationChainId, address exclusiveRelayer, uint32 quoteTimestamp, uint32 fillDeadline, uint32 exclusivityDeadline, bytes message, bool useNative) params' }],
  },
}

const v4Swap = (single: boolean, exactIn: boolean): Layout[] => {
  const amounts = exactIn ? 'uint128 amountIn, uint128 amountOutMinimum' : 'uint128 amountOut, uint128 amountInMaximum'
  if (single)
    return [
      { label: MIN_HOP, types: `(${POOL_KEY}, bool zeroForOne, ${amounts}, uint256 minHopPriceX36, bytes hookData) swap` },
      { label: 'router 2.0', types: `(${POOL_KEY}, bool zeroForOne, ${amounts}, bytes hookData) swap` },
    ]
  const currency = exactIn ? 'address currencyIn' : 'address currencyOut'
  return [
    { label: MIN_HOP, types: `(${currency}, ${PATH_KEY}, uint256[] minHopPriceX36, ${amounts}) swap` },
    { label: 'router 2.0', types: `(${currency}, ${PATH_KEY}, ${amounts}) swap` },
  ]
}
const one = (name: string, what: string, types: string): Def => ({ name, what, layouts: [{ types }] })

/** V4 actions (v4-periphery `Actions.sol`), as the V4 router and position manager decode them. */
const ACTIONS: Record<number, Def> = {
  0x00: one('INCREASE_LIQUIDITY', 'add liquidity to a position', 'uint256 tokenId, uint256 liquidity, uint128 amount0Max, uint128 amount1Max, bytes hookData'),
  0x01: one('DECREASE_LIQUIDITY', 'remove liquidity from a position', 'uint256 tokenId, uint256 liquidity, uint128 amount0Min, uint128 amount1Min, bytes hookData'),
  0x02: one('MINT_POSITION', 'mint a liquidity position', `${POOL_KEY}, int24 tickLower, int24 tickUpper, uint256 liquidity, uint128 amount0Max, uint128 amount1Max, address owner, bytes hookData`),
  0x03: one('BURN_POSITION', 'burn a position', 'uint256 tokenId, uint128 amount0Min, uint128 amount1Min, bytes hookData'),
  0x04: one('INCREASE_LIQUIDITY_FROM_DELTAS', 'add liquidity from open deltas', 'uint256 tokenId, uint128 amount0Max, uint128 amount1Max, bytes hookData'),
  0x05: one('MINT_POSITION_FROM_DELTAS', 'mint a position from open deltas', `${POOL_KEY}, int24 tickLower, int24 tickUpper, uint128 amount0Max, uint128 amount1Max, address owner, bytes hookData`),
  0x06: { name: 'SWAP_EXACT_IN_SINGLE', what: 'swap an exact input in one pool', layouts: v4Swap(true, true) },
  0x07: { name: 'SWAP_EXACT_IN', what: 'swap an exact input along a path', layouts: v4Swap(false, true) },
  0x08: { name: 'SWAP_EXACT_OUT_SINGLE', what: 'swap for an exact output in one pool', layouts: v4Swap(true, false) },
  0x09: { name: 'SWAP_EXACT_OUT', what: 'swap for an exact output along a path', layouts: v4Swap(false, false) },
  0x0a: one('DONATE', 'donate to a pool', `${POOL_KEY}, uint256 amount0, uint256 amount1, bytes hookData`),
  0x0b: one('SETTLE', 'pay a currency owed to the pool manager', 'address currency, uint256 amount, bool payerIsUser'),
  0x0c: one('SETTLE_ALL', "pay all of a currency owed, up to a maximum, from the caller", 'address currency, uint256 maxAmount'),
  0x0d: one('SETTLE_PAIR', 'pay both currencies owed', 'address currency0, address currency1'),
  0x0e: one('TAKE', 'take a currency owed to a recipient', 'address currency, address recipient, uint256 amount'),
  0x0f: one('TAKE_ALL', 'take all of a currency owed, at least a minimum, to the caller', 'address currency, uint256 minAmount'),
  0x10: one('TAKE_PORTION', 'take a share (basis points) of a currency owed', 'address currency, address recipient, uint256 bips'),
  0x11: one('TAKE_PAIR', 'take both currencies owed', 'address currency0, address currency1, address recipient'),
  0x12: one('CLOSE_CURRENCY', 'settle or take whatever is open for a currency', 'address currency'),
  0x13: one('CLEAR_OR_TAKE', 'forfeit a small open amount, or take it', 'address currency, uint256 amountMax'),
  0x14: one('SWEEP', 'send the contract balance of a currency', 'address currency, address recipient'),
  0x15: one('WRAP', 'wrap native ether into WETH', 'uint256 amount'),
  0x16: one('UNWRAP', 'unwrap WETH into native ether', 'uint256 amount'),
}

const V3_POSITION_MANAGER = [
  'function permit(address spender, uint256 tokenId, uint256 deadline, uint8 v, bytes32 r, bytes32 s)',
  'function decreaseLiquidity((uint256 tokenId, uint128 liquidity, uint256 amount0Min, uint256 amount1Min, uint256 deadline) params)',
  'function collect((uint256 tokenId, address recipient, uint128 amount0Max, uint128 amount1Max) params)',
  'function burn(uint256 tokenId)',
]
const V4_POSITION_MANAGER = ['function modifyLiquidities(bytes unlockData, uint256 deadline)', 'function modifyLiquiditiesWithoutUnlock(bytes actions, bytes[] params)']

const typesCache = new Map<string, AbiCodec.Params>()
const typesOf = (text: string): AbiCodec.Params => {
  let p = typesCache.get(text)
  if (!p) typesCache.set(text, (p = AbiCodec.parseTypes(text)))
  return p
}
let pmAbis: { v3: Abi.Abi; v4: Abi.Abi } | undefined
const positionManagers = () => (pmAbis ??= { v3: Abi.parse(V3_POSITION_MANAGER.join('\n')), v4: Abi.parse(V4_POSITION_MANAGER.join('\n')) })

/** The command (or, with `actions`, V4 action) a byte names: its name and what it does, or null. */
export function commandInfo(type: number, actions = false): { name: string; what: string } | null {
  const d = (actions ? ACTIONS : COMMANDS)[type]
  return d ? { name: d.name, what: d.what } : null
}

// ---------------------------------------------------------------------------------------
// Decoding.

interface State {
  count: number
  warnings: string[]
}

const hexOf = (v: Hex.Hex | Uint8Array | string): Uint8Array => (typeof v === 'string' ? AbiCodec.toBytes(v) : v)
const messageOf = (e: unknown) => (e instanceof BaseError ? e.shortMessage : e instanceof Error ? e.message : String(e))

/**
 * Decodes a plan: `commands` (one byte per command) and its `inputs`, as `execute` receives them.
 *
 * @example
 * ```ts
 * UniversalRouter.decode('0x0b00', [wrapInput, swapInput]).commands[1].path // [{ tokenIn, tokenOut, fee: 500 }]
 * ```
 */
export function decode(commands: Hex.Hex | Uint8Array | string, inputs: readonly string[], deadline?: string): Plan {
  const state: State = { count: 0, warnings: [] }
  const plan = decodePlan(hexOf(commands), inputs, 0, state)
  return { ...plan, warnings: [...plan.warnings, ...state.warnings], ...(deadline !== undefined ? { deadline } : {}) }
}

/**
 * The plan of a decoded call to the router (`execute(bytes,bytes[][,uint256])`, or 2.1's
 * `executeSigned(…)`), or null for any other call.
 */
export function ofCall(call: Pick<Calldata.Call, 'signature' | 'args'>): Plan | null {
  if (!(EXECUTE as readonly string[]).includes(call.signature)) return null
  const [commands, inputs] = call.args
  const deadline = call.args.length > 2 ? call.args.at(-1)?.json : undefined
  if (typeof commands?.json !== 'string' || !Array.isArray(inputs?.json)) return null
  return decode(commands.json, inputs.json as string[], typeof deadline === 'string' ? deadline : undefined)
}

function decodePlan(commands: Uint8Array, inputs: readonly string[], depth: number, state: State): Plan {
  const warnings: string[] = []
  if (commands.length !== inputs.length)
    warnings.push(`${commands.length} command${commands.length === 1 ? '' : 's'} but ${inputs.length} input${inputs.length === 1 ? '' : 's'}: the router reverts (LengthMismatch).`)
  const out: Command[] = []
  for (let i = 0; i < commands.length; i++) {
    if (++state.count > MAX_COMMANDS) {
      warnings.push(`More than ${MAX_COMMANDS} commands in one call: the rest are not decoded.`)
      break
    }
    out.push(decodeCommand(i, commands[i]!, inputs[i], depth, state))
  }
  return { commands: out, warnings }
}

function decodeCommand(index: number, byte: number, input: string | undefined, depth: number, state: State): Command {
  const type = byte & COMMAND_TYPE_MASK
  const def = COMMANDS[type]
  const base = { index, byte, type, allowRevert: (byte & FLAG_ALLOW_REVERT) !== 0, input: (input ?? '0x') as Hex.Hex, args: [], meanings: {}, grants: [] }
  if (!def)
    return {
      ...base,
      name: `UNKNOWN_0x${type.toString(16).padStart(2, '0')}`,
      what: 'no Universal Router 2.x command',
      error: `0x${type.toString(16).padStart(2, '0')} names no Universal Router 2.x command: the router reverts (InvalidCommandType).${type >= 0x10 && type <= 0x1e ? ' Router 1.x used 0x10–0x1e for NFT markets (Seaport, LooksRare, …).' : ''}`,
    }
  const cmd: Command = { ...base, name: def.name, what: def.what }
  if (input === undefined) return { ...cmd, error: 'No input for this command.' }
  let bytes: Uint8Array
  try {
    bytes = AbiCodec.toBytes(input)
  } catch (e) {
    return { ...cmd, error: messageOf(e) }
  }
  try {
    if (def.layouts) Object.assign(cmd, decodeLayouts(def.layouts, bytes))
    openCommand(cmd, def, bytes, depth, state)
  } catch (e) {
    cmd.error = `The input does not decode as ${def.name}: ${messageOf(e)}`
  }
  return cmd
}

/** What the command's special reading adds: the V3 path, V4 actions, the sub-plan, the position-manager call, Permit2 grants. */
function openCommand(cmd: Command, def: Def, bytes: Uint8Array, depth: number, state: State): void {
  const arg = (name: string) => cmd.args.find((a) => a.name === name)?.json
  switch (def.special) {
    case 'v3-in':
    case 'v3-out':
      cmd.path = splitV3Path(arg('path') as string, def.special === 'v3-out')
      return
    case 'v4':
      cmd.actions = decodeActions(bytes, state)
      return
    case 'sub-plan':
      if (depth + 1 > MAX_DEPTH) state.warnings.push(`A sub-plan nested more than ${MAX_DEPTH} deep is not opened.`)
      else cmd.plan = decodePlan(AbiCodec.toBytes(arg('commands') as string), arg('inputs') as string[], depth + 1, state)
      return
    case 'v3-pm':
    case 'v4-pm': {
      const call = Calldata.decodeCall(bytes, { abis: [positionManagers()[def.special === 'v3-pm' ? 'v3' : 'v4']], table: false, guess: false, nested: false })
      cmd.call = call
      if (call.signature === 'modifyLiquidities(bytes,uint256)') cmd.actions = decodeActions(AbiCodec.toBytes(call.args[0]!.json as string), state)
      if (call.signature === 'modifyLiquiditiesWithoutUnlock(bytes,bytes[])') cmd.actions = actionsOf(AbiCodec.toBytes(call.args[0]!.json as string), call.args[1]!.json as string[], state)
      return
    }
    case 'permit':
    case 'permit-batch':
      cmd.grants = permitGrants(arg(def.special === 'permit' ? 'permitSingle' : 'permitBatch'), def.special === 'permit-batch')
      return
    default:
  }
}

/** Decodes with the first layout whose canonical encoding is exactly `bytes` (else the first that decodes at all). */
function decodeLayouts(layouts: readonly Layout[], bytes: Uint8Array): Pick<Step, 'args' | 'meanings' | 'layout'> {
  let loose: { layout: Layout; values: unknown[] } | undefined
  let firstError: unknown
  const hex = Hex.fromBytes(bytes).toLowerCase()
  for (const layout of layouts) {
    const params = typesOf(layout.types)
    try {
      const values = AbiCodec.decode(params, bytes)
      if (AbiCodec.encode(params, values).toLowerCase() === hex) return shown(layout, params, values, layouts.length > 1)
      loose ??= { layout, values }
    } catch (e) {
      firstError ??= e
    }
  }
  if (loose) return shown(loose.layout, typesOf(loose.layout.types), loose.values, layouts.length > 1)
  throw firstError
}

function shown(layout: Layout, params: AbiCodec.Params, values: unknown[], several: boolean): Pick<Step, 'args' | 'meanings' | 'layout'> {
  const args = Calldata.argsOf(params, values)
  return { args, meanings: meaningsOf(args), ...(several && layout.label ? { layout: layout.label } : {}) }
}

/** The router's special values, by argument path: recipients 1 and 2, CONTRACT_BALANCE, address 0 as a V4 currency. */
function meaningsOf(args: readonly Calldata.Arg[]): Record<string, string> {
  const out: Record<string, string> = {}
  const visit = (a: Calldata.Arg) => {
    if (a.type === 'address' && typeof a.json === 'string') {
      const v = a.json.toLowerCase()
      if (v === MSG_SENDER) out[a.path] = 'MSG_SENDER: the account that called the router'
      else if (v === ADDRESS_THIS) out[a.path] = 'ADDRESS_THIS: the router itself'
      else if (v === '0x0000000000000000000000000000000000000000' && /currency/i.test(a.name)) out[a.path] = 'native ether'
    }
    if (/^uint/.test(a.type) && a.json === CONTRACT_BALANCE.toString()) out[a.path] = "CONTRACT_BALANCE: the router's whole balance"
    a.fields?.forEach(visit)
  }
  args.forEach(visit)
  return out
}

/**
 * Splits a V3 path (`token fee token fee token…`, 20 + 23·n bytes) into hops in swap order.
 * An exact-output path is encoded from the output token back, so it is read backwards.
 */
export function splitV3Path(path: string, exactOut = false): Hop[] {
  const b = AbiCodec.toBytes(path, 'path')
  if (b.length < 43 || (b.length - 20) % 23 !== 0) throw new InvalidPathError(b.length)
  const tokens: string[] = []
  const fees: number[] = []
  for (let at = 0; ; at += 23) {
    tokens.push(checksum(b.subarray(at, at + 20)))
    if (at + 20 === b.length) break
    fees.push((b[at + 20]! << 16) | (b[at + 21]! << 8) | b[at + 22]!)
  }
  if (exactOut) {
    tokens.reverse()
    fees.reverse()
  }
  return fees.map((fee, i) => ({ tokenIn: tokens[i]!, tokenOut: tokens[i + 1]!, fee }))
}

const checksum = (b: Uint8Array) => Address.checksum(Hex.fromBytes(b))

/** A fee in hundredths of a basis point as a percentage: 3000 → `0.3%`. */
export function feeText(fee: number): string {
  return `${(fee / 10_000).toString()}%`
}

function decodeActions(bytes: Uint8Array, state: State): Action[] {
  const [actions, params] = AbiCodec.decode(typesOf('bytes actions, bytes[] params'), bytes) as [string, string[]]
  return actionsOf(AbiCodec.toBytes(actions), params, state)
}

function actionsOf(actions: Uint8Array, params: readonly string[], state: State): Action[] {
  if (actions.length !== params.length) state.warnings.push(`${actions.length} V4 actions but ${params.length} parameters: the call reverts (InputLengthMismatch).`)
  const out: Action[] = []
  for (let i = 0; i < actions.length; i++) {
    if (++state.count > MAX_COMMANDS) {
      state.warnings.push(`More than ${MAX_COMMANDS} commands and actions in one call: the rest are not decoded.`)
      break
    }
    const byte = actions[i]!
    const def = ACTIONS[byte]
    const input = (params[i] ?? '0x') as Hex.Hex
    const base = { index: i, byte, type: byte, input, args: [], meanings: {} }
    if (!def) {
      out.push({ ...base, name: `UNKNOWN_0x${byte.toString(16).padStart(2, '0')}`, what: 'no V4 action', error: `0x${byte.toString(16).padStart(2, '0')} names no V4 action (UnsupportedAction).` })
      continue
    }
    try {
      out.push({ ...base, name: def.name, what: def.what, ...decodeLayouts(def.layouts!, AbiCodec.toBytes(input)) })
    } catch (e) {
      out.push({ ...base, name: def.name, what: def.what, error: `The parameters do not decode as ${def.name}: ${messageOf(e)}` })
    }
  }
  return out
}

// ---------------------------------------------------------------------------------------
// Permit2 grants.

const MAX_UINT48 = (1n << 48n) - 1n

function permitGrants(permit: unknown, batch: boolean): Approval.Grant[] {
  if (!Array.isArray(permit)) return []
  const spender = permit[1] as string
  const details = (batch ? permit[0] : [permit[0]]) as unknown[][]
  return details.map(([token, amount, expiration]) => {
    const v = BigInt(amount as string)
    const unlimited = v >= Approval.UNLIMITED
    const until = expiryText(BigInt(expiration as string))
    return {
      kind: 'permit2' as const,
      spender,
      amount: v.toString(),
      unlimited,
      text: unlimited
        ? `Unlimited Permit2 allowance: ${spender} may move every ${token as string} the signer holds through Permit2, ${until}.`
        : `Permit2 allowance of ${v} (smallest units) of ${token as string} to ${spender}, ${until}.`,
    }
  })
}

function expiryText(expiration: bigint): string {
  if (expiration === 0n) return 'for this block only (expiration 0)'
  if (expiration === MAX_UINT48) return 'with no expiry'
  const ms = Number(expiration) * 1000
  return ms < 8.64e15 ? `until ${new Date(ms).toISOString().replace('.000Z', 'Z')}` : `until ${expiration} (seconds)`
}

/** Every Permit2 grant in a plan, sub-plans included. */
export function grantsOf(plan: Plan): Approval.Grant[] {
  return plan.commands.flatMap((c) => [...c.grants, ...(c.plan ? grantsOf(c.plan) : [])])
}

// ---------------------------------------------------------------------------------------
// Text.

const valueText = (s: Step, a: Calldata.Arg) => {
  const m = s.meanings[a.path]
  return m ? m.split(':')[0]! : a.value.length > 160 ? `${a.value.slice(0, 157)}…` : a.value
}

/** One line for a command or action: `V2_SWAP_EXACT_IN(recipient=MSG_SENDER, amountIn=…, …)`. */
export function summary(s: Step & { allowRevert?: boolean; path?: Hop[] }): string {
  if (s.error && !s.args.length) return `${s.name} (not decoded)`
  const args = s.args.map((a) => (a.name === 'path' && s.path ? `path=${pathText(s.path)}` : `${a.name}=${valueText(s, a)}`))
  return `${s.name}(${args.join(', ')})${s.allowRevert ? ' [may revert]' : ''}`
}

/** A V3 path as text: `0xA0b8… –0.05%→ 0xC02a…`. */
export function pathText(path: readonly Hop[]): string {
  return path.length ? [path[0]!.tokenIn, ...path.map((h) => `(${feeText(h.fee)}) ${h.tokenOut}`)].join(' → ') : ''
}

/** Summary lines of a plan, sub-plans indented. */
export function summaryLines(plan: Plan, indent = ''): string[] {
  return plan.commands.flatMap((c) => [`${indent}${c.index}. ${summary(c)}`, ...(c.actions ?? []).map((a) => `${indent}   ${c.index}.${a.index} ${summary(a)}`), ...(c.plan ? summaryLines(c.plan, `${indent}   `) : [])])
}

export class InvalidPathError extends BaseError {
  constructor(length: number) {
    super('UniversalRouter.InvalidPathError', `A V3 path is 20 + 23·n bytes (token, then fee and token per hop); this one is ${length} bytes.`)
  }
}

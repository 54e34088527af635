/**
 * The `cast` command that does what a chain tool just did, on the same node and block, with
 * the person's inputs: a line to paste into a terminal (#37). The node's URL is masked as the
 * RPC console masks it (an API key in the path or query becomes `<key>`), and nothing secret
 * is ever put in a command: a signing command asks for the key (`--interactive`) or names
 * the node's unlocked account (`--unlocked`).
 *
 * Each builder returns the words after `cast` (so tests can run them as they are); `line`
 * joins them, shell-quoted, with `--rpc-url`.
 *
 * @example
 * ```ts
 * CastCommand.line(CastCommand.balance('0xf39F…', '0x10'), 'https://eth.example/v2/KEY')
 * // "cast balance 0xf39F… --block 16 --rpc-url 'https://eth.example/v2/<key>'"
 * ```
 */
import { maskUrl, shellQuote } from './RpcConsole'

export type Words = readonly string[]

/** A block tag as cast takes it: a number in decimal, or the tag's name. */
export function blockWord(tag: string | number | bigint): string {
  if (typeof tag !== 'string') return BigInt(tag).toString()
  return /^0x[0-9a-fA-F]+$/.test(tag) ? BigInt(tag).toString() : tag
}

/** `cast <words> --rpc-url <masked url>` as one shell line (no URL: no flag). */
export function line(words: Words, rpcUrl?: string): string {
  return ['cast', ...words.map(shellQuote), ...(rpcUrl ? ['--rpc-url', shellQuote(maskUrl(rpcUrl))] : [])].join(' ')
}

/** Several commands, one a line. */
export function lines(commands: readonly Words[], rpcUrl?: string): string {
  return commands.map((w) => line(w, rpcUrl)).join('\n')
}

const at = (block: string | undefined) => (block === undefined || block === 'latest' ? [] : ['--block', blockWord(block)])

export const balance = (address: string, block?: string): Words => ['balance', address, ...at(block)]
export const nonce = (address: string, block?: string): Words => ['nonce', address, ...at(block)]
export const code = (address: string, block?: string): Words => ['code', address, ...at(block)]
export const storage = (address: string, slot: string, block?: string): Words => ['storage', address, slot, ...at(block)]
export const block = (tag: string): Words => ['block', blockWord(tag)]
export const tx = (hash: string): Words => ['tx', hash]
export const receipt = (hash: string): Words => ['receipt', hash]
export const findBlock = (timestamp: number | bigint): Words => ['find-block', BigInt(timestamp).toString()]
export const resolveName = (name: string): Words => ['resolve-name', name]
export const lookupAddress = (address: string): Words => ['lookup-address', address]
export const publish = (raw: string): Words => ['publish', raw]
/** `cast run`: replays a mined transaction and prints its trace; `--debug` opens cast's own debugger. */
export const run = (hash: string, debug = false): Words => ['run', hash, ...(debug ? ['--debug'] : [])]

export interface CallLike {
  to: string
  data: string
  from?: string | undefined
  value?: bigint | undefined
  block?: string | undefined
}

const callFlags = (c: Omit<CallLike, 'to' | 'data'>) => [...(c.from ? ['--from', c.from] : []), ...(c.value ? ['--value', c.value.toString()] : []), ...at(c.block)]

/** `cast call <to> <calldata>`: the call data the page encoded, so both send the same bytes. `trace`: with `--trace`, cast's call trace. */
export const call = (c: CallLike, trace = false): Words => ['call', c.to, c.data, ...callFlags(c), ...(trace ? ['--trace'] : [])]

/** `cast access-list <to> <calldata>`. */
export const accessList = (c: CallLike): Words => ['access-list', c.to, c.data, ...callFlags(c)]

export interface LogFilter {
  fromBlock: string
  toBlock: string
  address?: string | undefined
  /** topic0 first; null for any. */
  topics: readonly (string | null)[]
}

/**
 * `cast logs --from-block … --to-block … [--address …] [topic0] [topic1…]`, or undefined when
 * cast cannot say it: more than one address, a topic that is a list of choices, or an unset
 * topic before a set one (cast's topics are positional and exact).
 */
export function logs(f: LogFilter): Words | undefined {
  const topics = [...f.topics]
  while (topics.length && topics[topics.length - 1] === null) topics.pop()
  if (topics.some((t) => t === null)) return undefined
  return ['logs', '--from-block', blockWord(f.fromBlock), '--to-block', blockWord(f.toBlock), ...(f.address ? ['--address', f.address] : []), ...(topics as string[])]
}

export interface SendLike extends CallLike {
  gas?: bigint | undefined
  nonce?: number | bigint | undefined
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  /** How cast signs: asked for the key at the prompt, or the node's unlocked account. */
  signer: 'interactive' | 'unlocked'
}

/** `cast send <to> <calldata>` (or `--create <code>`), signed as `signer` says: never a key in the line. */
export function send(s: SendLike): Words {
  const target = s.to ? [s.to, s.data] : ['--create', s.data]
  const fees = [
    ...(s.gas !== undefined ? ['--gas-limit', s.gas.toString()] : []),
    ...(s.nonce !== undefined ? ['--nonce', BigInt(s.nonce).toString()] : []),
    ...(s.gasPrice !== undefined ? ['--gas-price', s.gasPrice.toString(), '--legacy'] : []),
    ...(s.maxFeePerGas !== undefined ? ['--gas-price', s.maxFeePerGas.toString()] : []),
    ...(s.maxPriorityFeePerGas !== undefined ? ['--priority-gas-price', s.maxPriorityFeePerGas.toString()] : []),
  ]
  const who = s.signer === 'interactive' ? ['--interactive'] : ['--unlocked', ...(s.from ? ['--from', s.from] : [])]
  const options = [...(s.value ? ['--value', s.value.toString()] : []), ...fees, ...who]
  // `--create` is cast's subcommand: what follows it is its own, so it goes last
  return s.to ? ['send', ...target, ...options] : ['send', ...options, ...target]
}

export const SIMULATION_NOTE = "The same with Foundry's cast on this node: a mined transaction replayed in its block (cast run), a call traced on the same state (cast call --trace)."

/** What a simulation ran, as far as cast needs it (a `Simulation.Result`). */
export interface SimulatedLike {
  from: string
  to?: string | undefined
  value: string
  trace: { input: string }
  block: { stateBlock: string }
  chainedIndex: number
  overridden?: { block?: Record<string, string>; state?: boolean } | undefined
  replayed?: { hash: string; atBlock?: string } | undefined
}

/**
 * The simulation as cast runs it: a mined transaction replayed in its block as `cast run <hash>`
 * (`debug`: with cast's debugger), a call as `cast call … --trace` (`--debug`) on the same state
 * block. None where cast would not see the same state: a chained simulation, block or state
 * overrides, a creation, a replay on another block's state.
 */
export function simulation(r: SimulatedLike, debug = false): Words | undefined {
  if (r.chainedIndex > 1 || r.overridden?.block || r.overridden?.state) return undefined
  if (r.replayed) return r.replayed.atBlock ? undefined : run(r.replayed.hash, debug)
  if (!r.to) return undefined
  const value = BigInt(r.value)
  return ['call', r.to, r.trace.input, '--from', r.from, ...(value ? ['--value', value.toString()] : []), ...at(r.block.stateBlock), debug ? '--debug' : '--trace']
}

/** A transaction as tx-build builds it (TxDecode.Tx's fields). */
export interface BuiltLike {
  type: string
  chainId: bigint
  eip155?: boolean | undefined
  nonce: bigint
  gas: bigint
  gasPrice?: bigint | undefined
  maxFeePerGas?: bigint | undefined
  maxPriorityFeePerGas?: bigint | undefined
  to?: string | undefined
  value: bigint
  data: string
  accessList?: readonly { address: string; storageKeys: readonly string[] }[] | undefined
}

/**
 * `cast mktx`, offline (every field given, `--chain` named), the key asked for (`--interactive`):
 * the same signed transaction. None for what cast mktx cannot build as given (blob and EIP-7702
 * transactions, a legacy one without EIP-155).
 */
export function mktx(t: BuiltLike): Words | undefined {
  if (t.type !== 'legacy' && t.type !== 'eip2930' && t.type !== 'eip1559') return undefined
  if (t.type === 'legacy' && t.eip155 === false) return undefined
  const target = t.to ? [t.to, ...(t.data !== '0x' ? [t.data] : [])] : ['--create', t.data]
  const fees =
    t.type === 'eip1559'
      ? ['--gas-price', String(t.maxFeePerGas ?? 0n), '--priority-gas-price', String(t.maxPriorityFeePerGas ?? 0n)]
      : ['--gas-price', String(t.gasPrice ?? 0n), '--legacy']
  const list = t.type === 'eip2930' ? ['--access-list', JSON.stringify(t.accessList ?? [])] : []
  const options = ['--chain', t.chainId.toString(), '--nonce', t.nonce.toString(), '--gas-limit', t.gas.toString(), '--value', t.value.toString(), ...fees, ...list, '--interactive']
  // `--create` is cast's subcommand: what follows it is its own, so it goes last
  return t.to ? ['mktx', ...target, ...options] : ['mktx', ...options, ...target]
}

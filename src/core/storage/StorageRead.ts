/**
 * Reads a contract's storage by variable name from a node (issue 25): decodes the layout
 * (`StorageLayout.decode`), reads the slots it still needs with `eth_getStorageAt` at one
 * block (up to `parallel` requests in flight, one round per level of depth), and decodes again
 * until nothing is missing.
 *
 * @example
 * const { variables, reads } = await StorageRead.read(rpc, layout, address, '0x10', { keys })
 */
import { BaseError } from '../Errors'
import * as Rpc from '../chain/Rpc'
import * as StorageSlot from '../hash/StorageSlot'
import * as StorageLayout from './StorageLayout'

export interface Result {
  variables: StorageLayout.Decoded[]
  /** Slots read from the node, and in how many rounds. */
  reads: number
  rounds: number
  /**
   * With `checkCode`: the size in bytes of the code at the address at that block (0: no code
   * there, so every slot reads zero whatever the layout says). Read beside the slots, not before.
   */
  codeBytes?: number
}

export interface Options extends StorageLayout.DecodeOptions {
  /** Requests in flight at once (default 32). */
  parallel?: number
  /** Most slots read in all (default 5 000). */
  maxReads?: number
  signal?: { aborted: boolean }
  /** Also read the address's code (eth_getCode) at that block, in parallel with the slots: `Result.codeBytes`. */
  checkCode?: boolean
}

/** Reads `slots` at `block`; each word as a bigint. */
export async function readSlots(rpc: Rpc.Eip1193Like | undefined, address: string, slots: readonly bigint[], block: Rpc.BlockTag, parallel = 32): Promise<bigint[]> {
  const out: bigint[] = []
  for (let i = 0; i < slots.length; i += parallel) {
    const chunk = slots.slice(i, i + parallel)
    const words = await Promise.all(chunk.map((s) => Rpc.request(rpc, 'eth_getStorageAt', [address, StorageSlot.toWord(s), block])))
    for (const w of words) out.push(BigInt(Rpc.data(w, 'eth_getStorageAt', 32)))
  }
  return out
}

/** Every variable of `layout` at `block`, decoded. */
export async function read(rpc: Rpc.Eip1193Like | undefined, layout: StorageLayout.Layout, address: string, block: Rpc.BlockTag, options: Options = {}): Promise<Result> {
  // the code is asked for beside the first round of slots (no round trip of its own to wait on)
  const code = options.checkCode ? codeSize(rpc, address, block) : undefined
  // a read that fails first must not leave this one's failure unheard
  code?.catch(() => {})
  const words = new Map<bigint, bigint>()
  let rounds = 0
  for (;;) {
    const r = StorageLayout.decode(layout, words, options)
    if (!r.missing.length) return { variables: r.variables, reads: words.size, rounds, ...(code ? { codeBytes: await code } : {}) }
    if (options.signal?.aborted) throw new CancelledError()
    if (words.size + r.missing.length > (options.maxReads ?? 5000)) throw new TooManyReadsError(options.maxReads ?? 5000)
    const got = await readSlots(rpc, address, r.missing, block, options.parallel)
    r.missing.forEach((s, i) => words.set(s, got[i]!))
    rounds++
  }
}

/** The size in bytes of the code at `address` at `block` (0: an account with no code). */
export async function codeSize(rpc: Rpc.Eip1193Like | undefined, address: string, block: Rpc.BlockTag): Promise<number> {
  const hex = Rpc.data(await Rpc.request(rpc, 'eth_getCode', [address, block]), 'eth_getCode')
  return (hex.length - 2) / 2
}

export class TooManyReadsError extends BaseError {
  constructor(max: number) {
    super('StorageRead.TooManyReadsError', `Reading this layout takes more than ${max} slots.`, { hints: ['Show fewer array elements, or give fewer mapping keys.'] })
  }
}

export class CancelledError extends BaseError {
  constructor() {
    super('StorageRead.CancelledError', 'Cancelled.')
  }
}

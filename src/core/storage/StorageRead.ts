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
}

export interface Options extends StorageLayout.DecodeOptions {
  /** Requests in flight at once (default 32). */
  parallel?: number
  /** Most slots read in all (default 5 000). */
  maxReads?: number
  signal?: { aborted: boolean }
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
  const words = new Map<bigint, bigint>()
  let rounds = 0
  for (;;) {
    const r = StorageLayout.decode(layout, words, options)
    if (!r.missing.length) return { variables: r.variables, reads: words.size, rounds }
    if (options.signal?.aborted) throw new CancelledError()
    if (words.size + r.missing.length > (options.maxReads ?? 5000)) throw new TooManyReadsError(options.maxReads ?? 5000)
    const got = await readSlots(rpc, address, r.missing, block, options.parallel)
    r.missing.forEach((s, i) => words.set(s, got[i]!))
    rounds++
  }
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

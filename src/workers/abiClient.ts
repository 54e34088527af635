/**
 * Main-thread side of the ABI worker, over `./channel`: `parseAbi(text)` parses an ABI (and
 * lists its entries with their selectors) in a worker. One worker per page, started on first
 * use (and again after a crash); a newer request supersedes older ones, whose outcomes are
 * cancelled ("Replaced by a newer ABI.").
 */
import type * as Abi from '../core/abi/Abi'
import * as Outcome from '../core/Outcome'
import { Channel, type Run } from './channel'
import type { AbiProtocol } from './protocol'

const parser = new Channel<AbiProtocol>({
  spawn: () => new Worker(new URL('./abi.worker.ts', import.meta.url), { type: 'module', name: 'abi' }),
  name: 'The ABI worker',
  hints: ['Reload the page to try again.'],
  onCancel: 'keep',
})

let latest: Run<AbiProtocol['answer']> | undefined

/** The ABI in `text`, parsed, with its entries; cancelled when a newer parse is asked for before it is answered. */
export function parseAbi(text: string): Promise<Outcome.Outcome<{ abi: Abi.Abi; entries: Abi.Entry[] }>> {
  latest?.cancel(Outcome.cancelled('Replaced by a newer ABI.'))
  latest = parser.request({ text })
  return latest.promise
}

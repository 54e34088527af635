/**
 * Main-thread side of the verified-source worker (#36), over `./channel`: `readChecked(text,
 * asked, code)` parses a Sourcify answer, checks it against the chain's code and reads the
 * immutables in a worker (`VerifiedSource.readChecked`), so a large answer never holds the
 * page's thread. The page fetches (its fetch is the one the connection policy polices) and hands
 * the text over; a mismatch comes back as a failure named `VerifiedSource.MismatchError`.
 * One long-lived worker per page, started on first use; a cancelled read terminates it.
 */
import type * as VerifiedSource from '../core/debug/VerifiedSource'
import type * as Outcome from '../core/Outcome'
import { Channel, type Protocol } from './channel'

export interface VerifiedSourceProtocol extends Protocol {
  request: { text: string; chainId: string; address: string; code: Uint8Array }
  answer: VerifiedSource.Checked
  progress: never
  event: never
  notice: never
}

let channel: Channel<VerifiedSourceProtocol> | undefined

/** The answer read and checked off the main thread; `cancel` settles it as cancelled and stops the worker. */
export function readChecked(text: string, asked: { chainId: string; address: string }, code: Uint8Array): { promise: Promise<Outcome.Outcome<VerifiedSource.Checked>>; cancel: () => void } {
  channel ??= new Channel<VerifiedSourceProtocol>({
    spawn: () => new Worker(new URL('./verifiedSource.worker.ts', import.meta.url), { type: 'module', name: 'verified-source' }),
    name: 'The verified-source worker',
    hints: ['Reload the page to try again.'],
    onCancel: 'now',
  })
  const run = channel.request({ text, chainId: asked.chainId, address: asked.address, code })
  return { promise: run.promise, cancel: () => run.cancel() }
}

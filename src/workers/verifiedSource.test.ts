/**
 * The verified-source worker file itself (verifiedSource.worker.ts), loaded in Node with a
 * stand-in `self` and reached through a `Channel` as the page reaches it: messages are
 * structured-cloned both ways, as between threads. An answer built from real solc output
 * (test/chain/sourcifyServer.ts) comes back read and checked; a byte changed comes back as the
 * mismatch refused, a cut answer as malformed JSON, each by its error's name.
 */
import { describe, expect, it } from 'vitest'
import { Channel, type WorkerLike } from './channel'
import type { WorkerScope } from './serve'
import type { VerifiedSourceProtocol } from './verifiedSourceClient'
import { answerOf, compileFixtures } from '../../test/chain/sourcifyServer'

const ADDR = '0x5fbdb2315678afecb367f032d93f642f64180aa3'

/** A stand-in worker whose thread is the worker module, imported once `self` is its scope. */
function worker(): WorkerLike {
  const scope: WorkerScope = {
    onmessage: null,
    postMessage(m) {
      const data = structuredClone(m)
      setTimeout(() => w.onmessage?.call(w as unknown as Worker, { data } as MessageEvent))
    },
  }
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    onmessageerror: null,
    postMessage(m: unknown) {
      const data = structuredClone(m)
      void loaded.then(() => scope.onmessage?.({ data } as MessageEvent))
    },
    terminate() {},
  }
  ;(globalThis as { self?: unknown }).self = scope
  // messages wait for the module, as a browser queues them until the worker's script has run
  const loaded = import('./verifiedSource.worker')
  return w
}

describe('the verified-source worker', () => {
  const b = compileFixtures()
  const text = JSON.stringify(answerOf(b, { address: ADDR, path: 'src/Token.sol', name: 'Token' }, 31337, '0x', 'exact_match'))
  const code = Uint8Array.from(Buffer.from(b.contracts['src/Token.sol']!.Token!.evm.deployedBytecode.object, 'hex'))
  const ch = new Channel<VerifiedSourceProtocol>({ spawn: worker, name: 'The verified-source worker', hints: [], onCancel: 'keep' })

  it('reads and checks an answer, and hands back plain data', async () => {
    const o = await ch.request({ text, chainId: '31337', address: ADDR, code }).promise
    expect(o.ok).toBe(true)
    if (!o.ok) return
    expect(o.value.answer.name).toBe('Token')
    expect(o.value.check.kind).toBe('full')
    expect(o.value.immutables.map((i) => i.name)).toEqual(['_decimals', 'minter'])
  })

  it('a mismatch and a malformed answer come back as failures named by their errors', async () => {
    const bent = code.slice()
    bent[40] = bent[40]! ^ 1
    const m = await ch.request({ text, chainId: '31337', address: ADDR, code: bent }).promise
    expect(m).toMatchObject({ ok: false, error: { name: 'VerifiedSource.MismatchError' } })
    const cut = await ch.request({ text: text.slice(0, 100), chainId: '31337', address: ADDR, code }).promise
    expect(cut).toMatchObject({ ok: false, error: { name: 'VerifiedSource.NotJsonError' } })
  })
})

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
import * as SimVerified from '../core/debug/SimVerified'
import type * as VerifiedAbi from '../core/debug/VerifiedAbi'
import * as VerifiedSource from '../core/debug/VerifiedSource'
import type * as SimReport from '../core/sim/SimReport'

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
    const o = await ch.request({ op: 'read', text, chainId: '31337', address: ADDR, code }).promise
    expect(o.ok).toBe(true)
    if (!o.ok) return
    const v = o.value as VerifiedSource.Checked
    expect(v.answer.name).toBe('Token')
    expect(v.check.kind).toBe('full')
    expect(v.immutables.map((i) => i.name)).toEqual(['_decimals', 'minter'])
  })

  it('a mismatch and a malformed answer come back as failures named by their errors', async () => {
    const bent = code.slice()
    bent[40] = bent[40]! ^ 1
    const m = await ch.request({ op: 'read', text, chainId: '31337', address: ADDR, code: bent }).promise
    expect(m).toMatchObject({ ok: false, error: { name: 'VerifiedSource.MismatchError' } })
    const cut = await ch.request({ op: 'read', text: text.slice(0, 100), chainId: '31337', address: ADDR, code }).promise
    expect(cut).toMatchObject({ ok: false, error: { name: 'VerifiedSource.NotJsonError' } })
  })

  it('names a report as SimVerified.apply does on the page (the same report back, after structured clones both ways); nothing named is lost', async () => {
    // ERC-20's published selector and topic: transfer(address,uint256), Transfer(address,address,uint256)
    const word = (h: string) => h.replace(/^0x/, '').padStart(64, '0')
    const checked = VerifiedSource.readChecked(text, { chainId: '31337', address: ADDR }, code)
    const named: VerifiedAbi.Named = { address: ADDR, name: 'Token', abi: checked.answer.abi as unknown as VerifiedAbi.Named['abi'], contract: { address: ADDR, name: 'Token', path: checked.answer.path, match: 'full', by: 'verified source from h, full match' }, by: 'verified source from h, full match', layout: checked.answer.storageLayout }
    const to = '0x00000000000000000000000000000000000000b0'
    const topics = ['0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef', `0x${word(ADDR)}`, `0x${word(to)}`]
    const event = { index: 0, address: ADDR, topics, data: `0x${word('5')}`, reverted: false }
    const frame = { type: 'CALL', from: ADDR, to: ADDR, input: `0xa9059cbb${word(to)}${word('5')}`, output: `0x${word('1')}`, events: [event], calls: [] }
    const report = { root: frame, events: [event], assets: { storage: [] }, result: { block: { stateBlock: 'latest' } } } as unknown as SimReport.Report
    const many: VerifiedAbi.Many = { named: new Map([[ADDR, named]]), failed: [{ address: to, error: { name: 'VerifiedSource.NotVerifiedError', message: 'not verified', hints: [] } as never }] }
    const o = await ch.request({ op: 'name', report, many, host: 'h' }).promise
    expect(o.ok).toBe(true)
    if (!o.ok) return
    const direct = SimVerified.apply(report, many, 'h')
    expect(o.value).toEqual(direct)
    expect((o.value as SimReport.Report).root.call?.signature).toBe('transfer(address,uint256)')
    expect((o.value as SimReport.Report).events[0]!.signature).toBe('Transfer(address,address,uint256)')
    expect((o.value as SimReport.Report).named?.failed).toEqual([{ address: to, refused: false, message: 'not verified' }])
  })
})

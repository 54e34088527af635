/**
 * VerifiedReads without a node: what it asks the node, and what it refuses before asking.
 * Proofs are checked against anvil in test/chain/verified-reads.test.ts (with a tampering
 * proxy); here a recording transport shows the reads of one round trip becoming one round
 * trip of proofs, pending refused, eth_call never sent to the node, and the summary's wording.
 */
import { describe, expect, it } from 'vitest'
import type * as SimRpc from './SimRpc'
import * as VerifiedReads from './VerifiedReads'

function recorder(answer: (c: SimRpc.Call) => unknown = () => null) {
  const trips: SimRpc.Call[][] = []
  const t: SimRpc.Transport = {
    url: 'http://127.0.0.1:1',
    async send(calls) {
      trips.push([...calls])
      return calls.map((c) => ({ result: answer(c) }))
    },
  }
  return { t, trips }
}

describe('VerifiedReads', () => {
  it('refuses reads at pending and earliest without asking the node for state', async () => {
    const { t, trips } = recorder()
    const v = VerifiedReads.transport(t, { kind: 'none' })
    await expect(v.send([{ method: 'eth_getBalance', params: ['0x' + '11'.repeat(20), 'pending'] }])).rejects.toMatchObject({ name: 'VerifiedReads.TagNotVerifiableError' })
    expect(trips.flat().some((c) => c.method === 'eth_getBalance' || c.method === 'eth_getProof')).toBe(false)
  })

  it('a block the node does not know is refused (never pinned), a pasted hash it does not know named', async () => {
    const { t } = recorder(() => null)
    const hash = `0x${'cd'.repeat(32)}` as const
    await expect(VerifiedReads.transport(t, { kind: 'hash', hash }).header('latest')).rejects.toMatchObject({ name: 'VerifiedReads.UnknownAnchorError', message: expect.stringContaining(hash) })
    await expect(VerifiedReads.transport(t, { kind: 'none' }).header('latest')).rejects.toMatchObject({ name: 'ProofVerify.MalformedError' })
  })

  it("eth_call is never sent to the node: refused without an EVM to re-execute it, or with a state override", async () => {
    const { t, trips } = recorder()
    const p = VerifiedReads.provider(VerifiedReads.transport(t, { kind: 'none' }))
    await expect(p.request({ method: 'eth_call', params: [{ to: '0x' + '11'.repeat(20), data: '0x' }, 'latest'] })).rejects.toMatchObject({ name: 'VerifiedReads.CallNotVerifiableError' })
    const q = VerifiedReads.provider(VerifiedReads.transport(t, { kind: 'none' }), async () => ({ status: 'success', returnData: '0x' }))
    await expect(q.request({ method: 'eth_call', params: [{ to: '0x' + '11'.repeat(20) }, 'latest', {}] })).rejects.toMatchObject({ message: expect.stringContaining('state override') })
    expect(trips.flat().some((c) => c.method === 'eth_call')).toBe(false)
  })

  it('requests of one tick go out as one round trip; methods no proof covers are listed as the node\'s word', async () => {
    const { t, trips } = recorder((c) => (c.method === 'eth_chainId' ? '0x1' : '0x0'))
    const v = VerifiedReads.transport(t, { kind: 'none' })
    const p = VerifiedReads.provider(v)
    await Promise.all([p.request({ method: 'eth_chainId' }), p.request({ method: 'eth_gasPrice' })])
    expect(trips).toHaveLength(1)
    expect(v.record.unproven).toEqual(['eth_chainId', 'eth_gasPrice'])
    const s = VerifiedReads.summary(v.record)
    expect(s.anchor).toMatch(/^none: /)
    expect(s.notProven).toContain("The node's word, not proven: eth_chainId, eth_gasPrice.")
  })
})

describe('VerifiedReads.addProven', () => {
  it('counts what another transport proved into a record, each account and slot once (#41: the worker\'s proofs were counted nowhere)', () => {
    const t = VerifiedReads.transport({ url: 'http://x', request: async () => [] } as unknown as SimRpc.Transport, { kind: 'none' })
    expect(VerifiedReads.summary(t.record).proven).toMatch(/^0 accounts and 0 slots proven/)
    VerifiedReads.addProven(t.record, { accounts: ['5:0xaa', '5:0xbb'], slots: ['5:0xaa:0x00'] })
    VerifiedReads.addProven(t.record, { accounts: ['5:0xaa'], slots: ['5:0xaa:0x00', '5:0xaa:0x01'] })
    expect([t.record.accounts, t.record.slots]).toEqual([2, 2])
    expect(VerifiedReads.summary(t.record).proven).toMatch(/^2 accounts and 2 slots proven/)
  })
})

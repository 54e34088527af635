import { Wallet } from 'ethers'
import { readdirSync } from 'node:fs'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { ANVIL_KEYS, castAsync, describeVectors, readVector, vectorPath } from '../../../test/support'
import * as Key from '../keys/Key'
import * as TxSend from './TxSend'

type TxTest = Record<string, { txbytes: string; result: Record<string, { hash?: string; sender?: string; exception?: string }> }>

describeVectors('TxSend.inspectRaw: ethereum/tests TransactionTests', () => {
  const files: string[] = []
  for (const dir of readdirSync(vectorPath('tx/ethereum-tests'))) for (const f of readdirSync(vectorPath(`tx/ethereum-tests/${dir}`))) files.push(`tx/ethereum-tests/${dir}/${f}`)

  it.each(files)('%s', (file) => {
    const t = Object.values(readVector<TxTest>(file))[0]!
    const latest = t.result.Prague ?? t.result.Cancun ?? Object.values(t.result).at(-1)!
    const valid = Object.values(t.result).find((r) => r.hash && r.sender)
    if (valid && latest.hash) {
      const info = TxSend.inspectRaw(t.txbytes)
      expect(info.hash).toBe(valid.hash)
      expect(info.from.toLowerCase()).toBe(valid.sender!.toLowerCase())
    } else {
      // Invalid for current forks: either rejected with our error, or decoded without a crash.
      try {
        TxSend.inspectRaw(t.txbytes)
      } catch (e) {
        expect((e as Error).name).toBe('TxSend.InvalidRawTxError')
      }
    }
  })
})

describeVectors('TxSend: the EIP-155 example', () => {
  it('decodes the signed transaction to chain 1 and its sender', () => {
    const v = readVector<{ signedTransaction: string; privateKey: `0x${string}`; transaction: { nonce: number; chainId: number } }>('tx/eip155-example.json')
    const info = TxSend.inspectRaw(v.signedTransaction)
    expect(info.chainId).toBe(v.transaction.chainId)
    expect(info.nonce).toBe(v.transaction.nonce)
    expect(info.from).toBe(Key.toAddress(v.privateKey))
    expect(info.type).toBe('legacy')
  })
})

const base = {
  chainId: 31337,
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266' as const,
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8' as `0x${string}` | null,
  value: 1n,
  data: '0x' as `0x${string}`,
  nonce: 0,
  gas: 21000n,
  maxFeePerGas: 2_000_000_000n,
  maxPriorityFeePerGas: 1_000_000_000n,
}

describe('TxSend.sign: differential against cast mktx (RFC 6979, byte for byte)', () => {
  it('signs random EIP-1559 transactions exactly like cast', async () => {
    const cases = fc.sample(
      fc.record({
        chainId: fc.integer({ min: 1, max: 2 ** 32 }),
        nonce: fc.integer({ min: 0, max: 2 ** 40 }),
        gas: fc.bigInt({ min: 21000n, max: 30_000_000n }),
        maxPriorityFeePerGas: fc.bigInt({ min: 0n, max: 10n ** 12n }),
        extra: fc.bigInt({ min: 0n, max: 10n ** 12n }),
        value: fc.bigInt({ min: 0n, max: 10n ** 24n }),
        data: fc.uint8Array({ maxLength: 40 }).map((b) => `0x${Buffer.from(b).toString('hex')}` as `0x${string}`),
        key: fc.constantFrom(...ANVIL_KEYS),
      }),
      { numRuns: 12, seed: 7 },
    )
    await Promise.all(
      cases.map(async (c) => {
        const from = Key.toAddress(c.key)
        const p = { ...base, chainId: c.chainId, from, nonce: c.nonce, gas: c.gas, maxPriorityFeePerGas: c.maxPriorityFeePerGas, maxFeePerGas: c.maxPriorityFeePerGas + c.extra, value: c.value, data: c.data }
        const ours = TxSend.sign(p, c.key)
        const theirs = await castAsync([
          'mktx', '--private-key', c.key, '--chain', String(c.chainId), '--nonce', String(c.nonce), '--gas-limit', String(c.gas),
          '--gas-price', String(p.maxFeePerGas), '--priority-gas-price', String(p.maxPriorityFeePerGas), p.to!, ...(c.data !== '0x' ? [c.data] : []), '--value', String(c.value),
        ])
        expect(ours.raw).toBe(theirs)
        expect(ours.hash).toBe(await castAsync(['keccak', theirs]))
        const info = TxSend.inspectRaw(theirs)
        expect(info.from).toBe(from)
        expect(info.chainId).toBe(c.chainId)
      }),
    )
  })

  it('round-trips: what is signed decodes back to the same fields and signer (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 2 ** 40 }), fc.integer({ min: 0, max: 2 ** 40 }), fc.bigInt({ min: 0n, max: 2n ** 128n }), fc.boolean(), (chainId, nonce, value, create) => {
        const p = { ...base, chainId, nonce, value, to: create ? null : base.to, data: (create ? '0x6000' : '0x') as `0x${string}` }
        const { raw, hash, from } = TxSend.sign(p, ANVIL_KEYS[0])
        const info = TxSend.inspectRaw(raw)
        expect(info).toEqual({ type: 'eip1559', hash, chainId, from, to: create ? null : base.to, nonce, value })
      }),
      { numRuns: 30 },
    )
  })
})

describe('TxSend: bad input', () => {
  it('rejects malformed private keys without echoing them', () => {
    for (const bad of ['', '0x1234', 'zz'.repeat(32), '0x' + '00'.repeat(32), '0x' + 'ff'.repeat(32)]) {
      let err: Error | undefined
      try {
        Key.parse(bad)
      } catch (e) {
        err = e as Error
      }
      expect(err?.name, bad).toMatch(/^Key\.(Empty|Invalid)KeyError$/)
      if (bad.length > 10) expect(err!.message).not.toContain(bad.slice(2, 20))
    }
    expect(Key.parse(ANVIL_KEYS[0].slice(2).toUpperCase())).toBe(ANVIL_KEYS[0])
  })

  it('refuses to sign with a key that is not the sender\'s', () => {
    expect(() => TxSend.sign(base, ANVIL_KEYS[1])).toThrow(expect.objectContaining({ name: 'TxSend.WrongKeyError' }))
  })

  it('rejects raw transactions that are not signed transactions', () => {
    for (const bad of ['', '0x', '0x123', 'hello', '0x02c0', '0xf8']) expect(() => TxSend.inspectRaw(bad), bad).toThrow(expect.objectContaining({ name: 'TxSend.InvalidRawTxError' }))
    fc.assert(
      fc.property(fc.uint8Array({ minLength: 1, maxLength: 200 }), (b) => {
        try {
          TxSend.inspectRaw(`0x${Buffer.from(b).toString('hex')}`)
        } catch (e) {
          expect((e as Error).name).toBe('TxSend.InvalidRawTxError')
        }
      }),
      { numRuns: 300 },
    )
  })

  it('refuses a transaction without chain id unless allowed, before sending anything', async () => {
    const calls: string[] = []
    const rpc = { request: async ({ method }: { method: string }) => (calls.push(method), method === 'eth_chainId' ? '0x1' : null) }
    // EIP-155 signing data without chain id: a pre-EIP-155 legacy transaction signed by cast.
    const raw = await castAsync(['mktx', '--legacy', '--private-key', ANVIL_KEYS[0], '--nonce', '0', '--gas-limit', '21000', '--gas-price', '1', '--chain', '1', base.to!])
    expect(TxSend.inspectRaw(raw).chainId).toBe(1)
    // A pre-EIP-155 legacy transaction (v = 27/28), signed by ethers v5 with chain id 0.
    const preRaw = await new Wallet(ANVIL_KEYS[0]).signTransaction({ nonce: 0, gasLimit: 21000, gasPrice: 1, to: base.to!, value: 0, chainId: 0 })
    expect(TxSend.inspectRaw(preRaw).chainId).toBeNull()
    await expect(TxSend.broadcast(rpc, preRaw)).rejects.toMatchObject({ name: 'TxSend.NoChainIdError' })
    expect(calls).toEqual([])
  })

  it('waits for a receipt boundedly', async () => {
    const rpc = { request: async () => null }
    const t0 = Date.now()
    await expect(TxSend.waitForReceipt(rpc, `0x${'11'.repeat(32)}`, { timeoutMs: 300, pollMs: 50 })).rejects.toMatchObject({ name: 'TxSend.ReceiptTimeoutError' })
    expect(Date.now() - t0).toBeLessThan(2000)
  })
})

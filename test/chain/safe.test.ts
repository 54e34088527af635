/**
 * The Safe hash oracle: on a real anvil, for Safe 1.0.0, 1.1.1, 1.2.0, 1.3.0, 1.4.1 and 1.5.0
 * deployed from the published npm artifacts (test/fixtures/safe), random transactions must
 * hash to exactly what the contract's own `getTransactionHash` returns, and `execTransaction`
 * with our combined owner signatures (EIP-712, eth_sign and approved-hash forms, sorted by
 * owner) must succeed: receipt status 1, no failure event, the success event where the
 * version has one (1.0.0 has none), and the nonce one higher.
 *
 * SAFE_TXS_PER_VERSION (default 100, so 600 transactions and 1200 hash comparisons per run)
 * raises the count; the random seed is printed (replay with TEST_SEED).
 */
import { AbiEvent, AbiFunction, AbiParameters, Address, Hex } from 'ox'
import { describe, expect, it } from 'vitest'
import * as Safe from '../../src/core/sign/Safe'
import { randomInt as int } from '../support'
import { useOwnerChain } from './ownerChain'
import { SAFE_VERSIONS, ZERO, bytes, call, createSafe, deploySafeContracts, fn, ownerOf, send, type H } from './safeKit'

const N = Number(process.env.SAFE_TXS_PER_VERSION ?? 100)

const chain = useOwnerChain('safe oracle', `, ${N} transactions per version`)

const big = (bits: number) => BigInt(bytes(Math.ceil(bits / 8))) & ((1n << BigInt(bits)) - 1n)
const addr = () => Address.checksum(bytes(20)) as H

const totals = { hashes: 0, execs: 0 }

describe('Safe hash and execTransaction oracle (real anvil, published Safe contracts)', () => {
  for (const version of SAFE_VERSIONS) {
    it(`Safe ${version}: ${N} random transactions`, async () => {
      const d = await deploySafeContracts(chain.rpc, chain.deployer, version)
      const keys = [0, 1, 2].map(() => bytes(32))
      const owners = keys.map(ownerOf)
      for (const o of owners) {
        await chain.rpc('anvil_setBalance', [o, '0x56bc75e2d63100000'])
        await chain.rpc('anvil_impersonateAccount', [o])
      }
      const safe = await createSafe(chain.rpc, chain.deployer, d, owners, 2n, BigInt(int(1e9)))
      await chain.rpc('anvil_setBalance', [safe, '0x3635c9adc5dea00000'])

      // Our chain reads: version, owners, threshold, nonce; our domain hash against the contract's.
      const state = await Safe.read(chain.provider, safe, chain.chainId)
      expect(state.version).toBe(version)
      expect(state.threshold).toBe(2n)
      expect([...state.owners].sort()).toEqual([...owners].sort())
      const zeroTx = { to: ZERO, value: 0n, data: '0x', operation: 0, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: ZERO, refundReceiver: ZERO, nonce: 0n } as const
      const domainSeparator = await call<string>(chain.rpc, safe, fn(d.safeAbi, 'domainSeparator'))
      expect(Safe.hashes({ version, chainId: chain.chainId, safe, tx: zeroTx }).domainHash).toBe(domainSeparator)

      const exec = fn(d.safeAbi, 'execTransaction')
      const failedTopics = d.safeAbi.filter((x) => x.type === 'event' && /^Execution(Failed|Failure)$/.test(String(x.name))).map((e) => AbiEvent.getSelector(AbiEvent.from(e as never)))
      const successEvent = d.safeAbi.find((x) => x.type === 'event' && x.name === 'ExecutionSuccess')
      const successTopic = successEvent ? AbiEvent.getSelector(AbiEvent.from(successEvent as never)) : undefined
      if (version === '1.0.0') expect(successTopic).toBeUndefined()
      const nonceFn = fn(d.safeAbi, 'nonce')

      for (let i = 0; i < N; i++) {
        const nonce = await call<bigint>(chain.rpc, safe, nonceFn)
        let tx: Safe.SafeTx
        const kind = int(10)
        if (kind === 0) {
          // A DELEGATECALL to the version's MultiSend (or MultiSendCallOnly) with 1-3 calls.
          const inner = Array.from({ length: 1 + int(3) }, () => ({ to: addr(), value: big(40), data: bytes(int(40)) }))
          // 1.1.0+: packed entries; the 1.0.0 MultiSend takes abi.encode(uint8, address, uint256, bytes) entries.
          const packed =
            version === '1.0.0'
              ? Hex.concat('0x', ...inner.map((t) => AbiParameters.encode(AbiParameters.from('uint8, address, uint256, bytes'), [0, t.to, t.value, t.data])))
              : Hex.concat('0x', ...inner.map((t) => Hex.concat('0x00', t.to, Hex.fromNumber(t.value, { size: 32 }), Hex.fromNumber(Hex.size(t.data), { size: 32 }), t.data)))
          const data = AbiFunction.encodeData(AbiFunction.from('function multiSend(bytes)'), [packed]) as H
          expect(Safe.steps({ to: d.multiSend, value: 0n, data, operation: 1 }).slice(1).map((s) => [s.to, s.value, s.data])).toEqual(inner.map((t) => [t.to, t.value, t.data]))
          tx = { to: d.multiSendCallOnly && int(2) ? d.multiSendCallOnly : d.multiSend, value: 0n, data, operation: 1, safeTxGas: 0n, baseGas: 0n, gasPrice: 0n, gasToken: ZERO, refundReceiver: ZERO, nonce }
        } else {
          const refund = kind === 1
          tx = {
            to: addr(),
            value: big(50),
            data: bytes(int(200)),
            operation: kind === 2 ? 1 : 0, // a DELEGATECALL to an address without code succeeds
            safeTxGas: int(2) ? 0n : 60_000n + big(16),
            baseGas: refund || int(3) === 0 ? big(16) : 0n,
            gasPrice: refund ? 1n + big(4) : 0n,
            gasToken: ZERO,
            refundReceiver: int(2) ? ZERO : addr(),
            nonce,
          }
        }
        // Hash: the live transaction, and a probe with a random nonce (and sometimes a gas token).
        const probe = { ...tx, nonce: big(64), gasToken: int(4) ? tx.gasToken : addr() }
        for (const t of [probe, tx]) {
          expect(Safe.hashes({ version, chainId: chain.chainId, safe, tx: t }).safeTxHash, `${version} #${i}`).toBe(await Safe.contractTxHash(chain.provider, safe, t))
          totals.hashes++
        }
        // Two of the three owners sign, in a random mix of forms; combine sorts them.
        const { safeTxHash } = Safe.hashes({ version, chainId: chain.chainId, safe, tx })
        const pick = [0, 1, 2].sort(() => Math.random() - 0.5).slice(0, 2)
        const executor = pick[int(2)]!
        const sigs = pick.map((k) => {
          if (k === executor && int(4) === 0) return Safe.approvedHash(owners[k]!)
          return Safe.supportsEthSign(version) && int(2) ? Safe.signEthSign(keys[k]!, safeTxHash, version) : Safe.signEip712(keys[k]!, safeTxHash)
        })
        // Half the time, through the paste path: signatures as text, owners recovered.
        const parsed = int(2) ? Safe.parseOwnerSignatures(sigs.map((s) => s.signature).join('\n'), safeTxHash, version) : sigs
        expect(parsed.map((s) => s.owner)).toEqual(sigs.map((s) => s.owner))
        const from = sigs.some((s) => s.kind === 'approved') ? owners[executor]! : chain.deployer
        const signatures = Safe.combine(parsed)
        const data = Safe.execTransactionData(tx, signatures)
        // Our call data equals the encoding with the version's own ABI (1.0.0 names baseGas dataGas).
        expect(data).toBe(AbiFunction.encodeData(exec, [tx.to, tx.value, tx.data, tx.operation, tx.safeTxGas, tx.baseGas, tx.gasPrice, tx.gasToken, tx.refundReceiver, signatures] as never))
        if (i === 0) {
          // Negative control: the same signatures in descending owner order must revert.
          const desc = [...sigs].sort((a, b) => (BigInt(a.owner) > BigInt(b.owner) ? -1 : 1))
          const bad = Safe.execTransactionData(tx, Hex.concat('0x', ...desc.map((s) => s.signature)) as H)
          await expect(chain.rpc('eth_call', [{ from, to: safe, data: bad, gas: Hex.fromNumber(3_000_000) }, 'latest'])).rejects.toThrow(/GS026|Invalid owner provided/)
        }
        const r = await send(chain.rpc, { from, to: safe, data, gas: Hex.fromNumber(3_000_000) })
        const topics = r.logs.filter((l) => l.address.toLowerCase() === safe.toLowerCase()).map((l) => l.topics[0])
        expect(r.status, `${version} #${i} status`).toBe('0x1')
        expect(topics.some((t) => failedTopics.includes(t as H)), `${version} #${i} failure event`).toBe(false)
        if (successTopic) expect(topics).toContain(successTopic)
        expect(await call<bigint>(chain.rpc, safe, nonceFn)).toBe(nonce + 1n)
        totals.execs++
      }
    })
  }

  it('checked at least 100 transactions in this run', () => {
    console.log(`safe oracle: ${totals.hashes} hashes equal getTransactionHash, ${totals.execs} execTransaction succeeded`)
    expect(totals.execs).toBeGreaterThanOrEqual(100)
    expect(totals.hashes).toBe(2 * totals.execs)
  })
})

describe('chain reads: bad input gets a clear error', () => {
  it('no code at the address, a chain id that differs, an unknown version', async () => {
    const empty = addr()
    await expect(Safe.read(chain.provider, empty)).rejects.toMatchObject({ name: 'Safe.NoCodeError', field: 'safe' })
    await expect(Safe.read(chain.provider, empty, chain.chainId + 1n)).rejects.toMatchObject({ name: 'Safe.ChainMismatchError', field: 'chainId' })
    // A contract that is not a Safe (a MultiSend: VERSION() reverts).
    const d = await deploySafeContracts(chain.rpc, chain.deployer, '1.3.0')
    await expect(Safe.read(chain.provider, d.multiSend)).rejects.toMatchObject({ name: 'Safe.NotASafeError' })
    // A contract whose every call returns abi.encode("0.1.0"): a Safe version outside 1.0.0-1.5.0.
    const old = addr()
    const code = `0x602060005260056020527f302e312e30${'00'.repeat(27)}60405260606000f3`
    await chain.rpc('anvil_setCode', [old, code])
    await expect(Safe.read(chain.provider, old)).rejects.toMatchObject({ name: 'Safe.UnknownVersionError', field: 'version' })
  })
})

describe('/safe-tx end to end on anvil: pasted JSON, your signature plus a pasted one, execTransaction runs', () => {
  it('Safe 1.3.0, 2 of 3', async () => {
    const d = await deploySafeContracts(chain.rpc, chain.deployer, '1.3.0')
    const keys = [0, 1, 2].map(() => bytes(32))
    const owners = keys.map(ownerOf)
    const safe = await createSafe(chain.rpc, chain.deployer, d, owners, 2n, 7n)
    await chain.rpc('anvil_setBalance', [safe, '0xde0b6b3a7640000'])
    const to = addr()
    const json = JSON.stringify({ safe, to, value: '1000', data: null, operation: 0, safeTxGas: '0', baseGas: '0', gasPrice: '0', gasToken: ZERO, refundReceiver: ZERO, nonce: 0 })
    const { safeTxHash } = Safe.hashes({ version: '1.3.0', chainId: chain.chainId, safe, tx: { ...Safe.fromJson(json).tx, nonce: 0n } as Safe.SafeTx })
    const pasted = Safe.signEthSign(keys[2]!, safeTxHash, '1.3.0').signature
    const { result, rows } = await chain.runTool('safe-tx', { source: 'json', json, signForm: 'eip712', privateKey: keys[0]!, signatures: pasted })
    expect(rows.get('safeTxHash')).toBe(await Safe.contractTxHash(chain.provider, safe, { ...Safe.fromJson(json).tx, nonce: 0n } as Safe.SafeTx))
    expect(rows.get('Threshold')).toBe('2 of 2 required')
    const r = await send(chain.rpc, { from: chain.deployer, to: safe, data: rows.get('execTransaction call data'), gas: Hex.fromNumber(1_000_000) })
    expect(r.status).toBe('0x1')
    expect(BigInt(await chain.rpc<H>('eth_getBalance', [to, 'latest']))).toBe(1000n)
    expect(JSON.stringify(result)).not.toContain(keys[0]!.slice(2))
  })
})

/**
 * Big node answers through the real HTTP transports (#41): test/fault-server's `/big` mode
 * streams answers of 2.6, 24, 30 and 60 MB with and without Content-Length, at once and slowly,
 * read with Node's fetch. eth_getProof is capped at Rpc.METHOD_MAX_BYTES (12 MiB), the RPC
 * console's batch at Rpc.MAX_BYTES (32 MiB). The expected result is the server's own body
 * (bigAnswer), parsed by JSON.parse. Times are printed, not asserted.
 */
import { describe, expect, it } from 'vitest'
import { bigAnswer } from '../../../test/fault-server'
import { srv, withFaultServer } from '../../../test/faultKit'
import * as ReadBody from '../ReadBody'
import * as Rpc from './Rpc'
import * as RpcConsole from './RpcConsole'

withFaultServer()

const SIZES = [2_600_000, 24_000_000, 30_000_000, 60_000_000]
const KINDS = [
  ['len', 'fast'],
  ['chunked', 'fast'],
  ['len', 'slow'],
  ['chunked', 'slow'],
] as const

describe('eth_getProof answers, bounded while they stream', () => {
  for (const bytes of SIZES)
    for (const [len, pace] of KINDS) {
      it(`${bytes} bytes, ${len}, ${pace}: ${bytes <= Rpc.capFor('eth_getProof') ? 'read whole' : 'refused at the 12 MiB cap'}`, async () => {
        const rpc = Rpc.http(`${srv.url}/big/${bytes}/${len}/${pace}`, { timeoutMs: 60_000 })
        const t0 = performance.now()
        const got = await rpc.request({ method: 'eth_getProof', params: ['0x' + '00'.repeat(20), [], 'latest'] }).then(
          (v) => ({ v }),
          (e: unknown) => ({ e }),
        )
        console.log(`eth_getProof ${bytes} ${len} ${pace}: ${((performance.now() - t0) / 1000).toFixed(2)} s, ${'e' in got ? (got.e as Error).message.split('\n')[0] : 'read'}`)
        if (bytes <= 12 * 2 ** 20) {
          const expected = (JSON.parse(bigAnswer(1, bytes).toString('utf8')) as { result: string }).result
          expect('v' in got && got.v).toBe(expected)
        } else {
          expect('e' in got && got.e).toBeInstanceOf(Rpc.ResponseTooLargeError)
          const e = (got as { e: Rpc.ResponseTooLargeError }).e
          expect(e.maxBytes).toBe(12 * 2 ** 20)
          // declared: refused on the header with the declared size; undeclared: stopped just past the cap
          if (len === 'len') expect(e.bytes).toBe(bytes)
          else {
            expect(e.bytes).toBeGreaterThan(12 * 2 ** 20)
            expect(e.bytes).toBeLessThan(14 * 2 ** 20)
          }
          expect(e.message).toMatch(/answered, but its answer is too large: .*at most 12 MiB \(12,582,912 bytes\) is accepted/)
          expect(e.message).not.toMatch(/Could not connect/)
        }
      })
    }

  it('an answer cut off mid-body says so, with the bytes that arrived, not "Could not connect"', async () => {
    for (const len of ['len', 'chunked']) {
      const rpc = Rpc.http(`${srv.url}/big/2600000/${len}/fast/cut`, { timeoutMs: 60_000 })
      const e = await rpc.request({ method: 'eth_getProof', params: [] }).catch((x: unknown) => x)
      expect(e).toBeInstanceOf(ReadBody.CutOffError)
      expect((e as ReadBody.CutOffError).bytes).toBe(1_300_000)
      expect((e as Error).message).toMatch(/\(eth_getProof\) was cut off after 1\.2 MiB \(1,300,000 bytes\)/)
    }
  })
})

describe('the RPC console batch, under the 32 MiB cap', () => {
  for (const bytes of SIZES)
    for (const len of ['len', 'chunked'] as const) {
      it(`${bytes} bytes, ${len}`, async () => {
        const url = `${srv.url}/big/${bytes}/${len}/fast`
        const t0 = performance.now()
        const got = await RpcConsole.batch(undefined, url, [{ method: 'eth_getProof', params: [] }], { timeoutMs: 60_000 }).then(
          (v) => ({ v }),
          (e: unknown) => ({ e }),
        )
        console.log(`console batch ${bytes} ${len}: ${((performance.now() - t0) / 1000).toFixed(2)} s, ${'e' in got ? (got.e as Error).message.split('\n')[0] : 'read'}`)
        if (bytes <= Rpc.MAX_BYTES) {
          const expected = (JSON.parse(bigAnswer(1, bytes, true).toString('utf8')) as { result: string }[])[0]!.result
          expect('v' in got && got.v.answers[0]!.result).toBe(expected)
        } else {
          expect('e' in got && got.e).toBeInstanceOf(Rpc.ResponseTooLargeError)
          expect((got as { e: Error }).e.message).toMatch(/at most 32 MiB \(33,554,432 bytes\) is accepted/)
        }
      })
    }
})

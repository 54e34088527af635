/**
 * AssetChanges of simulated calls, against a real anvil (started by useSimChain,
 * test/chain/sim/chain.ts): token transfers and approvals as viem decodes the same logs, ether
 * changes as the node reports balances, symbol and decimals as the chain answers them.
 */
import { describe, expect, it } from 'vitest'
import { decodeEventLog, maxUint256, type Abi, type Hex } from 'viem'
import * as AssetChanges from './AssetChanges'
import * as SimReport from './SimReport'
import * as Simulation from './Simulation'
import { A0, A1, OTHER } from '../../../test/chain/sim/contracts'
import { art, c, client, data, rpc, useSimChain } from '../../../test/chain/sim/chain'

useSimChain()

describe('AssetChanges of simulated calls', () => {
  it('token transfers and approvals agree with viem decoding the same logs; symbol and decimals with the chain', async () => {
    const s = await Simulation.openAt(client(), 'latest')
    const runs = [
      await Simulation.call(s, { from: A0, to: c.token!, data: data('Token', 'approve', [A1, maxUint256]) }),
      await Simulation.call(s, { from: A0, to: c.token!, data: data('Token', 'transfer', [OTHER, 1234567n]) }),
      await Simulation.call(s, { from: A0, to: c.multi!, data: data('Multi', 'safeBatchTransferFrom', [A0, OTHER, [1n, 2n], [3n, 4n], '0x']) }),
      await Simulation.call(s, { from: A0, to: c.multi!, data: data('Multi', 'safeTransferFrom', [A0, A1, 1n, 5n, '0x']) }),
      await Simulation.call(s, { from: A0, to: c.nft!, data: data('Nft', 'setApprovalForAll', [OTHER, true]) }),
      await Simulation.call(s, { from: A0, to: c.nft!, data: data('Nft', 'mint', [A0, 99n]) }),
      await Simulation.call(s, { from: A0, to: c.nft!, data: data('Nft', 'transferFrom', [A0, A1, 99n]) }),
      await Simulation.call(s, { from: A0, to: OTHER, value: 5n * 10n ** 17n }),
    ]
    const abiOf: Record<string, Abi> = { [c.token!]: art.Token!.abi as Abi, [c.multi!]: art.Multi!.abi as Abi, [c.nft!]: art.Nft!.abi as Abi }
    const seen: string[] = []
    for (const r of runs) {
      const a = AssetChanges.fromResult(r)
      expect(a.tokens).toHaveLength(r.logs.length)
      r.logs.forEach((l, i) => {
        const v = decodeEventLog({ abi: abiOf[l.address]!, topics: l.topics as [Hex], data: l.data as Hex }) as { eventName: string; args: Record<string, any> }
        const t = a.tokens[i]!
        seen.push(`${t.standard} ${t.kind}`)
        const low = (x: string) => x.toLowerCase()
        if (v.eventName === 'Transfer' && t.standard === 'erc20') expect([t.from, t.to, t.amount]).toEqual([low(v.args.from), low(v.args.to), String(v.args.value)])
        else if (v.eventName === 'Transfer') expect([t.from, t.to, t.id]).toEqual([low(v.args.from), low(v.args.to), String(v.args.id)])
        else if (v.eventName === 'Approval') expect([t.owner, t.spender, t.amount, t.unlimited]).toEqual([low(v.args.owner), low(v.args.spender), String(v.args.value), v.args.value >= 2n ** 128n ? true : undefined])
        else if (v.eventName === 'ApprovalForAll') expect([t.owner, t.operator, t.approved]).toEqual([low(v.args.owner), low(v.args.operator), v.args.approved])
        else if (v.eventName === 'TransferSingle') expect([t.operator, t.from, t.to, t.id, t.amount]).toEqual([low(v.args.operator), low(v.args.from), low(v.args.to), String(v.args.id), String(v.args.value)])
        else if (v.eventName === 'TransferBatch') expect([t.from, t.to, t.ids, t.amounts]).toEqual([low(v.args.from), low(v.args.to), v.args.ids.map(String), v.args.values.map(String)])
        else throw new Error(`unexpected ${v.eventName}`)
      })
    }
    expect(new Set(seen)).toEqual(new Set(['erc20 approval', 'erc20 transfer', 'erc1155 transfer', 'erc721/erc1155 approvalForAll', 'erc721 transfer']))
    // ether: the recipient's change equals the value; the balance the node reports before plus the value is after
    const eth = AssetChanges.fromResult(runs[7]!).ether.find((e) => e.address === OTHER)!
    expect(BigInt(eth.before)).toBe(BigInt(await rpc<string>('eth_getBalance', [OTHER, 'latest'])))
    expect(BigInt(eth.delta)).toBe(5n * 10n ** 17n)
    // symbol and decimals as the chain answers them (eth_call), and the report's warnings
    const report = await SimReport.build(runs[0]!, { rpc: s.rpc, blockTag: s.stateTag })
    const symbolHex = await rpc<Hex>('eth_call', [{ to: c.token, data: '0x95d89b41' }, 'latest'])
    const decimalsHex = await rpc<Hex>('eth_call', [{ to: c.token, data: '0x313ce567' }, 'latest'])
    const { decodeAbiParameters } = await import('viem')
    expect(report.tokens[c.token!]).toEqual({ symbol: decodeAbiParameters([{ type: 'string' }], symbolHex)[0], decimals: Number(BigInt(decimalsHex)) })
    expect(report.warnings.some((w) => w.startsWith('Unlimited approval'))).toBe(true)
    const nftReport = await SimReport.build(runs[4]!)
    expect(nftReport.warnings.some((w) => w.startsWith('Operator approval'))).toBe(true)
  })

})

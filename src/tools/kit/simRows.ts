/**
 * Rows and the node client the simulation tools share (simulate, bundle): loaded only with their
 * engines, which bring the EVM.
 */
import * as AssetChanges from '../../core/sim/AssetChanges'
import * as Rpc from '../../core/chain/Rpc'
import * as SimRpc from '../../core/sim/SimRpc'
import type { Row } from '../types'

const short = (a: string) => `${a.slice(0, 8)}…${a.slice(-6)}`

/** A client over the connection: HTTP batches for an http(s) URL, the provider otherwise. */
export function clientFor(rpc: { request(args: { method: string; params?: unknown }): Promise<unknown> } | undefined, rpcUrl: string | undefined, options: Parameters<typeof SimRpc.create>[1] = {}): SimRpc.Client {
  if (rpcUrl && /^https?:\/\//i.test(rpcUrl)) return SimRpc.create(SimRpc.httpTransport(rpcUrl), options)
  if (!rpc) throw new Rpc.NotConnectedError()
  return SimRpc.create(SimRpc.eip1193Transport(rpc, rpcUrl), options)
}

export function tokenRow(t: AssetChanges.TokenChange, info: AssetChanges.TokenInfo | undefined): Row {
  const what = info?.symbol ?? short(t.token)
  if (t.kind === 'transfer') {
    const amount = t.amount !== undefined ? AssetChanges.formatAmount(t.amount, info) : t.ids ? `ids ${t.ids.join(', ')} × ${t.amounts!.join(', ')}` : `#${t.id}`
    return { label: `${t.standard.toUpperCase()} transfer ${what}`, value: `${amount}${t.id && t.amount ? ` of id ${t.id}` : ''}: ${short(t.from!)} → ${short(t.to!)}`, mono: false, note: t.token }
  }
  if (t.kind === 'approval') return { label: `${t.standard.toUpperCase()} approval ${what}`, value: `${t.amount !== undefined ? AssetChanges.formatAmount(t.amount, info) : `#${t.id}`} to ${short(t.spender!)}`, mono: false, ...(t.unlimited ? { tone: 'warn' as const } : {}), note: t.token }
  return { label: `Approval for all ${what}`, value: `${t.approved ? 'granted' : 'revoked'}: ${short(t.operator!)}`, mono: false, ...(t.approved ? { tone: 'warn' as const } : {}), note: t.token }
}

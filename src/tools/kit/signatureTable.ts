/**
 * The offline signature table for the decoder tools: loaded on first use (per kind, in 16 shards),
 * and its provenance (which npm package each entry came from) only when a result came from
 * the table and so shows its sources.
 */
import type * as Calldata from '../../core/abi/Calldata'
import * as SignatureTable from '../../core/abi/SignatureTable'

export type Table = SignatureTable.Table

/** The table for one kind, without provenance. */
export function table(kind: SignatureTable.Kind): Promise<Table> {
  return SignatureTable.load(kind)
}

/**
 * Decodes with the lean table; when the result came from it (`fromTable`), decodes again
 * with the table's provenance so that the sources can be shown.
 */
export async function decodeWithSources<T>(kind: SignatureTable.Kind, decode: (table: Table) => T, fromTable: (result: T) => boolean): Promise<T> {
  const first = decode(await table(kind))
  if (!fromTable(first)) return first
  return decode(await SignatureTable.load(kind, { provenance: true }))
}

/** Whether a decoded call, or any call nested in it, took its signature from the table. */
export function callFromTable(call: Calldata.Call): boolean {
  return call.source === 'table' || call.nested.some((n) => n.call !== null && callFromTable(n.call))
}

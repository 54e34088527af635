/**
 * A fresh anvil for a whole test file, reached by raw JSON-RPC (src/core/debug/DebugTrace.preimages.test.ts,
 * src/core/storage/SlotNames.test.ts): `useAnvil()` registers its beforeAll/afterAll (a file's own
 * setup goes in a later beforeAll); the bindings are live.
 */
import { afterAll, beforeAll } from 'vitest'
import { minedAt, nodeRpc, startAnvil, type Anvil } from '../support'

export let anvil: Anvil
/** One JSON-RPC request to the node: its result (an error answer throws). */
export const rpc = <T>(method: string, params: unknown[] = []) => nodeRpc<T>(anvil.url, method, params)
/** The receipt of transaction `h` once mined. */
export const mined = (h: string) => minedAt(anvil.url, h)

/** Starts anvil with `args` before the file's tests and stops it after them. */
export function useAnvil(args: string[] = []): void {
  beforeAll(async () => {
    anvil = await startAnvil(args)
  })
  afterAll(async () => {
    await anvil?.stop()
  })
}

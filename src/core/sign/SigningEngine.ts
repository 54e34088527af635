/**
 * The secp256k1 engine behind every ox signing, key and recovery call: ox's WebAssembly
 * engine (`ox/wasm/Secp256k1`, compiled from an inlined module: no network request) once it
 * is installed; ox's @noble/curves engine until then, or where WebAssembly is unavailable.
 * Both give the same results (RFC 6979, low s); the WebAssembly one is 10-40x faster.
 *
 * A module of its own, apart from `Signing`, so that a tool that only builds or decodes
 * transactions installs the engine without loading message and typed-data signing.
 *
 * @example
 * ```ts
 * await SigningEngine.useWasmEngine() // true
 * ```
 */
import { Engine } from 'ox'

let engineReady: Promise<boolean> | undefined

/**
 * Installs ox's WebAssembly secp256k1 engine, once, for every later ox call in this thread.
 * Resolves to whether the WebAssembly engine is in use.
 */
export function useWasmEngine(): Promise<boolean> {
  engineReady ??= import('ox/wasm/Secp256k1')
    .then(async (m) => {
      Engine.set({ Secp256k1: await m.engine() })
      return true
    })
    .catch(() => false)
  return engineReady
}

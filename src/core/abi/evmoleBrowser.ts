/**
 * evmole for the page (vite.config.ts aliases `evmole` here in builds; Node and the tests
 * load the package's own Node entry, which reads its .wasm with fs). The package's browser
 * entry awaits its WebAssembly at the top level, and a module with top-level await made
 * Rolldown regroup the shared chunks (+20 KB on most routes, measured); this entry starts the
 * same fetch of the .wasm build asset when the module is first imported, without top-level await.
 */
import init, { contractInfo } from 'evmole/no_tla'

export { contractInfo }
export const ready: Promise<unknown> = init()

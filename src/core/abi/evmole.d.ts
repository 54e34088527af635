/**
 * evmole 0.8.4 ships its types, but its package's "exports" do not point TypeScript at them
 * for the bare specifier; this declares the one function core uses (and `ready`, which the
 * page's entry, src/core/abi/evmoleBrowser.ts, adds).
 */
declare module 'evmole' {
  export function contractInfo(
    code: string,
    args: { selectors?: boolean; arguments?: boolean; stateMutability?: boolean },
  ): { functions?: { selector: string; bytecodeOffset: number; arguments?: string; stateMutability?: string }[] }
  /** The page's entry (src/core/abi/evmoleBrowser.ts) only: settles once the .wasm is instantiated. */
  export const ready: Promise<unknown> | undefined
}
